/**
 * Pure parts of the search: normalising what a shopper typed, planning the words (known, synonyms, typo
 * corrections), and writing the PostgreSQL tsquery text. Client-safe and free of I/O, so the rules are
 * tested without a database, and both engines plan a search with the same code.
 */

/** Longest search text read; longer input is cut (the listing query allows 100 characters). */
export const MAX_QUERY_LENGTH = 100;
/** Words read from one search; more do not narrow a fashion search any further. */
export const MAX_WORDS = 8;
/** At most this many matches, best first, go to the listing: beyond it a search is too broad to browse. */
export const MAX_MATCHES = 10_000;
/**
 * A half-typed last word matches as a prefix from this many letters: with fewer a prefix matches a large
 * part of the catalogue (two letters: a quarter of 100 000 products) and says little.
 */
export const MIN_PREFIX = 3;
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_CATEGORIES = 5;

const FOLDED: Record<string, string> = { æ: "ae", œ: "oe", ß: "ss", ø: "o", ł: "l", đ: "d", ı: "i" };

/** Lower case without accents, as the documents are stored: "Écru Pull" → "ecru pull". */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[æœßøłđı]/g, (c) => FOLDED[c] ?? c);
}

/** The words of a search: folded, split on anything but letters and digits, at most MAX_WORDS. */
export function searchWords(q: string): string[] {
  return foldText(q.slice(0, MAX_QUERY_LENGTH))
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps: "jruk" is one edit from "jurk"). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** How many typos a word of this length may carry and still be corrected: none below 3 letters. */
export function allowedEdits(word: string): number {
  if (word.length < 3) return 0;
  if (word.length <= 5) return 1;
  return 2;
}

/**
 * The vocabulary words a mistyped word most likely meant: those at the smallest edit distance within the
 * allowance (ties all kept, at most three), from nearest-neighbour candidates of the trigram index.
 * `typing` also accepts a candidate whose beginning is that close, for a half-typed last word.
 */
export function chooseCorrections(word: string, candidates: readonly string[], typing = false): string[] {
  const limit = allowedEdits(word);
  if (limit === 0) return [];
  let best = Number.POSITIVE_INFINITY;
  let chosen: string[] = [];
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const whole = editDistance(word, candidate);
    const start =
      typing && candidate.length > word.length
        ? editDistance(word, candidate.slice(0, word.length))
        : Number.POSITIVE_INFINITY;
    if (Math.min(whole, start) > limit) continue;
    // Ranked by distance; a whole word beats one only its beginning is that close to.
    const distance = whole <= start ? whole * 2 : start * 2 + 1;
    if (distance < best) {
      best = distance;
      chosen = [candidate];
    } else if (distance === best && !chosen.includes(candidate)) chosen.push(candidate);
  }
  return chosen.slice(0, 3);
}

/** One word of a search as the query will use it. */
export interface PlannedWord {
  /** The words it matches (the typed word, or its corrections), then its synonyms. */
  terms: string[];
  /** Whether the first term is matched as a prefix (the last word, while typing). */
  prefix: boolean;
}

const quote = (word: string) => `'${word.replace(/[^a-z0-9]/g, "")}'`;

/** The words of a term: one, or several for a multi-word synonym ("korte broek"). */
export function termWords(text: string): string[] {
  return text.split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * A term for to_tsquery: a word, or all words of a multi-word synonym ("korte broek"). Those are ANDed, not
 * phrased: the documents are stripped of positions, and PostgreSQL's `<->` never matches a stripped vector.
 */
function term(text: string, prefix: boolean): string {
  const words = termWords(text);
  if (words.length === 0) return "";
  if (words.length === 1) return `${quote(words[0] as string)}${prefix ? ":*" : ""}`;
  return `(${words.map(quote).join(" & ")})`;
}

/**
 * The to_tsquery text of a search: every word must match (AND), each through any of its terms (OR).
 * Only [a-z0-9] reaches the text, quoted, so nothing a shopper types can change its syntax. Empty when
 * nothing is left to match.
 */
export function tsqueryText(words: readonly PlannedWord[]): string {
  return words
    .map((w) => {
      const terms = [...new Set(w.terms)].map((t, i) => term(t, w.prefix && i === 0)).filter(Boolean);
      return terms.length > 1 ? `(${terms.join(" | ")})` : (terms[0] ?? "");
    })
    .filter(Boolean)
    .join(" & ");
}

/** A search word correction: a word that matched nothing, and the vocabulary words searched instead. */
export interface Correction {
  from: string;
  to: string[];
}

/** What an engine found out about one word of a search before planning it. */
export interface WordAnalysis {
  word: string;
  /** Its stem in the locale; null for a stop word (matches nothing and is left out). */
  lexeme: string | null;
  /** Some document has it (the last word, while typing, as a prefix of its stem). */
  known: boolean;
  /** Its partners in the thesaurus. */
  synonyms: string[];
  /** Its nearest vocabulary words (trigram); only read for a word `needsNearWords`. */
  near: string[];
}

export interface SearchPlan {
  words: PlannedWord[];
  corrections: Correction[];
  analysis: WordAnalysis[];
}

/** Whether `i` is the word being typed: the last one, matched as a prefix from MIN_PREFIX letters. */
export function isTyped(words: readonly string[], i: number): boolean {
  return i === words.length - 1 && (words[i] as string).length >= MIN_PREFIX;
}

/** A word that matches nothing by itself or through the thesaurus: its nearest words may replace it. */
export function needsNearWords(a: Pick<WordAnalysis, "lexeme" | "known" | "synonyms">): boolean {
  return a.lexeme !== null && !a.known && a.synonyms.length === 0;
}

/**
 * The words a search matches, from its analysed words (in the order typed): stop words are left out, a
 * known word or one with synonyms matches itself and its synonyms, an unknown word is replaced by its
 * nearest vocabulary words within the typo allowance (reported as a correction) or matches as typed.
 */
export function planSearch(analysis: WordAnalysis[]): SearchPlan {
  const corrections: Correction[] = [];
  const words: PlannedWord[] = [];
  analysis.forEach((a, i) => {
    if (a.lexeme === null) return;
    const typing = i === analysis.length - 1;
    if (!needsNearWords(a)) {
      words.push({ terms: [a.word, ...a.synonyms], prefix: typing && a.word.length >= MIN_PREFIX });
      return;
    }
    const to = chooseCorrections(a.word, a.near, typing);
    if (to.length > 0) corrections.push({ from: a.word, to });
    words.push({
      terms: to.length > 0 ? to : [a.word],
      prefix: typing && to.length === 0 && a.word.length >= MIN_PREFIX,
    });
  });
  return { words, corrections, analysis };
}

/** For a search without results: every unknown word replaced by its nearest word (up to 3 edits). */
export function didYouMean(plan: SearchPlan): string | null {
  if (plan.corrections.length > 0) return null;
  let changed = false;
  const words = plan.analysis.map((a) => {
    if (!needsNearWords(a)) return a.word;
    const nearest = a.near.find((n) => editDistance(a.word, n) <= 3);
    if (!nearest) return a.word;
    changed = true;
    return nearest;
  });
  return changed ? words.join(" ") : null;
}
