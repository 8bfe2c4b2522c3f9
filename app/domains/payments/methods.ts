import type { Country } from "../../platform/forms/validators";

/**
 * The payment methods a provider collects (client-safe: the checkout renders the choice from this).
 * Gift cards and wallet credit are not provider methods: they are totals steps (`split.ts`).
 */
export const paymentMethods = [
  "ideal",
  "bancontact",
  "card",
  "applepay",
  "klarna",
  "afterpay",
  "billink",
  "fashioncheque",
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (paymentMethods as readonly string[]).includes(value);
}

export interface PaymentMethodInfo {
  id: PaymentMethod;
  /** Translation key (namespace `payments`). */
  labelKey: `methods.${PaymentMethod}.label`;
  /** Short help under the label (namespace `payments`). */
  descriptionKey: `methods.${PaymentMethod}.description`;
  /** The text mark the checkout shows beside the method (its logos, joined). */
  mark: string;
  /** The footer's text logos of the method (a card method shows each scheme it takes). */
  logos: readonly string[];
  /** iDEAL: the shopper chooses a bank (an issuer) before paying. */
  hasIssuers: boolean;
  /** Offered only where the browser has Apple Pay (`window.ApplePaySession`, version 12). */
  needsApplePay: boolean;
  /** Buy now, pay later: the provider checks the shopper; gift cards cannot be combined with Klarna. */
  payLater: boolean;
}

const info = (
  id: PaymentMethod,
  logos: string | readonly string[],
  extra: Partial<Pick<PaymentMethodInfo, "hasIssuers" | "needsApplePay" | "payLater">> = {},
): PaymentMethodInfo => ({
  id,
  labelKey: `methods.${id}.label`,
  descriptionKey: `methods.${id}.description`,
  mark: [logos].flat().join(" · "),
  logos: [logos].flat(),
  hasIssuers: false,
  needsApplePay: false,
  payLater: false,
  ...extra,
});

export const paymentMethodInfo: Record<PaymentMethod, PaymentMethodInfo> = {
  ideal: info("ideal", "iDEAL", { hasIssuers: true }),
  bancontact: info("bancontact", "Bancontact"),
  card: info("card", ["Visa", "Mastercard"]),
  applepay: info("applepay", "Apple Pay", { needsApplePay: true }),
  klarna: info("klarna", "Klarna", { payLater: true }),
  afterpay: info("afterpay", "Riverty", { payLater: true }),
  billink: info("billink", "Billink", { payLater: true }),
  fashioncheque: info("fashioncheque", "Fashioncheque"),
};

/** The Apple Pay JS version the shop needs (SPEC §9). */
export const APPLE_PAY_VERSION = 12;

/** Whether this browser can pay with Apple Pay; false on the server and in browsers without it. */
export function browserSupportsApplePay(): boolean {
  if (typeof window === "undefined") return false;
  const session = (
    window as { ApplePaySession?: { supportsVersion?(v: number): boolean; canMakePayments?(): boolean } }
  ).ApplePaySession;
  try {
    return Boolean(session?.supportsVersion?.(APPLE_PAY_VERSION) && session.canMakePayments?.());
  } catch {
    return false;
  }
}

/** iDEAL banks, with the issuer ids Mollie uses (so the same choice works with either provider). */
export const idealIssuers = [
  { id: "ideal_ABNANL2A", name: "ABN AMRO" },
  { id: "ideal_ASNBNL21", name: "ASN Bank" },
  { id: "ideal_BUNQNL2A", name: "bunq" },
  { id: "ideal_INGBNL2A", name: "ING" },
  { id: "ideal_KNABNL2H", name: "Knab" },
  { id: "ideal_NTSBDEB1", name: "N26" },
  { id: "ideal_RABONL2U", name: "Rabobank" },
  { id: "ideal_RBRBNL21", name: "RegioBank" },
  { id: "ideal_REVOLT21", name: "Revolut" },
  { id: "ideal_SNSBNL2A", name: "SNS" },
  { id: "ideal_TRIONL2U", name: "Triodos Bank" },
  { id: "ideal_FVLBNL22", name: "Van Lanschot Kempen" },
  { id: "ideal_BITSNL2A", name: "Yoursafe" },
] as const;
/** Where and for which amounts a method is offered: the operator setting `payments.methods`. */
export interface MethodAvailability {
  enabled: boolean;
  countries: Country[];
  minCents?: number;
  maxCents?: number;
}
export type MethodAvailabilitySetting = Record<PaymentMethod, MethodAvailability>;

const everywhere: Country[] = ["NL", "BE", "FR", "ES"];

/**
 * The defaults (docs/decisions/0013-payments.md): local schemes in their country, pay-later methods in NL
 * and BE within their providers' usual limits, cards and Apple Pay everywhere.
 */
export const defaultMethodAvailability: MethodAvailabilitySetting = {
  ideal: { enabled: true, countries: ["NL"] },
  bancontact: { enabled: true, countries: ["BE"] },
  card: { enabled: true, countries: everywhere },
  applepay: { enabled: true, countries: everywhere },
  klarna: { enabled: true, countries: ["NL", "BE"], minCents: 100, maxCents: 200_000 },
  afterpay: { enabled: true, countries: ["NL", "BE"], minCents: 500, maxCents: 150_000 },
  billink: { enabled: true, countries: ["NL", "BE"], minCents: 100, maxCents: 150_000 },
  fashioncheque: { enabled: true, countries: ["NL", "BE"] },
};

/** The methods of `setting` offered for a country and amount, in the shop's display order. */
export function methodsFor(
  setting: MethodAvailabilitySetting,
  country: Country,
  amountCents: number,
): PaymentMethod[] {
  return paymentMethods.filter((method) => {
    const rule = setting[method];
    if (!rule?.enabled || !rule.countries.includes(country)) return false;
    if (rule.minCents !== undefined && amountCents < rule.minCents) return false;
    if (rule.maxCents !== undefined && amountCents > rule.maxCents) return false;
    return true;
  });
}
