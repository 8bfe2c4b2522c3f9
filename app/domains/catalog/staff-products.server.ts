// The catalogue as the back office reads it: the product list and search, one product for its editor, and
// the sizes that run low.
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import { escapeLike } from "../../platform/db/like";
import type { Locale } from "../../platform/i18n/locales";
import type { ImageSet } from "./image-set";
import { lowestPrice30dSql } from "./prices.server";
import {
  type ProductAttributes,
  priceHistory,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "./tables.server";

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
export async function productForStaff(id: number): Promise<StaffProduct | null> {
  const on = db();
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
