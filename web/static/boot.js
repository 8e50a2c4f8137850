// Runs before Python: the JS files' words in the player's language, and start-up progress (the
// service worker: web/update.js).
//
// Words: scripts/build.py writes dist/locale/<lang>.json (the app.js.* keys of the app catalog,
// docs/i18n.md). The language is the one Python would choose, picked by web/lang.js (shared with
// the tutorial pages): lang= in the link, else the one picked last, else the browser's.
// Until the file has loaded, index.html's English stays; Python takes over once it runs
// (main.py apply_language fills every [data-i18n] and calls euroSetLang on a switch).
(function () {
  "use strict";
  var L = window.euroLang, words = {}, stage = "runtime", detail = "";  // L: web/lang.js, loaded first
  function startLang() {  // lang= in the link, else the stored choice, else the browser's
    var m = /[?&]lang=([^&#]*)/.exec(location.search);
    return L.pick(m && decodeURIComponent(m[1]));
  }
  // euroT(key): the JS words in the current language (the key's English from index.html until loaded).
  window.euroT = function (key) { return words[key] || key; };
  // What is loading, and how far the start has come (the bar in #loading, also shown under the
  // new-game form and the saved table before the runtime: web/preboot.js). PyScript's steps are
  // said in our words where we know them: T("app.js.stage_files")
  var STEPS = { "Loading Pyodide": ["runtime", 10], "Loaded Pyodide": ["runtime", 55], "Loading Storage": ["files", 58],
                "Loaded Storage": ["files", 60], "Loading files": ["files", 62], "Loaded files": ["files", 72] };
  var STAGES = { runtime: 5, files: 60, engine: 78, ready: 100 }, done = 0;
  function fill() {
    var stageEl = document.getElementById("loading-stage"), bar = document.getElementById("loading-progress");
    var known = STEPS[detail], name = known ? known[0] : stage, dl = download();
    done = Math.max(done, known ? known[1] : STAGES[stage] || 0);
    var value = done;
    if (dl && stage === "runtime" && dl.got < dl.total) {  // a first visit's download, by bytes (its own scale)
      value = Math.round(STAGES.runtime + (STEPS["Loaded Pyodide"][1] - STAGES.runtime) * dl.got / dl.total);
      if (stageEl) stageEl.textContent = window.euroT("app.js.stage_download").replace("{got}", mb(dl.got)).replace("{total}", mb(dl.total));
    } else if (stageEl) stageEl.textContent = window.euroT("app.js.stage_" + name) + (detail && !known ? ": " + detail : "");
    if (bar) bar.value = value;
    document.querySelectorAll("[data-i18n^='app.js.']").forEach(function (el) {
      if (words[el.getAttribute("data-i18n")]) el.textContent = words[el.getAttribute("data-i18n")];
    });
    document.dispatchEvent(new Event("euro:lang"));  // update.js re-words a notice on show
  }
  // A first visit's download, counted as it arrives (docs/build.md "First visit"): web/store.js
  // names the files (window.euroParts: the parts it picked; the build's manifest gives every file's
  // size, raw and on the wire). What the runtime fetches (the wasm, the standard library, the parts)
  // is counted chunk by chunk through fetch (a counting stream in between); what it imports as a
  // script (pyodide.asm.mjs) when the browser lists it as loaded. A host that compresses otherwise
  // than gzip: each file's count is scaled from its decoded bytes, so the bar stays a fraction.
  // Words: T("app.js.stage_download") ("Downloading the game: {got} of {total} MB").
  var got = {}, queued = false;
  function files() {
    var p = window.euroParts, m = p && p.manifest;
    if (!m || !m.sizes) return null;
    var out = {};
    Object.keys(m.sizes).forEach(function (k) { out[k] = m.sizes[k]; });
    p.wanted.forEach(function (part) { out[m.files[part]] = [m.bytes[part], m.bytes[part]]; });
    return out;
  }
  function download() {
    var f = files();
    if (!f) return null;
    var have = 0, total = 0;
    Object.keys(f).forEach(function (k) { total += f[k][1]; have += Math.min(f[k][1], got[k] || 0); });
    window.euroDownload = { got: have, total: total };  // e2e/test_first_visit_e2e.py waits on it
    return window.euroDownload;
  }
  function mb(n) {
    var lang = document.documentElement.lang || undefined;
    return (n / 1e6).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
  function fileOf(url) {
    var f = files(), path = String(url).split("?")[0].split("#")[0];
    if (!f) return null;
    var keys = Object.keys(f);
    for (var i = 0; i < keys.length; i++) if (path === keys[i] || path.slice(-keys[i].length - 1) === "/" + keys[i]) return keys[i];
    return null;
  }
  function counted(key, n) {
    got[key] = Math.max(got[key] || 0, n);
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; fill(); });
  }
  var realFetch = window.fetch;
  if (realFetch && typeof TransformStream === "function") {
    window.fetch = function (input) {
      var res = realFetch.apply(this, arguments), key = fileOf(input && input.url || input);
      if (!key) return res;
      return res.then(function (r) {
        if (!r.ok || !r.body) return r;
        var size = files()[key], seen = 0;
        var body = r.body.pipeThrough(new TransformStream({
          transform: function (chunk, c) {
            seen += chunk.byteLength;
            counted(key, Math.round(seen * size[1] / size[0]));
            c.enqueue(chunk);
          },
        }));
        return new Response(body, { status: r.status, statusText: r.statusText, headers: r.headers });
      });
    };
  }
  if (typeof PerformanceObserver === "function") {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (e) {
          var key = fileOf(e.name);
          if (key) counted(key, files()[key][1]);
        });
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* no resource timing: the fetched files are counted all the same */ }
  }
  window.euroSetLang = function (lang) {
    lang = L.normalize(lang) || "en";
    document.documentElement.lang = L.htmlLang(lang);
    return fetch("locale/" + lang + ".json").then(function (r) { return r.ok ? r.json() : {}; })
      .then(function (table) { words = table || {}; fill(); })
      .catch(function () {});  // offline before the first visit cached it: the English stays
  };
  window.euroSetLang(startLang());
  // main.py calls euroStage("engine") and euroStage("ready"). The stages' words (listed for the
  // extractor): T("app.js.stage_runtime") T("app.js.stage_engine") T("app.js.stage_ready")
  window.euroStage = function (name) {
    stage = name;
    detail = "";
    fill();
    if (name === "ready") document.documentElement.classList.add("ready");
    document.dispatchEvent(new CustomEvent("euro:stage", { detail: name }));  // web/preboot.js
  };
  // The new-game form is never submitted (Enter in a name field would reload the page); an
  // inline onsubmit would need 'unsafe-inline' under the Content-Security-Policy.
  document.addEventListener("submit", function (e) { e.preventDefault(); });
  // PyScript reports its own steps (downloading Pyodide, unpacking files, ...).
  addEventListener("py:progress", function (e) {
    if (typeof e.detail === "string") { stage = "runtime"; detail = e.detail; fill(); }
  });
  // The service worker and its update notice: web/update.js.
})();

// The computer seats' background worker (web/worker.js: its own Pyodide running web/worker/bots.py),
// so a bot that searches never blocks the page's taps. main.py starts it once the page is ready
// and a game has computer seats, and asks with the seat's masked position (web/model/hints.py
// worker_request); every decision stays in Python. A worker that cannot start or dies makes every
// question fail with the reason, and main.py lets the page decide itself from then on.
window.euroBot = (function () {
  "use strict";
  var worker = null, status = "off", why = "", seq = 0, waiting = new Map(), runtime = "";
  var reviews = new Map();  // review id -> {resolve, reject, progress} (web/page/review.py)
  function fail(reason) {
    if (status === "failed") return;
    status = "failed";
    why = String(reason || window.euroT("app.js.worker_stopped"));
    if (worker) worker.terminate();
    waiting.forEach(function (p) { p.reject(new Error(why)); });
    waiting.clear();
    reviews.forEach(function (p) { p.reject(new Error(why)); });
    reviews.clear();
  }
  function start() {
    if (worker || status === "failed") return status;
    if (typeof Worker === "undefined") { fail(window.euroT("app.js.no_workers")); return status; }
    try {
      worker = new Worker("web/worker.js", { type: "module" });
    } catch (e) {
      fail(e && e.message || e);
      return status;
    }
    status = "starting";
    worker.addEventListener("message", function (e) {
      var m = e.data || {};
      if (m.type === "ready") { status = "ready"; runtime = String(m.runtime || ""); }
      else if (m.type === "failed") fail(m.error);
      else if (m.type === "reply" && waiting.has(m.id)) {
        var p = waiting.get(m.id);
        waiting.delete(m.id);
        p.resolve(m.text);
      }
      else if (m.type === "progress" && reviews.has(m.id)) reviews.get(m.id).progress(m.id, m.text);
      else if (m.type === "review-end" && reviews.has(m.id)) {
        var r = reviews.get(m.id);
        reviews.delete(m.id);
        r.resolve(m.text);
      }
    });
    worker.addEventListener("error", function (e) {
      e.preventDefault();  // reported once through the page's note, not as an uncaught error
      fail(e.message || window.euroT("app.js.worker_failed"));
    });
    return status;
  }
  return {
    start: start,
    status: function () { return status; },
    runtime: function () { return runtime; },  // "snapshot" | "plain" once ready (web/worker.js)
    failure: function () { return why; },
    // text: JSON from web/hints.worker_request -> a promise of web/bot_worker.handle's JSON reply
    ask: function (text) {
      start();
      if (status === "failed") return Promise.reject(new Error(why));
      var id = ++seq;
      return new Promise(function (resolve, reject) {
        waiting.set(id, { resolve: resolve, reject: reject });
        worker.postMessage({ type: "ask", id: id, text: String(text) });
      });
    },
    busy: function () { return waiting.size > 0; },
    // A finished game's review (web/page/review.py): progress(id, text) after every slice, the
    // promise of the last reply; cancelReview(id) stops it after the slice under way.
    review: function (id, text, progress) {
      start();
      if (status === "failed") return Promise.reject(new Error(why));
      return new Promise(function (resolve, reject) {
        reviews.set(id, { resolve: resolve, reject: reject, progress: progress });
        worker.postMessage({ type: "review", id: id, text: String(text) });
      });
    },
    cancelReview: function (id) { if (worker) worker.postMessage({ type: "cancel", id: id }); },
    reviewing: function () { return reviews.size > 0; },
    // Test hook (e2e/test_worker_e2e.py): the worker keeps its answers until hold(false), so a
    // test can act while a computer seat is still thinking without waiting on the clock.
    hold: function (on) { start(); if (worker) worker.postMessage({ type: "hold", on: !!on }); },
  };
})();

// Two-finger pinch on the board: the board follows the fingers (CSS transform) while they
// move; when they lift, Python gets the zoom reached (main.py euroZoomTo) and redraws, and the
// point between the fingers stays under them. Zoom state lives in Python (web/model/session.py).
(function () {
  "use strict";
  var pts = new Map(), g = null;
  function two() { var p = Array.from(pts.values()); return [p[0], p[1]]; }
  function dist() { var p = two(); return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y); }
  function mid() { var p = two(); return { x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 }; }
  document.addEventListener("pointerdown", function (e) {
    var sc = e.target.closest ? e.target.closest(".board-scroll") : null;
    if (!sc) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size !== 2) return;
    var board = sc.querySelector(".board");
    if (!board) return;
    var r = board.getBoundingClientRect(), m = mid();
    g = { sc: sc, board: board, d0: dist() || 1, ratio: 1, zoom: Number(board.dataset.zoom || 1),
          fx: (m.x - r.left) / r.width, fy: (m.y - r.top) / r.height, mx: m.x, my: m.y };
    board.style.transformOrigin = (m.x - r.left) + "px " + (m.y - r.top) + "px";
  });
  document.addEventListener("pointermove", function (e) {
    if (!pts.has(e.pointerId)) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size !== 2 || !g) return;
    var z = Math.max(0.5, Math.min(3, g.zoom * dist() / g.d0));
    g.ratio = z / g.zoom;
    g.board.style.transform = "scale(" + g.ratio + ")";
    e.preventDefault();
  }, { passive: false });
  function end(e) {
    if (!pts.delete(e.pointerId) || pts.size >= 2 || !g) return;
    var done = g; g = null;
    done.board.style.transform = "";
    if (Math.abs(done.ratio - 1) < 0.05) return;
    if (typeof window.euroZoomTo === "function") {
      window.euroZoomTo(done.zoom * done.ratio);  // synchronous: Python redraws #app
      var sc = document.querySelector(".board-scroll"), board = sc && sc.querySelector(".board");
      if (board) {  // keep the pinched point under the fingers
        var s = sc.getBoundingClientRect();
        sc.scrollLeft = done.fx * board.offsetWidth + board.offsetLeft - (done.mx - s.left);
        sc.scrollTop = done.fy * board.offsetHeight + board.offsetTop - (done.my - s.top);
      }
    } else {  // Python not ready yet: step with the buttons
      var btn = document.querySelector(done.ratio > 1 ? '[data-action="ui:zoom-in"]' : '[data-action="ui:zoom-out"]');
      if (btn) btn.click();
    }
  }
  document.addEventListener("pointerup", end);
  document.addEventListener("pointercancel", end);
})();
