import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { searchConfigs } from "./tables.server";

const NEAR_CACHE_MS = 60_000;
const CACHE_ENTRIES = 20_000;

/**
 * What the search index asks PostgreSQL about words, cached per process: their stems (stemming never
 * changes) and, for words that match nothing, the nearest words of the shop's vocabulary (a minute).
 */
export class Vocabulary {
  private readonly stems = new Map<string, string | null>();
  private readonly near = new Map<string, { until: number; words: string[] }>();

  constructor(private readonly db: Database) {}

  /** Typo candidates are read again (the vocabulary changed). */
  forgetNearWords(): void {
    this.near.clear();
  }

  /** Stems in a locale, read from PostgreSQL once per word (stemming never changes). */
  async stemsOf(locale: Locale, words: Iterable<string>): Promise<Map<string, string | null>> {
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
  async nearWords(locale: Locale, words: string[]): Promise<Map<string, string[]>> {
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
}
