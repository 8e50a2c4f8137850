// The page's Python runtime, started from the build's memory snapshot (scripts/snapshot.py; docs/build.md
// "Memory snapshot"): Pyodide's memory with the app's modules imported, so the page skips starting
// Python and importing them. PyScript's "interpreter" (web/pyscript.json) is this file, copied by the
// build beside pyodide.mjs as dist/web/vendor/pyodide/snap.mjs (PyScript takes the runtime's folder
// from this URL) with __SNAPSHOT__ filled in. Anything wrong with the snapshot (missing, damaged,
// refused by the runtime): a plain start on the parts of app.zip (scripts/app_parts.py), as without it.
//
// A first visit does not wait for it (docs/build.md "First visit"): the 7 MB snapshot is for the
// NEXT start. The page starts from it only when it is on this device: the service worker controls
// the page (its cache holds every file of the build) or this browser fetched it before (localStorage
// MARK = its name, set once the background download below has it all). Otherwise the start is plain
// on the parts of app.zip the first move needs (scripts/app_parts.py; web/store.js picked and
// preloaded them; PyScript's config then has no app-rest.zip) and, once the page is ready, the other
// parts and the snapshot download in the background (low priority) into the HTTP cache, where the
// next start, and the service worker's install (web/update.js registers it after that), find them.
// The bots' worker starts from it as before (it starts after the page is ready).
import { loadPyodide as plain, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = "__SNAPSHOT__";
// The first visit's parts of app.zip (scripts/app_parts.py; filled in by scripts/build.py): {files:
// {part: its dist path}, bytes, roots, games: {game: part}, prefixes}
const PARTS = "__PARTS__";

// The snapshot is gzip bytes (~7 MB for ~31 MB of memory), unpacked by the browser's own stream.
// On a page with cores to spare (a tablet has 4-8) in a worker of its own (snap-inflate.js): the
// page's main thread meanwhile loads the runtime and runs PyScript's own start instead of spending
// ~150 ms (more on a tablet) inflating. With 2 cores or fewer, and in the bots' worker, where it is:
// on a 2-core box the worker gained nothing (the runtime's compile already keeps both cores busy).
// The worker gets the download as a stream where the browser can transfer one (Chromium, Firefox),
// else as its bytes once downloaded (WebKit: "DataCloneError"); the browser is asked, never named.
// What was done is the page's sign ``globalThis.euroSnapshot`` (e2e/test_snapshot_e2e.py reads it).
const SIGN = (globalThis.euroSnapshot = { inflate: null, used: false, reason: null });
const MARK = "euro:snapshot"; // its value: the snapshot's file name (web/store.js reads it too)
const NAME = SNAPSHOT.split("/").pop();
const PAGE = typeof document !== "undefined";

let streamsMove = null;
function streamsTransfer() {
  if (streamsMove === null) {
    const { port1, port2 } = new MessageChannel();
    try {
      const s = new ReadableStream();
      port1.postMessage(s, [s]);
      streamsMove = true;
    } catch (e) {
      streamsMove = false;
    }
    port1.close();
    port2.close();
  }
  return streamsMove;
}

function inflate(res) {
  const spare = typeof document !== "undefined" && typeof Worker === "function" && navigator.hardwareConcurrency > 2;
  if (!spare) {
    SIGN.inflate = "in place";
    return new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }
  const stream = streamsTransfer();
  SIGN.inflate = stream ? "worker, stream" : "worker, bytes";
  const input = stream ? Promise.resolve(res.body) : res.arrayBuffer();
  return input.then(
    (data) =>
      new Promise((resolve, reject) => {
        const w = new Worker(new URL("./snap-inflate.js", import.meta.url));
        const done = (f, v) => {
          w.terminate(); // every way out ends the worker
          f(v);
        };
        w.onmessage = (e) => (e.data.error ? done(reject, new Error(e.data.error)) : done(resolve, e.data.buffer));
        w.onerror = (e) => {
          e.preventDefault();
          done(reject, new Error(e.message || "the inflate worker failed"));
        };
        try {
          w.postMessage(data, [data]);
        } catch (e) {
          done(reject, e);
        }
      }),
  );
}

function fetchSnapshot() {
  return fetch(new URL(SNAPSHOT, import.meta.url))
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return inflate(res);
    })
    .then((buf) => new Uint8Array(buf), (e) => Promise.reject(new Error(`${SNAPSHOT}: ${e.message || e}`)));
}

function onDevice() {
  if (!PAGE) return true; // the bots' worker
  try {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) return true;
  } catch (e) {
    // no service worker here
  }
  try {
    return localStorage.getItem(MARK) === NAME;
  } catch (e) {
    return false; // storage blocked: every start is a first visit
  }
}

// The parts' URLs are the dist paths, from the site's root (this file is web/vendor/pyodide/snap.mjs).
const partURL = (part) => new URL(`../../../${PARTS.files[part]}`, import.meta.url);

// The parts a plain start unpacks first: the page's pick (web/store.js preloaded them: the core, the
// link's or the form's game, English and the page's language), else (the bots' worker, a page
// without it) the core, every game and English.
function wantedParts() {
  const sign = globalThis.euroParts;
  if (sign && Array.isArray(sign.wanted)) return sign.wanted;
  return ["core", "lang-en", ...Object.values(PARTS.games)].filter((p) => PARTS.files[p]);
}

// After the first move (euro:stage "ready", web/boot.js): the parts of app.zip not yet here (the
// other game, the other languages, the frozen engine), unpacked as they arrive (an import that
// needs one sooner fetches it itself: scripts/app_parts_loader.py), then the snapshot for the next
// start. Its promise is globalThis.euroBackground (web/update.js registers the service worker once it
// settles, so the worker's install finds the files in the HTTP cache instead of downloading them again).
function fetchForNextStart(py) {
  SIGN.prefetch = "pending";
  let settle;
  globalThis.euroBackground = new Promise((resolve) => (settle = resolve));
  const parts = () => {
    const loader = py ? py.pyimport("euro_parts") : null;
    const rest = Object.keys(PARTS.files || {}).filter((p) => !wantedParts().includes(p));
    return Promise.all(
      rest.map((part) =>
        fetch(partURL(part), { priority: "low" })
          .then((res) => {
            if (!res.ok) throw new Error(`${res.url}: HTTP ${res.status}`);
            return res.arrayBuffer();
          })
          .then((buf) => {
            if (!loader || loader.is_here(part)) return; // fetched on demand meanwhile
            py.unpackArchive(buf, "zip");
            loader.unpacked(part);
          }),
      ),
    ).finally(() => loader && loader.destroy());
  };
  const go = () =>
    parts()
      .then(() => fetch(new URL(SNAPSHOT, import.meta.url), { priority: "low" }))
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.arrayBuffer();
      })
      .then(
        () => {
          try {
            localStorage.setItem(MARK, NAME);
          } catch (e) {
            // storage blocked: the next start is plain again
          }
          SIGN.prefetch = "done";
        },
        (e) => {
          SIGN.prefetch = "failed";
          console.warn(`the next start's files not fetched: ${e.message || e}`);
        },
      )
      .then(settle);
  // a page without the app's stages (web/boot.js euroStage: a bench's PyScript page) at once
  if ((document.body && document.body.dataset.ready === "1") || typeof globalThis.euroStage !== "function") go();
  else
    document.addEventListener("euro:stage", function ready(e) {
      if (e.detail !== "ready") return;
      document.removeEventListener("euro:stage", ready);
      go();
    });
}

// The standard library is trimmed to what the app imports (docs/build.md "Trimmed standard library"):
// anything else comes from the full zip, fetched on the first import that needs it
// (scripts/stdlib_fallback.py, in the trimmed zip). A build without the trimmed zip has no such module.
function withFullStdlib(py) {
  try {
    const fallback = py.pyimport("euro_stdlib_fallback");
    fallback.install(new URL("./python_stdlib_full.zip", import.meta.url).href);
    fallback.destroy();
  } catch (e) {
    // the whole standard library is there
  }
  return py;
}

// A plain start: the runtime, then the parts of app.zip (downloaded beside the runtime: web/store.js
// preloads them) and the loader of the others (euro_parts, in the core part).
async function plainStart(options, wanted, parts) {
  SIGN.parts = []; // what was unpacked (e2e/test_snapshot_e2e.py)
  const py = await plain(options);
  for (const [part, res] of wanted.map((p, i) => [p, parts[i]])) {
    const zip = await res;
    if (!zip.ok) throw new Error(`${zip.url}: HTTP ${zip.status}`);
    py.unpackArchive(await zip.arrayBuffer(), "zip");
    SIGN.parts.push(part);
  }
  const loader = py.pyimport("euro_parts");
  const base = new URL("../../../", import.meta.url).href;
  loader.install(base, JSON.stringify(PARTS), JSON.stringify(wanted));
  loader.destroy();
  return withFullStdlib(py);
}

function fetchParts(wanted) {
  const got = wanted.map((p) => fetch(partURL(p)));
  got.forEach((p) => p.catch(() => {}));
  return got;
}

export async function loadPyodide(options) {
  if (!onDevice()) {
    SIGN.reason = "first visit: the snapshot is fetched after the first move, for the next start";
    const wanted = wantedParts();
    const parts = fetchParts(wanted);
    const py = await plainStart(options, wanted, parts);
    fetchForNextStart(py);
    return py;
  }
  // Downloaded and unpacked while the runtime's script loads (Pyodide awaits the promise only
  // before it instantiates the runtime); a failure is handled here, never left unhandled.
  const bytes = fetchSnapshot();
  bytes.catch(() => {});
  try {
    const py = await plain({ ...options, _loadSnapshot: bytes });
    SIGN.used = true;
    return withFullStdlib(py);
  } catch (e) {
    SIGN.reason = String(e);
    console.warn(`memory snapshot not used: ${e}`); // once: the reason of the plain start
  }
  // A plain start has none of the modules the snapshot holds, and app-rest.zip (what the page and
  // the worker unpack next) leaves their files out: the parts first.
  const wanted = wantedParts();
  return plainStart(options, wanted, fetchParts(wanted));
}
