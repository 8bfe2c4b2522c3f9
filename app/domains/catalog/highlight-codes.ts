/**
 * Every highlight label a product can carry, in display order: the catalogue's cards and product pages
 * show them, the highlights domain decides which hold (`highlights/labels.ts`). Stock state comes first (it
 * is the most time-sensitive and concrete), then newness, then proof from sales, then proof from interest,
 * which is the weakest.
 */
export const HIGHLIGHT_PRIORITY = [
  "few-left",
  "selling-out-soon",
  "back-in-stock",
  "hot-drop",
  "best-seller",
  "sold-recently",
  "in-carts",
  "wishlisted",
  "good-fit",
  "viewed",
] as const;
export type HighlightCode = (typeof HIGHLIGHT_PRIORITY)[number];
