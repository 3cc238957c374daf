// The service worker: the first visit keeps every file of the page (Pyodide and the wheels
// included) in a cache named after the build; later visits are served from it, with or without a
// network. web/build.py fills in the build's name and its list of files.
const VERSION = "__VERSION__";
const FILES = [/*__FILES__*/];
const CACHE = `tbxl-web-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("tbxl-web-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(event.request, { ignoreSearch: true });
    return kept || fetch(event.request);
  }));
});
