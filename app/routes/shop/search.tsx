import { useTranslation } from "react-i18next";
import { Link, redirect, useRouteLoaderData } from "react-router";
import { ProductListing } from "~/components/catalog/product-listing";
import { SearchForm } from "~/components/search/search-form";
import type { CategoryNode } from "~/domains/catalog/catalog.server";
import { listingSearchParams } from "~/domains/catalog/listing-query";
import { searchWords } from "~/domains/search/query-text";
import { type Correction, searchListing } from "~/domains/search/search.server";
import { type Locale, locales } from "~/platform/i18n/locales";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pack, unpack } from "~/platform/render/packed";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/search";

export const handle = { i18n: ["search", "catalog", "wishlist"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, strategy } = context.get(routingContext);
  const url = new URL(request.url);
  // Invalid parameters are dropped by the parser: the page always renders, never a 500.
  const { query, listing, outcome, categories } = await searchListing(locale, url.searchParams);
  if (listing && query.page > listing.pageCount) {
    const params = listingSearchParams({ ...query, page: 1 });
    throw redirect(`${url.pathname}?${params}`);
  }
  const { t } = serverI18n(locale);
  const search = query.q ? `?${new URLSearchParams({ q: query.q })}` : "";
  const alternates = Object.fromEntries(
    locales.map((l) => [l, `${href("search", {}, l, strategy)}${search}`]),
  ) as Record<Locale, string>;
  return {
    query,
    listing: listing && pack(listing),
    outcome,
    categories,
    alternates,
    title: query.q ? `${t("search:title")}: ${query.q}` : t("search:title"),
  };
}

export const headers = shareablePage;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // Result pages are endless and thin: never indexed, their product links still followed.
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex, follow" }]);
}

/** The search with every corrected word replaced by what was searched instead. */
function correctedText(q: string, corrections: Correction[]): string {
  const replaced = new Map(corrections.map((c) => [c.from, c.to[0] ?? c.from]));
  return searchWords(q)
    .map((word) => replaced.get(word) ?? word)
    .join(" ");
}

function PopularSearches() {
  const { t } = useTranslation("search");
  const to = usePageHref();
  const terms = t("popularTerms")
    .split(",")
    .map((term) => term.trim())
    .filter(Boolean);
  return (
    <section aria-labelledby="popular-searches" className="mt-8">
      <h2 id="popular-searches" className="text-xs tracking-[0.2em] text-muted uppercase">
        {t("popular")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {terms.map((term) => (
          <li key={term}>
            <Link
              to={`${to("search")}?${new URLSearchParams({ q: term })}`}
              className="inline-flex min-h-10 items-center border border-line bg-white px-4 text-sm hover:border-ink"
            >
              {term}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryLinks({
  categories,
  labelId,
  label,
}: {
  categories: { id: number; name: string; slug: string }[];
  labelId: string;
  label: string;
}) {
  const to = usePageHref();
  if (categories.length === 0) return null;
  return (
    <nav aria-labelledby={labelId} className="mt-4">
      <h2 id={labelId} className="text-xs tracking-[0.2em] text-muted uppercase">
        {label}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={to("category", { slug: category.slug })}
              className="inline-flex min-h-10 items-center bg-sand px-4 text-sm underline-offset-4 hover:underline"
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The spec's "no search results" message, with a did-you-mean, categories and popular searches. */
function NoResults({ q, didYouMean }: { q: string; didYouMean: string | null }) {
  const { t } = useTranslation("search");
  const to = usePageHref();
  const layout = useRouteLoaderData("routes/layouts/default") as { categories?: CategoryNode[] } | undefined;
  return (
    <div className="py-12">
      <h2 className="font-display text-3xl">{t("noResults.title")}</h2>
      <p className="mt-2 text-muted">{t("noResults.help", { q })}</p>
      {didYouMean ? (
        <p className="mt-4 text-lg">
          <Link
            to={`${to("search")}?${new URLSearchParams({ q: didYouMean })}`}
            className="underline underline-offset-4"
          >
            {t("noResults.didYouMean", { suggestion: didYouMean })}
          </Link>
        </p>
      ) : null}
      <CategoryLinks
        categories={layout?.categories ?? []}
        labelId="no-results-categories"
        label={t("noResults.tryCategories")}
      />
      <PopularSearches />
    </div>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("search");
  const { t: tc } = useTranslation("catalog");
  const { query, outcome, categories } = loaderData;
  const packed = loaderData.listing;
  const listing = packed && unpack(packed);
  const form = (
    <div className="mb-8">
      <SearchForm q={query.q} autoFocus={!query.q} />
    </div>
  );

  if (!packed || !listing || !outcome) {
    return (
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 desktop:px-8">
        <h1 className="mb-6 font-display text-4xl">{t("intro")}</h1>
        {form}
        <PopularSearches />
      </main>
    );
  }

  const filtered = listingSearchParams({ ...query, sort: "relevance", page: 1 }).size > 1;
  const subtitle = (
    <div className="mt-1 space-y-1 text-sm">
      <p className="text-muted">{tc("listing.count", { count: listing.total })}</p>
      {outcome.corrections.length > 0 ? (
        <p role="status">
          {t("correction", { from: query.q, to: correctedText(query.q, outcome.corrections) })}
        </p>
      ) : null}
      {outcome.capped ? <p className="text-muted">{t("capped", { count: outcome.ids.length })}</p> : null}
      <CategoryLinks categories={categories} labelId="search-categories" label={t("categories")} />
    </div>
  );

  if (listing.total === 0 && !filtered) {
    return (
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 desktop:px-8">
        {form}
        <h1 className="font-display text-4xl">{t("resultsTitle", { q: query.q })}</h1>
        <NoResults
          q={outcome.corrections.length > 0 ? correctedText(query.q, outcome.corrections) : query.q}
          didYouMean={outcome.didYouMean}
        />
      </main>
    );
  }

  return (
    <ProductListing
      listing={packed}
      query={query}
      title={t("resultsTitle", { q: query.q })}
      subtitle={subtitle}
      intro={form}
      empty={
        <div className="py-20 text-center">
          <h2 className="font-display text-2xl">{tc("listing.noProducts")}</h2>
          <p className="mt-2 text-muted">{tc("listing.noProductsHelp")}</p>
          <Link
            to={`?${new URLSearchParams({ q: query.q })}`}
            className="mt-4 inline-block underline underline-offset-4"
          >
            {tc("listing.clearFilters")}
          </Link>
        </div>
      }
    />
  );
}
