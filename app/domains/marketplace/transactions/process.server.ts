// The one writer of a marketplace transaction's state (`moveTransaction`): it locks the row, asks the
// process table (transaction-process.ts), applies the transition's effects on the listings, the payment
// and the provider's earnings in the same database transaction, logs the move with its actor and time,
// writes the e-mails to the outbox, and plans the new state's timers once it committed. Any other move
// is refused with the table's message and changes nothing.
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import { db, type Transaction } from "../../../platform/db/db.server";
import { afterCommit, inTransaction } from "../../../platform/db/transaction.server";
import { env } from "../../../platform/env.server";
import { defineJob, sendJob } from "../../../platform/jobs/jobs.server";
import { logger } from "../../../platform/logging/logger.server";
import { formatMoney, money } from "../../../platform/money";
import { isRefusal, type Refusal, refuse } from "../../../platform/refusal";
import { href } from "../../../routing/urls";
import { shopSetting } from "../../content/content.server";
import { queueEmail } from "../../notifications/notifications.server";
import { reserveRefund, settleRefund } from "../../payments/payments.server";
import { bookWalletEntry } from "../../wallet/wallet.server";
import { listingsChanged } from "../listings/listing-index.server";
import { localeOf } from "../listings/notices.server";
import { marketplaceListings } from "../tables.server";
import {
  marketplaceReviews,
  marketplaceTransactionItems,
  marketplaceTransactionLog,
  marketplaceTransactions,
} from "./tables.server";
import {
  checkTransition,
  DEFAULT_DURATIONS,
  earningsOf,
  FINAL_STATES,
  type ProcessDurations,
  ruleOf,
  type TransactionActor,
  type TransactionState,
  type TransactionTransition,
  timersOf,
} from "./transaction-process";

export type TransactionRow = typeof marketplaceTransactions.$inferSelect;

/** Who takes a transition: a role, and for people their user id (checked against the transaction). */
export interface ActorRef {
  role: TransactionActor;
  userId?: string | null;
}

/** The durations of the process with the operator's settings applied. */
export async function processDurations(): Promise<ProcessDurations> {
  const timers = await shopSetting("marketplaceTimers");
  return {
    ...DEFAULT_DURATIONS,
    itemNotSentDays: timers.itemNotSentDays,
    disputeWindowDays: timers.disputeWindowDays,
  };
}

/** The public number of a transaction (e-mails, the payment's reference, the pages). */
export function transactionNumber(id: number): string {
  return `M${String(id).padStart(7, "0")}`;
}

export function transactionUrl(id: number, locale: ReturnType<typeof localeOf>): string {
  const config = env();
  return `${config.BASE_URL}${href("my-marketplace-transaction", { id: String(id) }, locale, config.I18N_STRATEGY)}`;
}

/** Whether the person is the party the role says (the buyer for customer, the store's owner for provider). */
function isParty(row: TransactionRow, actor: ActorRef): boolean {
  if (actor.role === "customer") return actor.userId === row.buyerId;
  if (actor.role === "provider") return actor.userId === row.providerId;
  return true;
}

export interface MoveInput {
  /** A dispute's reason, an operator's statement, a carrier's event. */
  note?: string;
  carrier?: string;
  trackingCode?: string;
  /** review-by-customer: 1–5 stars and a text. */
  review?: { rating: number; body: string };
}

export interface Moved {
  transaction: TransactionRow;
  from: TransactionState;
}

// ----- effects --------------------------------------------------------------------------------------

async function listingsOf(tx: Transaction, transactionId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: marketplaceTransactionItems.listingId })
    .from(marketplaceTransactionItems)
    .where(eq(marketplaceTransactionItems.transactionId, transactionId));
  return rows.map((r) => r.id);
}

async function applyListingEffect(tx: Transaction, row: TransactionRow, effect: "release" | "sell") {
  const ids = await listingsOf(tx, row.id);
  if (ids.length === 0) return;
  await tx
    .update(marketplaceListings)
    .set({ state: effect === "release" ? "published" : "sold", updatedAt: sql`now()` })
    .where(and(inArray(marketplaceListings.id, ids), eq(marketplaceListings.state, "reserved")));
  listingsChanged(tx);
}

/** Refunds everything the buyer paid (reserved now, asked of the PSP after the commit); answers its id. */
async function refundInFull(tx: Transaction, row: TransactionRow): Promise<string | null | Refusal> {
  if (!row.paymentId || row.refundedCents >= row.totalCents) return null;
  const refund = await reserveRefund(
    {
      paymentId: row.paymentId,
      amountCents: row.totalCents - row.refundedCents,
      idempotencyKey: `marketplace:${row.id}:refund`,
      reason: "marketplace",
    },
    { tx },
  );
  if (isRefusal(refund)) return refund;
  return refund.id;
}

/**
 * E-mails the parties of a transaction (outbox, in their language, in the caller's transaction) the
 * message `trade:email.<event>.<role>`: a transition of the table, or a dispute's event (a new message).
 * `extra` adds values to the message (an operator's statement, a message's text).
 */
export async function emailParties(
  tx: Transaction,
  row: TransactionRow,
  event: string,
  parties: readonly ("customer" | "provider")[],
  extra: Record<string, string> = {},
) {
  if (parties.length === 0) return;
  const ids = parties.map((p) => (p === "customer" ? row.buyerId : row.providerId));
  const people = await tx
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      name: user.name,
      locale: user.locale,
    })
    .from(user)
    .where(inArray(user.id, ids));
  const [first] = await tx
    .select({ title: marketplaceTransactionItems.title })
    .from(marketplaceTransactionItems)
    .where(eq(marketplaceTransactionItems.transactionId, row.id))
    .limit(1);
  for (const party of parties) {
    const person = people.find((p) => p.id === (party === "customer" ? row.buyerId : row.providerId));
    if (!person) continue;
    const locale = localeOf(person.locale);
    await queueEmail(
      {
        to: person.email,
        locale,
        template: "marketplaceTransaction",
        data: {
          transition: event,
          role: party,
          name: person.firstName || person.name,
          values: {
            number: transactionNumber(row.id),
            title: first?.title ?? "",
            total: formatMoney(money(row.totalCents), locale),
            earnings: formatMoney(money(earningsOf(row)), locale),
            tracking: row.trackingCode ?? "",
            ...extra,
          },
          url: transactionUrl(row.id, locale),
        },
      },
      { tx },
    );
  }
}

// ----- the writer -----------------------------------------------------------------------------------

/**
 * Takes `transition` on transaction `id` as `actor`, or refuses: not-found for someone who is not a party,
 * conflict (409, the table's translated message) for a move the table refuses. In the caller's
 * transaction when it passes one (the payment listener does). `now` is the clock the guards read.
 */
export async function moveTransaction(
  id: number,
  transition: TransactionTransition,
  actor: ActorRef,
  input: MoveInput = {},
  options: { tx?: Transaction; now?: Date; durations?: ProcessDurations } = {},
): Promise<Moved | Refusal> {
  const now = options.now ?? new Date();
  // Settings are read outside transactions (one connection on PGlite): a move composed into a caller's
  // transaction (the payment listener: confirm-payment, failed-payment, whose guards read no setting)
  // checks with the defaults, and its timers are planned with the settings after the commit.
  const durations = options.durations ?? (options.tx ? undefined : await processDurations());
  return inTransaction(options.tx, async (tx) => {
    const [row] = await tx
      .select()
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.id, id))
      .for("update");
    if (!row || !isParty(row, actor)) return refuse.notFound();
    const check = checkTransition(
      row.state,
      transition,
      actor.role,
      { enteredAt: row.stateEnteredAt, now },
      durations,
    );
    if ("refused" in check) return refuse.conflict(check.messageKey);
    const rule = ruleOf(transition);
    if (rule.needs === "tracking" && !input.trackingCode?.trim())
      return refuse.invalid("trade:errors.trackingRequired", {}, "trackingCode");
    if ((rule.needs === "reason" || rule.needs === "statement") && !input.note?.trim())
      return refuse.invalid("trade:errors.noteRequired", {}, "note");
    if (rule.needs === "review") {
      const review = input.review;
      if (!review || !Number.isInteger(review.rating) || review.rating < 1 || review.rating > 5)
        return refuse.invalid("trade:errors.ratingRequired", {}, "rating");
      if (!review.body.trim()) return refuse.invalid("trade:errors.reviewTextRequired", {}, "body");
      await tx.insert(marketplaceReviews).values({
        transactionId: row.id,
        storeId: row.storeId,
        buyerId: row.buyerId,
        rating: review.rating,
        body: review.body.trim().slice(0, 2000),
      });
    }

    const changes: Partial<typeof marketplaceTransactions.$inferInsert> = {
      state: check.to,
      stateEnteredAt: now,
      updatedAt: now,
    };
    let refundId: string | null = null;
    if (rule.money === "paid") changes.earnings = "pending";
    if (rule.money === "refund") {
      const refunded = await refundInFull(tx, row);
      if (isRefusal(refunded)) return refunded;
      refundId = refunded;
      changes.refundedCents = row.paymentId ? row.totalCents : 0;
      if (row.earnings === "available") {
        // Not reachable through PRODUCT.md's table (no refund after completion); kept so a refund always
        // takes the earnings back, as far as the wallet holds them (it never goes below 0).
        const booked = await bookWalletEntry(
          {
            userId: row.providerId,
            amountCents: -earningsOf(row),
            kind: "marketplace",
            reference: transactionNumber(row.id),
            idempotencyKey: `marketplace:${row.id}:earnings-back`,
          },
          { tx },
        );
        if (isRefusal(booked))
          logger.warn({ transactionId: row.id }, "earnings could not be taken back in full");
      }
      if (row.earnings !== "none") changes.earnings = "reversed";
    }
    if (rule.money === "earnings-available" && row.earnings === "pending") {
      const earned = earningsOf(row);
      if (earned > 0) {
        const booked = await bookWalletEntry(
          {
            userId: row.providerId,
            amountCents: earned,
            kind: "marketplace",
            reference: transactionNumber(row.id),
            idempotencyKey: `marketplace:${row.id}:earnings`,
          },
          { tx },
        );
        if (isRefusal(booked)) return booked;
      }
      changes.earnings = "available";
    }
    if (rule.needs === "tracking") {
      changes.trackingCode = input.trackingCode!.trim();
      changes.carrier = input.carrier ?? "sandbox";
    }
    const [updated] = await tx
      .update(marketplaceTransactions)
      .set(changes)
      .where(eq(marketplaceTransactions.id, id))
      .returning();
    if (rule.listing === "release" || rule.listing === "sell")
      await applyListingEffect(tx, updated!, rule.listing);
    await tx.insert(marketplaceTransactionLog).values({
      transactionId: id,
      transition,
      fromState: row.state,
      toState: check.to,
      actor: actor.role,
      actorId: actor.userId ?? null,
      note: input.note?.trim() || null,
      createdAt: now,
    });
    await emailParties(tx, updated!, transition, rule.notify, { statement: input.note?.trim() ?? "" });
    afterCommit(tx, () => {
      void planTimers(updated!, durations);
      if (refundId)
        void settleRefund(refundId).catch((error) =>
          logger.warn({ err: error, refundId }, "marketplace refund: the PSP will be asked again"),
        );
    });
    return { transaction: updated!, from: row.state };
  });
}

// ----- timers -----------------------------------------------------------------------------------------

interface TimerData {
  transactionId: number;
  transition: TransactionTransition;
}

/** A job id derived from the transaction and transition: planning the same timer twice queues it once. */
export function timerJobId(transactionId: number, transition: TransactionTransition): string {
  const hex = createHash("sha256").update(`marketplace-timer:${transactionId}:${transition}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Fires a timer at `now`: the transition is taken by the system if the transaction is still in a state
 * that has this timer and it is due; otherwise nothing happens (it became impossible, or ran already).
 * Answers whether it moved the transaction. Safe to run twice, and at the same time as a webhook.
 */
export async function fireTimer(
  data: TimerData,
  now = new Date(),
  durations?: ProcessDurations,
): Promise<boolean> {
  const d = durations ?? (await processDurations());
  const [row] = await db()
    .select({ state: marketplaceTransactions.state, enteredAt: marketplaceTransactions.stateEnteredAt })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.id, data.transactionId));
  if (!row) return false;
  const timer = timersOf(row.state, row.enteredAt, d).find((t) => t.transition === data.transition);
  if (!timer || timer.dueAt.getTime() > now.getTime()) return false;
  const moved = await moveTransaction(
    data.transactionId,
    data.transition,
    { role: "system" },
    {},
    { now, durations: d },
  );
  if (isRefusal(moved)) {
    logger.debug({ ...data, refused: moved.messageKey }, "marketplace timer: nothing to do");
    return false;
  }
  return true;
}

export const transactionTimerJob = defineJob<TimerData>({
  name: "marketplace.transaction-timer",
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  async handle(data) {
    await fireTimer(data);
  },
});

/** Queues the timers of the transaction's current state (each once, by its derived job id). */
export async function planTimers(
  row: Pick<TransactionRow, "id" | "state" | "stateEnteredAt">,
  durations?: ProcessDurations,
) {
  const d = durations ?? (await processDurations());
  for (const timer of timersOf(row.state, row.stateEnteredAt, d)) {
    try {
      await sendJob(
        transactionTimerJob,
        { transactionId: row.id, transition: timer.transition },
        { id: timerJobId(row.id, timer.transition), startAfter: timer.dueAt },
      );
    } catch (error) {
      logger.warn(
        { err: error, transactionId: row.id },
        "marketplace timer not queued: the sweep plans it again",
      );
    }
  }
}

/** States that have timers (the sweep reads only these). */
const TIMED_STATES = (
  ["pending-payment", "payment-complete", "item-sent", "not-delivered", "delivered"] as const
).filter((s) => !FINAL_STATES.includes(s));

/**
 * Every open transaction's due timers, fired at `now` (the injected clock of the tests), and the others
 * queued again: after a restart, or a job lost, the table plans them anew. Answers how many moved.
 */
export async function sweepTimers(now = new Date(), durations?: ProcessDurations): Promise<number> {
  const d = durations ?? (await processDurations());
  const rows = await db()
    .select({
      id: marketplaceTransactions.id,
      state: marketplaceTransactions.state,
      stateEnteredAt: marketplaceTransactions.stateEnteredAt,
    })
    .from(marketplaceTransactions)
    .where(inArray(marketplaceTransactions.state, [...TIMED_STATES]));
  let moved = 0;
  for (const row of rows) {
    const timers = timersOf(row.state, row.stateEnteredAt, d);
    for (const timer of timers.filter((t) => t.dueAt.getTime() <= now.getTime()))
      if (await fireTimer({ transactionId: row.id, transition: timer.transition }, now, d)) moved++;
    if (timers.some((t) => t.dueAt.getTime() > now.getTime())) await planTimers(row, d);
  }
  return moved;
}

export const sweepTransactionTimersJob = defineJob<Record<string, never>>({
  name: "marketplace.sweep-timers",
  schedule: { cron: "*/5 * * * *", data: {} },
  async handle() {
    const moved = await sweepTimers();
    if (moved > 0) logger.info({ moved }, "marketplace timers fired by the sweep");
  },
});
