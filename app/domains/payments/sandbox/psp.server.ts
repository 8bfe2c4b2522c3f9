import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import { transaction } from "../../../platform/db/transaction.server";
import { env } from "../../../platform/env.server";
import { defineJob, sendJob } from "../../../platform/jobs/jobs.server";
import { logger } from "../../../platform/logging/logger.server";
import { type Refusal, refuse } from "../../../platform/refusal";
import { leftToRefund } from "../../pricing/refunds";
import { randomId } from "../ids.server";
import type { HostedPaymentRequest } from "../provider.server";
import { sandboxPayments, sandboxRefunds } from "../tables.server";
import type { PaymentStatus } from "../transitions";

/**
 * The built-in sandbox PSP (PRODUCT.md "Payments"): it plays an outside payment provider inside the shop's
 * process, with its own books, its own hosted page (`/sandbox-pay/:id/`) and signed webhooks that it retries
 * with backoff until the shop answers 2xx. The shop talks to it only through `provider.server.ts`.
 */

/** How long a sandbox payment stays open before it expires by itself (the shop's unpaid-order window). */
export const SANDBOX_EXPIRY_MINUTES = 30;
export const SIGNATURE_HEADER = "x-sandbox-signature";

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
export type SandboxDecision = Exclude<PaymentStatus, "open">;

export async function createSandboxPayment(request: HostedPaymentRequest): Promise<SandboxPayment> {
  const [created] = await db()
    .insert(sandboxPayments)
    .values({
      id: randomId("sbx"),
      amountCents: request.amountCents,
      description: request.description,
      method: request.method,
      issuer: request.issuer ?? null,
      locale: request.locale,
      redirectUrl: request.redirectUrl,
      webhookUrl: request.webhookUrl,
      metadata: request.metadata,
      idempotencyKey: request.idempotencyKey,
      expiresAt: sql`now() + make_interval(mins => ${SANDBOX_EXPIRY_MINUTES})`,
    })
    .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
    .returning();
  if (created) return created;
  const [existing] = await db()
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.idempotencyKey, request.idempotencyKey));
  return existing!;
}

export async function findSandboxPayment(id: string): Promise<SandboxPayment | null> {
  const [row] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return row ?? null;
}

/**
 * Refunds part of a paid sandbox payment once per idempotency key, never more than is left; the PSP's own
 * refusal (unknown, not paid, too much) comes back as a refusal for the provider adapter to report.
 */
export async function refundSandboxPayment(
  id: string,
  refund: { amountCents: number; idempotencyKey: string },
): Promise<{ id: string } | Refusal> {
  return transaction(async (tx) => {
    const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).for("update");
    if (!payment) return refuse.notFound();
    const [existing] = await tx
      .select({ id: sandboxRefunds.id })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, refund.idempotencyKey));
    if (existing) return existing;
    if (payment.status !== "paid") return refuse.conflict("payments:errors.refundNotPaid");
    if (refund.amountCents > leftToRefund(payment))
      return refuse.invalid("payments:errors.refundTooMuch", { leftCents: leftToRefund(payment) });
    const [row] = await tx
      .insert(sandboxRefunds)
      .values({ id: randomId("sbxre"), paymentId: id, ...refund })
      .returning({ id: sandboxRefunds.id });
    await tx
      .update(sandboxPayments)
      .set({ refundedCents: sql`${sandboxPayments.refundedCents} + ${refund.amountCents}` })
      .where(eq(sandboxPayments.id, id));
    return row!;
  });
}

/**
 * The shopper's decision on the hosted page (or the clock's, for expiry). Only an open payment is decided;
 * a second decision changes nothing. A change is reported to the shop by a signed webhook.
 */
export async function decideSandboxPayment(
  id: string,
  decision: SandboxDecision,
  details: Record<string, string> = {},
): Promise<{ payment: SandboxPayment; changed: boolean } | null> {
  const [decided] = await db()
    .update(sandboxPayments)
    .set({ status: decision, details, decidedAt: sql`now()` })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "open")))
    .returning();
  if (decided) {
    await announce(decided.id);
    return { payment: decided, changed: true };
  }
  const current = await findSandboxPayment(id);
  return current ? { payment: current, changed: false } : null;
}

/** Expires open payments whose time is up; answers how many. */
export async function expireSandboxPayments(now: Date = new Date()): Promise<number> {
  const expired = await db()
    .update(sandboxPayments)
    .set({ status: "expired", decidedAt: sql`now()` })
    .where(and(eq(sandboxPayments.status, "open"), lte(sandboxPayments.expiresAt, now)))
    .returning({ id: sandboxPayments.id });
  for (const { id } of expired) await announce(id);
  return expired.length;
}

// ----- webhooks ------------------------------------------------------------------------------------

/** HMAC-SHA256 of the raw body, hex, with the shared secret. */
export function signWebhookBody(body: string, secret: string = env().PAYMENT_WEBHOOK_SECRET): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export function validWebhookSignature(
  body: string,
  signature: string | null,
  secret: string = env().PAYMENT_WEBHOOK_SECRET,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signWebhookBody(body, secret), "hex"), Buffer.from(signature, "hex"));
}

/** pg-boss retries a failed delivery: 10 s, 20 s, 40 s … up to an hour apart, for about a day. */
export const webhookRetry = {
  retryLimit: 30,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 3600,
} as const;

export const deliverSandboxWebhookJob = defineJob<{ paymentId: string }>({
  name: "payments.sandbox-webhook",
  options: webhookRetry,
  // A flash sale's payments are decided within seconds: their webhooks go out ten at a time. Sending one
  // twice is harmless (the shop reads the payment's status from the provider).
  batchSize: 10,
  async handle({ paymentId }) {
    await deliverSandboxWebhook(paymentId);
  },
});

/** Posts the signed webhook of one payment; throws unless the shop answers 2xx, so the job is retried. */
export async function deliverSandboxWebhook(paymentId: string): Promise<void> {
  const payment = await findSandboxPayment(paymentId);
  if (!payment) return;
  const body = JSON.stringify({ id: payment.id });
  const response = await fetch(payment.webhookUrl, {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhookBody(body) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    throw new Error(`webhook for ${paymentId} answered ${response.status}`);
  }
}

async function announce(paymentId: string): Promise<void> {
  try {
    await sendJob(deliverSandboxWebhookJob, { paymentId });
  } catch (error) {
    // The shop still learns the status from its return page and its reconcile sweep.
    logger.error({ err: error, paymentId }, "could not queue the sandbox webhook");
  }
}

export const expireSandboxPaymentsJob = defineJob<Record<string, never>>({
  name: "payments.sandbox-expire",
  schedule: { cron: "* * * * *", data: {} },
  async handle() {
    const count = await expireSandboxPayments();
    if (count > 0) logger.info({ count }, "sandbox payments expired");
  },
});
