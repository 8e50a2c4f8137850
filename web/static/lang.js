// The language a page starts in, before Python runs: one copy of the pick for the app (web/boot.js,
// index.html) and the tutorial pages, the frame and any page with a <euro-board> (web/embed-board.js).
// Same rules as Python (web/i18n/__init__.py normalize, main.start_language; docs/i18n.md):
//   the code given (lang= in a link, a board's lang attribute, the page's <html lang>),
//   else the language picked last in the app (localStorage euro:settings "lang", same site),
//   else the browser's (navigator.languages), else English.
// The pseudo-locale qps (e2e/test_pseudo_locale.py) only when asked for by name.
// window.euroLang = {LANGS, normalize(code), pick(given), htmlLang(lang)}.
(function () {
  "use strict";
  if (window.euroLang) return;
  var LANGS = ["en", "zh_Hans", "zh_Hant", "es", "de"];

  // A browser or link code -> one of LANGS (Babel locale ids), "qps", or null.
  function normalize(code) {
    var c = String(code || "").replace(/_/g, "-").toLowerCase();
    if (!c || c.length > 35) return null;
    if (c === "qps" || c === "qps-ploc") return "qps";
    if (/^zh-(hant|tw|hk|mo)/.test(c)) return "zh_Hant";
    if (c === "zh" || c.indexOf("zh-") === 0) return "zh_Hans";
    var base = c.split("-")[0];
    for (var i = 0; i < LANGS.length; i++) if (LANGS[i].toLowerCase() === base) return LANGS[i];
    return null;
  }

  function pick(given) {
    var lang = normalize(given);
    if (lang) return lang;
    try {
      lang = normalize((JSON.parse(localStorage.getItem("euro:settings") || "{}") || {}).lang);
    } catch (e) { lang = null; }  // storage blocked or junk: the browser's language
    if (lang && lang !== "qps") return lang;
    var prefs = navigator.languages || [navigator.language];
    for (var i = 0; i < prefs.length; i++) {
      lang = normalize(prefs[i]);
      if (lang && lang !== "qps") return lang;
    }
    return "en";
  }

  // For <html lang> / a board's lang attribute: BCP 47 ("zh-Hans"); qps is English underneath.
  function htmlLang(lang) { return lang === "qps" ? "en" : String(lang).replace("_", "-"); }

  window.euroLang = { LANGS: LANGS, normalize: normalize, pick: pick, htmlLang: htmlLang };
})();

// Every error a page of ours meets, kept in window.euroErrors (text lines, at most 50): uncaught
// errors, unhandled rejections, Content-Security-Policy violations and console.error calls (Python's
// tracebacks reach the console through PyScript). Here because this is the first script of every
// page: the app's start.js and the tutorial pages. The e2e smoke reads it in each engine
// (e2e/test_engines_smoke.py): WebKit's WebDriver reports no console line or page error of its own.
// It only listens, and passes every console.error on: always on, it costs nothing until an error.
(function () {
  "use strict";
  if (window.euroErrors) return;
  var list = window.euroErrors = [];
  function add(kind, text) { if (list.length < 50) list.push(kind + ": " + String(text).slice(0, 600)); }
  // "Error: what" and where (an Error's stack has no message in WebKit)
  function told(x) { return x instanceof Error ? String(x) + (x.stack ? "\n" + x.stack : "") : String(x); }
  addEventListener("error", function (e) {
    add("uncaught", e.error ? told(e.error) : e.message + " (" + e.filename + ":" + e.lineno + ")");
  });
  addEventListener("unhandledrejection", function (e) { add("unhandled rejection", told(e.reason)); });
  addEventListener("securitypolicyviolation", function (e) {
    add("CSP violation", e.effectiveDirective + " refused " + (e.blockedURI || "inline") + " (" + e.sourceFile + ":" + e.lineNumber + ")");
  });
  var error = console.error;
  console.error = function () {
    add("console.error", Array.prototype.map.call(arguments, told).join(" "));
    return error.apply(console, arguments);
  };
})();
