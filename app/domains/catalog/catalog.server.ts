import { and, asc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { addWarmup } from "../../platform/readiness.server";
import type { Block } from "../content/blocks";
import { customChartSizes } from "../sizing/sizing.server";
import { categoryBySlug } from "./category-info.server";
import { type ImageSet, type ResponsiveImage, responsiveImage } from "./image-set";
import {
  categoryBestSellers,
  categoryEntries,
  categoryScope,
  heroImage,
  homeShelves,
  listProducts,
  type PageCard,
  pageCards,
  pageListing,
  productCards,
} from "./listing.server";
import { listingIndex } from "./listing-index.server";
import { type ListingQuery, parseListingQuery } from "./listing-query";
import type { ProductDetail } from "./product.server";
import { productDetail } from "./product-details.server";
import { shelfProducts } from "./shelves.server";
import {
  catalogChanges,
  categories,
  categoryTranslations,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "./tables.server";

/** Loads the listing index before the shop reports ready, so no shopper waits for it. */
export function warmCatalog(): void {
  addWarmup("listing index", listingIndex(db()).ready());
}

/** Every process reads the change feed within seconds; a day of history is plenty. */
export const pruneCatalogChangesJob = defineJob<Record<string, never>>({
  name: "catalog.prune-changes",
  schedule: { cron: "17 4 * * *", data: {} },
  async handle() {
    await db().delete(catalogChanges).where(lt(catalogChanges.at, sql`now() - interval '1 day'`));
  },
});

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  children: CategoryNode[];
}

const TREE_CACHE_MS = 60_000;
const treeCache = new Map<Locale, { tree: CategoryNode[]; until: number }>();

/** The active category tree in a locale, for navigation; cached a minute per process. */
export async function categoryTree(locale: Locale): Promise<CategoryNode[]> {
  const hit = treeCache.get(locale);
  if (hit && hit.until > Date.now()) return hit.tree;
  const rows = await db()
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categoryTranslations.name,
      slug: categoryTranslations.slug,
    })
    .from(categories)
    .innerJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)),
    )
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.position), asc(categories.id));
  const nodes = new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, slug: r.slug, children: [] as CategoryNode[] }]),
  );
  const tree: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else if (row.parentId === null) tree.push(node);
  }
  treeCache.set(locale, { tree, until: Date.now() + TREE_CACHE_MS });
  return tree;
}

/**
 * Everything a category page (or the catalogue root without a slug) shows: the category, one page of
 * products and the facet counts. Null for an unknown category.
 */
export async function categoryListing(locale: Locale, slug: string | undefined, params: URLSearchParams) {
  const category = slug ? await categoryBySlug(locale, slug) : null;
  if (slug && !category) return null;
  const { query } = parseListingQuery(params);
  const scope = category ? await categoryScope(locale, slug as string) : null;
  const listing = await listProducts(locale, query, { categoryIds: scope });
  return { category, query, listing };
}

/**
 * The first products of a saved filter (a quiz persona's): a category by its English slug (ids are the
 * same in every locale) and listing parameters as a category page reads them (`colour=black&sort=newest`).
 * An unknown category gives nothing rather than the whole catalogue.
 */
export async function productsForFilter(
  locale: Locale,
  filter: { category?: string | null; query?: string | null },
  limit = 8,
): Promise<PageCard[]> {
  const scope = filter.category ? await categoryScope("en", filter.category) : null;
  if (filter.category && !scope) return [];
  const { query } = parseListingQuery(new URLSearchParams(filter.query ?? ""));
  const listing = await listProducts(locale, query, { categoryIds: scope });
  return pageCards(listing.products.filter((p) => p.stock > 0 && !p.comingSoon).slice(0, limit));
}

/**
 * A campaign's product selection (a content `listing` block) as a category page lists it: the same
 * facets, sorts and pages, over a category's products or the hand-picked ones.
 */
export async function selectionPage(
  locale: Locale,
  source: { kind: "filter"; category?: string } | { kind: "picks"; productIds: number[] },
  params: URLSearchParams,
) {
  const { query } = parseListingQuery(params);
  const scope =
    source.kind === "filter"
      ? { categoryIds: source.category ? ((await categoryScope(locale, source.category)) ?? []) : null }
      : { categoryIds: null, matches: source.productIds };
  const listing = await listProducts(locale, query, scope);
  return { query, listing: pageListing(listing) };
}

/**
 * The product page's data: null for an unknown slug (or one of another locale). From the process's
 * memory, current with the change feed (product-details.server.ts).
 */
export async function productPage(locale: Locale, slug: string): Promise<ProductDetail | null> {
  const product = await productDetail(locale, slug);
  if (!product?.sizeChart) return product;
  const sizes = await customChartSizes(product.sizeChart.profile, product.sizeChart.family);
  return sizes ? { ...product, sizeChart: { ...product.sizeChart, sizes } } : product;
}

export type { PageCard, ProductCard } from "./listing.server";
/** The feed the search index follows too (platform/db/change-feed.server.ts). */
export { CATALOG_FEED } from "./listing-index.server";
export { type BagVariant, bagVariantRows, bagVariants, variantLabels } from "./product.server";
export {
  flushProductEvents,
  forgetProductEventsBefore,
  type HourlyCounts,
  productEventHistory,
  recordProductEvent,
} from "./product-events.server";
export {
  type LabelledProduct,
  replaceStoredLabels,
  storedLabels,
  storedLabelsOf,
} from "./product-labels.server";

export { pageCards };

/** "You may also like" without personal data: the same categories' best sellers, as page cards. */
export async function relatedBestSellers(
  locale: Locale,
  productIds: readonly number[],
  options: { size?: number; except?: readonly number[] } = {},
): Promise<PageCard[]> {
  return pageCards(await categoryBestSellers(locale, productIds, options));
}

/** Listing cards of the active products among `ids` in a locale, in the order given (wishlists). */
export async function activeProductCards(locale: Locale, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const on = db();
  const active = await on
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.isActive, true)));
  const keep = new Set(active.map((row) => row.id));
  return productCards(
    locale,
    ids.filter((id) => keep.has(id)),
  );
}

/** The sizes of each of these products, in their order (for "add to bag" from the wishlist). */
export async function productSizes(productIds: readonly number[]) {
  const sizes = new Map<number, { id: number; size: string; stock: number }[]>();
  if (productIds.length === 0) return sizes;
  const rows = await db()
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const { productId, ...size } of rows) sizes.set(productId, [...(sizes.get(productId) ?? []), size]);
  return sizes;
}

/** The product of each of these sizes (unknown ids are absent). */
export async function productIdsOfVariants(variantIds: readonly number[]) {
  if (variantIds.length === 0) return new Map<number, number>();
  const rows = await db()
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, [...variantIds]));
  return new Map(rows.map((row) => [row.id, row.productId]));
}

/** Whether a product exists and is active (a wishlist takes only those). */
export async function isActiveProduct(
  productId: number,
  options: { tx?: Transaction } = {},
): Promise<boolean> {
  const rows = await (options.tx ?? db())
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  return rows.length > 0;
}

/** Units in stock of a variant of an active product; null when there is no such variant. */
export async function activeVariantStock(
  variantId: number,
  options: { tx?: Transaction } = {},
): Promise<number | null> {
  const [row] = await (options.tx ?? db())
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, variantId), eq(products.isActive, true)));
  return row ? row.stock : null;
}

/** Of these variants, the ones that can be bought again: in stock, product active and online. */
export async function orderableVariantIds(
  variantIds: number[],
  options: { tx?: Transaction } = {},
): Promise<number[]> {
  if (variantIds.length === 0) return [];
  const rows = await (options.tx ?? db())
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.id, variantIds),
        gt(productVariants.stock, 0),
        eq(products.isActive, true),
        sql`(${products.onlineFrom} is null or ${products.onlineFrom} <= now())`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * A search's results as a listing: the whole catalogue narrowed to the matches (ranked ids, best first,
 * the order of the `relevance` sort), with the same facets and sorts as a category.
 */
export function searchResultsListing(locale: Locale, query: ListingQuery, matches: number[]) {
  return listProducts(locale, query, { categoryIds: null, matches });
}

/** What a search suggestion shows of a product. */
export interface ProductSummary {
  id: number;
  name: string;
  slug: string;
  priceCents: number;
  originalPriceCents: number | null;
  image: ImageSet | null;
}

/** Active products by id in a locale, in the order of `ids` (for as-you-type suggestions). */
export async function productSummaries(locale: Locale, ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .select({
      id: products.id,
      name: productTranslations.name,
      slug: productTranslations.slug,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      image: sql<ImageSet | null>`(select ${productImages.set} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
    })
    .from(products)
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)),
    )
    .where(and(inArray(products.id, [...ids]), eq(products.isActive, true)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `categoryListing` for the category page: cards carry only what they show of their photos. */
export async function categoryPage(locale: Locale, slug: string | undefined, params: URLSearchParams) {
  const result = await categoryListing(locale, slug, params);
  return result && { ...result, listing: pageListing(result.listing) };
}

/** How many sub-categories the home page offers next to the departments. */
const HOME_SUBCATEGORIES = 4;

/** The departments, then their first sub-categories taken in turn (dresses, men's tops, women's tops, …). */
export function homeCategories(tree: readonly CategoryNode[], subcategories = HOME_SUBCATEGORIES) {
  const departments = tree.map(({ name, slug }) => ({ name, slug }));
  const subs: { name: string; slug: string }[] = [];
  for (let i = 0; subs.length < subcategories && tree.some((d) => d.children.length > i); i++)
    for (const department of tree) {
      const child = department.children[i];
      if (child && subs.length < subcategories) subs.push({ name: child.name, slug: child.slug });
    }
  return { departments, subs };
}

export interface HomeTile {
  name: string;
  slug: string;
  image: ResponsiveImage | null;
}

export interface HomePage {
  /** The campaign photo (a close-up of the newest product); null in an empty shop. */
  hero: ResponsiveImage | null;
  departments: HomeTile[];
  subcategories: HomeTile[];
  newIn: PageCard[];
  bestSellers: PageCard[];
}

/**
 * Everything the home page shows below its campaign copy: the same for every visitor. `blocks`: the live
 * home entry's blocks (issue 20), whose shelves come back in `shelves` (one list per block) from the same
 * in-memory lists the built-in shelves use, so the home page costs what it did.
 */
export async function homePage(
  locale: Locale,
  blocks: readonly Block[] = [],
): Promise<HomePage & { shelves: PageCard[][] }> {
  const { departments, subs } = homeCategories(await categoryTree(locale));
  const shelvesOf = homeShelves(locale);
  const [shelves, entries, blockShelves] = await Promise.all([
    shelvesOf,
    categoryEntries(locale, [...departments, ...subs]),
    blocks.some((b) => b.type === "shelf")
      ? shelfProducts(locale, blocks, {
          activeProductCards,
          categoryPage,
          automatic: async () => {
            const lists = await shelvesOf;
            return { newIn: pageCards(lists.newIn), bestSellers: pageCards(lists.bestSellers) };
          },
        })
      : [],
  ]);
  const heroProduct = shelves.newIn[0];
  const hero = heroProduct ? await heroImage(heroProduct.id) : null;
  const tiles = entries.map(({ name, slug, image }) => ({
    name,
    slug,
    image: image && responsiveImage(image),
  }));
  return {
    hero: hero && responsiveImage(hero),
    departments: tiles.slice(0, departments.length),
    subcategories: tiles.slice(departments.length),
    newIn: blocks.length ? [] : pageCards(shelves.newIn),
    bestSellers: blocks.length ? [] : pageCards(shelves.bestSellers),
    shelves: blockShelves,
  };
}

export interface StockItem {
  variantId: number;
  quantity: number;
}

/**
 * Takes units of sizes off the shelf inside the caller's transaction, all or none: each size is decremented
 * only while enough is left (`stock >= quantity` in the same statement, so two buyers can never take the
 * same last unit). Sizes are locked in id order, so concurrent multi-line orders cannot deadlock. On a
 * shortfall it answers the first short size and its stock; the caller rolls back what was taken.
 */
export async function reserveStock(
  items: readonly StockItem[],
  { tx }: { tx: Transaction },
): Promise<{ ok: true } | { ok: false; variantId: number; stock: number }> {
  const sorted = [...items].sort((a, b) => a.variantId - b.variantId);
  for (const item of sorted) {
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${item.quantity}` })
      .where(and(eq(productVariants.id, item.variantId), gte(productVariants.stock, item.quantity)))
      .returning({ id: productVariants.id });
    if (taken.length === 0) {
      const [row] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, item.variantId));
      return { ok: false, variantId: item.variantId, stock: row?.stock ?? 0 };
    }
  }
  return { ok: true };
}

/** Puts reserved units back on the shelf (a canceled or expired order); the caller makes sure it happens once. */
export async function returnStock(items: readonly StockItem[], { tx }: { tx: Transaction }): Promise<void> {
  const sorted = [...items].sort((a, b) => a.variantId - b.variantId);
  for (const item of sorted) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${item.quantity}` })
      .where(eq(productVariants.id, item.variantId));
  }
}

// The back office's reads and commands (the staff domain adds the audit entry around each).
export * from "./product-commands.server";
export { discardProductImage, storeProductImage } from "./product-images.server";
export * from "./staff-categories.server";
export * from "./staff-products.server";

/** The product cards of a content entry's shelf blocks, one list per block (see `shelves.server.ts`). */
export function entryShelves(locale: Locale, blocks: readonly Block[]): Promise<PageCard[][]> {
  return shelfProducts(locale, blocks, { activeProductCards, categoryPage, automatic: automaticShelves });
}

async function automaticShelves(locale: Locale) {
  const shelves = await homeShelves(locale);
  return { newIn: pageCards(shelves.newIn), bestSellers: pageCards(shelves.bestSellers) };
}

/** What "resell this" in the marketplace takes over from a product the customer bought (any state). */
export async function resaleFacts(
  locale: Locale,
  productId: number,
): Promise<{ brand: string; colour: string; fabric: string | null; image: ImageSet | null } | null> {
  const [row] = await db()
    .select({
      brand: products.brand,
      colour: products.colour,
      fabric: productTranslations.fabric,
      image: sql<ImageSet | null>`(select ${productImages.set} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
    })
    .from(products)
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)),
    )
    .where(eq(products.id, productId));
  return row ?? null;
}
