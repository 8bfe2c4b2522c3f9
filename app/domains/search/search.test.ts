import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { newProduct } from "../../../tests/support/factories";
import type { Connection } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { categories, categoryTranslations, products, productTranslations } from "../catalog/tables.server";
import { forgetRecentSearches, searchEngine, searchListing, searchProducts, suggest } from "./search.server";
import { searchSynonyms } from "./tables.server";

let connection: Connection;
const ids: Record<string, number> = {};

type Names = Record<Locale, string>;

async function addProduct(key: string, names: Names, categoryId: number, colour = "black") {
  const product = { styleCode: key, brand: "Atelier Brume", colour, priceCents: 4999 };
  ids[key] = (await newProduct({ product, categoryIds: [categoryId], names })).id;
  forgetRecentSearches();
}

beforeAll(async () => {
  connection = await freshDatabase();
  const db = connection.db;
  const [clothing] = await db.insert(categories).values({}).returning({ id: categories.id });
  const categoryId = clothing?.id as number;
  await db.insert(categoryTranslations).values([
    { categoryId, locale: "en", name: "Clothing", slug: "clothing" },
    { categoryId, locale: "nl", name: "Kleding", slug: "kleding" },
    { categoryId, locale: "fr", name: "Vêtements", slug: "vetements" },
    { categoryId, locale: "es", name: "Ropa", slug: "ropa" },
  ]);
  await addProduct(
    "dress",
    { nl: "Zwarte jurk", en: "Black dress", fr: "Robe noire", es: "Vestido negro" },
    categoryId,
  );
  await addProduct(
    "trousers",
    { nl: "Wollen broek", en: "Wool trousers", fr: "Pantalon en laine", es: "Pantalón de lana" },
    categoryId,
    "camel",
  );
  await addProduct(
    "jumper",
    { nl: "Gebreide trui", en: "Knitted jumper", fr: "Pull en maille", es: "Jersey de punto" },
    categoryId,
    "ecru",
  );
});

afterAll(async () => {
  await connection.close();
});

const found = async (locale: Locale, q: string) => (await searchProducts(locale, q)).ids;

describe("searchProducts", () => {
  it("finds the singular from a Dutch plural (dutch stemming)", async () => {
    expect(await found("nl", "jurken")).toEqual([ids.dress]);
  });

  it("uses each locale's own stemming", async () => {
    expect(await found("en", "dresses")).toEqual([ids.dress]);
    expect(await found("fr", "robes noires")).toEqual([ids.dress]);
    expect(await found("es", "vestidos negros")).toEqual([ids.dress]);
    expect(await found("nl", "jurken zwart")).toEqual([ids.dress]);
    // A word is stemmed by the locale searched, not another one: Dutch has no "dresses".
    expect(await found("nl", "dresses")).toEqual([]);
    expect(await found("en", "knitted jumpers")).toEqual([ids.jumper]);
  });

  it("ignores accents on both sides", async () => {
    expect(await found("es", "pantalon")).toEqual([ids.trousers]);
    expect(await found("fr", "vetements robe")).toEqual([ids.dress]);
    expect(await found("fr", "Vêtements robe")).toEqual([ids.dress]);
  });

  it("matches the last word as a prefix while typing", async () => {
    expect(await found("nl", "jur")).toEqual([ids.dress]);
    // Shorter than three letters a word is not a prefix: it would match most of the catalogue.
    expect(await found("nl", "ju")).toEqual([]);
    expect(await found("en", "wool trou")).toEqual([ids.trousers]);
    expect(await found("fr", "pantal")).toEqual([ids.trousers]);
  });

  it("still finds products with a one-letter typo, and says what it searched instead", async () => {
    const swapped = await searchProducts("nl", "zwarte jruk");
    expect(swapped.ids).toEqual([ids.dress]);
    expect(swapped.corrections).toEqual([{ from: "jruk", to: ["jurk"] }]);
    const wrongLetter = await searchProducts("en", "trowsers");
    expect(wrongLetter.ids).toEqual([ids.trousers]);
    expect(wrongLetter.corrections).toEqual([{ from: "trowsers", to: ["trousers"] }]);
    expect((await searchProducts("fr", "pul")).ids).toEqual([ids.jumper]);
  });

  it("finds a synonym's partner from the thesaurus", async () => {
    expect(await found("nl", "pantalon")).toEqual([ids.trousers]);
    expect(await found("en", "pants")).toEqual([ids.trousers]);
    expect(await found("nl", "sweater")).toEqual([ids.jumper]);
    expect(await found("es", "sueter")).toEqual([ids.jumper]);
  });

  it("finds nothing for nonsense and offers no correction it cannot justify", async () => {
    const outcome = await searchProducts("en", "xqzvw");
    expect(outcome).toEqual({ ids: [], corrections: [], capped: false, didYouMean: null });
    expect((await searchProducts("en", "")).ids).toEqual([]);
    expect((await searchProducts("en", "'&|!:*()<->")).ids).toEqual([]);
  });

  it("ranks a match in the name first, then the most popular", async () => {
    const db = connection.db;
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    await addProduct(
      "shirt",
      { nl: "Linnen overhemd", en: "Linen shirt", fr: "Chemise en lin", es: "Camisa de lino" },
      category?.id as number,
    );
    await db
      .update(productTranslations)
      .set({ description: "Wear it with wide wool trousers." })
      .where(eq(productTranslations.productId, ids.shirt as number));
    // The shirt is the most popular, but "trousers" is only in its description.
    await db.update(products).set({ position: 10 });
    await db
      .update(products)
      .set({ position: 1 })
      .where(eq(products.id, ids.shirt as number));
    forgetRecentSearches();
    try {
      expect(await found("en", "trousers")).toEqual([ids.trousers, ids.shirt]);
      // Among name matches ("Clothing" is every product's category), popularity decides.
      expect((await found("en", "clothing"))[0]).toBe(ids.shirt);
    } finally {
      await db.delete(products).where(eq(products.id, ids.shirt as number));
      forgetRecentSearches();
    }
    expect(await found("en", "trousers")).toEqual([ids.trousers]);
  });
});

describe("documents follow the catalogue", () => {
  it("a renamed product is found by its new name and not its old one", async () => {
    const db = connection.db;
    await db
      .update(productTranslations)
      .set({ name: "Zijden blouse" })
      .where(eq(productTranslations.productId, ids.jumper as number));
    forgetRecentSearches();
    expect(await found("nl", "blouse")).toEqual([ids.jumper]);
    expect(await found("nl", "gebreide")).toEqual([]);
  });

  it("an inactive product is not found, and found again when active", async () => {
    const db = connection.db;
    await db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, ids.dress as number));
    forgetRecentSearches();
    expect(await found("en", "dress")).toEqual([]);
    await db
      .update(products)
      .set({ isActive: true })
      .where(eq(products.id, ids.dress as number));
    forgetRecentSearches();
    expect(await found("en", "dress")).toEqual([ids.dress]);
  });

  it("a renamed category renames it in its products' documents", async () => {
    const db = connection.db;
    await db
      .update(categoryTranslations)
      .set({ name: "Garderobe" })
      .where(eq(categoryTranslations.slug, "kleding"));
    forgetRecentSearches();
    expect(await found("nl", "garderobe")).toHaveLength(3);
  });

  it("a synonym added to the thesaurus works at once", async () => {
    await connection.db.insert(searchSynonyms).values({ locale: "en", words: ["frock", "dress"] });
    forgetRecentSearches();
    expect(await found("en", "frock")).toEqual([ids.dress]);
  });
});

describe("suggest and searchCategories", () => {
  it("suggests products and categories as you type", async () => {
    const suggestions = await suggest("en", "cloth");
    expect(suggestions.categories).toEqual([expect.objectContaining({ name: "Clothing", slug: "clothing" })]);
    expect(suggestions.products.map((p) => p.id).sort()).toEqual(
      [ids.dress, ids.trousers, ids.jumper].sort(),
    );
    expect(suggestions.products[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), slug: expect.any(String), priceCents: 4999 }),
    );
    expect(await searchEngine().searchCategories("fr", "vetement")).toHaveLength(1);
  });

  it("builds the search page listing with relevance order and facets", async () => {
    const page = await searchListing("nl", new URLSearchParams({ q: "broek" }));
    expect(page.listing?.products.map((p) => p.id)).toEqual([ids.trousers]);
    expect(page.listing?.facets.colour).toEqual([{ value: "camel", count: 1 }]);
    const empty = await searchListing("nl", new URLSearchParams({ page: "x" }));
    expect(empty.listing).toBeNull();
    expect(empty.problems.page).toBeDefined();
  });
});
