import { defaultLocale, isLocale, type Locale } from "./locales";

export const LOCALE_COOKIE = "i18n_locale";

export function localeFromCookie(cookieHeader: string | null | undefined): Locale | undefined {
  const match = cookieHeader?.match(/(?:^|;\s*)i18n_locale=([a-z]{2})(?:;|$)/);
  return isLocale(match?.[1]) ? match[1] : undefined;
}

/** The locale a request is for: its URL prefix, else the remembered cookie, else the default. */
export function localeOfRequest(pathname: string, cookieHeader: string | null | undefined): Locale {
  const prefix = pathname.split("/")[1];
  if (isLocale(prefix)) return prefix;
  return localeFromCookie(cookieHeader) ?? defaultLocale;
}
