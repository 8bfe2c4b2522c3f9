import { sql } from "drizzle-orm";
import { type Database, db, selectRows } from "../../platform/db/db.server";
import { type Locale, locales } from "../../platform/i18n/locales";
import { logger } from "../../platform/logging/logger.server";
import { ChangeFeed } from "../catalog/catalog.server";
import {
  didYouMean,
  isTyped,
  MAX_MATCHES,
  needsNearWords,
  type PlannedWord,
  planSearch,
  type SearchPlan,
  SUGGESTED_CATEGORIES,
  searchWords,
  termWords,
  type WordAnalysis,
} from "./query-text";
import type { CategorySuggestion, SearchEngine, SearchOutcome } from "./search.server";
import { searchConfigs } from "./tables.server";

/**
 * The search index: per process and locale, an inverted index of PostgreSQL's search documents, so a
 * search is matched and ranked in memory instead of by a GIN scan that visits every matching row
 * (docs/decisions/0022-search-index-in-memory.md). PostgreSQL still stems, builds the documents, holds
 * the vocabulary (typo candidates) and the thesaurus; this module only reads them. It follows the
 * database through the `catalog_changes` feed, like the listing index.
 */

/** A word as the index matches it: any of its terms; a term is all of its stems (a multi-word synonym). */
export interface MatchWord {
  terms: { lexemes: string[]; prefix: boolean }[];
}

/**
 * Posting lists in compressed-row form: lexeme i's entries, ascending, are ranks[start[i] … start[i+1]).
 * An entry is a product's rank in its segment's ranking order, not its id: the ranking is then a walk
 * in rank order over per-rank stamps, read in sequence rather than scattered.
 */
interface Postings {
  lexemes: string[];
  start: Int32Array;
  ranks: Int32Array;
}

interface IndexedCategory extends CategorySuggestion {
  /** The stems of its name in its locale, sorted. */
  lexemes: string[];
}

/** Documents of one locale ranked by (position, id): the whole load (base), or the products changed since. */
interface Segment {
  doc: Postings;
  name: Postings;
  /** By rank: the product id and its position. */
  ids: Int32Array;
  position: Int32Array;
  /** By rank: 1 when the overlay replaces this product (base only). */
  masked: Uint8Array | null;
  /** Per-query marks without clearing (see `pass`), by rank: for the documents, and for the names. */
  docStamps: Uint32Array;
  nameStamps: Uint32Array;
}

interface LocaleBase extends Segment {
  /** By product id: its rank, or -1 without a document in this locale. */
  rankOf: Int32Array;
  /** By rank: a hash of the product's documents, to tell a real change from a stock or price change. */
  hash: BigInt64Array;
  /** Active categories in suggestion order: top level first, then shorter names, then id. */
  categories: IndexedCategory[];
}

interface ChangedDocument {
  position: number;
  doc: string[];
  name: string[];
}

const SYNC_INTERVAL_MS = 1000;
/** Feed rows read per sync; more than this and a full reload is cheaper. */
const MAX_FEED_ROWS = 5000;
/** Changed products kept in the overlay before a full reload folds them into the base. */
const FULL_RELOAD_AFTER = 2000;
const NEAR_CACHE_MS = 60_000;
const CACHE_ENTRIES = 20_000;

/** What identifies a document's content, computed the same way at load and on re-read. */
const documentHash = sql.raw(`hashtextextended(document::text || '/' || name_document::text, 0)`);

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Big-endian int4s (PostgreSQL's `int4send`) to an Int32Array. */
function int32s(bytes: Uint8Array | null): Int32Array {
  if (!bytes) return new Int32Array(0);
  const out = new Int32Array(bytes.length >>> 2);
  for (let i = 0, b = 0; i < out.length; i++, b += 4)
    out[i] =
      ((bytes[b] as number) << 24) |
      ((bytes[b + 1] as number) << 16) |
      ((bytes[b + 2] as number) << 8) |
      (bytes[b + 3] as number);
  return out;
}

/** Posting lists from rows of (lexeme, int4send product ids in ranking order), mapped to ranks. */
function postingsFrom(rows: { lexeme: string; ids: Uint8Array }[], rankOf: Int32Array): Postings {
  rows.sort((a, b) => byString(a.lexeme, b.lexeme));
  const lists = rows.map((r) => {
    const ids = int32s(r.ids);
    // A product written between the queries of a load has no rank yet: the change feed brings it.
    let ranks = ids.map((id) => (id < rankOf.length ? (rankOf[id] as number) : -1));
    if (ranks.includes(-1)) ranks = ranks.filter((rank) => rank >= 0);
    // Aggregated in ranking order by the query; sorted here only if a position moved meanwhile.
    for (let k = 1; k < ranks.length; k++)
      if ((ranks[k - 1] as number) > (ranks[k] as number)) {
        ranks.sort();
        break;
      }
    return ranks;
  });
  const start = new Int32Array(rows.length + 1);
  for (let i = 0; i < lists.length; i++)
    start[i + 1] = (start[i] as number) + (lists[i] as Int32Array).length;
  const ranks = new Int32Array(start[rows.length] as number);
  lists.forEach((list, i) => {
    ranks.set(list, start[i] as number);
  });
  return { lexemes: rows.map((r) => r.lexeme), start, ranks };
}

/** Posting lists of a few documents (the overlay), given in rank order. */
function postingsOf(documents: string[][]): Postings {
  const lists = new Map<string, number[]>();
  documents.forEach((lexemes, rank) => {
    for (const lexeme of lexemes) {
      const list = lists.get(lexeme);
      if (list) list.push(rank);
      else lists.set(lexeme, [rank]);
    }
  });
  const lexemes = [...lists.keys()].sort(byString);
  const start = new Int32Array(lexemes.length + 1);
  lexemes.forEach((l, i) => {
    start[i + 1] = (start[i] as number) + (lists.get(l) as number[]).length;
  });
  const ranks = new Int32Array(start[lexemes.length] as number);
  lexemes.forEach((l, i) => {
    ranks.set(lists.get(l) as number[], start[i] as number);
  });
  return { lexemes, start, ranks };
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The lexemes equal to `lexeme`, or starting with it: [from, to) in the sorted lexemes. */
function lexemeRange(sorted: readonly string[], lexeme: string, prefix: boolean): [number, number] {
  const from = lowerBound(sorted, lexeme);
  let to = from;
  if (prefix) while (to < sorted.length && (sorted[to] as string).startsWith(lexeme)) to++;
  else if (sorted[from] === lexeme) to = from + 1;
  return [from, to];
}

/** Ranks in every one of these lexemes' posting lists (exact lexemes), skipping masked ranks. */
function intersection(postings: Postings, lexemes: string[], masked: Uint8Array | null): Int32Array {
  let result: Int32Array | null = null;
  for (const lexeme of lexemes) {
    const [from, to] = lexemeRange(postings.lexemes, lexeme, false);
    if (from === to) return new Int32Array(0);
    const list = postings.ranks.subarray(postings.start[from] as number, postings.start[to] as number);
    if (!result) {
      result = masked ? list.filter((rank) => masked[rank] !== 1) : list;
      continue;
    }
    const both: number[] = [];
    for (let i = 0, j = 0; i < result.length && j < list.length; ) {
      const a = result[i] as number;
      const b = list[j] as number;
      if (a === b) {
        both.push(a);
        i++;
        j++;
      } else if (a < b) i++;
      else j++;
    }
    result = Int32Array.from(both);
  }
  return result ?? new Int32Array(0);
}

/** A stretch of a posting array one word's pass reads; `masked` skips ranks the overlay replaces. */
interface Slice {
  ranks: Int32Array;
  from: number;
  to: number;
  masked: Uint8Array | null;
}

/** The postings a word reaches in a segment: any of its terms. */
function slicesOf(postings: Postings, word: MatchWord, masked: Uint8Array | null): Slice[] {
  const slices: Slice[] = [];
  for (const term of word.terms) {
    if (term.lexemes.length === 1) {
      const [from, to] = lexemeRange(postings.lexemes, term.lexemes[0] as string, term.prefix);
      if (from < to)
        slices.push({
          ranks: postings.ranks,
          from: postings.start[from] as number,
          to: postings.start[to] as number,
          masked,
        });
    } else {
      const ranks = intersection(postings, term.lexemes, masked);
      if (ranks.length > 0) slices.push({ ranks, from: 0, to: ranks.length, masked: null });
    }
  }
  return slices;
}

/**
 * One word's pass over the stamps: a rank that passed every earlier word (stamp `target - 1`, or any for
 * the first word) and is in one of the slices moves on to `target`. Returns how many moved on and, of
 * those, how many carry `also[rank] === alsoValue` (when `also` is given).
 */
function pass(
  slices: Slice[],
  stamps: Uint32Array,
  target: number,
  first: boolean,
  also: Uint32Array | null,
  alsoValue: number,
): [moved: number, alsoMoved: number] {
  const need = target - 1;
  let moved = 0;
  let alsoMoved = 0;
  for (const { ranks, from, to, masked } of slices) {
    for (let i = from; i < to; i++) {
      const rank = ranks[i] as number;
      if (masked !== null && masked[rank] === 1) continue;
      const stamp = stamps[rank] as number;
      if (first ? stamp === target : stamp !== need) continue;
      stamps[rank] = target;
      moved++;
      if (also !== null && also[rank] === alsoValue) alsoMoved++;
    }
  }
  return [moved, alsoMoved];
}

function has(segment: Segment, lexeme: string, prefix: boolean): boolean {
  const { doc, masked } = segment;
  const [from, to] = lexemeRange(doc.lexemes, lexeme, prefix);
  for (let i = doc.start[from] as number; i < (doc.start[to] as number); i++)
    if (masked === null || masked[doc.ranks[i] as number] !== 1) return true;
  return false;
}

/** A segment with no documents (the overlay before anything changed). */
function emptySegment(): Segment {
  const none: Postings = { lexemes: [], start: new Int32Array(1), ranks: new Int32Array(0) };
  return {
    doc: none,
    name: none,
    ids: new Int32Array(0),
    position: new Int32Array(0),
    masked: null,
    docStamps: new Uint32Array(0),
    nameStamps: new Uint32Array(0),
  };
}

/** Whether rank i of the base comes before rank j of the overlay: by (position, id). */
function before(base: Segment, i: number, overlay: Segment, j: number): boolean {
  const p = base.position[i] as number;
  const q = overlay.position[j] as number;
  return p < q || (p === q && (base.ids[i] as number) < (overlay.ids[j] as number));
}

function categoryMatches(category: IndexedCategory, words: MatchWord[]): boolean {
  return words.every((word) =>
    word.terms.some((term) =>
      term.lexemes.every((lexeme) => {
        const [from, to] = lexemeRange(category.lexemes, lexeme, term.prefix);
        return from < to;
      }),
    ),
  );
}

const byteSize = (p: Postings) => p.start.byteLength + p.ranks.byteLength;

export class SearchIndex {
  private base: Partial<Record<Locale, LocaleBase>> = {};
  private overlay: Partial<Record<Locale, Segment>> = {};
  private readonly changed = new Map<number, Partial<Record<Locale, ChangedDocument>>>();
  /** The last stamp a query used, over all segments (see `pass`). */
  private stamp = 0;
  private thesaurus = new Map<string, string[]>();
  private readonly stems = new Map<string, string | null>();
  private readonly near = new Map<string, { until: number; words: string[] }>();

  private readonly feed: ChangeFeed;
  private lastSync = 0;
  private forced = false;
  private syncing: Promise<void> | undefined;
  private reloading: Promise<unknown> | undefined;
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: { fullReloadAfter?: number } = {},
  ) {
    this.feed = new ChangeFeed(db);
  }

  /**
   * Loads the index on first use and applies the change feed at most once a second; `fresh` (or a
   * `forget()` before) applies every change committed so far, waiting for a full reload if one is due.
   */
  async ready(options: { fresh?: boolean } = {}): Promise<void> {
    this.loaded ??= this.load().catch((error) => {
      this.loaded = undefined;
      throw error;
    });
    await this.loaded;
    const fresh = options.fresh || this.forced;
    if (fresh || Date.now() - this.lastSync >= SYNC_INTERVAL_MS) {
      this.forced = false;
      await this.sync(fresh);
    }
  }

  /** The next `ready()` reads every change first; typo candidates are read again. */
  forget(): void {
    this.forced = true;
    this.near.clear();
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
    const mark = await this.feed.now();
    const categories = await this.loadCategories();
    const base: Partial<Record<Locale, LocaleBase>> = {};
    // One locale at a time: the database does the heavy part, and the other cores keep serving.
    for (const locale of locales) base[locale] = await this.loadLocale(locale, categories.get(locale) ?? []);
    await this.loadThesaurus();
    this.base = base;
    this.overlay = {};
    this.changed.clear();
    this.feed.advance(mark);
    this.lastSync = Date.now();
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

  /** Applies what changed since the last look, one sync at a time. */
  private async sync(fresh: boolean): Promise<void> {
    while (this.syncing) {
      await this.syncing.catch(() => {});
      // A fresh sync must start after the caller's writes: the one that was running may have started before.
      if (!fresh) return;
    }
    this.syncing = this.readFeed(fresh).finally(() => {
      this.syncing = undefined;
    });
    await this.syncing;
  }

  private async waitFor(reload: Promise<unknown>): Promise<void> {
    const error = await reload;
    if (error) throw error;
  }

  private async readFeed(fresh: boolean): Promise<void> {
    for (;;) {
      const [batch] = await Promise.all([
        this.feed.read(MAX_FEED_ROWS),
        // The thesaurus is small and has no feed: read on every sync.
        this.loadThesaurus(),
      ]);
      this.lastSync = Date.now();
      // While a full reload is built, the old index serves as it is.
      if (this.reloading) {
        if (!fresh) return;
        await this.waitFor(this.reloading);
        continue;
      }
      // Category names are in many documents, and categories are few and rarely change: reload.
      if (batch.read.length > MAX_FEED_ROWS || batch.categories) {
        const reload = this.reload();
        if (!fresh) return;
        await this.waitFor(reload);
        continue;
      }
      if (batch.productIds.length > 0) await this.apply(batch.productIds);
      this.feed.advance(batch);
      if (this.changed.size > (this.options.fullReloadAfter ?? FULL_RELOAD_AFTER)) {
        const reload = this.reload();
        if (fresh) await this.waitFor(reload);
      }
      return;
    }
  }

  /**
   * A full reload in the background; the current index serves until it is swapped in. Never rejects (a
   * background failure is logged and retried on a later sync); resolves to the error for a caller that waits.
   */
  private reload(): Promise<unknown> {
    this.reloading ??= this.load().then(
      () => {
        this.reloading = undefined;
      },
      (error: unknown) => {
        this.reloading = undefined;
        logger.error({ err: error }, "search index reload failed; the previous index keeps serving");
        return error;
      },
    );
    return this.reloading;
  }

  /** Re-reads changed products; those whose documents and position are what the base holds leave the overlay. */
  private async apply(productIds: number[]): Promise<void> {
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

  /** Stems in a locale, read from PostgreSQL once per word (stemming never changes). */
  private async stemsOf(locale: Locale, words: Iterable<string>): Promise<Map<string, string | null>> {
    const wanted = [...new Set(words)];
    const missing = wanted.filter((w) => !this.stems.has(`${locale}:${w}`));
    if (missing.length > 0) {
      const rows = await selectRows<{ word: string; lexeme: string | null }>(
        this.db,
        sql`
          select w.word, (tsvector_to_array(to_tsvector(${sql.raw(`'pg_catalog.${searchConfigs[locale]}'::regconfig`)}, w.word)))[1] as lexeme
          from unnest(${`{${missing.join(",")}}`}::text[]) as w(word)`,
      );
      if (this.stems.size + rows.length > CACHE_ENTRIES) this.stems.clear();
      for (const row of rows) this.stems.set(`${locale}:${row.word}`, row.lexeme);
    }
    return new Map(wanted.map((w) => [w, this.stems.get(`${locale}:${w}`) ?? null]));
  }

  /**
   * The 8 vocabulary words nearest to each word (trigram KNN), with their stems: only for words that
   * match nothing, cached a minute.
   */
  private async nearWords(locale: Locale, words: string[]): Promise<Map<string, string[]>> {
    const now = Date.now();
    const result = new Map<string, string[]>();
    const missing: string[] = [];
    for (const word of words) {
      const hit = this.near.get(`${locale}:${word}`);
      if (hit && hit.until > now) result.set(word, hit.words);
      else missing.push(word);
    }
    if (missing.length === 0) return result;
    const rows = await selectRows<{ word: string; near: string[] }>(
      this.db,
      sql`
        select w.word, array(
          select v.word || ' ' || v.lexeme from search_words v where v.locale = ${locale}
          order by v.word <-> w.word limit 8) as near
        from unnest(${`{${missing.join(",")}}`}::text[]) as w(word)`,
    );
    if (this.near.size + rows.length > CACHE_ENTRIES) this.near.clear();
    for (const row of rows) {
      const near = row.near.map((entry) => {
        const [word, lexeme] = entry.split(" ") as [string, string];
        this.stems.set(`${locale}:${word}`, lexeme);
        return word;
      });
      this.near.set(`${locale}:${row.word}`, { until: now + NEAR_CACHE_MS, words: near });
      result.set(row.word, near);
    }
    return result;
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
    const stems = await this.stemsOf(locale, [
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
      const near = await this.nearWords(
        locale,
        unknown.map((a) => a.word),
      );
      for (const a of unknown) a.near = near.get(a.word) ?? [];
    }
    const plan = planSearch(analysis);
    const termStems = await this.stemsOf(
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

/** A planned word with its terms' stems; stop words drop out, and a word with no term left drops out. */
function matchWord(word: PlannedWord, stems: Map<string, string | null>): MatchWord[] {
  const terms = [...new Set(word.terms)].flatMap((term, i) => {
    const words = termWords(term);
    const lexemes = [...new Set(words.flatMap((w) => stems.get(w) ?? []))];
    return lexemes.length === 0 ? [] : [{ lexemes, prefix: word.prefix && i === 0 && words.length === 1 }];
  });
  return terms.length === 0 ? [] : [{ terms }];
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

/** The default engine: matching and ranking in memory (`SearchIndex`), planning mostly from memory. */
export function memorySearchEngine(index: () => SearchIndex = () => searchIndex(db())): SearchEngine {
  const none: SearchOutcome = { ids: [], corrections: [], capped: false, didYouMean: null };

  async function prepare(locale: Locale, q: string) {
    const words = searchWords(q);
    if (words.length === 0) return null;
    const on = index();
    await on.ready();
    return { index: on, ...(await on.plan(locale, words)) };
  }

  function outcome(
    locale: Locale,
    prepared: NonNullable<Awaited<ReturnType<typeof prepare>>>,
    limit: number,
  ): SearchOutcome {
    const { index, plan, match } = prepared;
    if (plan.words.length === 0) return { ...none, corrections: plan.corrections };
    const { ids, total } = index.match(locale, match, Math.min(limit, MAX_MATCHES));
    return {
      ids,
      corrections: plan.corrections,
      capped: total > Math.min(limit, MAX_MATCHES),
      didYouMean: ids.length === 0 ? didYouMean(plan) : null,
    };
  }

  return {
    async searchProducts(locale, q, options = {}) {
      const prepared = await prepare(locale, q);
      return prepared ? outcome(locale, prepared, options.limit ?? MAX_MATCHES) : none;
    },
    async searchCategories(locale, q, limit = SUGGESTED_CATEGORIES) {
      const prepared = await prepare(locale, q);
      return prepared ? prepared.index.matchCategories(locale, prepared.match, limit) : [];
    },
    async search(locale, q, options = {}) {
      const prepared = await prepare(locale, q);
      if (!prepared) return { outcome: none, categories: [] };
      return {
        outcome: outcome(locale, prepared, options.limit ?? MAX_MATCHES),
        categories: prepared.index.matchCategories(
          locale,
          prepared.match,
          options.categories ?? SUGGESTED_CATEGORIES,
        ),
      };
    },
  };
}
