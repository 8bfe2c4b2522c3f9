import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HIGHLIGHT_PRIORITY, type HighlightCode } from "../catalog/highlight-codes";
import { computeHighlights, type ProductFacts, rankDescending } from "./labels";
import { defaultHighlightThresholds, type HighlightThresholds } from "./thresholds";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date("2026-11-20T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

/** A product that has been online for a year, in stock, and that no label applies to. */
const quiet: ProductFacts = {
  views24h: 3,
  activeCarts: 0,
  sales24h: 0,
  sales30d: 2,
  wishlists: 1,
  onlineFrom: ago(365 * DAY),
  restockedAt: null,
  stock: 40,
  fit: { small: 1, true: 2, large: 0 },
  newArrivalViewsRank: null,
  categorySalesRank: { rank: 20, of: 40 },
};

const codes = (patch: Partial<ProductFacts>, thresholds: HighlightThresholds = defaultHighlightThresholds) =>
  computeHighlights({ ...quiet, ...patch }, thresholds, now).map((label) => label.code);
const label = (code: HighlightCode, patch: Partial<ProductFacts>) =>
  computeHighlights({ ...quiet, ...patch }, defaultHighlightThresholds, now).find(
    (found) => found.code === code,
  );

describe("computeHighlights: each label at its threshold", () => {
  it("gives a quiet product no label", () => {
    expect(codes({})).toEqual([]);
  });

  it.each<[HighlightCode, Partial<ProductFacts>, Partial<ProductFacts>]>([
    ["viewed", { views24h: 19 }, { views24h: 20 }],
    ["in-carts", { activeCarts: 2 }, { activeCarts: 3 }],
    ["sold-recently", { sales24h: 4, stock: 500 }, { sales24h: 5, stock: 500 }],
    ["wishlisted", { wishlists: 9 }, { wishlists: 10 }],
    ["few-left", { stock: 6 }, { stock: 5 }],
    ["selling-out-soon", { stock: 10, sales24h: 9 }, { stock: 10, sales24h: 10 }],
    ["back-in-stock", { restockedAt: ago(7 * DAY) }, { restockedAt: ago(7 * DAY - 1) }],
    [
      "hot-drop",
      { onlineFrom: ago(72 * HOUR), newArrivalViewsRank: 1, views24h: 20 },
      { onlineFrom: ago(72 * HOUR - 1), newArrivalViewsRank: 1, views24h: 20 },
    ],
    [
      "hot-drop",
      { onlineFrom: ago(HOUR), newArrivalViewsRank: 11, views24h: 20 },
      { onlineFrom: ago(HOUR), newArrivalViewsRank: 10, views24h: 20 },
    ],
    [
      "hot-drop",
      { onlineFrom: ago(HOUR), newArrivalViewsRank: 1, views24h: 19 },
      { onlineFrom: ago(HOUR), newArrivalViewsRank: 1, views24h: 20 },
    ],
    ["good-fit", { fit: { small: 1, true: 7, large: 2 } }, { fit: { small: 1, true: 8, large: 1 } }],
    ["good-fit", { fit: { small: 0, true: 8, large: 1 } }, { fit: { small: 0, true: 10, large: 0 } }],
    ["good-fit", { fit: { small: 11, true: 79, large: 10 } }, { fit: { small: 10, true: 80, large: 10 } }],
    ["best-seller", { categorySalesRank: { rank: 5, of: 40 } }, { categorySalesRank: { rank: 4, of: 40 } }],
    ["best-seller", { categorySalesRank: { rank: 1, of: 9 } }, { categorySalesRank: { rank: 1, of: 10 } }],
  ])("%s: not just below, yes at the threshold", (code, below, at) => {
    expect(codes(below)).not.toContain(code);
    expect(codes(at)).toContain(code);
  });

  it("states the numbers that made each label true", () => {
    expect(label("viewed", { views24h: 37 })).toEqual({
      code: "viewed",
      count: 37,
      evidence: { views24h: 37, threshold: 20 },
    });
    expect(label("in-carts", { activeCarts: 4 })).toEqual({
      code: "in-carts",
      count: 4,
      evidence: { activeCarts: 4, threshold: 3 },
    });
    expect(label("sold-recently", { sales24h: 6, stock: 500 })).toEqual({
      code: "sold-recently",
      count: 6,
      evidence: { sales24h: 6, threshold: 5 },
    });
    expect(label("wishlisted", { wishlists: 12 })).toEqual({
      code: "wishlisted",
      count: 12,
      evidence: { wishlists: 12, threshold: 10 },
    });
    expect(label("few-left", { stock: 3 })).toEqual({
      code: "few-left",
      count: 3,
      evidence: { stock: 3, threshold: 5 },
    });
    expect(label("selling-out-soon", { stock: 8, sales24h: 12 })).toEqual({
      code: "selling-out-soon",
      evidence: { stock: 8, sales24h: 12, hoursOfSales: 24 },
    });
    expect(label("back-in-stock", { restockedAt: ago(2 * DAY + HOUR) })).toEqual({
      code: "back-in-stock",
      evidence: { restockedDaysAgo: 2, maxDays: 7 },
    });
    expect(
      label("hot-drop", { onlineFrom: ago(30 * HOUR + 59_000), newArrivalViewsRank: 3, views24h: 80 }),
    ).toEqual({
      code: "hot-drop",
      evidence: {
        onlineHours: 30,
        maxAgeHours: 72,
        viewsRank: 3,
        topRank: 10,
        views24h: 80,
        minViews24h: 20,
      },
    });
    expect(label("good-fit", { fit: { small: 1, true: 17, large: 2 } })).toEqual({
      code: "good-fit",
      evidence: { trueToSize: 17, answers: 20, minPercent: 80, minAnswers: 10 },
    });
    expect(label("best-seller", { categorySalesRank: { rank: 2, of: 35 }, sales30d: 90 })).toEqual({
      code: "best-seller",
      evidence: { rank: 2, of: 35, sales30d: 90, topPercent: 10 },
    });
  });

  it("follows changed thresholds", () => {
    const thresholds = {
      ...defaultHighlightThresholds,
      viewed: { minViews24h: 50 },
      sellingOutSoon: { hoursOfSales: 12 },
    };
    expect(codes({ views24h: 49 }, thresholds)).not.toContain("viewed");
    expect(codes({ views24h: 50 }, thresholds)).toContain("viewed");
    expect(codes({ stock: 6, sales24h: 10 }, thresholds)).not.toContain("selling-out-soon");
    expect(codes({ stock: 5, sales24h: 10 }, thresholds)).toContain("selling-out-soon");
  });

  it("never labels a product that is not online yet as a hot drop, nor a future restock", () => {
    const future = new Date(now.getTime() + HOUR);
    expect(codes({ onlineFrom: future, newArrivalViewsRank: 1, views24h: 100 })).not.toContain("hot-drop");
    expect(codes({ onlineFrom: null, newArrivalViewsRank: 1, views24h: 100 })).not.toContain("hot-drop");
    expect(codes({ restockedAt: future })).not.toContain("back-in-stock");
  });

  it("never calls a product that sold nothing a best seller, even when its whole category ties", () => {
    expect(codes({ sales30d: 0, categorySalesRank: { rank: 1, of: 50 } })).not.toContain("best-seller");
    expect(codes({ categorySalesRank: null })).not.toContain("best-seller");
  });
});

describe("sold-out products", () => {
  it("get no stock-based label, but keep the others", () => {
    const soldOut = {
      stock: 0,
      sales24h: 30,
      restockedAt: ago(DAY),
      views24h: 100,
    } satisfies Partial<ProductFacts>;
    expect(codes(soldOut)).toEqual(["sold-recently", "viewed"]);
    expect(codes({ ...soldOut, stock: 1 })).toEqual([
      "few-left",
      "selling-out-soon",
      "back-in-stock",
      "sold-recently",
      "viewed",
    ]);
  });
});

describe("display priority", () => {
  const everything: ProductFacts = {
    views24h: 500,
    activeCarts: 9,
    sales24h: 60,
    sales30d: 400,
    wishlists: 80,
    onlineFrom: ago(10 * HOUR),
    restockedAt: ago(HOUR),
    stock: 4,
    fit: { small: 0, true: 20, large: 0 },
    newArrivalViewsRank: 1,
    categorySalesRank: { rank: 1, of: 30 },
  };

  it("lists every label that holds in priority order", () => {
    const labels = computeHighlights(everything, defaultHighlightThresholds, now);
    expect(labels.map((found) => found.code)).toEqual([...HIGHLIGHT_PRIORITY]);
  });

  it("keeps that order for any facts", () => {
    const count = fc.nat(200);
    const facts = fc.record({
      views24h: count,
      activeCarts: count,
      sales24h: count,
      sales30d: count,
      wishlists: count,
      onlineFrom: fc.option(fc.integer({ min: -10 * DAY, max: 10 * DAY }).map((ms) => ago(ms))),
      restockedAt: fc.option(fc.integer({ min: -10 * DAY, max: 10 * DAY }).map((ms) => ago(ms))),
      stock: fc.nat(50),
      fit: fc.record({ small: fc.nat(30), true: fc.nat(30), large: fc.nat(30) }),
      newArrivalViewsRank: fc.option(fc.integer({ min: 1, max: 30 })),
      categorySalesRank: fc.option(
        fc
          .integer({ min: 1, max: 100 })
          .chain((of) => fc.record({ rank: fc.integer({ min: 1, max: of }), of: fc.constant(of) })),
      ),
    });
    fc.assert(
      fc.property(facts, (f) => {
        const found = computeHighlights(f, defaultHighlightThresholds, now).map((l) => l.code);
        const positions = found.map((code) => HIGHLIGHT_PRIORITY.indexOf(code));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(new Set(found).size).toBe(found.length);
        if (f.stock === 0) {
          expect(found).not.toContain("few-left");
          expect(found).not.toContain("selling-out-soon");
          expect(found).not.toContain("back-in-stock");
        }
      }),
    );
  });
});

describe("rankDescending", () => {
  it("ranks the largest first and lets ties share the better rank", () => {
    const ranks = rankDescending(
      new Map([
        ["a", 5],
        ["b", 9],
        ["c", 5],
        ["d", 1],
        ["e", 9],
      ]),
    );
    expect(Object.fromEntries(ranks)).toEqual({ b: 1, e: 1, a: 3, c: 3, d: 5 });
    expect(rankDescending(new Map()).size).toBe(0);
  });
});
