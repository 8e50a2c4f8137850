// What the device offers the app: Install (after beforeinstallprompt), full screen
// (only where document.fullscreenEnabled), and the Screen Wake Lock while a game is in progress.
// Plain JS before Python starts; the toolbar's buttons (web/screens/panels.py) carry data-action
// ui:install / ui:fullscreen and are shown by the classes set here on <html> (Python redraws
// #app, never <html>). Python tells what is on screen through body[data-screen] and the
// "Keep the screen on" setting through body[data-wakelock] ("0" = off).
(function () {
  "use strict";
  var root = document.documentElement, deferred = null;

  addEventListener("beforeinstallprompt", function (e) {
    e.preventDefault();  // no mini-infobar: the Install button offers it when the player wants
    deferred = e;
    root.classList.add("can-install");
  });
  addEventListener("appinstalled", function () { deferred = null; root.classList.remove("can-install"); });

  if (document.fullscreenEnabled) root.classList.add("can-fullscreen");
  document.addEventListener("fullscreenchange", function () {
    root.classList.toggle("is-fullscreen", !!document.fullscreenElement);
  });

  document.addEventListener("click", function (e) {
    var el = e.target.closest ? e.target.closest("[data-action]") : null;
    var a = el ? el.getAttribute("data-action") : "";
    if (a === "ui:install" && deferred) {
      var prompt = deferred;
      deferred = null;
      root.classList.remove("can-install");
      prompt.prompt();
    } else if (a === "ui:fullscreen" && document.fullscreenEnabled) {
      if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
      else root.requestFullscreen({ navigationUI: "hide" }).catch(function () {});
    }
  }, true);

  // Screen Wake Lock: held while a game is in progress (play, a computer's turn, the hand-off),
  // released on the new-game form, the end screen and History, and when the setting is off. The
  // browser drops it when the page is hidden; it is asked for again when the page is visible.
  var lock = null, asking = false;
  var PLAYING = ["play", "bot", "handoff"];
  function wanted() {
    var b = document.body;
    return !!(b && navigator.wakeLock && PLAYING.indexOf(b.dataset.screen) >= 0 &&
              b.dataset.wakelock !== "0" && document.visibilityState === "visible");
  }
  function mark(held) { document.body.dataset.wakeLock = held ? "held" : "released"; }
  function sync() {
    if (wanted() && !lock && !asking) {
      asking = true;
      navigator.wakeLock.request("screen").then(function (l) {
        asking = false;
        lock = l;
        mark(true);
        l.addEventListener("release", function () { if (lock === l) { lock = null; mark(false); } });
        if (!wanted()) sync();  // the screen changed while asking
      }).catch(function () { asking = false; });  // refused (battery saver, no permission): play on
    } else if (!wanted() && lock) {
      var l = lock;
      lock = null;
      mark(false);
      l.release().catch(function () {});
    }
  }
  document.addEventListener("visibilitychange", sync);
  document.addEventListener("DOMContentLoaded", function () {
    new MutationObserver(sync).observe(document.body, { attributes: true, attributeFilter: ["data-screen", "data-wakelock"] });
  });
})();
