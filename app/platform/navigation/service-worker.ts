/** Registers the service worker (production builds only: in development it would cache Vite's modules). */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Without a service worker the shop works the same, only without the offline page.
    });
  // After the page's own loading, so the worker's downloads never compete with it.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
