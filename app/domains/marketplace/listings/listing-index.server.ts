import { sql } from "drizzle-orm";
import { type FeedBatch, FeedFollower, type FeedTable } from "../../../platform/db/change-feed.server";
import { type Database, db, type Queryable, selectRows } from "../../../platform/db/db.server";
import { afterCommit } from "../../../platform/db/transaction.server";
import { type Locale, locales } from "../../../platform/i18n/locales";
import { serverI18n } from "../../../platform/i18n/resources.server";
import { logger } from "../../../platform/logging/logger.server";
import { allowedEdits, chooseCorrections, isTyped, searchWords } from "../../search/query-text";
import { Vocabulary } from "../../search/search.server";
import { searchConfigs } from "../../search/tables.server";
import { listingSizes } from "../attributes";
import { type ColumnQuery, type ColumnResult, IndexColumns, type IndexedListingRow } from "./index-columns";
import { BROWSE_PAGE_SIZE, type BrowseQuery } from "./query";

/**
 * The marketplace's listing index (docs/decisions/0052-marketplace-search-in-memory.md): per process, every
 * listing for sale (published, store not banned) in memory, with its terms, facets and sort keys
 * (`index-columns.ts`). A search, browse or category page is one pass without SQL. Each listing is stemmed
 * in its own language (PostgreSQL's configuration for it, as the shop's search documents are); a query word
 * is stemmed in all four, so a listing is found from any locale. It follows `marketplace_changes` with the
 * `FeedFollower` of the shop's indexes; `browse.server.ts` keeps the PostgreSQL browse as the reference.
 */

export const MARKETPLACE_FEED: FeedTable = { table: "marketplace_changes", column: "listing_id" };

/** More changed listings than this in one read and a full load is cheaper. */
const FULL_RELOAD_AFTER = 5000;

const configOf = sql.raw(
  `case l.language ${Object.entries(searchConfigs)
    .map(([locale, config]) => `when '${locale}' then 'pg_catalog.${config}'::regconfig`)
    .join(" ")} else 'pg_catalog.simple'::regconfig end`,
);

function listingRows(where: ReturnType<typeof sql>) {
  return sql`
    select l.id, l.price_cents, coalesce(extract(epoch from l.published_at) * 1000, 0)::float8 as published,
      l.wishlist_count, l.category, l.size, l.brand, l.colour, l.condition, l.search_text,
      tsvector_to_array(to_tsvector(${configOf}, lower(unaccent(l.title || ' ' || l.material || ' ' || l.description)))) as stems
    from marketplace_listings l join marketplace_stores s on s.id = l.store_id
    where l.state = 'published' and not s.banned and ${where}`;
}

interface ListingRow {
  id: number;
  price_cents: number;
  published: number;
  wishlist_count: number;
  category: string;
  size: string;
  brand: string;
  colour: string;
  condition: string;
  search_text: string;
  stems: string[];
}

const sizeWords = new Set(listingSizes.map((size) => size.toLowerCase()));

export class MarketplaceIndex {
  private readonly columns: IndexColumns;
  private readonly follower: FeedFollower;
  private readonly vocabulary: Vocabulary;
  /** The stems of each category, colour and condition name in all four locales, by `kind:code`. */
  private attributeTerms = new Map<string, string[]>();

  constructor(
    private readonly db: Database,
    options: { fewHits?: number } = {},
  ) {
    this.columns = new IndexColumns(options.fewHits);
    this.vocabulary = new Vocabulary(db);
    this.follower = new FeedFollower(
      db,
      MARKETPLACE_FEED,
      { load: () => this.load(), apply: (batch) => this.apply(batch) },
      // The columns change in place: a full load is awaited, never served half-built.
      { name: "marketplace index", maxRows: FULL_RELOAD_AFTER, reloadInBackground: false },
    );
  }

  /** Loads on first use, then applies the change feed at most once a second (`fresh`: every change now). */
  ready(options: { fresh?: boolean } = {}): Promise<void> {
    return this.follower.ready(options);
  }

  /** The next `ready()` applies every committed change first (after a write in this process). */
  forget(): void {
    this.follower.forget();
  }

  get count(): number {
    return this.columns.count;
  }

  /** An estimate of the bytes the index holds (typed columns and posting lists). */
  bytes(): number {
    return this.columns.bytes();
  }

  private async loadAttributeTerms(): Promise<void> {
    const kinds = ["categories", "colours", "conditions"] as const;
    const terms = new Map<string, Set<string>>();
    for (const locale of locales) {
      const { t } = serverI18n(locale);
      const names = new Map<string, string[]>();
      for (const kind of kinds) {
        const entries = t(`marketplace:${kind}`, { returnObjects: true }) as Record<string, string>;
        for (const [code, name] of Object.entries(entries)) names.set(`${kind}:${code}`, searchWords(name));
      }
      const stems = await this.vocabulary.stemsOf(locale, [...names.values()].flat());
      for (const [key, words] of names) {
        const set = terms.get(key) ?? new Set<string>();
        for (const word of words) {
          const stem = stems.get(word);
          if (stem) set.add(stem);
        }
        terms.set(key, set);
      }
    }
    this.attributeTerms = new Map([...terms].map(([key, set]) => [key, [...set]]));
  }

  private toIndexed(row: ListingRow): IndexedListingRow {
    return {
      id: row.id,
      priceCents: row.price_cents,
      published: row.published,
      wishlistCount: row.wishlist_count,
      facets: {
        category: row.category,
        size: row.size,
        brand: row.brand,
        colour: row.colour,
        condition: row.condition,
      },
      terms: [
        ...row.stems,
        ...searchWords(row.brand),
        ...searchWords(row.size),
        ...(this.attributeTerms.get(`categories:${row.category}`) ?? []),
        ...(this.attributeTerms.get(`colours:${row.colour}`) ?? []),
        ...(this.attributeTerms.get(`conditions:${row.condition}`) ?? []),
      ],
      words: row.search_text.split(" ").filter((word) => word.length > 2),
    };
  }

  private async load(): Promise<void> {
    const started = Date.now();
    await this.loadAttributeTerms();
    const rows = await selectRows<ListingRow>(this.db, listingRows(sql`true`));
    this.columns.reset(rows.map((row) => this.toIndexed(row)));
    this.vocabulary.forgetNearWords();
    logger.info({ listings: rows.length, ms: Date.now() - started }, "marketplace index loaded");
  }

  private async apply(batch: FeedBatch): Promise<boolean> {
    if (batch.ids.length === 0) return false;
    const rows = await selectRows<ListingRow>(
      this.db,
      listingRows(sql`l.id = any(${`{${batch.ids.join(",")}}`}::int[])`),
    );
    const found = new Map(rows.map((row) => [row.id, row]));
    let reload = false;
    for (const id of batch.ids) {
      const row = found.get(id);
      if (this.columns.put(id, row ? this.toIndexed(row) : null)) reload = true;
    }
    return reload;
  }

  /** A search text as the columns match it: per word its terms in every locale, or its typo corrections. */
  private async plan(q: string): Promise<ColumnQuery["words"]> {
    const typed = searchWords(q);
    if (typed.length === 0) return [];
    const stems = await this.stemsEverywhere(typed);
    const words: ColumnQuery["words"] = [];
    for (const [i, word] of typed.entries()) {
      const own = stems.get(word) ?? [];
      const stopWord = own.includes(null);
      const terms = unique([word, ...own.filter((s): s is string => s !== null)]);
      const typing = isTyped(typed, i);
      const prefixes = typing ? terms : [];
      const known =
        terms.some((term) => this.columns.hasTerm(term)) ||
        prefixes.some((prefix) => this.columns.hasTerm(prefix, true));
      // A stop word in some language ("de", "la") says nothing, unless it is a size ("s", "l", "m").
      if (stopWord && !sizeWords.has(word) && typed.length > 1) continue;
      if (known) {
        words.push({ terms, prefixes });
        continue;
      }
      const edits = allowedEdits(word);
      const corrections = chooseCorrections(
        word,
        this.columns.wordsOfLength(word.length - edits, word.length + edits),
        typing,
      );
      if (corrections.length === 0) {
        words.push({ terms, prefixes });
        continue;
      }
      const corrected = await this.stemsEverywhere(corrections);
      words.push({
        terms: unique(
          corrections.flatMap((c) => [c, ...(corrected.get(c) ?? []).filter((s): s is string => s !== null)]),
        ),
        prefixes: [],
      });
    }
    return words;
  }

  /** Each word's stem in every locale (null where it is a stop word). */
  private async stemsEverywhere(words: string[]): Promise<Map<string, (string | null)[]>> {
    const perLocale = await Promise.all(
      locales.map((locale: Locale) => this.vocabulary.stemsOf(locale, words)),
    );
    return new Map(words.map((word) => [word, perLocale.map((stems) => stems.get(word) ?? null)]));
  }

  /** One page of a browse or search: listing ids in order, the total and the disjunctive facet counts. */
  async query(query: BrowseQuery): Promise<ColumnResult> {
    await this.ready();
    const words = await this.plan(query.q);
    return this.columns.query({
      words,
      facets: {
        category: query.category ? [query.category] : [],
        size: query.sizes,
        brand: query.brands,
        colour: query.colours,
        condition: query.conditions,
      },
      minPriceCents: query.minPriceCents,
      maxPriceCents: query.maxPriceCents,
      sort: query.sort,
      offset: (query.page - 1) * BROWSE_PAGE_SIZE,
      limit: BROWSE_PAGE_SIZE,
    });
  }
}

const unique = (values: string[]) => [...new Set(values)];

const indexes = new WeakMap<Database, MarketplaceIndex>();

/** The marketplace index of a database handle (one per process and database). */
export function marketplaceIndex(database: Database = db()): MarketplaceIndex {
  let index = indexes.get(database);
  if (!index) {
    index = new MarketplaceIndex(database);
    indexes.set(database, index);
  }
  return index;
}

/**
 * Call in a transaction that writes listings or stores: once it commits, the next search in this process
 * applies the change feed first, so the writer sees its own change at once (other processes within a second).
 */
export function listingsChanged(tx: Queryable): void {
  const forget = () => marketplaceIndex(db()).forget();
  try {
    afterCommit(tx, forget);
  } catch {
    // A transaction opened elsewhere cannot say when it commits: forget now, and the feed follows within a second.
    forget();
  }
}
