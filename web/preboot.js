// The app before the runtime (docs/web-shell.md "Page start-up"): something to act on as soon as
// the page is shown, while Pyodide and the app load (seconds on a tablet).
//  - No saved game: the new-game screen, written at build time by the app's own renderer
//    (dist/web/preboot/<lang>.json, scripts/preboot_forms.py). The player picks game, seats,
//    names, levels; Start is queued and the game begins once Python runs. Game, player count,
//    seat kind and colour changes swap in the renderer's own parts (typed values carried), so
//    the DOM is the one Python draws; Python then takes it over in place (web/preboot.py).
//  - A saved game: its last screen, stored with every save (euroStore.keepTable, written by
//    web/preboot.py through keepTable below), shown inert and marked as waiting, sanitised (it is
//    read back from storage), and made live in place by Python's first redraw (web/morph.js).
//  - A link that starts a game, an embedded board: the progress bar (#loading).
// Until Python calls handOver(), this file handles the events inside #app and Python sees none.
// body[data-preboot] = form | queued | table | link (tests wait on it); gone once ready.
(function () {
  "use strict";
  var root = document.documentElement, body = document.body, app = document.getElementById("app");
  var mode = "", handed = false, queued = false, data = null, lang = "en";
  var SCREENS = ["play", "bot", "over", "handoff"];

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

  function taken() { return handed || body.hasAttribute("data-ready") || app.childNodes.length > 0; }

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
        setValue(field(form, "kind" + first), "human");        // seat (web/session.py refresh_form)
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
    if (taken()) return;
    app.replaceChildren(sanitise(t.html));
    app.inert = true;  // nothing to act on until Python runs: no tap is lost in a dead control
    app.classList.add("waiting");
    // The first redraw then patches this markup (web/main.py morphs game screens in place).
    body.setAttribute("data-screen", t.screen);
    setMode("table");
  }

  // ----- events before Python takes over ---------------------------------------------------------------
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
    if (mode !== "form" || !data) return;
    var el = e.target;
    if (el.getAttribute("data-lang") === "1") switchLanguage(el.value);
    else if (el.getAttribute("data-refresh") === "1") refresh(el);
  });

  // ----- start ------------------------------------------------------------------------------------------------
  function start() {
    var q = location.search;
    if (/[?&]embed=1(&|$)/.test(q)) return;
    if (/[?&]game=/.test(q)) { setMode("link"); return; }
    var m = /[?&]lang=([^&#]*)/.exec(q);
    lang = window.euroLang.pick(m && decodeURIComponent(m[1]));
    try { if (localStorage.getItem("euro:current") !== null) return; } catch (e) { /* blocked */ }
    var store = window.euroStore, forms = lang === "qps" ? Promise.resolve(null) : load(lang);
    store.ready.then(function (ok) {
      if (!ok) return [null, null];
      return Promise.all([store.current(), store.table()]);
    }).then(function (found) {
      var current = found[0], t = found[1];
      if (current) {  // Python restores it: its stored table meanwhile, if it is this game's
        if (t && t.slot === current && t.lang === lang && SCREENS.indexOf(t.screen) >= 0 && typeof t.html === "string") showTable(t);
        return null;
      }
      return forms.then(function (table) {
        if (!table || taken()) return;
        data = table;
        if (showForm(table.first, table.defaults[table.first], {}, true)) setMode("form");
      });
    }).catch(function (e) { console.warn("preboot: " + e); });
  }

  // Ready: the page is Python's (web/boot.js euroStage("ready")).
  document.addEventListener("euro:stage", function (e) {
    if (e.detail !== "ready") return;
    handed = true;
    app.inert = false;
    app.classList.remove("waiting");
    setMode("");
  });

  window.euroPreboot = {
    // Python (web/preboot.py hand_over): from now on Python handles #app's events. Returns what
    // was shown and whether Start was pressed: "form" | "queued" | "table" | "link" | "".
    handOver: function () {
      handed = true;
      return mode;
    },
    // Python (web/preboot.py keep_table) after a save: the screen now on #app is the one the
    // next visit shows until the runtime is ready.
    keepTable: function (slot, screen, language) {
      if (SCREENS.indexOf(String(screen)) < 0) return;
      window.euroStore.keepTable({ slot: String(slot), screen: String(screen), lang: String(language), html: app.innerHTML });
    },
  };
  start();
})();
