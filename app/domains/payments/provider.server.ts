import type { Locale } from "../../platform/i18n/locales";
import type { PaymentMethod } from "./methods";
import type { PaymentProviderName } from "./tables.server";
import type { PaymentStatus } from "./transitions";

export interface HostedPaymentRequest {
  amountCents: number;
  description: string;
  method: PaymentMethod;
  issuer?: string;
  locale: Locale;
  /** Where the provider sends the shopper after paying, cancelling or failing. */
  redirectUrl: string;
  /** Where the provider reports changes; the body only identifies the payment. */
  webhookUrl: string;
  metadata: Record<string, string>;
  /** The same key gives the same provider payment, never a second one. */
  idempotencyKey: string;
}

export interface ProviderPayment {
  providerId: string;
  /** The true status, mapped onto the shop's statuses. */
  status: PaymentStatus;
  /** The hosted checkout, while the payment is open. */
  checkoutUrl: string | null;
  expiresAt: Date | null;
  paidAt: Date | null;
}

export interface ProviderRefund {
  providerRefundId: string;
}

/**
 * What the shop needs from a payment service provider (ARCHITECTURE.md "outside services behind
 * interfaces"): the built-in sandbox PSP by default, Mollie in production.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates a payment with a hosted checkout. */
  createPayment(request: HostedPaymentRequest): Promise<ProviderPayment>;
  /** Reads the payment's true status from the provider (a webhook is only a hint to call this). */
  getPayment(providerId: string): Promise<ProviderPayment>;
  refund(
    providerId: string,
    refund: { amountCents: number; description: string; idempotencyKey: string },
  ): Promise<ProviderRefund>;
  /**
   * Authenticates a webhook request and answers the provider id it is about, or null when it must be
   * refused (bad or missing signature, unreadable body).
   */
  verifyWebhook(request: Request): Promise<{ providerId: string } | null>;
}

/** A provider call that failed; the shop keeps its own state as it was. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

/** Cents as the decimal string providers use ("12.34"), without going through floats. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
