import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { afterEntry, availableCents, holdMayMove } from "./ledger";
import { type GiftCardEntryKind, giftCardEntries, giftCardHolds, giftCards } from "./tables.server";

interface Entry {
  cardId: number;
  kind: GiftCardEntryKind;
  amountCents: number;
  idempotencyKey: string;
  reference?: string | null;
  note?: string | null;
}

/**
 * Books one entry on a locked card: the card's money and the ledger change together or not at all. The
 * row lock makes concurrent moves on one card wait for each other; the checks on the table would refuse a
 * move that slipped past anyway. Answers false when the key was booked before (nothing booked now).
 */
async function book(tx: Transaction, entry: Entry): Promise<boolean | Refusal> {
  const [done] = await tx
    .select({ id: giftCardEntries.id })
    .from(giftCardEntries)
    .where(eq(giftCardEntries.idempotencyKey, entry.idempotencyKey));
  if (done) return false;
  const [card] = await tx
    .select({ balanceCents: giftCards.balanceCents, heldCents: giftCards.heldCents })
    .from(giftCards)
    .where(eq(giftCards.id, entry.cardId))
    .for("update");
  if (!card) return refuse.notFound("giftcard:errors.notFound");
  const next = afterEntry(card, entry.kind, entry.amountCents);
  if (!next) return refuse.conflict("giftcard:errors.insufficient", { available: availableCents(card) });
  await tx.update(giftCards).set(next).where(eq(giftCards.id, entry.cardId));
  await tx.insert(giftCardEntries).values({
    cardId: entry.cardId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    idempotencyKey: entry.idempotencyKey,
    reference: entry.reference ?? null,
    note: entry.note ?? null,
  });
  return true;
}

export interface GiftCardHold {
  holdId: number;
  cardId: number;
  amountCents: number;
}

/**
 * Holds `amountCents` of a card for an order (at place-order). Once per card and order: sent again it
 * answers the hold made the first time. Refused for a blocked or expired card or more than is available.
 */
export async function holdGiftCard(
  input: { cardId: number; amountCents: number; orderReference: string },
  options: { tx?: Transaction } = {},
): Promise<GiftCardHold | Refusal> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error("A hold is a positive number of cents");
  return transaction(
    async (tx) => {
      const [card] = await tx
        .select({ status: giftCards.status, expired: sql<boolean>`${giftCards.validUntil} <= now()` })
        .from(giftCards)
        .where(eq(giftCards.id, input.cardId))
        .for("update");
      if (!card) return refuse.notFound("giftcard:errors.notFound");
      const [existing] = await tx
        .select({
          holdId: giftCardHolds.id,
          cardId: giftCardHolds.cardId,
          amountCents: giftCardHolds.amountCents,
        })
        .from(giftCardHolds)
        .where(
          and(eq(giftCardHolds.cardId, input.cardId), eq(giftCardHolds.orderReference, input.orderReference)),
        );
      if (existing) return existing;
      if (card.status === "blocked") return refuse.conflict("giftcard:errors.blocked");
      if (card.expired) return refuse.conflict("giftcard:errors.expired");
      const booked = await book(tx, {
        cardId: input.cardId,
        kind: "hold",
        amountCents: input.amountCents,
        idempotencyKey: `hold:${input.orderReference}:${input.cardId}`,
        reference: input.orderReference,
      });
      if (typeof booked !== "boolean") return booked;
      const [hold] = await tx
        .insert(giftCardHolds)
        .values({
          cardId: input.cardId,
          orderReference: input.orderReference,
          amountCents: input.amountCents,
        })
        .returning({
          holdId: giftCardHolds.id,
          cardId: giftCardHolds.cardId,
          amountCents: giftCardHolds.amountCents,
        });
      return hold as GiftCardHold;
    },
    { on: options.tx },
  );
}

/**
 * Ends an order's holds: `spent` when it is paid, `released` when it is not (failed, cancelled, expired).
 * Holds already ended stay as they are, so a late or repeated call changes nothing. Answers the cents moved.
 */
export async function settleGiftCardHolds(
  input: { orderReference: string; outcome: "spent" | "released" },
  options: { tx?: Transaction } = {},
): Promise<number> {
  return transaction(
    async (tx) => {
      const holds = await tx
        .select({
          id: giftCardHolds.id,
          cardId: giftCardHolds.cardId,
          amountCents: giftCardHolds.amountCents,
          state: giftCardHolds.state,
        })
        .from(giftCardHolds)
        .where(eq(giftCardHolds.orderReference, input.orderReference))
        .orderBy(asc(giftCardHolds.cardId))
        .for("update");
      let moved = 0;
      for (const hold of holds) {
        if (!holdMayMove(hold.state, input.outcome)) continue;
        const booked = await book(tx, {
          cardId: hold.cardId,
          kind: input.outcome === "spent" ? "spend" : "release",
          amountCents: hold.amountCents,
          idempotencyKey: `${input.outcome}:${hold.id}`,
          reference: input.orderReference,
        });
        // A held amount is always on the card: not being able to end it is a bug, not a "no".
        if (typeof booked !== "boolean")
          throw new Error(`gift card hold ${hold.id} could not be ${input.outcome}`);
        await tx.update(giftCardHolds).set({ state: input.outcome }).where(eq(giftCardHolds.id, hold.id));
        moved += hold.amountCents;
      }
      return moved;
    },
    { on: options.tx },
  );
}

export interface GiftCardRefund {
  /** Back on cards still valid. */
  toCards: { cardId: number; last4: string; amountCents: number }[];
  /** What expired cards paid: the caller credits it to the wallet (PRODUCT.md) or the buyer otherwise. */
  expiredCents: number;
  /** What the cards did not pay (the rest goes back another way). */
  leftCents: number;
}

/**
 * Gives up to `amountCents` of an order back to the cards that paid it, never more than each card spent
 * on it (less what went back before). Once per idempotency key: sent again it moves nothing more.
 */
export async function refundToGiftCards(
  input: { orderReference: string; amountCents: number; idempotencyKey: string },
  options: { tx?: Transaction } = {},
): Promise<GiftCardRefund> {
  return transaction(
    async (tx) => {
      const holds = await tx
        .select({
          id: giftCardHolds.id,
          cardId: giftCardHolds.cardId,
          last4: giftCards.last4,
          left: sql<number>`${giftCardHolds.amountCents} - ${giftCardHolds.refundedCents}`.mapWith(Number),
          expired: sql<boolean>`${giftCards.validUntil} <= now()`,
        })
        .from(giftCardHolds)
        .innerJoin(giftCards, eq(giftCards.id, giftCardHolds.cardId))
        .where(
          and(
            eq(giftCardHolds.orderReference, input.orderReference),
            eq(giftCardHolds.state, "spent"),
            sql`${giftCardHolds.refundedCents} < ${giftCardHolds.amountCents}`,
          ),
        )
        .orderBy(asc(giftCardHolds.id))
        .for("update", { of: giftCardHolds });
      const outcome: GiftCardRefund = { toCards: [], expiredCents: 0, leftCents: input.amountCents };
      for (const hold of holds) {
        if (outcome.leftCents === 0) break;
        const amountCents = Math.min(hold.left, outcome.leftCents);
        const key = `${input.idempotencyKey}:${hold.id}`;
        const booked = hold.expired
          ? await tx
              .insert(giftCardEntries)
              .values({
                cardId: hold.cardId,
                kind: "refund",
                amountCents,
                idempotencyKey: key,
                reference: input.orderReference,
                note: "expired: to wallet",
              })
              .onConflictDoNothing()
              .returning({ id: giftCardEntries.id })
              .then((rows) => rows.length === 1)
          : await book(tx, {
              cardId: hold.cardId,
              kind: "refund",
              amountCents,
              idempotencyKey: key,
              reference: input.orderReference,
            });
        if (typeof booked !== "boolean") throw new Error(`refund to gift card hold ${hold.id} refused`);
        if (!booked) continue;
        await tx
          .update(giftCardHolds)
          .set({ refundedCents: sql`${giftCardHolds.refundedCents} + ${amountCents}` })
          .where(eq(giftCardHolds.id, hold.id));
        outcome.leftCents -= amountCents;
        if (hold.expired) outcome.expiredCents += amountCents;
        else outcome.toCards.push({ cardId: hold.cardId, last4: hold.last4, amountCents });
      }
      return outcome;
    },
    { on: options.tx },
  );
}

/** A staff correction (signed cents, with a reason); refused when it would take the card below what is held. */
export async function adjustGiftCard(
  input: { cardId: number; amountCents: number; note: string; idempotencyKey: string },
  options: { tx?: Transaction } = {},
): Promise<true | Refusal> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0)
    return refuse.invalid("giftcard:errors.adjustmentZero", {}, "amount");
  return transaction(
    async (tx) => {
      const booked = await book(tx, { ...input, kind: "adjustment" });
      return typeof booked === "boolean" ? true : booked;
    },
    { on: options.tx },
  );
}

/**
 * What expired cards still have (less what is held for orders placed before the end) leaves them: the
 * daily job. Answers how many cards it expired.
 */
export async function expireGiftCards(now: Date = new Date()): Promise<number> {
  const cards = await transaction(async (tx) =>
    tx
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(
        and(lte(giftCards.validUntil, now), gt(sql`${giftCards.balanceCents} - ${giftCards.heldCents}`, 0)),
      ),
  );
  let expired = 0;
  for (const { id } of cards) {
    await transaction(async (tx) => {
      const [card] = await tx
        .select({ balanceCents: giftCards.balanceCents, heldCents: giftCards.heldCents })
        .from(giftCards)
        .where(eq(giftCards.id, id))
        .for("update");
      if (!card || availableCents(card) <= 0) return;
      const booked = await book(tx, {
        cardId: id,
        kind: "expire",
        amountCents: availableCents(card),
        idempotencyKey: `expire:${id}:${now.toISOString()}`,
      });
      if (booked === true) expired++;
    });
  }
  return expired;
}

/**
 * Expiry as a timer job, like the shop's other timers: every night on the shop's clock (a card past its
 * end can no longer be held for an order anyway; this books what was left on it as `expire`, and money
 * released after the end is expired by the next run).
 */
export const expireGiftCardsJob = defineJob<{ reason: string }>({
  name: "gift-cards.expire",
  schedule: { cron: "20 0 * * *", data: { reason: "schedule" } },
  options: { retryLimit: 3, expireInSeconds: 600 },
  async handle() {
    const expired = await expireGiftCards();
    if (expired > 0) logger.info({ expired }, "gift cards expired");
  },
});

/** Blocks or unblocks a card: a blocked card cannot be held for an order (what was held still settles). */
export async function setGiftCardBlocked(
  input: { cardId: number; blocked: boolean },
  options: { tx?: Transaction } = {},
): Promise<true | Refusal> {
  return transaction(
    async (tx) => {
      const [card] = await tx
        .update(giftCards)
        .set({ status: input.blocked ? "blocked" : "active" })
        .where(eq(giftCards.id, input.cardId))
        .returning({ id: giftCards.id });
      return card ? true : refuse.notFound("giftcard:errors.notFound");
    },
    { on: options.tx },
  );
}

/** What the gift cards that paid an order can still take back (spent less refunded). */
export async function giftCardRefundableCents(
  orderReference: string,
  options: { tx?: Transaction } = {},
): Promise<number> {
  const [row] = await (options.tx ?? db())
    .select({
      left: sql<string>`coalesce(sum(${giftCardHolds.amountCents} - ${giftCardHolds.refundedCents}), 0)`,
    })
    .from(giftCardHolds)
    .where(and(eq(giftCardHolds.orderReference, orderReference), eq(giftCardHolds.state, "spent")));
  return Number(row?.left ?? 0);
}

/** Whether a refund under this key was booked on any card (refund keys are `<key>:<hold>`). */
export async function giftCardRefundKeyUsed(
  key: string,
  options: { tx?: Transaction } = {},
): Promise<boolean> {
  const [row] = await (options.tx ?? db())
    .select({ id: giftCardEntries.id })
    .from(giftCardEntries)
    .where(
      and(
        eq(giftCardEntries.kind, "refund"),
        sql`starts_with(${giftCardEntries.idempotencyKey}, ${`${key}:`})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
