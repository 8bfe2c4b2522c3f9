import { matchPath } from "react-router";
import { defaultLocale, isLocale, type Locale, locales } from "../platform/i18n/locales";
import { type PageId, pageIds, pathPattern } from "./pages";

export type I18nStrategy = "prefix" | "prefix_except_default";
export type PageParams = Record<string, string | number | undefined>;

/** `/nl`, or nothing for the default locale when it is unprefixed. */
export function localePrefix(locale: Locale, strategy: I18nStrategy): string {
  return strategy === "prefix_except_default" && locale === defaultLocale ? "" : `/${locale}`;
}

/** The URL of a page in a locale, always with a trailing slash: `href("search", {}, "nl")` → `/nl/zoeken/`. */
export function href(id: PageId, params: PageParams, locale: Locale, strategy: I18nStrategy): string {
  const path = pathPattern(id, locale)
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      const optional = segment.endsWith("?");
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === "") {
        if (optional) return "";
        throw new Error(`href(${id}): missing parameter ${name}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter(Boolean)
    .join("/");
  return `${localePrefix(locale, strategy)}/${path ? `${path}/` : ""}`;
}

export interface PageMatch {
  id: PageId;
  locale: Locale;
  params: Record<string, string | undefined>;
  /** Whether the URL carried a locale prefix. */
  prefixed: boolean;
}

/** Which page a path is, in which locale (the prefix's, or the default for an unprefixed path). */
export function matchPage(pathname: string, options: { locale?: Locale } = {}): PageMatch | null {
  const first = pathname.split("/")[1];
  const prefixed = isLocale(first);
  const locale = prefixed ? first : (options.locale ?? defaultLocale);
  const rest = prefixed ? pathname.slice(first.length + 1) || "/" : pathname;
  for (const id of pageIds) {
    const pattern = `/${pathPattern(id, locale)}`;
    const match = matchPath(
      { path: pattern, end: true },
      rest.endsWith("/") && rest !== "/" ? rest.slice(0, -1) : rest,
    );
    if (match) return { id, locale, params: match.params, prefixed };
  }
  return null;
}

/** The same page in every locale, for the language switcher and hreflang links. */
export function alternates(
  match: Pick<PageMatch, "id" | "params">,
  strategy: I18nStrategy,
): Record<Locale, string> {
  return Object.fromEntries(
    locales.map((locale) => [locale, href(match.id, match.params, locale, strategy)]),
  ) as Record<Locale, string>;
}

/** First path segments no product or category slug may take (the back office refuses them). */
export function reservedSegments(): Set<string> {
  const segments = new Set<string>([
    "api",
    "admin",
    "assets",
    "media",
    "webhooks",
    "sandbox-pay",
    "sandbox-carrier",
    ...locales,
  ]);
  for (const id of pageIds) {
    for (const locale of locales) {
      const first = pathPattern(id, locale).split("/")[0];
      if (first && !first.startsWith(":")) segments.add(first);
    }
  }
  return segments;
}
