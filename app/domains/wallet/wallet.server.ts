import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { type WalletEntryKind, walletEntries } from "./tables.server";

export interface WalletEntry {
  id: number;
  amountCents: number;
  kind: WalletEntryKind;
  reference: string | null;
  createdAt: Date;
}

export interface Wallet {
  balanceCents: number;
  entries: WalletEntry[];
}

async function balanceOf(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${walletEntries.amountCents}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return Number(row?.balance ?? 0);
}

/** The customer's balance and ledger, newest first. */
export async function walletOf(db: Queryable, userId: string, limit = 100): Promise<Wallet> {
  const [balanceCents, entries] = await Promise.all([
    balanceOf(db, userId),
    db
      .select({
        id: walletEntries.id,
        amountCents: walletEntries.amountCents,
        kind: walletEntries.kind,
        reference: walletEntries.reference,
        createdAt: walletEntries.createdAt,
      })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .limit(limit),
  ]);
  return { balanceCents, entries };
}

export type BookingOutcome =
  | { ok: true; balanceCents: number; duplicate: boolean }
  | { ok: false; messageKey: "account:wallet.insufficient" };

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
    idempotencyKey: string;
  },
  options: { on?: Queryable } = {},
): Promise<BookingOutcome> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0)
    throw new Error("A wallet entry is a non-zero number of cents");
  return transaction(
    async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallet:${entry.userId}`}))`);
      const [existing] = await tx
        .select({ id: walletEntries.id })
        .from(walletEntries)
        .where(eq(walletEntries.idempotencyKey, entry.idempotencyKey));
      if (existing) return { ok: true, balanceCents: await balanceOf(tx, entry.userId), duplicate: true };
      const balance = await balanceOf(tx, entry.userId);
      if (balance + entry.amountCents < 0) return { ok: false, messageKey: "account:wallet.insufficient" };
      await tx.insert(walletEntries).values({
        userId: entry.userId,
        amountCents: entry.amountCents,
        kind: entry.kind,
        reference: entry.reference ?? null,
        idempotencyKey: entry.idempotencyKey,
      });
      return { ok: true, balanceCents: balance + entry.amountCents, duplicate: false };
    },
    { on: options.on },
  );
}
