// Marketplace payouts (decision 0046), the folder's public door: the seller's earnings (pending in open
// sales, available in the wallet), the verified payout account, asking for a payout, the batching job
// that writes the SEPA file for the bank, and the DAC7 counters and annual export.
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "../../../platform/db/db.server";
import { transaction } from "../../../platform/db/transaction.server";
import { isRefusal, type Refusal, refuse } from "../../../platform/refusal";
import { utcToShopLocal } from "../../../platform/shop-time";
import { shopSetting } from "../../content/content.server";
import { bookWalletEntry, lockWallet, walletBalance, walletTotalOf } from "../../wallet/wallet.server";
import { marketplaceTransactions } from "../transactions/tables.server";
import { type PayoutAccount, payoutAccountOf } from "./accounts.server";
import { type Dac7Counters, dac7CountersOf } from "./dac7.server";
import { maskIban, payableCents, payoutNumber } from "./rules";
import { marketplacePayouts, type PayoutState } from "./tables.server";
import type { PayoutRequestInput } from "./validation";

export { type PayoutAccount, payoutAccountOf, savePayoutAccount } from "./accounts.server";
export {
  batchFile,
  batchPayouts,
  batchPayoutsJob,
  payoutBatch,
  payoutBatches,
  waitingPayouts,
} from "./batches.server";
export { dac7Csv, dac7Report } from "./dac7.server";

/** The wallet entries that are marketplace money: earnings (and any taken back) less what was paid out. */
const EARNED_KINDS = ["marketplace", "payout"] as const;

export interface Payout {
  id: number;
  number: string;
  amountCents: number;
  ibanMasked: string;
  state: PayoutState;
  createdAt: string;
  batchedAt: string | null;
}

export interface Earnings {
  /** Earnings of paid sales not completed yet (they become available at completion). */
  pendingCents: number;
  /** What can be paid out now (net marketplace earnings in the wallet, at most the wallet's balance). */
  availableCents: number;
  minimumCents: number;
  /** An account is set and the available amount reaches the minimum. */
  canRequest: boolean;
  account: (Omit<PayoutAccount, "verifiedAt"> & { verifiedAt: string }) | null;
  payouts: Payout[];
  /** This year's DAC7 counters (Amsterdam year): the page tells a reportable seller. */
  dac7: Dac7Counters;
}

type PayoutRow = typeof marketplacePayouts.$inferSelect;

function payoutOf(row: PayoutRow): Payout {
  return {
    id: row.id,
    number: payoutNumber(row.id),
    amountCents: row.amountCents,
    ibanMasked: maskIban(row.iban),
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    batchedAt: row.batchedAt?.toISOString() ?? null,
  };
}

/** Earnings of the seller's paid, not yet completed sales (the transactions hold them as `pending`). */
async function pendingEarnings(userId: string): Promise<number> {
  const [row] = await db()
    .select({
      total: sql<string>`coalesce(sum(${marketplaceTransactions.priceCents} - ${marketplaceTransactions.commissionCents}), 0)`,
    })
    .from(marketplaceTransactions)
    .where(
      and(eq(marketplaceTransactions.providerId, userId), eq(marketplaceTransactions.earnings, "pending")),
    );
  return Number(row?.total ?? 0);
}

/** What can be paid out now, read inside the caller's transaction (under the wallet's lock when asking). */
async function availableFor(userId: string, tx?: Transaction): Promise<number> {
  const balanceCents = await walletBalance(userId, { tx });
  const earnedCents = await walletTotalOf(userId, [...EARNED_KINDS], { tx });
  return payableCents({ balanceCents, earnedCents });
}

/** The seller's payouts, newest first. */
export async function payoutsOf(userId: string, limit = 50): Promise<Payout[]> {
  const rows = await db()
    .select()
    .from(marketplacePayouts)
    .where(eq(marketplacePayouts.userId, userId))
    .orderBy(desc(marketplacePayouts.createdAt), desc(marketplacePayouts.id))
    .limit(limit);
  return rows.map(payoutOf);
}

/** The earnings section of the seller's marketplace area (and the app's `GET /marketplace/payouts`). */
export async function sellerEarnings(userId: string, now = new Date()): Promise<Earnings> {
  const year = Number(utcToShopLocal(now).slice(0, 4));
  const [pendingCents, availableCents, fees, account, payouts, dac7] = await Promise.all([
    pendingEarnings(userId),
    availableFor(userId),
    shopSetting("marketplaceFees"),
    payoutAccountOf(userId),
    payoutsOf(userId),
    dac7CountersOf(userId, year),
  ]);
  const minimumCents = fees.minimumPayout;
  return {
    pendingCents,
    availableCents,
    minimumCents,
    canRequest: account !== null && availableCents >= minimumCents,
    account: account ? { ...account, verifiedAt: account.verifiedAt.toISOString() } : null,
    payouts,
    dac7,
  };
}

/**
 * Asks for a payout of the available earnings (all of it, or `amountCents` of it) to the verified account:
 * the wallet is debited (`payout`) and the payout recorded in one transaction, under the wallet's lock, so
 * two requests at once cannot both take the same cents and the wallet never goes below 0. The same
 * idempotency key answers the first payout again. At least the operator's minimum (`marketplaceFees`).
 */
export async function requestPayout(
  userId: string,
  input: PayoutRequestInput,
): Promise<{ payout: Payout; duplicate: boolean } | Refusal> {
  const minimumCents = (await shopSetting("marketplaceFees")).minimumPayout;
  return transaction(async (tx) => {
    await lockWallet(userId, tx);
    const [earlier] = await tx
      .select()
      .from(marketplacePayouts)
      .where(
        and(
          eq(marketplacePayouts.userId, userId),
          eq(marketplacePayouts.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (earlier) return { payout: payoutOf(earlier), duplicate: true };
    const account = await payoutAccountOf(userId, { tx });
    if (!account) return refuse.conflict("payouts:errors.noAccount");
    const available = await availableFor(userId, tx);
    const amountCents = input.amountCents ?? available;
    if (amountCents > available)
      return refuse.conflict("payouts:errors.moreThanAvailable", { available }, "amountCents");
    if (amountCents < minimumCents)
      return refuse.conflict("payouts:errors.belowMinimum", { minimum: minimumCents, available });
    const [row] = await tx
      .insert(marketplacePayouts)
      .values({
        userId,
        amountCents,
        iban: account.iban,
        holderName: account.holderName,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    const booked = await bookWalletEntry(
      {
        userId,
        amountCents: -amountCents,
        kind: "payout",
        reference: payoutNumber(row!.id),
        idempotencyKey: `marketplace-payout:${row!.id}`,
      },
      { tx },
    );
    if (isRefusal(booked)) return booked;
    return { payout: payoutOf(row!), duplicate: false };
  });
}
