import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { accepted } from "../../../tests/support/refusals";
import type { Connection } from "../../platform/db/db.server";
import { writeSetting } from "../content/content.server";
import { CARD_TTL_MS, categoryScope, listProducts, type ProductCard, pageListing } from "./listing.server";
import { listingIndex } from "./listing-index.server";
import { type CodeFacet, codeFacets, type ListingQuery, PAGE_SIZE, parseListingQuery } from "./listing-query";
import { addProductImage, moveProductImage, removeProductImage } from "./product-commands.server";
import {
  categories,
  categoryTranslations,
  priceHistory,
  productCategories,
  productHighlights,
  productImages,
  products,
  productVariants,
} from "./tables.server";

let connection: Connection;

interface Row {
  id: number;
  brandCode: string;
  colour: string;
  attributes: Record<string, string | undefined>;
  priceCents: number;
  discounted: boolean;
  position: number;
  created: number;
  sizes: Set<string>;
  categorySlugs: Set<string>;
  categoryIds: Set<number>;
}
let rows: Row[] = [];
const values: Record<CodeFacet, string[]> = Object.fromEntries(codeFacets.map((f) => [f, []])) as never;

beforeAll(async () => {
  connection = await seededDatabase({
    products: 120,
    seed: 7,
    now: new Date("2026-06-01T10:00:00Z"),
  });

  const db = connection.db;
  const [all, variants, links, slugs] = await Promise.all([
    db.select().from(products),
    db.select().from(productVariants),
    db.select().from(productCategories),
    db.select().from(categoryTranslations),
  ]);
  const brand = (name: string) =>
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .toLowerCase()
      .replace(/^-+|-+$/g, "");
  rows = all.map((p) => ({
    id: p.id,
    brandCode: brand(p.brand),
    colour: p.colour,
    attributes: p.attributes as Record<string, string | undefined>,
    priceCents: p.priceCents,
    discounted: p.originalPriceCents !== null,
    position: p.position,
    created: p.createdAt.getTime(),
    sizes: new Set(
      variants.filter((v) => v.productId === p.id && v.stock > 0).map((v) => v.size.toLowerCase()),
    ),
    categoryIds: new Set(links.filter((l) => l.productId === p.id).map((l) => l.categoryId)),
    categorySlugs: new Set(
      links
        .filter((l) => l.productId === p.id)
        .flatMap((l) =>
          slugs.filter((s) => s.categoryId === l.categoryId && s.locale === "en").map((s) => s.slug),
        ),
    ),
  }));
  values.size = [...new Set(rows.flatMap((r) => [...r.sizes]))];
  values.colour = [...new Set(rows.map((r) => r.colour))];
  values.brand = [...new Set(rows.map((r) => r.brandCode))];
  values.fit = [...new Set(rows.map((r) => r.attributes.fit).filter((v): v is string => Boolean(v)))];
  values.category = [...new Set(rows.flatMap((r) => [...r.categorySlugs]))];
  expect(await db.select().from(categories)).not.toHaveLength(0);
}, 180_000);
afterAll(() => connection.close());

function facetValueOf(row: Row, facet: CodeFacet): string[] {
  switch (facet) {
    case "size":
      return [...row.sizes];
    case "category":
      return [...row.categorySlugs];
    case "colour":
      return [row.colour];
    case "brand":
      return [row.brandCode];
    default:
      return row.attributes[facet] ? [row.attributes[facet] as string] : [];
  }
}

/** The shop's sorts, the obvious way: each ends on the product id, so every order is total. */
const byPosition = (a: Row, b: Row) => a.position - b.position || a.id - b.id;
const bySort: Record<string, (a: Row, b: Row) => number> = {
  position: byPosition,
  newest: (a, b) => b.created - a.created || a.id - b.id,
  price_asc: (a, b) => a.priceCents - b.priceCents || byPosition(a, b),
  price_desc: (a, b) => b.priceCents - a.priceCents || byPosition(a, b),
};

/** The listing computed the slow, obvious way, to hold the SQL to. */
function bruteForce(query: ListingQuery, scope: number[] | null) {
  const matches = (row: Row, except?: string) =>
    (!scope || scope.some((id) => row.categoryIds.has(id))) &&
    codeFacets.every(
      (f) =>
        f === except ||
        query.filters[f].length === 0 ||
        facetValueOf(row, f).some((v) => query.filters[f].includes(v)),
    ) &&
    (except === "price" ||
      ((query.priceMinCents === undefined || row.priceCents >= query.priceMinCents) &&
        (query.priceMaxCents === undefined || row.priceCents <= query.priceMaxCents))) &&
    (except === "discount" || !query.discountOnly || row.discounted);
  const counts = (facet: CodeFacet) => {
    const tally = new Map<string, number>();
    for (const row of rows.filter((r) => matches(r, facet))) {
      for (const v of new Set(facetValueOf(row, facet))) tally.set(v, (tally.get(v) ?? 0) + 1);
    }
    return [...tally]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => a.value.localeCompare(b.value));
  };
  return {
    total: rows.filter((r) => matches(r)).length,
    pageIds: rows
      .filter((r) => matches(r))
      .sort(bySort[query.sort] ?? byPosition)
      .slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE)
      .map((r) => r.id),
    counts,
    discount: rows.filter((r) => matches(r, "discount") && r.discounted).length,
  };
}

const sorted = (list: { value: string; count: number }[]) =>
  [...list].sort((a, b) => a.value.localeCompare(b.value));

describe("listProducts", () => {
  // Every sort and a few pages: a page is walked off the presorted order, or, when few products pass,
  // made by sorting their places in that order (listing-pass.ts); both must give the obvious page.
  it("gives the same products, pages and facet counts as a brute-force count", async () => {
    const pick = (facet: CodeFacet) => fc.subarray(values[facet], { maxLength: 2 });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          size: pick("size"),
          colour: pick("colour"),
          brand: pick("brand"),
          fit: pick("fit"),
          category: pick("category"),
          discount: fc.boolean(),
          priceMin: fc.option(fc.integer({ min: 10, max: 80 }), { nil: undefined }),
          scoped: fc.boolean(),
          sort: fc.constantFrom("position", "newest", "price_asc", "price_desc"),
          page: fc.integer({ min: 1, max: 3 }),
        }),
        async (choice) => {
          const params = new URLSearchParams();
          for (const facet of ["size", "colour", "brand", "fit", "category"] as const) {
            for (const v of choice[facet]) params.append(facet, v);
          }
          if (choice.discount) params.set("discount", "1");
          if (choice.priceMin !== undefined) params.set("price_min", String(choice.priceMin));
          params.set("sort", choice.sort);
          params.set("page", String(choice.page));
          const { query } = parseListingQuery(params);
          const scope = choice.scoped ? await categoryScope("en", "women") : null;
          const listing = await listProducts("en", query, { categoryIds: scope });
          const expected = bruteForce(query, scope);
          expect(listing.total).toBe(expected.total);
          expect(listing.products.map((p) => p.id)).toEqual(expected.pageIds);
          for (const facet of ["size", "colour", "brand", "fit", "category"] as const) {
            expect(sorted(listing.facets[facet]), facet).toEqual(expected.counts(facet));
          }
          expect(listing.facets.discount).toBe(expected.discount);
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  it("pages a selective filter in every sort as the brute force does", async () => {
    // One colour in the women's scope: a few products pass, so the page is made by sorting their places.
    const scope = await categoryScope("en", "women");
    for (const colour of values.colour)
      for (const sort of Object.keys(bySort)) {
        const { query } = parseListingQuery(new URLSearchParams({ colour, sort }));
        const listing = await listProducts("en", query, { categoryIds: scope });
        expect(
          listing.products.map((p) => p.id),
          `${colour} ${sort}`,
        ).toEqual(bruteForce(query, scope).pageIds);
      }
  });

  it("sorts by price and pages through 48 at a time", async () => {
    const { query } = parseListingQuery(new URLSearchParams("sort=price_desc&page=2"));
    const listing = await listProducts("nl", query, { categoryIds: null });
    expect(listing.total).toBe(120);
    expect(listing.pageCount).toBe(3);
    expect(listing.products).toHaveLength(PAGE_SIZE);
    const prices = listing.products.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(listing.products[0]?.slug).toMatch(/^[a-z0-9-]+$/);
  });

  it("is plain data a page sends as JSON: what the browser parses is what the server rendered", async () => {
    // Pages pack their listing as one JSON string (platform/render/packed, decision 0060): a date, a map or
    // an undefined value would reach the browser as something else, and the hydrated page would differ.
    for (const params of ["", "sort=price_asc&discount=1", "colour=black&size=m"]) {
      const { query } = parseListingQuery(new URLSearchParams(params));
      const page = pageListing(await listProducts("fr", query, { categoryIds: null }));
      expect(page.products.length).toBeGreaterThan(0);
      expect(JSON.parse(JSON.stringify(page))).toStrictEqual(page);
    }
  });

  it("shows the lowest price of the 30 days before a discount (EU Omnibus)", async () => {
    const [product] = await connection.db.select().from(products).limit(1);
    const id = product!.id;
    const day = 24 * 3600 * 1000;
    await connection.db.delete(priceHistory).where(eq(priceHistory.productId, id));
    await connection.db.insert(priceHistory).values([
      { productId: id, priceCents: 5999, validFrom: new Date(Date.now() - 90 * day) },
      { productId: id, priceCents: 4999, validFrom: new Date(Date.now() - 20 * day) },
      { productId: id, priceCents: 5999, validFrom: new Date(Date.now() - 10 * day) },
      { productId: id, priceCents: 3999, validFrom: new Date(Date.now() - 1 * day) },
    ]);
    // The price records are in the change feed: take them in now, so no card read before stays in memory.
    await listingIndex(connection.db).ready({ fresh: true });
    const { query } = parseListingQuery(new URLSearchParams("sort=position"));
    const all = await listProducts("en", { ...query, page: 1 }, { categoryIds: null });
    const pages = [
      all,
      ...(await Promise.all(
        [2, 3].map((page) => listProducts("en", { ...query, page }, { categoryIds: null })),
      )),
    ];
    const card = pages.flatMap((p) => p.products).find((p) => p.id === id);
    // The 30 days before the current price (3999, since yesterday) saw 5999 and 4999: the lowest is 4999.
    expect(card?.lowestPrice30dCents).toBe(4999);
  });

  it("keeps a search's ranking under the relevance sort and filters its matches like any listing", async () => {
    const ranked = [...rows].sort((a, b) => b.id - a.id).map((r) => r.id);
    const colour = values.colour[0] as string;
    const params = new URLSearchParams({ q: "anything", colour });
    const { query } = parseListingQuery(params);
    expect(query.sort).toBe("relevance");
    const listing = await listProducts("en", query, { categoryIds: null, matches: ranked });
    const expected = ranked.filter((id) => rows.find((r) => r.id === id)?.colour === colour);
    expect(listing.total).toBe(expected.length);
    expect(listing.products.map((p) => p.id)).toEqual(expected.slice(0, PAGE_SIZE));
    // The colour facet still counts every colour among the matches (disjunctive).
    expect(listing.facets.colour.length).toBe(values.colour.length);
  });

  it("follows the change feed: prices, stock, new and removed products show up without a restart", async () => {
    const db = connection.db;
    const { query } = parseListingQuery(new URLSearchParams("sort=price_desc"));
    const before = await listProducts("en", query, { categoryIds: null });
    const cheapest = rows
      .filter((r) => r.sizes.size > 0)
      .sort((a, b) => a.priceCents - b.priceCents)[0] as Row;

    await db
      .update(products)
      .set({ priceCents: 999_00, originalPriceCents: null })
      .where(eq(products.id, cheapest.id));
    await listingIndex(db).ready({ fresh: true });
    const after = await listProducts("en", query, { categoryIds: null });
    expect(after.products[0]?.id).toBe(cheapest.id);
    expect(after.facets.price?.maxCents).toBe(999_00);

    // Sold out in every size: its sizes leave the size facet's counts.
    const sizeParams = parseListingQuery(new URLSearchParams(`size=${[...cheapest.sizes][0]}`)).query;
    const withStock = await listProducts("en", sizeParams, { categoryIds: null });
    await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, cheapest.id));
    await listingIndex(db).ready({ fresh: true });
    const soldOut = await listProducts("en", sizeParams, { categoryIds: null });
    expect(soldOut.total).toBe(withStock.total - 1);

    await db.update(products).set({ isActive: false }).where(eq(products.id, cheapest.id));
    await listingIndex(db).ready({ fresh: true });
    const removed = await listProducts("en", query, { categoryIds: null });
    expect(removed.total).toBe(before.total - 1);
    expect(removed.products.map((p) => p.id)).not.toContain(cheapest.id);
  });

  it("serves cards from memory until the change feed names their product or CARD_TTL_MS has passed", async () => {
    const db = connection.db;
    const { query } = parseListingQuery(new URLSearchParams("sort=position"));
    await listingIndex(db).ready({ fresh: true });
    const first = (await listProducts("en", query, { categoryIds: null })).products[0] as ProductCard;

    // Highlight labels are not in the change feed: the card in memory keeps the old ones for a while.
    const label = {
      code: "best-seller" as const,
      evidence: { rank: 1, of: 120, sales30d: 40, topPercent: 1 },
    };
    await db.delete(productHighlights).where(eq(productHighlights.productId, first.id));
    await db
      .insert(productHighlights)
      .values({ productId: first.id, labels: [label], facts: {} as never, computedAt: new Date() });
    const cached = (await listProducts("en", query, { categoryIds: null })).products[0];
    expect(cached).toEqual(first);
    const later = vi.spyOn(Date, "now").mockReturnValue(Date.now() + CARD_TTL_MS + 1);
    try {
      const expired = (await listProducts("en", query, { categoryIds: null })).products[0];
      expect(expired?.highlights?.map((h) => h.code)).toContain("best-seller");
    } finally {
      later.mockRestore();
    }

    // A new photo is in the feed: the next listing after the sync shows it, well within the TTL.
    const [photo] = await db.select().from(productImages).where(eq(productImages.productId, first.id));
    const moved = { ...photo!.set, w400: photo!.set.w200 };
    await db.update(productImages).set({ set: moved }).where(eq(productImages.id, photo!.id));
    await listingIndex(db).ready({ fresh: true });
    const renewed = (await listProducts("en", query, { categoryIds: null })).products[0];
    expect(renewed?.image).toEqual(moved);
  });

  it("shows photos added, moved and removed in the back office on the card at the next sync", async () => {
    const db = connection.db;
    const { query } = parseListingQuery(new URLSearchParams("sort=position"));
    const card = async () => {
      await listingIndex(db).ready({ fresh: true });
      return (await listProducts("en", query, { categoryIds: null })).products[0] as ProductCard;
    };
    const { id, image: before } = await card();
    const variant = (url: string) => ({ url, width: 200, height: 300 });
    const photo = {
      original: variant("/media/test/new.jpg"),
      w200: variant("/media/test/new-200.webp"),
      w400: variant("/media/test/new-400.webp"),
      w600: variant("/media/test/new-600.webp"),
      w900: variant("/media/test/new-900.webp"),
      w1000: variant("/media/test/new-1000.webp"),
    };
    const added = accepted(await addProductImage(id, photo));
    expect((await card()).image).toEqual(before);
    for (;;) {
      const { before: order } = accepted(await moveProductImage(id, added, "up"));
      if (order.indexOf(added) <= 1) break;
    }
    expect((await card()).image).toEqual(photo);
    accepted(await removeProductImage(id, added));
    expect((await card()).image).toEqual(before);
  });

  it("works out “Only n left” from the stock and the threshold each time a card is served", async () => {
    const db = connection.db;
    const { query } = parseListingQuery(new URLSearchParams("sort=position"));
    const card = async () =>
      (await listProducts("en", query, { categoryIds: null })).products[0] as ProductCard;
    await listingIndex(db).ready({ fresh: true });
    const { id } = await card();
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, id));
    const leave = async (units: number) => {
      await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, id));
      await db.update(productVariants).set({ stock: units }).where(eq(productVariants.id, variant!.id));
      await listingIndex(db).ready({ fresh: true });
    };

    await leave(8);
    expect(await card()).toMatchObject({ id, stock: 8, fewLeft: false });
    await leave(3);
    expect(await card()).toMatchObject({ id, stock: 3, fewLeft: true });
    await leave(8);
    expect(await card()).toMatchObject({ id, stock: 8, fewLeft: false });

    // The threshold is no product change (no feed row): the card stays in memory, its "Only n left" moves.
    try {
      await writeSetting("fewLeftThreshold", { units: 10 });
      expect(await card()).toMatchObject({ id, stock: 8, fewLeft: true });
    } finally {
      await writeSetting("fewLeftThreshold", { units: 5 });
    }
    expect(await card()).toMatchObject({ id, stock: 8, fewLeft: false });
  });

  it("finds nothing for an unknown category", async () => {
    expect(await categoryScope("en", "no-such-category")).toBeNull();
  });

  it("follows a renamed category slug through the change feed", async () => {
    const db = connection.db;
    const before = await categoryScope("en", "women");
    expect(before).not.toBeNull();
    const rename = (from: string, to: string) =>
      db
        .update(categoryTranslations)
        .set({ slug: to })
        .where(and(eq(categoryTranslations.locale, "en"), eq(categoryTranslations.slug, from)));
    await rename("women", "womenswear");
    await listingIndex(db).ready({ fresh: true });
    expect(await categoryScope("en", "women")).toBeNull();
    expect(await categoryScope("en", "womenswear")).toEqual(before);
    const { query } = parseListingQuery(new URLSearchParams("category=womenswear"));
    expect((await listProducts("en", query, { categoryIds: null })).total).toBeGreaterThan(0);
    await rename("womenswear", "women");
  });

  it("follows a product moved to another category, after stock changes that moved nothing", async () => {
    const db = connection.db;
    const [link] = await db.select().from(productCategories).limit(1);
    const { productId, categoryId: from } = link!;
    const other = rows.find((r) => !r.categoryIds.has(from))!;
    const to = [...other.categoryIds][0]!;
    const inScope = async (categoryId: number) => {
      await listingIndex(db).ready({ fresh: true });
      const { query } = parseListingQuery(new URLSearchParams("sort=price_asc"));
      let page = 1;
      for (;;) {
        const listing = await listProducts("en", { ...query, page }, { categoryIds: [categoryId] });
        if (listing.products.some((p) => p.id === productId)) return true;
        if (page++ >= listing.pageCount) return false;
      }
    };
    expect(await inScope(from)).toBe(true);
    // A unit sold: the scopes, orders and packed sizes stay as they were, and still answer right.
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + 1` })
      .where(eq(productVariants.productId, productId));
    expect(await inScope(from)).toBe(true);
    await db
      .update(productCategories)
      .set({ categoryId: to })
      .where(and(eq(productCategories.productId, productId), eq(productCategories.categoryId, from)));
    expect(await inScope(to)).toBe(true);
    const stillLinked = await db
      .select()
      .from(productCategories)
      .where(and(eq(productCategories.productId, productId), eq(productCategories.categoryId, from)));
    expect(await inScope(from)).toBe(stillLinked.length > 0);
  });
});
