// The score pad's service worker: it keeps the pad page, its scripts, the pads' facts and the
// languages' catalogs, so the pad opens and works without a network (or a server) once it has
// been opened. Network first, so that a new version is taken whenever the server answers.

const CACHE = "clickbox-pad-v1";
const KEEP = [
  "/pad", "/static/pad.js", "/static/pad.css", "/static/style.css", "/static/board.js",
  "/static/pad/boom.js", "/static/pad/clever.js", "/static/pad/clickety.js", "/static/games/clever.js",
  "/static/games/clever.css", "/static/games/clickety.js", "/static/games/clickety.css", "/api/pad",
  "/static/i18n.js", "/api/i18n/de", "/api/i18n/fr",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEEP)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (!KEEP.includes(path)) return;
  event.respondWith(fetch(event.request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(path, copy));
      }
      return response;
    })
    .catch(() => caches.open(CACHE).then((cache) => cache.match(path))
      .then((kept) => kept || Response.error())));
});
