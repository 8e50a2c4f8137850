#!/usr/bin/env python3
"""Tutorial pages: time to the first board visible and to every board live, for a page
of 1 and of 5 boards, beside a bare Pyodide page (bench/hello.html), same server, same run.

The pages are written into dist/bench/ from the lessons' real positions: every board ships its
static SVG (scripts/build_tutorials.py's rendering) and has play="1", so it goes live by itself;
the five boards of a page share one runtime (web/embed-board.js). Runs alternate between the pages
so machine noise hits all alike; each run is a fresh context (cold HTTP cache).
"first board" = the first euro-board SVG is in the document and a frame has been painted after it
(page time since navigation); "all live" = the last `euro-board-live` event.
Goals: first static board <= 0.3 s; five live boards <= 1.3x one. Usage: bench/tutorial_load.py [N=5]
"""

import sys
from html import escape

from playwright.sync_api import sync_playwright

from bench._common import ROOT, build_and_serve, launch, median

from web.embed import board as embed_board, lessons as embed_lessons
from web.page.csp import META

CLOCK = """
window.__first = null; window.__live = []; window.__readyAt = null;
new MutationObserver(() => {
  if (window.__first === null && document.querySelector("euro-board svg")) {
    const t = performance.now(); window.__first = -1;
    requestAnimationFrame(() => { window.__first = Math.max(t, performance.now()); });
  }
  const b = document.body;
  if (b && b.dataset.ready === "1" && window.__readyAt === null) window.__readyAt = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
addEventListener("euro-board-live", () => window.__live.push(performance.now()));
"""


def page(n):
    boards = []
    for lesson in embed_lessons.LESSONS["barcelona"][:n]:
        spec = embed_board.parse_params({"lesson": lesson.id})
        boards.append(
            f'<euro-board lesson="{escape(lesson.id)}" play="1"><div class="eb-static">'
            f'{embed_board.static_svg(spec)}</div></euro-board>'
        )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">{META}<title>{n} boards</title>'
        f'<link rel="icon" href="data:,"><script src="../web/embed-board.js" defer></script></head>'
        f'<body>{"".join(boards)}</body></html>'
    )


def once(browser, url, n):
    ctx = browser.new_context(service_workers="block")
    ctx.add_init_script(CLOCK)
    pg = ctx.new_page()
    pg.goto(url)
    if n == 0:
        pg.wait_for_function("window.__readyAt !== null", timeout=600_000)
        out = (None, pg.evaluate("window.__readyAt") / 1000)
    else:
        pg.wait_for_function(f"window.__first > 0 && window.__live.length >= {n}", timeout=600_000)
        assert pg.evaluate("window.euroBoards.runtimes") == 1
        out = (pg.evaluate("window.__first") / 1000, max(pg.evaluate("window.__live")) / 1000)
    ctx.close()
    return out


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    server = build_and_serve()
    for n in (1, 5):
        (ROOT / "dist/bench" / f"tutorial-{n}.html").write_text(page(n), encoding="utf-8")
    pages = {
        "bare": ("bench/hello.html", 0),
        "1 board": ("bench/tutorial-1.html", 1),
        "5 boards": ("bench/tutorial-5.html", 5),
    }
    res = {k: {"first": [], "live": []} for k in pages}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            for _ in range(runs):
                for name, (path, n) in pages.items():
                    first, live = once(browser, server.url + path, n)
                    if first is not None:
                        res[name]["first"].append(first)
                    res[name]["live"].append(live)
            browser.close()
    finally:
        server.stop()
    bare = median(res["bare"]["live"])
    print(f"medians of {runs} cold loads (seconds since navigation)")
    print(f"{'':10}{'first board':>12}{'all live':>10}{'live/bare':>11}")
    for name in pages:
        first = median(res[name]["first"]) if res[name]["first"] else float("nan")
        live = median(res[name]["live"])
        print(f"{name:10}{first:12.3f}{live:10.2f}{live / bare:10.2f}x")
    one, five = median(res["1 board"]["live"]), median(res["5 boards"]["live"])
    print(f"five live / one live: {five / one:.2f}x   (goal <= 1.30)")
    print(f"first static board: {median(res['5 boards']['first']):.3f} s with 5 boards (goal <= 0.300)")


if __name__ == "__main__":
    main()
