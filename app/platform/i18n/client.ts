import type { BackendModule, Resource } from "i18next";
import { type ClientNamespace, createI18n } from "./i18n";
import type { Locale } from "./locales";
import { readPageMessages } from "./page-messages";

const load = (locale: string, ns: string) =>
  import("./namespace-files").then(({ loadNamespace }) => loadNamespace(locale, ns));

/** Fetches a namespace the page did not bring (e.g. the UI strings of a fly-in opened later). */
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
 * The shopper's locale with the namespaces this page's routes declare, so the first render matches the
 * server and no page downloads messages it does not show. The server writes them into the page; a namespace
 * missing there (a page cached before a deploy) is fetched before hydration.
 */
export async function loadClientI18n(locale: Locale, namespaces: readonly ClientNamespace[]) {
  const written = readPageMessages();
  const bundles = await Promise.all(
    namespaces.map(async (ns) => [ns, written[ns] ?? (await load(locale, ns))] as const),
  );
  const resources: Resource = { [locale]: Object.fromEntries(bundles) };
  return createI18n(locale, resources, lazyNamespaces);
}
