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
