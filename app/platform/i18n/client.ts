import type { Resource } from "i18next";
import { createI18n } from "./i18n";
import type { Locale } from "./locales";

/** Loads only the shopper's locale (one small chunk) before hydration, so the first render matches the server. */
export async function loadClientI18n(locale: Locale) {
  const common = await import(`../../locales/${locale}/common.json`);
  const resources: Resource = { [locale]: { common: common.default } };
  return createI18n(locale, resources);
}
