import { describe, expect, it } from "vitest";
import type { ListingSort } from "../attributes";
import { type ColumnQuery, IndexColumns, type IndexedListingRow } from "./index-columns";

function row(id: number, overrides: Partial<IndexedListingRow> = {}): IndexedListingRow {
  return {
    id,
    priceCents: 1000 + ((id * 37) % 50) * 100,
    published: 1_700_000_000_000 + ((id * 7919) % 1000) * 60_000,
    wishlistCount: (id * 13) % 9,
    facets: {
      category: ["dresses", "tops", "jeans"][id % 3] as string,
      size: ["S", "M", "L", "XL"][id % 4] as string,
      brand: ["Zeewind", "Kanaal 9", "Vintage"][id % 3] as string,
      colour: ["black", "blue", "red"][(id >> 1) % 3] as string,
      condition: "good",
    },
    terms: [id % 2 ? "jurk" : "rok", `w${id}`],
    words: [id % 2 ? "jurk" : "rok"],
    ...overrides,
  };
}

const query = (overrides: Partial<ColumnQuery> = {}): ColumnQuery => ({
  words: [],
  facets: { category: [], size: [], brand: [], colour: [], condition: [] },
  minPriceCents: null,
  maxPriceCents: null,
  sort: "newest",
  offset: 0,
  limit: 48,
  ...overrides,
});

const sorts: ListingSort[] = ["newest", "price-asc", "price-desc", "favourites"];

describe("the index columns", () => {
  it("keep their presorted orders and postings right through changes, as a fresh build has them", () => {
    const rows = Array.from({ length: 500 }, (_, i) => row(i + 1));
    const changed = new IndexColumns(0);
    changed.reset(rows);
    for (const sort of sorts) changed.query(query({ sort })); // builds the orders before the changes
    const current = new Map(rows.map((r) => [r.id, r]));
    for (let id = 1; id <= 500; id += 7) {
      const next =
        id % 3 === 0 ? null : row(id, { priceCents: 5 + id, wishlistCount: 50 - (id % 40), terms: ["jas"] });
      changed.put(id, next);
      if (next) current.set(id, next);
      else current.delete(id);
    }
    changed.put(9001, row(9001, { published: 1_800_000_000_000 }));
    current.set(9001, row(9001, { published: 1_800_000_000_000 }));
    const fresh = new IndexColumns(0);
    fresh.reset([...current.values()]);
    for (const sort of sorts)
      for (const words of [[], [{ terms: ["jas"], prefixes: [] }], [{ terms: [], prefixes: ["ju"] }]])
        for (const offset of [0, 48, 300]) {
          const q = query({ sort, words, offset, facets: { ...query().facets, size: ["M", "L"] } });
          expect(changed.query(q)).toEqual(fresh.query(q));
        }
    expect(changed.query(query()).ids[0]).toBe(9001);
    expect(changed.count).toBe(current.size);
  });

  it("count a facet with every filter but its own", () => {
    const columns = new IndexColumns();
    columns.reset(Array.from({ length: 40 }, (_, i) => row(i + 1)));
    const result = columns.query(query({ facets: { ...query().facets, size: ["M"], colour: ["black"] } }));
    // Sizes are counted among the black ones (every size), colours among size M (every colour).
    expect(result.facets.size.map((f) => f.value).sort()).toEqual(["L", "M", "S", "XL"]);
    expect(result.facets.colour.map((f) => f.value).sort()).toEqual(["black", "blue", "red"]);
    const brute = (size: string, colour: string) =>
      Array.from({ length: 40 }, (_, i) => row(i + 1)).filter(
        (r) => r.facets.size === size && r.facets.colour === colour,
      ).length;
    for (const facet of result.facets.size) expect(facet.count).toBe(brute(facet.value, "black"));
    for (const facet of result.facets.colour) expect(facet.count).toBe(brute("M", facet.value));
    const m = result.facets.size.find((f) => f.value === "M")?.count;
    expect(result.total).toBe(m);
  });

  it("ask for a full load once dead slots pile up", () => {
    const columns = new IndexColumns();
    columns.reset(Array.from({ length: 100 }, (_, i) => row(i + 1)));
    let reload = false;
    for (let n = 0; n < 10_050 && !reload; n++) reload = columns.put(1 + (n % 100), row(1 + (n % 100)));
    expect(reload).toBe(true);
    expect(columns.count).toBe(100);
  });

  it("know a term exactly and as a prefix, and offer words of a length for typos", () => {
    const columns = new IndexColumns();
    columns.reset([row(1), row(2)]);
    expect(columns.hasTerm("jurk")).toBe(true);
    expect(columns.hasTerm("jur")).toBe(false);
    expect(columns.hasTerm("jur", true)).toBe(true);
    columns.put(1, null);
    expect(columns.hasTerm("jurk")).toBe(false);
    expect(columns.wordsOfLength(3, 3)).toEqual(["rok"]);
  });
});
