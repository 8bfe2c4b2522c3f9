import { type Locale, locales } from "../platform/i18n/locales";
import { type PageDefinition, type PageId, pageIds, pages } from "./pages";
import { alternates, href, type I18nStrategy, localePrefix } from "./urls";

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/** Pages that are public, served and without parameters. */
function indexablePages(): PageId[] {
  return pageIds.filter((id) => {
    const page: PageDefinition = pages[id];
    return page.indexable && page.file;
  });
}

export function sitemapIndex(origin: string): string {
  const entries = locales
    .map((locale) => `  <sitemap><loc>${escapeXml(`${origin}/${locale}/sitemap.xml`)}</loc></sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** A page with a slug of its own per locale (a content page, a campaign), listed in the sitemaps. */
export interface SluggedPage {
  id: PageId;
  slugs: Partial<Record<Locale, string>>;
}

function urlEntry(loc: string, alternates: Partial<Record<Locale, string>>, origin: string): string {
  const links = locales
    .flatMap((l) =>
      alternates[l]
        ? [`    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(origin + alternates[l])}"/>`]
        : [],
    )
    .join("\n");
  return `  <url>\n    <loc>${escapeXml(origin + loc)}</loc>\n${links}\n  </url>`;
}

/** One locale's URLs, each with its hreflang alternates; `slugged`: the live content pages and campaigns. */
export function localeSitemap(
  locale: Locale,
  origin: string,
  strategy: I18nStrategy,
  slugged: readonly SluggedPage[] = [],
): string {
  const urls = [
    ...indexablePages().map((id) =>
      urlEntry(href(id, {}, locale, strategy), alternates({ id, params: {} }, strategy), origin),
    ),
    ...slugged.flatMap((page) => {
      if (!page.slugs[locale]) return [];
      const others = Object.fromEntries(
        locales.flatMap((l) =>
          page.slugs[l] ? [[l, href(page.id, { slug: page.slugs[l] }, l, strategy)]] : [],
        ),
      );
      return [urlEntry(others[locale] as string, others, origin)];
    }),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

const privatePages: PageId[] = [
  "checkout",
  "account",
  "search",
  "login",
  "register",
  "wishlist",
  "cart",
  "order-confirmation",
  "reset-password",
  "demo",
];

/** robots.txt: every locale's private and search pages stay out of the index; the sitemaps are listed. */
export function robotsTxt(origin: string, strategy: I18nStrategy): string {
  const disallow = new Set(["/api/", "/admin/"]);
  for (const locale of locales) {
    for (const id of privatePages) disallow.add(href(id, {}, locale, strategy));
    disallow.add(`${localePrefix(locale, strategy)}/customer/`);
  }
  return [
    "User-agent: *",
    ...[...disallow].map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
