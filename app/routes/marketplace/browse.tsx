import { useId } from "react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { BrowseFilters } from "~/components/marketplace/browse-filters";
import { ListingGrid } from "~/components/marketplace/listing-card";
import { MarketplaceSearchBox } from "~/components/marketplace/search-box";
import { browseParams, parseBrowseQuery } from "~/domains/marketplace/listings/query";
import { browseListings } from "~/domains/marketplace/marketplace.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/browse";

export const handle = { i18n: ["marketplace"] };
export const headers = shareablePage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const url = new URL(request.url);
  const query = parseBrowseQuery(url.searchParams, params.category ?? null);
  if (params.category && !query.category) throw data(null, { status: 404 });
  const result = await browseListings(query);
  if (query.page > result.pageCount) throw data(null, { status: 404 });
  const { t } = serverI18n(locale);
  const title = query.category
    ? (t(`marketplace:categories.${query.category}`) as string)
    : (t("marketplace:browse.title") as string);
  return { query, result, title };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const filtered = loaderData && browseParams({ ...loaderData.query, page: 1 }).toString() !== "";
  return pageMeta(matches, loaderData?.title, filtered ? [{ name: "robots", content: "noindex" }] : []);
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("marketplace");
  const to = usePageHref();
  const { query, result, title } = loaderData;
  const headingId = useId();
  const categoryHref = (category: string | null) => {
    const base = to("marketplace-browse", category ? { category } : {});
    return query.q ? `${base}?${new URLSearchParams({ q: query.q })}` : base;
  };
  const action = to("marketplace-browse", query.category ? { category: query.category } : {});
  const pageHref = (page: number) => {
    const params = browseParams({ ...query, page }).toString();
    return params ? `${action}?${params}` : action;
  };
  // Folded away on a phone (the results come first), always open beside the results on a wide screen.
  const filters = (
    <BrowseFilters
      key={JSON.stringify(query)}
      query={query}
      facets={result.facets}
      action={action}
      categoryHref={categoryHref}
    />
  );
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-6 pb-16 desktop:px-8 desktop:pt-10">
      <nav aria-label={t("name")} className="mb-3 text-xs text-muted">
        <Link to={to("marketplace")} className="hover:underline">
          {t("name")}
        </Link>
        {query.category ? (
          <>
            {" / "}
            <Link to={to("marketplace-browse", {})} className="hover:underline">
              {t("browse.title")}
            </Link>
          </>
        ) : null}
      </nav>
      <div className="flex flex-col gap-4 desktop:flex-row desktop:items-end desktop:justify-between">
        <div>
          <h1 id={headingId} className="font-display text-3xl desktop:text-4xl">
            {query.q ? t("browse.resultsFor", { q: query.q }) : title}
          </h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite" data-testid="result-count">
            {t("browse.results", { count: result.total })}
          </p>
        </div>
        <MarketplaceSearchBox key={query.q} defaultValue={query.q} className="w-full desktop:max-w-md" />
      </div>
      <div className="mt-6 grid gap-8 desktop:grid-cols-[15rem_1fr]">
        <details className="border-y border-line py-3 desktop:hidden">
          <summary className="cursor-pointer text-sm font-semibold tracking-wider uppercase">
            {t("browse.filters")}
          </summary>
          <div className="pt-4">{filters}</div>
        </details>
        <aside aria-label={t("browse.filters")} className="hidden desktop:block">
          {filters}
        </aside>
        <section aria-labelledby={headingId}>
          {result.cards.length === 0 ? (
            <div className="py-16 text-center">
              <p className="font-display text-2xl">{t("browse.noResults")}</p>
              <p className="mt-2 text-muted">{t("browse.noResultsHint")}</p>
            </div>
          ) : (
            <ListingGrid listings={result.cards} columns={4} first />
          )}
          {result.pageCount > 1 ? (
            <nav
              aria-label={t("browse.page", { page: query.page, count: result.pageCount })}
              className="mt-10 flex items-center justify-center gap-6 text-sm"
            >
              {query.page > 1 ? (
                <Link to={pageHref(query.page - 1)} rel="prev" className="underline underline-offset-4">
                  {t("browse.previous")}
                </Link>
              ) : null}
              <span>{t("browse.page", { page: query.page, count: result.pageCount })}</span>
              {query.page < result.pageCount ? (
                <Link to={pageHref(query.page + 1)} rel="next" className="underline underline-offset-4">
                  {t("browse.next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </main>
  );
}
