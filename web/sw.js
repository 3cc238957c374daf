// The service worker: every file of the build is kept in a cache named after the build, for offline
// use and quick later visits, and served from it (cache first). A file is kept as the page fetches
// it, the response going to the page and into the cache at once: the first visit transfers each file
// once (the runtime's 10 MB WebAssembly is not fetched a second time for the cache). On install only
// the page's small files are fetched (the page's first request came before this worker); when the
// page is ready it asks for the rest ("fill"), which fetches only what is still missing. A file whose
// digest is that of the previous build's is copied from that build's cache, so a new build of tbxl
// fetches tbxl's wheel again, not Pyodide. web/build.py fills in the build's name and its files.
const VERSION = "__VERSION__";
const FILES = {/*__FILES__*/};   // path -> digest of its bytes ("./" is index.html's)
const SHELL = ["./", "index.html", "app.css", "app.js", "engine.js", "worker.js", "app.py", "build.json"];
const CACHE = `tbxl-web-${VERSION}`;
const LIST = "__files__.json";   // kept in each build's cache: its FILES, to tell unchanged files

const here = (path) => new URL(path, self.registration.scope).href;
const PATHS = new Map(Object.keys(FILES).map((p) => [here(p), p]));

async function fromOlder(cache, path) {
  // the same file (same digest) kept by an earlier build's cache, copied into this one; or null
  for (const name of await caches.keys()) {
    if (!name.startsWith("tbxl-web-") || name === CACHE) continue;
    const older = await caches.open(name);
    const list = await older.match(here(LIST));
    if (!list || (await list.json())[path] !== FILES[path]) continue;
    const kept = await older.match(here(path));
    if (kept) {
      await cache.put(here(path), kept.clone());
      return kept;
    }
  }
  return null;
}

async function fill(paths) {
  const cache = await caches.open(CACHE);
  await cache.put(here(LIST), new Response(JSON.stringify(FILES), { headers: { "Content-Type": "application/json" } }));
  for (const path of paths) {
    if ((await cache.match(here(path))) || (await fromOlder(cache, path))) continue;
    const response = await fetch(here(path), { cache: "no-cache" });
    if (response.ok) await cache.put(here(path), response);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(fill(SHELL.filter((p) => p in FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("message", (event) => {
  if (event.data === "fill") {
    // the page is ready: keep what it did not fetch through this worker, then drop older builds
    event.waitUntil(fill(Object.keys(FILES)).then(() => caches.keys())
      .then((names) => Promise.all(names.filter((n) => n.startsWith("tbxl-web-") && n !== CACHE).map((n) => caches.delete(n)))));
  }
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = new URL(event.request.url);
  url.search = "";
  const path = PATHS.get(url.href);
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(event.request, { ignoreSearch: true });
    if (kept || !path) return kept || fetch(event.request);
    const older = await fromOlder(cache, path).catch(() => null);
    if (older) return older;
    const response = await fetch(event.request);
    // the same response to the page and into the cache (a stream read once from the network)
    if (response.ok) event.waitUntil(cache.put(here(path), response.clone()).catch(() => {}));
    return response;
  }));
});
