// Save slots in IndexedDB, as a small promise API on window.euroStore (main.py calls it).
// Plain JS rather than IndexedDB driven from Python: IndexedDB is callback/event based, and
// wrapping each request and transaction event in Pyodide proxies would be more glue (and more
// proxies to free) than this file. All decisions (what to save, when, what a failure means) stay
// in Python (web/session.py); this file only moves text in and out, one transaction per write.
//
// Stores: records (slot id -> record JSON text), summaries (slot id -> summary object for the
// saved-games list), meta ("current" -> slot id of the game on screen), damaged (auto key ->
// {text, reason, date, slot}: saves that could not be restored, kept aside, never deleted here).
(function () {
  "use strict";
  var NAME = "euro-games", VERSION = 1;
  var opening = null;
  // Every operation runs after the previous one finished, so a read issued after a write (e.g.
  // the tests' currentText() after a move) sees it.
  var queue = Promise.resolve();

  function open() {
    if (!opening) {
      opening = new Promise(function (resolve, reject) {
        var req = indexedDB.open(NAME, VERSION);  // throws where IndexedDB is disabled: caught by run()
        req.onupgradeneeded = function () {
          var db = req.result;
          ["records", "summaries", "meta"].forEach(function (s) {
            if (!db.objectStoreNames.contains(s)) db.createObjectStore(s);
          });
          if (!db.objectStoreNames.contains("damaged")) db.createObjectStore("damaged", { autoIncrement: true });
        };
        req.onsuccess = function () { resolve(req.result); };
        req.onerror = function () { reject(req.error); };
        req.onblocked = function () { reject(new Error("the saved games are open in an older tab")); };
      });
      opening.catch(function () { opening = null; });  // try again on the next call
    }
    return opening;
  }

  // One transaction over `stores`; body(tx) issues the requests and may return a request whose
  // result is the value. Resolves when the transaction COMMITTED (so a write is really stored).
  function transact(stores, mode, body) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(stores, mode), req = null;
        tx.oncomplete = function () { resolve(req ? req.result : undefined); };
        tx.onabort = tx.onerror = function () { reject(tx.error || new Error("the write was cancelled")); };
        try { req = body(tx); } catch (e) { try { tx.abort(); } catch (ignore) { /* already done */ } reject(e); }
      });
    });
  }

  function run(fn) {
    var p = queue.then(function () { return fn(); });
    queue = p.catch(function () {});
    return p;
  }

  // Writes resolve to "" when stored, else to a short description of the failure (never reject:
  // Python shows the plain message and keeps the game in memory).
  function write(fn) {
    return run(fn).then(function () { return ""; }, function (e) {
      return String((e && e.name) || "Error") + ": " + String((e && e.message) || e).slice(0, 120);
    });
  }

  var persisted = false;
  window.euroStore = {
    newId: function () {
      return "g" + Date.now().toString(36) + "-" + Math.floor(Math.random() * 1e9).toString(36);
    },
    // Ask once per page load that the browser not evict the saved games under storage pressure.
    persist: function () {
      if (persisted || !navigator.storage || !navigator.storage.persist) return Promise.resolve(false);
      persisted = true;
      return navigator.storage.persist().catch(function () { return false; });
    },
    // The record text and its summary (JSON text) and "current" in ONE transaction: all or nothing.
    save: function (id, text, summaryJson) {
      return write(function () {
        return transact(["records", "summaries", "meta"], "readwrite", function (tx) {
          tx.objectStore("records").put(text, id);
          tx.objectStore("summaries").put(JSON.parse(summaryJson), id);
          tx.objectStore("meta").put(id, "current");
        });
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
    load: function (id) {
      return run(function () {
        return transact(["records"], "readonly", function (tx) { return tx.objectStore("records").get(id); });
      }).then(function (t) { return typeof t === "string" ? t : null; }, function () { return null; });
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
    // The record text of the current slot, after every write issued so far (tests read it).
    currentText: function () {
      return window.euroStore.current().then(function (id) { return id ? window.euroStore.load(id) : null; });
    },
  };
})();
