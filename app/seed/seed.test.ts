import { access, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/database";
import {
  categories,
  priceHistory,
  productCategories,
  productImages,
  products,
  productTranslations,
  productVariants,
} from "../domains/catalog/tables.server";
import { type Connection, connect, selectRows } from "../platform/db/db.server";
import { runMigrations } from "../platform/db/migrate.server";
import { locales } from "../platform/i18n/locales";
import { generateProducts, productName, slugify } from "./catalogue";
import { cuts, materials } from "./catalogue-data";
import { catalogueIsEmpty, seedCatalogue } from "./seed.server";

const NOW = new Date("2026-05-01T10:00:00Z");
const SEED = 42;
const COUNT = 40;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

describe("product names", () => {
  const shirt = cuts.find((c) => c.code === "shirt");
  const wrapDress = cuts.find((c) => c.code === "wrap-dress");

  it("follow each language's word order and agreement", () => {
    if (!shirt || !wrapDress) throw new Error("fixture cuts missing");
    const name = (locale: (typeof locales)[number]) =>
      productName(shirt, materials.cotton, "striped", locale);
    expect(locales.map(name)).toEqual([
      "Striped cotton shirt",
      "Gestreept katoenen overhemd",
      "Chemise en coton à rayures",
      "Camisa de algodón a rayas",
    ]);
    expect(locales.map((l) => productName(wrapDress, materials.linen, "plain", l))).toEqual([
      "Linen wrap dress",
      "Linnen wikkeljurk",
      "Robe portefeuille en lin",
      "Vestido cruzado de lino",
    ]);
  });

  it("slugify to lowercase ASCII", () => {
    expect(slugify("Pull col rond en laine d'agneau")).toBe("pull-col-rond-en-laine-d-agneau");
    expect(slugify("Camisa de algodón — a rayas")).toBe("camisa-de-algodon-a-rayas");
  });
});

describe("seedCatalogue", () => {
  let connection: Connection;
  let mediaDir: string;

  beforeAll(async () => {
    connection = await connect({ dataDir: "memory://" });
    await runMigrations(connection);
    mediaDir = await mkdtemp(path.join(tmpdir(), "seed-media-"));
    expect(await catalogueIsEmpty(connection.db)).toBe(true);
    const result = await seedCatalogue(connection.db, { mediaDir, products: COUNT, seed: SEED, now: NOW });
    expect(result.products).toBe(COUNT);
    await result.images;
  }, 180_000);

  afterAll(async () => {
    await connection?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it("fills the catalogue and refuses to seed it twice", async () => {
    expect(await catalogueIsEmpty(connection.db)).toBe(false);
    await expect(seedCatalogue(connection.db, { mediaDir, products: 1 })).rejects.toThrow(/empty catalogue/);
  });

  it("translates every product into all four locales with unique slugs per locale", async () => {
    const rows = await connection.db.select().from(productTranslations);
    for (const translations of groupBy(rows, (r) => r.productId).values()) {
      expect(translations.map((t) => t.locale).sort()).toEqual([...locales].sort());
      for (const t of translations) {
        expect(t.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(t.description.split(". ").length).toBeGreaterThanOrEqual(2);
        expect(t.fabric).toMatch(/\d+\s?%/);
        expect(t.modelInfo).toMatch(/\d{3} cm/);
      }
    }
    for (const perLocale of groupBy(rows, (r) => r.locale).values()) {
      expect(new Set(perLocale.map((t) => t.slug)).size).toBe(COUNT);
    }
  });

  it("gives every product sized variants with unique SKUs", async () => {
    const variants = await connection.db.select().from(productVariants);
    expect(groupBy(variants, (v) => v.productId).size).toBe(COUNT);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
  });

  it("links every product to one leaf category and its parent", async () => {
    const parentOf = new Map((await connection.db.select().from(categories)).map((c) => [c.id, c.parentId]));
    const links = groupBy(await connection.db.select().from(productCategories), (l) => l.productId);
    expect(links.size).toBe(COUNT);
    for (const productLinks of links.values()) {
      const ids = productLinks.map((l) => l.categoryId);
      const leaves = ids.filter((id) => parentOf.get(id) !== null);
      expect(leaves).toHaveLength(1);
      expect(ids.sort()).toEqual([leaves[0], parentOf.get(leaves[0] as number)].sort());
    }
  });

  it("writes every image width to disk in a 2:3 portrait", async () => {
    const images = await connection.db.select().from(productImages);
    expect(groupBy(images, (i) => i.productId).size).toBe(COUNT);
    const file = (url: string) => path.join(mediaDir, url.replace(/^\/media\//, ""));
    for (const { set } of images) {
      await Promise.all(Object.values(set).map((variant) => access(file(variant.url))));
      expect(set.w600).toMatchObject({ width: 600, height: 900 });
    }
    const first = images[0]?.set;
    if (!first) throw new Error("no images");
    const metadata = await sharp(file(first.w400.url)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 400, 600]);
  });

  it("shows discounts with the earlier, higher price in the price history", async () => {
    const discounted = (await connection.db.select().from(products)).filter(
      (p) => p.originalPriceCents !== null,
    );
    expect(discounted.length).toBeGreaterThan(0);
    const history = groupBy(await connection.db.select().from(priceHistory), (h) => h.productId);
    for (const product of discounted) {
      expect(product.originalPriceCents).toBeGreaterThan(product.priceCents);
      const rows = (history.get(product.id) ?? []).sort(
        (a, b) => a.validFrom.getTime() - b.validFrom.getTime(),
      );
      expect(rows.map((r) => r.priceCents)).toEqual([product.originalPriceCents, product.priceCents]);
    }
  });

  it("has sold-out and low-stock products", async () => {
    const stock = groupBy(await connection.db.select().from(productVariants), (v) => v.productId);
    const levels = [...stock.values()].map((variants) => variants.map((v) => v.stock));
    expect(levels.some((sizes) => sizes.every((n) => n === 0))).toBe(true);
    expect(levels.some((sizes) => sizes.some((n) => n >= 1 && n <= 5))).toBe(true);
  });

  it("is deterministic: the same seed gives the same products in the same order", async () => {
    const seeded = await connection.db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(eq(productTranslations.locale, "en"))
      .orderBy(productTranslations.productId);
    const names = (seed: number) =>
      [...generateProducts(COUNT, { seed, now: NOW })].map(
        (p) => p.translations.find((t) => t.locale === "en")?.name,
      );
    expect(seeded.map((r) => r.name)).toEqual(names(SEED));
    expect(names(SEED + 1)).not.toEqual(names(SEED));
  });
});

describe("the planner statistics after the seed", () => {
  it("are gathered for the tables the bulk load filled, not for the rest of the database", async () => {
    const connection = await freshDatabase();
    const mediaDir = await mkdtemp(path.join(tmpdir(), "seed-media-"));
    try {
      const seeded = await seedCatalogue(connection.db, { mediaDir, products: 3, seed: SEED, now: NOW });
      await seeded.images;
      // reltuples is -1 until a table is analysed (or vacuumed); autovacuum leaves small tables alone.
      const rows = await selectRows<{ relname: string; reltuples: number }>(
        connection.db,
        sql`select relname, reltuples::float8 as reltuples from pg_class where relkind = 'r'
          and relname in ('products', 'product_variants', 'product_search_documents', 'product_event_counts',
            'catalog_changes', 'orders', 'user')`,
      );
      const tuples = Object.fromEntries(rows.map((r) => [r.relname, Number(r.reltuples)]));
      expect(tuples.products).toBe(3);
      expect(tuples.product_variants).toBeGreaterThan(3);
      expect(tuples.product_search_documents).toBeGreaterThan(0);
      expect(tuples.product_event_counts).not.toBe(-1); // analysed (a 3-product seed may count nothing yet)
      expect(tuples.catalog_changes).toBeGreaterThan(0);
      expect(tuples.orders).toBe(-1);
      expect(tuples.user).toBe(-1);
    } finally {
      await connection.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  }, 120_000);
});
