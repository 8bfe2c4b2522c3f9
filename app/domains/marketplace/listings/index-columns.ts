// The marketplace listing index's data in memory (docs/decisions/0052-marketplace-search-in-memory.md): one
// slot per listing version in typed columns, posting lists of terms by slot, and a presorted order per sort.
// No database here: `listing-index.server.ts` loads and follows the change feed; this file answers queries.
import type { ListingSort } from "../attributes";
import type { FacetName } from "./query";

/** A listing as the index keeps it: what filters, facets, sorts and the word search need. */
export interface IndexedListingRow {
  id: number;
  priceCents: number;
  /** Publication time in ms. */
  published: number;
  wishlistCount: number;
  facets: Record<FacetName, string>;
  /** Its terms: stems of its text in its own language, its brand and size words, attribute names' stems. */
  terms: string[];
  /** The words a typo may be corrected to (folded, unstemmed). */
  words: string[];
}

/** A query as the columns match it: every word must match one of its term ranges. */
export interface ColumnQuery {
  /** Per word: the terms it matches exactly, and the prefixes it matches (the last word while typing). */
  words: { terms: string[]; prefixes: string[] }[];
  facets: Record<FacetName, string[]>;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  sort: ListingSort;
  offset: number;
  limit: number;
}

export interface ColumnResult {
  ids: number[];
  total: number;
  facets: Record<FacetName, { value: string; count: number }[]>;
}

const FACETS: readonly FacetName[] = ["category", "size", "brand", "colour", "condition"];
const FACET_LIMIT: Record<FacetName, number> = {
  category: 50,
  size: 50,
  brand: 30,
  colour: 50,
  condition: 50,
};
/** Up to this many matches are sorted by themselves; more are read off the sort's presorted order. */
const FEW_HITS = 4000;
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A growable typed column. */
class Column<T extends Int32Array | Float64Array | Uint8Array> {
  constructor(
    public data: T,
    private readonly make: (size: number) => T,
  ) {}
  ensure(size: number): void {
    if (size <= this.data.length) return;
    const next = this.make(Math.max(size, this.data.length * 2, 1024));
    next.set(this.data as never);
    this.data = next;
  }
}

const ints = () => new Column(new Int32Array(0), (n) => new Int32Array(n));

/**
 * Slots are appended: a changed listing gets a new slot and its old one dies (its postings are skipped),
 * so posting lists stay sorted by slot without removals; a full load rebuilds them when dead slots pile up.
 */
export class IndexColumns {
  /** `fewHits`: up to how many matches are sorted by themselves (tests set 0 to read the presorted orders). */
  constructor(private readonly fewHits = FEW_HITS) {}

  private size = 0;
  private live = 0;
  private readonly id = ints();
  private readonly price = ints();
  private readonly wishlist = ints();
  private readonly published = new Column(new Float64Array(0), (n) => new Float64Array(n));
  private readonly alive = new Column(new Uint8Array(0), (n) => new Uint8Array(n));
  private readonly facet = Object.fromEntries(FACETS.map((f) => [f, ints()])) as Record<
    FacetName,
    Column<Int32Array>
  >;
  /** Per facet: value by code, and code by value. */
  private readonly values = Object.fromEntries(FACETS.map((f) => [f, [] as string[]])) as Record<
    FacetName,
    string[]
  >;
  private readonly codes = Object.fromEntries(FACETS.map((f) => [f, new Map<string, number>()])) as Record<
    FacetName,
    Map<string, number>
  >;
  private readonly postings = new Map<string, number[]>();
  private sortedTerms: string[] | null = null;
  /** Typo candidates: the words of every listing taken in since the last full load, by length. */
  private readonly words = new Set<string>();
  private wordsByLength: string[][] | null = null;
  private readonly slotOf = new Map<number, number>();
  private orders: Record<ListingSort, number[]> | null = null;

  get count(): number {
    return this.live;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** The whole index anew (a full load). */
  reset(rows: IndexedListingRow[]): void {
    this.size = 0;
    this.live = 0;
    this.slotOf.clear();
    this.postings.clear();
    this.words.clear();
    for (const f of FACETS) {
      this.values[f].length = 0;
      this.codes[f].clear();
    }
    for (const row of rows) this.append(row);
    this.sortedTerms = null;
    this.wordsByLength = null;
    this.orders = null;
  }

  /**
   * A listing changed (row) or left the results (null). Answers true when dead slots have piled up and a
   * full load should follow (it rebuilds the postings without them).
   */
  put(id: number, row: IndexedListingRow | null): boolean {
    this.drop(id);
    if (row) {
      const slot = this.append(row);
      if (this.orders)
        for (const sort of Object.keys(this.orders) as ListingSort[]) this.insertOrdered(sort, slot);
    }
    return this.size - this.live > Math.max(10_000, this.live / 4);
  }

  private drop(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive.data[slot] = 0;
    this.slotOf.delete(id);
    this.live--;
  }

  private append(row: IndexedListingRow): number {
    const slot = this.size++;
    for (const column of [this.id, this.price, this.wishlist, this.published, this.alive])
      column.ensure(this.size);
    this.id.data[slot] = row.id;
    this.price.data[slot] = row.priceCents;
    this.wishlist.data[slot] = row.wishlistCount;
    this.published.data[slot] = row.published;
    this.alive.data[slot] = 1;
    for (const f of FACETS) {
      const value = row.facets[f];
      let code = this.codes[f].get(value);
      if (code === undefined) {
        code = this.values[f].push(value) - 1;
        this.codes[f].set(value, code);
      }
      this.facet[f].ensure(this.size);
      this.facet[f].data[slot] = code;
    }
    for (const term of new Set(row.terms)) {
      const list = this.postings.get(term);
      if (list) list.push(slot);
      else {
        this.postings.set(term, [slot]);
        this.sortedTerms = null;
      }
    }
    for (const word of row.words)
      if (!this.words.has(word)) {
        this.words.add(word);
        this.wordsByLength = null;
      }
    this.slotOf.set(row.id, slot);
    this.live++;
    return slot;
  }

  private compare(sort: ListingSort): (a: number, b: number) => number {
    const id = this.id.data;
    const tie = (a: number, b: number) => (id[b] as number) - (id[a] as number);
    const by = (column: Int32Array | Float64Array, direction: 1 | -1) => (a: number, b: number) =>
      direction * ((column[a] as number) - (column[b] as number)) || tie(a, b);
    switch (sort) {
      case "newest":
        return by(this.published.data, -1);
      case "price-asc":
        return by(this.price.data, 1);
      case "price-desc":
        return by(this.price.data, -1);
      case "favourites":
        return by(this.wishlist.data, -1);
    }
  }

  private order(sort: ListingSort): number[] {
    if (!this.orders) {
      const slots: number[] = [];
      for (let s = 0; s < this.size; s++) if (this.alive.data[s] === 1) slots.push(s);
      this.orders = {
        newest: [...slots].sort(this.compare("newest")),
        "price-asc": [...slots].sort(this.compare("price-asc")),
        "price-desc": [...slots].sort(this.compare("price-desc")),
        favourites: [...slots].sort(this.compare("favourites")),
      };
    }
    return this.orders[sort];
  }

  private insertOrdered(sort: ListingSort, slot: number): void {
    const list = (this.orders as Record<ListingSort, number[]>)[sort];
    const compare = this.compare(sort);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(list[mid] as number, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, slot);
    // Dead slots are skipped by readers; when many pile up the order is rebuilt.
    if (list.length > this.live * 1.25 + 1000) this.orders = null;
  }

  /** Whether any live listing has this term (exactly, or as a prefix when `prefix`). */
  hasTerm(term: string, prefix = false): boolean {
    if (!prefix) return this.postings.get(term)?.some((s) => this.alive.data[s] === 1) ?? false;
    const terms = this.terms();
    for (let i = lowerBound(terms, term); i < terms.length && (terms[i] as string).startsWith(term); i++)
      if (this.hasTerm(terms[i] as string)) return true;
    return false;
  }

  /** Listing words with a length in [min, max]: candidates for a typo's correction. */
  wordsOfLength(min: number, max: number): string[] {
    if (!this.wordsByLength) {
      const byLength: string[][] = [];
      for (const word of this.words) {
        const list = byLength[word.length];
        if (list) list.push(word);
        else byLength[word.length] = [word];
      }
      this.wordsByLength = byLength;
    }
    const out: string[] = [];
    for (let n = Math.max(1, min); n <= max && n < this.wordsByLength.length; n++)
      out.push(...(this.wordsByLength[n] ?? []));
    return out;
  }

  private terms(): string[] {
    this.sortedTerms ??= [...this.postings.keys()].sort(byString);
    return this.sortedTerms;
  }

  /** The listings of one query: a page of ids in the sort's order, the total and the disjunctive facet counts. */
  query(q: ColumnQuery): ColumnResult {
    const size = this.size;
    const alive = this.alive.data;
    // Word matching: a slot that matched words 0…k-1 has marks k; one more word and it has k + 1.
    let marks: Uint8Array | null = null;
    /** With words, the slots that matched them all (the pass reads only those); without, every slot. */
    let candidates: number[] | null = null;
    if (q.words.length > 0) {
      marks = new Uint8Array(size);
      candidates = [];
      const all = this.terms();
      q.words.forEach((word, k) => {
        const lists: number[][] = [];
        for (const term of word.terms) {
          const list = this.postings.get(term);
          if (list) lists.push(list);
        }
        for (const prefix of word.prefixes)
          for (let i = lowerBound(all, prefix); i < all.length && (all[i] as string).startsWith(prefix); i++)
            lists.push(this.postings.get(all[i] as string) as number[]);
        const last = k === q.words.length - 1;
        for (const list of lists)
          for (const slot of list)
            if (marks![slot] === k) {
              marks![slot] = k + 1;
              if (last) (candidates as number[]).push(slot);
            }
      });
    }
    const filters = FACETS.map((f) => {
      const codes = q.facets[f].flatMap((v) => this.codes[f].get(v) ?? []);
      if (q.facets[f].length === 0) return null;
      const chosen = new Uint8Array(this.values[f].length);
      for (const c of codes) chosen[c] = 1;
      return chosen;
    });
    const columns = FACETS.map((f) => this.facet[f].data);
    const counts = FACETS.map((f) => new Int32Array(this.values[f].length));
    const hit = new Uint8Array(size);
    const hits: number[] = [];
    const price = this.price.data;
    const min = q.minPriceCents ?? Number.NEGATIVE_INFINITY;
    const max = q.maxPriceCents ?? Number.POSITIVE_INFINITY;
    let total = 0;
    const passes = candidates ? candidates.length : size;
    for (let i = 0; i < passes; i++) {
      const s = candidates ? (candidates[i] as number) : i;
      if (alive[s] !== 1) continue;
      const p = price[s] as number;
      if (p < min || p > max) continue;
      // Which facet filters it fails: none (a result, counted in every facet) or one (counted in that one).
      let failed = -1;
      let fails = 0;
      for (let f = 0; f < 5; f++) {
        const chosen = filters[f];
        if (chosen && chosen[(columns[f] as Int32Array)[s] as number] !== 1) {
          fails++;
          failed = f;
          if (fails > 1) break;
        }
      }
      if (fails === 0) {
        hit[s] = 1;
        if (hits.length < this.fewHits) hits.push(s);
        total++;
        for (let f = 0; f < 5; f++) {
          const code = (columns[f] as Int32Array)[s] as number;
          const facetCounts = counts[f] as Int32Array;
          facetCounts[code] = (facetCounts[code] as number) + 1;
        }
      } else if (fails === 1) {
        const code = (columns[failed] as Int32Array)[s] as number;
        const facetCounts = counts[failed] as Int32Array;
        facetCounts[code] = (facetCounts[code] as number) + 1;
      }
    }
    const ids: number[] = [];
    if (total > q.offset && total <= this.fewHits) {
      // A few matches (most searches): sorted by themselves rather than found in the whole presorted order.
      hits.sort(this.compare(q.sort));
      for (const slot of hits.slice(q.offset, q.offset + q.limit)) ids.push(this.id.data[slot] as number);
    } else if (total > q.offset) {
      let skipped = 0;
      for (const slot of this.order(q.sort)) {
        if (hit[slot] !== 1 || alive[slot] !== 1) continue;
        if (skipped++ < q.offset) continue;
        ids.push(this.id.data[slot] as number);
        if (ids.length >= q.limit) break;
      }
    }
    const facets = Object.fromEntries(
      FACETS.map((f, i) => {
        const values = this.values[f];
        const list: { value: string; count: number }[] = [];
        (counts[i] as Int32Array).forEach((count, code) => {
          if (count > 0) list.push({ value: values[code] as string, count });
        });
        list.sort((a, b) => b.count - a.count || byString(a.value, b.value));
        return [f, list.slice(0, FACET_LIMIT[f])];
      }),
    ) as ColumnResult["facets"];
    return { ids, total, facets };
  }

  /** Bytes held by the typed columns and posting lists (an estimate: JS arrays count 8 bytes an entry). */
  bytes(): number {
    let postings = 0;
    for (const list of this.postings.values()) postings += list.length * 8;
    return this.size * (4 * 8 + 8 + 1) + postings;
  }
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
