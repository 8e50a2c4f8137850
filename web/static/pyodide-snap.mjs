// The page's Python runtime, started from the build's memory snapshot (scripts/snapshot.py; docs/web-shell.md
// "Memory snapshot"): Pyodide's memory with the app's modules imported, so the page skips starting
// Python and importing them. PyScript's "interpreter" (web/pyscript.json) is this file, copied by the
// build beside pyodide.mjs as dist/web/vendor/pyodide/snap.mjs (PyScript takes the runtime's folder
// from this URL) with __SNAPSHOT__ filled in. Anything wrong with the snapshot (missing, damaged,
// refused by the runtime): a plain start with the whole app.zip unpacked, as without it.
import { loadPyodide as plain, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = "__SNAPSHOT__";

// The snapshot is gzip bytes (~7 MB for ~31 MB of memory), unpacked by the browser's own stream.
// On a page with cores to spare (a tablet has 4-8) in a worker of its own (snap-inflate.js): the
// page's main thread meanwhile loads the runtime and runs PyScript's own start instead of spending
// ~150 ms (more on a tablet) inflating. With 2 cores or fewer, and in the bots' worker, where it is:
// on a 2-core box the worker gained nothing (the runtime's compile already keeps both cores busy).
function inflate(body) {
  const spare = typeof document !== "undefined" && typeof Worker === "function" && navigator.hardwareConcurrency > 2;
  if (!spare) {
    return new Response(body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL("./snap-inflate.js", import.meta.url));
    const done = (f, v) => {
      w.terminate();
      f(v);
    };
    w.onmessage = (e) => (e.data.error ? done(reject, new Error(e.data.error)) : done(resolve, e.data.buffer));
    w.onerror = (e) => {
      e.preventDefault();
      done(reject, new Error(e.message || "the inflate worker failed"));
    };
    w.postMessage(body, [body]);
  });
}

function fetchSnapshot() {
  return fetch(new URL(SNAPSHOT, import.meta.url))
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return inflate(res.body);
    })
    .then((buf) => new Uint8Array(buf), (e) => Promise.reject(new Error(`${SNAPSHOT}: ${e.message || e}`)));
}

export async function loadPyodide(options) {
  // Downloaded and unpacked while the runtime's script loads (Pyodide awaits the promise only
  // before it instantiates the runtime); a failure is handled here, never left unhandled.
  const bytes = fetchSnapshot();
  bytes.catch(() => {});
  try {
    return await plain({ ...options, _loadSnapshot: bytes });
  } catch (e) {
    console.warn(`memory snapshot not used: ${e}`);
  }
  // A plain start has none of the modules the snapshot holds, and app-rest.zip (what the page and
  // the worker unpack next) leaves their files out: the whole app.zip first.
  const py = await plain(options);
  const zip = await fetch(new URL("../../app.zip", import.meta.url));
  if (!zip.ok) throw new Error(`app.zip: HTTP ${zip.status}`);
  py.unpackArchive(await zip.arrayBuffer(), "zip");
  return py;
}
