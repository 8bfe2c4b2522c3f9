// Following stores and favouriting listings (the spec's followers, followingUsers and wishlistCount), and
// the feed of new listings from followed stores (the spec's social feed). Counters are kept in the same
// transaction as the row that changes them, from a count of the rows, so they never drift.
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import { inTransaction } from "../../../platform/db/transaction.server";
import { type Refusal, refuse } from "../../../platform/refusal";
import { cardColumns, type ListingCard, onSale, toCard } from "../listings/cards.server";
import { listingsChanged } from "../listings/listing-index.server";
import { PAGE_STATES } from "../listings/states";
import {
  marketplaceFavourites,
  marketplaceFollows,
  marketplaceListings,
  marketplaceStores,
} from "../tables.server";

/** Follows (or, with `on: false`, unfollows) a store in good standing; nobody follows their own store. */
export async function setFollowing(
  userId: string,
  handle: string,
  on: boolean,
): Promise<{ following: boolean; followers: number } | Refusal> {
  return inTransaction(undefined, async (tx) => {
    const [store] = await tx
      .select({ id: marketplaceStores.id, userId: marketplaceStores.userId })
      .from(marketplaceStores)
      .where(and(eq(marketplaceStores.handle, handle.toLowerCase()), eq(marketplaceStores.banned, false)))
      .for("update");
    if (!store) return refuse.notFound("marketplace:errors.storeNotFound");
    if (store.userId === userId) return refuse.conflict("marketplace:errors.ownStore");
    if (on) await tx.insert(marketplaceFollows).values({ userId, storeId: store.id }).onConflictDoNothing();
    else
      await tx
        .delete(marketplaceFollows)
        .where(and(eq(marketplaceFollows.userId, userId), eq(marketplaceFollows.storeId, store.id)));
    const [row] = await tx
      .update(marketplaceStores)
      .set({
        followers: sql`(select count(*)::int from ${marketplaceFollows} where ${marketplaceFollows.storeId} = ${store.id})`,
      })
      .where(eq(marketplaceStores.id, store.id))
      .returning({ followers: marketplaceStores.followers });
    return { following: on, followers: row?.followers ?? 0 };
  });
}

/** Favourites (or un-favourites) a public listing; one's own listing cannot be favourited. */
export async function setFavourite(
  userId: string,
  listingId: number,
  on: boolean,
): Promise<{ favourited: boolean; wishlistCount: number } | Refusal> {
  return inTransaction(undefined, async (tx) => {
    const [listing] = await tx
      .select({ id: marketplaceListings.id, owner: marketplaceStores.userId })
      .from(marketplaceListings)
      .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
      .where(
        and(
          eq(marketplaceListings.id, listingId),
          inArray(marketplaceListings.state, [...PAGE_STATES]),
          eq(marketplaceStores.banned, false),
        ),
      )
      .for("update", { of: marketplaceListings });
    if (!listing) return refuse.notFound("marketplace:errors.notFound");
    if (listing.owner === userId) return refuse.conflict("marketplace:errors.ownListing");
    if (on) await tx.insert(marketplaceFavourites).values({ userId, listingId }).onConflictDoNothing();
    else
      await tx
        .delete(marketplaceFavourites)
        .where(and(eq(marketplaceFavourites.userId, userId), eq(marketplaceFavourites.listingId, listingId)));
    const [row] = await tx
      .update(marketplaceListings)
      .set({
        wishlistCount: sql`(select count(*)::int from ${marketplaceFavourites} where ${marketplaceFavourites.listingId} = ${listingId})`,
      })
      .where(eq(marketplaceListings.id, listingId))
      .returning({ wishlistCount: marketplaceListings.wishlistCount });
    listingsChanged(tx);
    return { favourited: on, wishlistCount: row?.wishlistCount ?? 0 };
  });
}

/** What a signed-in visitor favourited and follows (the pressed hearts and follow buttons). */
export async function socialState(userId: string): Promise<{ favourites: number[]; following: string[] }> {
  const [favourites, following] = await Promise.all([
    db()
      .select({ id: marketplaceFavourites.listingId })
      .from(marketplaceFavourites)
      .where(eq(marketplaceFavourites.userId, userId)),
    db()
      .select({ handle: marketplaceStores.handle })
      .from(marketplaceFollows)
      .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceFollows.storeId))
      .where(eq(marketplaceFollows.userId, userId)),
  ]);
  return { favourites: favourites.map((r) => r.id), following: following.map((r) => r.handle) };
}

/** The visitor's favourites that are still on a public page, most recently favourited first. */
export async function favouriteCards(userId: string, limit = 120): Promise<ListingCard[]> {
  const rows = await db()
    .select(cardColumns)
    .from(marketplaceFavourites)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceFavourites.listingId))
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .where(
      and(
        eq(marketplaceFavourites.userId, userId),
        inArray(marketplaceListings.state, [...PAGE_STATES]),
        eq(marketplaceStores.banned, false),
      ),
    )
    .orderBy(desc(marketplaceFavourites.createdAt))
    .limit(limit);
  return rows.map(toCard);
}

export interface FollowedStore {
  handle: string;
  name: string;
  bannerColour: string;
  image: string | null;
  /** Listings published since the visitor followed or in the last 7 days (the story bubble's ring). */
  fresh: number;
}

/** The stores the visitor follows, those with something new first (the home's story bubbles). */
export async function followedStores(userId: string): Promise<FollowedStore[]> {
  const rows = await db()
    .select({
      handle: marketplaceStores.handle,
      name: marketplaceStores.name,
      bannerColour: marketplaceStores.bannerColour,
      image: sql<string | null>`${marketplaceStores.image} -> 'w200' ->> 'url'`,
      fresh: sql<number>`(select count(*)::int from ${marketplaceListings} where ${marketplaceListings.storeId} = ${marketplaceStores.id} and ${marketplaceListings.state} = 'published' and ${marketplaceListings.publishedAt} > now() - interval '7 days')`,
    })
    .from(marketplaceFollows)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceFollows.storeId))
    .where(and(eq(marketplaceFollows.userId, userId), eq(marketplaceStores.banned, false)))
    .orderBy(desc(marketplaceFollows.createdAt));
  return rows
    .map((r) => ({ ...r, fresh: Number(r.fresh) }))
    .sort((a, b) => Number(b.fresh > 0) - Number(a.fresh > 0));
}

/**
 * The social feed: listings for sale from the stores the visitor follows, newest listed first, a page at a time
 * (`before` is the last card's id of the previous page).
 */
export async function followedFeed(
  userId: string,
  options: { limit?: number; before?: number } = {},
): Promise<ListingCard[]> {
  const rows = await db()
    .select(cardColumns)
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .innerJoin(
      marketplaceFollows,
      and(eq(marketplaceFollows.storeId, marketplaceStores.id), eq(marketplaceFollows.userId, userId)),
    )
    .where(and(onSale(), options.before ? lt(marketplaceListings.id, options.before) : undefined))
    .orderBy(desc(marketplaceListings.id))
    .limit(options.limit ?? 24);
  return rows.map(toCard);
}
