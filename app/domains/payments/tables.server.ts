import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PaymentMethod } from "./methods";
import type { PaymentStatus, RefundStatus } from "./transitions";

export type PaymentProviderName = "sandbox" | "mollie";

/**
 * The shop's side of every payment: what it asked a provider to collect, for which purpose and reference
 * (an order number), and the last status it read from that provider. One row per idempotency key.
 */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose").$type<"order" | "marketplace">().notNull(),
    reference: text("reference").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").$type<"EUR">().notNull().default("EUR"),
    method: text("method").$type<PaymentMethod>().notNull(),
    issuer: text("issuer"),
    locale: text("locale").notNull(),
    description: text("description").notNull(),
    returnUrl: text("return_url").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("open"),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    /** The provider's id (sandbox `sbx_…`, Mollie `tr_…`); null until the provider answered. */
    providerId: text("provider_id"),
    checkoutUrl: text("checkout_url"),
    idempotencyKey: text("idempotency_key").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    check("payments_refunds_within_amount", sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    uniqueIndex("payments_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("payments_provider_id").on(t.provider, t.providerId),
    index("payments_reference_idx").on(t.purpose, t.reference),
    index("payments_open_idx").on(t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Every webhook received and every status the shop read or applied, for traceability: duplicates, late and
 * out-of-order deliveries stay visible even when they changed nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    providerId: text("provider_id"),
    /** webhook (received), sync (read on request), reconcile (the sweep), refund. */
    source: text("source").$type<"webhook" | "sync" | "reconcile" | "refund">().notNull(),
    /** applied, unchanged, ignored (a final status never changes), unknown-payment, bad-signature, refund-*. */
    outcome: text("outcome").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_payment_idx").on(t.paymentId, t.createdAt)],
);

/** Partial or full refunds of a paid payment; the idempotency key makes a retried refund the same refund. */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    reason: text("reason"),
    idempotencyKey: text("idempotency_key").notNull(),
    providerRefundId: text("provider_refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_refunds_amount_positive", sql`${t.amountCents} > 0`),
    uniqueIndex("payment_refunds_idempotency_key").on(t.idempotencyKey),
    index("payment_refunds_payment_idx").on(t.paymentId),
  ],
);

/**
 * The built-in sandbox PSP's own books. It plays an outside provider: the shop never reads these tables
 * directly, only through the provider interface, as it would read Mollie's API.
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    description: text("description").notNull(),
    method: text("method").$type<PaymentMethod>().notNull(),
    issuer: text("issuer"),
    locale: text("locale").notNull(),
    redirectUrl: text("redirect_url").notNull(),
    webhookUrl: text("webhook_url").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("open"),
    /** What the shopper entered, minus secrets: bank, last card digits, … */
    details: jsonb("details").$type<Record<string, string>>(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sandbox_payments_idempotency_key").on(t.idempotencyKey),
    index("sandbox_payments_open_idx").on(t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);

export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => sandboxPayments.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_refunds_idempotency_key").on(t.idempotencyKey)],
);
