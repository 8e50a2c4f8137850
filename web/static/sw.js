// Service worker: precache every file of the build so the app plays offline after the first visit,
// and let a new build wait until the player chooses to switch (an update never strands a game).
// scripts/build.py fills in BUILD (a hash of the shipped files), FILES (every precached URL ->
// the SHA-256 of its bytes; "" for the memory snapshot, whose name carries its key) and VERSIONS (versions.json: the engine version and the rules versions
// this build can play).
const BUILD = "__BUILD__";
const FILES = __FILES__;
const VERSIONS = __VERSIONS__;
const CACHE = "euro-" + BUILD;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// One file of this build, from the server itself: "no-store" goes past the browser's HTTP cache,
// which (under a server that sends no Cache-Control, or a long max-age) would answer with the
// PREVIOUS build's file. The bytes must hash to this build's list, or the file is another build's
// (a deploy half done, a proxy's stale copy): the whole install fails.
async function fetchChecked(url) {
  const res = await fetch(url, { cache: "no-store" });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const got = hex(await crypto.subtle.digest("SHA-256", await res.clone().arrayBuffer()));
  if (FILES[url] && got !== FILES[url]) throw new Error(`${url}: not this build's file (sha256 ${got.slice(0, 12)})`);
  return res;
}

async function fill() {
  const cache = await caches.open(CACHE);
  try {
    const checked = await Promise.all(Object.keys(FILES).map((url) => fetchChecked(url).then((res) => [url, res])));
    await Promise.all(checked.map(([url, res]) => cache.put(url, res)));
  } catch (err) {
    await caches.delete(CACHE);  // nothing of a refused build stays
    throw err;
  }
}

self.addEventListener("install", (event) => {
  // All or nothing: a half-filled cache would break offline play later, a mixed one would run
  // files of two builds together. A refused build leaves the old worker in charge; the next
  // update check (web/update.js) fetches sw.js again and retries. No skipWaiting(): a new build
  // installs in the background and WAITS; the pages keep running the build they started with
  // until the player presses Reload (the page then posts SKIP_WAITING) or every page of the old
  // build is closed.
  event.waitUntil(fill());
});

self.addEventListener("activate", (event) => {
  // This worker activates only once no page uses the old one (all closed, or the player chose
  // Reload), so the older builds' caches can go now. No clients.claim(): a page is controlled
  // by the worker it loaded with, never swapped mid-game.
  event.waitUntil(caches.keys().then((keys) =>
    Promise.all(keys.filter((k) => k.startsWith("euro-") && k !== CACHE).map((k) => caches.delete(k)))));
});

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "SKIP_WAITING") {
    self.skipWaiting();  // the player pressed Reload in the "new version" notice
  } else if (msg.type === "VERSIONS" && event.ports[0]) {
    event.ports[0].postMessage(Object.assign({ build: BUILD }, VERSIONS));
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  // ignoreSearch: navigations carry ?game=... queries; "./" maps to index.html. Only this
  // build's cache: a page never mixes files of two builds.
  event.respondWith(
    caches.match(req, { cacheName: CACHE, ignoreSearch: true })
      .then((hit) => hit || (req.mode === "navigate" && caches.match("./index.html", { cacheName: CACHE })))
      .then((hit) => hit || fetch(req)));
});
