import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import type { ImageSet } from "../../catalog/image-set";
import type { ListingCategory, ListingColour, ListingCondition } from "../attributes";
import { marketplaceListings, marketplaceStores } from "../tables.server";
import { type ListingState, PAGE_STATES } from "./states";

export interface ListingDetail {
  id: number;
  storeId: number;
  title: string;
  description: string;
  category: ListingCategory;
  size: string;
  colour: ListingColour;
  brand: string;
  condition: ListingCondition;
  material: string;
  priceCents: number;
  originalPriceCents: number | null;
  language: string;
  photos: ImageSet[];
  state: ListingState;
  wishlistCount: number;
  timesWatched: number;
  timesShared: number;
  /** Bought new in the shop ("resell this"): shown as "bought new at Loom & Label". */
  boughtNew: boolean;
  createdAt: Date;
  publishedAt: Date | null;
}

const detailColumns = {
  id: marketplaceListings.id,
  storeId: marketplaceListings.storeId,
  title: marketplaceListings.title,
  description: marketplaceListings.description,
  category: marketplaceListings.category,
  size: marketplaceListings.size,
  colour: marketplaceListings.colour,
  brand: marketplaceListings.brand,
  condition: marketplaceListings.condition,
  material: marketplaceListings.material,
  priceCents: marketplaceListings.priceCents,
  originalPriceCents: marketplaceListings.originalPriceCents,
  language: marketplaceListings.language,
  photos: marketplaceListings.photos,
  state: marketplaceListings.state,
  wishlistCount: marketplaceListings.wishlistCount,
  timesWatched: marketplaceListings.timesWatched,
  timesShared: marketplaceListings.timesShared,
  boughtNew: sql<boolean>`${marketplaceListings.boughtProductId} is not null`,
  createdAt: marketplaceListings.createdAt,
  publishedAt: marketplaceListings.publishedAt,
};

/** A listing as its public page shows it: published, reserved, closed or sold, from a store not banned. */
export async function publicListing(id: number): Promise<ListingDetail | null> {
  const [row] = await db()
    .select(detailColumns)
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .where(
      and(
        eq(marketplaceListings.id, id),
        inArray(marketplaceListings.state, [...PAGE_STATES]),
        eq(marketplaceStores.banned, false),
      ),
    );
  return (row as ListingDetail | undefined) ?? null;
}
