import { db } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { didYouMean, MAX_MATCHES, SUGGESTED_CATEGORIES, searchWords } from "./query-text";
import type { SearchEngine, SearchOutcome } from "./search.server";
import { type SearchIndex, searchIndex } from "./search-index.server";

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
