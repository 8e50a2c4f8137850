// Service worker: precache every file of the build so the app plays offline after the first visit.
// scripts/build.py fills in VERSION (a content hash of dist/) and FILES (every dist file).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "euro-" + VERSION;

self.addEventListener("install", (event) => {
  // All or nothing: a half-filled cache would break offline play later.
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // A new build has a new hash: evict the caches of older builds.
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("euro-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  // ignoreSearch: navigations carry ?game=... queries; "/" maps to index.html.
  event.respondWith(
    caches.match(req, { cacheName: CACHE, ignoreSearch: true })
      .then((hit) => hit || (req.mode === "navigate" && caches.match("./index.html", { cacheName: CACHE })))
      .then((hit) => hit || fetch(req)));
});
