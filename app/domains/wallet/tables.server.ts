import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "../customers/auth-tables.server";

export type WalletEntryKind = "refund" | "marketplace" | "referral" | "goodwill" | "order";

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
    /** A command that adds an entry passes its idempotency key: the same key never books twice. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("wallet_entries_user_idx").on(t.userId, t.createdAt),
    check("wallet_entries_not_zero", sql`${t.amountCents} <> 0`),
  ],
);
