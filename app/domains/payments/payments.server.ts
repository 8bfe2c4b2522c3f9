import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { z } from "zod";
import { db as defaultDb, type Queryable, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Country } from "../../platform/forms/validators";
import { ApiError } from "../../platform/http/api-error";
import { isLocale, type Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { cachedSetting } from "../content/content.server";
import { randomId } from "./ids.server";
import {
  defaultMethodAvailability,
  isPaymentMethod,
  type MethodAvailabilitySetting,
  methodsFor,
  type PaymentMethod,
  paymentMethods,
} from "./methods";
import { createMollieProvider, mollieMethods } from "./mollie.server";
import { type PaymentProvider, PaymentProviderError, type ProviderPayment } from "./provider.server";
import { sandboxCheckoutUrl, sandboxProvider } from "./sandbox/provider.server";
import { decideSandboxPayment, findSandboxPayment, type SandboxDecision } from "./sandbox/psp.server";
import { mayChange, type PaymentStatus } from "./status";
import {
  type PaymentProviderName,
  paymentEvents,
  paymentRefunds,
  payments,
  type RefundStatus,
} from "./tables.server";

export type { PaymentMethod, PaymentMethodInfo } from "./methods";
export { idealIssuers, isPaymentMethod, paymentMethodInfo, paymentMethods } from "./methods";
export {
  deliverSandboxWebhookJob,
  expireSandboxPaymentsJob,
  type SandboxDecision,
} from "./sandbox/psp.server";
export { type Split, type SplitInput, splitPayment } from "./split";
export type { PaymentStatus } from "./status";
export type { PaymentProviderName };

export type PaymentPurpose = "order";

/** A payment as other domains see it. */
export interface PaymentRecord {
  id: string;
  purpose: PaymentPurpose;
  reference: string;
  amountCents: number;
  currency: "EUR";
  method: PaymentMethod;
  issuer: string | null;
  status: PaymentStatus;
  provider: PaymentProviderName;
  providerId: string | null;
  checkoutUrl: string | null;
  locale: Locale;
  description: string;
  returnUrl: string;
  refundedCents: number;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  expiresAt: Date | null;
}

export interface RefundRecord {
  id: string;
  paymentId: string;
  amountCents: number;
  status: RefundStatus;
  reason: string | null;
  createdAt: Date;
}

type PaymentRow = typeof payments.$inferSelect;

function record(row: PaymentRow): PaymentRecord {
  return { ...row, locale: isLocale(row.locale) ? row.locale : "en" };
}

/** A payment command refused, with a message key (API: the Api error shape). */
export class PaymentError extends ApiError {}

const errors = {
  idempotencyMismatch: () =>
    new PaymentError(
      409,
      "payments:errors.idempotencyMismatch",
      "This idempotency key was used for a different payment.",
    ),
  unavailable: () =>
    new PaymentError(503, "payments:errors.unavailable", "Ordering is unavailable at this moment."),
  notFound: () => new PaymentError(404, "errors.notFound", "This payment could not be found."),
  refundNotPaid: () =>
    new PaymentError(409, "payments:errors.refundNotPaid", "Only a paid payment can be refunded."),
  refundTooMuch: (leftCents: number) =>
    new PaymentError(
      422,
      "payments:errors.refundTooMuch",
      "The refund is more than what is left to refund.",
      {
        leftCents,
      },
    ),
  refundFailed: () =>
    new PaymentError(502, "payments:errors.refundFailed", "The payment provider refused the refund."),
};

// ----- providers -----------------------------------------------------------------------------------

let mollie: PaymentProvider | undefined;
let overrides: Partial<Record<PaymentProviderName, PaymentProvider>> = {};
let activeOverride: PaymentProviderName | undefined;

function providerNamed(name: PaymentProviderName): PaymentProvider {
  const override = overrides[name];
  if (override) return override;
  if (name === "sandbox") return sandboxProvider;
  const apiKey = env().MOLLIE_API_KEY;
  if (!apiKey) throw new PaymentProviderError("MOLLIE_API_KEY is not set", false);
  mollie ??= createMollieProvider({ apiKey });
  return mollie;
}

/** The provider new payments go to: PAYMENT_PROVIDER (sandbox by default). */
function activeProviderName(): PaymentProviderName {
  return activeOverride ?? env().PAYMENT_PROVIDER;
}

/** Tests: replace a provider (e.g. Mollie on a mocked API) and choose the active one. */
export function configurePaymentProviders(options: {
  providers?: Partial<Record<PaymentProviderName, PaymentProvider>>;
  active?: PaymentProviderName;
}): void {
  overrides = options.providers ?? {};
  activeOverride = options.active;
}

const webhookUrl = (provider: PaymentProviderName) => `${env().BASE_URL}/webhooks/payments/${provider}`;

// ----- listeners -----------------------------------------------------------------------------------

export type PaymentListener = (tx: Transaction, payment: PaymentRecord) => Promise<void>;
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

// ----- methods -------------------------------------------------------------------------------------

const availabilitySchema = z.object({
  enabled: z.boolean(),
  countries: z.array(z.enum(["NL", "BE", "FR", "ES"])),
  minCents: z.number().int().min(0).optional(),
  maxCents: z.number().int().min(0).optional(),
});
const settingSchema = z.partialRecord(z.enum(paymentMethods), availabilitySchema);

/**
 * The operator setting `payments.methods` over the defaults; a broken setting falls back to them. Kept a
 * few seconds per process (every order placed reads it); a change saved here shows at once.
 */
export async function methodAvailability(): Promise<MethodAvailabilitySetting> {
  const stored = await cachedSetting("payments.methods");
  if (stored === undefined) return defaultMethodAvailability;
  const parsed = settingSchema.safeParse(stored);
  if (!parsed.success) {
    logger.error(
      { issues: parsed.error.issues },
      "the payments.methods setting is not valid; using defaults",
    );
    return defaultMethodAvailability;
  }
  return { ...defaultMethodAvailability, ...parsed.data };
}

/** The methods offered for a delivery country and amount, worked out in memory. */
export type PaymentMethodOffer = (input: { country: Country; amountCents: number }) => PaymentMethod[];

/**
 * The setting and the active provider, read once, as a rule to apply to any amount: placing an order
 * reads it before its transaction and applies it to the amount priced inside it.
 */
export async function paymentMethodOffer(): Promise<PaymentMethodOffer> {
  const setting = await methodAvailability();
  const provider = activeProviderName();
  return ({ country, amountCents }) => {
    const offered = methodsFor(setting, country, amountCents);
    return provider === "mollie" ? offered.filter((m) => mollieMethods.includes(m)) : offered;
  };
}

/**
 * The methods offered for a delivery country and amount: the setting, limited to what the active provider
 * collects. An empty list means "No payment methods available, contact service".
 */
export async function availablePaymentMethods(input: {
  country: Country;
  amountCents: number;
}): Promise<PaymentMethod[]> {
  return (await paymentMethodOffer())(input);
}

// ----- creating ------------------------------------------------------------------------------------

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
 * payment in the order's transaction, so the row exists before the provider is asked (`openPayment`).
 */
export async function recordPayment(
  db: Queryable,
  input: CreatePaymentInput & { id?: string },
): Promise<RecordedPayment> {
  assertValidInput(input);
  const [inserted] = await db
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
    (await db.select().from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey)))[0]!;
  if (
    row.purpose !== input.purpose ||
    row.reference !== input.reference ||
    row.amountCents !== input.amountCents ||
    row.method !== input.method
  ) {
    throw errors.idempotencyMismatch();
  }
  return row;
}

/**
 * Creates the hosted checkout of a recorded payment at its provider (with the payment's idempotency key,
 * so asking twice never pays twice) and keeps the provider's id and URL. A payment that has its checkout
 * answers it without asking again. Never inside a transaction: the provider is an outside service.
 */
export async function openPayment(
  db: Queryable,
  row: RecordedPayment,
): Promise<{ paymentId: string; checkoutUrl: string }> {
  if (row.providerId && row.checkoutUrl) return { paymentId: row.id, checkoutUrl: row.checkoutUrl };
  let created: ProviderPayment;
  try {
    created = await providerNamed(row.provider).createPayment(db, {
      amountCents: row.amountCents,
      description: row.description,
      method: row.method,
      issuer: row.issuer ?? undefined,
      locale: record(row).locale,
      redirectUrl: row.returnUrl,
      webhookUrl: webhookUrl(row.provider),
      metadata: { paymentId: row.id, purpose: row.purpose, reference: row.reference },
      idempotencyKey: row.idempotencyKey,
    });
  } catch (error) {
    logger.error({ err: error, paymentId: row.id }, "the payment provider could not create the payment");
    throw errors.unavailable();
  }
  if (!created.checkoutUrl) throw errors.unavailable();
  await db
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
  db: Queryable,
  input: CreatePaymentInput,
): Promise<{ paymentId: string; checkoutUrl: string }> {
  return openPayment(db, await recordPayment(db, input));
}

// ----- reading -------------------------------------------------------------------------------------

export async function paymentById(db: Queryable, paymentId: string): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row ? record(row) : null;
}

/** The payments of an order (oldest first) with their refunds, for the order pages and the back office. */
export async function paymentsOfReference(
  db: Queryable,
  purpose: PaymentPurpose,
  reference: string,
): Promise<(PaymentRecord & { refunds: RefundRecord[] })[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, purpose), eq(payments.reference, reference)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  if (rows.length === 0) return [];
  const refunds = await db
    .select({
      id: paymentRefunds.id,
      paymentId: paymentRefunds.paymentId,
      amountCents: paymentRefunds.amountCents,
      status: paymentRefunds.status,
      reason: paymentRefunds.reason,
      createdAt: paymentRefunds.createdAt,
    })
    .from(paymentRefunds)
    .where(
      inArray(
        paymentRefunds.paymentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt));
  return rows.map((row) => ({ ...record(row), refunds: refunds.filter((r) => r.paymentId === row.id) }));
}

// ----- status changes ------------------------------------------------------------------------------

type Source = "webhook" | "sync" | "reconcile";

/**
 * Applies a status read from the provider: under a row lock, once, never away from a final status, with
 * the purpose's listeners in the same transaction. Answers the payment as it is afterwards.
 */
async function applyProviderStatus(
  db: Queryable,
  paymentId: string,
  read: ProviderPayment,
  source: Source,
): Promise<PaymentRecord> {
  return transaction(
    async (tx) => {
      const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      if (!row) throw errors.notFound();
      const event = {
        paymentId,
        provider: row.provider,
        providerId: read.providerId,
        source,
        fromStatus: row.status,
        toStatus: read.status,
      };
      if (!mayChange(row.status, read.status)) {
        // Every webhook leaves a trace; quiet syncs that change nothing do not.
        if (source === "webhook")
          await tx
            .insert(paymentEvents)
            .values({ ...event, outcome: row.status === read.status ? "unchanged" : "ignored" });
        return record(row);
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
      const payment = record(updated!);
      for (const listener of listeners.get(row.purpose) ?? []) await listener(tx, payment);
      return payment;
    },
    { on: db },
  );
}

/**
 * Reads the payment's true status from its provider and applies it as a webhook would (the return page
 * calls this so the shopper does not wait for a late webhook).
 */
export async function syncPayment(
  db: Queryable,
  paymentId: string,
  source: Source = "sync",
): Promise<PaymentRecord | null> {
  const payment = await paymentById(db, paymentId);
  if (!payment) return null;
  if (payment.status !== "open" || !payment.providerId) return payment;
  const read = await providerNamed(payment.provider).getPayment(db, payment.providerId);
  return applyProviderStatus(db, paymentId, read, source);
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
  db: Queryable = defaultDb(),
): Promise<Response> {
  const provider = providerNamed(providerName);
  const verified = await provider.verifyWebhook(request);
  if (!verified) {
    logger.warn({ provider: providerName }, "payment webhook refused: not authentic");
    return new Response("Unauthorized", { status: 401 });
  }
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerId, verified.providerId)));
  if (!row) {
    await db.insert(paymentEvents).values({
      provider: providerName,
      providerId: verified.providerId,
      source: "webhook",
      outcome: "unknown-payment",
    });
    return new Response("OK", { status: 200 });
  }
  let read: ProviderPayment;
  try {
    read = await provider.getPayment(db, verified.providerId);
  } catch (error) {
    logger.error({ err: error, paymentId: row.id }, "payment webhook: could not read the provider's status");
    return new Response("Provider unavailable", { status: 503 });
  }
  await applyProviderStatus(db, row.id, read, "webhook");
  return new Response("OK", { status: 200 });
}

/**
 * Open payments past their expiry (plus a margin for a late webhook) are read from their provider, so a
 * webhook that never came cannot leave a payment, or the order behind it, waiting for ever.
 */
export async function reconcileOpenPayments(db: Queryable, limit = 100): Promise<number> {
  const stale = await db
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
      const after = await syncPayment(db, id, "reconcile");
      if (after && after.status !== "open") changed++;
    } catch (error) {
      logger.warn({ err: error, paymentId: id }, "reconcile: could not read the payment");
    }
  }
  // Refunds reserved but never confirmed (the provider timed out, or the process stopped before asking):
  // asked again with their own key, which the provider answers once.
  const unsettled = await db
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
  for (const { id } of unsettled) {
    try {
      if ((await settleRefund(db, id)).status !== "pending") changed++;
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
    const changed = await reconcileOpenPayments(defaultDb());
    if (changed > 0) logger.info({ changed }, "payments reconciled");
  },
});

// ----- refunds -------------------------------------------------------------------------------------

export interface RefundInput {
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
  reason?: string;
}

type RefundRow = typeof paymentRefunds.$inferSelect;
const refundRecord = ({
  idempotencyKey: _k,
  providerRefundId: _p,
  updatedAt: _u,
  ...rest
}: RefundRow): RefundRecord => rest;

/**
 * Reserves a refund of a paid payment in the caller's transaction (the payment row locked): never more
 * than what is left, and the same key answers the refund it made before (whatever is left now). A command
 * that refunds as part of a bigger change (canceling an order) reserves in its own transaction, so the
 * refund exists exactly when the change commits, and settles it with `settleRefund` after the commit.
 */
export async function reserveRefund(on: Queryable, input: RefundInput): Promise<RefundRecord> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new RangeError(`amountCents must be a positive whole number, got ${input.amountCents}`);
  return transaction(
    async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, input.paymentId))
        .for("update");
      if (!payment) throw errors.notFound();
      const [existing] = await tx
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.idempotencyKey, input.idempotencyKey));
      if (existing) {
        if (existing.paymentId !== input.paymentId || existing.amountCents !== input.amountCents)
          throw errors.idempotencyMismatch();
        return refundRecord(existing);
      }
      if (payment.status !== "paid" || !payment.providerId) throw errors.refundNotPaid();
      const left = payment.amountCents - payment.refundedCents;
      if (input.amountCents > left) throw errors.refundTooMuch(left);
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({
          id: randomId("re"),
          paymentId: payment.id,
          amountCents: input.amountCents,
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
    { on },
  );
}

/**
 * A partial or full refund of a paid payment. The amount is reserved on the payment first (never more
 * than what is left), then the provider is asked with the same idempotency key; when it refuses, the
 * reservation is released. The same key answers the same refund, also once nothing is left.
 */
export async function refundPayment(db: Queryable, input: RefundInput): Promise<RefundRecord> {
  const reserved = await reserveRefund(db, input);
  return settleRefund(db, reserved.id);
}

/** The refund made with this idempotency key, if any (a retried command finds its refund). */
export async function refundByKey(db: Queryable, idempotencyKey: string): Promise<RefundRecord | null> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.idempotencyKey, idempotencyKey));
  return row ? refundRecord(row) : null;
}

/**
 * Asks the provider for a reserved refund that is still pending (outside any transaction: it is an outside
 * call; the reconcile job asks again for one left pending); a refund already settled is answered as it is. A provider that refuses releases the reservation;
 * one that does not answer leaves it pending, for the same key to retry.
 */
export async function settleRefund(db: Queryable, refundId: string): Promise<RefundRecord> {
  const [refund] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!refund) throw errors.notFound();
  if (refund.status !== "pending") return refundRecord(refund);
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  if (!payment) throw errors.notFound();

  try {
    const done = await providerNamed(payment.provider).refund(db, payment.providerId!, {
      amountCents: refund.amountCents,
      description: refund.reason ?? payment.description,
      idempotencyKey: refund.idempotencyKey,
    });
    const [row] = await db
      .update(paymentRefunds)
      .set({ status: "refunded", providerRefundId: done.providerRefundId, updatedAt: sql`now()` })
      .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, "pending")))
      .returning();
    await db.insert(paymentEvents).values({
      paymentId: payment.id,
      provider: payment.provider,
      providerId: payment.providerId,
      source: "refund",
      outcome: "refund-done",
      detail: { refundId: refund.id, amountCents: refund.amountCents },
    });
    return refundRecord(row ?? { ...refund, status: "refunded" });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.retryable) {
      // Left pending: the same idempotency key retries it without refunding twice.
      logger.error({ err: error, refundId: refund.id }, "refund not confirmed by the provider; retry it");
      throw errors.refundFailed();
    }
    await transaction(
      async (tx) => {
        const [failed] = await tx
          .update(paymentRefunds)
          .set({ status: "failed", updatedAt: sql`now()` })
          .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, "pending")))
          .returning({ id: paymentRefunds.id });
        if (!failed) return;
        await tx
          .update(payments)
          .set({
            refundedCents: sql`${payments.refundedCents} - ${refund.amountCents}`,
            updatedAt: sql`now()`,
          })
          .where(eq(payments.id, payment.id));
        await tx.insert(paymentEvents).values({
          paymentId: payment.id,
          provider: payment.provider,
          providerId: payment.providerId,
          source: "refund",
          outcome: "refund-refused",
          detail: { refundId: refund.id, amountCents: refund.amountCents, error: String(error) },
        });
      },
      { on: db },
    );
    logger.error({ err: error, refundId: refund.id }, "the provider refused the refund");
    throw errors.refundFailed();
  }
}

/**
 * The payment events of one payment in the order they were recorded (back office trace). By id, not by
 * `created_at`: that is the start of each event's transaction, and a webhook that waited for the row lock
 * started before the one that held it.
 */
export async function paymentTrail(db: Queryable, paymentId: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
}

// ----- the sandbox PSP's hosted page (it plays the outside provider; routes call it through here) -----

export interface SandboxCheckout {
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

export async function sandboxCheckout(db: Queryable, id: string): Promise<SandboxCheckout | null> {
  const payment = await findSandboxPayment(db, id);
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
export async function sandboxPaymentLocale(db: Queryable, id: string): Promise<Locale | null> {
  const payment = await findSandboxPayment(db, id);
  return payment && isLocale(payment.locale) ? payment.locale : null;
}

/**
 * The shopper's (or tester's) decision on the hosted page: approve (paid), decline (failed), cancel or
 * expire. Answers where to send the shopper, or null for an unknown payment. Deciding twice changes nothing.
 */
export async function decideSandboxCheckout(
  db: Queryable,
  id: string,
  decision: SandboxDecision,
  details: Record<string, string> = {},
): Promise<{ returnUrl: string; status: PaymentStatus; changed: boolean } | null> {
  const decided = await decideSandboxPayment(db, id, decision, details);
  if (!decided) return null;
  return { returnUrl: decided.payment.redirectUrl, status: decided.payment.status, changed: decided.changed };
}
