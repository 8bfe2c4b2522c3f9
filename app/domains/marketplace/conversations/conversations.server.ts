// Conversations per listing between a buyer and the provider, with offers inline (offers.ts), masked
// contact details (masking.ts), a rate limit, and an e-mail when a message waits. Only the two parties
// read a conversation; to anyone else it does not exist.
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import { db, type Transaction } from "../../../platform/db/db.server";
import { inTransaction } from "../../../platform/db/transaction.server";
import { env } from "../../../platform/env.server";
import { formatMoney, money } from "../../../platform/money";
import { isRefusal, type Refusal, refuse } from "../../../platform/refusal";
import { countAttempt } from "../../../platform/throttle/throttle.server";
import { href } from "../../../routing/urls";
import { queueEmail } from "../../notifications/notifications.server";
import { localeOf } from "../listings/notices.server";
import {
  marketplaceConversations,
  marketplaceListings,
  marketplaceMessages,
  marketplaceOffers,
  marketplaceStores,
} from "../tables.server";
import { type ContactKind, maskContactDetails } from "./masking";
import {
  ACCEPTED_HOLD_HOURS,
  currentOfferState,
  OFFER_ANSWER_HOURS,
  type OfferAnswer,
  type OfferParty,
  type OfferState,
  offerAmountRefusal,
  offerAnswerRefusal,
} from "./offers";

import { type Party, partyOf } from "./party.server";

const HOUR = 3_600_000;
/** Messages (and offers) one customer may send: a burst limit and an hourly one. */
export const MESSAGE_LIMITS = [
  { limit: 8, windowSeconds: 60 },
  { limit: 60, windowSeconds: 3600 },
] as const;
export const MAX_MESSAGE_CHARS = 1000;

async function throttled(userId: string): Promise<Refusal | null> {
  for (const rule of MESSAGE_LIMITS) {
    const attempts = await countAttempt(`mkt-msg:${rule.windowSeconds}:${userId}`, rule);
    if (attempts > rule.limit)
      return refuse.tooMany("marketplace:errors.tooManyMessages", { retryAfterSeconds: rule.windowSeconds });
  }
  return null;
}

/**
 * Opens (or finds) the buyer's conversation about a listing for sale. Nobody talks to themselves, and a
 * listing that is not public cannot be asked about.
 */
export async function conversationAbout(
  buyerId: string,
  listingId: number,
  options: { tx?: Transaction } = {},
): Promise<{ id: number } | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const [listing] = await tx
      .select({ storeId: marketplaceListings.storeId, owner: marketplaceStores.userId })
      .from(marketplaceListings)
      .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
      .where(
        and(
          eq(marketplaceListings.id, listingId),
          inArray(marketplaceListings.state, ["published", "reserved"]),
          eq(marketplaceStores.banned, false),
        ),
      );
    if (!listing) return refuse.notFound("marketplace:errors.notFound");
    if (listing.owner === buyerId) return refuse.conflict("marketplace:errors.ownListing");
    await tx
      .insert(marketplaceConversations)
      .values({ listingId, buyerId, storeId: listing.storeId })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: marketplaceConversations.id })
      .from(marketplaceConversations)
      .where(
        and(eq(marketplaceConversations.listingId, listingId), eq(marketplaceConversations.buyerId, buyerId)),
      );
    return { id: row!.id };
  });
}

/** Writes a line and e-mails the other party when it is the first one waiting for them. */
async function post(
  tx: Transaction,
  party: Party,
  senderId: string,
  line: { kind: string; body: string; masked?: boolean; offerId?: number },
): Promise<number> {
  const recipientRead =
    party.role === "customer" ? marketplaceConversations.sellerReadAt : marketplaceConversations.buyerReadAt;
  const [waiting] = await tx
    .select({ unread: sql<number>`count(*)::int` })
    .from(marketplaceMessages)
    .innerJoin(marketplaceConversations, eq(marketplaceConversations.id, marketplaceMessages.conversationId))
    .where(
      and(
        eq(marketplaceMessages.conversationId, party.conversationId),
        eq(marketplaceMessages.senderId, senderId),
        sql`${marketplaceMessages.createdAt} > coalesce(${recipientRead}, 'epoch'::timestamptz)`,
      ),
    );
  const [message] = await tx
    .insert(marketplaceMessages)
    .values({ conversationId: party.conversationId, senderId, ...line })
    .returning({ id: marketplaceMessages.id });
  await tx
    .update(marketplaceConversations)
    .set({
      lastMessageAt: sql`now()`,
      ...(party.role === "customer" ? { buyerReadAt: sql`now()` } : { sellerReadAt: sql`now()` }),
    })
    .where(eq(marketplaceConversations.id, party.conversationId));
  if (Number(waiting?.unread ?? 0) === 0) await emailWaiting(tx, party, senderId);
  return message!.id;
}

async function emailWaiting(tx: Transaction, party: Party, senderId: string): Promise<void> {
  const recipientId = party.role === "customer" ? party.providerId : party.buyerId;
  const [people] = await tx
    .select({ email: user.email, firstName: user.firstName, locale: user.locale })
    .from(user)
    .where(eq(user.id, recipientId));
  const [sender] = await tx.select({ firstName: user.firstName }).from(user).where(eq(user.id, senderId));
  if (!people) return;
  const locale = localeOf(people.locale);
  const url = `${env().BASE_URL}${href("my-marketplace-conversation", { id: String(party.conversationId) }, locale, env().I18N_STRATEGY)}`;
  await queueEmail(
    {
      to: people.email,
      locale,
      template: "marketplaceMessageWaiting",
      data: {
        kind: "messageWaiting",
        name: people.firstName,
        values: { title: party.listingTitle, sender: sender?.firstName ?? "" },
        url,
      },
    },
    { tx },
  );
}

/** A text message; contact details are masked (the answer says which kinds, so the form can explain). */
export async function sendMessage(
  userId: string,
  conversationId: number,
  body: string,
): Promise<{ id: number; masked: ContactKind[] } | Refusal> {
  const text = body.trim();
  if (!text) return refuse.invalid("marketplace:errors.emptyMessage", undefined, "body");
  if (text.length > MAX_MESSAGE_CHARS)
    return refuse.invalid("marketplace:errors.messageTooLong", { count: MAX_MESSAGE_CHARS }, "body");
  // Counted outside the transaction: the throttle has its own statement (and PGlite one connection).
  const limited = await throttled(userId);
  if (limited) return limited;
  return inTransaction(undefined, async (tx) => {
    const party = await partyOf(tx, userId, conversationId);
    if (!party) return refuse.notFound("marketplace:errors.conversationNotFound");
    if (party.senderBanned) return refuse.forbidden("marketplace:errors.banned");
    if (party.senderRestricted) return refuse.forbidden("marketplace:errors.restricted");
    const { text: safe, found } = maskContactDetails(text);
    const id = await post(tx, party, userId, { kind: "text", body: safe, masked: found.length > 0 });
    return { id, masked: found };
  });
}

/** The pending offer of a conversation, expired ones marked as such on the way. */
async function pendingOffer(tx: Transaction, conversationId: number, now: Date) {
  const rows = await tx
    .select()
    .from(marketplaceOffers)
    .where(and(eq(marketplaceOffers.conversationId, conversationId), eq(marketplaceOffers.state, "pending")))
    .for("update");
  for (const row of rows)
    if (currentOfferState(row, now) === "expired")
      await tx.update(marketplaceOffers).set({ state: "expired" }).where(eq(marketplaceOffers.id, row.id));
  return rows.find((row) => currentOfferState(row, now) === "pending") ?? null;
}

/**
 * A buyer's offer (at least 60 % of the price, below it). One offer waits at a time per conversation; a
 * new one from the buyer replaces (withdraws) their own pending one.
 */
export async function makeOffer(
  buyerId: string,
  listingId: number,
  amountCents: number,
  now = new Date(),
): Promise<{ conversationId: number; offerId: number } | Refusal> {
  const limited = await throttled(buyerId);
  if (limited) return limited;
  return inTransaction(undefined, async (tx) => {
    const conversation = await conversationAbout(buyerId, listingId, { tx });
    if (isRefusal(conversation)) return conversation;
    const party = await partyOf(tx, buyerId, conversation.id);
    if (!party) return refuse.notFound("marketplace:errors.notFound");
    if (party.senderBanned) return refuse.forbidden("marketplace:errors.banned");
    if (party.listingState !== "published") return refuse.conflict("marketplace:errors.notForSale");
    const tooLow = offerAmountRefusal(amountCents, party.priceCents);
    if (tooLow)
      return refuse.invalid(
        tooLow,
        { minimum: formatMoney(money(Math.ceil(party.priceCents * 0.6)), "en") },
        "amount",
      );
    const pending = await pendingOffer(tx, conversation.id, now);
    if (pending?.madeBy === "provider") return refuse.conflict("marketplace:errors.answerCounterFirst");
    if (pending)
      await tx
        .update(marketplaceOffers)
        .set({ state: "withdrawn" })
        .where(eq(marketplaceOffers.id, pending.id));
    const offerId = await insertOffer(tx, party, "customer", amountCents, now);
    await post(tx, party, buyerId, { kind: "offer", body: "", offerId });
    return { conversationId: conversation.id, offerId };
  });
}

async function insertOffer(
  tx: Transaction,
  party: Party,
  madeBy: OfferParty,
  amountCents: number,
  now: Date,
) {
  const [offer] = await tx
    .insert(marketplaceOffers)
    .values({
      conversationId: party.conversationId,
      listingId: party.listingId,
      buyerId: party.buyerId,
      madeBy,
      amountCents,
      answerBy: new Date(now.getTime() + OFFER_ANSWER_HOURS * HOUR),
      createdAt: now,
    })
    .returning({ id: marketplaceOffers.id });
  return offer!.id;
}

/**
 * The other party accepts, declines or counters a pending offer (the maker may withdraw it). Accepting
 * holds the price for the buyer for 24 hours; a counter is a new pending offer the other way.
 */
export async function answerOffer(
  userId: string,
  offerId: number,
  answer: OfferAnswer,
  counterCents?: number,
  now = new Date(),
): Promise<{ state: OfferState; counterOfferId?: number } | Refusal> {
  if (answer === "counter") {
    const limited = await throttled(userId);
    if (limited) return limited;
  }
  return inTransaction(undefined, async (tx) => {
    const [offer] = await tx
      .select()
      .from(marketplaceOffers)
      .where(eq(marketplaceOffers.id, offerId))
      .for("update");
    if (!offer) return refuse.notFound("marketplace:errors.offerNotFound");
    const party = await partyOf(tx, userId, offer.conversationId);
    if (!party) return refuse.notFound("marketplace:errors.offerNotFound");
    if (party.senderBanned) return refuse.forbidden("marketplace:errors.banned");
    const state = currentOfferState(offer, now);
    if (state === "expired" && offer.state === "pending")
      await tx.update(marketplaceOffers).set({ state: "expired" }).where(eq(marketplaceOffers.id, offer.id));
    const refusal = offerAnswerRefusal(state, offer.madeBy as OfferParty, party.role, answer);
    if (refusal) return refuse.conflict(refusal);
    if (answer !== "withdraw" && party.listingState !== "published")
      return refuse.conflict("marketplace:errors.notForSale");
    if (answer === "counter") {
      const bad =
        counterCents === undefined
          ? "marketplace:errors.offerTooLow"
          : counterRefusal(counterCents, offer.amountCents, party);
      if (bad) return refuse.invalid(bad, undefined, "amount");
      await tx
        .update(marketplaceOffers)
        .set({ state: "countered" })
        .where(eq(marketplaceOffers.id, offer.id));
      const counterOfferId = await insertOffer(tx, party, party.role, counterCents as number, now);
      await post(tx, party, userId, { kind: "counter", body: "", offerId: counterOfferId });
      return { state: "countered" as const, counterOfferId };
    }
    const to = answer === "accept" ? "accepted" : answer === "decline" ? "declined" : "withdrawn";
    await tx
      .update(marketplaceOffers)
      .set(
        to === "accepted"
          ? { state: to, acceptedAt: now, holdsUntil: new Date(now.getTime() + ACCEPTED_HOLD_HOURS * HOUR) }
          : { state: to },
      )
      .where(eq(marketplaceOffers.id, offer.id));
    await post(tx, party, userId, { kind: to, body: "", offerId: offer.id });
    return { state: to as OfferState };
  });
}

/** A counter lies between the offer it answers and the price (the provider asks more, the buyer less). */
function counterRefusal(counterCents: number, answeredCents: number, party: Party): string | null {
  const base = offerAmountRefusal(counterCents, party.priceCents);
  if (base) return base;
  if (party.role === "provider" && counterCents <= answeredCents) return "marketplace:errors.counterNotAbove";
  if (party.role === "customer" && counterCents >= answeredCents) return "marketplace:errors.counterNotBelow";
  return null;
}

/**
 * The price a buyer may pay for a listing now: an accepted offer still holding (issue 18's checkout starts
 * from this and marks the offer used), or null.
 */
export async function acceptedOffer(
  buyerId: string,
  listingId: number,
  now = new Date(),
): Promise<{ offerId: number; amountCents: number; holdsUntil: Date } | null> {
  const [row] = await db()
    .select({
      offerId: marketplaceOffers.id,
      amountCents: marketplaceOffers.amountCents,
      holdsUntil: marketplaceOffers.holdsUntil,
    })
    .from(marketplaceOffers)
    .where(
      and(
        eq(marketplaceOffers.buyerId, buyerId),
        eq(marketplaceOffers.listingId, listingId),
        eq(marketplaceOffers.state, "accepted"),
        gt(marketplaceOffers.holdsUntil, now),
      ),
    )
    .orderBy(desc(marketplaceOffers.acceptedAt))
    .limit(1);
  return row?.holdsUntil ? { ...row, holdsUntil: row.holdsUntil } : null;
}
