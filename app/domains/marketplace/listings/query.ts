// A browse or search request as a typed value: parsed from the URL (pages) or the API's query. Client-safe.
import {
  type ListingCategory,
  type ListingSort,
  listingCategories,
  listingColourCodes,
  listingConditions,
  listingSizes,
  listingSorts,
} from "../attributes";

export interface BrowseQuery {
  q: string;
  category: ListingCategory | null;
  sizes: string[];
  brands: string[];
  colours: string[];
  conditions: string[];
  minPriceCents: number | null;
  maxPriceCents: number | null;
  sort: ListingSort;
  page: number;
}

export const BROWSE_PAGE_SIZE = 48;
export const facetNames = ["category", "size", "brand", "colour", "condition"] as const;
export type FacetName = (typeof facetNames)[number];

function allOf(params: URLSearchParams, name: string, allowed?: readonly string[]): string[] {
  const values = params.getAll(name).flatMap((value) => value.split(","));
  const kept = values.map((v) => v.trim()).filter((v) => v && (!allowed || allowed.includes(v)));
  return [...new Set(kept)].slice(0, 20);
}

function euros(value: string | null): number | null {
  if (!value || !/^\d{1,5}$/.test(value)) return null;
  return Number(value) * 100;
}

export function parseBrowseQuery(params: URLSearchParams, category?: string | null): BrowseQuery {
  const sort = params.get("sort");
  const page = Number(params.get("page") ?? 1);
  const chosen = category ?? params.get("category");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: listingCategories.includes(chosen as ListingCategory) ? (chosen as ListingCategory) : null,
    sizes: allOf(params, "size", listingSizes),
    brands: allOf(params, "brand").map((b) => b.slice(0, 40)),
    colours: allOf(params, "colour", listingColourCodes),
    conditions: allOf(params, "condition", listingConditions),
    minPriceCents: euros(params.get("min")),
    maxPriceCents: euros(params.get("max")),
    sort: listingSorts.includes(sort as ListingSort) ? (sort as ListingSort) : "newest",
    page: Number.isSafeInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The query as URL parameters (the category stays in the path); defaults are left out. */
export function browseParams(query: BrowseQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  for (const size of query.sizes) params.append("size", size);
  for (const brand of query.brands) params.append("brand", brand);
  for (const colour of query.colours) params.append("colour", colour);
  for (const condition of query.conditions) params.append("condition", condition);
  if (query.minPriceCents !== null) params.set("min", String(query.minPriceCents / 100));
  if (query.maxPriceCents !== null) params.set("max", String(query.maxPriceCents / 100));
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/** Lowercase words without accents: what the search stores and what a query is matched with. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
