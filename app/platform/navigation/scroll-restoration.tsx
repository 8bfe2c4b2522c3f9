import { useContext } from "react";
import { UNSAFE_FrameworkContext, UNSAFE_useScrollRestoration } from "react-router";

/** Where the router keeps each history entry's scroll position (sessionStorage, keyed by `history.state.key`). */
const scrollPositionsKey = "shop-scroll-positions";

/**
 * Before the page's scripts: a history entry the router keyed (a reload, back or forward from another site)
 * goes back to its saved position; a new entry gets its key. React Router's `<ScrollRestoration>` reads
 * sessionStorage for new entries too, where nothing can be saved under a key just made up, and that first
 * read of the tab's storage waits on the browser process: 5–20 ms before the first paint on this machine.
 */
function restoreScroll(storageKey: string) {
  const state = window.history.state as { key?: string } | null;
  if (!state?.key) {
    window.history.replaceState({ ...state, key: Math.random().toString(32).slice(2) }, "");
    return;
  }
  try {
    const y = (JSON.parse(sessionStorage.getItem(storageKey) || "{}") as Record<string, unknown>)[state.key];
    if (typeof y === "number") window.scrollTo(0, y);
  } catch {
    sessionStorage.removeItem(storageKey);
  }
}

const script = `(${restoreScroll})(${JSON.stringify(scrollPositionsKey)})`;

/** React Router's scroll restoration (positions saved and restored on every navigation) with the script above. */
export function ScrollRestoration() {
  UNSAFE_useScrollRestoration({ storageKey: scrollPositionsKey });
  const framework = useContext(UNSAFE_FrameworkContext);
  if (!framework || framework.isSpaMode) return null;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no visitor's text
    <script nonce={framework.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
  );
}
