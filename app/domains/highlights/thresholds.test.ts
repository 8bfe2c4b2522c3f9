import { describe, expect, it } from "vitest";
import { defaultHighlightThresholds, HighlightThresholdsSchema } from "./thresholds";

describe("highlight thresholds", () => {
  it("has PRODUCT.md's defaults, which the schema accepts", () => {
    expect(HighlightThresholdsSchema.parse(defaultHighlightThresholds)).toEqual(defaultHighlightThresholds);
    expect(defaultHighlightThresholds).toMatchObject({
      viewed: { minViews24h: 20 },
      inCarts: { minActiveCarts: 3 },
      soldRecently: { minSales24h: 5 },
      wishlisted: { minWishlists: 10 },
      hotDrop: { maxAgeHours: 72 },
      backInStock: { maxDays: 7 },
      sellingOutSoon: { hoursOfSales: 24 },
      fewLeft: { maxStock: 5 },
      goodFit: { minPercent: 80, minAnswers: 10 },
      bestSeller: { topPercent: 10 },
    });
  });

  it("refuses thresholds that would label every product or make no sense", () => {
    const change = (patch: object) =>
      HighlightThresholdsSchema.safeParse({ ...defaultHighlightThresholds, ...patch });
    expect(change({ viewed: { minViews24h: 0 } }).success).toBe(false);
    expect(change({ fewLeft: { maxStock: 2.5 } }).success).toBe(false);
    expect(change({ goodFit: { minPercent: 101, minAnswers: 10 } }).success).toBe(false);
    expect(change({ bestSeller: {} }).success).toBe(false);
    expect(change({ viewed: { minViews24h: 50 } }).success).toBe(true);
  });
});
