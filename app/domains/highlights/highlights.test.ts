import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { newProduct } from "../../../tests/support/factories";
import type { Connection } from "../../platform/db/db.server";
import { cartLines, carts } from "../cart/tables.server";
import type { HighlightCode } from "../catalog/highlight-codes";
import { cardHighlightsFor } from "../catalog/listing.server";
import {
  categories,
  productEventCounts,
  productHighlights,
  products,
  productVariants,
} from "../catalog/tables.server";
import { wishlistItems, wishlists } from "../wishlist/tables.server";
import { gatherFacts } from "./facts.server";
import {
  highlightsFor,
  highlightThresholds,
  highlightTrace,
  recordFitAnswer,
  refreshHighlights,
  setHighlightThresholds,
} from "./highlights.server";
import { productFitAnswers, productStockState } from "./tables.server";
import { defaultHighlightThresholds, type HighlightThresholds } from "./thresholds";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-11-20T12:30:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const hourAgo = (hours: number) => new Date(Math.floor(NOW.getTime() / HOUR) * HOUR - hours * HOUR);

let connection: Connection;
let rootId: number;
let leafId: number;

beforeAll(async () => {
  connection = await freshDatabase();
  const [root] = await connection.db.insert(categories).values({}).returning({ id: categories.id });
  rootId = root!.id;
  const [leaf] = await connection.db
    .insert(categories)
    .values({ parentId: rootId })
    .returning({ id: categories.id });
  leafId = leaf!.id;
});
afterAll(() => connection.close());

/** A product online for a year in the leaf category (and its root), with `stock` units in one size. */
async function makeProduct(
  options: { stock?: number; createdAt?: Date; onlineFrom?: Date | null; categoryId?: number } = {},
): Promise<number> {
  const product = await newProduct({
    product: { createdAt: options.createdAt ?? ago(365 * DAY), onlineFrom: options.onlineFrom ?? null },
    sizes: [{ size: "M", stock: options.stock ?? 40 }],
    categoryIds: [rootId, options.categoryId ?? leafId],
  });
  return product.id;
}

let carts_ = 0;
/** A guest cart last changed at `updatedAt` (a cart is active by its last change). */
async function makeCart(updatedAt: Date): Promise<number> {
  carts_ += 1;
  const [row] = await connection.db
    .insert(carts)
    .values({ token: `cart-${carts_}`, updatedAt })
    .returning({ id: carts.id });
  return row!.id;
}

async function putInCart(cartId: number, productId: number) {
  const [variant] = await connection.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  await connection.db.insert(cartLines).values({ cartId, variantId: variant!.id, quantity: 1 });
}

async function addCounts(
  productId: number,
  hour: Date,
  counts: Partial<{ views: number; cartAdds: number; unitsSold: number; wishlistAdds: number }>,
) {
  await connection.db.insert(productEventCounts).values({ productId, hour, ...counts });
}

describe("stock state", () => {
  it("records a restock when a product's total stock goes from 0 to more, not at creation", async () => {
    const product = await makeProduct({ stock: 2 });
    const state = async () =>
      (
        await connection.db.select().from(productStockState).where(eq(productStockState.productId, product))
      )[0];
    expect(await state()).toMatchObject({ stock: 2, restockedAt: null });
    await connection.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.productId, product));
    expect(await state()).toMatchObject({ stock: 0, restockedAt: null });
    await connection.db
      .insert(productVariants)
      .values({ productId: product, size: "L", sku: `L-${product}`, stock: 0 });
    expect((await state())?.restockedAt).toBeNull();
    await connection.db
      .update(productVariants)
      .set({ stock: 3 })
      .where(and(eq(productVariants.productId, product), eq(productVariants.size, "L")));
    const restocked = await state();
    expect(restocked?.stock).toBe(3);
    expect(restocked?.restockedAt).toBeInstanceOf(Date);
    await connection.db.delete(productVariants).where(eq(productVariants.size, "L"));
    expect((await state())?.stock).toBe(0);
  });
});

describe("facts and labels from hand-made counters", () => {
  // Thresholds changed in settings, so the test proves they are read from there.
  const thresholds: HighlightThresholds = {
    viewed: { minViews24h: 7 },
    inCarts: { minActiveCarts: 2 },
    soldRecently: { minSales24h: 4 },
    wishlisted: { minWishlists: 6 },
    hotDrop: { maxAgeHours: 48, topRank: 1, minViews24h: 3 },
    backInStock: { maxDays: 3 },
    sellingOutSoon: { hoursOfSales: 12 },
    fewLeft: { maxStock: 3 },
    goodFit: { minPercent: 75, minAnswers: 8 },
    bestSeller: { topPercent: 25 },
  };
  const id: Record<string, number> = {};

  beforeAll(async () => {
    // Only these products, so category and new-arrival ranks see nothing else.
    await connection.db.delete(products);
    await setHighlightThresholds(thresholds);

    // viewed: 7 views in the last 24 h (one bucket just inside the window), 6 for the one below.
    id.viewed = await makeProduct();
    await addCounts(id.viewed, hourAgo(23), { views: 4 });
    await addCounts(id.viewed, hourAgo(0), { views: 3 });
    await addCounts(id.viewed, hourAgo(25), { views: 100 }); // outside the 24 h window
    id.viewedBelow = await makeProduct();
    await addCounts(id.viewedBelow, hourAgo(2), { views: 6 });

    // in carts: in 2 carts changed within 72 h; below: in 1 recent cart and 1 too old.
    id.inCarts = await makeProduct();
    id.inCartsBelow = await makeProduct();
    const recentA = await makeCart(ago(HOUR));
    const recentB = await makeCart(ago(70 * HOUR));
    const stale = await makeCart(ago(80 * HOUR));
    await putInCart(recentA, id.inCarts);
    await putInCart(recentB, id.inCarts);
    await putInCart(recentA, id.inCartsBelow);
    await putInCart(stale, id.inCartsBelow);

    // sold recently: 4 units in 24 h (stock high enough not to be selling out), 3 below.
    id.sold = await makeProduct({ stock: 500 });
    await addCounts(id.sold, hourAgo(3), { unitsSold: 4 });
    id.soldBelow = await makeProduct({ stock: 500 });
    await addCounts(id.soldBelow, hourAgo(3), { unitsSold: 3 });

    // wishlisted: on 6 wishlists, 5 below (wishlist adds alone count for nothing).
    id.wish = await makeProduct();
    id.wishBelow = await makeProduct();
    for (let i = 0; i < 6; i++) {
      const [list] = await connection.db
        .insert(wishlists)
        .values({ token: `wishlist-${i}` })
        .returning({ id: wishlists.id });
      await connection.db.insert(wishlistItems).values({ wishlistId: list!.id, productId: id.wish });
      if (i < 5)
        await connection.db.insert(wishlistItems).values({ wishlistId: list!.id, productId: id.wishBelow });
    }
    await addCounts(id.wishBelow, hourAgo(200), { wishlistAdds: 50 });

    // few left: 3 units; 4 below.
    id.few = await makeProduct({ stock: 3 });
    id.fewBelow = await makeProduct({ stock: 4 });

    // selling out soon: stock 20 with 40 sold in 24 h (20·24 ≤ 40·12); 39 sold is below.
    id.sellingOut = await makeProduct({ stock: 20 });
    await addCounts(id.sellingOut, hourAgo(5), { unitsSold: 40 });
    id.sellingOutBelow = await makeProduct({ stock: 20 });
    await addCounts(id.sellingOutBelow, hourAgo(5), { unitsSold: 39 });

    // good fit: 6 of 8 true to size (75 % of 8 answers); below: 6 of 9 (66 %).
    id.fit = await makeProduct();
    id.fitBelow = await makeProduct();
    for (const answer of ["small", "large", "true", "true", "true", "true", "true", "true"] as const) {
      await recordFitAnswer(id.fit, answer);
    }
    await connection.db.insert(productFitAnswers).values({ productId: id.fitBelow, small: 3, trueToSize: 6 });

    // back in stock: restocked 3 days minus a minute ago; below: exactly 3 days ago.
    id.restocked = await makeProduct();
    id.restockedBelow = await makeProduct();
    await connection.db
      .update(productStockState)
      .set({ restockedAt: new Date(NOW.getTime() - 3 * DAY + 60_000) })
      .where(eq(productStockState.productId, id.restocked));
    await connection.db
      .update(productStockState)
      .set({ restockedAt: new Date(NOW.getTime() - 3 * DAY) })
      .where(eq(productStockState.productId, id.restockedBelow));

    // hot drop: online 47 h, top viewed among new arrivals with 3 views; below: online exactly 48 h.
    id.hot = await makeProduct({ onlineFrom: ago(47 * HOUR), createdAt: ago(60 * DAY) });
    await addCounts(id.hot, hourAgo(1), { views: 3 });
    id.hotOld = await makeProduct({ createdAt: ago(48 * HOUR) });
    await addCounts(id.hotOld, hourAgo(1), { views: 5 });
    id.hotSecond = await makeProduct({ createdAt: ago(10 * HOUR) });
    await addCounts(id.hotSecond, hourAgo(1), { views: 2 });

    // best seller: in a category of 4 with 25 % → only rank 1; one sale more than the runner-up.
    const [best] = await connection.db
      .insert(categories)
      .values({ parentId: rootId })
      .returning({ id: categories.id });
    const cat = best!.id;
    id.best = await makeProduct({ categoryId: cat });
    id.bestSecond = await makeProduct({ categoryId: cat });
    id.bestThird = await makeProduct({ categoryId: cat });
    id.bestFourth = await makeProduct({ categoryId: cat });
    await addCounts(id.best, hourAgo(29 * 24), { unitsSold: 3 });
    await addCounts(id.bestSecond, hourAgo(100), { unitsSold: 2 });
    await addCounts(id.best, hourAgo(31 * 24), { unitsSold: 50 }); // outside 30 days
    await addCounts(id.bestThird, hourAgo(31 * 24), { unitsSold: 50 });

    await refreshHighlights(NOW);
  });

  afterAll(() => setHighlightThresholds(defaultHighlightThresholds));

  const codesOf = async (productId: number) =>
    ((await highlightsFor([productId])).get(productId) ?? []).map((label) => label.code);

  it("reads the thresholds from the settings", async () => {
    expect(await highlightThresholds()).toEqual(thresholds);
  });

  it.each<[string, string, HighlightCode]>([
    ["viewed", "viewedBelow", "viewed"],
    ["inCarts", "inCartsBelow", "in-carts"],
    ["sold", "soldBelow", "sold-recently"],
    ["wish", "wishBelow", "wishlisted"],
    ["few", "fewBelow", "few-left"],
    ["sellingOut", "sellingOutBelow", "selling-out-soon"],
    ["fit", "fitBelow", "good-fit"],
    ["restocked", "restockedBelow", "back-in-stock"],
    ["hot", "hotOld", "hot-drop"],
    ["best", "bestSecond", "best-seller"],
  ])("labels %s exactly at its threshold and %s just below it not", async (at, below, code) => {
    expect(await codesOf(id[at]!)).toContain(code);
    expect(await codesOf(id[below]!)).not.toContain(code);
  });

  it("gathers the facts the labels were computed from", async () => {
    const facts = await gatherFacts(thresholds, NOW);
    expect(facts.get(id.viewed!)).toMatchObject({ views24h: 7, sales24h: 0 });
    expect(facts.get(id.inCarts!)).toMatchObject({ activeCarts: 2 });
    expect(facts.get(id.best!)).toMatchObject({ sales30d: 3, categorySalesRank: { rank: 1, of: 4 } });
    expect(facts.get(id.bestSecond!)?.categorySalesRank).toEqual({ rank: 2, of: 4 });
    // Tied at 0 sales, third and fourth share rank 3 ("1224" ranking).
    expect(facts.get(id.bestFourth!)?.categorySalesRank).toEqual({ rank: 3, of: 4 });
    expect(facts.get(id.hot!)).toMatchObject({ newArrivalViewsRank: 1, views24h: 3 });
    expect(facts.get(id.hotSecond!)).toMatchObject({ newArrivalViewsRank: 2 });
    expect(facts.get(id.hotOld!)?.newArrivalViewsRank).toBeNull();
    expect(facts.get(id.fit!)?.fit).toEqual({ small: 1, true: 6, large: 1 });
    expect(facts.get(id.fitBelow!)?.fit).toEqual({ small: 3, true: 6, large: 0 });
  });

  it("stores every label with its evidence and the facts, and only products with labels", async () => {
    const [stored] = await connection.db
      .select()
      .from(productHighlights)
      .where(eq(productHighlights.productId, id.inCarts!));
    expect(stored?.labels).toEqual([
      { code: "in-carts", count: 2, evidence: { activeCarts: 2, threshold: 2 } },
    ]);
    expect(stored?.facts).toMatchObject({ activeCarts: 2, stock: 40 });
    expect(stored?.computedAt).toEqual(NOW);
    const [none] = await connection.db
      .select()
      .from(productHighlights)
      .where(eq(productHighlights.productId, id.viewedBelow!));
    expect(none).toBeUndefined();
  });

  it("traces a product's labels to its hourly counters", async () => {
    const trace = await highlightTrace(id.viewed!, NOW);
    expect(trace?.labels.map((l) => l.code)).toEqual(["viewed"]);
    expect(trace?.labels[0]?.evidence).toEqual({ views24h: 7, threshold: 7 });
    expect(trace?.hourly.map((h) => h.views)).toEqual([100, 4, 3]);
    expect(trace?.thresholds).toEqual(thresholds);
    expect(await highlightTrace(999_999, NOW)).toBeNull();
  });

  it("gives cards at most two labels, leaving few left to the card's live stock", async () => {
    const product = id.few!;
    await addCounts(product, hourAgo(1), { views: 50, unitsSold: 4 });
    await connection.db.insert(productFitAnswers).values({ productId: product, trueToSize: 10 });
    await refreshHighlights(NOW);
    // Third of 19 in its category by 30-day sales: within the top 25 %.
    expect(await codesOf(product)).toEqual([
      "few-left",
      "best-seller",
      "sold-recently",
      "good-fit",
      "viewed",
    ]);
    const cards = await cardHighlightsFor([product, id.viewedBelow!]);
    expect(cards.get(product)).toEqual([{ code: "best-seller" }, { code: "sold-recently", count: 4 }]);
    expect(cards.has(id.viewedBelow!)).toBe(false);
  });

  it("replaces the stored labels on the next run when the counters change", async () => {
    await connection.db.delete(productEventCounts).where(eq(productEventCounts.productId, id.viewed!));
    await refreshHighlights(NOW);
    expect(await codesOf(id.viewed!)).toEqual([]);
    const [{ n } = { n: 0 }] = await connection.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productHighlights);
    expect(Number(n)).toBeGreaterThan(0);
  });
});
