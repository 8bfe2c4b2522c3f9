import { and, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { type CardHighlight, cardHighlightsFor } from "../highlights/highlights.server";
import type { ImageSet } from "./image-set";
import { type ListingFacets, type ListingScope, listingIndex } from "./listing-index.server";
import { type ListingQuery, PAGE_SIZE } from "./listing-query";
import { lowestPrice30dSql } from "./prices.server";
import { productImages, products, productTranslations, productVariants } from "./tables.server";

export type { FacetValue, ListingScope } from "./listing-index.server";

export interface ProductCard {
  id: number;
  name: string;
  slug: string;
  brand: string;
  colour: string;
  priceCents: number;
  originalPriceCents: number | null;
  /** EU Omnibus: the lowest price in the 30 days before the current price took effect (null if none). */
  lowestPrice30dCents: number | null;
  image: ImageSet | null;
  /** Units left over all sizes; 0 is sold out. */
  stock: number;
  appOnly: boolean;
  comingSoon: boolean;
  /** Highlight labels for the card (stored by the highlights job, read in one lookup per page). */
  highlights?: CardHighlight[];
}

export interface Listing {
  products: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
  facets: ListingFacets;
}

/** The category and all of its descendants, by slug in a locale; null when the slug is unknown. */
export async function categoryScope(db: Database, locale: Locale, slug: string): Promise<number[] | null> {
  const index = listingIndex(db);
  await index.ready();
  return index.categoryScope(locale, slug);
}

/**
 * A page of a listing with exact facet counts. Counts are disjunctive: a facet's own selection does not
 * shrink its own counts (choosing "M" still shows how many come in "L"), every other selection does.
 */
export async function listProducts(
  db: Database,
  locale: Locale,
  query: ListingQuery,
  scope: ListingScope,
): Promise<Listing> {
  const index = listingIndex(db);
  await index.ready();
  const { ids, total, facets } = index.list(locale, query, scope);
  return {
    products: await productCards(db, locale, ids),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    facets,
  };
}

/** The cards of these products in a locale, in the order given. */
export async function productCards(db: Queryable, locale: Locale, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const firstImage = sql<ImageSet | null>`(select ${productImages.set} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;
  const lowestPrice30d = lowestPrice30dSql(products.id);
  const stock = sql<number>`(select coalesce(sum(${productVariants.stock}), 0)::int from ${productVariants} where ${productVariants.productId} = ${products.id})`;
  const cards = db
    .select({
      id: products.id,
      name: productTranslations.name,
      slug: productTranslations.slug,
      brand: products.brand,
      colour: products.colour,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      lowestPrice30dCents: lowestPrice30d,
      image: firstImage,
      stock,
      appOnly: products.appOnly,
      comingSoon: sql<boolean>`coalesce(${products.onlineFrom} > now(), false)`,
    })
    .from(products)
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)),
    )
    .where(sql`${products.id} = any(${`{${ids.join(",")}}`}::int[])`);
  const [rows, highlights] = await Promise.all([cards, cardHighlightsFor(ids, db)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            ...r,
            stock: Number(r.stock),
            lowestPrice30dCents: r.lowestPrice30dCents === null ? null : Number(r.lowestPrice30dCents),
            highlights: highlights.get(id) ?? [],
          },
        ]
      : [];
  });
}
