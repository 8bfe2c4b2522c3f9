// Product search. One interface (`SearchEngine`) with the PostgreSQL engine as the default: weighted
// per-locale tsvector documents (GIN, one partial index per locale), a vocabulary with a trigram index for
// typos and a thesaurus table for synonyms. The documents are kept current by triggers (migration
// `search_documents`); this module only reads.
import { type SQL, sql } from "drizzle-orm";
import { db, type Queryable, selectRows } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { type ProductSummary, productSummaries, searchResultsListing } from "../catalog/catalog.server";
import { type ListingQuery, parseListingQuery } from "../catalog/listing-query";
import { chooseCorrections, editDistance, type PlannedWord, searchWords, tsqueryText } from "./query-text";
import { searchConfigs } from "./tables.server";

/** At most this many matches, best first, go to the listing: beyond it a search is too broad to browse. */
export const MAX_MATCHES = 10_000;
export const SUGGESTED_PRODUCTS = 6;
/**
 * A half-typed last word matches as a prefix from this many letters: with fewer a prefix matches a large
 * part of the catalogue (two letters: a quarter of 100 000 products) and says little.
 */
export const MIN_PREFIX = 3;
export const SUGGESTED_CATEGORIES = 5;

/** A word that matched nothing, and the vocabulary words searched instead ("jruk" → ["jurk"]). */
export interface Correction {
  from: string;
  to: string[];
}

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

interface WordAnalysis {
  word: string;
  ord: number;
  /** null for a stop word (matches nothing and is left out). */
  lexeme: string | null;
  known: boolean;
  synonyms: string[] | null;
  near: string[] | null;
}

/** The locale's text-search configuration as a literal (locales are a closed list, never user text). */
const config = (locale: Locale) => sql.raw(`'pg_catalog.${searchConfigs[locale]}'::regconfig`);
const localeLiteral = (locale: Locale) => sql.raw(`'${searchConfigs[locale] ? locale : "en"}'`);

interface Plan {
  tsquery: string;
  corrections: Correction[];
  analysis: WordAnalysis[];
}

/**
 * Reads the words of a search in one round trip: each word's stem, whether any document has it (the last
 * word also as a prefix, while typing; a GIN lookup), its synonyms, and its nearest vocabulary words
 * (trigram KNN).
 */
async function plan(on: Queryable, locale: Locale, words: string[]): Promise<Plan> {
  const last = words.length;
  const analysis = await selectRows<WordAnalysis>(
    on,
    sql`
      select w.word, w.ord::int as ord, s.lexeme,
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
  const corrections: Correction[] = [];
  const planned: PlannedWord[] = [];
  for (const a of analysis) {
    if (a.lexeme === null) continue;
    const typing = Number(a.ord) === last;
    const synonyms = a.synonyms ?? [];
    if (a.known || synonyms.length > 0) {
      planned.push({ terms: [a.word, ...synonyms], prefix: typing && a.word.length >= MIN_PREFIX });
      continue;
    }
    const to = chooseCorrections(a.word, a.near ?? [], typing);
    if (to.length > 0) corrections.push({ from: a.word, to });
    planned.push({
      terms: to.length > 0 ? to : [a.word],
      prefix: typing && to.length === 0 && a.word.length >= MIN_PREFIX,
    });
  }
  return { tsquery: tsqueryText(planned), corrections, analysis };
}

/** A search that would find something: every unknown word replaced by its nearest word (up to 3 edits). */
function didYouMeanFor(analysis: WordAnalysis[], corrections: Correction[]): string | null {
  if (corrections.length > 0) return null;
  let changed = false;
  const words = analysis.map((a) => {
    if (a.known || a.lexeme === null || (a.synonyms?.length ?? 0) > 0) return a.word;
    const nearest = (a.near ?? []).find((n) => editDistance(a.word, n) <= 3);
    if (!nearest) return a.word;
    changed = true;
    return nearest;
  });
  return changed ? words.join(" ") : null;
}

/** The PostgreSQL engine: the default, on PostgreSQL and PGlite alike. */
export function postgresSearchEngine(on: () => Queryable = db): SearchEngine {
  const none: SearchOutcome = { ids: [], corrections: [], capped: false, didYouMean: null };

  async function products(locale: Locale, planned: Plan, limit: number): Promise<SearchOutcome> {
    const { tsquery, corrections, analysis } = planned;
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
      didYouMean: ids.length === 0 ? didYouMeanFor(analysis, corrections) : null,
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

/** The configured engine (PostgreSQL; an outside search service would be chosen here by environment). */
export function searchEngine(): SearchEngine {
  engine ??= postgresSearchEngine();
  return engine;
}

/** Ranked product ids for a search text, best first, with the corrections made for typos. */
export function searchProducts(locale: Locale, q: string): Promise<SearchOutcome> {
  return searchEngine().searchProducts(locale, q);
}

type Planned = Awaited<ReturnType<SearchEngine["search"]>>;
const SEARCH_CACHE_MS = 30_000;
const SEARCH_CACHE_ENTRIES = 2_000;
const recentSearches = new Map<string, { until: number; result: Promise<Planned> }>();

/**
 * A search as shoppers repeat it: the same text in the same locale is matched once per 30 seconds per
 * process (also when many ask at once), then every filter, sort and page of it is counted in memory by the
 * listing index. New or changed products reach searches within those 30 seconds.
 */
export function plannedSearch(
  locale: Locale,
  q: string,
  options: { limit?: number; categories?: number } = {},
): Promise<Planned> {
  const key = `${locale}\u0000${q.toLowerCase()}\u0000${options.limit ?? ""}\u0000${options.categories ?? ""}`;
  const now = Date.now();
  const hit = recentSearches.get(key);
  if (hit && hit.until > now) return hit.result;
  const result = searchEngine().search(locale, q, options);
  if (recentSearches.size >= SEARCH_CACHE_ENTRIES)
    recentSearches.delete(recentSearches.keys().next().value as string);
  recentSearches.set(key, { until: now + SEARCH_CACHE_MS, result });
  result.catch(() => recentSearches.delete(key));
  return result;
}

/** Forgets recent searches (after the thesaurus or the catalogue changed in a test or the back office). */
export function forgetRecentSearches(): void {
  recentSearches.clear();
}

/** As-you-type suggestions: a few products and categories, and any correction made. */
export async function suggest(locale: Locale, q: string): Promise<Suggestions> {
  const { outcome, categories } = await plannedSearch(locale, q, { limit: SUGGESTED_PRODUCTS });
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
  const { outcome, categories } = await plannedSearch(locale, query.q);
  const listing = await searchResultsListing(locale, query, outcome.ids);
  return { query, problems, listing, outcome, categories };
}

export {
  deleteSynonymGroup,
  type SynonymGroup,
  saveSynonymGroup,
  synonymGroups,
} from "./thesaurus.server";
