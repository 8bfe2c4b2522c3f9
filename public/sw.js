// Service worker: keeps the shell (offline pages, icons, hashed assets) so that a page that cannot be
// loaded without network shows the offline page in the shopper's language instead of the browser's error.
const VERSION = "shell-v1";
const LOCALES = ["en", "nl", "fr", "es"];
const SHELL = [
  ...LOCALES.map((l) => `/${l}/offline/`),
  "/manifest.webmanifest",
  "/icons/icon.svg",
  "/icons/icon-192.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function offlinePageFor(url) {
  const first = new URL(url).pathname.split("/")[1];
  return `/${LOCALES.includes(first) ? first : "en"}/offline/`;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const url = new URL(request.url);

  // Page loads: always the network (pages are fresh); the offline page when there is none.
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(offlinePageFor(request.url))));
    return;
  }
  // Hashed build assets never change: cache first, so the offline page keeps its styles and scripts.
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(VERSION).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
