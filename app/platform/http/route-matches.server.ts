// React Router's "fog of war" (lazy route discovery) sends each page the routes of its ancestor paths:
// while rendering, it matches "/", "/en" and "/en/category" against the whole route table (every page
// in five locales) on every request, a linear scan that mostly ends without a match. That was about an
// eighth of an uncached category page's CPU (docs/scaling.md). The route table does not change while a
// build runs, so each path's matches are worked out once per process.
import type { EntryContext } from "react-router";

/** Distinct paths remembered (ancestor paths are few; unknown deep URLs add some); then it starts over. */
const LIMIT = 5_000;

type Match = (location: unknown) => unknown;
const remembered = new WeakMap<Match, Match>();

/** Makes the static router of this render match each string path once per route table. */
export function rememberRouteMatches(context: EntryContext): void {
  const handlerContext = context.staticHandlerContext as unknown as { _match?: Match };
  const match = handlerContext._match;
  if (typeof match !== "function") return;
  let once = remembered.get(match);
  if (!once) {
    const results = new Map<string, unknown>();
    once = (location) => {
      if (typeof location !== "string") return match(location);
      if (results.has(location)) return results.get(location);
      const result = match(location);
      if (results.size >= LIMIT) results.clear();
      results.set(location, result);
      return result;
    };
    remembered.set(match, once);
    // The remembering function is its own key too, so a context that already has it keeps it.
    remembered.set(once, once);
  }
  handlerContext._match = once;
}
