import { useEffect, useRef, useState, useSyncExternalStore } from "react";

function subscribeOnline(callback: () => void) {
  window.addEventListener("online", callback);
  window.addEventListener("offline", callback);
  return () => {
    window.removeEventListener("online", callback);
    window.removeEventListener("offline", callback);
  };
}

/** The network online/offline flag; the server assumes online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** How much longer a loading state shown since `shownAt` must stay, to have been visible `minimumMs`. */
export function minimumDisplayLeft(shownAt: number, now: number, minimumMs: number): number {
  return Math.max(0, minimumMs - (now - shownAt));
}

/**
 * Keeps a loading state on screen for at least `minimumMs` once it was shown, so a skeleton never flashes
 * for a few milliseconds (PRODUCT.md: 200 ms).
 */
export function useMinimumDisplay(active: boolean, minimumMs = 200): boolean {
  const [shown, setShown] = useState(active);
  const shownAt = useRef(0);
  useEffect(() => {
    if (active) {
      shownAt.current = Date.now();
      setShown(true);
      return;
    }
    const left = minimumDisplayLeft(shownAt.current, Date.now(), minimumMs);
    if (left === 0) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(false), left);
    return () => clearTimeout(timer);
  }, [active, minimumMs]);
  return active || shown;
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether prefetching is polite here: not offline, not on 2G, not with Save-Data on. */
export function prefetchAllowed(nav: Navigator & { connection?: NetworkInformationLike }): boolean {
  if (!nav.onLine) return false;
  const connection = nav.connection;
  if (connection?.saveData) return false;
  return !connection?.effectiveType || !/(^|-)2g$/.test(connection.effectiveType);
}

/**
 * "none" until the browser is idle (at most 2 s), then "viewport" where prefetching is allowed. Pass
 * `false` for links to pages that are not served yet: nothing is fetched for them.
 */
export function useIdlePrefetch(served = true): "none" | "viewport" {
  const [mode, setMode] = useState<"none" | "viewport">("none");
  useEffect(() => {
    const enable = () => setMode(prefetchAllowed(navigator) ? "viewport" : "none");
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(enable, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(enable, 2000);
    return () => clearTimeout(timer);
  }, []);
  return served ? mode : "none";
}
