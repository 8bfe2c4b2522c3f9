// What the pages and the API read about transactions: a person's purchases and sales (with whose move it
// is and by when), one transaction for one of its parties (timeline, the moves the table allows that
// person now, the parcel, the review), and a store's rating.
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { db, type Transaction } from "../../../platform/db/db.server";
import { inTransaction } from "../../../platform/db/transaction.server";
import { type Refusal, refuse } from "../../../platform/refusal";
import { marketplaceStores } from "../tables.server";
import { type DisputeView, disputeOf } from "./disputes.server";
import { emailParties, processDurations, transactionNumber } from "./process.server";
import { type ParcelEvent, trackingOf } from "./shipping/shipping.server";
import {
  marketplaceReviews,
  marketplaceTransactionItems,
  marketplaceTransactionLog,
  marketplaceTransactions,
} from "./tables.server";
import {
  allowedTransitions,
  deadlineOf,
  type TransactionState,
  type TransactionTransition,
  WAITING_ON,
} from "./transaction-process";

export type Side = "customer" | "provider";

export interface TransactionSummary {
  id: number;
  number: string;
  side: Side;
  state: TransactionState;
  title: string;
  items: number;
  totalCents: number;
  storeName: string;
  /** This person's move is awaited, until `deadline` (or without one). */
  yourMove: boolean;
  deadline: string | null;
  createdAt: string;
}

/** A person's purchases (`customer`) or sales (`provider`), newest first. */
export async function transactionsOf(userId: string, side: Side, limit = 50): Promise<TransactionSummary[]> {
  const durations = await processDurations();
  const rows = await db()
    .select({
      id: marketplaceTransactions.id,
      state: marketplaceTransactions.state,
      enteredAt: marketplaceTransactions.stateEnteredAt,
      totalCents: marketplaceTransactions.totalCents,
      priceCents: marketplaceTransactions.priceCents,
      commissionCents: marketplaceTransactions.commissionCents,
      createdAt: marketplaceTransactions.createdAt,
      storeName: marketplaceStores.name,
      title: sql<string>`(select min(${marketplaceTransactionItems.title}) from ${marketplaceTransactionItems} where ${marketplaceTransactionItems.transactionId} = ${marketplaceTransactions.id})`,
      items: sql<number>`(select count(*)::int from ${marketplaceTransactionItems} where ${marketplaceTransactionItems.transactionId} = ${marketplaceTransactions.id})`,
    })
    .from(marketplaceTransactions)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceTransactions.storeId))
    .where(
      side === "customer"
        ? eq(marketplaceTransactions.buyerId, userId)
        : eq(marketplaceTransactions.providerId, userId),
    )
    .orderBy(desc(marketplaceTransactions.createdAt), desc(marketplaceTransactions.id))
    .limit(limit);
  return rows.map((r) => {
    const yourMove = WAITING_ON[side].includes(r.state);
    const deadline = yourMove ? deadlineOf(r.state, side, r.enteredAt, durations) : null;
    return {
      id: r.id,
      number: transactionNumber(r.id),
      side,
      state: r.state,
      title: r.title,
      items: Number(r.items),
      totalCents: side === "customer" ? r.totalCents : r.priceCents - r.commissionCents,
      storeName: r.storeName,
      yourMove,
      deadline: deadline?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export interface TransactionDetail {
  id: number;
  number: string;
  side: Side;
  state: TransactionState;
  stateEnteredAt: string;
  deadline: string | null;
  /** The moves the table allows this person now (the buttons). */
  actions: TransactionTransition[];
  items: { listingId: number; title: string; priceCents: number }[];
  store: { name: string; handle: string };
  delivery: "home" | "service-point";
  address: typeof marketplaceTransactions.$inferSelect.address;
  amounts: {
    itemsCents: number;
    bundleDiscountCents: number;
    priceCents: number;
    shippingCents: number;
    feeCents: number;
    commissionCents: number;
    totalCents: number;
    refundedCents: number;
    earningsCents: number;
  };
  earnings: string;
  trackingCode: string | null;
  labelPrinted: boolean;
  tracking: { events: ParcelEvent[]; url: string | null };
  timeline: { transition: TransactionTransition; actor: string; note: string | null; at: string }[];
  review: {
    rating: number;
    body: string;
    reply: string | null;
    hidden: boolean;
    /** Why staff hid it (the operator's view only). */
    hiddenReason: string | null;
  } | null;
  /** The dispute, when the buyer opened one: reason, photos, conversation, how it ended. */
  dispute: DisputeView | null;
  paymentId: string | null;
}

/**
 * One transaction for one of its parties (a stranger gets null: a 404 that says nothing), or for an
 * operator (`asOperator`: the operator's moves).
 */
export async function transactionFor(
  userId: string | null,
  id: number,
  options: { asOperator?: boolean; now?: Date } = {},
): Promise<TransactionDetail | null> {
  const [row] = await db()
    .select({
      tx: marketplaceTransactions,
      storeName: marketplaceStores.name,
      handle: marketplaceStores.handle,
    })
    .from(marketplaceTransactions)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceTransactions.storeId))
    .where(
      and(
        eq(marketplaceTransactions.id, id),
        options.asOperator
          ? undefined
          : or(
              eq(marketplaceTransactions.buyerId, userId ?? ""),
              eq(marketplaceTransactions.providerId, userId ?? ""),
            ),
      ),
    );
  if (!row) return null;
  const tx = row.tx;
  const side: Side = tx.buyerId === userId ? "customer" : "provider";
  const durations = await processDurations();
  const now = options.now ?? new Date();
  const [items, log, tracking, [review], dispute] = await Promise.all([
    db()
      .select({
        listingId: marketplaceTransactionItems.listingId,
        title: marketplaceTransactionItems.title,
        priceCents: marketplaceTransactionItems.priceCents,
      })
      .from(marketplaceTransactionItems)
      .where(eq(marketplaceTransactionItems.transactionId, id))
      .orderBy(asc(marketplaceTransactionItems.listingId)),
    db()
      .select()
      .from(marketplaceTransactionLog)
      .where(eq(marketplaceTransactionLog.transactionId, id))
      .orderBy(asc(marketplaceTransactionLog.id)),
    trackingOf(id),
    db().select().from(marketplaceReviews).where(eq(marketplaceReviews.transactionId, id)),
    disputeOf(id),
  ]);
  const times = { enteredAt: tx.stateEnteredAt, now };
  return {
    id,
    number: transactionNumber(id),
    side,
    state: tx.state,
    stateEnteredAt: tx.stateEnteredAt.toISOString(),
    deadline: deadlineOf(tx.state, side, tx.stateEnteredAt, durations)?.toISOString() ?? null,
    actions: allowedTransitions(tx.state, options.asOperator ? "operator" : side, times, durations),
    items,
    store: { name: row.storeName, handle: row.handle },
    delivery: tx.delivery,
    address: tx.address,
    amounts: {
      itemsCents: tx.itemsCents,
      bundleDiscountCents: tx.bundleDiscountCents,
      priceCents: tx.priceCents,
      shippingCents: tx.shippingCents,
      feeCents: tx.feeCents,
      commissionCents: tx.commissionCents,
      totalCents: tx.totalCents,
      refundedCents: tx.refundedCents,
      earningsCents: tx.priceCents - tx.commissionCents,
    },
    earnings: tx.earnings,
    trackingCode: tx.trackingCode,
    labelPrinted: tx.labelCreatedAt !== null,
    tracking,
    timeline: log.map((l) => ({
      transition: l.transition,
      actor: l.actor,
      note: l.note,
      at: l.createdAt.toISOString(),
    })),
    review: review
      ? {
          rating: review.rating,
          body: review.hiddenAt && !options.asOperator ? "" : review.body,
          reply: review.reply,
          hidden: review.hiddenAt !== null,
          hiddenReason: options.asOperator ? review.hiddenReason : null,
        }
      : null,
    dispute,
    paymentId: tx.paymentId,
  };
}

/** A store's rating: the average of its visible reviews (one decimal) and their count. */
export async function storeRating(storeId: number): Promise<{ average: number | null; count: number }> {
  const [row] = await db()
    .select({
      average: sql<string | null>`avg(${marketplaceReviews.rating})`,
      count: sql<number>`count(*)::int`,
    })
    .from(marketplaceReviews)
    .where(and(eq(marketplaceReviews.storeId, storeId), isNull(marketplaceReviews.hiddenAt)));
  const count = Number(row?.count ?? 0);
  return { average: count ? Math.round(Number(row!.average) * 10) / 10 : null, count };
}

/** The provider's one reply to a review of their sale. */
export async function replyToReview(providerId: string, transactionId: number, reply: string) {
  const text = reply.trim().slice(0, 1000);
  if (!text) return false;
  const updated = await db()
    .update(marketplaceReviews)
    .set({ reply: text, repliedAt: sql`now()` })
    .where(
      and(
        eq(marketplaceReviews.transactionId, transactionId),
        isNull(marketplaceReviews.reply),
        sql`exists (select 1 from ${marketplaceTransactions} where ${marketplaceTransactions.id} = ${transactionId} and ${marketplaceTransactions.providerId} = ${providerId})`,
      ),
    )
    .returning({ id: marketplaceReviews.transactionId });
  return updated.length > 0;
}

/**
 * Staff hide a review, saying why (PRODUCT.md: staff can hide a review with a reason): it leaves the
 * store's rating and count; the text stays for the statement to the reviewer. Composed into the staff
 * command's audited transaction (`tx`). A review hidden already, or none, is refused.
 */
export async function hideReview(
  transactionId: number,
  reason: string,
  options: { tx?: Transaction; now?: Date } = {},
): Promise<{ storeId: number; rating: number } | Refusal> {
  const why = reason.trim().slice(0, 500);
  if (!why) return refuse.invalid("trade:errors.noteRequired", {}, "reason");
  return inTransaction(options.tx, async (tx) => {
    const [hidden] = await tx
      .update(marketplaceReviews)
      .set({ hiddenAt: options.now ?? new Date(), hiddenReason: why })
      .where(and(eq(marketplaceReviews.transactionId, transactionId), isNull(marketplaceReviews.hiddenAt)))
      .returning({ storeId: marketplaceReviews.storeId, rating: marketplaceReviews.rating });
    if (!hidden) {
      const [exists] = await tx
        .select({ id: marketplaceReviews.transactionId })
        .from(marketplaceReviews)
        .where(eq(marketplaceReviews.transactionId, transactionId));
      return exists ? refuse.conflict("trade:review.hiddenAlready") : refuse.notFound();
    }
    // The statement of reasons to the reviewer (DSA), in their language.
    const [row] = await tx
      .select()
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.id, transactionId));
    if (row) await emailParties(tx, row, "review-hidden", ["customer"], { reason: why });
    return hidden;
  });
}

export interface OperatorRow {
  id: number;
  number: string;
  state: TransactionState;
  storeName: string;
  totalCents: number;
  updatedAt: string;
}

/** The back office's list: newest changes first, one state or all; disputes are the support queue. */
export async function operatorTransactions(
  state: TransactionState | null,
  limit = 100,
): Promise<OperatorRow[]> {
  const rows = await db()
    .select({
      id: marketplaceTransactions.id,
      state: marketplaceTransactions.state,
      storeName: marketplaceStores.name,
      totalCents: marketplaceTransactions.totalCents,
      updatedAt: marketplaceTransactions.updatedAt,
    })
    .from(marketplaceTransactions)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceTransactions.storeId))
    .where(state ? eq(marketplaceTransactions.state, state) : undefined)
    .orderBy(desc(marketplaceTransactions.updatedAt), desc(marketplaceTransactions.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, number: transactionNumber(r.id), updatedAt: r.updatedAt.toISOString() }));
}
