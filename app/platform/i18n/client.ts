import type { Resource } from "i18next";
import { clientNamespaces, createI18n } from "./i18n";
import type { Locale } from "./locales";

/** Loads only the shopper's locale (small chunks) before hydration, so the first render matches the server. */
export async function loadClientI18n(locale: Locale) {
  const bundles = await Promise.all(
    clientNamespaces.map((ns) =>
      import(`../../locales/${locale}/${ns}.json`).then((m) => [ns, m.default] as const),
    ),
  );
  const resources: Resource = { [locale]: Object.fromEntries(bundles) };
  return createI18n(locale, resources);
}
