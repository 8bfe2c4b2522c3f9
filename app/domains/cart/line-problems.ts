/**
 * Why a cart line cannot be checked out (the checkout contract's `problem`), in this order: the product was
 * deactivated or is not online (yet), it is app-only and this is the web, the size sold out, or the line
 * asks for more than is in stock.
 */
export type LineProblem = null | "not-enough-stock" | "sold-out" | "no-longer-available" | "app-only";

export interface LineFacts {
  isActive: boolean;
  appOnly: boolean;
  /** ISO timestamp, or null. */
  onlineFrom: string | null;
  stock: number;
}

export function lineProblem(
  facts: LineFacts,
  quantity: number,
  channel: "web" | "app",
  now: Date,
): LineProblem {
  if (!facts.isActive || (facts.onlineFrom !== null && new Date(facts.onlineFrom) > now))
    return "no-longer-available";
  if (facts.appOnly && channel !== "app") return "app-only";
  if (facts.stock <= 0) return "sold-out";
  if (quantity > facts.stock) return "not-enough-stock";
  return null;
}

/** The message (namespace `cart`) that tells the shopper about a problem. */
export const problemMessageKeys = {
  "not-enough-stock": "cart:errors.notEnoughStock",
  "sold-out": "cart:errors.soldOut",
  "no-longer-available": "cart:errors.noLongerAvailable",
  "app-only": "cart:errors.appOnly",
} as const satisfies Record<Exclude<LineProblem, null>, string>;
