import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  codeFacets,
  compareSizes,
  listingSearchParams,
  parseListingQuery,
  sortOptions,
  toggleFilter,
} from "./listing-query";

const parse = (search: string) => parseListingQuery(new URLSearchParams(search));

describe("listing query", () => {
  it("reads filters, price, discount, sort and page from the URL", () => {
    const { query, problems } = parse(
      "size=M&size=l&colour=black,navy&price_min=20&price_max=50&discount=1&sort=price_asc&page=3&q=%20linen%20%20dress",
    );
    expect(problems).toEqual({});
    expect(query).toMatchObject({
      q: "linen dress",
      priceMinCents: 2000,
      priceMaxCents: 5000,
      discountOnly: true,
      sort: "price_asc",
      page: 3,
    });
    expect(query.filters.size).toEqual(["l", "m"]);
    expect(query.filters.colour).toEqual(["black", "navy"]);
  });

  it("drops and reports bad parameters instead of failing", () => {
    const { query, problems } = parse(
      "sort=cheapest&page=-1&price_min=abc&price_max=10&colour=<script>&discount=yes",
    );
    expect(query).toMatchObject({
      sort: "position",
      page: 1,
      priceMinCents: undefined,
      priceMaxCents: 1000,
      discountOnly: false,
    });
    expect(query.filters.colour).toEqual([]);
    expect(Object.keys(problems).sort()).toEqual(["colour", "discount", "page", "price_min", "sort"]);
    expect(parse("price_min=50&price_max=20").problems.price_max).toBeDefined();
    expect(parse(`page=${10_000}`).problems.page).toBeDefined();
  });

  it("gives one canonical URL per listing and reads it back to the same query", () => {
    const code = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/);
    const arbitraryQuery = fc.record({
      q: fc.constantFrom("", "jurk", "linen dress"),
      filters: fc.record(
        Object.fromEntries(
          codeFacets.map((f) => [f, fc.uniqueArray(code, { maxLength: 3 }).map((v) => v.sort())]),
        ),
      ),
      priceMinCents: fc.option(
        fc.integer({ min: 0, max: 100 }).map((e) => e * 100),
        { nil: undefined },
      ),
      priceMaxCents: fc.constant(undefined),
      discountOnly: fc.boolean(),
      sort: fc.constantFrom(...sortOptions),
      page: fc.integer({ min: 1, max: 500 }),
    });
    fc.assert(
      fc.property(arbitraryQuery, (query) => {
        const parsed = parseListingQuery(listingSearchParams(query as never));
        expect(parsed.problems).toEqual({});
        expect(parsed.query).toEqual(query);
      }),
    );
    expect(listingSearchParams(parse("").query).toString()).toBe("");
  });

  it("toggles a filter value and goes back to the first page", () => {
    const { query } = parse("size=m&page=4");
    const added = toggleFilter(query, "size", "l");
    expect(added.filters.size).toEqual(["l", "m"]);
    expect(added.page).toBe(1);
    expect(toggleFilter(added, "size", "m").filters.size).toEqual(["l"]);
  });

  it("orders sizes the way shoppers read them", () => {
    expect(["l", "36", "xs", "w28", "m", "34", "xl", "w26", "s"].sort(compareSizes)).toEqual([
      "xs",
      "s",
      "m",
      "l",
      "xl",
      "34",
      "36",
      "w26",
      "w28",
    ]);
  });
});
