import { intlLocales, type Locale } from "./i18n/locales";

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

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(value: Money, locale: Locale): string {
  const key = `${locale}:${value.currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocales[locale], { style: "currency", currency: value.currency });
    formatters.set(key, formatter);
  }
  return formatter.format(value.amount / 100);
}
