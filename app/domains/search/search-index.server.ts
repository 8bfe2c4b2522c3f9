import { sql } from "drizzle-orm";
import { type FeedBatch, FeedFollower } from "../../platform/db/change-feed.server";
import { type Database, selectRows } from "../../platform/db/db.server";
import { type Locale, locales } from "../../platform/i18n/locales";
import { logger } from "../../platform/logging/logger.server";
import { CATALOG_FEED } from "../catalog/catalog.server";
import {
  before,
  byString,
  byteSize,
  type ChangedDocument,
  categoryMatches,
  emptySegment,
  has,
  type IndexedCategory,
  type LocaleBase,
  type MatchWord,
  matchWord,
  pass,
  postingsFrom,
  postingsOf,
  type Segment,
  slicesOf,
} from "./postings";
import {
  isTyped,
  needsNearWords,
  planSearch,
  type SearchPlan,
  termWords,
  type WordAnalysis,
} from "./query-text";
import type { CategorySuggestion } from "./search.server";
import { Vocabulary } from "./vocabulary.server";

/**
 * The search index: per process and locale, an inverted index of PostgreSQL's search documents, so a
 * search is matched and ranked in memory instead of by a GIN scan that visits every matching row
 * (docs/decisions/0022-search-index-in-memory.md). PostgreSQL still stems, builds the documents, holds
 * the vocabulary (typo candidates) and the thesaurus; this module only reads them. It follows the
 * database through the `catalog_changes` feed with the `FeedFollower` the listing index uses too; the
 * posting lists and the passes over them are in `postings.ts`.
 */

export type { MatchWord } from "./postings";

/** Feed rows read per sync; more than this and a full reload is cheaper. */
const MAX_FEED_ROWS = 5000;
/** Changed products kept in the overlay before a full reload folds them into the base. */
const FULL_RELOAD_AFTER = 2000;

/** What identifies a document's content, computed the same way at load and on re-read. */
const documentHash = sql.raw(`hashtextextended(document::text || '/' || name_document::text, 0)`);

export class SearchIndex {
  private base: Partial<Record<Locale, LocaleBase>> = {};
  private overlay: Partial<Record<Locale, Segment>> = {};
  private readonly changed = new Map<number, Partial<Record<Locale, ChangedDocument>>>();
  /** The last stamp a query used, over all segments (see `pass`). */
  private stamp = 0;
  private thesaurus = new Map<string, string[]>();
  private readonly vocabulary: Vocabulary;

  private readonly follower: FeedFollower;

  constructor(
    private readonly db: Database,
    private readonly options: { fullReloadAfter?: number } = {},
  ) {
    this.vocabulary = new Vocabulary(db);
    this.follower = new FeedFollower(
      db,
      CATALOG_FEED,
      {
        load: () => this.load(),
        apply: (batch) => this.apply(batch),
        // The thesaurus is small and has no feed: read on every sync.
        alongside: () => this.loadThesaurus(),
      },
      // A full load builds a new base beside the one that serves meanwhile.
      { name: "search index", maxRows: MAX_FEED_ROWS, reloadInBackground: true },
    );
  }

  /**
   * Loads the index on first use and applies the change feed at most once a second; `fresh` (or a
   * `forget()` before) applies every change committed so far, waiting for a full reload if one is due.
   */
  ready(options: { fresh?: boolean } = {}): Promise<void> {
    return this.follower.ready(options);
  }

  /** The next `ready()` reads every change first; typo candidates are read again. */
  forget(): void {
    this.follower.forget();
    this.vocabulary.forgetNearWords();
  }

  /** Products, postings and typed-array bytes per locale (for the load log and the bench). */
  stats() {
    return Object.fromEntries(
      locales.map((locale) => {
        const base = this.base[locale];
        return [
          locale,
          base
            ? {
                products: base.ids.length,
                lexemes: base.doc.lexemes.length,
                postings: base.doc.ranks.length + base.name.ranks.length,
                bytes:
                  byteSize(base.doc) +
                  byteSize(base.name) +
                  base.ids.byteLength +
                  base.position.byteLength +
                  (base.masked?.byteLength ?? 0) +
                  base.docStamps.byteLength +
                  base.nameStamps.byteLength +
                  base.rankOf.byteLength +
                  base.hash.byteLength,
              }
            : null,
        ];
      }),
    ) as Record<Locale, { products: number; lexemes: number; postings: number; bytes: number } | null>;
  }

  /** Products whose documents changed since the last full load (the overlay). */
  get changedProducts(): number {
    return this.changed.size;
  }

  private async load(): Promise<void> {
    const started = Date.now();
    const categories = await this.loadCategories();
    const base: Partial<Record<Locale, LocaleBase>> = {};
    // One locale at a time: the database does the heavy part, and the other cores keep serving.
    for (const locale of locales) base[locale] = await this.loadLocale(locale, categories.get(locale) ?? []);
    await this.loadThesaurus();
    this.base = base;
    this.overlay = {};
    this.changed.clear();
    const stats = this.stats();
    logger.info(
      {
        ms: Date.now() - started,
        products: Object.fromEntries(locales.map((l) => [l, stats[l]?.products ?? 0])),
        mb: Math.round(Object.values(stats).reduce((n, s) => n + (s?.bytes ?? 0), 0) / 1e5) / 10,
        heapMb: Math.round(process.memoryUsage().heapUsed / 1e5) / 10,
      },
      "search index loaded",
    );
  }

  private async loadLocale(locale: Locale, categories: IndexedCategory[]): Promise<LocaleBase> {
    // 16 bytes per product, in ranking order: id, position, document hash.
    const [packed] = await selectRows<{ rows: Uint8Array | null }>(
      this.db,
      sql`
        select string_agg(int4send(product_id) || int4send(position) || int8send(${documentHash}), ''::bytea
          order by position, product_id) as rows
        from product_search_documents where locale = ${locale}`,
    );
    const bytes = packed?.rows ?? new Uint8Array(0);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = bytes.length >>> 4;
    const ids = new Int32Array(count);
    const position = new Int32Array(count);
    const hash = new BigInt64Array(count);
    let maxId = 0;
    for (let rank = 0; rank < count; rank++) {
      ids[rank] = view.getInt32(rank * 16);
      position[rank] = view.getInt32(rank * 16 + 4);
      hash[rank] = view.getBigInt64(rank * 16 + 8);
      maxId = Math.max(maxId, ids[rank] as number);
    }
    const rankOf = new Int32Array(maxId + 1).fill(-1);
    for (let rank = 0; rank < count; rank++) rankOf[ids[rank] as number] = rank;
    const postings = async (column: "document" | "name_document") =>
      postingsFrom(
        await selectRows<{ lexeme: string; ids: Uint8Array }>(
          this.db,
          sql`
            select u.lexeme, string_agg(int4send(d.product_id), ''::bytea) as ids
            from (
              select product_id, ${sql.raw(column)} as document from product_search_documents
              where locale = ${locale} order by position, product_id
            ) d, unnest(tsvector_to_array(d.document)) as u(lexeme)
            group by u.lexeme`,
        ),
        rankOf,
      );
    return {
      doc: await postings("document"),
      name: await postings("name_document"),
      ids,
      position,
      masked: new Uint8Array(count),
      docStamps: new Uint32Array(count),
      nameStamps: new Uint32Array(count),
      rankOf,
      hash,
      categories,
    };
  }

  private async loadCategories(): Promise<Map<Locale, IndexedCategory[]>> {
    const rows = await selectRows<{
      locale: Locale;
      id: number;
      name: string;
      slug: string;
      lexemes: string[];
    }>(
      this.db,
      sql`
        select ct.locale, ct.category_id as id, ct.name, ct.slug,
          tsvector_to_array(to_tsvector(search_config(ct.locale), lower(unaccent(ct.name)))) as lexemes
        from category_translations ct join categories c on c.id = ct.category_id
        where c.is_active
        order by (c.parent_id is not null), length(ct.name), ct.category_id`,
    );
    const byLocale = new Map<Locale, IndexedCategory[]>();
    for (const row of rows) {
      const list = byLocale.get(row.locale) ?? [];
      list.push({
        id: Number(row.id),
        name: row.name,
        slug: row.slug,
        lexemes: [...row.lexemes].sort(byString),
      });
      byLocale.set(row.locale, list);
    }
    return byLocale;
  }

  private async loadThesaurus(): Promise<void> {
    const groups = await selectRows<{ locale: string; words: string[] }>(
      this.db,
      sql`select locale, words from search_synonyms`,
    );
    const partners = new Map<string, Set<string>>();
    for (const { locale, words } of groups)
      for (const word of words) {
        const key = `${locale}:${word}`;
        const set = partners.get(key) ?? new Set();
        for (const other of words) if (other !== word) set.add(other);
        partners.set(key, set);
      }
    this.thesaurus = new Map([...partners].map(([key, set]) => [key, [...set].sort(byString)]));
  }

  /**
   * Takes in a batch of the feed. Category names are in many documents, and categories are few and rarely
   * change: a full reload instead. Too many changed products in the overlay: a full reload after.
   */
  private async apply(batch: FeedBatch): Promise<boolean> {
    if (batch.nulls) return true;
    if (batch.ids.length > 0) await this.applyProducts(batch.ids);
    return this.changed.size > (this.options.fullReloadAfter ?? FULL_RELOAD_AFTER);
  }

  /** Re-reads changed products; those whose documents and position are what the base holds leave the overlay. */
  private async applyProducts(productIds: number[]): Promise<void> {
    const rows = await selectRows<{
      product_id: number;
      locale: Locale;
      position: number;
      hash: string;
      doc: string[];
      name: string[];
    }>(
      this.db,
      sql`
        select product_id, locale, position, ${documentHash}::text as hash,
          tsvector_to_array(document) as doc, tsvector_to_array(name_document) as name
        from product_search_documents where product_id = any(${`{${productIds.join(",")}}`}::int[])`,
    );
    const found = new Map<number, typeof rows>();
    for (const row of rows) {
      const list = found.get(row.product_id) ?? [];
      list.push(row);
      found.set(row.product_id, list);
    }
    const rankIn = (base: LocaleBase | undefined, id: number) =>
      base && id < base.rankOf.length ? (base.rankOf[id] as number) : -1;
    for (const id of productIds) {
      const current = found.get(id) ?? [];
      const same =
        current.length === locales.filter((l) => rankIn(this.base[l], id) >= 0).length &&
        current.every((row) => {
          const base = this.base[row.locale];
          const rank = rankIn(base, id);
          return (
            base !== undefined &&
            rank >= 0 &&
            base.position[rank] === row.position &&
            base.hash[rank] === BigInt(row.hash)
          );
        });
      if (same) this.changed.delete(id);
      else
        this.changed.set(
          id,
          Object.fromEntries(
            current.map((row) => [row.locale, { position: row.position, doc: row.doc, name: row.name }]),
          ),
        );
    }
    for (const locale of locales) {
      const base = this.base[locale];
      if (base?.masked) {
        base.masked.fill(0);
        for (const id of this.changed.keys()) {
          const rank = rankIn(base, id);
          if (rank >= 0) base.masked[rank] = 1;
        }
      }
      const documents: [number, ChangedDocument][] = [];
      for (const [id, byLocale] of this.changed) {
        const document = byLocale[locale];
        if (document) documents.push([id, document]);
      }
      documents.sort((a, b) => a[1].position - b[1].position || a[0] - b[0]);
      this.overlay[locale] = {
        doc: postingsOf(documents.map(([, d]) => d.doc)),
        name: postingsOf(documents.map(([, d]) => d.name)),
        ids: Int32Array.from(documents, ([id]) => id),
        position: Int32Array.from(documents, ([, d]) => d.position),
        masked: null,
        docStamps: new Uint32Array(documents.length),
        nameStamps: new Uint32Array(documents.length),
      };
    }
  }

  /** Whether a live document in the locale has the stem (or a stem starting with it). */
  private known(locale: Locale, lexeme: string, prefix: boolean): boolean {
    const base = this.base[locale];
    const overlay = this.overlay[locale];
    return (
      (base !== undefined && has(base, lexeme, prefix)) ||
      (overlay !== undefined && has(overlay, lexeme, prefix))
    );
  }

  /**
   * Plans a search as `planSearch` does for the PostgreSQL engine: stems and "known" from memory, the
   * thesaurus from memory; only words seen for the first time (stems) and words that match nothing
   * (nearest vocabulary words) cost a query.
   */
  async plan(locale: Locale, words: string[]): Promise<{ plan: SearchPlan; match: MatchWord[] }> {
    const synonymsOf = (word: string) => this.thesaurus.get(`${locale}:${word}`) ?? [];
    const stems = await this.vocabulary.stemsOf(locale, [
      ...words,
      ...words.flatMap((w) => synonymsOf(w).flatMap(termWords)),
    ]);
    const analysis: WordAnalysis[] = words.map((word, i) => {
      const lexeme = stems.get(word) ?? null;
      return {
        word,
        lexeme,
        known: lexeme !== null && this.known(locale, lexeme, isTyped(words, i)),
        synonyms: synonymsOf(word),
        near: [],
      };
    });
    const unknown = analysis.filter(needsNearWords);
    if (unknown.length > 0) {
      const near = await this.vocabulary.nearWords(
        locale,
        unknown.map((a) => a.word),
      );
      for (const a of unknown) a.near = near.get(a.word) ?? [];
    }
    const plan = planSearch(analysis);
    const termStems = await this.vocabulary.stemsOf(
      locale,
      plan.words.flatMap((w) => w.terms.flatMap(termWords)),
    );
    return { plan, match: plan.words.flatMap((w) => matchWord(w, termStems)) };
  }

  /** Matching product ids, best first (every word in the name, then position, then id), at most `limit`. */
  match(locale: Locale, words: MatchWord[], limit: number): { ids: number[]; total: number } {
    const base = this.base[locale];
    if (!base || words.length === 0) return { ids: [], total: 0 };
    const overlay = this.overlay[locale] ?? emptySegment();
    const segments = [base, overlay];
    if (this.stamp + words.length + 1 >= 0xffffffff) {
      for (const segment of [...Object.values(this.base), ...Object.values(this.overlay)]) {
        segment.docStamps.fill(0);
        segment.nameStamps.fill(0);
      }
      this.stamp = 0;
    }
    const start = this.stamp;
    this.stamp += words.length + 1;
    const final = start + words.length;
    let total = 0;
    let inName = 0;
    for (let k = 0; k < words.length; k++) {
      const word = words[k] as MatchWord;
      total = 0;
      for (const s of segments)
        total += pass(slicesOf(s.doc, word, s.masked), s.docStamps, start + k + 1, k === 0, null, 0)[0];
      if (total === 0) return { ids: [], total: 0 };
    }
    for (let k = 0; k < words.length; k++) {
      const word = words[k] as MatchWord;
      const last = k === words.length - 1;
      let moved = 0;
      for (const s of segments) {
        const slices = slicesOf(s.name, word, s.masked);
        const [m, alsoInDoc] = pass(
          slices,
          s.nameStamps,
          start + k + 1,
          k === 0,
          last ? s.docStamps : null,
          final,
        );
        moved += m;
        if (last) inName += alsoInDoc;
      }
      if (moved === 0) break;
    }

    // Walk the ranking once per tier (every word in the name first), the overlay merged into the base.
    const ids: number[] = [];
    const cap = Math.min(limit, total);
    for (const nameTier of [true, false]) {
      let wanted = Math.min(nameTier ? inName : total - inName, cap - ids.length);
      let i = 0;
      let j = 0;
      while (wanted > 0 && (i < base.ids.length || j < overlay.ids.length)) {
        const fromBase: boolean =
          j >= overlay.ids.length || (i < base.ids.length && before(base, i, overlay, j));
        const s = fromBase ? base : overlay;
        const rank = fromBase ? i++ : j++;
        if (s.docStamps[rank] !== final || (s.nameStamps[rank] === final) !== nameTier) continue;
        ids.push(s.ids[rank] as number);
        wanted--;
      }
    }
    return { ids, total };
  }

  /** Active categories of the locale whose names match every word, in suggestion order. */
  matchCategories(locale: Locale, words: MatchWord[], limit: number): CategorySuggestion[] {
    if (words.length === 0) return [];
    const found: CategorySuggestion[] = [];
    for (const category of this.base[locale]?.categories ?? []) {
      if (found.length >= limit) break;
      if (categoryMatches(category, words))
        found.push({ id: category.id, name: category.name, slug: category.slug });
    }
    return found;
  }
}

const indexes = new WeakMap<Database, SearchIndex>();

/** The search index of a database handle (one per process and database). */
export function searchIndex(on: Database): SearchIndex {
  let index = indexes.get(on);
  if (!index) {
    index = new SearchIndex(on);
    indexes.set(on, index);
  }
  return index;
}
