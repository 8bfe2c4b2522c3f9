import { hash } from "node:crypto";
import { renderToString } from "react-dom/server";
import type { MarkupCache } from "./markup-cache";

/**
 * How many subtrees a process keeps. A product card is ≈ 1.6 KB of HTML; 20 000 of them, with their keys,
 * take ≈ 35 MB of the heap and hold the cards of several thousand distinct listings in four locales.
 */
export const MARKUP_CACHE_LIMIT = 20_000;

/**
 * The process's rendered subtrees, by key. The key is the subtree's whole input (a card's data in full),
 * so an entry is never stale: a changed price or stock is another key. The oldest entry goes when the cache
 * is full. Kept small: a key is held as its SHA-1, and the HTML as one byte per letter (below).
 */
export function createMarkupCache(limit = MARKUP_CACHE_LIMIT) {
  const entries = new Map<string, string>();
  return {
    /** The cache for pages of one locale and URL strategy: their links and texts differ. */
    scope(scope: string): MarkupCache {
      return {
        html(key, children) {
          const id = hash("sha1", `${scope}\n${key}`, "base64");
          let html = entries.get(id);
          if (html === undefined) {
            // A render of its own: `renderToString` comes from another module of React's than the page's
            // streaming render, with its own work state, so it may run inside a component of that render.
            html = oneBytePerLetter(renderToString(children));
            if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
            entries.set(id, html);
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

/**
 * The HTML with every letter beyond Latin-1 written as a character reference (`€` → `&#8364;`): the same
 * document once parsed, in half the memory. A price alone makes a card's string two bytes per letter in
 * V8 (81 MB for 20 000 cards and their keys, against 35 MB like this). Cached subtrees hold no `<script>`
 * or `<style>`, where references are not read.
 */
export function oneBytePerLetter(html: string): string {
  // A surrogate pair is one letter; without the `u` flag (which made this about twice as slow) the pair is
  // named first, and a lone surrogate is written as itself, as the `u` flag wrote it.
  const latin1 = html.replace(
    /[\ud800-\udbff][\udc00-\udfff]|[\u0100-\uffff]/g,
    (letter) => `&#${letter.codePointAt(0)};`,
  );
  // V8 keeps what `replace` made of a two-byte string two-byte; read back from Latin-1 bytes it is one.
  return Buffer.from(latin1, "latin1").toString("latin1");
}

const shared = createMarkupCache();

/** The process's cache for one request's locale and URL strategy. */
export function markupCache(locale: string, strategy: string): MarkupCache {
  return shared.scope(`${locale}:${strategy}`);
}
