import { and, asc, desc, eq, exists, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import type { ImageSet } from "./image-set";
import { type CodeFacet, compareSizes, type ListingQuery, PAGE_SIZE } from "./listing-query";
import { lowestPrice30dSql } from "./prices.server";
import {
  categories,
  categoryTranslations,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "./tables.server";

/** The code a brand is filtered by: "Atelier Brume" → "atelier-brume". */
const brandCode = sql<string>`trim(both '-' from lower(regexp_replace(unaccent(${products.brand}), '[^A-Za-z0-9]+', '-', 'g')))`;
const attribute = (key: "length" | "fit" | "fabric") => sql<string>`${products.attributes} ->> ${key}`;

export interface FacetValue {
  value: string;
  count: number;
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
  appOnly: boolean;
  comingSoon: boolean;
}

export interface Listing {
  products: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
  facets: Record<Exclude<CodeFacet, "category">, FacetValue[]> & {
    category: FacetValue[];
    discount: number;
    price: { minCents: number; maxCents: number } | null;
  };
}

/** One WHERE condition per facet, so a facet's own selection can be left out of its own counts. */
export interface ListingScope {
  /** The category and its descendants; null for the whole catalogue. */
  categoryIds: number[] | null;
  /** A search's matching products, best match first; absent when the listing is not a search. */
  matches?: number[];
}

function facetConditions(
  query: ListingQuery,
  { categoryIds, matches }: ListingScope,
): Partial<Record<string, SQL>> {
  const f = query.filters;
  const inStockSize = (sizes: string[]) =>
    exists(
      sql`(select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.stock} > 0 and lower(${productVariants.size}) in ${sizes})`,
    );
  const conditions: Partial<Record<string, SQL>> = {
    base: eq(products.isActive, true),
    scope: categoryIds
      ? sql`${products.id} in (select ${productCategories.productId} from ${productCategories} where ${inArray(productCategories.categoryId, categoryIds)})`
      : undefined,
    matches: matches ? sql`${products.id} = any(${`{${matches.join(",")}}`}::int[])` : undefined,
    category: f.category.length
      ? sql`${products.id} in (select ${productCategories.productId} from ${productCategories} join ${categoryTranslations} on ${categoryTranslations.categoryId} = ${productCategories.categoryId} where ${inArray(categoryTranslations.slug, f.category)})`
      : undefined,
    size: f.size.length ? inStockSize(f.size) : undefined,
    colour: f.colour.length ? inArray(products.colour, f.colour) : undefined,
    brand: f.brand.length ? sql`${brandCode} in ${f.brand}` : undefined,
    length: f.length.length ? sql`${attribute("length")} in ${f.length}` : undefined,
    fit: f.fit.length ? sql`${attribute("fit")} in ${f.fit}` : undefined,
    fabric: f.fabric.length ? sql`${attribute("fabric")} in ${f.fabric}` : undefined,
    price: and(
      query.priceMinCents !== undefined ? gte(products.priceCents, query.priceMinCents) : undefined,
      query.priceMaxCents !== undefined ? lte(products.priceCents, query.priceMaxCents) : undefined,
    ),
    discount: query.discountOnly ? isNotNull(products.originalPriceCents) : undefined,
  };
  return conditions;
}

function whereExcept(conditions: Partial<Record<string, SQL>>, facet?: string): SQL | undefined {
  return and(...Object.entries(conditions).flatMap(([name, c]) => (name !== facet && c ? [c] : [])));
}

/** The category and all of its descendants, by slug in a locale; null when the slug is unknown. */
export async function categoryScope(db: Queryable, locale: Locale, slug: string): Promise<number[] | null> {
  const [root] = await db
    .select({ id: categoryTranslations.categoryId })
    .from(categoryTranslations)
    .where(and(eq(categoryTranslations.locale, locale), eq(categoryTranslations.slug, slug)));
  if (!root) return null;
  const all = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const ids = [root.id];
  for (let i = 0; i < ids.length; i++) for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
  return ids;
}

const orderings: Record<Exclude<ListingQuery["sort"], "relevance">, SQL[]> = {
  position: [asc(products.position), asc(products.id)],
  // Wishlists arrive with the checkout issue; until then every count is 0 and popularity decides.
  wishlisted: [asc(products.position), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  price_asc: [asc(products.priceCents), asc(products.position), asc(products.id)],
  price_desc: [desc(products.priceCents), asc(products.position), asc(products.id)],
};

async function countBy(db: Queryable, key: SQL, where: SQL | undefined, join?: "variants" | "categories") {
  const base = db
    .select({
      value: sql<string>`${key}`.as("value"),
      count: sql<number>`count(distinct ${products.id})::int`,
    })
    .from(products);
  const joined =
    join === "variants"
      ? base.innerJoin(
          productVariants,
          and(eq(productVariants.productId, products.id), sql`${productVariants.stock} > 0`),
        )
      : join === "categories"
        ? base
            .innerJoin(productCategories, eq(productCategories.productId, products.id))
            .innerJoin(
              categoryTranslations,
              eq(categoryTranslations.categoryId, productCategories.categoryId),
            )
        : base;
  const rows = await joined
    .where(and(where, sql`${key} is not null`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ value: String(r.value), count: Number(r.count) }));
}

/**
 * A page of a listing with exact facet counts. Counts are disjunctive: a facet's own selection does not
 * shrink its own counts (choosing "M" still shows how many come in "L"), every other selection does.
 */
export async function listProducts(
  db: Queryable,
  locale: Locale,
  query: ListingQuery,
  scope: ListingScope,
): Promise<Listing> {
  const conditions = facetConditions(query, scope);
  const ordering =
    query.sort === "relevance"
      ? [
          sql`array_position(${`{${(scope.matches ?? []).join(",")}}`}::int[], ${products.id})`,
          asc(products.id),
        ]
      : orderings[query.sort];
  const where = whereExcept(conditions);
  const [totalRow] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
  const total = Number(totalRow?.n ?? 0);

  const firstImage = sql<ImageSet | null>`(select ${productImages.set} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;
  const lowestPrice30d = lowestPrice30dSql(products.id);
  const stock = sql<number>`(select coalesce(sum(${productVariants.stock}), 0)::int from ${productVariants} where ${productVariants.productId} = ${products.id})`;
  const rows = await db
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
    .where(where)
    .orderBy(...ordering)
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);

  const categoryKey = sql`${categoryTranslations.slug}`;
  const [category, size, colour, brand, length, fit, fabric, discountRow, priceRow] = await Promise.all([
    countBy(
      db,
      categoryKey,
      and(whereExcept(conditions, "category"), eq(categoryTranslations.locale, locale)),
      "categories",
    ),
    countBy(db, sql`lower(${productVariants.size})`, whereExcept(conditions, "size"), "variants"),
    countBy(db, sql`${products.colour}`, whereExcept(conditions, "colour")),
    countBy(db, brandCode, whereExcept(conditions, "brand")),
    countBy(db, attribute("length"), whereExcept(conditions, "length")),
    countBy(db, attribute("fit"), whereExcept(conditions, "fit")),
    countBy(db, attribute("fabric"), whereExcept(conditions, "fabric")),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(whereExcept(conditions, "discount"), isNotNull(products.originalPriceCents))),
    db
      .select({
        min: sql<number | null>`min(${products.priceCents})`,
        max: sql<number | null>`max(${products.priceCents})`,
      })
      .from(products)
      .where(whereExcept(conditions, "price")),
  ]);
  const price = priceRow[0];
  return {
    products: rows.map((r) => ({
      ...r,
      stock: Number(r.stock),
      lowestPrice30dCents: r.lowestPrice30dCents === null ? null : Number(r.lowestPrice30dCents),
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    facets: {
      category,
      size: size.sort((a, b) => compareSizes(a.value, b.value)),
      colour,
      brand,
      length,
      fit,
      fabric,
      discount: Number(discountRow[0]?.n ?? 0),
      price:
        price?.min == null || price.max == null
          ? null
          : { minCents: Number(price.min), maxCents: Number(price.max) },
    },
  };
}
