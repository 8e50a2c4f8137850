// The computer seats' background worker: its own Pyodide (the same vendored files as the page, so
// the service worker's cache serves them offline) running web/worker/bots.py (app-rest.zip, the snapshot), so a bot
// that searches for seconds never blocks the page's taps. Started by boot.js (window.euroBot)
// after the page is ready; a module worker from our own origin (CSP worker-src 'self').
//
// Messages from the page: {type: "ask", id, text}  text = JSON from web/hints.worker_request
//                         {type: "hold", on}       test hook: keep replies until on=false
// Messages to the page:   {type: "ready"} | {type: "reply", id, text} | {type: "failed", error}

let hold = false;
const held = [];

function send(msg) {
  if (hold && msg.type === "reply") held.push(msg);
  else postMessage(msg);
}

// The runtime from the build's memory snapshot, like the page's (scripts/snapshot.py: snap.mjs starts
// plainly without a usable one); a build made without Node has no snap.mjs: the plain runtime.
async function runtime() {
  let load;
  try {
    ({ loadPyodide: load } = await import("./vendor/pyodide/snap.mjs"));
  } catch (e) {
    ({ loadPyodide: load } = await import("./vendor/pyodide/pyodide.mjs"));
  }
  return load({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
}

const booted = (async () => {
  const pyodide = await runtime();
  // what the snapshot does not hold (scripts/build.py REST_ZIP; all of app.zip without a snapshot)
  const zip = await fetch(new URL("./app-rest.zip", import.meta.url));
  if (!zip.ok) throw new Error(`app-rest.zip: HTTP ${zip.status}`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip");  // into the working directory, like PyScript
  const fromSnapshot = pyodide.runPython("import sys; 'web.model.session' in sys.modules");
  return [pyodide.pyimport("web.worker.bots"), fromSnapshot];
})();

booted.then(([, fromSnapshot]) => postMessage({ type: "ready", runtime: fromSnapshot ? "snapshot" : "plain" }),
            (err) => postMessage({ type: "failed", error: String(err && err.message || err) }));

addEventListener("message", async (e) => {
  const m = e.data || {};
  if (m.type === "hold") {
    hold = !!m.on;
    if (!hold) held.splice(0).forEach((r) => postMessage(r));
    return;
  }
  if (m.type !== "ask") return;
  let mod;
  try {
    [mod] = await booted;
  } catch (err) {
    return;  // "failed" was posted once; the page decides itself from now on
  }
  send({ type: "reply", id: m.id, text: mod.handle(String(m.text)) });
});
