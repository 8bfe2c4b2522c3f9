import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chooseCorrections,
  didYouMean,
  editDistance,
  foldText,
  planSearch,
  searchWords,
  tsqueryText,
  type WordAnalysis,
} from "./query-text";

describe("searchWords", () => {
  it("folds case and accents and splits on anything but letters and digits", () => {
    expect(searchWords("  Pantalón ÉCRU, t-shirt!! ")).toEqual(["pantalon", "ecru", "t", "shirt"]);
    expect(foldText("Cœur Straße")).toBe("coeur strasse");
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });
});

describe("editDistance", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("jruk", "jurk")).toBe(1);
    expect(editDistance("jurk", "jurk")).toBe(0);
    expect(editDistance("trowsers", "trousers")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("is symmetric and never more than the longer length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe("chooseCorrections", () => {
  it("keeps the nearest words within the allowance", () => {
    expect(chooseCorrections("jruk", ["jurk", "jas", "rok"])).toEqual(["jurk"]);
    expect(chooseCorrections("swaeter", ["sweater", "sweatshirt"])).toEqual(["sweater"]);
    expect(chooseCorrections("xqzvw", ["jurk", "broek"])).toEqual([]);
    expect(chooseCorrections("ab", ["ac"])).toEqual([]);
  });

  it("prefers a whole word over a word it only begins like, while typing", () => {
    expect(chooseCorrections("drses", ["dresses", "dress"], true)).toEqual(["dress"]);
    expect(chooseCorrections("swae", ["sweater"], true)).toEqual(["sweater"]);
  });
});

describe("tsqueryText", () => {
  it("ANDs words, ORs terms, prefixes the typed word and ANDs the words of a multi-word synonym", () => {
    expect(
      tsqueryText([
        { terms: ["zwarte"], prefix: false },
        { terms: ["short", "korte broek"], prefix: true },
      ]),
    ).toBe("'zwarte' & ('short':* | ('korte' & 'broek'))");
  });

  it("lets nothing but quoted letters and digits through", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 4 }), (terms) => {
        const text = tsqueryText([{ terms, prefix: true }]);
        expect(text).toMatch(/^[a-z0-9'&|:*() <>-]*$/);
        expect(text.replace(/'[a-z0-9]+'/g, "")).not.toMatch(/[a-z0-9]/);
      }),
    );
  });
});

describe("planSearch", () => {
  const word = (w: Partial<WordAnalysis> & { word: string }): WordAnalysis => ({
    lexeme: w.word,
    known: true,
    synonyms: [],
    near: [],
    ...w,
  });

  it("leaves stop words out, keeps synonyms, corrects unknown words and prefixes the typed word", () => {
    const plan = planSearch([
      word({ word: "de", lexeme: null }),
      word({ word: "broek", synonyms: ["pantalon"] }),
      word({ word: "zwrte", known: false, near: ["zwart", "zwarte", "wit"] }),
      word({ word: "wol" }),
    ]);
    expect(plan.words).toEqual([
      { terms: ["broek", "pantalon"], prefix: false },
      { terms: ["zwarte"], prefix: false },
      { terms: ["wol"], prefix: true },
    ]);
    expect(plan.corrections).toEqual([{ from: "zwrte", to: ["zwarte"] }]);
    expect(didYouMean(plan)).toBeNull();
  });

  it("keeps an unknown word without a near word as typed, and suggests a search further away", () => {
    const plan = planSearch([word({ word: "blazzzzer", known: false, near: ["blazer"] })]);
    expect(plan.words).toEqual([{ terms: ["blazzzzer"], prefix: true }]);
    expect(plan.corrections).toEqual([]);
    expect(didYouMean(plan)).toBe("blazer");
  });
});
