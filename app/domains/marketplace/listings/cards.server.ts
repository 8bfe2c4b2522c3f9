import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import { type ImageSet, type ResponsiveImage, responsiveImage } from "../../catalog/image-set";
import type { ListingCategory } from "../attributes";
import { marketplaceListings, marketplaceStores } from "../tables.server";
import type { ListingState } from "./states";

/** A listing in a grid: what a card shows, nothing more (pages send many). */
export interface ListingCard {
  id: number;
  title: string;
  brand: string;
  size: string;
  condition: string;
  priceCents: number;
  originalPriceCents: number | null;
  image: ResponsiveImage | null;
  state: ListingState;
  wishlistCount: number;
  store: { handle: string; name: string };
}

export const cardColumns = {
  id: marketplaceListings.id,
  title: marketplaceListings.title,
  brand: marketplaceListings.brand,
  size: marketplaceListings.size,
  condition: marketplaceListings.condition,
  priceCents: marketplaceListings.priceCents,
  originalPriceCents: marketplaceListings.originalPriceCents,
  cover: sql<ListingPhotoCover>`${marketplaceListings.photos}->0`,
  state: marketplaceListings.state,
  wishlistCount: marketplaceListings.wishlistCount,
  storeHandle: marketplaceStores.handle,
  storeName: marketplaceStores.name,
};

type ListingPhotoCover = ImageSet | null;

interface CardRow {
  id: number;
  title: string;
  brand: string;
  size: string;
  condition: string;
  priceCents: number;
  originalPriceCents: number | null;
  cover: ListingPhotoCover;
  state: string;
  wishlistCount: number;
  storeHandle: string;
  storeName: string;
}

export function toCard(row: CardRow): ListingCard {
  return {
    id: row.id,
    title: row.title,
    brand: row.brand,
    size: row.size,
    condition: row.condition,
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    image: row.cover ? responsiveImage(row.cover, 600) : null,
    state: row.state as ListingState,
    wishlistCount: row.wishlistCount,
    store: { handle: row.storeHandle, name: row.storeName },
  };
}

/** Listings the public may see in grids: published, from a store that is not banned. */
export const onSale = () =>
  and(eq(marketplaceListings.state, "published"), eq(marketplaceStores.banned, false));

function cardsQuery() {
  return db()
    .select(cardColumns)
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId));
}

export async function newestCards(limit: number): Promise<ListingCard[]> {
  const rows = await cardsQuery()
    .where(onSale())
    .orderBy(desc(marketplaceListings.publishedAt), desc(marketplaceListings.id))
    .limit(limit);
  return rows.map(toCard);
}

/** A store's listings for sale, newest first, without one (the listing page's "more from this store"). */
export async function storeCards(storeId: number, limit: number, except?: number): Promise<ListingCard[]> {
  const rows = await cardsQuery()
    .where(
      and(
        onSale(),
        eq(marketplaceListings.storeId, storeId),
        except ? ne(marketplaceListings.id, except) : undefined,
      ),
    )
    .orderBy(desc(marketplaceListings.publishedAt), desc(marketplaceListings.id))
    .limit(limit);
  return rows.map(toCard);
}

/** Items like a listing: same category, the same size first, then the closest price. */
export async function similarCards(
  listing: { id: number; storeId: number; category: ListingCategory; size: string; priceCents: number },
  limit: number,
): Promise<ListingCard[]> {
  const rows = await cardsQuery()
    .where(
      and(
        onSale(),
        eq(marketplaceListings.category, listing.category),
        ne(marketplaceListings.id, listing.id),
        ne(marketplaceListings.storeId, listing.storeId),
      ),
    )
    .orderBy(
      sql`(${marketplaceListings.size} = ${listing.size}) desc`,
      sql`abs(${marketplaceListings.priceCents} - ${listing.priceCents})`,
      desc(marketplaceListings.id),
    )
    .limit(limit);
  return rows.map(toCard);
}

/** Cards of given listings (any visible state), in the order asked. */
export async function cardsByIds(ids: number[]): Promise<ListingCard[]> {
  if (ids.length === 0) return [];
  const rows = await cardsQuery().where(
    and(
      inArray(marketplaceListings.id, ids),
      eq(marketplaceStores.banned, false),
      ne(marketplaceListings.state, "removed"),
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, toCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
