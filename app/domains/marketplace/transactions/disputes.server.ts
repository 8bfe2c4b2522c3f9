// Disputes (PRODUCT.md "Marketplace", decision 0047): within the dispute window the buyer opens one with a
// reason and 1–5 photos (the process's `dispute-by-customer`, taken by the one writer); the buyer, the
// provider and support talk in its conversation while it is open; it ends by a transition of the table
// (the buyer withdraws, the provider accepts the refund, support decides for either side with a
// statement). Each new message is e-mailed to the other side(s).
import { asc, eq, sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import { transaction } from "../../../platform/db/transaction.server";
import { isRefusal, type Refusal, refuse } from "../../../platform/refusal";
import { marketplaceStores } from "../tables.server";
import { discardDisputePhotos, readDisputePhoto, storeDisputePhotos } from "./dispute-photos.server";
import {
  emailParties,
  type Moved,
  moveTransaction,
  processDurations,
  transactionNumber,
} from "./process.server";
import {
  type DisputeAuthor,
  marketplaceDisputeMessages,
  marketplaceDisputes,
  marketplaceTransactionItems,
  marketplaceTransactionLog,
  marketplaceTransactions,
} from "./tables.server";
import { checkTransition, type TransactionTransition } from "./transaction-process";

/** The transitions that leave the `dispute` state: how a dispute ended. */
const ENDINGS: readonly TransactionTransition[] = [
  "dispute-resolved-by-customer",
  "dispute-resolved-by-operator",
  "refund-after-dispute",
  "refund-after-dispute-by-operator",
];

export interface DisputeView {
  reason: string;
  openedAt: string;
  /** The photos by their place (0–4): read through the photo routes, never public. */
  photos: { n: number; width: number; height: number }[];
  messages: { id: number; author: DisputeAuthor; body: string; at: string }[];
  open: boolean;
  /** How it ended (a transition of the table) and the statement that came with it. */
  outcome: { transition: TransactionTransition; note: string | null; at: string } | null;
}

/**
 * The buyer opens a dispute: the table decides (delivered, within the window, the buyer only), the photos
 * are checked and stored, and the move, the dispute and the e-mails to both sides commit together. A
 * refusal changes nothing and keeps no photo.
 */
export async function openDispute(
  buyerId: string,
  id: number,
  input: { reason: string; photos: readonly Blob[] },
  options: { now?: Date } = {},
): Promise<Moved | Refusal> {
  const now = options.now ?? new Date();
  const durations = await processDurations();
  const [row] = await db()
    .select({
      buyerId: marketplaceTransactions.buyerId,
      state: marketplaceTransactions.state,
      enteredAt: marketplaceTransactions.stateEnteredAt,
    })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.id, id));
  if (!row || row.buyerId !== buyerId) return refuse.notFound();
  // Asked before a photo is read: a refused move stores nothing (the writer asks again under its lock).
  const check = checkTransition(
    row.state,
    "dispute-by-customer",
    "customer",
    { enteredAt: row.enteredAt, now },
    durations,
  );
  if ("refused" in check) return refuse.conflict(check.messageKey);
  const reason = input.reason.trim();
  if (!reason) return refuse.invalid("trade:errors.noteRequired", {}, "reason");
  const photos = await storeDisputePhotos(input.photos);
  if (isRefusal(photos)) return photos;
  const opened = await transaction(async (tx) => {
    const moved = await moveTransaction(
      id,
      "dispute-by-customer",
      { role: "customer", userId: buyerId },
      { note: reason },
      { tx, now, durations },
    );
    if (isRefusal(moved)) return moved;
    await tx
      .insert(marketplaceDisputes)
      .values({ transactionId: id, reason: reason.slice(0, 2000), photos, createdAt: now });
    return moved;
  });
  if (isRefusal(opened)) await discardDisputePhotos(photos);
  return opened;
}

/** Who writes in a dispute: a party (checked against the transaction) or support. */
export interface DisputeWriter {
  author: DisputeAuthor;
  userId: string | null;
}

/**
 * A message in an open dispute, e-mailed to the other side(s) (support reads the queue). Someone who is
 * not a party gets a 404 that says nothing; a dispute that ended takes no message (409).
 */
export async function postDisputeMessage(
  writer: DisputeWriter,
  id: number,
  body: string,
): Promise<{ id: number } | Refusal> {
  const text = body.trim().slice(0, 2000);
  if (!text) return refuse.invalid("trade:dispute.messageRequired", {}, "body");
  return transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.id, id))
      .for("update");
    const party =
      writer.author === "operator" ||
      (writer.author === "customer" && row?.buyerId === writer.userId) ||
      (writer.author === "provider" && row?.providerId === writer.userId);
    if (!row || !party) return refuse.notFound();
    const [dispute] = await tx
      .select({ id: marketplaceDisputes.transactionId })
      .from(marketplaceDisputes)
      .where(eq(marketplaceDisputes.transactionId, id));
    if (!dispute) return refuse.notFound();
    if (row.state !== "dispute") return refuse.conflict("trade:dispute.closed");
    const [message] = await tx
      .insert(marketplaceDisputeMessages)
      .values({ transactionId: id, author: writer.author, authorId: writer.userId, body: text })
      .returning({ id: marketplaceDisputeMessages.id });
    const others = (["customer", "provider"] as const).filter((p) => p !== writer.author);
    await emailParties(tx, row, "dispute-message", others, {
      message: text.length > 300 ? `${text.slice(0, 299)}…` : text,
    });
    return { id: message!.id };
  });
}

/** A transaction's dispute as its parties and support read it, or null when there is none. */
export async function disputeOf(id: number): Promise<DisputeView | null> {
  const [dispute] = await db()
    .select()
    .from(marketplaceDisputes)
    .where(eq(marketplaceDisputes.transactionId, id));
  if (!dispute) return null;
  const [messages, [state], endings] = await Promise.all([
    db()
      .select()
      .from(marketplaceDisputeMessages)
      .where(eq(marketplaceDisputeMessages.transactionId, id))
      .orderBy(asc(marketplaceDisputeMessages.id)),
    db()
      .select({ state: marketplaceTransactions.state })
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.id, id)),
    db()
      .select()
      .from(marketplaceTransactionLog)
      .where(eq(marketplaceTransactionLog.transactionId, id))
      .orderBy(asc(marketplaceTransactionLog.id)),
  ]);
  const ending = endings.find((l) => ENDINGS.includes(l.transition));
  return {
    reason: dispute.reason,
    openedAt: dispute.createdAt.toISOString(),
    photos: dispute.photos.map((p, n) => ({ n, width: p.width, height: p.height })),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      at: m.createdAt.toISOString(),
    })),
    open: state?.state === "dispute",
    outcome: ending
      ? { transition: ending.transition, note: ending.note, at: ending.createdAt.toISOString() }
      : null,
  };
}

/**
 * A dispute photo's bytes (WebP) for a party (`viewer` their user id) or support (`viewer` null with
 * `asOperator`); null for anyone else or a photo that is not there.
 */
export async function disputePhoto(
  id: number,
  n: number,
  viewer: { userId: string } | { asOperator: true },
): Promise<Buffer | null> {
  const [row] = await db()
    .select({
      photos: marketplaceDisputes.photos,
      buyerId: marketplaceTransactions.buyerId,
      providerId: marketplaceTransactions.providerId,
    })
    .from(marketplaceDisputes)
    .innerJoin(marketplaceTransactions, eq(marketplaceTransactions.id, marketplaceDisputes.transactionId))
    .where(eq(marketplaceDisputes.transactionId, id));
  if (!row) return null;
  if ("userId" in viewer && viewer.userId !== row.buyerId && viewer.userId !== row.providerId) return null;
  const photo = Number.isSafeInteger(n) ? row.photos[n] : undefined;
  return photo ? readDisputePhoto(photo.file) : null;
}

export interface DisputeQueueRow {
  id: number;
  number: string;
  storeName: string;
  title: string;
  reason: string;
  totalCents: number;
  openedAt: string;
  messages: number;
  /** Who wrote last (support answers when it is not itself). */
  lastAuthor: DisputeAuthor | null;
}

/** Support's queue: the open disputes, oldest first (the longest waiting on top). */
export async function disputeQueue(limit = 200): Promise<DisputeQueueRow[]> {
  const rows = await db()
    .select({
      id: marketplaceTransactions.id,
      storeName: marketplaceStores.name,
      reason: marketplaceDisputes.reason,
      totalCents: marketplaceTransactions.totalCents,
      openedAt: marketplaceTransactions.stateEnteredAt,
      title: sql<string>`(select min(${marketplaceTransactionItems.title}) from ${marketplaceTransactionItems} where ${marketplaceTransactionItems.transactionId} = ${marketplaceTransactions.id})`,
      messages: sql<number>`(select count(*)::int from ${marketplaceDisputeMessages} where ${marketplaceDisputeMessages.transactionId} = ${marketplaceTransactions.id})`,
      lastAuthor: sql<DisputeAuthor | null>`(select ${marketplaceDisputeMessages.author} from ${marketplaceDisputeMessages} where ${marketplaceDisputeMessages.transactionId} = ${marketplaceTransactions.id} order by ${marketplaceDisputeMessages.id} desc limit 1)`,
    })
    .from(marketplaceTransactions)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceTransactions.storeId))
    .leftJoin(marketplaceDisputes, eq(marketplaceDisputes.transactionId, marketplaceTransactions.id))
    .where(eq(marketplaceTransactions.state, "dispute"))
    .orderBy(asc(marketplaceTransactions.stateEnteredAt), asc(marketplaceTransactions.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    number: transactionNumber(r.id),
    storeName: r.storeName,
    title: r.title ?? "",
    reason: r.reason ?? "",
    totalCents: r.totalCents,
    openedAt: r.openedAt.toISOString(),
    messages: Number(r.messages),
    lastAuthor: r.lastAuthor ?? null,
  }));
}

/** The dashboard's figure: how many disputes are open and since when the oldest. */
export async function openDisputes(): Promise<{ open: number; oldest: string | null }> {
  const [row] = await db()
    .select({
      open: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${marketplaceTransactions.stateEnteredAt})`,
    })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.state, "dispute"));
  const oldest = row?.oldest ? new Date(row.oldest).toISOString() : null;
  return { open: Number(row?.open ?? 0), oldest };
}
