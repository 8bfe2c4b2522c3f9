/** PRODUCT.md: a failed chunk load reloads the page, at most once per 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const KEY = "shop:chunk-reload-at";

export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

export function installChunkReload(): void {
  window.addEventListener("vite:preloadError", (event) => {
    const stored = Number(sessionStorage.getItem(KEY));
    const last = Number.isFinite(stored) && stored > 0 ? stored : null;
    if (!shouldReloadAfterChunkError(last, Date.now())) return;
    event.preventDefault();
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  });
}
