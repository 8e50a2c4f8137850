// The app before the runtime (docs/build.md "Page start-up"): something to act on as soon as
// the page is shown, while Pyodide and the app load (seconds on a tablet).
//  - No saved game: the new-game screen, written at build time by the app's own renderer
//    (scripts/preboot_forms.py): the English one is in dist/index.html's #app already (hidden by
//    #app[data-prebuilt] until this file knows no saved game is there), another language's comes
//    from dist/web/preboot/<lang>.json (fetched as this file starts), as do the parts swapped in
//    below (fetched once the form is shown). The player picks game, seats,
//    names, levels; Start is queued and the game begins once Python runs. A change Python would
//    redraw the form for redraws it from the renderer's own parts with the player's values, by
//    the rules the build wrote next to them (no game, count, option, level or language is named
//    in this file), so the DOM is the one Python draws; Python then takes it over in place
//    (web/screens/preboot.py).
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
  var mode = "", handed = false, queued = false, data = null, lang = "", parts = null;
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
  // All it knows of the form comes from the build (scripts/preboot_forms.py), never from here:
  // the table `data` holds "forms" (each game and player count's form, every seat a person),
  // "bots" (seat i's row as a computer, the speed field), "marks" (each seat's token in each
  // colour) and "rules" (the games' player counts and the count a game starts at, the languages,
  // how long the form keeps a value the player set: found by asking Python's form code). A change
  // Python redraws the form for (data-refresh) redraws it here from those parts as Python does
  // from its form state (web/model/settings.py refreshed_form). `kept` is that state: the values
  // the player set, where they differ from what the parts show. `person`: a seat kind's value on
  // the form of the game and count (a person), which a computer's row swapped in does not show.
  var kept = {}, person = {};

  function field(form, name) { return form.elements.namedItem(name); }

  // A radio group as a list (a RadioNodeList, or one radio), else null.
  function radios(el) {
    if (el.length !== undefined && el.tagName !== "SELECT") return el;
    return el.type === "radio" ? [el] : null;
  }

  // What a field shows: a radio group's checked value ("" if none), a checkbox's state, a value.
  function shows(el) {
    var group = radios(el);
    if (group) {
      for (var i = 0; i < group.length; i++) if (group[i].checked) return group[i].value;
      return "";
    }
    return el.type === "checkbox" ? el.checked : el.value;
  }

  // What the part a field came in shows (its markup's own value).
  function initial(el) {
    var group = radios(el), i;
    if (group) {
      for (i = 0; i < group.length; i++) if (group[i].defaultChecked) return group[i].value;
      return "";
    }
    if (el.type === "checkbox") return el.defaultChecked;
    if (el.tagName !== "SELECT") return el.defaultValue;
    for (i = 0; i < el.options.length; i++) if (el.options[i].defaultSelected) return el.options[i].value;
    return el.options.length ? el.options[0].value : "";
  }

  function setValue(el, v) {
    var group = radios(el);
    if (group) Array.prototype.forEach.call(group, function (r) { r.checked = r.value === v; });
    else if (el.type === "checkbox") el.checked = !!v;
    else if (el.tagName !== "SELECT") el.value = v;
    else for (var i = 0; i < el.options.length; i++) if (el.options[i].value === v) { el.value = v; return; }
  }

  // The values on the form go into `kept`: one back at its part's own is dropped; an emptied one
  // that Python refills (rules.refill: a name) keeps the one before. Game and player count pick the part.
  function note(form) {
    Array.prototype.forEach.call(form.elements, function (el) {
      var name = el.name;
      if (!name || name === "game" || name === "players" || el.type === "button") return;
      var v = shows(field(form, name));
      if (v === (name in person ? person[name] : initial(field(form, name)))) delete kept[name];
      else if (!(v === "" && data.rules.refill.indexOf(name) >= 0)) kept[name] = v;
    });
  }

  function parse(html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  }

  // The form of game:players as Python draws it for the values kept: that count's part, a
  // computer's row for each seat kept a computer (when that is every seat, the first stays a
  // person, as in refreshed_form), the speed field while a seat is a computer, then the values
  // kept: a field's while it is on the form, else as long as rules.keep says (the same game, or
  // always). `sameGame`: the game did not change. The field that had focus has it again.
  function showForm(game, players, sameGame) {
    var html = data.forms[game + ":" + players];
    if (!html) return false;
    var had = document.activeElement, focus = had && app.contains(had) ? had.name : "";
    app.replaceChildren(parse(html));
    app.removeAttribute("data-prebuilt");
    var form = document.getElementById("new-game");
    disableChrome();
    confirmSetting(form);
    var rows = form.querySelectorAll(".seat-row"), bots = [], i;
    person = {};
    for (i = 0; i < rows.length; i++) {
      var kind = rows[i].querySelector("select.kind");
      person[kind.name] = initial(kind);
      if (kind.name in kept) setValue(kind, kept[kind.name]);
      if (shows(kind) !== initial(kind)) bots.push(i);
    }
    if (bots.length && bots.length === rows.length) {
      var stays = rows[bots.shift()].querySelector("select.kind");
      delete kept[stays.name];
      setValue(stays, initial(stays));
    }
    bots.forEach(function (s) { rows[s].replaceWith(parse(data.bots[game].rows[s]).firstElementChild); });
    var speed = bots.length ? parse(data.bots[game].speed).firstElementChild : null;
    if (speed) field(form, "confirm").closest("label").after(speed);
    Object.keys(kept).forEach(function (name) {
      var el = field(form, name), scope = data.rules.keep[name];
      if (!el) {
        if (!(scope === "always" || (scope === "game" && sameGame))) delete kept[name];
        return;
      }
      setValue(el, kept[name]);
      if (shows(el) !== kept[name]) delete kept[name];  // not a choice here (a level of another game)
    });
    for (i = 0; i < rows.length; i++) markColour(form, i);
    var again = focus && form.querySelector('[name="' + focus + '"]');
    if (again) again.focus({ preventScroll: true });
    return true;
  }

  function markColour(form, i) {
    var row = form.querySelectorAll(".seat-row")[i], colour = field(form, "colour" + i).value;
    var svg = data.marks[i] && data.marks[i][colour];
    var old = row.querySelector("svg.mark");
    if (svg && old && old.outerHTML !== svg) old.replaceWith(parse(svg).firstElementChild);
  }

  // "Confirm every move" shows the stored device setting, as Python draws it.
  function confirmSetting(form) {
    var box = field(form, "confirm");
    if (!box) return;
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

  // A change Python redraws the form for: the form again, with the player's values. Another game
  // keeps the count if it has it, else takes its nearest (the smaller on a tie); a count the game
  // does not have: the count the game starts at (web/model/settings.py refreshed_form).
  function refresh(el) {
    var form = document.getElementById("new-game"), game = field(form, "game").value, g = data.rules.games[game];
    var players = Number(field(form, "players").value), sameGame = el.name !== "game";
    if (!g) return;
    note(form);
    if (g.players.indexOf(players) < 0) players = sameGame || !players ? g.default : nearest(g.players, players);
    showForm(game, players, sameGame);
  }

  function nearest(counts, n) {
    var best = counts[0], i;
    for (i = 1; i < counts.length; i++) {
      var d = Math.abs(counts[i] - n), b = Math.abs(best - n);
      if (d < b || (d === b && counts[i] < best)) best = counts[i];
    }
    return best;
  }

  function switchLanguage(code) {
    if (data.rules.languages.indexOf(code) < 0) return;
    try {  // remembered like the picker in the app (Python reads euro:settings "lang" at start)
      var prefs = JSON.parse(localStorage.getItem("euro:settings") || "{}") || {};
      if (typeof prefs !== "object" || Array.isArray(prefs)) prefs = {};
      prefs.lang = code;
      localStorage.setItem("euro:settings", JSON.stringify(prefs));
    } catch (e) { /* blocked: this page only */ }
    load(code).then(function (table) {
      if (handed || !table || mode !== "form") return;
      var form = document.getElementById("new-game");
      note(form);  // the default names follow the language: only what the player set is kept
      data = table;
      lang = code;
      window.euroSetLang(code);
      showForm(field(form, "game").value, Number(field(form, "players").value), true);
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
    // dist/index.html says which languages have a form before the runtime and which one is in #app
    // already (<html data-preboot-langs data-prebuilt>, scripts/preboot_forms.patch_index): another
    // one's is fetched now; none: nothing to show. Without them (index.html as the repo has it): try.
    var langs = root.getAttribute("data-preboot-langs"), built = root.getAttribute("data-prebuilt");
    var forms = langs !== null && langs.split(" ").indexOf(lang) < 0 ? Promise.resolve(null)
      : lang === built ? null : (parts = load(lang));
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
          var first = table.rules.first;
          if (showForm(first, table.rules.games[first].default, true)) shown("form");
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
    confirmSetting(form);
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
    // Python (hand_over), for its form: the values the player set that the form on screen does not
    // hold (a seat beyond the player count, an option of another count), as JSON {field: value}.
    kept: function () {
      var form = document.getElementById("new-game"), out = {};
      Object.keys(kept).forEach(function (name) {
        if (!form || !field(form, name)) out[name] = String(kept[name]);
      });
      return JSON.stringify(out);
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
