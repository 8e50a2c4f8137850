// The offline service worker and the "A new version is ready" notice.
// A new build installs in the background and waits (web/sw.js never skips waiting on its own);
// the page keeps running the build it started with and offers Reload. Reload posts SKIP_WAITING
// to the waiting worker and reloads once it controls the page; the game on screen is saved after
// every move, so it continues where it was. Before that, the waiting build is asked which rules
// versions it can play (its versions.json): if not the running game's, the notice says so and
// offers Export first (ui:export-first: main.py exports the game on screen).
// A build the new worker refused (a file that is not that build's: web/sw.js checks every file's
// hash) changes nothing: the page says nothing to the player, the old build keeps running, and
// the next check tries again.
// State for tests: body[data-update] = "ready" | "incompatible" | "refused" (nothing shown).
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  var waiting = null, reloading = false;

  function major(v) { return String(v || "").split(".")[0]; }

  function versionsOf(worker) {  // the waiting build's versions.json, by message (no fetch: the
    return new Promise(function (resolve) {  // old worker would answer a fetch from the old cache)
      var ch = new MessageChannel();
      ch.port1.onmessage = function (e) { resolve(e.data); };
      worker.postMessage({ type: "VERSIONS" }, [ch.port2]);
    });
  }

  function show(incompatible, version) {
    var el = document.getElementById("update-notice");
    if (!el) return;
    shown = [incompatible, version];
    var T = window.euroT || function (k) { return k; };  // web/boot.js: the words of the player's language
    var text = el.querySelector(".update-text");
    text.textContent = incompatible ? T("app.js.update_incompatible").replace("{version}", version) : T("app.js.update_ready");
    text.removeAttribute("data-i18n");  // worded here, not by the page's language fill
    // data-action only while shown: main.py then exports on a tap; no stray control otherwise
    var exp = el.querySelector(".update-export");
    exp.hidden = !incompatible;
    if (incompatible) exp.setAttribute("data-action", "ui:export-first");
    else exp.removeAttribute("data-action");
    el.hidden = false;
    document.body.dataset.update = incompatible ? "incompatible" : "ready";
  }

  var shown = null;  // (incompatible, version) on show: re-worded when the language changes
  document.addEventListener("euro:lang", function () {
    var el = document.getElementById("update-notice");
    if (shown && el && !el.hidden) show(shown[0], shown[1]);
  });

  function offer(worker) {
    waiting = worker;
    show(false);
    versionsOf(worker).then(function (v) {
      var running = document.body.dataset.engine;  // main.py: the rules version of the game on screen
      if (running && v && Array.isArray(v.supported) && v.supported.indexOf(major(running)) < 0) show(true, running);
    });
  }

  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("#update-reload")) return;
    reloading = true;
    if (waiting) waiting.postMessage({ type: "SKIP_WAITING" });
    else location.reload();
  });
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (reloading) location.reload();  // the new build now answers: load it
  });

  // Registered once the page is playable (euro:stage "ready", web/boot.js) and what the page
  // fetches for its next start has arrived (window.euroBackground: the memory snapshot,
  // web/pyodide-snap.mjs): a first visit's downloads never share the network with the worker's
  // install, which then finds the files in the HTTP cache (web/sw.js) instead of fetching them again.
  function whenSettled(fn) {
    var go = function () { Promise.resolve(window.euroBackground).then(fn, fn); };
    var loaded = document.readyState === "complete";
    var ready = !!(document.body && document.body.dataset.ready === "1");
    var both = function () { if (loaded && ready) { loaded = ready = false; go(); } };
    if (!loaded) addEventListener("load", function () { loaded = true; both(); }, { once: true });
    if (!ready) document.addEventListener("euro:stage", function stage(e) {
      if (e.detail !== "ready") return;
      document.removeEventListener("euro:stage", stage);
      ready = true;
      both();
    });
    both();
  }

  whenSettled(function () {
    navigator.serviceWorker.register("sw.js").then(function (reg) {
      if (!reg) return;  // service workers blocked (Playwright's default test context)
      // Tests and the tablet's return to the app ask for an update check; never on a timer.
      window.euroCheckUpdate = function () { return reg.update().then(function () { return true; }); };
      document.addEventListener("visibilitychange", function () {
        if (document.visibilityState === "visible") reg.update().catch(function () {});
      });
      if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
      reg.addEventListener("updatefound", function () {
        var w = reg.installing;
        if (!w) return;
        w.addEventListener("statechange", function () {
          // installed + a controller = an update (the first install has no controller: nothing to offer)
          if (w.state === "installed" && navigator.serviceWorker.controller) offer(w);
          // install failed (files of another build): the old worker stays; retried on a later check
          if (w.state === "redundant" && !waiting) document.body.dataset.update = "refused";
        });
      });
      document.body.dataset.sw = "registered";
    }).catch(function (err) {
      console.warn("offline cache unavailable:", err);
    });
  });
})();
