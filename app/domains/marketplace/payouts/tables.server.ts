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
import { user } from "../../../platform/auth/tables.server";

/**
 * A seller's verified payout account (PRODUCT.md: a checksum-validated IBAN and the name on the account).
 * One per seller; changing it takes the password again and e-mails the seller (decision 0046).
 */
export const marketplacePayoutAccounts = pgTable("marketplace_payout_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Electronic format: upper case, no spaces. */
  iban: text("iban").notNull(),
  holderName: text("holder_name").notNull(),
  /** When the checksum was checked and the seller confirmed with their password. */
  verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** requested (debited from the wallet) → batched (in a SEPA file for the bank). */
export type PayoutState = "requested" | "batched";

/**
 * A payout of marketplace earnings: debited from the wallet when requested (so the wallet never pays the
 * same cents twice), put in a SEPA credit transfer batch by the batching job. The account is copied, so
 * a later change of IBAN does not redirect money already asked for.
 */
export const marketplacePayouts = pgTable(
  "marketplace_payouts",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    iban: text("iban").notNull(),
    holderName: text("holder_name").notNull(),
    state: text("state").$type<PayoutState>().notNull().default("requested"),
    batchId: integer("batch_id").references(() => marketplacePayoutBatches.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    batchedAt: timestamp("batched_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("marketplace_payouts_key").on(t.userId, t.idempotencyKey),
    index("marketplace_payouts_user_idx").on(t.userId, t.createdAt),
    index("marketplace_payouts_state_idx").on(t.state, t.id),
    check("marketplace_payouts_amount", sql`${t.amountCents} > 0`),
    check(
      "marketplace_payouts_batched",
      sql`(${t.state} = 'requested' and ${t.batchId} is null) or (${t.state} = 'batched' and ${t.batchId} is not null)`,
    ),
  ],
);

/** One SEPA credit transfer file (pain.001.001.09) for the bank, as it was written. */
export const marketplacePayoutBatches = pgTable(
  "marketplace_payout_batches",
  {
    id: serial("id").primaryKey(),
    /** The file's MsgId and PmtInfId (unique per file, as the bank asks). */
    messageId: text("message_id").notNull(),
    payoutCount: integer("payout_count").notNull(),
    totalCents: integer("total_cents").notNull(),
    xml: text("xml").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("marketplace_payout_batches_message").on(t.messageId),
    check("marketplace_payout_batches_sum", sql`${t.payoutCount} > 0 and ${t.totalCents} > 0`),
  ],
);
