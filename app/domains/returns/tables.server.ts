import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orderLines, orders } from "../orders/tables.server";

export type ReturnStatus =
  | "requested"
  | "in_transit"
  | "received"
  | "refunded"
  | "partially_refunded"
  | "rejected"
  | "canceled";

/** How the parcel comes back: a QR code at a service point, a printed label, or an exchange for another size. */
export type ReturnMethod = "drop-off" | "label" | "exchange";

/** A return the customer chose, or a withdrawal from the contract (EU 2023/2673): the whole order back. */
export type ReturnKind = "return" | "withdrawal";

export type ReturnReason =
  | "too-small"
  | "too-big"
  | "not-as-pictured"
  | "quality"
  | "changed-mind"
  | "other"
  // A withdrawal needs no reason (EU 2011/83, art. 9).
  | "withdrawal";

export type ReturnLineOutcome = "pending" | "accepted" | "rejected";

export type ReturnActor = "customer" | "guest" | "carrier" | "staff" | "system";

/** The statement a withdrawal was confirmed with, kept as the customer saw it (the receipt repeats it). */
export interface WithdrawalStatement {
  name: string;
  email: string;
  orderNumber: string;
  orderedOn: string;
  confirmedAt: string;
}

/** A return of (part of) an order (PRODUCT.md "Returns and withdrawal"); its number is on the QR code. */
export const returns = pgTable(
  "returns",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Copied from the order (like an order line's name): lists and scans show it without a join. */
    orderNumber: text("order_number").notNull(),
    kind: text("kind").$type<ReturnKind>().notNull(),
    status: text("status").$type<ReturnStatus>().notNull(),
    method: text("method").$type<ReturnMethod>().notNull(),
    /** Deducted from the refund (the country's return fee); 0 for withdrawals, exchanges and NL/BE. */
    feeCents: integer("fee_cents").notNull().default(0),
    /** The order's standard delivery cost, refunded on a withdrawal of the whole order. */
    shippingRefundCents: integer("shipping_refund_cents").notNull().default(0),
    refundToWallet: boolean("refund_to_wallet").notNull().default(false),
    statement: jsonb("statement").$type<WithdrawalStatement>(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestedBy: text("requested_by").$type<ReturnActor>().notNull(),
    /**
     * A return not received by then is canceled by the system and an exchange's held size released: the
     * return window's end plus the transit days (a parcel handed in on the last day still arrives). Null
     * for a withdrawal, which the law gives its own 14 days to send back.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    /** 14 days after receipt: the refund is due by then. */
    refundDueAt: timestamp("refund_due_at", { withTimezone: true }),
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundId: text("refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("returns_number_unique").on(t.number),
    uniqueIndex("returns_idempotency_key_unique").on(t.idempotencyKey),
    index("returns_order_idx").on(t.orderId),
    index("returns_status_idx").on(t.status, t.createdAt),
    index("returns_expires_idx").on(t.expiresAt).where(sql`${t.status} = 'requested'`),
    check("returns_number_format", sql`${t.number} ~ '^R[0-9]{9}$'`),
    check(
      "returns_money",
      sql`${t.feeCents} >= 0 and ${t.shippingRefundCents} >= 0 and ${t.refundedCents} >= 0`,
    ),
  ],
);

/** What comes back of one order line: how many units, why, and what inspection made of them. */
export const returnLines = pgTable(
  "return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    reason: text("reason").$type<ReturnReason>().notNull(),
    outcome: text("outcome").$type<ReturnLineOutcome>().notNull().default("pending"),
    rejectReason: text("reject_reason"),
    /** The size held for an exchange (another variant of the same product). */
    exchangeVariantId: integer("exchange_variant_id"),
    refundCents: integer("refund_cents").notNull().default(0),
  },
  (t) => [
    index("return_lines_return_idx").on(t.returnId),
    index("return_lines_order_line_idx").on(t.orderLineId),
    check("return_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("return_lines_refund", sql`${t.refundCents} >= 0`),
  ],
);

/** The timeline: every status change with who made it and when. */
export const returnEvents = pgTable(
  "return_events",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<ReturnStatus>(),
    toStatus: text("to_status").$type<ReturnStatus>().notNull(),
    actor: text("actor").$type<ReturnActor>().notNull(),
    actorId: uuid("actor_id"),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("return_events_return_idx").on(t.returnId, t.at)],
);
