import { HIGHLIGHT_PRIORITY, type HighlightCode } from "../catalog/highlight-codes";
import type { HighlightThresholds } from "./thresholds";

export interface FitAnswers {
  small: number;
  true: number;
  large: number;
}

/** What is known about one product at `now`; all counts come from recorded events (see `hourly.ts`). */
export interface ProductFacts {
  /** Product page views in the last 24 h. */
  views24h: number;
  /** Distinct carts holding the product that are still active (the cart domain says what active is). */
  activeCarts: number;
  /** Units sold in the last 24 h and the last 30 days. */
  sales24h: number;
  sales30d: number;
  /** Wishlists holding the product now. */
  wishlists: number;
  onlineFrom: Date | null;
  /** When the product's stock over all sizes last went from 0 to more; null if it never sold out. */
  restockedAt: Date | null;
  /** Units in stock over all sizes. */
  stock: number;
  fit: FitAnswers;
  /**
   * `rankDescending` of `views24h` among all products online for less than `hotDrop.maxAgeHours`;
   * null for a product that is not among them.
   */
  newArrivalViewsRank: number | null;
  /** `rankDescending` of `sales30d` among the products of its main category, and how many those are. */
  categorySalesRank: { rank: number; of: number } | null;
}

/** The numbers that made a label true, with the thresholds they were held against. */
export interface HighlightEvidence {
  "few-left": { stock: number; threshold: number };
  "selling-out-soon": { stock: number; sales24h: number; hoursOfSales: number };
  /** Whole days since the restock (floored, so `< maxDays` exactly when the label holds). */
  "back-in-stock": { restockedDaysAgo: number; maxDays: number };
  /** Whole hours online (floored, so `< maxAgeHours` exactly when the label holds). */
  "hot-drop": {
    onlineHours: number;
    maxAgeHours: number;
    viewsRank: number;
    topRank: number;
    views24h: number;
    minViews24h: number;
  };
  "best-seller": { rank: number; of: number; sales30d: number; topPercent: number };
  "sold-recently": { sales24h: number; threshold: number };
  "in-carts": { activeCarts: number; threshold: number };
  wishlisted: { wishlists: number; threshold: number };
  "good-fit": { trueToSize: number; answers: number; minPercent: number; minAnswers: number };
  viewed: { views24h: number; threshold: number };
}

/** `count` is the number a label can show ("Only 3 left", "In 4 carts"); labels without one omit it. */
export type Highlight<Code extends HighlightCode = HighlightCode> = Code extends HighlightCode
  ? { code: Code; count?: number; evidence: HighlightEvidence[Code] }
  : never;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Rule<Code extends HighlightCode> = (
  facts: ProductFacts,
  thresholds: HighlightThresholds,
  now: Date,
) => Highlight<Code> | null;

/** Stock-based labels (few left, selling out soon, back in stock) need stock: a sold-out product gets none. */
const rules: { [Code in HighlightCode]: Rule<Code> } = {
  "few-left": ({ stock }, { fewLeft }) =>
    stock > 0 && stock <= fewLeft.maxStock
      ? { code: "few-left", count: stock, evidence: { stock, threshold: fewLeft.maxStock } }
      : null,

  // stock ≤ (sales24h / 24) · hoursOfSales, kept in integers.
  "selling-out-soon": ({ stock, sales24h }, { sellingOutSoon: { hoursOfSales } }) =>
    stock > 0 && stock * 24 <= sales24h * hoursOfSales
      ? { code: "selling-out-soon", evidence: { stock, sales24h, hoursOfSales } }
      : null,

  "back-in-stock": ({ stock, restockedAt }, { backInStock: { maxDays } }, now) => {
    if (stock <= 0 || !restockedAt) return null;
    const age = now.getTime() - restockedAt.getTime();
    return age >= 0 && age < maxDays * DAY_MS
      ? { code: "back-in-stock", evidence: { restockedDaysAgo: Math.floor(age / DAY_MS), maxDays } }
      : null;
  },

  "hot-drop": ({ onlineFrom, newArrivalViewsRank: viewsRank, views24h }, { hotDrop }, now) => {
    if (!onlineFrom || viewsRank === null) return null;
    const age = now.getTime() - onlineFrom.getTime();
    const { maxAgeHours, topRank, minViews24h } = hotDrop;
    return age >= 0 && age < maxAgeHours * HOUR_MS && viewsRank <= topRank && views24h >= minViews24h
      ? {
          code: "hot-drop",
          evidence: {
            onlineHours: Math.floor(age / HOUR_MS),
            maxAgeHours,
            viewsRank,
            topRank,
            views24h,
            minViews24h,
          },
        }
      : null;
  },

  // A product that sold nothing is never a best seller, however its category ties.
  "best-seller": ({ categorySalesRank, sales30d }, { bestSeller: { topPercent } }) =>
    categorySalesRank && sales30d > 0 && categorySalesRank.rank * 100 <= topPercent * categorySalesRank.of
      ? { code: "best-seller", evidence: { ...categorySalesRank, sales30d, topPercent } }
      : null,

  "sold-recently": ({ sales24h }, { soldRecently }) =>
    sales24h >= soldRecently.minSales24h
      ? {
          code: "sold-recently",
          count: sales24h,
          evidence: { sales24h, threshold: soldRecently.minSales24h },
        }
      : null,

  "in-carts": ({ activeCarts }, { inCarts }) =>
    activeCarts >= inCarts.minActiveCarts
      ? { code: "in-carts", count: activeCarts, evidence: { activeCarts, threshold: inCarts.minActiveCarts } }
      : null,

  wishlisted: ({ wishlists }, { wishlisted }) =>
    wishlists >= wishlisted.minWishlists
      ? { code: "wishlisted", count: wishlists, evidence: { wishlists, threshold: wishlisted.minWishlists } }
      : null,

  "good-fit": ({ fit }, { goodFit: { minPercent, minAnswers } }) => {
    const answers = fit.small + fit.true + fit.large;
    return answers >= minAnswers && fit.true * 100 >= minPercent * answers
      ? { code: "good-fit", evidence: { trueToSize: fit.true, answers, minPercent, minAnswers } }
      : null;
  },

  viewed: ({ views24h }, { viewed }) =>
    views24h >= viewed.minViews24h
      ? { code: "viewed", count: views24h, evidence: { views24h, threshold: viewed.minViews24h } }
      : null,
};

/** The labels that hold for a product at `now`, in `HIGHLIGHT_PRIORITY` order. */
export function computeHighlights(
  facts: ProductFacts,
  thresholds: HighlightThresholds,
  now: Date,
): Highlight[] {
  return HIGHLIGHT_PRIORITY.flatMap((code) => rules[code](facts, thresholds, now) ?? []);
}

/**
 * Standard competition ranking ("1224"), largest value first: tied products share the better rank and the
 * next one skips as many places. How `newArrivalViewsRank` and `categorySalesRank.rank` are computed.
 */
export function rankDescending<Id>(values: ReadonlyMap<Id, number>): Map<Id, number> {
  const rankOf = new Map<number, number>();
  for (const [index, value] of [...values.values()].sort((a, b) => b - a).entries()) {
    if (!rankOf.has(value)) rankOf.set(value, index + 1);
  }
  return new Map([...values].map(([id, value]) => [id, rankOf.get(value)!]));
}
