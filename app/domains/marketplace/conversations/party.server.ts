// Who a conversation is between, as seen by one of its two parties (anyone else gets null).
import { eq } from "drizzle-orm";
import type { Transaction } from "../../../platform/db/db.server";
import { marketplaceConversations, marketplaceListings, marketplaceStores } from "../tables.server";
import type { OfferParty } from "./offers";

export interface Party {
  conversationId: number;
  listingId: number;
  buyerId: string;
  storeId: number;
  providerId: string;
  role: OfferParty;
  listingTitle: string;
  priceCents: number;
  listingState: string;
  senderBanned: boolean;
  senderRestricted: boolean;
}

/** The conversation with the caller's role in it, locked; null for anyone who is not a party. */
export async function partyOf(
  tx: Transaction,
  userId: string,
  conversationId: number,
): Promise<Party | null> {
  const [row] = await tx
    .select({
      conversationId: marketplaceConversations.id,
      listingId: marketplaceConversations.listingId,
      buyerId: marketplaceConversations.buyerId,
      storeId: marketplaceConversations.storeId,
      providerId: marketplaceStores.userId,
      listingTitle: marketplaceListings.title,
      priceCents: marketplaceListings.priceCents,
      listingState: marketplaceListings.state,
      storeBanned: marketplaceStores.banned,
    })
    .from(marketplaceConversations)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceConversations.storeId))
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceConversations.listingId))
    .where(eq(marketplaceConversations.id, conversationId))
    .for("update", { of: marketplaceConversations });
  if (!row || (row.buyerId !== userId && row.providerId !== userId)) return null;
  const role: OfferParty = row.providerId === userId ? "provider" : "customer";
  const [own] = await tx
    .select({ banned: marketplaceStores.banned, restricted: marketplaceStores.restricted })
    .from(marketplaceStores)
    .where(eq(marketplaceStores.userId, userId));
  return {
    ...row,
    role,
    senderBanned: Boolean(own?.banned) || (role === "provider" && row.storeBanned),
    senderRestricted: Boolean(own?.restricted),
  };
}
