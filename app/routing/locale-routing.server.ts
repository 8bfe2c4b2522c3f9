import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from "../platform/i18n/locales";
import { href, type I18nStrategy, matchPage } from "./urls";

export interface LocaleEnv {
  Variables: { locale: Locale };
}

const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Paths that are not pages: the API, build and media files, React Router's manifest and data requests, files. */
export function isPagePath(path: string): boolean {
  if (/^\/(api|assets|media|admin|__manifest)(\/|$)/.test(path)) return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

/**
 * PRODUCT.md "Locales and URLs" before React Router sees a page request: trailing-slash 301s, the
 * `/` and unprefixed-page 302s (prefix), the `/en/…` 301s (prefix_except_default), the locale of the
 * request, and the locale cookie whenever a page is shown in a locale the cookie does not hold yet.
 */
export function localeRouting(strategy: I18nStrategy): MiddlewareHandler<LocaleEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const path = url.pathname;
    const cookieLocale = getCookie(c, LOCALE_COOKIE);
    const remembered = isLocale(cookieLocale) ? cookieLocale : undefined;
    const first = path.split("/")[1] ?? "";
    const prefix = isLocale(first) ? first : undefined;
    const isPage = isPagePath(path) && (c.req.method === "GET" || c.req.method === "HEAD");

    if (isPage) {
      if (!path.endsWith("/")) return c.redirect(`${path}/${url.search}`, 301);
      if (strategy === "prefix" && !prefix) {
        const target = remembered ?? defaultLocale;
        if (path === "/") return c.redirect(`/${target}/${url.search}`, 302);
        const match = /^[a-z]{2}$/.test(first) ? null : matchPage(path);
        if (match) return c.redirect(`${href(match.id, match.params, target, strategy)}${url.search}`, 302);
      }
      if (strategy === "prefix_except_default" && prefix === defaultLocale) {
        return c.redirect(`${path.slice(defaultLocale.length + 1)}${url.search}`, 301);
      }
    }

    // The back office is English only, whatever the shop's locale cookie says.
    const locale: Locale = /^\/admin(\/|$)/.test(path)
      ? defaultLocale
      : (prefix ??
        (strategy === "prefix_except_default" && isPage ? defaultLocale : (remembered ?? defaultLocale)));
    c.set("locale", locale);
    await next();

    const shown = isPage && c.res.headers.get("content-type")?.startsWith("text/html");
    if (shown && remembered !== locale) {
      c.res.headers.append(
        "set-cookie",
        `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`,
      );
    }
  };
}
