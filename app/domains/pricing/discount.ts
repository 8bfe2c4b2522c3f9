/** A reduced price as a whole percentage off its original price, or null when it is not reduced. */
export function discountPercent(priceCents: number, originalPriceCents: number | null): number | null {
  if (originalPriceCents === null || originalPriceCents <= priceCents) return null;
  return Math.round((1 - priceCents / originalPriceCents) * 100);
}
