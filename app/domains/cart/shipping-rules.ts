import type { Locale } from "../../platform/i18n/locales";
import { defaultCountryOf, SAME_DAY_CUTOFF_HOUR, shopClock } from "../shipping/rules";

/** The countries the shop ships to. */
export const shopCountries = ["NL", "BE", "FR", "ES"] as const;
export type ShopCountry = (typeof shopCountries)[number];

/**
 * The country the cart assumes until checkout knows the address: the locale's own country, and the
 * Netherlands for English (the shop's home market).
 */
export function countryOfLocale(locale: Locale): ShopCountry {
  return defaultCountryOf(locale);
}

export interface FreeShippingProgress {
  thresholdCents: number;
  /** What is still missing; 0 once free shipping is reached. */
  remainingCents: number;
  reached: boolean;
  /** 0–100, for the progress bar. */
  percent: number;
}

export function freeShippingProgress(subtotalCents: number, thresholdCents: number): FreeShippingProgress {
  const remainingCents = Math.max(0, thresholdCents - subtotalCents);
  const percent =
    thresholdCents <= 0 ? 100 : Math.min(100, Math.floor((subtotalCents / thresholdCents) * 100));
  return { thresholdCents, remainingCents, reached: remainingCents === 0, percent };
}

export interface ShippingPromise {
  ships: "today" | "tomorrow";
  /** The cut-off as the shop's clock shows it, e.g. "23:00". */
  cutoff: string;
}

/**
 * The same-day promise for an order placed at `now`: before 23:00 Europe/Amsterdam it ships today, from
 * 23:00 until midnight tomorrow (after midnight it is a new day, so today again).
 */
export function shippingPromise(now: Date): ShippingPromise {
  const { hour } = shopClock(now);
  return {
    ships: hour < SAME_DAY_CUTOFF_HOUR ? "today" : "tomorrow",
    cutoff: `${String(SAME_DAY_CUTOFF_HOUR).padStart(2, "0")}:00`,
  };
}
