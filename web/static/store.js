// Save slots in IndexedDB, as a small promise API on window.euroStore (main.py calls it).
// Plain JS rather than IndexedDB driven from Python: IndexedDB is callback/event based, and
// wrapping each request and transaction event in Pyodide proxies would be more glue (and more
// proxies to free) than this file. All decisions (what to save, when, what a failure means) stay
// in Python (web/model/session.py); this file only moves text in and out, one transaction per write.
//
// Stores: records (slot id -> record JSON text), summaries (slot id -> summary object for the
// saved-games list; its "rev" counts the saves of that slot), meta ("current" -> slot id of the
// game on screen; "table" -> that game's last screen, web/preboot.js), damaged (auto key -> {text, reason, date, slot}: saves that could not be
// restored, kept aside, never deleted here).
//
// Start-up: IndexedDB is probed first (euroStore.ready); PyScript (web/vendor/pyscript/core.js) is
// loaded only then, because its own file cache opens IndexedDB and hangs the start where storage
// is blocked. Blocked: PyScript gets an in-memory stand-in (memoryIDB below), every euroStore
// write answers "BlockedError" at once, and Python says that games are not kept on this device.
//
// One game, one writer: a tab holds a Web Lock per slot it plays (claim / takeOver; a lock taken
// by another tab calls window.euroSlotLost(id)), and a save never replaces a newer one: the
// slot's "rev" is compared in the same readwrite transaction ("ConflictError" otherwise).
(function () {
  "use strict";
  var NAME = "euro-games", VERSION = 1;
  var REAL = window.indexedDB;  // before memoryIDB may stand in for PyScript
  var opening = null, status = "probing", why = "";
  var revs = {};      // slot id -> the rev this tab last read or wrote
  var checked = {};   // slot id -> its rev was checked in a save while this tab held its lock
  var openDb = null;  // the database once open (the save fast path below needs it at once)
  var queued = 0;     // operations in the queue not yet settled
  var held = {};      // slot id -> release() of the Web Lock this tab holds
  var lost = {};      // slot id -> true once another tab took the slot over
  var LINK_TABLES = 4;  // seeded links whose first screen is kept (keepLinkTable)
  var pending = 0, atRisk = false;  // beforeunload: writes not yet stored / Python's "not stored"
  // Every operation runs after the previous one finished, so a read issued after a write (e.g.
  // the tests' currentText() after a move) sees it.
  var queue = Promise.resolve();

  function open() {
    if (!opening) {
      opening = new Promise(function (resolve, reject) {
        if (status === "blocked") throw blockedError();
        var req = REAL.open(NAME, VERSION);  // throws where IndexedDB is disabled: rejects
        req.onupgradeneeded = function () {
          var db = req.result;
          ["records", "summaries", "meta"].forEach(function (s) {
            if (!db.objectStoreNames.contains(s)) db.createObjectStore(s);
          });
          if (!db.objectStoreNames.contains("damaged")) db.createObjectStore("damaged", { autoIncrement: true });
        };
        req.onsuccess = function () {
          var db = req.result;
          db.onversionchange = function () { db.close(); opening = null; openDb = null; };  // a newer version may upgrade
          openDb = db;
          resolve(db);
        };
        req.onerror = function () { reject(req.error); };
        req.onblocked = function () { reject(new Error("the saved games are open in an older tab")); };
      });
      opening.catch(function () { opening = null; });  // try again on the next call
    }
    return opening;
  }

  // One transaction over `stores`; body(tx) issues the requests and may return a request whose
  // result is the value. Resolves when the transaction COMMITTED (so a write is really stored).
  // A write that holds a move is "strict": its commit waits until the browser has flushed it to
  // disk, so a move whose save said "stored" survives the browser being killed right after (with
  // the default durability Chromium answers before the flush; docs/saving.md "Saving").
  // Browsers without the option ignore it.
  var STRICT = { durability: "strict" };
  function transact(stores, mode, body, options) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = options ? db.transaction(stores, mode, options) : db.transaction(stores, mode), req = null;
        tx.oncomplete = function () { resolve(req ? req.result : undefined); };
        tx.onabort = tx.onerror = function () { reject(tx.error || new Error("the write was cancelled")); };
        try { req = body(tx); } catch (e) { try { tx.abort(); } catch (ignore) { /* already done */ } reject(e); }
      });
    });
  }

  function blockedError() {
    var e = new Error("this browser keeps no site data here" + (why ? " (" + why + ")" : ""));
    e.name = "BlockedError";
    return e;
  }
  function conflictError(what) {
    var e = new Error(what);
    e.name = "ConflictError";
    return e;
  }

  // The save fast path (docs/saving.md "How long a move stays unsaved"): while this tab holds the
  // slot's Web Lock and a save under that lock has checked the stored rev, no other tab can have
  // written the slot, so the rev needs no read. The transaction is made and its puts issued at once,
  // inside the tap's own task, and commit() sends it to disk without waiting for this thread: the
  // commit runs while Python draws the new screen, instead of after it (a read's callback, or the
  // queue's promise turn, would wait for the drawing). Only when nothing is queued (so the order
  // of operations stays the order they were issued). Returns the operation for write().
  function saveNow(db, id, text, summaryJson) {
    var next = (revs[id] || 0) + 1, failure = null, done;
    try {
      var tx = db.transaction(["records", "summaries", "meta"], "readwrite", STRICT);
      done = new Promise(function (resolve, reject) {
        tx.oncomplete = function () { resolve(); };
        tx.onabort = tx.onerror = function () { reject(failure || tx.error || new Error("the write was cancelled")); };
      });
      try {
        var summary = JSON.parse(summaryJson);
        summary.rev = next;
        tx.objectStore("records").put(text, id);
        tx.objectStore("summaries").put(summary, id);
        tx.objectStore("meta").put(id, "current");
        if (typeof tx.commit === "function") tx.commit();
      } catch (e) {  // a put threw (quota): the abort rejects
        failure = e;
        try { tx.abort(); } catch (ignore) { /* done */ }
      }
    } catch (e) {  // the database closed under us (a newer version): the queued path retries
      return function () { return Promise.reject(e); };
    }
    done.catch(function () {});
    return function () { return done.then(function () { revs[id] = next; }); };
  }

  function run(fn) {
    queued++;
    var p = queue.then(function () { return fn(); });
    queue = p.catch(function () {});
    queue.then(function () { queued--; });
    return p;
  }

  // Writes resolve to "" when stored, else to a short description of the failure (never reject:
  // Python shows the plain message and keeps the game in memory).
  function write(fn) {
    pending++;
    return run(fn).then(function () { pending--; return ""; }, function (e) {
      pending--;
      return String((e && e.name) || "Error") + ": " + String((e && e.message) || e).slice(0, 120);
    });
  }
  // A write that holds no move (the early pictures below): queued like the others, but leaving the
  // page while it is under way does not ask (it would ask "leave?" after every move of a slow device).
  function quietWrite(fn) {
    return run(fn).then(function () { return ""; }, function (e) { return String((e && e.name) || "Error"); });
  }

  // ----- the probe: is IndexedDB usable here? ---------------------------------------------------
  // Resolves true/false once: open() succeeded, or it threw / failed / was blocked. A browser that
  // never answers counts as blocked after PROBE_MS (a bound for the app, not a test timing).
  var PROBE_MS = 10000;
  var ready = new Promise(function (resolve) {
    var timer = setTimeout(function () { settle(false, "no answer from IndexedDB"); }, PROBE_MS);
    function settle(ok, reason) {
      if (status !== "probing") return;
      clearTimeout(timer);
      status = ok ? "ok" : "blocked";
      why = ok ? "" : String(reason || "").slice(0, 80);
      if (!ok) opening = null;
      resolve(ok);
    }
    try {
      if (!REAL || typeof REAL.open !== "function") settle(false, "no IndexedDB");
      else open().then(function () { settle(true); }, function (e) { settle(false, (e && (e.name || e.message)) || e); });
    } catch (e) { settle(false, (e && e.name) || e); }
  });

  // ----- one writer per game: Web Locks ---------------------------------------------------------
  function lockName(id) { return "euro-game:" + id; }
  function hold(id, options) {
    if (!navigator.locks || !navigator.locks.request) return Promise.resolve(true);  // rev check only
    if (held[id]) return Promise.resolve(true);
    return new Promise(function (resolve) {
      navigator.locks.request(lockName(id), options, function (lock) {
        if (!lock) { resolve(false); return undefined; }
        delete lost[id];
        resolve(true);
        return new Promise(function (release) { held[id] = release; });
      }).catch(function () {  // stolen by another tab ({steal: true}): it plays this slot now
        if (!held[id]) { resolve(false); return; }
        delete held[id];
        delete checked[id];
        lost[id] = true;
        if (typeof window.euroSlotLost === "function") window.euroSlotLost(id);
      });
    });
  }

  addEventListener("beforeunload", function (e) {
    if (pending > 0 || atRisk) { e.preventDefault(); e.returnValue = ""; }
  });

  var persisted = null;  // the promise of persist()'s answer
  window.euroStore = {
    ready: ready,
    // "ok" | "blocked" (no site data here: nothing is kept) | "probing" (before ready)
    status: function () { return status; },
    // Python: the game on screen is not stored (a write failed, or storage is blocked). Leaving
    // the page asks first while this is set or a write is still under way.
    setAtRisk: function (on) { atRisk = !!on; },
    // The Web Lock of a slot: resolves true when this tab may write it, false when another tab
    // holds it (Python then asks: take over, or continue as a copy).
    claim: function (id) { return hold(id, { ifAvailable: true }); },
    takeOver: function (id) { return hold(id, { steal: true }); },
    release: function (id) {
      if (held[id]) { held[id](); delete held[id]; }
      delete lost[id];
      delete revs[id];
      delete checked[id];
    },
    newId: function () {
      return "g" + Date.now().toString(36) + "-" + Math.floor(Math.random() * 1e9).toString(36);
    },
    // Ask once per page load that the browser not evict the saved games (under storage pressure;
    // Safari's seven days without a visit: docs/engines.md). Resolves true (kept), false (refused)
    // or null (no StorageManager.persist here); every call gets the first call's answer (main.py
    // asks at start, web/device.js reads it for the note on keeping the games).
    persist: function () {
      if (!persisted) {
        persisted = new Promise(function (resolve) {  // a throw in here rejects: false below
          if (!navigator.storage || typeof navigator.storage.persist !== "function") resolve(null);
          else navigator.storage.persist().then(function (v) { resolve(v === true); }, function () { resolve(false); });
        }).catch(function () { return false; });
      }
      return persisted;
    },
    // The record text and its summary (JSON text) and "current" in ONE transaction: all or nothing.
    // Refused ("ConflictError") when another tab took the slot over, or when the stored save
    // has a higher rev than the one this tab last read or wrote (checked in this transaction).
    save: function (id, text, summaryJson) {
      if (openDb && held[id] && checked[id] && !lost[id] && queued === 0) return write(saveNow(openDb, id, text, summaryJson));
      var locked = !!held[id];
      return write(function () {
        if (lost[id]) return Promise.reject(conflictError("the game is open in another tab"));
        var base = revs[id] || 0, next = null, failure = null;
        return transact(["records", "summaries", "meta"], "readwrite", function (tx) {
          var summaries = tx.objectStore("summaries"), old = summaries.get(id);
          old.onsuccess = function () {
            var stored = (old.result && typeof old.result.rev === "number") ? old.result.rev : 0;
            try {
              if (stored > base) throw conflictError("a newer save of this game is stored");
              var summary = JSON.parse(summaryJson);
              summary.rev = next = stored + 1;
              tx.objectStore("records").put(text, id);
              summaries.put(summary, id);
              tx.objectStore("meta").put(id, "current");
            } catch (e) {  // refused, or a put threw (quota): the abort rejects transact
              failure = e;
              try { tx.abort(); } catch (ignore) { /* done */ }
            }
          };
        }, STRICT).then(function () { revs[id] = next; if (locked && held[id]) checked[id] = true; },
                        function (e) { throw failure || e; });
      });
    },
    setCurrent: function (id) {
      return write(function () {
        return transact(["meta"], "readwrite", function (tx) { tx.objectStore("meta").put(id, "current"); });
      });
    },
    remove: function (id) {
      return write(function () {
        return transact(["records", "summaries", "meta"], "readwrite", function (tx) {
          tx.objectStore("records").delete(id);
          tx.objectStore("summaries").delete(id);
          var meta = tx.objectStore("meta"), cur = meta.get("current");
          cur.onsuccess = function () { if (cur.result === id) meta.delete("current"); };
        });
      });
    },
    // A save that could not be restored: moved (not copied) into "damaged" in one transaction.
    keepDamaged: function (id, text, reason) {
      return write(function () {
        return transact(["records", "summaries", "meta", "damaged"], "readwrite", function (tx) {
          tx.objectStore("damaged").add({ text: text, reason: reason, slot: id || "", date: new Date().toISOString() });
          if (id) {
            tx.objectStore("records").delete(id);
            tx.objectStore("summaries").delete(id);
            var meta = tx.objectStore("meta"), cur = meta.get("current");
            cur.onsuccess = function () { if (cur.result === id) meta.delete("current"); };
          }
        });
      });
    },
    // Reads resolve to null (nothing / no IndexedDB) rather than rejecting.
    // The record text (its rev is remembered: the next save of this slot is checked against it).
    load: function (id) {
      var rev = 0;
      return run(function () {
        return transact(["records", "summaries"], "readonly", function (tx) {
          var s = tx.objectStore("summaries").get(id);
          s.onsuccess = function () { rev = (s.result && typeof s.result.rev === "number") ? s.result.rev : 0; };
          return tx.objectStore("records").get(id);
        });
      }).then(function (t) {
        if (typeof t !== "string") return null;
        revs[id] = rev;
        return t;
      }, function () { return null; });
    },
    current: function () {
      return run(function () {
        return transact(["meta"], "readonly", function (tx) { return tx.objectStore("meta").get("current"); });
      }).then(function (id) { return typeof id === "string" ? id : null; }, function () { return null; });
    },
    // JSON text of the summaries (Python validates each one).
    list: function () {
      return run(function () {
        return transact(["summaries"], "readonly", function (tx) { return tx.objectStore("summaries").getAll(); });
      }).then(function (all) { return JSON.stringify(all || []); }, function () { return "[]"; });
    },
    damaged: function () {
      return run(function () {
        return transact(["damaged"], "readonly", function (tx) { return tx.objectStore("damaged").getAll(); });
      }).then(function (all) { return all || []; }, function () { return []; });
    },
    // The current game's last screen (web/preboot.js): {slot, screen, lang, html} under meta
    // "table", shown on the next visit until the runtime is ready. Its own small write after
    // each save: a failure costs only that early picture, never the game.
    keepTable: function (table) {
      return quietWrite(function () {
        return transact(["meta"], "readwrite", function (tx) { tx.objectStore("meta").put(table, "table"); });
      });
    },
    // A seeded link's first screen (web/preboot.js): {key, screen, lang, html}, key = the link's
    // query. Opened again, the link shows it at once while the runtime loads (the same seed starts
    // the same table). Under meta "links", the most recent LINK_TABLES links first; like keepTable,
    // a failed write costs only that early picture.
    keepLinkTable: function (entry) {
      return quietWrite(function () {
        return transact(["meta"], "readwrite", function (tx) {
          var meta = tx.objectStore("meta"), got = meta.get("links");
          got.onsuccess = function () {
            var list = Array.isArray(got.result) ? got.result.filter(function (e) { return e && e.key !== entry.key; }) : [];
            list.unshift(entry);
            try {
              meta.put(list.slice(0, LINK_TABLES), "links");
            } catch (e) {  // a put that throws (quota) in this event would be uncaught: the abort rejects transact
              try { tx.abort(); } catch (ignore) { /* done */ }
            }
          };
        });
      });
    },
    linkTable: function (key) {
      return run(function () {
        return transact(["meta"], "readonly", function (tx) { return tx.objectStore("meta").get("links"); });
      }).then(function (list) {
        if (!Array.isArray(list)) return null;
        for (var i = 0; i < list.length; i++) if (list[i] && typeof list[i] === "object" && list[i].key === key) return list[i];
        return null;
      }, function () { return null; });
    },
    // What web/preboot.js needs as the page starts, in one transaction: {current, table}
    // (current: the slot id or null; table: as table() gives it).
    startup: function () {
      var cur = null;
      return run(function () {
        return transact(["meta"], "readonly", function (tx) {
          var meta = tx.objectStore("meta"), c = meta.get("current");
          c.onsuccess = function () { cur = c.result; };
          return meta.get("table");
        });
      }).then(function (t) {
        return { current: typeof cur === "string" ? cur : null, table: t && typeof t === "object" ? t : null };
      }, function () { return { current: null, table: null }; });
    },
    table: function () {
      return run(function () {
        return transact(["meta"], "readonly", function (tx) { return tx.objectStore("meta").get("table"); });
      }).then(function (t) { return t && typeof t === "object" ? t : null; }, function () { return null; });
    },
    // The record text of the current slot, after every write issued so far (tests read it).
    currentText: function () {
      return window.euroStore.current().then(function (id) { return id ? window.euroStore.load(id) : null; });
    },
  };
})();

// Where storage is blocked: an IndexedDB stand-in in memory, only as much as PyScript's file cache
// (IDBMap in @pyscript/core) uses, so the runtime starts; nothing of it outlives the page. Then
// PyScript itself is loaded (index.html preloads it: no time is lost waiting for the probe).
(function () {
  "use strict";
  function request(fn) {
    var req = { result: undefined, error: null, onsuccess: null, onerror: null };
    Promise.resolve().then(function () {  // the caller sets onsuccess right after the call
      req.result = fn();
      if (req.onsuccess) req.onsuccess({ type: "success", target: req });
    });
    return req;
  }
  function memoryIDB() {
    var dbs = new Map();
    return {
      open: function (name) {
        return request(function () {
          if (!dbs.has(name)) dbs.set(name, new Map());
          var data = dbs.get(name);
          var store = {
            get: function (k) { return request(function () { return data.get(k); }); },
            getKey: function (k) { return request(function () { return data.has(k) ? k : undefined; }); },
            getAllKeys: function () { return request(function () { return Array.from(data.keys()); }); },
            getAll: function () { return request(function () { return Array.from(data.values()); }); },
            count: function () { return request(function () { return data.size; }); },
            put: function (v, k) { return request(function () { data.set(k, v); return k; }); },
            delete: function (k) { return request(function () { data.delete(k); }); },
            clear: function () { return request(function () { data.clear(); }); },
          };
          return {
            objectStoreNames: { length: 1, contains: function () { return true; } },
            createObjectStore: function () { return store; },
            transaction: function () { return { objectStore: function () { return store; } }; },
            close: function () {},
          };
        });
      },
    };
  }
  // PyScript starts once the page is parsed too: started before the parser reached index.html's
  // <script type="py" config=...>, it ran without that config and asked a CDN for Pyodide (refused
  // by the CSP: a start that never ended, now and then on a loaded machine).
  function whenParsed(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
    else fn();
  }
  // The runtime's big files, fetched ahead so they are there when PyScript and Pyodide ask
  // (they would otherwise start only after PyScript read its config). Not in index.html: begun
  // with the page, their 15 MB arrived while the page drew its first screen and held a slow
  // device's main thread (and all 6 HTTP/1.1 connections) for most of a second. They start when
  // web/preboot.js releases the runtime: at once for a link, else once its screen is painted.
  var FILES = [["modulepreload", "web/vendor/pyodide/pyodide.mjs"], ["modulepreload", "web/vendor/pyodide/pyodide.asm.mjs"],
               ["preload", "web/vendor/pyodide/pyodide.asm.wasm"], ["preload", "web/vendor/pyodide/python_stdlib.zip"],
               ["preload", "web/vendor/pyodide/pyodide-lock.json"]]
    // named by the build (scripts/build.py preload_files): PyScript's hashed chunk and its config,
    // the memory snapshot and its loader when it made one (the 7 MB snapshot downloads beside the
    // runtime, not after PyScript read its config and ran the loader)
    .concat(/* build */ []);
  // ["snapshot", its file, the parts' manifest]: the snapshot and app-rest.zip when the snapshot is
  // on this device (the rule of web/pyodide-snap.mjs: a service worker controls the page, or
  // localStorage "euro:snapshot" holds its name); else a first visit (docs/build.md "First visit"):
  // the parts of app.zip its first move needs (scripts/app_parts.py: the core, the game of the link
  // or of the form on screen, English and the page's language), which the plain start unpacks, and
  // PyScript's config without app-rest.zip. window.euroParts says which (web/pyodide-snap.mjs reads it).
  function snapshotHere(name) {
    try {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) return true;
      return localStorage.getItem("euro:snapshot") === name.split("/").pop();
    } catch (e) {
      return false;
    }
  }
  var REST = ["preload", "web/app-rest.zip"], CONFIG = "web/pyscript.json", FIRST_CONFIG = "web/pyscript-first.json";
  function firstParts(m) {
    var q = new URLSearchParams(location.search), form = document.getElementById("new-game");
    var game = q.get("game") || (form && form.elements.game && form.elements.game.value) || "";
    var lang = window.euroLang ? window.euroLang.pick(q.get("lang")) : "en";
    var games = Object.keys(m.games).sort();
    var wanted = ["core", "lang-en", "lang-" + lang, m.games[game] || m.games[games[0]]];
    return wanted.filter(function (p, i) { return m.files[p] && wanted.indexOf(p) === i; });
  }
  var preloaded = false, released = false, probed = false, parsed = false, started = false, first = false;
  function preload() {
    if (preloaded) return;
    preloaded = true;
    var files = [], snap = null;
    FILES.forEach(function (f) { if (f[0] === "snapshot") snap = f; else files.push(f); });
    if (snap && !snapshotHere(snap[1])) {
      first = true;
      var wanted = firstParts(snap[2]);
      window.euroParts = { manifest: snap[2], wanted: wanted, here: [], fetched: [] };
      files = files.map(function (f) { return f[1] === CONFIG ? [f[0], FIRST_CONFIG] : f; })
        .concat(wanted.map(function (p) { return ["preload", snap[2].files[p]]; }));
    } else {
      files = files.concat([REST], snap ? [["preload", snap[1]]] : []);
    }
    files.forEach(function (f) {
      var l = document.createElement("link");
      l.rel = f[0];
      l.href = f[1];
      if (f[0] === "preload") { l.as = "fetch"; l.crossOrigin = "anonymous"; }
      document.head.appendChild(l);
    });
  }
  // PyScript starts when IndexedDB is probed, the page parsed and preboot.js released it.
  function maybeStart() {
    if (started || !released || !probed || !parsed) return;
    started = true;
    preload();
    var py = first && document.querySelector('script[type="py"][config]');
    if (py) py.setAttribute("config", FIRST_CONFIG);  // a first visit: no app-rest.zip (see preload)
    var s = document.createElement("script");
    s.type = "module";
    s.src = "web/vendor/pyscript/core.js";
    document.head.appendChild(s);
  }
  window.euroRuntime = {
    release: function () { released = true; preload(); maybeStart(); },
    started: function () { return started; },
  };
  window.euroStore.ready.then(function (ok) {
    if (!ok) Object.defineProperty(window, "indexedDB", { value: memoryIDB(), configurable: true, writable: true });
    probed = true;
    whenParsed(function () {
      parsed = true;
      if (!window.euroPreboot) released = true;   // a page without web/preboot.js
      maybeStart();
    });
  });
})();
