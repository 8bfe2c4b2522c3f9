import type { BackendModule, Resource } from "i18next";
import { type ClientNamespace, createI18n } from "./i18n";
import type { Locale } from "./locales";

const load = (locale: string, ns: string) =>
  import(`../../locales/${locale}/${ns}.json`).then((m) => m.default as Record<string, unknown>);

/** Fetches a namespace the page did not preload (e.g. the UI strings of a fly-in opened later). */
const lazyNamespaces: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    load(language, namespace).then(
      (messages) => callback(null, messages),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * Loads the shopper's locale before hydration, only the namespaces this page's routes declare, so the first
 * render matches the server and no page downloads messages it does not show.
 */
export async function loadClientI18n(locale: Locale, namespaces: readonly ClientNamespace[]) {
  const bundles = await Promise.all(namespaces.map(async (ns) => [ns, await load(locale, ns)] as const));
  const resources: Resource = { [locale]: Object.fromEntries(bundles) };
  return createI18n(locale, resources, lazyNamespaces);
}
