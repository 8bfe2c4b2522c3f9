import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { type WalletEntryKind, walletEntries, walletHolds } from "./tables.server";

export interface WalletEntry {
  id: number;
  amountCents: number;
  kind: WalletEntryKind;
  reference: string | null;
  note: string | null;
  createdAt: Date;
}

export interface Wallet {
  balanceCents: number;
  entries: WalletEntry[];
}

async function balanceOf(on: Queryable, userId: string): Promise<number> {
  const [row] = await on
    .select({ balance: sql<string>`coalesce(sum(${walletEntries.amountCents}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return Number(row?.balance ?? 0);
}

/** The customer's balance and ledger, newest first (`limit` entries; 0 for the balance alone). */
export async function walletOf(userId: string, options: { limit?: number } = {}): Promise<Wallet> {
  const limit = options.limit ?? 100;
  const [balanceCents, entries] = await Promise.all([
    balanceOf(db(), userId),
    db()
      .select({
        id: walletEntries.id,
        amountCents: walletEntries.amountCents,
        kind: walletEntries.kind,
        reference: walletEntries.reference,
        note: walletEntries.note,
        createdAt: walletEntries.createdAt,
      })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .limit(limit),
  ]);
  return { balanceCents, entries };
}

export interface Booking {
  balanceCents: number;
  /** The key was booked before: nothing was booked now. */
  duplicate: boolean;
}

/**
 * Adds one entry (credit > 0, spend < 0) under an idempotency key: the same key books once and answers
 * the current balance again. A spend that would take the balance below 0 is refused. The customer's
 * ledger is locked for the check, so two spends at once cannot both pass.
 */
export async function bookWalletEntry(
  entry: {
    userId: string;
    amountCents: number;
    kind: WalletEntryKind;
    reference?: string;
    note?: string;
    idempotencyKey: string;
  },
  options: { tx?: Transaction } = {},
): Promise<Booking | Refusal> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0)
    throw new Error("A wallet entry is a non-zero number of cents");
  return transaction(
    async (tx) => {
      await lockWallet(entry.userId, tx);
      const [existing] = await tx
        .select({ id: walletEntries.id })
        .from(walletEntries)
        .where(eq(walletEntries.idempotencyKey, entry.idempotencyKey));
      if (existing) return { balanceCents: await balanceOf(tx, entry.userId), duplicate: true };
      const balance = await balanceOf(tx, entry.userId);
      if (balance + entry.amountCents < 0) return refuse.conflict("account:wallet.insufficient");
      await tx.insert(walletEntries).values({
        userId: entry.userId,
        amountCents: entry.amountCents,
        kind: entry.kind,
        reference: entry.reference ?? null,
        note: entry.note ?? null,
        idempotencyKey: entry.idempotencyKey,
      });
      return { balanceCents: balance + entry.amountCents, duplicate: false };
    },
    { on: options.tx },
  );
}

/**
 * Locks the customer's ledger until the caller's transaction ends (the lock `bookWalletEntry` takes), so
 * a command can check more than the balance (what of it may be paid out) before it books.
 */
export async function lockWallet(userId: string, tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:${userId}`}))`);
}

/** The sum of the customer's entries of these kinds (e.g. marketplace earnings less payouts). */
export async function walletTotalOf(
  userId: string,
  kinds: WalletEntryKind[],
  options: { tx?: Transaction } = {},
): Promise<number> {
  const [row] = await (options.tx ?? db())
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amountCents}), 0)` })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), inArray(walletEntries.kind, kinds)));
  return Number(row?.total ?? 0);
}

/** The customer's balance alone. */
export async function walletBalance(userId: string, options: { tx?: Transaction } = {}): Promise<number> {
  return balanceOf(options.tx ?? db(), userId);
}

/**
 * The wallet's maximum usable amount for an order (PRODUCT.md): min(balance, what is left to pay, the
 * operator's cap % of the total). `capPercent` is read by the caller (settings are read outside
 * transactions).
 */
export function maxUsableWalletCents(input: {
  balanceCents: number;
  totalCents: number;
  leftCents: number;
  capPercent: number;
}): number {
  const cap = Math.floor((input.totalCents * Math.min(100, Math.max(0, input.capPercent))) / 100);
  return Math.max(0, Math.min(input.balanceCents, input.leftCents, cap));
}

/**
 * Holds credit for an order at place-order: one debit entry (`order`) and a hold, once per order (sent
 * again, it answers the first hold). Refused when the balance does not cover it.
 */
export async function holdWalletCredit(
  input: { userId: string; orderReference: string; amountCents: number },
  options: { tx?: Transaction } = {},
): Promise<{ holdId: number; amountCents: number } | Refusal> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error("A wallet hold is a positive number of cents");
  return transaction(
    async (tx) => {
      const [existing] = await tx
        .select({ holdId: walletHolds.id, amountCents: walletHolds.amountCents })
        .from(walletHolds)
        .where(eq(walletHolds.orderReference, input.orderReference));
      if (existing) return existing;
      const booked = await bookWalletEntry(
        {
          userId: input.userId,
          amountCents: -input.amountCents,
          kind: "order",
          reference: input.orderReference,
          idempotencyKey: `wallet-hold:${input.orderReference}`,
        },
        { tx },
      );
      if (isRefusal(booked)) return booked;
      const [hold] = await tx
        .insert(walletHolds)
        .values({
          userId: input.userId,
          orderReference: input.orderReference,
          amountCents: input.amountCents,
        })
        .returning({ holdId: walletHolds.id, amountCents: walletHolds.amountCents });
      return hold!;
    },
    { on: options.tx },
  );
}

/**
 * Ends an order's wallet hold: `spent` when paid, `released` (credited back, `release`) when not. A hold
 * already ended stays as it is. Answers the cents moved.
 */
export async function settleWalletHold(
  input: { orderReference: string; outcome: "spent" | "released" },
  options: { tx?: Transaction } = {},
): Promise<number> {
  return transaction(
    async (tx) => {
      const [hold] = await tx
        .select()
        .from(walletHolds)
        .where(eq(walletHolds.orderReference, input.orderReference))
        .for("update");
      if (hold?.state !== "held") return 0;
      if (input.outcome === "released") {
        const booked = await bookWalletEntry(
          {
            userId: hold.userId,
            amountCents: hold.amountCents,
            kind: "release",
            reference: input.orderReference,
            idempotencyKey: `wallet-release:${hold.id}`,
          },
          { tx },
        );
        if (isRefusal(booked)) throw new Error(`wallet hold ${hold.id} could not be released`);
      }
      await tx.update(walletHolds).set({ state: input.outcome }).where(eq(walletHolds.id, hold.id));
      return hold.amountCents;
    },
    { on: options.tx },
  );
}

/**
 * Gives up to `amountCents` of an order back to the wallet that paid it, never more than it spent on the
 * order (less what went back before); once per key. Answers the cents credited.
 */
export async function refundToWallet(
  input: { orderReference: string; amountCents: number; idempotencyKey: string },
  options: { tx?: Transaction } = {},
): Promise<number> {
  return transaction(
    async (tx) => {
      const [hold] = await tx
        .select()
        .from(walletHolds)
        .where(and(eq(walletHolds.orderReference, input.orderReference), eq(walletHolds.state, "spent")))
        .for("update");
      if (!hold) return 0;
      const amountCents = Math.min(input.amountCents, hold.amountCents - hold.refundedCents);
      if (amountCents <= 0) return 0;
      const booked = await bookWalletEntry(
        {
          userId: hold.userId,
          amountCents,
          kind: "refund",
          reference: input.orderReference,
          idempotencyKey: `${input.idempotencyKey}:wallet`,
        },
        { tx },
      );
      if (isRefusal(booked)) throw new Error(`refund to wallet hold ${hold.id} refused`);
      if (booked.duplicate) return 0;
      await tx
        .update(walletHolds)
        .set({ refundedCents: sql`${walletHolds.refundedCents} + ${amountCents}` })
        .where(eq(walletHolds.id, hold.id));
      return amountCents;
    },
    { on: options.tx },
  );
}

/** What the wallet paid for an order and what of it went back (for refunds and the order's summary). */
export async function walletHoldOf(orderReference: string, options: { tx?: Transaction } = {}) {
  const [hold] = await (options.tx ?? db())
    .select({
      amountCents: walletHolds.amountCents,
      refundedCents: walletHolds.refundedCents,
      state: walletHolds.state,
    })
    .from(walletHolds)
    .where(eq(walletHolds.orderReference, orderReference));
  return hold ?? null;
}

/** Whether an entry with this idempotency key exists. */
export async function walletEntryExists(key: string, options: { tx?: Transaction } = {}): Promise<boolean> {
  const [row] = await (options.tx ?? db())
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(eq(walletEntries.idempotencyKey, key));
  return row !== undefined;
}
