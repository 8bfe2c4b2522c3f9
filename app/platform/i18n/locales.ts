/** The shop's locales; `en` is the default (PRODUCT.md). */
export const locales = ["en", "nl", "fr", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** Number and date formats per locale: shoppers may ship anywhere in NL, BE, FR, ES in any language. */
export const intlLocales: Record<Locale, string> = { en: "en-NL", nl: "nl-NL", fr: "fr-FR", es: "es-ES" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Remembers the last locale shown (PRODUCT.md: 365 days, path /, SameSite=Lax). */
export const LOCALE_COOKIE = "i18n_locale";

/** The languages' names in English, for the back office (which is in English only). */
export const languageNames: Record<Locale, string> = {
  en: "English",
  nl: "Dutch",
  fr: "French",
  es: "Spanish",
};

/** Each language in its own name, for the shopper's language choice (a reader finds their own). */
export const ownLanguageNames: Record<Locale, string> = {
  en: "English",
  nl: "Nederlands",
  fr: "Français",
  es: "Español",
};
