// <euro-board record=… step=… focus=… mark=… lesson=…>: a tutorial board (docs/embedding.md).
//
// The board a page ships inside the element (an SVG rendered at build time by scripts/build_tutorials.py
// with the app's own renderers) is shown as it is: no runtime needed. "Play on from here" (or
// play="1") makes it live: ONE Pyodide per page, started the first time any board asks, drives every
// board of the page (web/embed/board.py keeps each board by its key). Every decision stays in Python;
// this file only moves markup in and taps out.
//
// The same script is the frame page's (tutorial/frame.html?record=…): it builds one live board from
// the query and tells the parent its height (postMessage), so an <iframe> needs no scroll bar; a
// parent page that loads this script sizes its frames by those messages.
//
// Words (docs/i18n.md, docs/embedding.md): WORDS below is empty here; scripts/build_tutorials.py
// writes the tutorial catalogs' tut.ui.* texts of every language (and the pseudo-locale qps) into
// the built copy, so this one file speaks every language on any page, with no request. A board's
// language: its lang attribute (or the nearest [lang] of the page; the frame: lang= in its URL),
// else the app's stored choice, else the browser's; the same code goes to Python (lang=), which
// words the board, the engine's prompts and labels and the parameter errors.
(function () {
  "use strict";
  if (window.euroBoards) return;
  var BASE = new URL(".", document.currentScript && document.currentScript.src || location.href);
  var ATTRS = ["record", "step", "focus", "mark", "lesson", "lastmove", "lang", "at", "better", "loss", "spread"];
  var WORDS = {};  // @words@ {lang: {key: text}}: filled in the built copy (scripts/build_tutorials.py)
  var runtime = null;
  var seq = 0;
  var state = { runtimes: 0, live: 0, boot: null };
  window.euroBoards = state;

  // The parts of app.zip (scripts/app_parts.py; filled in by scripts/build.py): a page downloads the
  // core, the games its boards show (a lesson's key prefix, a record's game) and their languages;
  // anything else (a record of the other game) is fetched when imported (docs/build.md "First visit").
  var PARTS = "__PARTS__";
  function pageParts() {
    var want = ["core", "embed", "lang-en"];
    document.querySelectorAll("euro-board").forEach(function (el) {
      var q = el.hasAttribute("data-query") ? el.getAttribute("data-query") : "";
      var lesson = el.getAttribute("lesson") || (/(?:^|&)lesson=([\w-]+)/.exec(q) || [])[1] || "";
      var rec = el.getAttribute("record") || decodeURIComponent(q);
      var game = (/"game"\s*:\s*"(\w+)"/.exec(rec) || [])[1];
      want.push(PARTS.prefixes[lesson.split(".")[0]], PARTS.games[game], "lang-" + (el._lang || "en"));
    });
    return want.filter(function (p, i) { return p && PARTS.files[p] && want.indexOf(p) === i; });
  }

  // The page's one runtime: Pyodide + app.zip (engine + web modules), then web.embed.board.
  function boot() {
    if (runtime) return runtime;
    state.runtimes += 1;  // e2e counts these: five live boards, one runtime
    state.boot = performance.now();
    runtime = (async function () {
      var mod = await import(new URL("vendor/pyodide/pyodide.mjs", BASE).href);
      var py = await mod.loadPyodide({ indexURL: new URL("vendor/pyodide/", BASE).href });
      try {  // the standard library beyond the trimmed one, on demand (scripts/stdlib_fallback.py)
        var fallback = py.pyimport("euro_stdlib_fallback");
        fallback.install(new URL("vendor/pyodide/python_stdlib_full.zip", BASE).href);
        fallback.destroy();
      } catch (e) { /* a build without the trimmed library: the whole one is there */ }
      if (typeof PARTS !== "object") {  // a build without the parts: all of app.zip
        var zip = await fetch(new URL("app.zip", BASE).href);
        if (!zip.ok) throw new Error("app.zip: HTTP " + zip.status);
        py.unpackArchive(await zip.arrayBuffer(), "zip");
      } else {
        var want = pageParts(), root = new URL("../", BASE).href;
        var zips = want.map(function (p) { return fetch(new URL(PARTS.files[p], root).href); });
        zips.forEach(function (z) { z.catch(function () {}); });
        for (var i = 0; i < zips.length; i++) {
          var part = await zips[i];
          if (!part.ok) throw new Error(part.url + ": HTTP " + part.status);
          py.unpackArchive(await part.arrayBuffer(), "zip");
        }
        var loader = py.pyimport("euro_parts");  // the other parts on demand (scripts/app_parts_loader.py)
        loader.install(root, JSON.stringify(PARTS), JSON.stringify(want));
        loader.destroy();
      }
      var eb = py.pyimport("web.embed.board");
      state.ready = performance.now();  // bench/tutorial_load.py reads these
      return eb;
    })();
    return runtime;
  }

  // Python call -> [ok, text]; proxies freed at once (one call per tap).
  function call(eb, name) {
    var args = Array.prototype.slice.call(arguments, 2);
    var fn = eb.BOARDS[name];
    var res = eb.safe.apply(null, [fn].concat(args));
    var out = res.toJs();
    res.destroy();
    fn.destroy();
    return out;
  }

  var STYLE = "euro-board{display:block;position:relative}" +
    "euro-board svg{display:block;width:100%;height:auto}" +
    // a board is never drawn below its viewBox width (text >= 12 px): on a phone its box scrolls, not the page
    "euro-board .eb-static,euro-board .eb-svg{overflow-x:auto;overflow-y:hidden}" +
    "euro-board .eb-static:focus-visible,euro-board .eb-svg:focus-visible{outline:3px solid #0072B2;outline-offset:2px}" +
    "euro-board .eb-bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}" +
    "euro-board button{min-height:44px;min-width:44px;padding:6px 14px;font:inherit;border-radius:8px;" +
    "border:1px solid #6b665c;background:#fffdf8;color:#1d1d1d;cursor:pointer}" +
    "euro-board button.eb-primary{background:#0072B2;border-color:#0072B2;color:#fff}" +
    "euro-board .eb-choices{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}" +
    "euro-board .eb-prompt{font-weight:600;margin:6px 0}" +
    "euro-board .eb-error{color:#a3001b;font-weight:600}" +
    // a turning point's words: above the picture, inside its scrolling box but never scrolled away
    "euro-board .eb-turning{position:sticky;left:0}euro-board .eb-turning p{margin:4px 0}" +
    "euro-board .eb-tp-loss{font-weight:600}" +
    "euro-board .eb-ok{color:#0b6b2f;font-weight:600}euro-board .eb-hint{color:#8a3b00;font-weight:600}" +
    "euro-board [hidden]{display:none!important}";

  // The shipped CJK fonts' @font-face rules and each board's --euro-cjk (scripts/cjk_font.py
  // embed_css): filled in the built copy, so a page that loads only this script still draws
  // Chinese with a real font. Their URLs are beside this script (@FONTS@ -> .../web/fonts/).
  var FONT_CSS = "";  // @fonts@

  function addStyle() {
    if (document.getElementById("euro-board-style")) return;
    var s = document.createElement("style");
    s.id = "euro-board-style";
    s.textContent = STYLE + FONT_CSS.split("@FONTS@").join(new URL("fonts/", BASE).href);
    document.head.appendChild(s);
  }

  function query(el) {
    if (el.hasAttribute("data-query")) return el.getAttribute("data-query");  // the frame's whole query
    var p = new URLSearchParams();
    ATTRS.forEach(function (a) { if (el.hasAttribute(a)) p.append(a, el.getAttribute(a)); });
    if (!p.has("lang")) p.append("lang", el._lang);  // Python words the board the same way
    return p.toString();
  }

  // A board's language: the code given (its lang attribute, the frame's lang=), else the app's
  // stored choice (same site), else the browser's; never the pseudo-locale unless asked for.
  // web/lang.js holds the pick (shared with the app's web/boot.js).
  function pickLang(given) { return window.euroLang.pick(given); }

  // tut.ui.<key> in the board's language ({name} filled from params); English, then the key.
  function say(el, key, params) {
    var k = "tut.ui." + key, own = WORDS[el._lang] || {}, en = WORDS.en || {};
    var text = own[k] || en[k] || k;
    return text.replace(/\{(\w+)\}/g, function (m, name) {
      return params && Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : m;
    });
  }

  class EuroBoard extends HTMLElement {
    connectedCallback() {
      if (this._key) return;
      addStyle();
      this._key = this.id || "euro-board-" + (++seq);
      var host = this.closest("[lang]");
      if (!this._lang) this._lang = pickLang(host && host.getAttribute("lang"));
      this.setAttribute("data-eb-lang", window.euroLang.htmlLang(this._lang));  // its fonts (FONT_CSS)
      this._state = 0;
      this._static = this.querySelector(".eb-static");
      this._live = document.createElement("div");
      this._live.className = "eb-live";
      this._live.hidden = true;
      var bar = document.createElement("div");
      bar.className = "eb-bar";
      this._play = button(say(this, "play"), "eb-primary eb-play");
      this._reset = button(say(this, this.hasAttribute("lesson") ? "again" : "reset"), "eb-reset");
      this._reset.hidden = true;
      bar.appendChild(this._play);
      bar.appendChild(this._reset);
      if (this.getAttribute("toolbar") === "1" && this.hasAttribute("record")) {  // the full app at this position
        var app = new URLSearchParams({ embed: "1", record: this.getAttribute("record"), controls: "1", play: "1" });
        var step = this.getAttribute("step") || this.getAttribute("at");  // a turning point: its position
        if (step) app.set("step", step);
        app.set("lang", this._lang);  // the app opens in the board's language
        var a = document.createElement("a");
        a.href = new URL("../index.html?" + app.toString(), BASE).href;
        a.textContent = say(this, "open_app");
        a.className = "eb-app";
        bar.appendChild(a);
      }
      this._msg = document.createElement("p");
      this._msg.className = "eb-error";
      this._msg.setAttribute("role", "alert");
      this._msg.hidden = true;
      this.appendChild(this._live);
      this.appendChild(this._msg);
      this.appendChild(bar);
      var self = this;
      this._play.addEventListener("click", function () { self.goLive(); });
      this._reset.addEventListener("click", function () { self.tap("ui:reset"); });
      this._live.addEventListener("click", function (e) {
        var t = e.target.closest("[data-action]");
        if (t && self._live.contains(t)) self.tap(t.getAttribute("data-action"));
      });
      this._live.addEventListener("keydown", function (e) {
        var t = e.target.closest && e.target.closest('[role="button"][data-action]');
        if (t && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); self.tap(t.getAttribute("data-action")); }
      });
      if (this._static) this.openAtSpot(this._static);
      if (this.getAttribute("play") === "1") this.goLive();
      else if (!this._static) this.drawStatic();
    }

    // A board wider than the screen scrolls inside its own box (text stays >= 12 px): the box is
    // a named region the keyboard can reach and scroll, and opens centred on the svg's data-spot
    // (web/embed_board.spot: the lesson's target, a note, the last turn), computed from the
    // picture alone: no waiting. data-scrolled says it is done (tests wait on it).
    openAtSpot(box) {
      this.nameBox(box);
      var svg = box.querySelector("svg[data-spot]");
      var vb = svg && svg.viewBox && svg.viewBox.baseVal;
      if (vb && vb.width) {
        var scale = svg.getBoundingClientRect().width / vb.width;
        var x = (parseFloat(svg.getAttribute("data-spot")) - vb.x) * scale;
        box.scrollLeft = Math.max(0, x - box.clientWidth / 2);
      }
      this._left = box.scrollLeft;
      this.dataset.scrolled = "1";
    }

    nameBox(box) {
      if (!box || box.hasAttribute("tabindex")) return;
      var shipped = this._static && this._static !== box && this._static.getAttribute("aria-label");
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", shipped || say(this, "frame_title"));
    }

    // The live board is redrawn on every tap: its box keeps the reader's scroll (first the
    // static board's), so the part they look at stays in view.
    keepLeft() {
      var box = this._live.querySelector(".eb-svg");
      if (!box) return;
      this.nameBox(box);
      if (!this._live.hidden) box.scrollLeft = this._left || 0;
    }

    // The page's runtime, or null once the board has said it could not start (in its language;
    // the browser's own wording of the cause, English, goes to data-error for whoever debugs).
    async runtime() {
      try {
        return await boot();
      } catch (err) {
        this._msg.setAttribute("data-error", String(err && err.message || err).slice(0, 200));
        this.fail(say(this, "no_start"));
        return null;
      }
    }

    // No board shipped inside (the frame page): the runtime draws the read-only one first.
    async drawStatic() {
      this._play.disabled = true;
      var eb = await this.runtime();
      if (!eb) return;
      var got = call(eb, "static", this._key, query(this));
      if (!got[0]) { this.fail(got[1]); return; }
      this._static = document.createElement("div");
      this._static.className = "eb-static";
      this._static.innerHTML = got[1];
      this.insertBefore(this._static, this.firstChild);
      this.openAtSpot(this._static);
      this._play.disabled = false;
      this.dataset.static = "1";
      this.bump();
    }

    async goLive() {
      if (this.dataset.live) return;
      this.dataset.live = "starting";
      this._play.disabled = true;
      this._play.textContent = say(this, "loading");
      var eb = await this.runtime();
      if (!eb) return;
      this._eb = eb;
      var t0 = performance.now();
      var got = call(eb, "open", this._key, query(this));
      state.opens = (state.opens || []).concat([performance.now() - t0]);
      if (!got[0]) { this.fail(got[1]); return; }
      if (this._static) this._left = this._static.scrollLeft;
      this.show(got[1]);
      this._play.hidden = true;
      this._reset.hidden = false;
      if (this._static) this._static.hidden = true;
      this._live.hidden = false;
      this.keepLeft();
      this.dataset.live = "1";
      state.live += 1;
      this.dispatchEvent(new CustomEvent("euro-board-live", { bubbles: true }));
    }

    fail(text) {
      this.dataset.live = "error";
      this._msg.textContent = text;
      this._msg.hidden = false;
      this._play.hidden = true;
      this.bump();
    }

    tap(action) {
      if (!this._eb) return;
      var got = call(this._eb, "tap", this._key, action);
      if (!got[0]) { this._msg.textContent = got[1]; this._msg.hidden = false; this.bump(); return; }
      this._msg.hidden = true;
      this.show(got[1]);
    }

    show(html) {
      var old = this._live.querySelector(".eb-svg");
      if (old && !this._live.hidden) this._left = old.scrollLeft;
      this._live.innerHTML = html;
      this.keepLeft();
      var verdict = this._eb ? String(call(this._eb, "verdict", this._key)[1]) : "";
      this.dataset.verdict = verdict;
      var ok = this.querySelector(".eb-ok"), hint = this.querySelector(".eb-hint"), next = this.querySelector(".eb-next");
      if (ok) ok.hidden = verdict !== "ok";
      if (hint) hint.hidden = verdict !== "hint";
      if (next) next.hidden = verdict !== "ok";
      this.bump();
    }

    bump() {  // tests wait on this counter (never on time)
      this._state += 1;
      this.dataset.state = String(this._state);
    }
  }

  function button(label, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = label;
    return b;
  }

  // web/lang.js first: the built pages load it before this script; a page that loads only this
  // script (docs/embedding.md) gets it from beside this file before any board starts.
  var langWaiting = null;
  function withLang(then) {
    if (window.euroLang) { then(); return; }
    if (!langWaiting) {
      langWaiting = [];
      var s = document.createElement("script");
      s.src = new URL("lang.js", BASE).href;
      s.onload = function () { langWaiting.forEach(function (f) { f(); }); };
      document.head.appendChild(s);
    }
    langWaiting.push(then);
  }

  withLang(function () { customElements.define("euro-board", EuroBoard); });

  // "Next lesson": start the next lesson's board and bring it into view.
  document.addEventListener("click", function (e) {
    var t = e.target.closest && e.target.closest(".eb-next[data-next]");
    if (!t) return;
    var el = document.getElementById(t.getAttribute("data-next"));
    if (!el) return;
    el.scrollIntoView({ block: "start" });
    if (el.goLive) el.goLive();
  });

  // A parent page sizes the frames that report their height (no nested scroll bars).
  addEventListener("message", function (e) {
    var m = e.data;
    if (!m || m.type !== "euro-frame-height" || typeof m.height !== "number" || e.origin !== location.origin) return;
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === e.source) frames[i].style.height = Math.ceil(Math.min(m.height, 20000)) + "px";
    }
  });

  // The frame page (tutorial/frame.html): one live board from the query; reports its height.
  function frame() {
    var q = new URLSearchParams(location.search);
    if (q.get("toolbar") === "1") {  // the full app with its toolbar and History
      var app = new URLSearchParams({ embed: "1", record: q.get("record") || "", controls: "1", play: "1" });
      if (q.get("step") || q.get("at")) app.set("step", q.get("step") || q.get("at"));  // at: a turning point
      if (q.get("lang")) app.set("lang", q.get("lang"));  // the app then speaks the frame's language
      location.replace(new URL("../index.html?" + app.toString(), location.href).href);
      return;
    }
    var el = document.createElement("euro-board");
    var lang = pickLang(q.get("lang"));
    el._lang = lang;
    el.setAttribute("lang", window.euroLang.htmlLang(lang));
    document.documentElement.lang = el.getAttribute("lang");
    document.title = say(el, "frame_title");
    // Checked in Python (a bad query gets a message), in the frame's language: lang= added if absent.
    el.setAttribute("data-query", q.has("lang") ? location.search : (location.search ? location.search + "&" : "?") + "lang=" + lang);
    if (q.get("lesson")) el.setAttribute("lesson", q.get("lesson"));
    if (q.get("play") === "1") el.setAttribute("play", "1");
    document.getElementById("board").appendChild(el);
    if (parent !== window && "ResizeObserver" in window) {
      new ResizeObserver(function () {
        parent.postMessage({ type: "euro-frame-height", height: document.documentElement.scrollHeight }, location.origin);
      }).observe(document.body);
    }
  }
  withLang(function () {
    if (document.body && document.body.hasAttribute("data-euro-frame")) frame();
    else document.addEventListener("DOMContentLoaded", function () {
      if (document.body.hasAttribute("data-euro-frame")) frame();
    });
  });
})();
