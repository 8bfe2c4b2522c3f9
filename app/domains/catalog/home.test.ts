import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { type CategoryNode, categoryTree, homeCategories, homePage } from "./catalog.server";
import { responsiveImage } from "./image-set";
import { categoryEntries, homeShelves, pageCards } from "./listing.server";
import { listingIndex } from "./listing-index.server";
import { bestSellingProductIds } from "./product-events.server";
import { productCategories, productEventCounts, productImages, products } from "./tables.server";

const NOW = new Date("2026-06-01T10:00:00Z");
const HOUR = 3_600_000;
let connection: Connection;

beforeAll(async () => {
  connection = await seededDatabase({
    products: 60,
    seed: 11,
    now: NOW,
  });
}, 180_000);
afterAll(() => connection.close());

/** Replaces the seeded sales with exactly these: [product id, units, hours before NOW]. */
async function sales(rows: [number, number, number][]) {
  const db = connection.db;
  await db.delete(productEventCounts);
  if (rows.length === 0) return;
  await db.insert(productEventCounts).values(
    rows.map(([productId, unitsSold, hoursAgo]) => ({
      productId,
      unitsSold,
      hour: new Date(Math.floor((NOW.getTime() - hoursAgo * HOUR) / HOUR) * HOUR),
    })),
  );
}

async function activeByPosition(): Promise<number[]> {
  const rows = await connection.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.position), asc(products.id));
  return rows.map((r) => r.id);
}

describe("best sellers from the hourly counters", () => {
  beforeEach(() => sales([]));

  it("ranks by units sold in the last 30 days, ignoring older sales and products that are not online", async () => {
    const [a, b, c, d, e] = await activeByPosition();
    await connection.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, e as number));
    try {
      await sales([
        [a as number, 2, 5],
        [a as number, 1, 200],
        [b as number, 7, 48],
        [c as number, 40, 24 * 31], // older than 30 days
        [d as number, 3, 1],
        [e as number, 99, 1], // inactive
      ]);
      const ids = await bestSellingProductIds({ limit: 10, now: NOW });
      expect(ids).toEqual([b, a, d]);
      expect(await bestSellingProductIds({ limit: 2, now: NOW })).toEqual([b, a]);
    } finally {
      await connection.db
        .update(products)
        .set({ isActive: true })
        .where(eq(products.id, e as number));
    }
  });

  it("tops the row up in 'most popular' order when fewer products sold, without repeats", async () => {
    const byPosition = await activeByPosition();
    const seller = byPosition[10] as number;
    await sales([[seller, 4, 3]]);
    await listingIndex(connection.db).ready({ fresh: true });
    const { bestSellers } = await homeShelves("en", { size: 5, now: NOW });
    const expected = [seller, ...byPosition.filter((id) => id !== seller).slice(0, 4)];
    expect(bestSellers.map((card) => card.id)).toEqual(expected);
  });

  it("falls back to position entirely when nothing sold", async () => {
    const { bestSellers } = await homeShelves("nl", { size: 4, now: NOW });
    expect(bestSellers.map((card) => card.id)).toEqual((await activeByPosition()).slice(0, 4));
    // Cards in the requested locale, with their photo.
    expect(bestSellers.every((card) => card.name.length > 0 && card.image !== null)).toBe(true);
  });
});

describe("new in", () => {
  it("lists the newest products first, as the listing's `newest` sort does", async () => {
    await listingIndex(connection.db).ready({ fresh: true });
    const newest = await connection.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(6);
    const { newIn } = await homeShelves("fr", { size: 6, now: NOW });
    expect(newIn.map((card) => card.id)).toEqual(newest.map((r) => r.id));
    const index = listingIndex(connection.db);
    expect(index.first("newest", 6)).toEqual(newest.map((r) => r.id));
  });

  it("drops a product that goes offline", async () => {
    const index = listingIndex(connection.db);
    await index.ready({ fresh: true });
    const [first] = index.first("newest", 1);
    await connection.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, first as number));
    try {
      await index.ready({ fresh: true });
      const { newIn } = await homeShelves("en", { size: 3, now: NOW });
      expect(newIn).toHaveLength(3);
      expect(newIn.map((card) => card.id)).not.toContain(first);
    } finally {
      await connection.db
        .update(products)
        .set({ isActive: true })
        .where(eq(products.id, first as number));
      await index.ready({ fresh: true });
    }
  });
});

describe("category entry points", () => {
  it("show a photo of a product of each category, never the same product twice", async () => {
    const { departments, subs } = homeCategories(await categoryTree("en"));
    const entries = await categoryEntries("en", [...departments, ...subs]);
    expect(entries.map((e) => e.slug)).toEqual([...departments, ...subs].map((c) => c.slug));
    const urls = entries.map((e) => e.image?.w400.url);
    expect(urls.every(Boolean)).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    // Each photo is the first photo of a product of that category (or of one of its sub-categories).
    const index = listingIndex(connection.db);
    expect(new Set(entries.map((e) => e.productId)).size).toBe(entries.length);
    for (const entry of entries) {
      const scope = index.categoryScope("en", entry.slug) as number[];
      const productId = entry.productId as number;
      const links = await connection.db
        .select()
        .from(productCategories)
        .where(and(eq(productCategories.productId, productId), inArray(productCategories.categoryId, scope)));
      expect(links.length).toBeGreaterThan(0);
      const [first] = await connection.db
        .select({ set: productImages.set })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position))
        .limit(1);
      expect(entry.image).toEqual(first?.set);
    }
  });
});

describe("the home page data", () => {
  it("has departments, sub-categories, both rows and a hero, with slim images only", async () => {
    const page = await homePage("es");
    expect(page.departments.map((d) => d.slug)).toEqual(["mujer", "hombre"]);
    expect(page.subcategories).toHaveLength(4);
    expect(page.newIn.length).toBeGreaterThan(0);
    expect(page.bestSellers.length).toBeGreaterThan(0);
    expect(page.hero?.srcSet).toMatch(/ 200w, /);
    for (const card of [...page.newIn, ...page.bestSellers]) {
      expect(Object.keys(card.image ?? {}).sort()).toEqual(["height", "src", "srcSet", "width"]);
    }
  });
});

describe("homeCategories", () => {
  const node = (slug: string, children: CategoryNode[] = []): CategoryNode => ({
    id: slug.length,
    name: slug,
    slug,
    children,
  });

  it("takes the departments, then their sub-categories in turn", () => {
    const tree = [node("w", [node("w1"), node("w2"), node("w3")]), node("m", [node("m1")])];
    const { departments, subs } = homeCategories(tree, 4);
    expect(departments.map((d) => d.slug)).toEqual(["w", "m"]);
    expect(subs.map((s) => s.slug)).toEqual(["w1", "m1", "w2", "w3"]);
    expect(homeCategories(tree, 2).subs.map((s) => s.slug)).toEqual(["w1", "m1"]);
    expect(homeCategories([node("solo")]).subs).toEqual([]);
  });
});

describe("responsiveImage and pageCards", () => {
  const variant = (width: number) => ({ url: `/m/p/${width}.webp`, width, height: width * 1.5 });
  const set = {
    original: { ...variant(2000), url: "/m/p/original.webp" },
    w200: variant(200),
    w400: variant(400),
    w600: variant(600),
    w900: variant(900),
    w1000: variant(1000),
  };

  it("keeps one srcset up to 1000 px, the 600 px fallback and its size", () => {
    expect(responsiveImage(set)).toEqual({
      src: "/m/p/600.webp",
      srcSet:
        "/m/p/200.webp 200w, /m/p/400.webp 400w, /m/p/600.webp 600w, /m/p/900.webp 900w, /m/p/1000.webp 1000w",
      width: 600,
      height: 900,
    });
    expect(responsiveImage(set, 400).srcSet).toBe("/m/p/200.webp 200w, /m/p/400.webp 400w");
  });

  it("converts cards without touching the rest", () => {
    const card = {
      id: 1,
      name: "Dress",
      slug: "dress",
      brand: "L&L",
      colour: "black",
      priceCents: 4999,
      originalPriceCents: null,
      lowestPrice30dCents: null,
      image: set,
      stock: 3,
      fewLeft: true,
      appOnly: false,
      comingSoon: false,
    };
    const [page] = pageCards([card, { ...card, id: 2, image: null }]);
    expect(page).toEqual({ ...card, image: responsiveImage(set) });
    expect(pageCards([{ ...card, image: null }])[0]?.image).toBeNull();
  });
});
