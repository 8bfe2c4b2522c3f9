// Creating a payment: recorded with the shop first (in the caller's transaction when it has one), then
// opened at its provider, outside any transaction.
import { eq, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { randomId } from "./ids.server";
import { isPaymentMethod, type PaymentMethod } from "./methods";
import type { ProviderPayment } from "./provider.server";
import { activeProviderName, providerNamed, webhookUrl } from "./providers.server";
import { type PaymentPurpose, type PaymentRow, paymentRecord } from "./records.server";
import { payments } from "./tables.server";

export interface CreatePaymentInput {
  purpose: PaymentPurpose;
  /** The order number. */
  reference: string;
  amountCents: number;
  method: PaymentMethod;
  locale: Locale;
  description: string;
  /** Where the provider sends the shopper back to, whatever happened. */
  returnUrl: string;
  idempotencyKey: string;
  /** iDEAL bank, when the shop asked for it. */
  issuer?: string;
}

function assertValidInput(input: CreatePaymentInput) {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new RangeError(`amountCents must be a positive whole number, got ${input.amountCents}`);
  if (!isPaymentMethod(input.method)) throw new RangeError(`unknown payment method ${input.method}`);
  if (!input.reference || !input.idempotencyKey)
    throw new RangeError("reference and idempotencyKey are required");
}

/** A payment as recorded, before or after its provider was asked (`openPayment`). */
export type RecordedPayment = PaymentRow;

/** A new payment's id, for a caller that writes it on its own record in the same transaction (an order). */
export function newPaymentId(): string {
  return randomId("pay");
}

/**
 * Records a payment for the active provider without asking the provider yet; the same idempotency key
 * answers the same row, and a different payment under that key is refused. Placing an order records its
 * payment in the order's transaction (`tx`), so the row exists before the provider is asked (`openPayment`).
 */
export async function recordPayment(
  input: CreatePaymentInput & { id?: string },
  options: { tx?: Transaction } = {},
): Promise<RecordedPayment | Refusal> {
  assertValidInput(input);
  const on = options.tx ?? db();
  const [inserted] = await on
    .insert(payments)
    .values({
      id: input.id ?? newPaymentId(),
      purpose: input.purpose,
      reference: input.reference,
      amountCents: input.amountCents,
      method: input.method,
      issuer: input.issuer ?? null,
      locale: input.locale,
      description: input.description,
      returnUrl: input.returnUrl,
      // The name only: a provider that cannot be set up fails when the payment is opened, not here.
      provider: activeProviderName(),
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  const row =
    inserted ??
    (await on.select().from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey)))[0]!;
  if (
    row.purpose !== input.purpose ||
    row.reference !== input.reference ||
    row.amountCents !== input.amountCents ||
    row.method !== input.method
  ) {
    return refuse.conflict("payments:errors.idempotencyMismatch");
  }
  return row;
}

/**
 * Creates the hosted checkout of a recorded payment at its provider (with the payment's idempotency key,
 * so asking twice never pays twice) and keeps the provider's id and URL. A payment that has its checkout
 * answers it without asking again. Never inside a transaction: the provider is an outside service. A
 * provider that cannot be reached is "ordering is unavailable".
 */
export async function openPayment(
  row: RecordedPayment,
): Promise<{ paymentId: string; checkoutUrl: string } | Refusal> {
  if (row.providerId && row.checkoutUrl) return { paymentId: row.id, checkoutUrl: row.checkoutUrl };
  let created: ProviderPayment;
  try {
    created = await providerNamed(row.provider).createPayment({
      amountCents: row.amountCents,
      description: row.description,
      method: row.method,
      issuer: row.issuer ?? undefined,
      locale: paymentRecord(row).locale,
      redirectUrl: row.returnUrl,
      webhookUrl: webhookUrl(row.provider),
      metadata: { paymentId: row.id, purpose: row.purpose, reference: row.reference },
      idempotencyKey: row.idempotencyKey,
    });
  } catch (error) {
    logger.error({ err: error, paymentId: row.id }, "the payment provider could not create the payment");
    return refuse.unavailable("payments:errors.unavailable");
  }
  if (!created.checkoutUrl) return refuse.unavailable("payments:errors.unavailable");
  await db()
    .update(payments)
    .set({
      providerId: created.providerId,
      checkoutUrl: created.checkoutUrl,
      expiresAt: created.expiresAt,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, row.id));
  return { paymentId: row.id, checkoutUrl: created.checkoutUrl };
}

/**
 * Creates a payment and its hosted checkout at the active provider. The same idempotency key always
 * answers the same payment (and the provider gets the same key), so a retried checkout never pays twice.
 */
export async function createPayment(
  input: CreatePaymentInput,
): Promise<{ paymentId: string; checkoutUrl: string } | Refusal> {
  const recorded = await recordPayment(input);
  if (isRefusal(recorded)) return recorded;
  return openPayment(recorded);
}
