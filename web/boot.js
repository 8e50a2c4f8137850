// Runs before Python: shows start-up progress (the service worker: web/update.js).
(function () {
  "use strict";
  // main.py calls euroStage("loading engine") and euroStage("ready").
  window.euroStage = function (stage) {
    var el = document.getElementById("loading-stage");
    if (el) el.textContent = stage;
    if (stage === "ready") document.documentElement.classList.add("ready");
  };
  // The new-game form is never submitted (Enter in a name field would reload the page); an
  // inline onsubmit would need 'unsafe-inline' under the Content-Security-Policy.
  document.addEventListener("submit", function (e) { e.preventDefault(); });
  // PyScript reports its own steps (downloading Pyodide, unpacking files, ...).
  addEventListener("py:progress", function (e) {
    if (typeof e.detail === "string") window.euroStage("loading runtime: " + e.detail);
  });
  // The service worker and its update notice: web/update.js.
})();

// Two-finger pinch on the board: the board follows the fingers (CSS transform) while they
// move; when they lift, Python gets the zoom reached (main.py euroZoomTo) and redraws, and the
// point between the fingers stays under them. Zoom state lives in Python (web/session.py).
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
