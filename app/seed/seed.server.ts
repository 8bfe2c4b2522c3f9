// Seeds the demo catalogue (first start) and the benchmark catalogue (`SEED=bench:N`).
//
// The rows are written in one transaction, so a failed seed leaves an empty catalogue that the next
// start seeds again. Products go in batches of multi-row inserts (no per-row round trips). The photos
// are rendered in the background, once per image key (see images.server.ts): the shop can serve while
// they are drawn, and `renderSeedImages` draws whatever a stopped process left undone.
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  catalogChanges,
  categories,
  categoryTranslations,
  priceHistory,
  productCategories,
  productEventCounts,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "../domains/catalog/tables.server";
import { productStockState } from "../domains/highlights/tables.server";
import { productSearchDocuments, searchWords } from "../domains/search/tables.server";
import type { Database, Transaction } from "../platform/db/db.server";
import { locales } from "../platform/i18n/locales";
import { generateProducts, type ProductSpec } from "./catalogue";
import { type CategoryData, categoryTree } from "./catalogue-data";
import { seedHighlightCounters } from "./highlights.server";
import { ImagePool } from "./images.server";

export interface SeedOptions {
  /** `<DATA_DIR>/media`; images go to `products/<key>/` below it. */
  mediaDir: string;
  products: number;
  log?: (message: string) => void;
  /** PRNG seed: the same seed gives the same catalogue. */
  seed?: number;
  /** The seed's "today" (sale starts, coming-soon dates); defaults to now. */
  now?: Date;
}

const PRODUCTS_PER_BATCH = 1000;
/** PostgreSQL allows 65 535 bind parameters per statement; stay well below. */
const MAX_PARAMETERS = 60_000;
/** Image renders at a time: rendering is CPU-bound and the database needs a core too. */
const IMAGE_WORKERS = 2;

/** What the seed writes in bulk: its own inserts (highlight counters too), and what the triggers on them build. */
const bulkLoaded: PgTable[] = [
  categories,
  categoryTranslations,
  products,
  productCategories,
  productTranslations,
  productVariants,
  productImages,
  priceHistory,
  productSearchDocuments,
  searchWords,
  productStockState,
  productEventCounts,
  catalogChanges,
];

export async function catalogueIsEmpty(db: Database): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  return !product && !category;
}

/**
 * Seeds an empty catalogue: the category tree and `options.products` products with everything they need.
 * Resolves when the rows are committed; `images` resolves when every photo is on disk.
 */
export async function seedCatalogue(
  db: Database,
  options: SeedOptions,
): Promise<{ products: number; ms: number; images: Promise<void> }> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  if (!(await catalogueIsEmpty(db))) throw new Error("seedCatalogue needs an empty catalogue");
  const images = new ImagePool(options.mediaDir, IMAGE_WORKERS);
  let inserted = 0;
  await db.transaction(async (tx) => {
    const categoryIds = await insertCategories(tx);
    let batch: ProductSpec[] = [];
    for (const product of generateProducts(options.products, { seed: options.seed, now: options.now })) {
      batch.push(product);
      if (batch.length < PRODUCTS_PER_BATCH) continue;
      inserted += await insertProducts(tx, batch, categoryIds, images);
      batch = [];
      if (inserted % 10_000 === 0) log(`catalogue seed: ${inserted}/${options.products} products`);
    }
    if (batch.length > 0) inserted += await insertProducts(tx, batch, categoryIds, images);
    await seedHighlightCounters(tx, options.now ?? new Date());
  });
  // Fresh planner statistics for the bulk-loaded tables: without them (autovacuum off, or not yet run)
  // PostgreSQL guesses thousands of variants per product and plans the first hours of traffic badly. Only
  // the tables this load filled (directly, or through the search and stock triggers): the rest of the
  // database did not change, and analysing all of it costs the first start for nothing.
  await db.execute(sql`analyze ${sql.join(bulkLoaded, sql`, `)}`);
  log(`catalogue seed: ${inserted} products committed, drawing ${images.size} product images`);
  return { products: inserted, ms: Math.round(performance.now() - started), images: images.drain() };
}

/** Draws the photos of a seeded catalogue that are not on disk yet (after a stop during the first start). */
export async function renderSeedImages(options: Omit<SeedOptions, "log">): Promise<void> {
  const images = new ImagePool(options.mediaDir, IMAGE_WORKERS);
  for (const product of generateProducts(options.products, { seed: options.seed, now: options.now })) {
    for (const spec of product.images) images.request(spec);
  }
  await images.drain();
}

/** Inserts the tree top-down; returns the id of every category code. */
async function insertCategories(tx: Transaction): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const insertLevel = async (nodes: readonly CategoryData[], parentId: number | null) => {
    const rows = await tx
      .insert(categories)
      .values(nodes.map((_, position) => ({ parentId, position })))
      .returning({ id: categories.id });
    const translations = nodes.flatMap((node, i) => {
      const categoryId = rows[i]?.id as number;
      ids.set(node.code, categoryId);
      return locales.map((locale) => ({
        categoryId,
        locale,
        name: node.name[locale],
        slug: node.slug[locale],
        description: node.description?.[locale] ?? null,
      }));
    });
    await tx.insert(categoryTranslations).values(translations);
    for (const node of nodes)
      if (node.children) await insertLevel(node.children, ids.get(node.code) as number);
  };
  await insertLevel(categoryTree, null);
  return ids;
}

/** Inserts rows in as few statements as the bind-parameter limit allows. */
async function insertAll<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.floor(MAX_PARAMETERS / Object.keys(first).length);
  for (let i = 0; i < rows.length; i += perStatement) {
    await tx.insert(table).values(rows.slice(i, i + perStatement));
  }
}

async function insertProducts(
  tx: Transaction,
  batch: readonly ProductSpec[],
  categoryIds: ReadonlyMap<string, number>,
  images: ImagePool,
): Promise<number> {
  const rows = await tx
    .insert(products)
    .values(
      batch.map((p) => ({
        styleCode: p.styleCode,
        brand: p.brand,
        colour: p.colour.code,
        colourHex: p.colour.hex,
        priceCents: p.priceCents,
        originalPriceCents: p.originalPriceCents,
        attributes: p.attributes,
        lookId: p.lookId,
        appOnly: p.appOnly,
        onlineFrom: p.onlineFrom,
        availableSoonReason: p.availableSoonReason,
        availableSoonDate: p.availableSoonDate,
        position: p.position,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    )
    .returning({ id: products.id, styleCode: products.styleCode, colour: products.colour });
  const ids = new Map(rows.map((row) => [`${row.styleCode}/${row.colour}`, row.id]));
  const withIds = batch.map((p) => ({ p, productId: ids.get(`${p.styleCode}/${p.colour.code}`) as number }));
  // Categories before translations: the search trigger on translations then builds each product's search
  // documents (category names included) once, and the one on categories finds no translation to build yet.
  await insertAll(
    tx,
    productCategories,
    withIds.flatMap(({ p, productId }) =>
      p.categories.map((code) => ({ productId, categoryId: categoryIds.get(code) as number })),
    ),
  );
  await insertAll(
    tx,
    productTranslations,
    withIds.flatMap(({ p, productId }) => p.translations.map((t) => ({ productId, ...t }))),
  );
  await insertAll(
    tx,
    productVariants,
    withIds.flatMap(({ p, productId }) => p.variants.map((v) => ({ productId, ...v }))),
  );
  await insertAll(
    tx,
    productImages,
    withIds.flatMap(({ p, productId }) =>
      p.images.map((spec, position) => ({ productId, position, set: images.request(spec) })),
    ),
  );
  await insertAll(
    tx,
    priceHistory,
    withIds.flatMap(({ p, productId }) => p.priceHistory.map((h) => ({ productId, ...h }))),
  );
  return rows.length;
}
