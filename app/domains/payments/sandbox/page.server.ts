// The sandbox PSP's hosted page (it plays the outside provider; its route reaches it through payments.server).
import QRCode from "qrcode";
import { isLocale, type Locale } from "../../../platform/i18n/locales";
import type { PaymentMethod } from "../methods";
import type { PaymentStatus } from "../transitions";
import { sandboxCheckoutUrl } from "./provider.server";
import { decideSandboxPayment, findSandboxPayment, type SandboxDecision } from "./psp.server";

interface SandboxCheckout {
  id: string;
  amountCents: number;
  description: string;
  method: PaymentMethod;
  issuer: string | null;
  locale: Locale;
  status: PaymentStatus;
  expiresAt: Date;
  /** Where the shopper goes back to (the shop's return page). */
  returnUrl: string;
  /** This page's own address. */
  pageUrl: string;
  /** Bancontact: the QR code (SVG markup) a phone scans to open this payment in the app. */
  qrSvg: string | null;
}

export async function sandboxCheckout(id: string): Promise<SandboxCheckout | null> {
  const payment = await findSandboxPayment(id);
  if (!payment) return null;
  const pageUrl = sandboxCheckoutUrl(payment.id);
  const qrSvg =
    payment.method === "bancontact" && payment.status === "open"
      ? await QRCode.toString(`${pageUrl}?via=app`, { type: "svg", margin: 0, errorCorrectionLevel: "M" })
      : null;
  return {
    id: payment.id,
    amountCents: payment.amountCents,
    description: payment.description,
    method: payment.method,
    issuer: payment.issuer,
    locale: isLocale(payment.locale) ? payment.locale : "en",
    status: payment.status,
    expiresAt: payment.expiresAt,
    returnUrl: payment.redirectUrl,
    pageUrl,
    qrSvg,
  };
}

/** The language of a sandbox payment's hosted page (the shopper's, as the shop asked). */
export async function sandboxPaymentLocale(id: string): Promise<Locale | null> {
  const payment = await findSandboxPayment(id);
  return payment && isLocale(payment.locale) ? payment.locale : null;
}

/**
 * The shopper's (or tester's) decision on the hosted page: approve (paid), decline (failed), cancel or
 * expire. Answers where to send the shopper, or null for an unknown payment. Deciding twice changes nothing.
 */
export async function decideSandboxCheckout(
  id: string,
  decision: SandboxDecision,
  details: Record<string, string> = {},
): Promise<{ returnUrl: string; status: PaymentStatus; changed: boolean } | null> {
  const decided = await decideSandboxPayment(id, decision, details);
  if (!decided) return null;
  return { returnUrl: decided.payment.redirectUrl, status: decided.payment.status, changed: decided.changed };
}
