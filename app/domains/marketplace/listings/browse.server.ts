// Browsing and searching listings: through the in-memory listing index (`browseListings`, decision 0052),
// and in PostgreSQL (`browseListingsInDatabase`): the filters, a word search over `search_text`, and facet
// counts that are disjunctive (each facet counted with every filter but its own), so choosing "M" still
// shows how many "L" there are. The PostgreSQL browse is the reference the index is tested against.
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import { escapeLike } from "../../../platform/db/like";
import { marketplaceListings, marketplaceStores } from "../tables.server";
import { cardColumns, cardsByIds, type ListingCard, onSale, toCard } from "./cards.server";
import { marketplaceIndex } from "./listing-index.server";
import { BROWSE_PAGE_SIZE, type BrowseQuery, type FacetName, facetNames, searchWords } from "./query";

export interface FacetValue {
  value: string;
  count: number;
}

export interface BrowseResult {
  cards: ListingCard[];
  total: number;
  pageCount: number;
  facets: Record<FacetName, FacetValue[]>;
}

const facetColumn = {
  category: marketplaceListings.category,
  size: marketplaceListings.size,
  brand: marketplaceListings.brand,
  colour: marketplaceListings.colour,
  condition: marketplaceListings.condition,
} as const;

function facetFilters(query: BrowseQuery): Record<FacetName, SQL | undefined> {
  const any = (column: (typeof facetColumn)[FacetName], values: string[]) =>
    values.length > 0 ? inArray(column, values) : undefined;
  return {
    category: query.category ? eq(marketplaceListings.category, query.category) : undefined,
    size: any(facetColumn.size, query.sizes),
    brand: any(facetColumn.brand, query.brands),
    colour: any(facetColumn.colour, query.colours),
    condition: any(facetColumn.condition, query.conditions),
  };
}

function baseFilters(query: BrowseQuery): (SQL | undefined)[] {
  const words = searchWords(query.q).slice(0, 8);
  return [
    onSale(),
    ...words.map((word) => sql`${marketplaceListings.searchText} like ${`% ${escapeLike(word)}%`}`),
    query.minPriceCents !== null ? gte(marketplaceListings.priceCents, query.minPriceCents) : undefined,
    query.maxPriceCents !== null ? lte(marketplaceListings.priceCents, query.maxPriceCents) : undefined,
  ];
}

const order = {
  newest: [desc(marketplaceListings.publishedAt), desc(marketplaceListings.id)],
  "price-asc": [asc(marketplaceListings.priceCents), desc(marketplaceListings.id)],
  "price-desc": [desc(marketplaceListings.priceCents), desc(marketplaceListings.id)],
  favourites: [desc(marketplaceListings.wishlistCount), desc(marketplaceListings.id)],
};

const joined = () =>
  db()
    .select(cardColumns)
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId));

async function facetCounts(
  facet: FacetName,
  base: (SQL | undefined)[],
  filters: Record<FacetName, SQL | undefined>,
): Promise<FacetValue[]> {
  const others = facetNames.filter((name) => name !== facet).map((name) => filters[name]);
  const column = facetColumn[facet];
  const rows = await db()
    .select({ value: column, count: sql<number>`count(*)::int` })
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .where(and(...base, ...others))
    .groupBy(column)
    .orderBy(desc(sql`count(*)`), asc(column))
    .limit(facet === "brand" ? 30 : 50);
  return rows.map((row) => ({ value: row.value, count: Number(row.count) }));
}

/** One page of listings for a browse or search request, with its total and facet counts, from the index. */
export async function browseListings(query: BrowseQuery): Promise<BrowseResult> {
  const { ids, total, facets } = await marketplaceIndex(db()).query(query);
  return {
    cards: await cardsByIds(ids),
    total,
    pageCount: Math.max(1, Math.ceil(total / BROWSE_PAGE_SIZE)),
    facets,
  };
}

/** The same in PostgreSQL, with a prefix word search over `search_text`: the reference for tests. */
export async function browseListingsInDatabase(query: BrowseQuery): Promise<BrowseResult> {
  const base = baseFilters(query);
  const filters = facetFilters(query);
  const where = and(...base, ...facetNames.map((name) => filters[name]));
  const [rows, [total], ...facets] = await Promise.all([
    joined()
      .where(where)
      .orderBy(...order[query.sort])
      .limit(BROWSE_PAGE_SIZE)
      .offset((query.page - 1) * BROWSE_PAGE_SIZE),
    db()
      .select({ count: sql<number>`count(*)::int` })
      .from(marketplaceListings)
      .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
      .where(where),
    ...facetNames.map((facet) => facetCounts(facet, base, filters)),
  ]);
  const count = Number(total?.count ?? 0);
  return {
    cards: rows.map(toCard),
    total: count,
    pageCount: Math.max(1, Math.ceil(count / BROWSE_PAGE_SIZE)),
    facets: Object.fromEntries(facetNames.map((name, i) => [name, facets[i] ?? []])) as Record<
      FacetName,
      FacetValue[]
    >,
  };
}
