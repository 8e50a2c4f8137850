// Runs before Python: shows start-up progress and registers the offline service worker.
(function () {
  "use strict";
  // main.py calls euroStage("loading engine") and euroStage("ready").
  window.euroStage = function (stage) {
    var el = document.getElementById("loading-stage");
    if (el) el.textContent = stage;
    if (stage === "ready") document.documentElement.classList.add("ready");
  };
  // PyScript reports its own steps (downloading Pyodide, unpacking files, ...).
  addEventListener("py:progress", function (e) {
    if (typeof e.detail === "string") window.euroStage("loading runtime: " + e.detail);
  });
  // Offline after the first visit. Blocked in the network-guard tests (route() cannot see SW traffic).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    addEventListener("load", function () {
      navigator.serviceWorker.register("sw.js").catch(function (err) {
        console.warn("offline cache unavailable:", err);
      });
    });
  }
})();

// Two-finger pinch on the board presses the zoom buttons (zoom state lives in Python).
(function () {
  "use strict";
  var pts = new Map(), startDist = 0;
  function dist() { var p = Array.from(pts.values()); return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y); }
  document.addEventListener("pointerdown", function (e) {
    if (!e.target.closest || !e.target.closest(".board-scroll")) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size === 2) startDist = dist();
  });
  document.addEventListener("pointermove", function (e) {
    if (!pts.has(e.pointerId)) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size !== 2 || !startDist) return;
    var ratio = dist() / startDist, btn = null;
    if (ratio > 1.25) btn = document.querySelector('[data-action="ui:zoom-in"]');
    if (ratio < 0.8) btn = document.querySelector('[data-action="ui:zoom-out"]');
    if (btn) { btn.click(); startDist = dist(); }
  });
  function end(e) { pts.delete(e.pointerId); if (pts.size < 2) startDist = 0; }
  document.addEventListener("pointerup", end);
  document.addEventListener("pointercancel", end);
})();
