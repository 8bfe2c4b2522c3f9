import type { Country } from "../../platform/forms/validators";

/** VAT per destination country (EU OSS: the buyer's country decides), in percent. Prices include VAT. */
export const VAT_RATES: Record<Country, number> = { NL: 21, BE: 21, FR: 20, ES: 21 };

/** The VAT inside a VAT-inclusive amount, rounded half up to the cent, in integer arithmetic. */
export function vatIncluded(grossCents: number, ratePercent: number): number {
  const divisor = 100 + ratePercent;
  return Math.floor((2 * grossCents * ratePercent + divisor) / (2 * divisor));
}
