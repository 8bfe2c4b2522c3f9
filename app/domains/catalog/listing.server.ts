import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Database, db } from "../../platform/db/db.server";
import { type Locale, locales } from "../../platform/i18n/locales";
import { shopSetting } from "../content/content.server";
import type { HighlightCode } from "./highlight-codes";
import { type ImageSet, type ResponsiveImage, responsiveImage } from "./image-set";
import type { ListingFacets, ListingScope } from "./listing-columns";
import { listingIndex } from "./listing-index.server";
import { type ListingQuery, PAGE_SIZE } from "./listing-query";
import { lowestPrice30dSql } from "./prices.server";
import { bestSellingProductIds } from "./product-events.server";
import { storedLabels } from "./product-labels.server";
import { variantAvailability } from "./product-rules";
import {
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "./tables.server";

export type { ListingScope } from "./listing-columns";

/** What a product card shows of a highlight label: its code and count, no evidence. */
export interface CardHighlight {
  code: HighlightCode;
  count?: number;
}

/**
 * A card shows at most this many labels, without "few left": the card says that itself from the live
 * stock and the operators' threshold. The product page shows every label.
 */
const CARD_LABEL_LIMIT = 2;
const LEFT_TO_THE_CARD: readonly HighlightCode[] = ["few-left"];

/** The labels of these products' cards. */
export async function cardHighlightsFor(ids: readonly number[]): Promise<Map<number, CardHighlight[]>> {
  const labels = await storedLabels(ids, { limit: CARD_LABEL_LIMIT, except: LEFT_TO_THE_CARD });
  return new Map(
    [...labels].map(([id, list]) => [
      id,
      list.map(({ code, count }) => (count === undefined ? { code } : { code, count })),
    ]),
  );
}

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
  /**
   * In stock, at or below the operators' "Only n left" threshold: worked out from `stock` and the setting
   * each time a card is served, never kept with a card in memory (a changed threshold shows at once).
   */
  fewLeft: boolean;
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
export async function categoryScope(locale: Locale, slug: string): Promise<number[] | null> {
  const index = listingIndex();
  await index.ready();
  return index.categoryScope(locale, slug);
}

/**
 * A page of a listing with exact facet counts. Counts are disjunctive: a facet's own selection does not
 * shrink its own counts (choosing "M" still shows how many come in "L"), every other selection does.
 */
export async function listProducts(
  locale: Locale,
  query: ListingQuery,
  scope: ListingScope,
): Promise<Listing> {
  const index = listingIndex();
  await index.ready();
  const { ids, total, facets } = index.list(locale, query, scope);
  return {
    products: await cardCache().cards(locale, ids),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    facets,
  };
}

/** The cards of these products in a locale, in the order given, from the process's card memory. */
export function cachedProductCards(locale: Locale, ids: number[]): Promise<ProductCard[]> {
  return cardCache().cards(locale, ids);
}

/** A card as read from the database: everything but what is worked out when it is served. */
type StoredCard = Omit<ProductCard, "fewLeft">;

/** The cards of these products in a locale, in the order given. */
export async function productCards(locale: Locale, ids: number[]): Promise<ProductCard[]> {
  const [cards, threshold] = await Promise.all([readCards(locale, ids), fewLeftThreshold()]);
  return served(cards, threshold);
}

/** The operators' "Only n left" threshold, in units. */
async function fewLeftThreshold(): Promise<number> {
  return (await shopSetting("fewLeftThreshold")).units;
}

/** The cards as a shopper gets them: "Only n left" from their stock and the threshold now. */
function served(cards: readonly StoredCard[], threshold: number): ProductCard[] {
  return cards.map((card) => ({
    ...card,
    fewLeft: variantAvailability(card.stock, threshold) === "few-left",
  }));
}

async function readCards(locale: Locale, ids: number[]): Promise<StoredCard[]> {
  if (ids.length === 0) return [];
  const firstImage = sql<ImageSet | null>`(select ${productImages.set} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;
  const lowestPrice30d = lowestPrice30dSql(products.id);
  const stock = sql<number>`(select coalesce(sum(${productVariants.stock}), 0)::int from ${productVariants} where ${productVariants.productId} = ${products.id})`;
  const cards = db()
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
  const [rows, highlights] = await Promise.all([cards, cardHighlightsFor(ids)]);
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

/** How long a card is served from memory while the change feed has not named its product. */
export const CARD_TTL_MS = 30_000;
const CARD_CACHE_LIMIT = 50_000;

/**
 * Product cards of listings and searches, kept in the process: reading 48 cards (photo, stock, Omnibus
 * price, highlights) costs PostgreSQL more than the rest of a search. A card is dropped as soon as the
 * listing index takes in a change of its product (price, stock, name, photo: within a second of the
 * commit), and after CARD_TTL_MS in any case (highlights and the 30-day lowest price move with time).
 * "Only n left" is not kept: it follows from the card's stock and the operators' threshold when served.
 */
class CardCache {
  private readonly entries = new Map<string, { card: StoredCard; until: number }>();
  /** Bumped by every change: a read that started before one does not store what it read. */
  private generation = 0;

  constructor(database: Database) {
    listingIndex(database).onChange((productIds) => this.forget(productIds));
  }

  async cards(locale: Locale, ids: number[]): Promise<ProductCard[]> {
    const [cards, threshold] = await Promise.all([this.stored(locale, ids), fewLeftThreshold()]);
    return served(cards, threshold);
  }

  private async stored(locale: Locale, ids: number[]): Promise<StoredCard[]> {
    const now = Date.now();
    const found = new Map<number, StoredCard>();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = this.entries.get(`${locale}:${id}`);
      if (entry && entry.until > now) found.set(id, entry.card);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const read = await readCards(locale, missing);
      const keep = generation === this.generation;
      if (keep && this.entries.size + read.length > CARD_CACHE_LIMIT) this.entries.clear();
      for (const card of read) {
        found.set(card.id, card);
        if (keep) this.entries.set(`${locale}:${card.id}`, { card, until: now + CARD_TTL_MS });
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  private forget(productIds: readonly number[] | null): void {
    this.generation++;
    if (productIds === null) this.entries.clear();
    else for (const id of productIds) for (const locale of locales) this.entries.delete(`${locale}:${id}`);
  }
}

const cardCaches = new WeakMap<Database, CardCache>();

/** The card cache of a database handle (one per process and database, beside its listing index). */
function cardCache(database: Database = db()): CardCache {
  let cache = cardCaches.get(database);
  if (!cache) {
    cache = new CardCache(database);
    cardCaches.set(database, cache);
  }
  return cache;
}

/** A card as a page sends it to the browser: the image as one `srcset` instead of the whole set. */
export type PageCard = Omit<ProductCard, "image"> & { image: ResponsiveImage | null };
/** A listing as a page sends it (see `PageCard`). */
export type PageListing = Omit<Listing, "products"> & { products: PageCard[] };

/** The cards with only what a card shows of their image: 48 image sets are a third of a category page. */
export function pageCards(cards: readonly ProductCard[]): PageCard[] {
  return cards.map(({ image, ...card }) => ({ ...card, image: image ? responsiveImage(image) : null }));
}

/** A listing for a page: `pageCards` of its products. */
export function pageListing(listing: Listing): PageListing {
  return { ...listing, products: pageCards(listing.products) };
}

/** The first photo of each product (by position), in one indexed query. */
export async function firstImages(ids: readonly number[]): Promise<Map<number, ImageSet>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .selectDistinctOn([productImages.productId], {
      productId: productImages.productId,
      set: productImages.set,
    })
    .from(productImages)
    .where(sql`${productImages.productId} = any(${`{${ids.join(",")}}`}::int[])`)
    .orderBy(productImages.productId, productImages.position);
  return new Map(rows.map((row) => [row.productId, row.set]));
}

/** A product's campaign photo: its last one (the close-up in the demo catalogue); null without photos. */
export async function heroImage(productId: number): Promise<ImageSet | null> {
  const [row] = await db()
    .select({ set: productImages.set })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(desc(productImages.position))
    .limit(1);
  return row?.set ?? null;
}

export interface Shelves {
  /** The newest products (the `newest` sort of a listing). */
  newIn: ProductCard[];
  /** Most units sold in the last 30 days; topped up by the `position` sort when fewer sold. */
  bestSellers: ProductCard[];
}

/**
 * The home page's product rows: the newest products, and the best sellers of the last 30 days (units sold in
 * the hourly counters), topped up in "most popular" order when too few products sold. Two queries for the
 * ids (the listing index and one range scan of the counters) and one for the cards.
 */
export async function homeShelves(
  locale: Locale,
  options: { size?: number; now?: Date } = {},
): Promise<Shelves> {
  const size = options.size ?? 8;
  const index = listingIndex();
  const [, sold] = await Promise.all([
    index.ready(),
    // A few extra, for sold products the index no longer lists.
    bestSellingProductIds({ limit: size * 2, now: options.now }),
  ]);
  const newIn = index.first("newest", size);
  const best = sold.filter((id) => index.has(id)).slice(0, size);
  best.push(...index.first("position", size - best.length, { except: new Set(best) }));
  const cards = await productCards(locale, [...new Set([...newIn, ...best])]);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return { newIn: pick(newIn), bestSellers: pick(best) };
}

/**
 * The best sellers of the categories these products are in (the last 30 days' units), topped up in "most
 * popular" order, without the products themselves and without sold-out ones: "you may also like" for a
 * visitor who gave no personalisation consent, and the filler after the personal suggestions.
 */
export async function categoryBestSellers(
  locale: Locale,
  productIds: readonly number[],
  options: { size?: number; except?: readonly number[] } = {},
): Promise<ProductCard[]> {
  const size = options.size ?? 8;
  if (productIds.length === 0) return [];
  const index = listingIndex();
  const [, sold, categories] = await Promise.all([
    index.ready(),
    bestSellingProductIds({ limit: 300 }),
    db()
      .select({ id: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, [...productIds])),
  ]);
  const scope = [...new Set(categories.map((c) => c.id))];
  if (scope.length === 0) return [];
  const except = new Set([...productIds, ...(options.except ?? [])]);
  const inScope = new Set(index.first("position", 2_000, { categoryIds: scope }));
  const picked = sold.filter((id) => inScope.has(id) && !except.has(id)).slice(0, size * 2);
  picked.push(
    ...index.first("position", size * 2, { categoryIds: scope, except: new Set([...except, ...picked]) }),
  );
  const cards = await productCards(locale, picked);
  return cards.filter((card) => card.stock > 0 && !card.comingSoon).slice(0, size);
}

export interface CategoryEntry {
  slug: string;
  name: string;
  /** The product whose photo it shows; null when the category has no products. */
  productId: number | null;
  /** The photo of the category's most popular product; null when it has none. */
  image: ImageSet | null;
}

/**
 * A photo for each category: the first photo of its most popular product (its own or a sub-category's),
 * never the same product twice, so the entry points do not repeat one picture.
 */
export async function categoryEntries(
  locale: Locale,
  categories: readonly { slug: string; name: string }[],
): Promise<CategoryEntry[]> {
  const index = listingIndex();
  await index.ready();
  const used = new Set<number>();
  const productOf = categories.map((category) => {
    const scope = index.categoryScope(locale, category.slug);
    const [id] = scope ? index.first("position", 1, { categoryIds: scope, except: used }) : [];
    if (id !== undefined) used.add(id);
    return id;
  });
  const images = await firstImages([...used]);
  return categories.map((category, i) => {
    const id = productOf[i];
    return {
      slug: category.slug,
      name: category.name,
      productId: id ?? null,
      image: (id !== undefined && images.get(id)) || null,
    };
  });
}
