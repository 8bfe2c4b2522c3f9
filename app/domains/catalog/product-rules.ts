import type { BodyProfile } from "../sizing/body";
import type { GarmentFamily } from "../sizing/size-charts";

/** PRODUCT.md: "Only {n} left" from this many units down; the default of the `fewLeftThreshold` setting. */
export const FEW_LEFT = 5;

export type VariantAvailability = "in-stock" | "few-left" | "sold-out";

/** `fewLeft`: the operators' "Only n left" threshold (`shopSetting("fewLeftThreshold")`). */
export function variantAvailability(stock: number, fewLeft = FEW_LEFT): VariantAvailability {
  if (stock <= 0) return "sold-out";
  return stock <= fewLeft ? "few-left" : "in-stock";
}

/**
 * Whether the product can be put in the bag here and now, and if not, why (in this order):
 * coming soon (before `onlineFrom`), app only (on the web), available soon (a reason and an expected date,
 * with no stock), sold out (every size at 0).
 */
export type OrderState = "orderable" | "coming-soon" | "app-only" | "available-soon" | "sold-out";

export interface OrderFacts {
  appOnly: boolean;
  /** ISO timestamp, or null. */
  onlineFrom: string | null;
  availableSoonReason: string | null;
  totalStock: number;
}

export function orderState(product: OrderFacts, channel: "web" | "app", now: Date): OrderState {
  if (product.onlineFrom && new Date(product.onlineFrom) > now) return "coming-soon";
  if (product.appOnly && channel !== "app") return "app-only";
  if (product.totalStock <= 0) return product.availableSoonReason ? "available-soon" : "sold-out";
  return "orderable";
}

/**
 * Which size chart fits a product, from its categories' English slugs: the department (women, men) and
 * the garment family. Anything unknown (and men's dresses or skirts) has no chart: the page then offers no
 * size advice.
 */
const families: [RegExp, GarmentFamily][] = [
  [/dresses/, "dresses"],
  [/knitwear/, "knitwear"],
  [/jeans/, "jeans"],
  [/trousers/, "trousers"],
  [/skirts/, "skirts"],
  [/shorts/, "shorts"],
  [/outerwear|jackets|coats/, "jackets"],
  [/tops|shirts|polos/, "tops"],
];

export function sizeChartKey(
  categorySlugs: readonly string[],
): { profile: BodyProfile; family: GarmentFamily } | null {
  const profile: BodyProfile | null = categorySlugs.includes("women")
    ? "women"
    : categorySlugs.includes("men")
      ? "men"
      : null;
  if (!profile) return null;
  for (const slug of categorySlugs) {
    if (slug === profile) continue;
    for (const [pattern, family] of families) if (pattern.test(slug)) return { profile, family };
  }
  return null;
}
