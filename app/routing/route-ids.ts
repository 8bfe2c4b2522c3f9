import type { Locale } from "../platform/i18n/locales";
import type { PageId } from "./pages";

/** Route ids carry the page id and locale: `search.nl`, `search.en` (prefixed), `search.en-root` (unprefixed). */
export function routeId(page: PageId, locale: Locale, prefixed: boolean): string {
  return `${page}.${locale}${prefixed ? "" : "-root"}`;
}
