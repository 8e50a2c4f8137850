#!/usr/bin/env python3
"""How long a move stays unsaved (issue 50: a kill right after a move): from the tap that makes a move to
the commit of the save that holds it (web/static/store.js ``save``: one IndexedDB transaction,
durability "strict"), side by side with the same page forced to the browser's default durability
in the same run. Prints medians and 90th percentiles in ms and their ratio; never a test.

Usage: python bench/save_window.py [--moves 30] [--no-build [--dist DIR]]

What the two figures mean: "strict" commits only once the browser has flushed the write to disk,
so a move is safe from a kill from that moment; "default" commits earlier (Chromium answers before
the flush), a window in which the app already says nothing is pending but a killed browser may
lose the move. The window until the commit is the price of never losing a confirmed move.
"""

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench._common import ROOT, Server, build_and_serve, launch, median, pct
from scripts.browser import PLAYABLE, play_step, wait_ready

LINK = "index.html?game=barcelona&players=2&seed=11&botdelay=0"

# Stamps every tap on a move and every commit of a save transaction (one that writes "records"),
# in page time. DEFAULT drops the durability option the page asks for (the comparison's arm).
STAMPS = """
window.__taps = []; window.__commits = [];
document.addEventListener("click", (e) => {
  if (e.target.closest("[data-action]")) window.__taps.push(performance.now());
}, true);
const open = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (stores, mode, options) {
  const names = [].concat(stores);
  const tx = window.__durability === "default" ? open.call(this, stores, mode) : open.apply(this, arguments);
  if (mode === "readwrite" && names.includes("records")) {
    tx.addEventListener("complete", () => window.__commits.push(performance.now()));
  }
  return tx;
};
"""


# from the last tap before the save's commit (the tap that made the move) to that commit
WINDOW = """(i) => {
  const c = window.__commits[i];
  return c - Math.max(...window.__taps.filter((t) => t <= c));
}"""


def run_arm(browser, url, durability, moves):
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.add_init_script(f"window.__durability = {durability!r};" + STAMPS)
    page.goto(url)
    wait_ready(page)
    windows = []
    for _ in range(moves):
        if not page.locator(PLAYABLE).count():
            break
        commits = page.evaluate("() => window.__commits.length")
        play_step(page)  # the move, with its pick or Confirm where the page asks
        page.wait_for_function(f"() => window.__commits.length > {commits}")
        # from the last tap before the save's commit (the one that made the move) to that commit
        windows.append(page.evaluate(WINDOW, commits))
    ctx.close()
    return windows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="serve this build (with --no-build)")
    args = ap.parse_args()
    server = Server(args.dist) if args.no_build else build_and_serve()
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            url = server.url + LINK
            results = {}
            for arm in ("strict", "default", "strict", "default"):  # A B A B: the machine's drift shared
                results.setdefault(arm, []).extend(run_arm(browser, url, arm, args.moves // 2))
            browser.close()
    finally:
        server.stop()
    for arm, xs in results.items():
        print(
            f"{arm:8} tap -> save committed: median {median(xs):6.1f} ms, p90 {pct(xs, 90):6.1f} ms ({len(xs)} moves)"
        )
    print(f"ratio strict/default (median): {median(results['strict']) / median(results['default']):.2f}")


if __name__ == "__main__":
    main()
