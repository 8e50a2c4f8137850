// The computer seats' background worker: its own Pyodide (the same vendored files as the page, so
// the service worker's cache serves them offline) running web/worker/bots.py (app-rest.zip, the snapshot), so a bot
// that searches for seconds never blocks the page's taps. Started by boot.js (window.euroBot)
// after the page is ready; a module worker from our own origin (CSP worker-src 'self').
//
// Messages from the page: {type: "ask", id, text}  text = JSON from web/hints.worker_request
//                         {type: "review", id, text} a finished game's review (web/worker/review.py)
//                         {type: "cancel", id}     stop that review after its slice
//                         {type: "hold", on}       test hook: keep replies (and reviews) until on=false
// Messages to the page:   {type: "ready"} | {type: "reply", id, text} | {type: "failed", error}
//                         {type: "progress", id, text} | {type: "review-end", id, text}

let hold = false;
const held = [];
const reviews = new Map();  // review id -> {cancel}
const early = new Set();  // reviews cancelled before they began (their message waited for the runtime)
let released = [];  // reviews waiting for hold(false)

function send(msg) {
  if (hold && msg.type === "reply") held.push(msg);
  else postMessage(msg);
}

// Between two slices of a review: the event loop runs (a Cancel, a computer seat's question are
// heard), and while the test hook holds, the review waits.
async function between() {
  await new Promise((r) => setTimeout(r, 0));
  while (hold) await new Promise((r) => released.push(r));
}

async function review(m, rev) {
  const job = { cancel: early.delete(m.id) };
  reviews.set(m.id, job);
  let out = JSON.parse(rev.begin(m.id, String(m.text)));
  while (!out.finished) {
    postMessage({ type: "progress", id: m.id, text: JSON.stringify(out) });
    await between();
    out = JSON.parse(job.cancel ? rev.stop(m.id) : rev.work(m.id));
  }
  reviews.delete(m.id);
  postMessage({ type: "review-end", id: m.id, text: JSON.stringify(out) });
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
  return [pyodide.pyimport("web.worker.bots"), fromSnapshot, pyodide.pyimport("web.worker.review")];
})();

booted.then(([, fromSnapshot]) => postMessage({ type: "ready", runtime: fromSnapshot ? "snapshot" : "plain" }),
            (err) => postMessage({ type: "failed", error: String(err && err.message || err) }));

addEventListener("message", async (e) => {
  const m = e.data || {};
  if (m.type === "hold") {
    hold = !!m.on;
    if (!hold) {
      held.splice(0).forEach((r) => postMessage(r));
      released.splice(0).forEach((r) => r());
    }
    return;
  }
  if (m.type === "cancel") {
    const job = reviews.get(m.id);
    if (job) job.cancel = true;
    else early.add(m.id);
    return;
  }
  if (m.type !== "ask" && m.type !== "review") return;
  let mod, rev;
  try {
    [mod, , rev] = await booted;
  } catch (err) {
    return;  // "failed" was posted once; the page decides itself from now on
  }
  if (m.type === "review") review(m, rev);
  else send({ type: "reply", id: m.id, text: mod.handle(String(m.text)) });
});
