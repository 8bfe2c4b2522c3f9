// A payment's status as its provider reports it: the webhook, the return page's sync and the reconcile
// sweep all read the provider and hand the status to the one writer, which asks the transition table.
import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { PaymentProviderError, type ProviderPayment } from "./provider.server";
import { providerNamed } from "./providers.server";
import { type PaymentPurpose, type PaymentRecord, paymentById, paymentRecord } from "./records.server";
import { settleRefund, unsettledRefunds } from "./refunds.server";
import { type PaymentProviderName, paymentEvents, payments } from "./tables.server";
import { checkPaymentTransition } from "./transitions";

// ----- listeners -----------------------------------------------------------------------------------

type PaymentListener = (tx: Transaction, payment: PaymentRecord) => Promise<void>;
const listeners = new Map<PaymentPurpose, PaymentListener[]>();

/**
 * Registers what a purpose does when one of its payments changes status (orders: pending → processing on
 * paid, canceled with stock returned on failed/canceled/expired). Called once per change, inside the
 * transaction that applies it, with the payment row locked. Returns a function that removes the listener.
 */
export function onPaymentStatus(purpose: PaymentPurpose, listener: PaymentListener): () => void {
  listeners.set(purpose, [...(listeners.get(purpose) ?? []), listener]);
  return () =>
    listeners.set(
      purpose,
      (listeners.get(purpose) ?? []).filter((l) => l !== listener),
    );
}

// ----- the one writer ------------------------------------------------------------------------------

type Source = "webhook" | "sync" | "reconcile";

/**
 * Applies a status read from the provider: under a row lock, once, only as the transition table allows,
 * with the purpose's listeners in the same transaction. A move the table refuses changes nothing (a
 * webhook still leaves its trace). Answers the payment as it is afterwards.
 */
async function applyProviderStatus(
  paymentId: string,
  read: ProviderPayment,
  source: Source,
): Promise<PaymentRecord> {
  return transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!row) throw new Error(`payment ${paymentId} vanished while its status was applied`);
    const event = {
      paymentId,
      provider: row.provider,
      providerId: read.providerId,
      source,
      fromStatus: row.status,
      toStatus: read.status,
    };
    if (isRefusal(checkPaymentTransition(row.status, read.status, "provider"))) {
      // Every webhook leaves a trace; quiet syncs that change nothing do not.
      if (source === "webhook")
        await tx
          .insert(paymentEvents)
          .values({ ...event, outcome: row.status === read.status ? "unchanged" : "ignored" });
      return paymentRecord(row);
    }
    const [updated] = await tx
      .update(payments)
      .set({
        status: read.status,
        updatedAt: sql`now()`,
        paidAt: read.status === "paid" ? (read.paidAt ?? sql`now()`) : row.paidAt,
      })
      .where(eq(payments.id, paymentId))
      .returning();
    await tx.insert(paymentEvents).values({ ...event, outcome: "applied" });
    const payment = paymentRecord(updated!);
    for (const listener of listeners.get(row.purpose) ?? []) await listener(tx, payment);
    return payment;
  });
}

// ----- reading the provider ------------------------------------------------------------------------

async function syncFrom(paymentId: string, source: Source): Promise<PaymentRecord | null> {
  const payment = await paymentById(paymentId);
  if (!payment) return null;
  if (payment.status !== "open" || !payment.providerId) return payment;
  const read = await providerNamed(payment.provider).getPayment(payment.providerId);
  return applyProviderStatus(paymentId, read, source);
}

/**
 * Reads the payment's true status from its provider and applies it as a webhook would (the return page
 * calls this so the shopper does not wait for a late webhook). Null for an unknown payment; a provider
 * that cannot be read now is "unavailable" (the payment stays as it was).
 */
export async function syncPayment(paymentId: string): Promise<PaymentRecord | null | Refusal> {
  try {
    return await syncFrom(paymentId, "sync");
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.warn({ err: error, paymentId }, "the payment provider could not be read");
    return refuse.unavailable("payments:errors.unavailable");
  }
}

/**
 * `POST /webhooks/payments/:provider`. The body only names the payment: the request is authenticated
 * (sandbox: HMAC signature; Mollie: the id must be readable with our key), the true status is read from
 * the provider and applied under a row lock, so duplicates and out-of-order deliveries converge.
 * Answers 401 for a bad signature, 200 when handled (also for a payment we do not know: retrying would
 * not help), 503 when the provider could not be read (the provider retries).
 */
export async function handlePaymentWebhook(
  providerName: PaymentProviderName,
  request: Request,
): Promise<Response> {
  const provider = providerNamed(providerName);
  const verified = await provider.verifyWebhook(request);
  if (!verified) {
    logger.warn({ provider: providerName }, "payment webhook refused: not authentic");
    return new Response("Unauthorized", { status: 401 });
  }
  const [row] = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerId, verified.providerId)));
  if (!row) {
    await db().insert(paymentEvents).values({
      provider: providerName,
      providerId: verified.providerId,
      source: "webhook",
      outcome: "unknown-payment",
    });
    return new Response("OK", { status: 200 });
  }
  let read: ProviderPayment;
  try {
    read = await provider.getPayment(verified.providerId);
  } catch (error) {
    logger.error({ err: error, paymentId: row.id }, "payment webhook: could not read the provider's status");
    return new Response("Provider unavailable", { status: 503 });
  }
  await applyProviderStatus(row.id, read, "webhook");
  return new Response("OK", { status: 200 });
}

/**
 * Open payments past their expiry (plus a margin for a late webhook) are read from their provider, so a
 * webhook that never came cannot leave a payment, or the order behind it, waiting for ever. Refunds
 * reserved but never confirmed are asked again.
 */
export async function reconcileOpenPayments(limit = 100): Promise<number> {
  const stale = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, "open"),
        or(
          lt(payments.expiresAt, sql`now() - interval '5 minutes'`),
          lt(payments.createdAt, sql`now() - interval '2 hours'`),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit);
  let changed = 0;
  for (const { id } of stale) {
    try {
      const after = await syncFrom(id, "reconcile");
      if (after && after.status !== "open") changed++;
    } catch (error) {
      logger.warn({ err: error, paymentId: id }, "reconcile: could not read the payment");
    }
  }
  // Refunds reserved but never confirmed (the provider timed out, or the process stopped before asking):
  // asked again with their own key, which the provider answers once.
  for (const id of await unsettledRefunds(limit)) {
    try {
      const settled = await settleRefund(id);
      if (isRefusal(settled)) logger.warn({ refundId: id }, "reconcile: the refund is still not confirmed");
      else if (settled.status !== "pending") changed++;
    } catch (error) {
      logger.warn({ err: error, refundId: id }, "reconcile: the refund is still not confirmed");
    }
  }
  return changed;
}

export const reconcilePaymentsJob = defineJob<Record<string, never>>({
  name: "payments.reconcile",
  schedule: { cron: "*/5 * * * *", data: {} },
  async handle() {
    const changed = await reconcileOpenPayments();
    if (changed > 0) logger.info({ changed }, "payments reconciled");
  },
});
