import { useLocation, useMatches, useRouteError } from "react-router";
import { defaultLocale, type Locale, locales } from "~/platform/i18n/locales";
import { alternates, matchPage } from "~/routing/urls";
import { useRouting } from "~/routing/use-routing";

/** The same page in every locale: from the page's loader (localized slugs) or from the page table. */
export function usePageAlternates(): Record<Locale, string> | null {
  const { locale, strategy } = useRouting();
  const { pathname } = useLocation();
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { alternates?: Record<Locale, string> } | undefined;
    if (data?.alternates) return data.alternates;
  }
  const page = matchPage(pathname, { locale });
  return page ? alternates(page, strategy) : null;
}

/** Canonical and hreflang links of a page (none on error pages). */
export function SeoLinks() {
  const error = useRouteError();
  const { locale, origin } = useRouting();
  const urls = usePageAlternates();
  if (error || !urls) return null;
  return (
    <>
      <link rel="canonical" href={`${origin}${urls[locale]}`} />
      {locales.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={`${origin}${urls[l]}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${urls[defaultLocale]}`} />
    </>
  );
}
