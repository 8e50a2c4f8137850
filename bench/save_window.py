#!/usr/bin/env python3
"""How long a move stays unsaved (issue 50: a kill right after a move): from the tap that makes a
move to the moment its save is committed, side by side in one run for two ways the page saves.

- "fast": the app as shipped. While the tab holds the slot's Web Lock and one save under it has
  checked the stored rev, web/static/store.js ``saveNow`` issues the transaction inside the tap's
  own task and calls ``commit()``: the commit runs while Python draws the next screen.
- "queued": the same page without Web Locks (``navigator.locks`` removed: older browsers), so every
  save takes the queued path that reads the stored rev first; that read's callback, and the
  queue's promise turn before it, wait until the drawing is done. This is how every save went
  before the fast path.
Both arms write with durability "strict" (the commit waits for the disk flush).

Two moments per move, in one clock (performance.timeOrigin + now):
  committed  a second tab of the same profile polls the slot's rev with read-only transactions,
             which wait behind the write: the first poll that sees the new rev marks when the
             move became durable and visible (what a kill of the browser can no longer undo);
  told       the save transaction's "complete" event in the playing tab, which waits for that
             tab's thread (what the app itself knows).
Prints medians and 90th percentiles in ms and the fast/queued ratio; never a test.

Usage: python bench/save_window.py [--moves 30] [--no-build [--dist DIR]]
"""

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench._common import ROOT, Server, build_and_serve, launch, median, pct
from scripts.browser import PLAYABLE, play_step, wait_ready

LINK = "index.html?game=barcelona&players=2&seed=11&botdelay=0"
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get() { return undefined; } });"

# In the playing tab: every tap on a move and every "complete" of a save transaction.
STAMPS = """
const now = () => performance.timeOrigin + performance.now();
window.__taps = []; window.__told = [];
document.addEventListener("click", (e) => {
  if (e.target.closest("[data-action]")) window.__taps.push(now());
}, true);
const open = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (stores, mode, options) {
  const tx = open.apply(this, arguments);
  if (mode === "readwrite" && [].concat(stores).includes("records")) {
    tx.addEventListener("complete", () => window.__told.push(now()));
  }
  return tx;
};
"""

# In the observing tab: poll the current slot's rev; record when each new rev is first seen.
OBSERVE = """() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__seen = []; let last = -1;
  const req = indexedDB.open("euro-games");
  req.onsuccess = () => {
    const db = req.result;
    const poll = () => {
      const tx = db.transaction(["meta", "summaries"], "readonly");
      const cur = tx.objectStore("meta").get("current");
      cur.onsuccess = () => {
        if (cur.result === undefined) return;
        const s = tx.objectStore("summaries").get(cur.result);
        s.onsuccess = () => {
          const rev = s.result && s.result.rev;
          if (typeof rev === "number" && rev !== last) { last = rev; window.__seen.push(now()); }
        };
      };
      tx.oncomplete = poll;
    };
    poll();
  };
}"""


def run_arm(browser, url, arm, moves):
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.add_init_script(STAMPS + (NO_LOCKS if arm == "queued" else ""))
    page.goto(url)
    wait_ready(page)
    play_step(page)  # the first saves check the rev under the lock; from then on the fast path
    page.wait_for_function("() => window.__told.length > 0")
    watcher = ctx.new_page()
    watcher.goto(url.split("index.html")[0] + "bench-observer-404")  # same origin, no app
    watcher.evaluate(OBSERVE)
    watcher.wait_for_function("() => window.__seen.length > 0")
    committed, told = [], []
    for _ in range(moves):
        if not page.locator(PLAYABLE).count():
            break
        seen, done = watcher.evaluate("window.__seen.length"), page.evaluate("window.__told.length")
        play_step(page)  # the move, with its pick or Confirm where the page asks
        page.wait_for_function(f"() => window.__told.length > {done}")
        watcher.wait_for_function(f"() => window.__seen.length > {seen}")
        tap = max(t for t in page.evaluate("window.__taps") if t <= page.evaluate(f"window.__told[{done}]"))
        committed.append(watcher.evaluate(f"window.__seen[{seen}]") - tap)
        told.append(page.evaluate(f"window.__told[{done}]") - tap)
    ctx.close()
    return committed, told


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="serve this build (with --no-build)")
    args = ap.parse_args()
    server = Server(args.dist) if args.no_build else build_and_serve()
    results = {}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            url = server.url + LINK
            for arm in ("fast", "queued", "fast", "queued"):  # A B A B: the machine's drift shared
                c, t = run_arm(browser, url, arm, args.moves // 2)
                results.setdefault(arm, ([], []))
                results[arm][0].extend(c)
                results[arm][1].extend(t)
            browser.close()
    finally:
        server.stop()
    for arm, (c, t) in results.items():
        print(
            f"{arm:7} tap -> committed: median {median(c):6.1f} ms, p90 {pct(c, 90):6.1f} ms | "
            f"tap -> told: median {median(t):6.1f} ms, p90 {pct(t, 90):6.1f} ms ({len(c)} moves)"
        )
    print(f"ratio fast/queued, committed (median): {median(results['fast'][0]) / median(results['queued'][0]):.2f}")


if __name__ == "__main__":
    main()
