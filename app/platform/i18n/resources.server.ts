import type { Resource } from "i18next";
import enCommon from "../../locales/en/common.json";
import enEmail from "../../locales/en/email.json";
import esCommon from "../../locales/es/common.json";
import esEmail from "../../locales/es/email.json";
import frCommon from "../../locales/fr/common.json";
import frEmail from "../../locales/fr/email.json";
import nlCommon from "../../locales/nl/common.json";
import nlEmail from "../../locales/nl/email.json";
import { createI18n } from "./i18n";
import type { Locale } from "./locales";

/** Every message of every locale: the server renders any locale (pages, e-mails, SMS). */
export const resources = {
  en: { common: enCommon, email: enEmail },
  nl: { common: nlCommon, email: nlEmail },
  fr: { common: frCommon, email: frEmail },
  es: { common: esCommon, email: esEmail },
} satisfies Resource;

const cache = new Map<Locale, ReturnType<typeof createI18n>>();

/** A shared, read-only i18next instance per locale for server-side rendering and messages. */
export function serverI18n(locale: Locale) {
  let instance = cache.get(locale);
  if (!instance) {
    instance = createI18n(locale, resources);
    cache.set(locale, instance);
  }
  return instance;
}
