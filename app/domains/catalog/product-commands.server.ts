// The back office's product commands. Each opens its own transaction, or joins the staff domain's (`tx`),
// which adds the audit entry; each returns the values before and after, or a refusal that rolls its
// writes back. Writing the tables is enough for the shop to follow: the catalog_changes triggers feed the
// listing index and the search triggers rebuild the documents.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { type Locale, locales } from "../../platform/i18n/locales";
import { type Refusal, refuse } from "../../platform/refusal";
import type { ImageSet } from "./image-set";
import type { ProductTranslationValues } from "./staff-products.server";
import {
  categories,
  type ProductAttributes,
  priceHistory,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "./tables.server";

/** Joins the caller's transaction (a savepoint) when there is one, so a refusal rolls back only this. */
export interface ComposeOptions {
  tx?: Transaction;
}

const UNIQUE_VIOLATION = "23505";

/** The unique constraint a write broke, or undefined for any other error. */
export function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === "string" ? constraint : "unique";
  }
  return undefined;
}

/** The product's row, locked for the change; null when it no longer exists. */
async function lockProduct(tx: Transaction, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  return row ?? null;
}

const productGone = () => refuse.notFound("admin:catalogue.productGone");

export interface Change<T> {
  before: T;
  after: T;
}

/** Runs one product command on the locked product: in its own transaction, or in the caller's. */
function onProduct<T>(
  id: number,
  options: ComposeOptions,
  work: (tx: Transaction, row: typeof products.$inferSelect) => Promise<T | Refusal>,
): Promise<T | Refusal> {
  return transaction(
    async (tx) => {
      const row = await lockProduct(tx, id);
      return row ? work(tx, row) : productGone();
    },
    { on: options.tx },
  );
}

type Price = { priceCents: number; originalPriceCents: number | null };

/** New price and (optional) original price; a new price is written to the price history (EU Omnibus). */
export function setProductPrice(
  id: number,
  price: Price,
  options: ComposeOptions = {},
): Promise<Change<Price> | Refusal> {
  return onProduct(id, options, async (tx, row) => {
    const before = { priceCents: row.priceCents, originalPriceCents: row.originalPriceCents };
    if (price.originalPriceCents !== null && price.originalPriceCents <= price.priceCents)
      return refuse.invalid("admin:catalogue.originalPriceTooLow", undefined, "originalPrice");
    await tx
      .update(products)
      .set({ ...price, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    if (price.priceCents !== row.priceCents)
      await tx.insert(priceHistory).values({ productId: id, priceCents: price.priceCents });
    return { before, after: price };
  });
}

export type AvailabilityValues = {
  isActive: boolean;
  appOnly: boolean;
  onlineFrom: Date | null;
  availableSoonReason: string | null;
  availableSoonDate: string | null;
};

export function setProductAvailability(
  id: number,
  values: AvailabilityValues,
  options: ComposeOptions = {},
): Promise<Change<AvailabilityValues> | Refusal> {
  return onProduct(id, options, async (tx, row) => {
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
  });
}

export type DetailValues = {
  brand: string;
  colour: string;
  colourHex: string;
  lookId: string | null;
  position: number;
  attributes: ProductAttributes;
};

export function setProductDetails(
  id: number,
  values: DetailValues,
  options: ComposeOptions = {},
): Promise<Change<DetailValues> | Refusal> {
  return onProduct(id, options, async (tx, row) => {
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
        return refuse.conflict("admin:catalogue.styleColourTaken", undefined, "colour");
      throw error;
    }
    return { before, after: values };
  });
}

/** Replaces the product's texts in every locale; a slug another product uses in that locale is refused. */
export function setProductTranslations(
  id: number,
  translations: Record<Locale, ProductTranslationValues>,
  options: ComposeOptions = {},
): Promise<Change<Record<string, ProductTranslationValues>> | Refusal> {
  return onProduct(id, options, async (tx) => {
    const existing = await tx.select().from(productTranslations).where(eq(productTranslations.productId, id));
    const before: Record<string, ProductTranslationValues> = Object.fromEntries(
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
        return refuse.conflict(
          "admin:catalogue.slugTaken",
          { product: taken.productId, locale },
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
  });
}

export interface VariantValues {
  id?: number;
  size: string;
  sku: string;
  stock: number;
}

type StoredVariant = { size: string; sku: string; stock: number };

/**
 * Sets the product's sizes as listed, in that order: listed ids are updated, new rows added, and sizes
 * left out removed. A SKU another product uses is refused.
 */
export function setProductVariants(
  id: number,
  variants: VariantValues[],
  options: ComposeOptions = {},
): Promise<Change<StoredVariant[]> | Refusal> {
  return onProduct(id, options, async (tx) => {
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
    if (variants.some((variant) => variant.id !== undefined && !known.has(variant.id)))
      return refuse.conflict("admin:catalogue.sizeChanged");
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
      if (constraintOf(error)) return refuse.conflict("admin:catalogue.skuTaken");
      throw error;
    }
    const strip = (v: VariantValues) => ({ size: v.size, sku: v.sku, stock: v.stock });
    return { before: existing.map(strip), after: variants.map(strip) };
  });
}

export function setProductCategories(
  id: number,
  categoryIds: number[],
  options: ComposeOptions = {},
): Promise<Change<number[]> | Refusal> {
  return onProduct(id, options, async (tx) => {
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
      if (found.length !== after.length) return refuse.notFound("admin:catalogue.chosenCategoryGone");
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
  });
}

// A photo added, removed or moved names its product in the change feed by itself (the product_images
// triggers of migration 0021), so the cards in memory take it in at the next sync.

export function addProductImage(
  id: number,
  set: ImageSet,
  options: ComposeOptions = {},
): Promise<number | Refusal> {
  return onProduct(id, options, async (tx) => {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
      .from(productImages)
      .where(eq(productImages.productId, id));
    const [row] = await tx
      .insert(productImages)
      .values({ productId: id, set, position: (last?.position ?? -1) + 1 })
      .returning({ id: productImages.id });
    return row!.id;
  });
}

export function removeProductImage(
  id: number,
  imageId: number,
  options: ComposeOptions = {},
): Promise<ImageSet | Refusal> {
  return onProduct(id, options, async (tx) => {
    const [removed] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)))
      .returning({ set: productImages.set });
    return removed ? removed.set : refuse.notFound("admin:catalogue.imageGone");
  });
}

/** Moves an image one place earlier or later; the first image is the product's main photo. */
export function moveProductImage(
  id: number,
  imageId: number,
  direction: "up" | "down",
  options: ComposeOptions = {},
): Promise<Change<number[]> | Refusal> {
  return onProduct(id, options, async (tx) => {
    const images = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id));
    const order = images.map((i) => i.id);
    const at = order.indexOf(imageId);
    if (at === -1) return refuse.notFound("admin:catalogue.imageGone");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return { before: order, after: order };
    const after = [...order];
    [after[at], after[to]] = [after[to] as number, after[at] as number];
    for (const [position, moved] of after.entries())
      await tx.update(productImages).set({ position }).where(eq(productImages.id, moved));
    return { before: order, after };
  });
}

/**
 * A new product, inactive until staff have checked it: names in every locale (slugs made from them, with
 * the style code and colour so they are unique), the price with its first history row, no sizes yet.
 */
export function createProduct(
  values: {
    styleCode: string;
    brand: string;
    colour: string;
    colourHex: string;
    priceCents: number;
    names: Record<Locale, string>;
    slugs: Record<Locale, string>;
  },
  options: ComposeOptions = {},
): Promise<number | Refusal> {
  return transaction(
    async (tx) => {
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
          return refuse.conflict("admin:catalogue.productExists", undefined, "colour");
        if (constraint) return refuse.conflict("admin:catalogue.slugsTaken", undefined, "styleCode");
        throw error;
      }
    },
    { on: options.tx },
  );
}
