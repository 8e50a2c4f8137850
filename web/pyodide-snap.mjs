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
function fetchSnapshot() {
  return fetch(new URL(SNAPSHOT, import.meta.url)).then((res) => {
    if (!res.ok) throw new Error(`${SNAPSHOT}: HTTP ${res.status}`);
    return new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }).then((buf) => new Uint8Array(buf));
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
