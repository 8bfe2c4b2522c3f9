// The catalogue as the back office reads and changes it. Every command takes the caller's transaction (the
// staff domain wraps it with its audit entry) and returns the values before and after. Writing the tables
// is enough for the shop to follow: the catalog_changes triggers feed the listing index and the search
// triggers rebuild the documents.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { db, type Queryable } from "../../platform/db/db.server";
import { escapeLike } from "../../platform/db/like";
import { type Locale, locales } from "../../platform/i18n/locales";
import type { ImageSet } from "./image-set";
import { lowestPrice30dSql } from "./prices.server";
import {
  categories,
  categoryTranslations,
  type ProductAttributes,
  priceHistory,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "./tables.server";

/** A refused catalogue change, with the form field it is about. */
export class CatalogueError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "CatalogueError";
  }
}

const UNIQUE_VIOLATION = "23505";

function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === "string" ? constraint : "unique";
  }
  return undefined;
}

// ── Products: list ──────────────────────────────────────────────────────────────────────────────────

export interface StaffProductRow {
  id: number;
  styleCode: string;
  name: string;
  brand: string;
  colour: string;
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
  variants: number;
  isActive: boolean;
  appOnly: boolean;
  onlineFrom: Date | null;
  image: ImageSet | null;
}

export const STAFF_PAGE_SIZE = 50;

/** Products matching a name, brand, style code or SKU (any locale), newest first, 50 a page. */
export async function findProducts(options: { q?: string; page?: number; status?: "active" | "inactive" }) {
  const q = options.q?.trim();
  const filters: SQL[] = [];
  if (q) {
    const like = `%${escapeLike(q)}%`;
    filters.push(
      or(
        ilike(products.styleCode, like),
        ilike(products.brand, like),
        sql`exists (select 1 from ${productTranslations} t where t.product_id = ${products.id} and t.name ilike ${like})`,
        sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.sku ilike ${like})`,
        /^\d+$/.test(q) ? eq(products.id, Number(q)) : undefined,
      ) as SQL,
    );
  }
  if (options.status) filters.push(eq(products.isActive, options.status === "active"));
  const where = filters.length ? and(...filters) : undefined;
  const page = Math.max(1, options.page ?? 1);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: products.id,
        styleCode: products.styleCode,
        name: sql<string>`coalesce(${productTranslations.name}, ${products.styleCode})`,
        brand: products.brand,
        colour: products.colour,
        priceCents: products.priceCents,
        originalPriceCents: products.originalPriceCents,
        stock: sql<number>`(select coalesce(sum(v.stock), 0)::int from ${productVariants} v where v.product_id = ${products.id})`,
        variants: sql<number>`(select count(*)::int from ${productVariants} v where v.product_id = ${products.id})`,
        isActive: products.isActive,
        appOnly: products.appOnly,
        onlineFrom: products.onlineFrom,
        image: sql<ImageSet | null>`(select i.set from ${productImages} i where i.product_id = ${products.id} order by i.position, i.id limit 1)`,
      })
      .from(products)
      .leftJoin(
        productTranslations,
        and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, "en")),
      )
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(STAFF_PAGE_SIZE)
      .offset((page - 1) * STAFF_PAGE_SIZE),
    db().select({ count: count() }).from(products).where(where),
  ]);
  return { products: rows as StaffProductRow[], total: total?.count ?? 0, page, pageSize: STAFF_PAGE_SIZE };
}

// ── Products: one, for editing ──────────────────────────────────────────────────────────────────────

export interface ProductTranslationValues {
  name: string;
  slug: string;
  description: string;
  fabric: string | null;
  washingAdvice: string | null;
  modelInfo: string | null;
}

export interface StaffProduct {
  id: number;
  styleCode: string;
  brand: string;
  colour: string;
  colourHex: string;
  priceCents: number;
  originalPriceCents: number | null;
  lowestPrice30dCents: number | null;
  attributes: ProductAttributes;
  lookId: string | null;
  appOnly: boolean;
  onlineFrom: Date | null;
  availableSoonReason: string | null;
  availableSoonDate: string | null;
  position: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  translations: Partial<Record<Locale, ProductTranslationValues>>;
  variants: { id: number; size: string; sku: string; stock: number; position: number }[];
  images: { id: number; position: number; set: ImageSet }[];
  categoryIds: number[];
  priceHistory: { priceCents: number; validFrom: Date }[];
}

/** Everything the product editor shows; null for an unknown id. */
export async function productForStaff(id: number, on: Queryable = db()): Promise<StaffProduct | null> {
  const [row] = await on
    .select({
      id: products.id,
      styleCode: products.styleCode,
      brand: products.brand,
      colour: products.colour,
      colourHex: products.colourHex,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      // The id as a value: in a one-table select Drizzle leaves `id` unqualified, and inside the
      // subquery that would name price_history's own id.
      lowestPrice30dCents: lowestPrice30dSql(id),
      attributes: products.attributes,
      lookId: products.lookId,
      appOnly: products.appOnly,
      onlineFrom: products.onlineFrom,
      availableSoonReason: products.availableSoonReason,
      availableSoonDate: sql<string | null>`${products.availableSoonDate}::text`,
      position: products.position,
      isActive: products.isActive,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  const [translations, variants, images, links, history] = await Promise.all([
    on.select().from(productTranslations).where(eq(productTranslations.productId, id)),
    on
      .select({
        id: productVariants.id,
        size: productVariants.size,
        sku: productVariants.sku,
        stock: productVariants.stock,
        position: productVariants.position,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    on
      .select({ id: productImages.id, position: productImages.position, set: productImages.set })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    on
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, id)),
    on
      .select({ priceCents: priceHistory.priceCents, validFrom: priceHistory.validFrom })
      .from(priceHistory)
      .where(eq(priceHistory.productId, id))
      .orderBy(desc(priceHistory.validFrom), desc(priceHistory.id)),
  ]);
  return {
    ...row,
    lowestPrice30dCents: row.lowestPrice30dCents === null ? null : Number(row.lowestPrice30dCents),
    translations: Object.fromEntries(
      translations.map(({ locale, name, slug, description, fabric, washingAdvice, modelInfo }) => [
        locale,
        { name, slug, description, fabric, washingAdvice, modelInfo },
      ]),
    ),
    variants,
    images,
    categoryIds: links.map((l) => l.categoryId),
    priceHistory: history,
  };
}

async function lockProduct(tx: Queryable, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!row) throw new CatalogueError("This product no longer exists.");
  return row;
}

// ── Products: commands ──────────────────────────────────────────────────────────────────────────────

export interface Change<T> {
  before: T;
  after: T;
}

/** New price and (optional) original price; a new price is written to the price history (EU Omnibus). */
export async function setProductPrice(
  tx: Queryable,
  id: number,
  price: { priceCents: number; originalPriceCents: number | null },
): Promise<Change<{ priceCents: number; originalPriceCents: number | null }>> {
  const row = await lockProduct(tx, id);
  const before = { priceCents: row.priceCents, originalPriceCents: row.originalPriceCents };
  if (price.originalPriceCents !== null && price.originalPriceCents <= price.priceCents)
    throw new CatalogueError("The original price must be higher than the price.", "originalPrice");
  await tx
    .update(products)
    .set({ ...price, updatedAt: sql`now()` })
    .where(eq(products.id, id));
  if (price.priceCents !== row.priceCents)
    await tx.insert(priceHistory).values({ productId: id, priceCents: price.priceCents });
  return { before, after: price };
}

export async function setProductAvailability(
  tx: Queryable,
  id: number,
  values: {
    isActive: boolean;
    appOnly: boolean;
    onlineFrom: Date | null;
    availableSoonReason: string | null;
    availableSoonDate: string | null;
  },
) {
  const row = await lockProduct(tx, id);
  const before = {
    isActive: row.isActive,
    appOnly: row.appOnly,
    onlineFrom: row.onlineFrom,
    availableSoonReason: row.availableSoonReason,
    availableSoonDate: row.availableSoonDate,
  };
  await tx
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));
  return { before, after: values };
}

export async function setProductDetails(
  tx: Queryable,
  id: number,
  values: {
    brand: string;
    colour: string;
    colourHex: string;
    lookId: string | null;
    position: number;
    attributes: ProductAttributes;
  },
) {
  const row = await lockProduct(tx, id);
  const before = {
    brand: row.brand,
    colour: row.colour,
    colourHex: row.colourHex,
    lookId: row.lookId,
    position: row.position,
    attributes: row.attributes,
  };
  try {
    await tx
      .update(products)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(products.id, id));
  } catch (error) {
    if (constraintOf(error))
      throw new CatalogueError("Another product has this style code in this colour.", "colour");
    throw error;
  }
  return { before, after: values };
}

/** Replaces the product's texts in every locale; a slug another product uses in that locale is refused. */
export async function setProductTranslations(
  tx: Queryable,
  id: number,
  translations: Record<Locale, ProductTranslationValues>,
) {
  await lockProduct(tx, id);
  const existing = await tx.select().from(productTranslations).where(eq(productTranslations.productId, id));
  const before = Object.fromEntries(
    existing.map(({ locale, name, slug, description, fabric, washingAdvice, modelInfo }) => [
      locale,
      { name, slug, description, fabric, washingAdvice, modelInfo },
    ]),
  );
  for (const locale of locales) {
    const [taken] = await tx
      .select({ productId: productTranslations.productId })
      .from(productTranslations)
      .where(
        and(
          eq(productTranslations.locale, locale),
          eq(productTranslations.slug, translations[locale].slug),
          ne(productTranslations.productId, id),
        ),
      );
    if (taken)
      throw new CatalogueError(
        `Product ${taken.productId} already uses this slug in ${locale}.`,
        `translations.${locale}.slug`,
      );
  }
  // Only the locales that changed are written: each write rebuilds that product's search documents.
  const changed = locales.filter(
    (locale) => JSON.stringify(before[locale] ?? null) !== JSON.stringify(translations[locale]),
  );
  if (changed.length > 0)
    await tx
      .insert(productTranslations)
      .values(changed.map((locale) => ({ productId: id, locale, ...translations[locale] })))
      .onConflictDoUpdate({
        target: [productTranslations.productId, productTranslations.locale],
        set: {
          name: sql`excluded.name`,
          slug: sql`excluded.slug`,
          description: sql`excluded.description`,
          fabric: sql`excluded.fabric`,
          washingAdvice: sql`excluded.washing_advice`,
          modelInfo: sql`excluded.model_info`,
        },
      });
  return { before, after: translations as Record<string, ProductTranslationValues> };
}

export interface VariantValues {
  id?: number;
  size: string;
  sku: string;
  stock: number;
}

/**
 * Sets the product's sizes as listed, in that order: listed ids are updated, new rows added, and sizes
 * left out removed. A SKU another product uses is refused.
 */
export async function setProductVariants(tx: Queryable, id: number, variants: VariantValues[]) {
  await lockProduct(tx, id);
  const existing = await tx
    .select({
      id: productVariants.id,
      size: productVariants.size,
      sku: productVariants.sku,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const known = new Set(existing.map((v) => v.id));
  for (const variant of variants)
    if (variant.id !== undefined && !known.has(variant.id))
      throw new CatalogueError("A size of this product changed meanwhile; reload the page.");
  const kept = new Set(variants.flatMap((v) => (v.id === undefined ? [] : [v.id])));
  const removed = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
  try {
    if (removed.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, removed));
    // Temporary SKUs first, so that two sizes can swap SKUs without tripping the unique index.
    for (const variant of variants.filter((v) => v.id !== undefined))
      await tx
        .update(productVariants)
        .set({ sku: sql`${productVariants.sku} || '~' || ${productVariants.id}` })
        .where(eq(productVariants.id, variant.id as number));
    for (const [position, variant] of variants.entries()) {
      const values = { size: variant.size, sku: variant.sku, stock: variant.stock, position };
      if (variant.id === undefined) await tx.insert(productVariants).values({ productId: id, ...values });
      else await tx.update(productVariants).set(values).where(eq(productVariants.id, variant.id));
    }
  } catch (error) {
    if (constraintOf(error)) throw new CatalogueError("Another product already uses one of these SKUs.");
    throw error;
  }
  const strip = (v: VariantValues) => ({ size: v.size, sku: v.sku, stock: v.stock });
  return { before: existing.map(strip), after: variants.map(strip) };
}

export async function setProductCategories(tx: Queryable, id: number, categoryIds: number[]) {
  await lockProduct(tx, id);
  const before = (
    await tx
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, id))
  )
    .map((r) => r.categoryId)
    .sort((a, b) => a - b);
  const after = [...new Set(categoryIds)].sort((a, b) => a - b);
  if (after.length > 0) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, after));
    if (found.length !== after.length) throw new CatalogueError("A chosen category no longer exists.");
  }
  const add = after.filter((c) => !before.includes(c));
  const remove = before.filter((c) => !after.includes(c));
  if (remove.length > 0)
    await tx
      .delete(productCategories)
      .where(and(eq(productCategories.productId, id), inArray(productCategories.categoryId, remove)));
  if (add.length > 0)
    await tx.insert(productCategories).values(add.map((categoryId) => ({ productId: id, categoryId })));
  return { before, after };
}

// A photo added, removed or moved names its product in the change feed by itself (the product_images
// triggers of migration 0021), so the cards in memory take it in at the next sync.

export async function addProductImage(tx: Queryable, id: number, set: ImageSet) {
  await lockProduct(tx, id);
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
    .from(productImages)
    .where(eq(productImages.productId, id));
  const [row] = await tx
    .insert(productImages)
    .values({ productId: id, set, position: (last?.position ?? -1) + 1 })
    .returning({ id: productImages.id });
  return row!.id;
}

export async function removeProductImage(tx: Queryable, id: number, imageId: number) {
  await lockProduct(tx, id);
  const [removed] = await tx
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)))
    .returning({ set: productImages.set });
  if (!removed) throw new CatalogueError("This image no longer exists.");
  return removed.set;
}

/** Moves an image one place earlier or later; the first image is the product's main photo. */
export async function moveProductImage(tx: Queryable, id: number, imageId: number, direction: "up" | "down") {
  await lockProduct(tx, id);
  const images = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const order = images.map((i) => i.id);
  const at = order.indexOf(imageId);
  if (at === -1) throw new CatalogueError("This image no longer exists.");
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= order.length) return { before: order, after: order };
  const after = [...order];
  [after[at], after[to]] = [after[to] as number, after[at] as number];
  for (const [position, imageId2] of after.entries())
    await tx.update(productImages).set({ position }).where(eq(productImages.id, imageId2));
  return { before: order, after };
}

/**
 * A new product, inactive until staff have checked it: names in every locale (slugs made from them, with
 * the style code and colour so they are unique), the price with its first history row, no sizes yet.
 */
export async function createProduct(
  tx: Queryable,
  values: {
    styleCode: string;
    brand: string;
    colour: string;
    colourHex: string;
    priceCents: number;
    names: Record<Locale, string>;
    slugs: Record<Locale, string>;
  },
): Promise<number> {
  try {
    const [row] = await tx
      .insert(products)
      .values({
        styleCode: values.styleCode,
        brand: values.brand,
        colour: values.colour,
        colourHex: values.colourHex,
        priceCents: values.priceCents,
        isActive: false,
      })
      .returning({ id: products.id });
    const id = row!.id;
    await tx.insert(priceHistory).values({ productId: id, priceCents: values.priceCents });
    await tx.insert(productTranslations).values(
      locales.map((locale) => ({
        productId: id,
        locale,
        name: values.names[locale],
        slug: values.slugs[locale],
        description: values.names[locale],
      })),
    );
    return id;
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "products_style_colour_unique")
      throw new CatalogueError("A product with this style code and colour exists already.", "colour");
    if (constraint) throw new CatalogueError("A product already uses one of these slugs.", "styleCode");
    throw error;
  }
}

// ── Stock overview ──────────────────────────────────────────────────────────────────────────────────

export interface LowStockRow {
  productId: number;
  variantId: number;
  name: string;
  size: string;
  sku: string;
  stock: number;
}

/** Active, online products' sizes at or below `threshold` units, fewest first (sold-out sizes included). */
export async function lowStock(threshold: number, limit = 10) {
  const filter = and(
    eq(products.isActive, true),
    sql`${productVariants.stock} <= ${threshold}`,
    sql`(${products.onlineFrom} is null or ${products.onlineFrom} <= now())`,
  );
  const [rows, [totals]] = await Promise.all([
    db()
      .select({
        productId: products.id,
        variantId: productVariants.id,
        name: sql<string>`coalesce(${productTranslations.name}, ${products.styleCode})`,
        size: productVariants.size,
        sku: productVariants.sku,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(
        productTranslations,
        and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, "en")),
      )
      .where(filter)
      .orderBy(asc(productVariants.stock), asc(products.id), asc(productVariants.position))
      .limit(limit),
    db()
      .select({
        low: sql<number>`count(*) filter (where ${productVariants.stock} > 0)::int`,
        soldOut: sql<number>`count(*) filter (where ${productVariants.stock} = 0)::int`,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(filter),
  ]);
  return { rows: rows as LowStockRow[], low: totals?.low ?? 0, soldOut: totals?.soldOut ?? 0 };
}

// ── Categories ──────────────────────────────────────────────────────────────────────────────────────

export interface StaffCategory {
  id: number;
  parentId: number | null;
  position: number;
  isActive: boolean;
  products: number;
  translations: Partial<Record<Locale, { name: string; slug: string; description: string | null }>>;
}

/** Every category (active or not) with its texts per locale and its number of products, as a flat list. */
export async function categoriesForStaff(on: Queryable = db()): Promise<StaffCategory[]> {
  const [rows, texts] = await Promise.all([
    on
      .select({
        id: categories.id,
        parentId: categories.parentId,
        position: categories.position,
        isActive: categories.isActive,
        // Qualified by hand: in a one-table select Drizzle writes the column without its table.
        products: sql<number>`(select count(*)::int from ${productCategories} pc where pc.category_id = "categories"."id")`,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    on.select().from(categoryTranslations),
  ]);
  return rows.map((row) => ({
    ...row,
    translations: Object.fromEntries(
      texts
        .filter((t) => t.categoryId === row.id)
        .map((t) => [t.locale, { name: t.name, slug: t.slug, description: t.description }]),
    ),
  }));
}

export interface CategoryValues {
  parentId: number | null;
  position: number;
  isActive: boolean;
  translations: Record<Locale, { name: string; slug: string; description: string | null }>;
}

/** Creates (id null) or updates a category; refuses a parent that would make a loop and taken slugs. */
export async function saveCategory(tx: Queryable, id: number | null, values: CategoryValues) {
  const all = await categoriesForStaff(tx);
  const current = id === null ? undefined : all.find((c) => c.id === id);
  if (id !== null && !current) throw new CatalogueError("This category no longer exists.");
  if (values.parentId !== null) {
    const byId = new Map(all.map((c) => [c.id, c]));
    if (!byId.has(values.parentId))
      throw new CatalogueError("The parent category no longer exists.", "parentId");
    for (let at: number | null = values.parentId; at !== null; at = byId.get(at)?.parentId ?? null)
      if (at === id) throw new CatalogueError("A category cannot sit inside itself.", "parentId");
  }
  for (const locale of locales) {
    const taken = all.find(
      (c) => c.id !== id && c.translations[locale]?.slug === values.translations[locale].slug,
    );
    if (taken)
      throw new CatalogueError(
        `The category "${taken.translations[locale]?.name}" already uses this slug in ${locale}.`,
        `translations.${locale}.slug`,
      );
  }
  // Only what changed is written: every statement on these tables (even one that changes nothing) puts
  // a row in the change feed that makes every process reload its whole search index.
  let categoryId = id;
  const row = { parentId: values.parentId, position: values.position, isActive: values.isActive };
  if (categoryId === null) {
    const [created] = await tx.insert(categories).values(row).returning({ id: categories.id });
    categoryId = created!.id;
  } else if (
    current?.parentId !== row.parentId ||
    current.position !== row.position ||
    current.isActive !== row.isActive
  ) {
    await tx.update(categories).set(row).where(eq(categories.id, categoryId));
  }
  const changedTexts = locales.filter((locale) => {
    const was = current?.translations[locale];
    const now = values.translations[locale];
    return (
      !was || was.name !== now.name || was.slug !== now.slug || (was.description ?? null) !== now.description
    );
  });
  if (changedTexts.length > 0)
    await tx
      .insert(categoryTranslations)
      .values(
        changedTexts.map((locale) => ({
          categoryId: categoryId as number,
          locale,
          ...values.translations[locale],
        })),
      )
      .onConflictDoUpdate({
        target: [categoryTranslations.categoryId, categoryTranslations.locale],
        set: { name: sql`excluded.name`, slug: sql`excluded.slug`, description: sql`excluded.description` },
      });
  const before = current
    ? {
        parentId: current.parentId,
        position: current.position,
        isActive: current.isActive,
        translations: current.translations,
      }
    : null;
  return { id: categoryId, before, after: values };
}
