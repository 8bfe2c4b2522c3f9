import type { Country } from "../../platform/forms/validators";
import { isDonation } from "./donation";
import { VAT_RATES, vatIncluded } from "./vat";

/**
 * The shop's totals engine (PRODUCT.md "Cart, checkout and orders"), pure and client-safe so the browser
 * shows the same figures the server charges. Every amount is integer cents; prices include VAT.
 *
 *   subtotal − discount + shipping + donation = total
 *   total − gift cards − wallet credit = what the payment provider collects
 */

export interface TotalsLine {
  productId: number;
  unitPriceCents: number;
  quantity: number;
  /** Gift cards are never discounted and carry no VAT when sold (multi-purpose vouchers). */
  giftCard?: boolean;
}

/** What a valid discount code does; the promotions domain decides whether a code applies at all. */
export type DiscountRule =
  | { kind: "percentage"; percent: number; excludedProductIds?: readonly number[] }
  | { kind: "fixed"; amountCents: number; excludedProductIds?: readonly number[] }
  | { kind: "free-shipping" };

export interface ShippingCharge {
  /** The chosen method's price. */
  priceCents: number;
  /** Free at or above this subtotal; null when the method is never free. */
  freeFromCents: number | null;
}

/**
 * The payment steps after the total (gift cards, then wallet credit). The payments domain supplies it
 * (`splitPayment`); without one the payment provider collects the whole total.
 */
export type PaymentSplit = (totalCents: number) => { giftCardCents: number; walletCents: number };

export interface TotalsInput {
  lines: readonly TotalsLine[];
  country: Country;
  discount?: DiscountRule | null;
  /** Null until a shipping method is chosen. */
  shipping?: ShippingCharge | null;
  donationCents?: number;
  split?: PaymentSplit;
}

export interface VatLine {
  ratePercent: number;
  /** Amount including VAT. */
  grossCents: number;
  vatCents: number;
  netCents: number;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  /** The discount of each input line, in input order (sums to `discountCents`). */
  lineDiscountCents: number[];
  /** The method's price before the threshold or a free-shipping code. */
  shippingPriceCents: number;
  shippingCents: number;
  /** Why shipping is free, if it is. */
  freeShipping: "threshold" | "code" | null;
  /** Cents still to add to reach the free-shipping threshold (0 when reached; null without one). */
  toFreeShippingCents: number | null;
  donationCents: number;
  totalCents: number;
  vat: { lines: VatLine[]; exemptCents: number; vatCents: number };
  giftCardCents: number;
  walletCents: number;
  /** What the payment provider collects. */
  amountDueCents: number;
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be whole, non-negative cents`);
}

/**
 * Shares `amount` over `weights` in proportion, in whole cents, by largest remainder: the shares sum to
 * `amount` exactly and none exceeds its weight when `amount` ≤ the sum of the weights.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / total));
  const remainders = weights.map((w, i) => ({ i, r: (amount * w) % total }));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

function discountOf(
  rule: DiscountRule | null | undefined,
  lines: readonly TotalsLine[],
  lineTotals: readonly number[],
): number[] {
  if (!rule || rule.kind === "free-shipping") return lines.map(() => 0);
  const excluded = new Set(rule.excludedProductIds ?? []);
  const eligible = lines.map((line, i) =>
    line.giftCard || excluded.has(line.productId) ? 0 : (lineTotals[i] as number),
  );
  const eligibleTotal = eligible.reduce((sum, c) => sum + c, 0);
  const amount =
    rule.kind === "percentage"
      ? Math.floor((eligibleTotal * Math.min(100, Math.max(0, rule.percent)) + 50) / 100)
      : Math.min(rule.amountCents, eligibleTotal);
  return allocate(amount, eligible);
}

/** Every figure of the checkout summary, the order and the invoice. */
export function computeTotals(input: TotalsInput): Totals {
  const donationCents = input.donationCents ?? 0;
  if (!isDonation(donationCents)) throw new RangeError("The donation is none, €2 or €5");
  for (const line of input.lines) {
    assertCents(line.unitPriceCents, "A unit price");
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError("Quantities are ≥ 1");
  }
  const lineTotals = input.lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = lineTotals.reduce((sum, c) => sum + c, 0);
  const lineDiscountCents = discountOf(input.discount, input.lines, lineTotals);
  const discountCents = lineDiscountCents.reduce((sum, c) => sum + c, 0);

  // Gift cards do not count towards free shipping (docs/decisions/0039): the threshold sees goods only.
  const goodsCents = input.lines.reduce(
    (sum, line, i) => sum + (line.giftCard ? 0 : (lineTotals[i] as number)),
    0,
  );
  const shipping = input.shipping ?? null;
  if (shipping) assertCents(shipping.priceCents, "A shipping price");
  const shippingPriceCents = shipping?.priceCents ?? 0;
  const threshold = shipping?.freeFromCents ?? null;
  const freeShipping =
    shipping === null || shippingPriceCents === 0
      ? null
      : input.discount?.kind === "free-shipping"
        ? "code"
        : threshold !== null && goodsCents >= threshold
          ? "threshold"
          : null;
  const shippingCents = freeShipping ? 0 : shippingPriceCents;
  const toFreeShippingCents = threshold === null ? null : Math.max(0, threshold - goodsCents);

  const totalCents = subtotalCents - discountCents + shippingCents + donationCents;

  // Goods and shipping are taxed at the destination's rate; donations and gift cards carry no VAT.
  const giftCardSalesCents = input.lines.reduce(
    (sum, line, i) => sum + (line.giftCard ? (lineTotals[i] as number) : 0),
    0,
  );
  const exemptCents = donationCents + giftCardSalesCents;
  const taxableCents = totalCents - exemptCents;
  const ratePercent = VAT_RATES[input.country];
  const vatCents = vatIncluded(taxableCents, ratePercent);
  const vatLines =
    taxableCents > 0
      ? [{ ratePercent, grossCents: taxableCents, vatCents, netCents: taxableCents - vatCents }]
      : [];

  const split = input.split?.(totalCents) ?? { giftCardCents: 0, walletCents: 0 };
  assertCents(split.giftCardCents, "A gift card payment");
  assertCents(split.walletCents, "A wallet payment");
  if (split.giftCardCents + split.walletCents > totalCents)
    throw new RangeError("Gift cards and wallet credit cannot pay more than the total");

  return {
    subtotalCents,
    discountCents,
    lineDiscountCents,
    shippingPriceCents,
    shippingCents,
    freeShipping,
    toFreeShippingCents,
    donationCents,
    totalCents,
    vat: { lines: vatLines, exemptCents, vatCents: vatLines.length ? vatCents : 0 },
    giftCardCents: split.giftCardCents,
    walletCents: split.walletCents,
    amountDueCents: totalCents - split.giftCardCents - split.walletCents,
  };
}
