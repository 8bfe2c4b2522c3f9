// Refunds: reserved on their payment first (never more than is left), then asked of the provider; the
// provider's answer settles them. One writer moves a refund, as the refund transition table allows.
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { randomId } from "./ids.server";
import { PaymentProviderError } from "./provider.server";
import { providerNamed } from "./providers.server";
import { type RefundRecord, type RefundRow, refundRecord } from "./records.server";
import { paymentEvents, paymentRefunds, payments } from "./tables.server";
import { checkRefundTransition, type RefundStatus } from "./transitions";

interface RefundInput {
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
  reason?: string;
}

/**
 * Reserves a refund of a paid payment (the payment row locked): never more than what is left, and the
 * same key answers the refund it made before (whatever is left now). A command that refunds as part of a
 * bigger change (canceling an order) passes its transaction (`tx`), so the refund exists exactly when the
 * change commits, and settles it with `settleRefund` after the commit.
 */
export async function reserveRefund(
  input: RefundInput,
  options: { tx?: Transaction } = {},
): Promise<RefundRecord | Refusal> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new RangeError(`amountCents must be a positive whole number, got ${input.amountCents}`);
  return transaction(
    async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, input.paymentId))
        .for("update");
      if (!payment) return refuse.notFound();
      const [existing] = await tx
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.idempotencyKey, input.idempotencyKey));
      if (existing) {
        if (existing.paymentId !== input.paymentId || existing.amountCents !== input.amountCents)
          return refuse.conflict("payments:errors.idempotencyMismatch");
        return refundRecord(existing);
      }
      const move = checkRefundTransition(null, "pending", "shop", {
        payment,
        amountCents: input.amountCents,
      });
      if (isRefusal(move)) return move;
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({
          id: randomId("re"),
          paymentId: payment.id,
          amountCents: input.amountCents,
          status: move.to,
          reason: input.reason ?? null,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      await tx
        .update(payments)
        .set({ refundedCents: sql`${payments.refundedCents} + ${input.amountCents}`, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      return refundRecord(refund!);
    },
    { on: options.tx },
  );
}

/**
 * A partial or full refund of a paid payment. The amount is reserved on the payment first (never more
 * than what is left), then the provider is asked with the same idempotency key; when it refuses, the
 * reservation is released. The same key answers the same refund, also once nothing is left.
 */
export async function refundPayment(input: RefundInput): Promise<RefundRecord | Refusal> {
  const reserved = await reserveRefund(input);
  if (isRefusal(reserved)) return reserved;
  return settleRefund(reserved.id);
}

/**
 * The one writer of a refund's status after its reservation: under the refund's row lock, only a move of
 * the transition table; a move that gives the amount back takes it off the payment's refunded amount.
 */
async function moveRefund(
  refundId: string,
  to: RefundStatus,
  detail: { providerRefundId?: string; error?: string },
): Promise<RefundRow | Refusal> {
  return transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.id, refundId))
      .for("update");
    if (!refund) return refuse.notFound();
    const move = checkRefundTransition(refund.status, to, "provider");
    if (isRefusal(move)) return move;
    const [moved] = await tx
      .update(paymentRefunds)
      .set({
        status: to,
        providerRefundId: detail.providerRefundId ?? refund.providerRefundId,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentRefunds.id, refund.id))
      .returning();
    const [payment] = await tx
      .update(payments)
      .set({
        ...(move.releasesAmount
          ? { refundedCents: sql`${payments.refundedCents} - ${refund.amountCents}` }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, refund.paymentId))
      .returning({ provider: payments.provider, providerId: payments.providerId });
    await tx.insert(paymentEvents).values({
      paymentId: refund.paymentId,
      provider: payment!.provider,
      providerId: payment!.providerId,
      source: "refund",
      outcome: to === "refunded" ? "refund-done" : "refund-refused",
      detail: {
        refundId: refund.id,
        amountCents: refund.amountCents,
        ...(detail.error ? { error: detail.error } : {}),
      },
    });
    return moved!;
  });
}

/**
 * Asks the provider for a reserved refund that is still pending (outside any transaction: it is an
 * outside call; the reconcile job asks again for one left pending); a refund already settled is answered
 * as it is. A provider that refuses releases the reservation ("payment failed"); one that does not
 * answer leaves it pending, for the same key to retry ("unavailable").
 */
export async function settleRefund(refundId: string): Promise<RefundRecord | Refusal> {
  const [refund] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!refund) return refuse.notFound();
  if (refund.status !== "pending") return refundRecord(refund);
  const [payment] = await db().select().from(payments).where(eq(payments.id, refund.paymentId));
  if (!payment) return refuse.notFound();

  let outcome: { to: "refunded"; providerRefundId: string } | { to: "failed"; error: string };
  try {
    const done = await providerNamed(payment.provider).refund(payment.providerId!, {
      amountCents: refund.amountCents,
      description: refund.reason ?? payment.description,
      idempotencyKey: refund.idempotencyKey,
    });
    outcome = { to: "refunded", providerRefundId: done.providerRefundId };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.retryable) {
      // Left pending: the same idempotency key retries it without refunding twice.
      logger.error({ err: error, refundId: refund.id }, "refund not confirmed by the provider; retry it");
      return refuse.unavailable("payments:errors.refundFailed");
    }
    logger.error({ err: error, refundId: refund.id }, "the provider refused the refund");
    outcome = { to: "failed", error: String(error) };
  }
  const moved = await moveRefund(refund.id, outcome.to, outcome);
  // Settled meanwhile by another request (the same command twice, the reconcile job): as it is now.
  const settled = isRefusal(moved)
    ? (await db().select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id)))[0]!
    : moved;
  if (outcome.to === "failed" && settled.status === "failed")
    return refuse.paymentFailed("payments:errors.refundFailed");
  return refundRecord(settled);
}

/** Refunds reserved more than five minutes ago and still not confirmed, oldest first. */
export async function unsettledRefunds(limit: number): Promise<string[]> {
  const rows = await db()
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.status, "pending"),
        lt(paymentRefunds.createdAt, sql`now() - interval '5 minutes'`),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
