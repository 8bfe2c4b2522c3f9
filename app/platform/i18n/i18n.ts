import i18next, { type i18n, type Resource } from "i18next";
import { defaultLocale, intlLocales, isLocale, type Locale } from "./locales";

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
  // Dates and numbers in messages follow the shop's formats (en-NL, nl-NL, fr-FR, es-ES), not en-US.
  instance.services.formatter?.add("datetime", (value, lng, options) =>
    new Intl.DateTimeFormat(intlLocales[isLocale(lng) ? lng : defaultLocale], options).format(value),
  );
  instance.services.formatter?.add("number", (value, lng, options) =>
    new Intl.NumberFormat(intlLocales[isLocale(lng) ? lng : defaultLocale], options).format(value),
  );
  return instance;
}
