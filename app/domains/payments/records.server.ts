// Payments and refunds as other domains and the back office read them.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Transaction } from "../../platform/db/db.server";
import { db } from "../../platform/db/db.server";
import { isLocale, type Locale } from "../../platform/i18n/locales";
import type { PaymentMethod } from "./methods";
import { type PaymentProviderName, paymentEvents, paymentRefunds, payments } from "./tables.server";
import type { PaymentStatus, RefundStatus } from "./transitions";

export type PaymentPurpose = "order" | "marketplace";

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

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

export function paymentRecord(row: PaymentRow): PaymentRecord {
  return { ...row, locale: isLocale(row.locale) ? row.locale : "en" };
}

export const refundRecord = ({
  idempotencyKey: _k,
  providerRefundId: _p,
  updatedAt: _u,
  ...rest
}: RefundRow): RefundRecord => rest;

export async function paymentById(
  paymentId: string,
  options: { tx?: Transaction } = {},
): Promise<PaymentRecord | null> {
  const [row] = await (options.tx ?? db()).select().from(payments).where(eq(payments.id, paymentId));
  return row ? paymentRecord(row) : null;
}

/** A payment as recorded, for a caller that opens it at its provider again (a retried purchase). */
export async function paymentRow(paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
}

/** The payments of an order (oldest first) with their refunds, for the order pages and the back office. */
export async function paymentsOfReference(
  purpose: PaymentPurpose,
  reference: string,
): Promise<(PaymentRecord & { refunds: RefundRecord[] })[]> {
  const rows = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, purpose), eq(payments.reference, reference)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  if (rows.length === 0) return [];
  const refunds = await db()
    .select()
    .from(paymentRefunds)
    .where(
      inArray(
        paymentRefunds.paymentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt));
  return rows.map((row) => ({
    ...paymentRecord(row),
    refunds: refunds.filter((r) => r.paymentId === row.id).map(refundRecord),
  }));
}

/** The refund made with this idempotency key, if any (a retried command finds its refund). */
export async function refundByKey(
  idempotencyKey: string,
  options: { tx?: Transaction } = {},
): Promise<RefundRecord | null> {
  const [row] = await (options.tx ?? db())
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.idempotencyKey, idempotencyKey));
  return row ? refundRecord(row) : null;
}

/**
 * The payment events of one payment in the order they were recorded (back office trace). By id, not by
 * `created_at`: that is the start of each event's transaction, and a webhook that waited for the row lock
 * started before the one that held it.
 */
export async function paymentTrail(paymentId: string) {
  return db()
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
}
