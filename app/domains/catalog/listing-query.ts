/**
 * The state of a product listing (category page, search page, API) as it lives in the URL: filters, sort and
 * page, shareable and crawlable. Client-safe: the browser builds filter links with the same code.
 */
export const sortOptions = ["position", "wishlisted", "newest", "price_asc", "price_desc"] as const;
/** A search adds relevance (its default) in front of the listing sorts. */
export const searchSortOptions = ["relevance", ...sortOptions] as const;
export type SortOption = (typeof searchSortOptions)[number];

/** The sorts a listing offers: with a search text, relevance first and by default. */
export function sortsFor(q: string): readonly SortOption[] {
  return q ? searchSortOptions : sortOptions;
}

/** Facets whose values are codes, combined with OR inside a facet and AND across facets. */
export const codeFacets = ["category", "size", "colour", "brand", "length", "fit", "fabric"] as const;
export type CodeFacet = (typeof codeFacets)[number];

export const PAGE_SIZE = 48;
/** Beyond this a listing is not browsed but scraped; search engines and people never go this deep. */
export const MAX_PAGE = 500;

export interface ListingQuery {
  q: string;
  filters: Record<CodeFacet, string[]>;
  /** Price range in cents, inclusive. */
  priceMinCents?: number;
  priceMaxCents?: number;
  discountOnly: boolean;
  sort: SortOption;
  page: number;
}

export interface ParsedListingQuery {
  query: ListingQuery;
  /** What was wrong with the parameters, by name; a page ignores them, the API answers 400. */
  problems: Record<string, string>;
}

const CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_VALUES_PER_FACET = 30;

function emptyFilters(): Record<CodeFacet, string[]> {
  return Object.fromEntries(codeFacets.map((facet) => [facet, []])) as unknown as Record<CodeFacet, string[]>;
}

function parsePrice(value: string | null): number | undefined | null {
  if (value === null || value === "") return undefined;
  if (!/^\d{1,6}$/.test(value)) return null;
  return Number(value) * 100;
}

/** Reads a listing's URL parameters; anything invalid is dropped and reported, never thrown. */
export function parseListingQuery(params: URLSearchParams): ParsedListingQuery {
  const problems: Record<string, string> = {};
  const filters = emptyFilters();
  for (const facet of codeFacets) {
    const values = [
      ...new Set(
        params
          .getAll(facet)
          .flatMap((v) => v.split(","))
          .map((v) => v.trim().toLowerCase()),
      ),
    ].filter(Boolean);
    const valid = values.filter((v) => CODE.test(v)).slice(0, MAX_VALUES_PER_FACET);
    if (valid.length !== values.length) problems[facet] = "invalid or too many values";
    filters[facet] = valid.sort();
  }

  const q = (params.get("q") ?? "").trim().replace(/\s+/g, " ");
  if (q.length > 100) problems.q = "at most 100 characters";

  const sorts = sortsFor(q);
  const sortParam = params.get("sort");
  const sort = sorts.find((s) => s === sortParam) ?? (q ? "relevance" : "position");
  if (sortParam !== null && sort !== sortParam) problems.sort = `one of ${sorts.join(", ")}`;

  const pageParam = params.get("page");
  let page = 1;
  if (pageParam !== null) {
    if (/^\d{1,4}$/.test(pageParam) && Number(pageParam) >= 1 && Number(pageParam) <= MAX_PAGE)
      page = Number(pageParam);
    else problems.page = `a whole number from 1 to ${MAX_PAGE}`;
  }

  let priceMinCents = parsePrice(params.get("price_min"));
  let priceMaxCents = parsePrice(params.get("price_max"));
  if (priceMinCents === null) problems.price_min = "whole euros";
  if (priceMaxCents === null) problems.price_max = "whole euros";
  priceMinCents ??= undefined;
  priceMaxCents ??= undefined;
  if (priceMinCents !== undefined && priceMaxCents !== undefined && priceMinCents > priceMaxCents) {
    problems.price_max = "not below price_min";
    priceMaxCents = undefined;
  }

  const discount = params.get("discount");
  if (discount !== null && discount !== "1") problems.discount = "1 or absent";

  return {
    query: {
      q: q.slice(0, 100),
      filters,
      priceMinCents: priceMinCents ?? undefined,
      priceMaxCents: priceMaxCents ?? undefined,
      discountOnly: discount === "1",
      sort,
      page,
    },
    problems,
  };
}

/** The canonical URL parameters of a query: defaults left out, values sorted, so one listing has one URL. */
export function listingSearchParams(query: ListingQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  for (const facet of codeFacets) for (const value of query.filters[facet]) params.append(facet, value);
  if (query.priceMinCents !== undefined)
    params.set("price_min", String(Math.floor(query.priceMinCents / 100)));
  if (query.priceMaxCents !== undefined)
    params.set("price_max", String(Math.floor(query.priceMaxCents / 100)));
  if (query.discountOnly) params.set("discount", "1");
  if (query.sort !== (query.q ? "relevance" : "position")) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/** The same listing with one facet value switched on or off (and back to page 1), for filter links. */
export function toggleFilter(query: ListingQuery, facet: CodeFacet, value: string): ListingQuery {
  const current = query.filters[facet];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value].sort();
  return { ...query, filters: { ...query.filters, [facet]: next }, page: 1 };
}

const LETTER_SIZES = ["xxs", "xs", "s", "m", "l", "xl", "xxl", "xxxl"];

/** Sizes in the order a shopper reads them: XS … XXL, then EU sizes, then waist sizes, then the rest. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string): [number, number, string] => {
    const s = size.toLowerCase();
    const letter = LETTER_SIZES.indexOf(s);
    if (letter >= 0) return [0, letter, s];
    if (/^\d+$/.test(s)) return [1, Number(s), s];
    const waist = s.match(/^w(\d+)/);
    if (waist) return [2, Number(waist[1]), s];
    return [3, 0, s];
  };
  const [ga, na, sa] = rank(a);
  const [gb, nb, sb] = rank(b);
  return ga - gb || na - nb || sa.localeCompare(sb);
}
