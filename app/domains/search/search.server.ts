// Product search. One interface (`SearchEngine`) with two engines over the same PostgreSQL documents
// (per-locale stripped tsvectors kept current by triggers, migration `search_documents`), a vocabulary with a
// trigram index for typos and a thesaurus table for synonyms: the default matches in memory
// (`search-index.server.ts`, docs/decisions/0022), `postgresSearchEngine` with a GIN scan is the reference.
import { type SQL, sql } from "drizzle-orm";
import { db, type Queryable, selectRows } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { addWarmup } from "../../platform/readiness.server";
import { type ProductSummary, productSummaries, searchResultsListing } from "../catalog/catalog.server";
import { type ListingQuery, parseListingQuery } from "../catalog/listing-query";
import { memorySearchEngine } from "./memory-engine.server";
import {
  type Correction,
  didYouMean,
  MAX_MATCHES,
  MIN_PREFIX,
  planSearch,
  type SearchPlan,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
  searchWords,
  tsqueryText,
} from "./query-text";
import { searchIndex } from "./search-index.server";
import { searchConfigs } from "./tables.server";

export type { Correction } from "./query-text";

export interface SearchOutcome {
  /** Matching product ids, best match first (at most MAX_MATCHES). */
  ids: number[];
  corrections: Correction[];
  /** More products matched than MAX_MATCHES; the weakest were left out. */
  capped: boolean;
  /** For a search without results: a search that would have some, built from near words; else null. */
  didYouMean: string | null;
}

export interface CategorySuggestion {
  id: number;
  name: string;
  slug: string;
}

export interface Suggestions {
  products: ProductSummary[];
  categories: CategorySuggestion[];
  corrections: Correction[];
}

export interface SearchEngine {
  searchProducts(locale: Locale, q: string, options?: { limit?: number }): Promise<SearchOutcome>;
  searchCategories(locale: Locale, q: string, limit?: number): Promise<CategorySuggestion[]>;
  /** Products and categories for one search, planned once. */
  search(
    locale: Locale,
    q: string,
    options?: { limit?: number; categories?: number },
  ): Promise<{ outcome: SearchOutcome; categories: CategorySuggestion[] }>;
}

/** The locale's text-search configuration as a literal (locales are a closed list, never user text). */
const config = (locale: Locale) => sql.raw(`'pg_catalog.${searchConfigs[locale]}'::regconfig`);
const localeLiteral = (locale: Locale) => sql.raw(`'${searchConfigs[locale] ? locale : "en"}'`);

interface Plan extends SearchPlan {
  tsquery: string;
}

/**
 * Reads the words of a search in one round trip: each word's stem, whether any document has it (the last
 * word also as a prefix, while typing; a GIN lookup), its synonyms, and its nearest vocabulary words
 * (trigram KNN).
 */
async function plan(on: Queryable, locale: Locale, words: string[]): Promise<Plan> {
  const last = words.length;
  const analysis = await selectRows<{
    word: string;
    lexeme: string | null;
    known: boolean;
    synonyms: string[] | null;
    near: string[] | null;
  }>(
    on,
    sql`
      select w.word, s.lexeme,
        (s.lexeme is not null and exists (
          select 1 from product_search_documents d where d.locale = ${localeLiteral(locale)}
            and d.document @@ to_tsquery(${config(locale)}, quote_literal(w.word)
              || case when w.ord = ${last} and length(w.word) >= ${MIN_PREFIX} then ':*' else '' end)
        )) as known,
        (select array_agg(distinct x) from search_synonyms g, unnest(g.words) x
          where g.locale = ${localeLiteral(locale)} and w.word = any(g.words) and x <> w.word) as synonyms,
        array(select v.word from search_words v where v.locale = ${localeLiteral(locale)}
          order by v.word <-> w.word limit 8) as near
      from unnest(${`{${words.join(",")}}`}::text[]) with ordinality as w(word, ord)
      cross join lateral (
        select (tsvector_to_array(to_tsvector(${config(locale)}, w.word)))[1] as lexeme
      ) s
      order by w.ord`,
  );
  const planned = planSearch(analysis.map((a) => ({ ...a, synonyms: a.synonyms ?? [], near: a.near ?? [] })));
  return { ...planned, tsquery: tsqueryText(planned.words) };
}

/** The PostgreSQL engine (a GIN scan per search), on PostgreSQL and PGlite alike: the reference for the default. */
export function postgresSearchEngine(on: () => Queryable = db): SearchEngine {
  const none: SearchOutcome = { ids: [], corrections: [], capped: false, didYouMean: null };

  async function products(locale: Locale, planned: Plan, limit: number): Promise<SearchOutcome> {
    const { tsquery, corrections } = planned;
    if (!tsquery) return { ...none, corrections };
    const tsq: SQL = sql`to_tsquery(${config(locale)}, ${tsquery})`;
    // One bitmap scan of the locale's partial GIN index; the rows it finds are ordered by whether the
    // name matches (a small inline tsvector, no ranking function over the whole document), then by
    // popularity. One row past the limit tells whether the cap cut anything.
    const rows = await selectRows<{ id: number }>(
      on(),
      sql`
        select product_id as id from product_search_documents
        where locale = ${localeLiteral(locale)} and document @@ ${tsq}
        order by (name_document @@ ${tsq}) desc, position, product_id
        limit ${limit + 1}`,
    );
    const ids = rows.slice(0, limit).map((r) => Number(r.id));
    return {
      ids,
      corrections,
      capped: rows.length > limit,
      didYouMean: ids.length === 0 ? didYouMean(planned) : null,
    };
  }

  async function categories(locale: Locale, planned: Plan, limit: number): Promise<CategorySuggestion[]> {
    if (!planned.tsquery) return [];
    // A few hundred category names: matched on the fly, top-level and shorter names first.
    const rows = await selectRows<CategorySuggestion>(
      on(),
      sql`
        select ct.category_id as id, ct.name, ct.slug
        from category_translations ct join categories c on c.id = ct.category_id
        where ct.locale = ${localeLiteral(locale)} and c.is_active
          and to_tsvector(${config(locale)}, lower(unaccent(ct.name))) @@ to_tsquery(${config(locale)}, ${planned.tsquery})
        order by (c.parent_id is not null), length(ct.name), ct.category_id
        limit ${limit}`,
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, slug: r.slug }));
  }

  return {
    async searchProducts(locale, q, options = {}) {
      const words = searchWords(q);
      if (words.length === 0) return none;
      return products(
        locale,
        await plan(on(), locale, words),
        Math.min(options.limit ?? MAX_MATCHES, MAX_MATCHES),
      );
    },

    async searchCategories(locale, q, limit = SUGGESTED_CATEGORIES) {
      const words = searchWords(q);
      if (words.length === 0) return [];
      return categories(locale, await plan(on(), locale, words), limit);
    },

    async search(locale, q, options = {}) {
      const words = searchWords(q);
      if (words.length === 0) return { outcome: none, categories: [] };
      // One plan for both: the products and the categories match the same corrected words.
      const planned = await plan(on(), locale, words);
      const [outcome, found] = await Promise.all([
        products(locale, planned, Math.min(options.limit ?? MAX_MATCHES, MAX_MATCHES)),
        categories(locale, planned, options.categories ?? SUGGESTED_CATEGORIES),
      ]);
      return { outcome, categories: found };
    },
  };
}

let engine: SearchEngine | undefined;

/** The configured engine: in memory (an outside search service would be chosen here by environment). */
export function searchEngine(): SearchEngine {
  engine ??= memorySearchEngine();
  return engine;
}

/** Loads the search index before the shop reports ready, so no shopper waits for it. */
export function warmSearch(): void {
  addWarmup("search index", searchIndex(db()).ready());
}

/** Ranked product ids for a search text, best first, with the corrections made for typos. */
export function searchProducts(locale: Locale, q: string): Promise<SearchOutcome> {
  return searchEngine().searchProducts(locale, q);
}

/**
 * Makes the next search apply every committed catalogue change and re-read the thesaurus and typo
 * candidates first (after a change in a test or the back office; otherwise searches see changes within
 * a second).
 */
export function forgetRecentSearches(): void {
  searchIndex(db()).forget();
}

/** As-you-type suggestions: a few products and categories, and any correction made. */
export async function suggest(locale: Locale, q: string): Promise<Suggestions> {
  const { outcome, categories } = await searchEngine().search(locale, q, { limit: SUGGESTED_PRODUCTS });
  return {
    products: await productSummaries(locale, outcome.ids),
    categories,
    corrections: outcome.corrections,
  };
}

export interface SearchPage {
  query: ListingQuery;
  /** Invalid parameters by name (the page ignores them, the API answers 400). */
  problems: Record<string, string>;
  listing: Awaited<ReturnType<typeof searchResultsListing>> | null;
  outcome: SearchOutcome | null;
  categories: CategorySuggestion[];
}

/**
 * Everything the search page and `GET /api/v1/search` show: the parsed parameters, one page of the
 * ranked matches with the catalogue's facets and sorts, category suggestions and corrections. Without
 * a search text there is nothing to list (listing null).
 */
export async function searchListing(locale: Locale, params: URLSearchParams): Promise<SearchPage> {
  const { query, problems } = parseListingQuery(params);
  if (!query.q) return { query, problems, listing: null, outcome: null, categories: [] };
  const { outcome, categories } = await searchEngine().search(locale, query.q);
  const listing = await searchResultsListing(locale, query, outcome.ids);
  return { query, problems, listing, outcome, categories };
}

export {
  deleteSynonymGroup,
  saveSynonymGroup,
  synonymGroups,
} from "./thesaurus.server";
/** Word stems per locale, cached (the marketplace's listing index stems with it too). */
export { Vocabulary } from "./vocabulary.server";
