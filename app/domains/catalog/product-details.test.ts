import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { categoryBySlug } from "./category-info.server";
import { listingIndex } from "./listing-index.server";
import { productBySlug } from "./product.server";
import { lowestPrice30d, productDetail } from "./product-details.server";
import {
  categories,
  categoryTranslations,
  priceHistory,
  productCategories,
  products,
  productTranslations,
  productVariants,
} from "./tables.server";

let connection: Connection;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  connection = await seededDatabase({ products: 40, seed: 23, now: new Date("2026-06-01T10:00:00Z") });
}, 180_000);
afterAll(() => connection.close());

const sync = () => listingIndex(connection.db).ready({ fresh: true });

async function slugOf(id: number, locale: Locale): Promise<string> {
  const [row] = await connection.db
    .select({ slug: productTranslations.slug })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, id), eq(productTranslations.locale, locale)));
  return row!.slug;
}

/** The memory's answer and the SQL answer for the same product, both twice (the second from memory). */
async function bothAnswers(locale: Locale, slug: string) {
  const memory = await productDetail(locale, slug);
  return { memory, again: await productDetail(locale, slug), sql: await productBySlug(locale, slug) };
}

describe("product details from memory (decision 0053)", () => {
  it("answers exactly what the SQL answers, for products with and without a look, sale price or stock", async () => {
    const withLook = await connection.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), isNotNull(products.lookId)))
      .limit(2);
    const onSale = await connection.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), isNotNull(products.originalPriceCents)))
      .limit(2);
    const others = await connection.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .limit(4);
    const ids = [...new Set([...withLook, ...onSale, ...others].map((r) => r.id))];
    expect(withLook.length).toBeGreaterThan(0);
    expect(onSale.length).toBeGreaterThan(0);
    // A sold-out size, and an Omnibus history with a record before the window and one planned.
    const soldOut = ids[0] as number;
    const [size] = await connection.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, soldOut))
      .limit(1);
    await connection.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, size!.id));
    const omnibus = ids[1] as number;
    await connection.db.delete(priceHistory).where(eq(priceHistory.productId, omnibus));
    await connection.db.insert(priceHistory).values([
      { productId: omnibus, priceCents: 6999, validFrom: new Date(Date.now() - 100 * DAY) },
      { productId: omnibus, priceCents: 5499, validFrom: new Date(Date.now() - 40 * DAY) },
      { productId: omnibus, priceCents: 6999, validFrom: new Date(Date.now() - 25 * DAY) },
      { productId: omnibus, priceCents: 4999, validFrom: new Date(Date.now() - 2 * DAY) },
      { productId: omnibus, priceCents: 999, validFrom: new Date(Date.now() + 7 * DAY) },
    ]);
    await sync();

    let looks = 0;
    for (const id of ids)
      for (const locale of ["nl", "en", "fr", "es"] as const) {
        const { memory, again, sql: reference } = await bothAnswers(locale, await slugOf(id, locale));
        expect(reference).not.toBeNull();
        expect(memory).toEqual(reference);
        expect(again).toEqual(reference);
        looks += reference!.look.length;
      }
    expect(looks).toBeGreaterThan(0);
    const omnibusDetail = await productDetail("en", await slugOf(omnibus, "en"));
    expect(omnibusDetail!.lowestPrice30dCents).toBe(5499);
    expect((await productDetail("nl", await slugOf(soldOut, "nl")))!.variants).toContainEqual(
      expect.objectContaining({ id: size!.id, stock: 0 }),
    );
    expect(await productDetail("en", await slugOf(soldOut, "nl"))).toBeNull();
    expect(await productDetail("en", "no-such-product")).toBeNull();
  });

  it("answers from memory: a write the change feed does not see is not read", async () => {
    const [row] = await connection.db.select({ id: products.id }).from(products).limit(1);
    const slug = await slugOf(row!.id, "en");
    const before = await productDetail("en", slug);
    // Without its trigger the write stays out of the feed: memory keeps what it had, SQL sees the new name.
    await connection.db.execute(sql`alter table product_translations disable trigger user`);
    try {
      await connection.db
        .update(productTranslations)
        .set({ name: "Unseen name" })
        .where(and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, "en")));
    } finally {
      await connection.db.execute(sql`alter table product_translations enable trigger user`);
    }
    await sync();
    expect((await productDetail("en", slug))!.name).toBe(before!.name);
    expect((await productBySlug("en", slug))!.name).toBe("Unseen name");
  });

  it("shows a price, stock, translation, look and category change after the feed is taken in", async () => {
    const [a, b] = await connection.db
      .select({ id: products.id, price: products.priceCents })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .offset(5)
      .limit(2);
    const slug = await slugOf(a!.id, "fr");
    await productDetail("fr", slug);

    await connection.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ priceCents: a!.price - 100, lookId: "look-test" })
        .where(eq(products.id, a!.id));
      await tx.insert(priceHistory).values({ productId: a!.id, priceCents: a!.price - 100 });
    });
    await connection.db.update(productVariants).set({ stock: 7 }).where(eq(productVariants.productId, a!.id));
    await connection.db
      .update(productTranslations)
      .set({ description: "Nouvelle description" })
      .where(and(eq(productTranslations.productId, a!.id), eq(productTranslations.locale, "fr")));
    // Another product joins the look: only its own row changes.
    await connection.db.update(products).set({ lookId: "look-test" }).where(eq(products.id, b!.id));
    const [category] = await connection.db
      .select({ id: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, a!.id))
      .limit(1);
    await connection.db
      .update(categoryTranslations)
      .set({ slug: "renamed-category" })
      .where(and(eq(categoryTranslations.categoryId, category!.id), eq(categoryTranslations.locale, "en")));
    await sync();

    const { memory, sql: reference } = await bothAnswers("fr", slug);
    expect(memory).toEqual(reference);
    expect(memory!.priceCents).toBe(a!.price - 100);
    expect(memory!.lowestPrice30dCents).toBe(a!.price);
    expect(memory!.variants.every((v) => v.stock === 7)).toBe(true);
    expect(memory!.totalStock).toBe(7 * memory!.variants.length);
    expect(memory!.description).toBe("Nouvelle description");
    expect(memory!.look.map((card) => card.id)).toEqual([b!.id]);
    expect(memory!.categorySlugs).toContain("renamed-category");

    // A product that leaves the shop is gone at once, and so is it from its look.
    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, b!.id));
    await sync();
    expect(await productDetail("fr", await slugOf(b!.id, "fr"))).toBeNull();
    expect((await productDetail("fr", slug))!.look).toEqual([]);
  });
});

describe("a category page's category from memory", () => {
  it("is read once and shows a renamed or hidden category after the feed is taken in", async () => {
    const [row] = await connection.db
      .select({ id: categoryTranslations.categoryId, slug: categoryTranslations.slug })
      .from(categoryTranslations)
      .where(eq(categoryTranslations.locale, "es"))
      .orderBy(categoryTranslations.categoryId)
      .offset(3)
      .limit(1);
    const first = await categoryBySlug("es", row!.slug);
    expect(first).toMatchObject({ id: row!.id });
    expect(first!.slugs.es).toBe(row!.slug);
    expect(await categoryBySlug("es", row!.slug)).toBe(first);

    await connection.db
      .update(categoryTranslations)
      .set({ name: "Nombre nuevo", description: "Otra" })
      .where(and(eq(categoryTranslations.categoryId, row!.id), eq(categoryTranslations.locale, "es")));
    await sync();
    expect(await categoryBySlug("es", row!.slug)).toMatchObject({
      name: "Nombre nuevo",
      description: "Otra",
    });

    await connection.db.update(categories).set({ isActive: false }).where(eq(categories.id, row!.id));
    await sync();
    expect(await categoryBySlug("es", row!.slug)).toBeNull();
    await connection.db.update(categories).set({ isActive: true }).where(eq(categories.id, row!.id));
  });
});

describe("the Omnibus price worked out in memory", () => {
  const now = Date.parse("2026-06-01T10:00:00Z");
  const at = (days: number, cents: number) => ({ from: now + days * DAY, cents });
  it("follows lowestPrice30dSql", () => {
    expect(lowestPrice30d([], now)).toBeNull();
    expect(lowestPrice30d([at(0, 4999)], now)).toBeNull();
    expect(lowestPrice30d([at(2, 4999)], now)).toBeNull();
    expect(lowestPrice30d([at(-40, 5499), at(-25, 6999), at(-2, 4999), at(7, 999)], now)).toBe(5499);
    expect(lowestPrice30d([at(-100, 3999), at(-40, 5499), at(-2, 4999)], now)).toBe(5499);
    expect(lowestPrice30d([at(-10, 7999), at(-5, 6999), at(-1, 5999)], now)).toBe(6999);
    // A planned price becomes the current one when its day comes.
    expect(lowestPrice30d([at(-10, 7999), at(-5, 6999), at(7, 999)], now + 8 * DAY)).toBe(6999);
  });
});
