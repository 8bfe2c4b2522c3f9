import { renderToString } from "react-dom/server";
import type { MarkupCache } from "./markup-cache";

/**
 * How many subtrees a process keeps: 48 cards of a category page are ≈ 2 KB of HTML and ≈ 0.7 KB of key
 * each, so 20 000 entries (≈ 55 MB) hold the cards of a few thousand distinct listings in four locales.
 */
export const MARKUP_CACHE_LIMIT = 20_000;

/**
 * The process's rendered subtrees, by key. The key is the subtree's whole input (the card's data in
 * full), so an entry is never stale: a changed price or stock makes another key. The oldest entry goes
 * when the cache is full.
 */
export function createMarkupCache(limit = MARKUP_CACHE_LIMIT) {
  const entries = new Map<string, string>();
  return {
    /** The cache for pages of one locale and URL strategy: their links and texts differ. */
    scope(scope: string): MarkupCache {
      return {
        html(key, children) {
          const full = `${scope}\n${key}`;
          let html = entries.get(full);
          if (html === undefined) {
            // A separate render of its own: React's `renderToString` comes from a module of its own, with
            // its own work state, so it runs inside a component of the page's render without touching it.
            html = renderToString(children);
            if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
            entries.set(full, html);
          }
          return html;
        },
      };
    },
    get size() {
      return entries.size;
    },
  };
}

const shared = createMarkupCache();

/** The process's cache for one request's locale and URL strategy. */
export function markupCache(locale: string, strategy: string): MarkupCache {
  return shared.scope(`${locale}:${strategy}`);
}
