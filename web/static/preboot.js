// The app before the runtime (docs/web-shell.md "Page start-up"): something to act on as soon as
// the page is shown, while Pyodide and the app load (seconds on a tablet).
//  - No saved game: the new-game screen, written at build time by the app's own renderer
//    (scripts/preboot_forms.py): the English one is in dist/index.html's #app already (hidden by
//    #app[data-prebuilt] until this file knows no saved game is there), another language's comes
//    from dist/web/preboot/<lang>.json (fetched as this file starts), as do the parts swapped in
//    below (fetched once the form is shown). The player picks game, seats,
//    names, levels; Start is queued and the game begins once Python runs. Game, player count,
//    seat kind and colour changes swap in the renderer's own parts (typed values carried), so
//    the DOM is the one Python draws; Python then takes it over in place (web/screens/preboot.py).
//  - A saved game: its last screen, stored with every save (euroStore.keepTable, written by
//    web/screens/preboot.py through keepTable below), shown inert and marked as waiting, sanitised (it is
//    read back from storage), and made live in place by Python's first redraw (web/morph.js).
//  - A seeded link (?game=...&seed=...) opened before: its first screen, stored the first time
//    (euroStore.keepLinkTable, through keepLinkTable below), shown like a saved game's table; the
//    same seed starts the same table. Another link, an embedded board: the progress bar (#loading).
// Runs in <head> (one file with the other start-up scripts in dist/, scripts/build.py): what it
// can do then (decide from the link, start the reads and fetches) it does at once; the rest once
// the page is parsed. PyScript and the runtime's big downloads wait until this file's screen is
// painted (euroRuntime.release, web/store.js): on a slow tablet they would hold the main thread.
// Until Python calls handOver(), this file handles the events inside #app and Python sees none.
// body[data-preboot] = form | queued | table | link (tests wait on it); gone once ready.
(function () {
  "use strict";
  var root = document.documentElement, body = null, app = null;
  var mode = "", handed = false, queued = false, data = null, lang = "en", parts = null;
  var SCREENS = ["play", "bot", "over", "handoff"];
  // The link as opened (main.py drops the query once its game started): the key of its stored table.
  var LINK = location.search, SEEDED = /[?&]game=/.test(LINK) && /[?&]seed=\d/.test(LINK);

  function setMode(m) {
    mode = m;
    if (m) body.setAttribute("data-preboot", m); else body.removeAttribute("data-preboot");
    root.classList.toggle("preboot", m === "form" || m === "queued" || m === "table");
    root.classList.toggle("preboot-form", m === "form" || m === "queued");
    var lead = document.getElementById("loading-lead");
    if (lead) {  // what the bar says: T("app.js.starting") T("app.js.queued") T("app.js.waiting")
      var key = m === "queued" ? "app.js.queued" : m === "table" ? "app.js.waiting" : "app.js.starting";
      lead.setAttribute("data-i18n", key);
      lead.textContent = window.euroT(key) === key ? lead.textContent : window.euroT(key);
    }
  }

  // While this file handles #app's events: a screen of its own is shown and Python has not taken over.
  function active() { return !handed && (mode === "form" || mode === "queued" || mode === "table"); }

  // Python drew #app (only the build-time form, or nothing, is there otherwise).
  function taken() {
    return handed || body.hasAttribute("data-ready") || (app.childNodes.length > 0 && !app.hasAttribute("data-prebuilt"));
  }

  // The build-time form goes unseen (a saved game, a link, a form in another language).
  function dropPrebuilt() {
    if (!app.hasAttribute("data-prebuilt")) return;
    app.replaceChildren();
    app.removeAttribute("data-prebuilt");
  }

  // ----- the new-game form -------------------------------------------------------------------------
  function field(form, name) { return form.elements.namedItem(name); }

  // A field's value when the player changed it from the markup's default, else null.
  function changed(el) {
    if (!el || !el.name) return null;
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked ? el.checked : null;
    if (el.tagName === "SELECT") {
      var o = el.options[el.selectedIndex];
      return o && !o.defaultSelected ? el.value : null;
    }
    return el.value !== el.defaultValue ? el.value : null;
  }

  function setValue(el, v) {
    if (!el) return;
    if (el.type === "checkbox") el.checked = !!v;
    else if (el.tagName === "SELECT") {
      for (var i = 0; i < el.options.length; i++) if (el.options[i].value === v) { el.value = v; return; }
    } else el.value = v;
  }

  // What the player chose so far: {name: value} of the changed fields (radios: {name: value}).
  function choices(form) {
    var out = {};
    if (!form) return out;
    Array.prototype.forEach.call(form.elements, function (el) {
      var v = changed(el);
      if (v === null) return;
      if (el.type === "radio") { if (el.checked) out[el.name] = el.value; }
      else out[el.name] = v;
    });
    return out;
  }

  function parse(html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  }

  // Show the form of game:players with the player's earlier choices carried over (options only
  // within the same game), then each seat's kind (computer rows) and colour.
  function showForm(game, players, carried, sameGame) {
    var html = data.forms[game + ":" + players];
    if (!html) return false;
    app.replaceChildren(parse(html));
    app.removeAttribute("data-prebuilt");
    var form = document.getElementById("new-game");
    disableChrome();
    Object.keys(carried).forEach(function (name) {
      if (name === "game" || name === "players") return;
      var el = field(form, name);
      if (!el) return;
      if (el.length !== undefined && el.tagName !== "SELECT") {  // radios (a RadioNodeList)
        if (!sameGame) return;
        Array.prototype.forEach.call(el, function (r) { r.checked = r.value === carried[name]; });
      } else if (!(el.closest && el.closest("fieldset.option") && !sameGame)) setValue(el, carried[name]);
    });
    var kinds = seatKinds(form), allBots = kinds.length > 0 && kinds.every(function (k) { return k === "bot"; });
    if (allBots) setValue(field(form, "kind" + kinds.indexOf("bot")), "human");  // a person stays (session.refresh_form)
    for (var i = 0; i < kinds.length; i++) seatKind(form, i, carried);
    confirmSetting(form, carried);
    return true;
  }

  function seatKinds(form) {
    var out = [];
    for (var i = 0; field(form, "kind" + i); i++) out.push(field(form, "kind" + i).value);
    return out;
  }

  // The kind a seat row was drawn for (its kind select's default option).
  function rowKind(sel) {
    for (var i = 0; i < sel.options.length; i++) if (sel.options[i].defaultSelected) return sel.options[i].value;
    return "human";
  }

  // Seat i's row as the renderer draws it for its kind (a computer: name "Computer N", level).
  function seatKind(form, i, carried) {
    var sel = field(form, "kind" + i), row = sel.closest(".seat-row");
    if (sel.value !== rowKind(sel)) {
      var game = field(form, "game").value;
      var fresh = sel.value === "bot" ? parse(data.bots[game].rows[i]).firstElementChild : humanRow(game, i);
      var typed = changed(field(form, "name" + i));
      var colour = field(form, "colour" + i).value, level = carried && carried["level" + i];
      row.replaceWith(fresh);
      if (typed !== null) setValue(field(form, "name" + i), typed);
      setValue(field(form, "colour" + i), colour);
      if (level) setValue(field(form, "level" + i), level);
    }
    markColour(form, i);
    speedField(form, carried);
  }

  function humanRow(game, i) {  // from the game's form with the most seats
    var most = 0;
    Object.keys(data.forms).forEach(function (k) {
      var p = k.split(":");
      if (p[0] === game) most = Math.max(most, Number(p[1]));
    });
    return parse(data.forms[game + ":" + most]).querySelectorAll(".seat-row")[i];
  }

  function markColour(form, i) {
    var row = field(form, "name" + i).closest(".seat-row"), colour = field(form, "colour" + i).value;
    var svg = data.marks[i] && data.marks[i][colour];
    var old = row.querySelector("svg.mark");
    if (svg && old && old.outerHTML !== svg) old.replaceWith(parse(svg).firstElementChild);
  }

  // The computer speed field: there while a seat is a computer (web/panels.turn_settings_fields).
  function speedField(form, carried) {
    var any = seatKinds(form).indexOf("bot") >= 0, el = form.querySelector("label.speed");
    if (any && !el) {
      var confirm = field(form, "confirm").closest("label");
      confirm.after(parse(data.bots[field(form, "game").value].speed).firstElementChild);
      if (carried && carried.speed) setValue(field(form, "speed"), carried.speed);
    } else if (!any && el) el.remove();
  }

  // "Confirm every move" shows the stored device setting, as Python draws it.
  function confirmSetting(form, carried) {
    var box = field(form, "confirm");
    if (!box || (carried && "confirm" in carried)) return;
    try {
      var prefs = JSON.parse(localStorage.getItem("euro:settings") || "{}") || {};
      if (prefs.confirm === true) { box.defaultChecked = true; box.checked = true; }
    } catch (e) { /* storage blocked or junk: Python says so */ }
  }

  // Controls that need Python (Help, Import, New game) wait for it; Install and full screen
  // (web/device.js) and the language picker work now.
  function disableChrome() {
    app.querySelectorAll("nav.toolbar [data-action]").forEach(function (el) {
      var a = el.getAttribute("data-action");
      if (a !== "ui:install" && a !== "ui:fullscreen") el.setAttribute("disabled", "");
    });
  }

  function refresh(el) {
    var form = document.getElementById("new-game");
    var carried = choices(form), game = field(form, "game").value;
    if (el.name === "game" || el.name === "players") {
      var sameGame = el.name === "players";
      var players = sameGame ? Number(el.value) : data.defaults[game];
      carried.game = game;
      showForm(game, players, carried, sameGame);
    } else if (/^kind\d$/.test(el.name)) {
      var kinds = seatKinds(form), i = Number(el.name.slice(4)), first = kinds.indexOf("bot");
      if (kinds.every(function (k) { return k === "bot"; })) {  // a person stays at the first computer
        setValue(field(form, "kind" + first), "human");        // seat (web/model/session.py refresh_form)
        seatKind(form, first, carried);
      }
      if (first !== i || !kinds.every(function (k) { return k === "bot"; })) seatKind(form, i, carried);
    } else if (/^colour\d$/.test(el.name)) {
      markColour(form, Number(el.name.slice(6)));
    }
  }

  function switchLanguage(code) {
    var L = window.euroLang, next = L.normalize(code);
    if (!next || next === "qps") return;
    try {  // remembered like the picker in the app (Python reads euro:settings "lang" at start)
      var prefs = JSON.parse(localStorage.getItem("euro:settings") || "{}") || {};
      if (typeof prefs !== "object" || Array.isArray(prefs)) prefs = {};
      prefs.lang = next;
      localStorage.setItem("euro:settings", JSON.stringify(prefs));
    } catch (e) { /* blocked: this page only */ }
    var form = document.getElementById("new-game");
    var carried = choices(form), game = field(form, "game").value, players = Number(field(form, "players").value);
    // default names follow the language: only typed names are carried
    load(next).then(function (table) {
      if (handed || !table) return;
      data = table;
      lang = next;
      window.euroSetLang(next);
      carried.game = game;
      showForm(game, players, carried, true);
    });
  }

  function load(code) {
    return fetch("web/preboot/" + code + ".json").then(function (r) { return r.ok ? r.json() : null; })
      .catch(function () { return null; });
  }

  // ----- the stored table --------------------------------------------------------------------------
  var DROP = { SCRIPT: 1, IFRAME: 1, OBJECT: 1, EMBED: 1, LINK: 1, META: 1, BASE: 1, FOREIGNOBJECT: 1,
               TEMPLATE: 1, FORM: 1, NOSCRIPT: 1, FRAME: 1, FRAMESET: 1, PORTAL: 1 };
  var URL_ATTR = /^(href|xlink:href|src|srcset|action|formaction|poster|background|ping)$/i;

  // Stored markup is untrusted: parsed inert, then only drawing and text remain:
  // no script or other active element, no event handler, no link or URL that leaves the page,
  // no style that loads anything.
  // Parsed in a document of its own (nothing in it loads or runs); inline handlers are renamed
  // before the parse only because Chrome reports each one to the console as a CSP violation
  // when it parses it; the walk below is what removes them.
  function sanitise(html) {
    var doc = document.implementation.createHTMLDocument("");
    doc.body.innerHTML = String(html || "").replace(/(\s)on([a-z]+\s*=)/gi, "$1data-dropped-on$2");
    var all = doc.body.querySelectorAll("*");
    for (var i = all.length - 1; i >= 0; i--) {
      var el = all[i];
      if (DROP[el.localName.toUpperCase()] || DROP[el.nodeName.toUpperCase()]) { el.remove(); continue; }
      // The drawings' own style sheets stay; one that loads anything goes. The just-played
      // animation (web/panels.fresh_style) is emptied, not removed: the resumed screen has an
      // empty one in its place, so the live screen patches this one in place (web/morph.js).
      if (el.localName === "style" && el.classList.contains("fresh")) {
        el.textContent = "";
      } else if (el.localName === "style" && /@import|url\((?!\s*["']?#)|expression/i.test(el.textContent)) {
        el.remove();
        continue;
      }
      for (var j = el.attributes.length - 1; j >= 0; j--) {
        var a = el.attributes[j], v = a.value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
        if (/^(on|data-dropped-on)/i.test(a.name) || (URL_ATTR.test(a.name) && v.charAt(0) !== "#")
            || /(javascript|vbscript|data):/.test(v) || (a.name === "style" && /url\((?!#)|expression|@import/.test(v))) {
          el.removeAttribute(a.name);
        }
      }
    }
    doc.body.querySelectorAll("nav.toolbar.more-open").forEach(function (n) { n.classList.remove("more-open"); });
    var frag = document.createDocumentFragment();
    while (doc.body.firstChild) frag.appendChild(document.adoptNode(doc.body.firstChild));
    return frag;
  }

  function showTable(t) {
    if (taken()) { release(); return; }
    app.replaceChildren(sanitise(t.html));
    app.removeAttribute("data-prebuilt");
    app.inert = true;  // nothing to act on until Python runs: no tap is lost in a dead control
    app.classList.add("waiting");
    // The first redraw then patches this markup (web/main.py morphs game screens in place).
    body.setAttribute("data-screen", t.screen);
    shown("table");
  }

  // ----- events before Python takes over ---------------------------------------------------------------
  function listen() {
    app.addEventListener("click", function (e) {
      if (!active()) return;
      var el = e.target.closest ? e.target.closest("[data-action]") : null;
      e.stopPropagation();  // Python's document listener must not see it (web/device.js ran already)
      if (!el || mode !== "form") return;
      if (el.getAttribute("data-action") === "ui:start") {
        e.preventDefault();
        queued = true;
        var form = document.getElementById("new-game");
        form.inert = true;  // what Start will read stays as it is
        form.classList.add("waiting");
        setMode("queued");
      }
    });
    app.addEventListener("change", function (e) {
      if (!active()) return;
      e.stopPropagation();
      if (mode !== "form") return;
      var el = e.target;
      // The build-time English form is shown before its parts have loaded: a change made
      // meanwhile is applied once they are here (in order), as long as nothing took over.
      withData(function () {
        if (mode !== "form" || handed) return;
        if (el.getAttribute("data-lang") === "1") switchLanguage(el.value);
        else if (el.getAttribute("data-refresh") === "1") refresh(el);
      });
    });
  }

  function withData(fn) {
    if (data) { fn(); return; }
    if (!parts) parts = load(lang);
    parts = parts.then(function (table) {
      if (table && !data) data = table;
      if (data) fn();
      return table;
    });
  }

  // ----- start ------------------------------------------------------------------------------------------------
  // What a link or an old save decides alone, from <head>: "embed" | "link" | "legacy" | "" (the
  // form or a saved game's table, once IndexedDB answers).
  function decide() {
    var q = location.search;
    if (/[?&]embed=1(&|$)/.test(q)) return "embed";
    if (/[?&]game=/.test(q)) return "link";
    try { if (localStorage.getItem("euro:current") !== null) return "legacy"; } catch (e) { /* blocked */ }
    return "";
  }

  function whenParsed(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
    else fn();
  }

  // After the screen shown here is painted (a frame, then a task): the runtime may start.
  function afterPaint(fn) {
    requestAnimationFrame(function () { setTimeout(fn, 0); });
  }

  function release() {
    if (window.euroRuntime) window.euroRuntime.release();
  }

  // Nothing shown here: the loading screen (its board) until Python draws.
  function nothing() {
    dropPrebuilt();
    root.classList.remove("preboot-wait");
    release();
  }

  function start() {
    var kind = decide();
    var m = /[?&]lang=([^&#]*)/.exec(location.search);
    lang = window.euroLang.pick(m && decodeURIComponent(m[1]));
    if (kind) {
      release();   // the runtime starts as soon as it can: nothing to wait for
      var store = window.euroStore, stored = kind === "link" && SEEDED ? store.ready.then(function (ok) {
        return ok ? store.linkTable(LINK) : null;
      }).catch(function () { return null; }) : null;
      whenParsed(function () {
        body = document.body;
        app = document.getElementById("app");
        dropPrebuilt();
        if (kind !== "link") return;
        setMode("link");
        if (stored) stored.then(function (t) {  // the same link opened before: its first screen
          var fits = t && t.lang === lang && SCREENS.indexOf(t.screen) >= 0 && typeof t.html === "string";
          if (fits && mode === "link" && !taken()) showTable(t);
          else if (mode === "link") body.setAttribute("data-link-table", "none");  // tests wait on it
        });
      });
      return;
    }
    // The form or the table: the loading screen's board is not drawn meanwhile (it would show for
    // a moment, and cost its layout on a slow device).
    root.classList.add("preboot-wait");
    var store = window.euroStore;
    var found = store.ready.then(function (ok) {
      return ok ? store.startup() : { current: null, table: null };
    });
    // The form in dist/index.html is English (scripts/build.py): another language's is fetched now.
    var forms = lang === "qps" ? Promise.resolve(null) : lang === "en" ? null : (parts = load(lang));
    whenParsed(function () {
      body = document.body;
      app = document.getElementById("app");
      listen();
      found.then(function (got) {
        var current = got.current, t = got.table;
        if (current) {  // Python restores it: its stored table meanwhile, if it is this game's
          if (t && t.slot === current && t.lang === lang && SCREENS.indexOf(t.screen) >= 0 && typeof t.html === "string") showTable(t);
          else nothing();
          return null;
        }
        if (!forms) {
          if (app.getAttribute("data-prebuilt") === lang && app.querySelector("#new-game")) { showPrebuilt(); return null; }
          forms = parts = load(lang);   // no build-time form here (index.html as the repo has it)
        }
        return forms.then(function (table) {
          if (!table || taken()) { nothing(); return; }
          data = table;
          if (showForm(table.first, table.defaults[table.first], {}, true)) shown("form");
          else nothing();
        });
      }).catch(function (e) { console.warn("preboot: " + e); nothing(); });
    });
  }

  // The build-time English form, already parsed: what showForm does to a fresh form.
  function showPrebuilt() {
    var form = document.getElementById("new-game");
    form.reset();   // values the browser may have restored into it (reload, back) are not the player's now
    app.removeAttribute("data-prebuilt");
    disableChrome();
    confirmSetting(form, {});
    shown("form");
    if (!parts) parts = load(lang);   // the parts a change swaps in
  }

  function shown(m) {
    setMode(m);
    root.classList.remove("preboot-wait");
    afterPaint(release);
  }

  // Ready: the page is Python's (web/boot.js euroStage("ready")).
  document.addEventListener("euro:stage", function (e) {
    if (e.detail !== "ready" || !app) return;
    handed = true;
    app.inert = false;
    app.classList.remove("waiting");
    body.removeAttribute("data-link-table");
    setMode("");
  });

  window.euroPreboot = {
    // Python (web/screens/preboot.py hand_over): from now on Python handles #app's events. Returns what
    // was shown and whether Start was pressed: "form" | "queued" | "table" | "link" | "".
    handOver: function () {
      handed = true;
      return mode;
    },
    // Python (web/screens/preboot.py keep_table) after a save: the screen now on #app is the one the
    // next visit shows until the runtime is ready.
    keepTable: function (slot, screen, language) {
      if (SCREENS.indexOf(String(screen)) < 0) return;
      window.euroStore.keepTable({ slot: String(slot), screen: String(screen), lang: String(language), html: app.innerHTML });
    },
    // Python (web/screens/preboot.py keep_link_table) right after a seeded link started its game: the
    // screen now on #app is what this link shows at once when it is opened again.
    keepLinkTable: function (screen, language) {
      if (!SEEDED || SCREENS.indexOf(String(screen)) < 0) return;
      window.euroStore.keepLinkTable({ key: LINK, screen: String(screen), lang: String(language), html: app.innerHTML });
    },
  };
  start();
})();
