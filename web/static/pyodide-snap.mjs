// The page's Python runtime, started from the build's memory snapshot (scripts/snapshot.py; docs/build.md
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
// The worker gets the download as a stream where the browser can transfer one (Chromium, Firefox),
// else as its bytes once downloaded (WebKit: "DataCloneError"); the browser is asked, never named.
// What was done is the page's sign ``globalThis.euroSnapshot`` (e2e/test_snapshot_e2e.py reads it).
const SIGN = (globalThis.euroSnapshot = { inflate: null, used: false, reason: null });

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

export async function loadPyodide(options) {
  // Downloaded and unpacked while the runtime's script loads (Pyodide awaits the promise only
  // before it instantiates the runtime); a failure is handled here, never left unhandled.
  const bytes = fetchSnapshot();
  bytes.catch(() => {});
  try {
    const py = await plain({ ...options, _loadSnapshot: bytes });
    SIGN.used = true;
    return py;
  } catch (e) {
    SIGN.reason = String(e);
    console.warn(`memory snapshot not used: ${e}`); // once: the reason of the plain start
  }
  // A plain start has none of the modules the snapshot holds, and app-rest.zip (what the page and
  // the worker unpack next) leaves their files out: the whole app.zip first.
  const py = await plain(options);
  const zip = await fetch(new URL("../../app.zip", import.meta.url));
  if (!zip.ok) throw new Error(`app.zip: HTTP ${zip.status}`);
  py.unpackArchive(await zip.arrayBuffer(), "zip");
  return py;
}
