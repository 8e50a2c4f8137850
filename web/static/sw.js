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

// One file of this build, checked: its bytes must hash to this build's list, or the file is another
// build's (a deploy half done, a proxy's stale copy) and the whole install fails. Where from, in
// order (docs/offline-and-updates.md "Offline cache"):
// 1. the cache of an older build on this device, when it holds the same URL with the same bytes (an
//    update downloads only the files that changed; the memory snapshot, unchecked, by its name,
//    which carries its key);
// 2. the browser's HTTP cache (a first visit's page has just downloaded most files: web/update.js
//    registers this worker only after that);
// 3. the server itself with "no-store": under a server with no Cache-Control (or a long max-age)
//    the HTTP cache may answer with the PREVIOUS build's file, which fails the check in 2.
async function hashOf(res) {
  return hex(await crypto.subtle.digest("SHA-256", await res.clone().arrayBuffer()));
}

async function fromOlderBuild(url) {
  for (const key of await caches.keys()) {
    if (!key.startsWith("euro-") || key === CACHE) continue;
    const hit = await (await caches.open(key)).match(url);
    if (hit && (!FILES[url] || (await hashOf(hit)) === FILES[url])) return hit;
  }
  return null;
}

async function fetchChecked(url) {
  const kept = await fromOlderBuild(url);
  if (kept) return kept;
  for (const mode of ["default", "no-store"]) {
    const res = await fetch(url, { cache: mode });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    if (!FILES[url]) return res;
    const got = await hashOf(res);
    if (got === FILES[url]) return res;
    if (mode === "no-store") throw new Error(`${url}: not this build's file (sha256 ${got.slice(0, 12)})`);
  }
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
