/**
 * Pure parts of the search: normalising what a shopper typed, choosing typo corrections and writing the
 * PostgreSQL tsquery text. Client-safe and free of I/O, so the rules are tested without a database.
 */

/** Longest search text read; longer input is cut (the listing query allows 100 characters). */
export const MAX_QUERY_LENGTH = 100;
/** Words read from one search; more do not narrow a fashion search any further. */
export const MAX_WORDS = 8;

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

/** A term for to_tsquery: a word, or a phrase for a multi-word synonym ("korte broek"). */
function term(text: string, prefix: boolean): string {
  const words = text.split(/[^a-z0-9]+/).filter(Boolean);
  if (words.length === 0) return "";
  if (words.length === 1) return `${quote(words[0] as string)}${prefix ? ":*" : ""}`;
  return `(${words.map(quote).join(" <-> ")})`;
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
