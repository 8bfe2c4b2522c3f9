import { SlidersHorizontal } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher, useLocation, useSubmit } from "react-router";
import { cardKey, ProductCard } from "~/components/catalog/product-card";
import { CachedElement } from "~/components/ui/cached-element";
import type {
  ProductCard as CardData,
  Listing,
  PageCard,
  PageListing,
} from "~/domains/catalog/listing.server";
import {
  type CodeFacet,
  type ListingQuery,
  listingSearchParams,
  sortsFor,
} from "~/domains/catalog/listing-query";
import { useMinimumDisplay } from "~/platform/navigation/hooks";
import { type Packed, unpack } from "~/platform/render/packed";

const FlyIn = lazy(() => import("~/components/ui/fly-in").then((m) => ({ default: m.FlyIn })));

/** A listing with whole image sets (search) or page cards (category page). */
type AnyListing = Listing | PageListing;

const attributeFacets: Record<"length" | "fit" | "fabric" | "colour", string> = {
  colour: "colours",
  length: "lengths",
  fit: "fits",
  fabric: "fabrics",
};

/** The filters as a plain GET form: shareable, crawlable URLs, and it works without JavaScript. */
function FacetForm({ listing, query, id }: { listing: AnyListing; query: ListingQuery; id: string }) {
  const { t } = useTranslation("catalog");
  const submit = useSubmit();
  const label = (facet: CodeFacet, value: string) =>
    facet in attributeFacets
      ? t(`${attributeFacets[facet as keyof typeof attributeFacets]}.${value}`, { defaultValue: value })
      : facet === "size"
        ? value.toUpperCase()
        : value.replace(/-/g, " ");
  const facets: CodeFacet[] = ["size", "colour", "brand", "length", "fit", "fabric"];
  return (
    <Form
      id={id}
      method="get"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
      className="space-y-6"
    >
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.sort !== (query.q ? "relevance" : "position") ? (
        <input type="hidden" name="sort" value={query.sort} />
      ) : null}
      {facets.map((facet) =>
        listing.facets[facet].length > 0 ? (
          <fieldset key={facet}>
            <legend className="mb-2 text-xs tracking-[0.2em] uppercase">{t(`facets.${facet}`)}</legend>
            <ul className="space-y-1">
              {listing.facets[facet].map(({ value, count }) => (
                <li key={value}>
                  <label className="flex min-h-8 items-center gap-2 text-sm capitalize">
                    <input
                      type="checkbox"
                      name={facet}
                      value={value}
                      defaultChecked={query.filters[facet].includes(value)}
                      className="size-4 accent-ink"
                    />
                    {label(facet, value)}
                    <span className="ms-auto text-xs text-muted">{count}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null,
      )}
      <fieldset>
        <legend className="mb-2 text-xs tracking-[0.2em] uppercase">{t("facets.price")}</legend>
        <div className="flex gap-2">
          <label className="flex-1 text-xs text-muted">
            {t("listing.priceFrom")}
            <input
              type="number"
              name="price_min"
              min={0}
              inputMode="numeric"
              defaultValue={query.priceMinCents !== undefined ? query.priceMinCents / 100 : ""}
              placeholder={
                listing.facets.price ? String(Math.floor(listing.facets.price.minCents / 100)) : ""
              }
              className="mt-1 block min-h-10 w-full border border-line bg-white px-2 text-sm text-ink"
            />
          </label>
          <label className="flex-1 text-xs text-muted">
            {t("listing.priceTo")}
            <input
              type="number"
              name="price_max"
              min={0}
              inputMode="numeric"
              defaultValue={query.priceMaxCents !== undefined ? query.priceMaxCents / 100 : ""}
              placeholder={listing.facets.price ? String(Math.ceil(listing.facets.price.maxCents / 100)) : ""}
              className="mt-1 block min-h-10 w-full border border-line bg-white px-2 text-sm text-ink"
            />
          </label>
        </div>
      </fieldset>
      {listing.facets.discount > 0 ? (
        <label className="flex min-h-8 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="discount"
            value="1"
            defaultChecked={query.discountOnly}
            className="size-4 accent-ink"
          />
          {t("listing.discountOnly")}
          <span className="ms-auto text-xs text-muted">{listing.facets.discount}</span>
        </label>
      ) : null}
      <button type="submit" className="min-h-11 w-full bg-ink text-sm tracking-wider text-white uppercase">
        {t("listing.apply")}
      </button>
    </Form>
  );
}

/**
 * A listing of products with its facet filters, sort, pagination and "load more": the category page and
 * the search page. Everything is a GET form or a link, so it works without JavaScript.
 */
export function ProductListing({
  listing: packed,
  query,
  title,
  subtitle,
  intro,
  empty,
  embedded = false,
}: {
  /** Packed by the page's loader (`platform/render/packed`): a listing is most of a page's data. */
  listing: Packed<AnyListing>;
  query: ListingQuery;
  title: string;
  /** Under the title; the product count by default. */
  subtitle?: ReactNode;
  /** Above the title (the search page's form). */
  intro?: ReactNode;
  /** What to show when nothing matches; "no products found" by default. */
  empty?: ReactNode;
  /** Part of a page (a campaign's product selection): a section with an `h2`, not the page's `main`. */
  embedded?: boolean;
}) {
  const { t } = useTranslation("catalog");
  const listing = unpack(packed);
  const { pathname } = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [more, setMore] = useState<(CardData | PageCard)[]>([]);
  const fetcher = useFetcher<{ listing: Packed<AnyListing> }>();
  const lastPage = query.page + (more.length > 0 ? Math.ceil(more.length / 48) : 0);
  const pageHref = (page: number) => {
    const params = listingSearchParams({ ...query, page });
    return `${pathname}${params.size ? `?${params}` : ""}`;
  };

  // A new listing (other filters, sort or category) starts again from its own page. Unchanged when already
  // empty: a new [] would re-render all 48 cards right after hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the listing itself changes
  useEffect(() => setMore((current) => (current.length > 0 ? [] : current)), [packed]);
  useEffect(() => {
    const next = fetcher.data && unpack(fetcher.data.listing).products;
    if (fetcher.state === "idle" && next) setMore((current) => [...current, ...next]);
  }, [fetcher.state, fetcher.data]);

  const products: (CardData | PageCard)[] = [...listing.products, ...more];
  // The busy state of "load more" stays at least 200 ms once shown, so it never flashes.
  const loadingMore = useMinimumDisplay(fetcher.state !== "idle");
  const Wrapper = embedded ? "section" : "main";
  const Heading = embedded ? "h2" : "h1";
  return (
    <Wrapper
      id={embedded ? "selection" : "main"}
      aria-label={embedded ? title : undefined}
      className="mx-auto max-w-7xl px-4 py-8 desktop:px-8"
    >
      {intro}
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <Heading className="font-display text-4xl">{title}</Heading>
          {subtitle ?? (
            <p className="mt-1 text-sm text-muted">{t("listing.count", { count: listing.total })}</p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => setFiltersOpen(true)}
            className="flex min-h-11 items-center gap-2 border border-ink px-4 text-sm tracking-wider uppercase desktop:hidden"
          >
            <SlidersHorizontal aria-hidden="true" size={16} />
            {t("listing.filters")}
          </button>
          <Form method="get" preventScrollReset className="flex items-center gap-2">
            {[...listingSearchParams({ ...query, sort: query.q ? "relevance" : "position", page: 1 })].map(
              ([name, value]) => (
                <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
              ),
            )}
            <label htmlFor="sort" className="sr-only">
              {t("listing.sortBy")}
            </label>
            <select
              id="sort"
              name="sort"
              defaultValue={query.sort}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className="min-h-11 border border-line bg-white px-3 text-sm"
            >
              {sortsFor(query.q).map((option) => (
                <option key={option} value={option}>
                  {t(`sort.${option}`)}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="min-h-11 border border-ink px-3 text-sm">
                {t("listing.apply")}
              </button>
            </noscript>
          </Form>
        </div>
      </header>

      <div className="desktop:grid desktop:grid-cols-[15rem_1fr] desktop:gap-10">
        <aside aria-label={t("listing.filters")} className="hidden desktop:block">
          <FacetForm listing={listing} query={query} id="filters" />
        </aside>
        {filtersOpen ? (
          <Suspense fallback={null}>
            <FlyIn
              title={t("listing.filters")}
              side="left"
              open
              onOpenChange={(open) => !open && setFiltersOpen(false)}
            >
              <FacetForm listing={listing} query={query} id="filters-mobile" />
            </FlyIn>
          </Suspense>
        ) : null}

        <section aria-label={title}>
          {products.length === 0 ? (
            (empty ?? (
              <div className="py-20 text-center">
                <h2 className="font-display text-2xl">{t("listing.noProducts")}</h2>
                <p className="mt-2 text-muted">{t("listing.noProductsHelp")}</p>
                <Link to={pathname} className="mt-4 inline-block underline underline-offset-4">
                  {t("listing.clearFilters")}
                </Link>
              </div>
            ))
          ) : (
            <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 desktop:grid-cols-4">
              {products.map((product, index) => (
                // The first photo is the LCP element (the others of its row are no larger); every other photo
                // loads lazily (those in view start right after layout) so it does not compete with the CSS
                // and scripts.
                // Cards far below the fold skip style, layout and paint until they come near the viewport.
                // The server renders each other card once and reuses its HTML on every listing it is on.
                <CachedElement
                  as="li"
                  key={product.id}
                  cacheKey={index === 0 ? null : cardKey(product)}
                  className={
                    index >= 8 ? "[contain-intrinsic-size:auto_30rem] [content-visibility:auto]" : undefined
                  }
                >
                  <ProductCard product={product} priority={index === 0} />
                </CachedElement>
              ))}
            </ul>
          )}
          {lastPage < listing.pageCount ? (
            <div className="mt-10 flex flex-col items-center gap-4">
              <button
                type="button"
                disabled={loadingMore}
                aria-busy={loadingMore}
                onClick={() => fetcher.load(pageHref(lastPage + 1))}
                className="min-h-11 border border-ink px-8 text-sm tracking-wider uppercase disabled:opacity-50"
              >
                {t("listing.loadMore")}
              </button>
            </div>
          ) : null}
          <nav
            aria-label={t("listing.pagination")}
            className="mt-8 flex items-center justify-center gap-6 text-sm"
          >
            {query.page > 1 ? (
              <Link rel="prev" to={pageHref(query.page - 1)} className="underline underline-offset-4">
                {t("listing.previous")}
              </Link>
            ) : null}
            <span>{t("listing.page", { page: query.page, pages: listing.pageCount })}</span>
            {query.page < listing.pageCount ? (
              <Link rel="next" to={pageHref(query.page + 1)} className="underline underline-offset-4">
                {t("listing.next")}
              </Link>
            ) : null}
          </nav>
        </section>
      </div>
    </Wrapper>
  );
}
