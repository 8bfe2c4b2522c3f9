import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { type Connection, selectRows } from "../../platform/db/db.server";
import { type Locale, locales } from "../../platform/i18n/locales";
import {
  categoryTranslations,
  productCategories,
  products,
  productTranslations,
  productVariants,
} from "../catalog/tables.server";
import { memorySearchEngine } from "./memory-engine.server";
import { MAX_MATCHES, searchWords } from "./query-text";
import { postgresSearchEngine, type SearchEngine } from "./search.server";
import { SearchIndex, searchIndex } from "./search-index.server";
import { searchSynonyms } from "./tables.server";

let connection: Connection;
let memory: SearchEngine;
let reference: SearchEngine;

/** Words a shopper would type, per locale: from product names, categories, colours and the thesaurus. */
const vocabulary = {} as Record<Locale, { names: string[]; synonyms: string[] }>;
const stopWords: Record<Locale, string[]> = {
  en: ["the", "with", "and"],
  nl: ["de", "met", "en"],
  fr: ["le", "en", "avec"],
  es: ["de", "con", "el"],
};

async function readVocabulary() {
  const names = await selectRows<{ locale: Locale; text: string }>(
    connection.db,
    sql`
      select locale, name as text from product_translations
      union all select locale, name from category_translations
      union all select locale, name from search_colour_names`,
  );
  const groups = await connection.db.select().from(searchSynonyms);
  for (const locale of locales) {
    vocabulary[locale] = {
      names: [
        ...new Set(names.filter((n) => n.locale === locale).flatMap((n) => searchWords(n.text))),
      ].sort(),
      synonyms: [...new Set(groups.filter((g) => g.locale === locale).flatMap((g) => g.words))].sort(),
    };
  }
}

beforeAll(async () => {
  connection = await seededDatabase({ products: 160, seed: 23, now: new Date("2026-06-01T10:00:00Z") });
  memory = memorySearchEngine(() => searchIndex(connection.db));
  reference = postgresSearchEngine(() => connection.db);
  // A multi-word synonym with words the catalogue has, so both engines meet one.
  await connection.db.insert(searchSynonyms).values({ locale: "en", words: ["tunic", "linen shirt"] });
  await readVocabulary();
});
afterAll(() => connection.close());

/** Applies every committed change to the index (and forgets cached typo candidates). */
async function fresh(index = searchIndex(connection.db)) {
  index.forget();
  await index.ready({ fresh: true });
}

type Kind = "name" | "plural" | "prefix" | "typo" | "synonym" | "stop" | "short" | "nonsense";
const kinds: Kind[] = [
  "name",
  "name",
  "plural",
  "prefix",
  "typo",
  "typo",
  "synonym",
  "stop",
  "short",
  "nonsense",
];

function wordOf(locale: Locale, kind: Kind, a: number, b: number): string {
  const { names, synonyms } = vocabulary[locale];
  const name = names[a % names.length] as string;
  switch (kind) {
    case "name":
      return name;
    case "plural":
      return name + (["s", "en", "es"][b % 3] as string);
    case "prefix":
      return name.slice(0, Math.max(1, name.length - 1 - (b % 3)));
    case "typo": {
      const at = b % name.length;
      const edit = b % 3;
      if (edit === 0) return name.slice(0, at) + name.slice(at + 1);
      if (edit === 1) return name.slice(0, at) + "xqz"[b % 3] + name.slice(at + 1);
      return at + 1 < name.length ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2) : name;
    }
    case "synonym":
      return synonyms[a % synonyms.length] ?? name;
    case "stop":
      return stopWords[locale][a % 3] as string;
    case "short":
      return name.slice(0, 1 + (b % 2));
    case "nonsense":
      return ["xqzvw", "blorf", "zzkt"][a % 3] as string;
  }
}

const search = fc.record({
  locale: fc.constantFrom(...locales),
  words: fc.array(fc.tuple(fc.constantFrom(...kinds), fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 }),
  limit: fc.constantFrom(6, 40, MAX_MATCHES),
});

/** Both engines give the same products in the same order, the same corrections and the same categories. */
async function expectSameAnswers(runs: number) {
  await fc.assert(
    fc.asyncProperty(search, async ({ locale, words, limit }) => {
      const q = words.map(([kind, a, b]) => wordOf(locale, kind, a, b)).join(" ");
      const [mine, theirs] = await Promise.all([
        memory.search(locale, q, { limit }),
        reference.search(locale, q, { limit }),
      ]);
      expect(mine, `${locale} "${q}" limit ${limit}`).toEqual(theirs);
    }),
    { numRuns: runs },
  );
}

describe("the in-memory engine answers as the PostgreSQL engine", () => {
  it("for random searches: words of names, plurals, prefixes, typos, synonyms, stop words", async () => {
    await fresh();
    await expectSameAnswers(300);
  });

  it("for searches that exercise the edges", async () => {
    for (const [locale, q] of [
      ["en", "shirt"],
      ["en", "tunic"],
      ["en", "linen shi"],
      ["nl", "jurken"],
      ["nl", "blouse katoen"],
      ["fr", "vetements"],
      ["es", "pantalon"],
      ["en", "the"],
      ["en", "t shirt"],
    ] as [Locale, string][]) {
      for (const limit of [1, 6, MAX_MATCHES])
        expect(await memory.search(locale, q, { limit }), `${locale} ${q}`).toEqual(
          await reference.search(locale, q, { limit }),
        );
    }
    // A word of many names, with a limit below its matches: capped.
    for (const word of vocabulary.en.names) {
      const all = await reference.searchProducts("en", word);
      if (all.ids.length < 4) continue;
      const capped = await memory.searchProducts("en", word, { limit: 3 });
      expect(capped).toEqual({ ...all, ids: all.ids.slice(0, 3), capped: true });
      return;
    }
    expect.unreachable("no word with four matches");
  });

  it("finds a multi-word synonym's partner as both of its words", async () => {
    const linenShirts = await memory.searchProducts("en", "linen shirt");
    const viaSynonym = await memory.searchProducts("en", "tunic");
    expect(linenShirts.ids.length).toBeGreaterThan(0);
    expect(viaSynonym.ids).toEqual(expect.arrayContaining(linenShirts.ids));
  });

  it("after products change: renamed, repositioned, deactivated, added, deleted (the overlay)", async () => {
    const db = connection.db;
    const all = await db.select({ id: products.id }).from(products).orderBy(products.id);
    const id = (i: number) => (all[i] as { id: number }).id;
    await db
      .update(productTranslations)
      .set({ name: "Wikkeljurk van zijde", description: "Lichte zijde, voor zomeravonden." })
      .where(eq(productTranslations.productId, id(0)));
    await db
      .update(products)
      .set({ position: sql`${products.position} + 1000` })
      .where(inArray(products.id, [id(1), id(2), id(3)]));
    await db
      .update(products)
      .set({ position: -5 })
      .where(eq(products.id, id(4)));
    await db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, id(5)));
    await db.delete(products).where(eq(products.id, id(6)));
    const [copy] = await db
      .insert(products)
      .values({
        styleCode: "NEW-1",
        brand: "Atelier Brume",
        colour: "navy",
        colourHex: "#000080",
        priceCents: 8999,
      })
      .returning({ id: products.id });
    const [link] = await db
      .select()
      .from(productCategories)
      .where(eq(productCategories.productId, id(7)));
    await db
      .insert(productCategories)
      .values({ productId: copy?.id as number, categoryId: link?.categoryId as number });
    await db.insert(productTranslations).values(
      locales.map((locale) => ({
        productId: copy?.id as number,
        locale,
        name: `Linnen zomerjurk ${locale}`,
        slug: `linnen-zomerjurk-new-${locale}`,
        description: "Linen summer dress",
      })),
    );
    await fresh();
    // Eight products: their documents or positions changed, or they have none any more, or they are new.
    expect(searchIndex(db).changedProducts).toBe(8);
    expect((await memory.searchProducts("nl", "wikkeljurk zijde")).ids).toContain(id(0));
    expect((await memory.searchProducts("en", "summer dress")).ids).toContain(copy?.id);
    // Words only the overlay has are drawn too.
    await readVocabulary();
    await expectSameAnswers(150);
  });

  it("a stock or price change leaves the search documents, and the overlay, alone", async () => {
    const db = connection.db;
    const before = searchIndex(db).changedProducts;
    const [variant] = await db.select().from(productVariants).limit(1);
    await db
      .update(productVariants)
      .set({ stock: (variant?.stock ?? 0) + 3 })
      .where(eq(productVariants.id, variant?.id as number));
    await db
      .update(products)
      .set({ priceCents: 1234 })
      .where(eq(products.id, variant?.productId as number));
    await fresh();
    expect(searchIndex(db).changedProducts).toBe(before);
  });

  it("after a category is renamed (a full reload)", async () => {
    const db = connection.db;
    const [category] = await db
      .select()
      .from(categoryTranslations)
      .where(eq(categoryTranslations.locale, "fr"))
      .limit(1);
    await db
      .update(categoryTranslations)
      .set({ name: "Garde-robe estivale" })
      .where(eq(categoryTranslations.slug, category?.slug as string));
    await fresh();
    expect(searchIndex(db).changedProducts).toBe(0);
    const found = await memory.search("fr", "estivale", {});
    expect(found.categories.map((c) => c.slug)).toEqual([category?.slug]);
    expect(found.outcome.ids.length).toBeGreaterThan(0);
    await readVocabulary();
    await expectSameAnswers(100);
  });

  it("folds a large overlay into a full reload, and answers the same after it", async () => {
    const db = connection.db;
    const index = new SearchIndex(db, { fullReloadAfter: 3 });
    const engine = memorySearchEngine(() => index);
    await index.ready();
    const some = await db.select({ id: products.id }).from(products).limit(5);
    for (const { id } of some)
      await db
        .update(productTranslations)
        .set({ name: sql`${productTranslations.name} || ' xyloplumé'` })
        .where(eq(productTranslations.productId, id));
    await fresh(index);
    expect(index.changedProducts).toBe(0);
    const renamed = await engine.searchProducts("fr", "xyloplume");
    expect(renamed).toEqual(await reference.searchProducts("fr", "xyloplume"));
    expect(renamed.ids).toHaveLength(5);
  });
});
