/** Registers the service worker (production builds only: in development it would cache Vite's modules). */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Without a service worker the shop works the same, only without the offline page.
    });
  });
}
