import i18next, { type i18n, type Resource } from "i18next";
import { defaultLocale, type Locale } from "./locales";

export const namespaces = ["common", "ui", "forms", "email"] as const;
/** The namespaces the browser needs; `email` stays on the server. */
export const clientNamespaces = ["common", "ui", "forms"] as const;
export type Namespace = (typeof namespaces)[number];

/** A ready i18next instance for one locale, built synchronously from already-loaded messages. */
export function createI18n(locale: Locale, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: defaultLocale,
    resources,
    ns: [...namespaces],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
