// What the device offers the app: Install (after beforeinstallprompt, else the Home Screen
// instructions), full screen (only where document.fullscreenEnabled), the Screen Wake Lock while a
// game is in progress, and the note on keeping the saved games where the browser may delete them.
// Plain JS before Python starts; the toolbar's buttons (web/screens/panels.py) carry data-action
// ui:install / ui:fullscreen and are shown by the classes set here on <html> (Python redraws
// #app, never <html>). Python tells what is on screen through body[data-screen] and the
// "Keep the screen on" setting through body[data-wakelock] ("0" = off). Each engine-specific
// behaviour here, with its public source: docs/engines.md.
(function () {
  "use strict";
  var root = document.documentElement, deferred = null;

  // Running from the Home Screen (or as an installed app): Apple's navigator.standalone, else the
  // display mode the manifest asks for.
  function standalone() {
    return navigator.standalone === true ||
      !!(window.matchMedia && matchMedia("(display-mode: standalone)").matches);
  }

  addEventListener("beforeinstallprompt", function (e) {
    e.preventDefault();  // no mini-infobar: the Install button offers it when the player wants
    deferred = e;
    root.classList.add("can-install");
  });
  addEventListener("appinstalled", function () {
    deferred = null;
    root.classList.remove("can-install", "no-install-prompt");
  });
  // Where no install prompt will ever come (the browser has no BeforeInstallPromptEvent at all:
  // Safari on iPad and iPhone, Firefox) and the app is not already on the Home Screen, Install
  // shows how to add it by hand (#install-help) instead of staying hidden. Decided by feature,
  // never by the browser's name; Chromium keeps waiting for its prompt.
  if (!("BeforeInstallPromptEvent" in window) && !standalone()) root.classList.add("no-install-prompt");

  // #install-help (index.html): a modal dialog with the steps; Close, Esc or a tap outside it.
  function showInstallHelp() {
    var d = document.getElementById("install-help");
    if (!d) return;
    if (typeof d.showModal === "function") { if (!d.open) d.showModal(); }
    else d.setAttribute("open", "");
    document.body.dataset.installHelp = "open";
  }
  function closeInstallHelp() {
    var d = document.getElementById("install-help");
    if (!d || !d.open) return;
    if (typeof d.close === "function") d.close();
    else d.removeAttribute("open");
  }
  function install() {
    if (deferred) {
      var prompt = deferred;
      deferred = null;
      root.classList.remove("can-install");
      prompt.prompt();
    } else {
      showInstallHelp();
    }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var d = document.getElementById("install-help");
    if (!d) return;
    d.addEventListener("close", function () { document.body.dataset.installHelp = "closed"; });
    d.addEventListener("click", function (e) { if (e.target === d) closeInstallHelp(); });  // the backdrop
  });

  // ----- keeping the saved games ----------------------------------------------------------------
  // web/store.js asks once per page load that the saved games be kept (navigator.storage.persist();
  // main.py asks at start). Where the answer is no (or the browser has no such question) and the app
  // is not running from the Home Screen, one note (#keep-note) says how to keep them: add the app to
  // the Home Screen, or Export. Safari deletes what a site's scripts stored after seven days of use
  // without a visit, except for a Home Screen app (docs/engines.md). Shown only on the new-game
  // screen and only once a game is saved there (something to lose; a first visit's form keeps its
  // Start in view), never over a game (a player's cards may be on screen), until the player
  // dismisses it: then never again on this device (localStorage). body[data-persist] says the
  // answer ("granted" | "refused" | "unavailable"), for tests.
  var NOTE_KEY = "euro:keep-note", answer = null;
  function dismissed() {
    try { return localStorage.getItem(NOTE_KEY) === "dismissed"; } catch (e) { return true; }  // blocked: say nothing
  }
  function syncNote() {
    var el = document.getElementById("keep-note"), b = document.body;
    if (!el || !b) return;
    var show = answer === false && !standalone() && !dismissed() && b.dataset.screen === "new" &&
      !!document.querySelector("#app .saved-games li") &&
      b.dataset.embed !== "1" && !(window.euroStore && window.euroStore.status() === "blocked");
    if (show === !el.hidden) return;
    el.hidden = !show;
    b.dataset.keepNote = show ? "shown" : "hidden";
  }
  function askPersist() {
    var b = document.body;
    if (answer !== null || !window.euroStore || b.dataset.embed === "1") return;
    answer = undefined;  // asking
    window.euroStore.persist().then(function (granted) {
      b.dataset.persist = granted === true ? "granted" : granted === false ? "refused" : "unavailable";
      answer = granted === true;
      syncNote();
    });
  }
  document.addEventListener("euro:stage", function (e) { if (e.detail === "ready") askPersist(); });
  document.addEventListener("DOMContentLoaded", function () {
    new MutationObserver(syncNote).observe(document.body, { attributes: true, attributeFilter: ["data-screen"] });
    var app = document.getElementById("app");  // the saved games' list is drawn into #app
    if (app) new MutationObserver(syncNote).observe(app, { childList: true });
  });

  if (document.fullscreenEnabled) root.classList.add("can-fullscreen");
  document.addEventListener("fullscreenchange", function () {
    root.classList.toggle("is-fullscreen", !!document.fullscreenElement);
  });

  document.addEventListener("click", function (e) {
    var el = e.target.closest ? e.target.closest("[data-action]") : null;
    var a = el ? el.getAttribute("data-action") : "";
    var id = e.target.closest ? (e.target.closest("button[id]") || {}).id : "";
    if (a === "ui:install" || id === "keep-how") {
      install();
    } else if (id === "install-help-close") {
      closeInstallHelp();
    } else if (id === "keep-ok") {
      try { localStorage.setItem(NOTE_KEY, "dismissed"); } catch (ignore) { /* blocked: hidden for this page */ }
      answer = true;  // nothing more to say on this page either
      syncNote();
      var next = document.querySelector("#app main button, #app main select, #app main input");
      if (next) next.focus({ preventScroll: true });  // the button is gone: focus stays in the page
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
