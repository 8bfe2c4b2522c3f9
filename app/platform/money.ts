import type { Locale } from "./i18n/locales";

/** Money is always an integer number of cents with its currency; never a float, never a formatted string. */
export interface Money {
  amount: number;
  currency: "EUR";
}

export function money(amount: number, currency: Money["currency"] = "EUR"): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money must be whole cents, got ${amount}`);
  return { amount, currency };
}

/** Euros as people type them ("49", "49,5", "49.95") → integer cents; the field's schema checks the shape. */
export function eurosToCents(text: string): number {
  const [whole = "0", fraction = ""] = text.trim().split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

/** Integer cents as a decimal amount, for amount fields, schema.org and plain-text notes: 4995 → "49.95". */
export function centsToDecimal(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/**
 * How each locale writes euros, as `Intl.NumberFormat(intlLocales[locale], { style: "currency", currency:
 * "EUR" })` does (CLDR; the test compares the two over a sweep of amounts). Written out instead of asking
 * Intl because the first currency formatter a browser page builds loads ICU's currency data: 20–55 ms of
 * main thread on this machine, inside hydration, ×4 on Lighthouse's phone (decision 0061).
 */
const euros: Record<
  Locale,
  {
    group: string;
    decimal: string;
    minimumGrouping: number;
    write(sign: string, digits: string): string;
  }
> = {
  en: {
    group: ",",
    decimal: ".",
    minimumGrouping: 1,
    write: (sign, digits) => `${sign}€${digits}`,
  },
  nl: {
    group: ".",
    decimal: ",",
    minimumGrouping: 1,
    write: (sign, digits) => `€\u00a0${sign}${digits}`,
  },
  fr: {
    group: "\u202f",
    decimal: ",",
    minimumGrouping: 1,
    write: (sign, digits) => `${sign}${digits}\u00a0€`,
  },
  // Spanish leaves four-digit amounts ungrouped (CLDR's minimum grouping digits: 2): 1234,50 € but 12.345,50 €.
  es: {
    group: ".",
    decimal: ",",
    minimumGrouping: 2,
    write: (sign, digits) => `${sign}${digits}\u00a0€`,
  },
};

export function formatMoney(value: Money, locale: Locale): string {
  const format = euros[locale];
  let [whole = "0", fraction = "00"] = centsToDecimal(Math.abs(value.amount)).split(".");
  if (whole.length >= 3 + format.minimumGrouping) whole = whole.replace(/\B(?=(\d{3})+$)/g, format.group);
  return format.write(value.amount < 0 ? "-" : "", `${whole}${format.decimal}${fraction}`);
}
