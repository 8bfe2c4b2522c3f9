// What the two parties read: their conversations, and one conversation with its messages and offers.
import { asc, desc, eq, or, sql } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import { db } from "../../../platform/db/db.server";
import { inTransaction } from "../../../platform/db/transaction.server";
import type { ImageSet } from "../../catalog/image-set";
import {
  marketplaceConversations,
  marketplaceListings,
  marketplaceMessages,
  marketplaceOffers,
  marketplaceStores,
} from "../tables.server";
import { currentOfferState, type OfferParty, type OfferState } from "./offers";
import { partyOf } from "./party.server";

export interface ConversationSummary {
  id: number;
  listingId: number;
  listingTitle: string;
  photo: ImageSet | null;
  role: OfferParty;
  otherName: string;
  lastMessageAt: Date;
  unread: boolean;
}

/** The customer's conversations as buyer and as provider, latest first. */
export async function conversationsOf(userId: string): Promise<ConversationSummary[]> {
  const rows = await db()
    .select({
      id: marketplaceConversations.id,
      listingId: marketplaceConversations.listingId,
      listingTitle: marketplaceListings.title,
      photo: sql<ImageSet | null>`${marketplaceListings.photos} -> 0`,
      buyerId: marketplaceConversations.buyerId,
      storeName: marketplaceStores.name,
      buyerName: user.firstName,
      lastMessageAt: marketplaceConversations.lastMessageAt,
      buyerReadAt: marketplaceConversations.buyerReadAt,
      sellerReadAt: marketplaceConversations.sellerReadAt,
    })
    .from(marketplaceConversations)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceConversations.storeId))
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceConversations.listingId))
    .innerJoin(user, eq(user.id, marketplaceConversations.buyerId))
    .where(or(eq(marketplaceConversations.buyerId, userId), eq(marketplaceStores.userId, userId)))
    .orderBy(desc(marketplaceConversations.lastMessageAt))
    .limit(200);
  return rows.map((r) => {
    const role: OfferParty = r.buyerId === userId ? "customer" : "provider";
    const read = role === "customer" ? r.buyerReadAt : r.sellerReadAt;
    return {
      id: r.id,
      listingId: r.listingId,
      listingTitle: r.listingTitle,
      photo: r.photo,
      role,
      otherName: role === "customer" ? r.storeName : r.buyerName,
      lastMessageAt: r.lastMessageAt,
      unread: !read || read < r.lastMessageAt,
    };
  });
}

export interface ConversationLine {
  id: number;
  mine: boolean;
  kind: string;
  body: string;
  masked: boolean;
  removed: boolean;
  createdAt: Date;
  offer: {
    id: number;
    amountCents: number;
    madeBy: OfferParty;
    state: OfferState;
    answerBy: Date;
    holdsUntil: Date | null;
  } | null;
}

export interface ConversationDetail {
  id: number;
  role: OfferParty;
  otherName: string;
  listing: { id: number; title: string; priceCents: number; state: string; photo: ImageSet | null };
  lines: ConversationLine[];
  /** The offer waiting for an answer now, if any, and whether the caller is the one to answer it. */
  pending: { id: number; amountCents: number; answerBy: Date; madeBy: OfferParty; toAnswer: boolean } | null;
  accepted: { amountCents: number; holdsUntil: Date } | null;
}

/** A conversation for one of its two parties (marking it read); null for anyone else. */
export async function conversationFor(
  userId: string,
  conversationId: number,
  now = new Date(),
): Promise<ConversationDetail | null> {
  return inTransaction(undefined, async (tx) => {
    const party = await partyOf(tx, userId, conversationId);
    if (!party) return null;
    await tx
      .update(marketplaceConversations)
      .set(party.role === "customer" ? { buyerReadAt: sql`now()` } : { sellerReadAt: sql`now()` })
      .where(eq(marketplaceConversations.id, conversationId));
    const [listing] = await tx
      .select({
        id: marketplaceListings.id,
        title: marketplaceListings.title,
        priceCents: marketplaceListings.priceCents,
        state: marketplaceListings.state,
        photo: sql<ImageSet | null>`${marketplaceListings.photos} -> 0`,
      })
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, party.listingId));
    const [other] =
      party.role === "customer"
        ? await tx
            .select({ name: marketplaceStores.name })
            .from(marketplaceStores)
            .where(eq(marketplaceStores.id, party.storeId))
        : await tx.select({ name: user.firstName }).from(user).where(eq(user.id, party.buyerId));
    const messages = await tx
      .select()
      .from(marketplaceMessages)
      .where(eq(marketplaceMessages.conversationId, conversationId))
      .orderBy(asc(marketplaceMessages.id));
    const offers = await tx
      .select()
      .from(marketplaceOffers)
      .where(eq(marketplaceOffers.conversationId, conversationId));
    const byId = new Map(offers.map((o) => [o.id, o]));
    const lines: ConversationLine[] = messages.map((m) => {
      const offer = m.offerId ? byId.get(m.offerId) : undefined;
      return {
        id: m.id,
        mine: m.senderId === userId,
        kind: m.kind,
        body: m.removed ? "" : m.body,
        masked: m.masked,
        removed: m.removed,
        createdAt: m.createdAt,
        offer: offer
          ? {
              id: offer.id,
              amountCents: offer.amountCents,
              madeBy: offer.madeBy as OfferParty,
              state: currentOfferState(offer, now),
              answerBy: offer.answerBy,
              holdsUntil: offer.holdsUntil,
            }
          : null,
      };
    });
    const waiting = offers.find((o) => currentOfferState(o, now) === "pending");
    const holding = offers
      .filter((o) => o.state === "accepted" && o.holdsUntil && o.holdsUntil > now)
      .sort((a, b) => b.id - a.id)[0];
    return {
      id: conversationId,
      role: party.role,
      otherName: other?.name ?? "",
      listing: listing!,
      lines,
      pending: waiting
        ? {
            id: waiting.id,
            amountCents: waiting.amountCents,
            answerBy: waiting.answerBy,
            madeBy: waiting.madeBy as OfferParty,
            toAnswer: waiting.madeBy !== party.role,
          }
        : null,
      accepted: holding ? { amountCents: holding.amountCents, holdsUntil: holding.holdsUntil! } : null,
    };
  });
}
