import i18next, { type BackendModule, type i18n, type Resource } from "i18next";
import { formatMoney, money } from "../money";
import { defaultLocale, intlLocales, isLocale, type Locale } from "./locales";

export const namespaces = [
  "common",
  "catalog",
  "ui",
  "forms",
  "email",
  "search",
  "product",
  "cart",
  "wishlist",
  "payments",
  "account",
  "checkout",
  "orders",
  "refunds",
  "returns",
  "myorders",
  "marketplace",
  "trade",
  "payouts",
  "demo",
  "marketing",
  "service",
  "content",
  "giftcard",
  "admin",
] as const;
export type Namespace = (typeof namespaces)[number];
/**
 * Namespaces a page may ask the browser to load (`handle.i18n` of its routes); e-mail texts and the back
 * office's refusals (English only, answered by the server) stay on the server.
 */
const serverOnly = ["email", "refunds", "admin"] as const satisfies readonly Namespace[];
export type ClientNamespace = Exclude<Namespace, (typeof serverOnly)[number]>;
export const clientNamespaces = namespaces.filter(
  (ns): ns is ClientNamespace => !(serverOnly as readonly Namespace[]).includes(ns),
);

/**
 * A ready i18next instance for one locale, built synchronously from already-loaded messages. With a
 * backend (the browser), namespaces that were not loaded come in on first use (components suspend
 * meanwhile), and there is no fallback language: every locale has every key (locales.test.ts), so fetching
 * the English messages too would only cost a phone two more requests on every page.
 */
export function createI18n(locale: Locale, resources: Resource, backend?: BackendModule): i18n {
  const instance = i18next.createInstance();
  if (backend) instance.use(backend);
  void instance.init({
    lng: locale,
    fallbackLng: backend ? false : defaultLocale,
    resources,
    partialBundledLanguages: Boolean(backend),
    ns: Object.keys(resources[locale] ?? {}),
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
  // `{{amountCents, money}}`: a refusal carries cents, each locale shows them as its own amount.
  instance.services.formatter?.add("money", (value, lng) =>
    formatMoney(money(Number(value)), isLocale(lng) ? lng : defaultLocale),
  );
  return instance;
}
