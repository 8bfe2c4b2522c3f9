import type { PlannedWord } from "./query-text";
import { termWords } from "./query-text";
import type { CategorySuggestion } from "./search.server";

/**
 * The search index's data in memory (docs/decisions/0022-search-index-in-memory.md): posting lists in
 * compressed-row form per segment (the whole load, and the products changed since), and the passes that
 * match a query's words over them. No database here: `search-index.server.ts` loads and follows.
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
export interface Postings {
  lexemes: string[];
  start: Int32Array;
  ranks: Int32Array;
}

export interface IndexedCategory extends CategorySuggestion {
  /** The stems of its name in its locale, sorted. */
  lexemes: string[];
}

/** Documents of one locale ranked by (position, id): the whole load (base), or the products changed since. */
export interface Segment {
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

export interface LocaleBase extends Segment {
  /** By product id: its rank, or -1 without a document in this locale. */
  rankOf: Int32Array;
  /** By rank: a hash of the product's documents, to tell a real change from a stock or price change. */
  hash: BigInt64Array;
  /** Active categories in suggestion order: top level first, then shorter names, then id. */
  categories: IndexedCategory[];
}

export interface ChangedDocument {
  position: number;
  doc: string[];
  name: string[];
}

export const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Big-endian int4s (PostgreSQL's `int4send`) to an Int32Array. */
export function int32s(bytes: Uint8Array | null): Int32Array {
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
export function postingsFrom(rows: { lexeme: string; ids: Uint8Array }[], rankOf: Int32Array): Postings {
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
export function postingsOf(documents: string[][]): Postings {
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

export function lowerBound(sorted: readonly string[], key: string): number {
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
export function lexemeRange(sorted: readonly string[], lexeme: string, prefix: boolean): [number, number] {
  const from = lowerBound(sorted, lexeme);
  let to = from;
  if (prefix) while (to < sorted.length && (sorted[to] as string).startsWith(lexeme)) to++;
  else if (sorted[from] === lexeme) to = from + 1;
  return [from, to];
}

/** Ranks in every one of these lexemes' posting lists (exact lexemes), skipping masked ranks. */
export function intersection(postings: Postings, lexemes: string[], masked: Uint8Array | null): Int32Array {
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
export interface Slice {
  ranks: Int32Array;
  from: number;
  to: number;
  masked: Uint8Array | null;
}

/** The postings a word reaches in a segment: any of its terms. */
export function slicesOf(postings: Postings, word: MatchWord, masked: Uint8Array | null): Slice[] {
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
export function pass(
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

export function has(segment: Segment, lexeme: string, prefix: boolean): boolean {
  const { doc, masked } = segment;
  const [from, to] = lexemeRange(doc.lexemes, lexeme, prefix);
  for (let i = doc.start[from] as number; i < (doc.start[to] as number); i++)
    if (masked === null || masked[doc.ranks[i] as number] !== 1) return true;
  return false;
}

/** A segment with no documents (the overlay before anything changed). */
export function emptySegment(): Segment {
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
export function before(base: Segment, i: number, overlay: Segment, j: number): boolean {
  const p = base.position[i] as number;
  const q = overlay.position[j] as number;
  return p < q || (p === q && (base.ids[i] as number) < (overlay.ids[j] as number));
}

export function categoryMatches(category: IndexedCategory, words: MatchWord[]): boolean {
  return words.every((word) =>
    word.terms.some((term) =>
      term.lexemes.every((lexeme) => {
        const [from, to] = lexemeRange(category.lexemes, lexeme, term.prefix);
        return from < to;
      }),
    ),
  );
}

export const byteSize = (p: Postings) => p.start.byteLength + p.ranks.byteLength;

/** A planned word with its terms' stems; stop words drop out, and a word with no term left drops out. */
export function matchWord(word: PlannedWord, stems: Map<string, string | null>): MatchWord[] {
  const terms = [...new Set(word.terms)].flatMap((term, i) => {
    const words = termWords(term);
    const lexemes = [...new Set(words.flatMap((w) => stems.get(w) ?? []))];
    return lexemes.length === 0 ? [] : [{ lexemes, prefix: word.prefix && i === 0 && words.length === 1 }];
  });
  return terms.length === 0 ? [] : [{ terms }];
}
