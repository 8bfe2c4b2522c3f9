import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.server";

/**
 * Credits are typed by where they come from (refund, marketplace earnings, referral reward, staff
 * goodwill): a later source only adds a kind. `order` is credit used for an order (held at place-order),
 * `release` gives back what an unpaid order held, `payout` sends marketplace earnings to the seller's bank.
 */
export type WalletEntryKind =
  | "refund"
  | "marketplace"
  | "referral"
  | "goodwill"
  | "order"
  | "release"
  | "payout";

/** The credit kinds (what can be added), for the ledger's words and the back office. */
export const walletCreditKinds = ["refund", "marketplace", "referral", "goodwill"] as const;

/**
 * The wallet of shopping credit as a ledger (PRODUCT.md "Gift cards and wallet"): credits are positive,
 * spending negative, the balance is the sum and never below 0. Entries are never changed, only added.
 */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    kind: text("kind").$type<WalletEntryKind>().notNull(),
    /** What it was for, e.g. an order or return number, shown in the ledger. */
    reference: text("reference"),
    /** Staff goodwill says why (shown to the customer). */
    note: text("note"),
    /** A command that adds an entry passes its idempotency key: the same key never books twice. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("wallet_entries_user_idx").on(t.userId, t.createdAt),
    check("wallet_entries_not_zero", sql`${t.amountCents} <> 0`),
  ],
);

export type WalletHoldState = "held" | "spent" | "released";

/**
 * Credit used for one order: debited from the ledger at place-order (so the balance can never go below 0
 * under any concurrency), `spent` when the order is paid, `released` (credited back) when it is not.
 * What was spent can go back to the wallet in refunds, never more than was spent.
 */
export const walletHolds = pgTable(
  "wallet_holds",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    orderReference: text("order_reference").notNull(),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    state: text("state").$type<WalletHoldState>().notNull().default("held"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_holds_order_unique").on(t.orderReference),
    check("wallet_holds_amount", sql`${t.amountCents} > 0`),
    check("wallet_holds_refund", sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);
