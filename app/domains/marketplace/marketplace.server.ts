// The marketplace's public door: stores, listings, browsing and search. Other folders import only this
// file and the client-safe modules (attributes.ts, validation.ts, listings/query.ts, listings/states.ts).
import { desc, eq, lt, sql } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import { defineJob } from "../../platform/jobs/jobs.server";
import { addWarmup } from "../../platform/readiness.server";
import { type ListingCategory, listingCategories } from "./attributes";
import { browseListings } from "./listings/browse.server";
import {
  cardsByIds,
  type ListingCard,
  newestCards,
  onSale,
  similarCards,
  storeCards,
} from "./listings/cards.server";
import { type ListingDetail, publicListing } from "./listings/detail.server";
import { marketplaceIndex } from "./listings/listing-index.server";
import { publishedCount, type Store, storeByHandle, storeById } from "./stores/stores.server";
import { marketplaceChanges, marketplaceListings, marketplaceStores } from "./tables.server";

export {
  acceptedOffer,
  answerOffer,
  conversationAbout,
  makeOffer,
  sendMessage,
} from "./conversations/conversations.server";
export { conversationFor, conversationsOf } from "./conversations/views.server";
export type { FacetValue } from "./listings/browse.server";
export type { ListingCard } from "./listings/cards.server";
export { changeListingState } from "./listings/commands.server";
export type { ListingDetail } from "./listings/detail.server";
export {
  addListingPhotos,
  arrangeListingPhoto,
  isDelivered,
  myListings,
  ownListing,
  resellDraft,
  saveListing,
  sellListing,
} from "./listings/sell.server";
export {
  appealDecision,
  type DecisionInput,
  decide,
  decideAppeal,
  decisionsFor,
  liftStoreMeasure,
  moderationQueue,
  openAppeals,
  reportContent,
} from "./moderation/moderation.server";
export { findListings, findStores } from "./moderation/search.server";
export { batchFile, batchPayouts } from "./payouts/payouts.server";
export {
  type FollowedStore,
  favouriteCards,
  followedFeed,
  followedStores,
  setFavourite,
  setFollowing,
  socialState,
} from "./social/social.server";
export { acceptMarketplaceEvent, flushMarketplaceEvents } from "./social/views.server";
export type { Store } from "./stores/stores.server";
export {
  openStore,
  type StorePicture,
  saveTraderDetails,
  setStoreLabels,
  setStorePicture,
  storeOfUser,
  storePictures,
  updateStore,
} from "./stores/stores.server";
// The staff commands of the transactions (decision 0047): an operator's move and hiding a review.
export { hideReview, moveTransaction, openDisputes } from "./transactions/transactions.server";
export { browseListings };

/** Loads the marketplace's listing index before the process reports ready (decision 0052). */
export function warmMarketplace(): void {
  addWarmup("marketplace index", marketplaceIndex(db()).ready());
}

/** Every process reads the marketplace's change feed within seconds; a day of history is plenty. */
export const pruneMarketplaceChangesJob = defineJob<Record<string, never>>({
  name: "marketplace.prune-changes",
  schedule: { cron: "19 4 * * *", data: {} },
  async handle() {
    await db().delete(marketplaceChanges).where(lt(marketplaceChanges.at, sql`now() - interval '1 day'`));
  },
});

export interface StoreSummary {
  handle: string;
  name: string;
  country: string;
  bannerColour: string;
  /** The store's own picture (200 px), shown in its story bubble before its newest photo. */
  picture: string | null;
  followers: number;
  listings: number;
  cover: ListingCard["image"];
}

/** Stores with the most followers that have something for sale, each with its newest photo. */
async function featuredStores(limit: number): Promise<StoreSummary[]> {
  const rows = await db()
    .select({
      handle: marketplaceStores.handle,
      name: marketplaceStores.name,
      country: marketplaceStores.country,
      bannerColour: marketplaceStores.bannerColour,
      picture: sql<string | null>`${marketplaceStores.image} -> 'w200' ->> 'url'`,
      followers: marketplaceStores.followers,
      listings: sql<number>`count(*)::int`,
      newest: sql<number>`max(${marketplaceListings.id})`,
    })
    .from(marketplaceStores)
    .innerJoin(marketplaceListings, eq(marketplaceListings.storeId, marketplaceStores.id))
    .where(onSale())
    .groupBy(marketplaceStores.id)
    .orderBy(desc(marketplaceStores.followers), desc(sql`count(*)`))
    .limit(limit);
  const covers = new Map(
    (await cardsByIds(rows.map((r) => Number(r.newest)))).map((card) => [card.id, card.image]),
  );
  return rows.map(({ newest, ...row }) => ({
    ...row,
    listings: Number(row.listings),
    cover: covers.get(Number(newest)) ?? null,
  }));
}

/** Listings for sale per category (the home page's category tiles). */
async function categoryCounts(): Promise<{ category: ListingCategory; count: number }[]> {
  const rows = await db()
    .select({ category: marketplaceListings.category, count: sql<number>`count(*)::int` })
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .where(onSale())
    .groupBy(marketplaceListings.category);
  const counts = new Map(rows.map((r) => [r.category, Number(r.count)]));
  return listingCategories.map((category) => ({ category, count: counts.get(category) ?? 0 }));
}

/** The marketplace home: what was just listed, the categories and stores to follow. */
export async function marketplaceHome() {
  const [newIn, categories, stores] = await Promise.all([
    newestCards(12),
    categoryCounts(),
    featuredStores(8),
  ]);
  return { newIn, categories, stores };
}

/** A listing's public page with its store, "more from this store" and "similar items"; null when gone. */
export async function listingPage(id: number): Promise<{
  listing: ListingDetail;
  store: Store & { listings: number };
  moreFromStore: ListingCard[];
  similar: ListingCard[];
} | null> {
  const listing = await publicListing(id);
  if (!listing) return null;
  const [store, moreFromStore, similar] = await Promise.all([
    storeById(listing.storeId),
    storeCards(listing.storeId, 6, listing.id),
    similarCards(listing, 6),
  ]);
  if (!store) return null;
  return { listing, store: { ...store, listings: await publishedCount(store.id) }, moreFromStore, similar };
}

/** A store's public page: the store and its listings for sale (browse filters apply within it). */
export async function storePage(handle: string) {
  const store = await storeByHandle(handle);
  if (!store) return null;
  const [listings, count] = await Promise.all([storeCards(store.id, 120), publishedCount(store.id)]);
  return { store, listings, count };
}
