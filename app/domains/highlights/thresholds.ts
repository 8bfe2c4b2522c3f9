import { z } from "zod";

/** At least 1: a threshold of 0 would put the label on every product, which is no longer honest. */
const atLeastOne = z.number().int().min(1);
const percent = z.number().int().min(1).max(100);

/** The highlight thresholds, one group per label; operators change them in the back office. */
export const HighlightThresholdsSchema = z.object({
  viewed: z.object({ minViews24h: atLeastOne }),
  inCarts: z.object({ minActiveCarts: atLeastOne }),
  soldRecently: z.object({ minSales24h: atLeastOne }),
  wishlisted: z.object({ minWishlists: atLeastOne }),
  /**
   * Online for less than `maxAgeHours`, ranked `topRank` or better by 24 h views among the products online
   * that briefly, and with at least `minViews24h` views, so that a quiet day's "top" is not called hot.
   */
  hotDrop: z.object({ maxAgeHours: atLeastOne, topRank: atLeastOne, minViews24h: atLeastOne }),
  backInStock: z.object({ maxDays: atLeastOne }),
  /** Stock that the last 24 h's sales rate would sell in `hoursOfSales` hours or less. */
  sellingOutSoon: z.object({ hoursOfSales: atLeastOne }),
  fewLeft: z.object({ maxStock: atLeastOne }),
  goodFit: z.object({ minPercent: percent, minAnswers: atLeastOne }),
  bestSeller: z.object({ topPercent: percent }),
});
export type HighlightThresholds = z.infer<typeof HighlightThresholdsSchema>;

/** PRODUCT.md's values; `hotDrop.topRank` and `hotDrop.minViews24h` define its "top views". */
export const defaultHighlightThresholds: HighlightThresholds = {
  viewed: { minViews24h: 20 },
  inCarts: { minActiveCarts: 3 },
  soldRecently: { minSales24h: 5 },
  wishlisted: { minWishlists: 10 },
  hotDrop: { maxAgeHours: 72, topRank: 10, minViews24h: 20 },
  backInStock: { maxDays: 7 },
  sellingOutSoon: { hoursOfSales: 24 },
  fewLeft: { maxStock: 5 },
  goodFit: { minPercent: 80, minAnswers: 10 },
  bestSeller: { topPercent: 10 },
};
