import { describe, expect, it } from "vitest";
import { browseParams, parseBrowseQuery, searchWords } from "./query";

describe("browse query", () => {
  it("keeps known values only and round-trips through the URL", () => {
    const query = parseBrowseQuery(
      new URLSearchParams(
        "q=Robe+noire&size=M&size=XXXL&colour=black&condition=good&min=5&max=x&sort=price-asc&page=2",
      ),
      "dresses",
    );
    expect(query).toMatchObject({
      q: "Robe noire",
      category: "dresses",
      sizes: ["M"],
      colours: ["black"],
      conditions: ["good"],
      minPriceCents: 500,
      maxPriceCents: null,
      sort: "price-asc",
      page: 2,
    });
    expect(parseBrowseQuery(browseParams(query), "dresses")).toEqual(query);
  });

  it("falls back to defaults on nonsense", () => {
    expect(parseBrowseQuery(new URLSearchParams("sort=best&page=-3"), "hats")).toMatchObject({
      category: null,
      sort: "newest",
      page: 1,
    });
  });

  it("matches words without case or accents", () => {
    expect(searchWords("Écharpe en LAINE d'agneau")).toEqual(["echarpe", "en", "laine", "d", "agneau"]);
  });
});
