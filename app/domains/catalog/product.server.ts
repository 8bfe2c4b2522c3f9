import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { db, type Transaction } from "../../platform/db/db.server";
import { type Locale, locales } from "../../platform/i18n/locales";
import { shopSetting } from "../content/content.server";
import type { ChartSize } from "../sizing/size-charts";
import type { ImageSet } from "./image-set";
import { type ProductCard, productCards } from "./listing.server";
import { lowestPrice30dSql } from "./prices.server";
import { type OrderFacts, sizeChartKey } from "./product-rules";
import {
  categoryTranslations,
  type ProductAttributes,
  priceHistory,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "./tables.server";

export interface ProductVariant {
  id: number;
  size: string;
  sku: string;
  stock: number;
}

/** Everything the product page (and `GET /api/v1/products/{slug}`) shows of one product. Client-safe data. */
export interface ProductDetail extends OrderFacts {
  id: number;
  styleCode: string;
  name: string;
  slug: string;
  description: string;
  fabric: string | null;
  washingAdvice: string | null;
  modelInfo: string | null;
  brand: string;
  colour: string;
  colourHex: string;
  priceCents: number;
  originalPriceCents: number | null;
  /** EU Omnibus: the lowest price of the 30 days before the current price (null when there was none). */
  lowestPrice30dCents: number | null;
  currency: string;
  attributes: ProductAttributes;
  lookId: string | null;
  /** ISO date (yyyy-mm-dd) the product is expected back, with `availableSoonReason`. */
  availableSoonDate: string | null;
  images: { id: number; set: ImageSet }[];
  variants: ProductVariant[];
  /** The product's slug in every locale, for hreflang and the language switch. */
  slugs: Record<Locale, string>;
  /** The English slugs of its categories, leaf and parent (they pick the size chart). */
  categorySlugs: string[];
  /** The size chart's key; `sizes` when operators changed the built-in chart's ranges. */
  sizeChart: (NonNullable<ReturnType<typeof sizeChartKey>> & { sizes?: ChartSize[] }) | null;
  /** "Only n left" from this many units down (the operators' setting). */
  fewLeftThreshold: number;
  /** The other products of the same look (shop the look), in the page's locale. */
  look: ProductCard[];
}

/** The columns of a product's detail row in its translation's locale (JSON aggregates for the lists). */
function detailColumns() {
  return {
    id: products.id,
    styleCode: products.styleCode,
    brand: products.brand,
    colour: products.colour,
    colourHex: products.colourHex,
    priceCents: products.priceCents,
    originalPriceCents: products.originalPriceCents,
    currency: products.currency,
    attributes: products.attributes,
    lookId: products.lookId,
    appOnly: products.appOnly,
    onlineFrom: sql<
      string | null
    >`to_char(${products.onlineFrom} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    availableSoonReason: products.availableSoonReason,
    availableSoonDate: sql<string | null>`${products.availableSoonDate}::text`,
    name: productTranslations.name,
    slug: productTranslations.slug,
    description: productTranslations.description,
    fabric: productTranslations.fabric,
    washingAdvice: productTranslations.washingAdvice,
    modelInfo: productTranslations.modelInfo,
    slugs: sql<
      Record<string, string>
    >`(select json_object_agg(t.locale, t.slug) from ${productTranslations} t where t.product_id = ${products.id})`,
    categorySlugs: sql<
      string[] | null
    >`(select json_agg(ct.slug order by ct.slug) from ${productCategories} pc join ${categoryTranslations} ct on ct.category_id = pc.category_id and ct.locale = 'en' where pc.product_id = ${products.id})`,
    images: sql<
      { id: number; set: ImageSet }[] | null
    >`(select json_agg(json_build_object('id', i.id, 'set', i.set) order by i.position, i.id) from ${productImages} i where i.product_id = ${products.id})`,
    variants: sql<
      ProductVariant[] | null
    >`(select json_agg(json_build_object('id', v.id, 'size', v.size, 'sku', v.sku, 'stock', v.stock) order by v.position, v.id) from ${productVariants} v where v.product_id = ${products.id})`,
  };
}

/** The active product of a locale's slug, with what `extra` adds to its row. */
function detailRow<T extends Record<string, SQL>>(locale: Locale, slug: string, extra: T) {
  return db()
    .select({ ...detailColumns(), ...extra })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(
      and(
        eq(productTranslations.locale, locale),
        eq(productTranslations.slug, slug),
        eq(products.isActive, true),
      ),
    );
}

type DetailRow = Omit<Awaited<ReturnType<typeof detailRow<{ none: SQL<null> }>>>[number], "none">;

/** What a product's detail is apart from the look, the Omnibus price and the operators' threshold. */
export type StoredDetail = Omit<ProductDetail, "look" | "lowestPrice30dCents" | "fewLeftThreshold">;

function storedDetail(row: DetailRow): StoredDetail {
  const variants = (row.variants ?? []).map((v) => ({ ...v, stock: Number(v.stock) }));
  const categorySlugs = row.categorySlugs ?? [];
  const slugs = Object.fromEntries(locales.map((l) => [l, row.slugs?.[l] ?? row.slug])) as Record<
    Locale,
    string
  >;
  return {
    ...row,
    images: row.images ?? [],
    variants,
    totalStock: variants.reduce((sum, v) => sum + v.stock, 0),
    slugs,
    categorySlugs,
    sizeChart: sizeChartKey(categorySlugs),
  };
}

/**
 * A product by its slug in a locale; null for an unknown slug, another locale's slug or an inactive product.
 * All SQL: one query for the product row (translation, Omnibus price, slugs in every locale, categories,
 * images, variants as JSON aggregates), one for the look. The shop serves the same from memory
 * (product-details.server.ts); this is the reference it is held to.
 */
export async function productBySlug(locale: Locale, slug: string): Promise<ProductDetail | null> {
  const [row] = await detailRow(locale, slug, { lowestPrice30dCents: lowestPrice30dSql(products.id) });
  if (!row) return null;
  const { lowestPrice30dCents, ...rest } = row;
  const look = row.lookId ? await lookProducts(locale, row.lookId, row.id) : [];
  return {
    ...storedDetail(rest),
    lowestPrice30dCents: lowestPrice30dCents === null ? null : Number(lowestPrice30dCents),
    fewLeftThreshold: (await shopSetting("fewLeftThreshold")).units,
    look,
  };
}

/** One price of a product's history: from when (ms since the epoch), in cents. */
export interface PriceRecord {
  from: number;
  cents: number;
}

/** A product's detail as memory keeps it: with its price history, so the Omnibus price follows the clock. */
export async function readStoredDetail(
  locale: Locale,
  slug: string,
): Promise<{ detail: StoredDetail; prices: PriceRecord[] } | null> {
  const [row] = await detailRow(locale, slug, {
    prices: sql<
      PriceRecord[] | null
    >`(select json_agg(json_build_object('from', extract(epoch from h.valid_from) * 1000, 'cents', h.price_cents)) from ${priceHistory} h where h.product_id = ${products.id})`,
  });
  if (!row) return null;
  const { prices, ...rest } = row;
  return {
    detail: storedDetail(rest),
    prices: (prices ?? []).map((p) => ({ from: Number(p.from), cents: Number(p.cents) })),
  };
}

/** The other active products of a look, as listing cards (with their highlights, like any card). */
export async function lookProducts(locale: Locale, lookId: string, exceptId: number): Promise<ProductCard[]> {
  const rows = await db()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.lookId, lookId), ne(products.id, exceptId), eq(products.isActive, true)))
    .orderBy(asc(products.position), asc(products.id));
  return productCards(
    locale,
    rows.map((r) => r.id),
  );
}

/** Product names and slugs of variants in one locale (for alert messages). */
export async function variantLabels(
  locale: Locale,
  variantIds: number[],
  options: { tx?: Transaction } = {},
) {
  if (variantIds.length === 0) return new Map<number, { name: string; slug: string; size: string }>();
  const rows = await (options.tx ?? db())
    .select({
      id: productVariants.id,
      size: productVariants.size,
      name: productTranslations.name,
      slug: productTranslations.slug,
    })
    .from(productVariants)
    .innerJoin(
      productTranslations,
      and(
        eq(productTranslations.productId, productVariants.productId),
        eq(productTranslations.locale, locale),
      ),
    )
    .where(inArray(productVariants.id, variantIds));
  return new Map(rows.map((r) => [r.id, { name: r.name, slug: r.slug, size: r.size }]));
}

/** What the cart and checkout show and check of a size: its product's name, photo, price and state. */
export interface BagVariant {
  variantId: number;
  productId: number;
  sku: string;
  size: string;
  stock: number;
  name: string;
  slug: string;
  colour: string;
  /** The first photo, as a set (the bag picks its width). */
  image: ImageSet | null;
  priceCents: number;
  originalPriceCents: number | null;
  isActive: boolean;
  appOnly: boolean;
  /** ISO timestamp; the product cannot be bought before it. */
  onlineFrom: string | null;
}

/**
 * Every size with what the bag shows and checks of it, in a locale, as a subquery to join on `variantId`:
 * the cart reads its lines and their sizes in one query. Whatever the product's state (the bag flags
 * inactive ones). Built once per locale: every cart read and order placed uses it.
 */
export function bagVariantRows(locale: Locale) {
  const built = bagVariantRowsOf.get(locale);
  if (built) return built;
  const rows = buildBagVariantRows(locale);
  bagVariantRowsOf.set(locale, rows);
  return rows;
}

const bagVariantRowsOf = new Map<Locale, ReturnType<typeof buildBagVariantRows>>();

function buildBagVariantRows(locale: Locale) {
  return new QueryBuilder()
    .select({
      variantId: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      size: productVariants.size,
      stock: productVariants.stock,
      name: sql<string>`coalesce(${productTranslations.name}, ${products.styleCode})`.as("name"),
      slug: sql<string>`coalesce(${productTranslations.slug}, '')`.as("slug"),
      colour: products.colour,
      image:
        sql<ImageSet | null>`(select ${productImages.set} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`.as(
          "image",
        ),
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      isActive: products.isActive,
      appOnly: products.appOnly,
      onlineFrom: sql<
        string | null
      >`to_char(${products.onlineFrom} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as("online_from"),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)),
    )
    .as("bag_variants");
}

/**
 * Sizes by id in a locale, whatever their product's state (the bag flags inactive ones); absent ids are
 * unknown. `forUpdate` is not needed: the bag never reserves stock, it only reads it.
 */
export async function bagVariants(
  locale: Locale,
  variantIds: readonly number[],
  options: { tx?: Transaction } = {},
): Promise<Map<number, BagVariant>> {
  if (variantIds.length === 0) return new Map();
  const bag = bagVariantRows(locale);
  const rows: BagVariant[] = await (options.tx ?? db())
    .select()
    .from(bag)
    .where(inArray(bag.variantId, [...variantIds]));
  return new Map(rows.map((row) => [row.variantId, row]));
}
