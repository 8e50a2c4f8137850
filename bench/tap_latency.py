#!/usr/bin/env python3
"""Tap-to-redraw latency on a game page: Playwright taps a data-action control; we time from the
tap's click event (page clock) to main.py's redraw (body[data-state] bump) and to the next frame.

Prints p50/p95 (goal: p95 <= 100 ms). Usage: bench/tap_latency.py [N=60] [game=barcelona] [thinking|kinds [busy]]

Then the same for taps on the page's own controls (zoom, the scores/log drawer) while a computer
seat at the highest level present thinks in the background worker (budget ``THINK_BUDGET``;
the worker holds its answer, euroBot.hold, so the seat is still to move), side by side with the
same taps while a person decides: the worker must not slow the page down.

``kinds``: the taps that end or take back a step — hand-off, End turn, Undo, Confirm, a build
choice — side by side with plain board taps in the same run (hidden hands, three people, random
play): goal p95 of each kind <= 2x the p95 of a board tap.
"""

import json
import random
import sys

from playwright.sync_api import sync_playwright

from bench._common import PAGE_CLOCK, build_and_serve, launch, median, pct

CLICK_CLOCK = "addEventListener('click', () => { window.__tapAt = performance.now(); }, true);"
# game actions, and the first step of a two-step board choice (Barcelona: an intersection, ui:pick)
GAME_ACTION = 'main [data-action]:not([data-action^="ui:"]):not(.tray > *), main [data-action^="ui:pick:"]'
UI_TAPS = ['[data-action="ui:zoom-in"]', '[data-action="ui:zoom-out"]', ".panel-toggle", ".drawer-close"]
# History: open it, step back and forth (each a replayed position, a full redraw), close it
HIST_TAPS = [
    '[data-action="ui:history"]',
    '[data-action="ui:hist-first"]',
    '[data-action="ui:hist-next"]',
    '[data-action="ui:hist-prev"]',
    '[data-action="ui:hist-last"]',
    '[data-action="ui:hist-close"]',
]
THINK_BUDGET = 30_000  # ms: the searching level is still thinking while the taps are measured


def tablet_context(browser):
    """A 1024x768 touch context with the page clocks (every run of this bench taps in one)."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True, service_workers="block")
    ctx.add_init_script(PAGE_CLOCK + CLICK_CLOCK)
    return ctx


def tap_times(page, selector):
    """Tap ``selector``; (tap -> DOM updated, tap -> next frame) in ms, page clock."""
    state = page.get_attribute("body", "data-state")
    page.locator(selector).first.tap()
    nxt = str(int(state) + 1)
    page.wait_for_function(f"window.__stateAt['{nxt}:frame'] !== undefined", timeout=60_000)
    t = page.evaluate(f"[window.__tapAt, window.__stateAt['{nxt}'], window.__stateAt['{nxt}:frame']]")
    return t[1] - t[0], t[2] - t[0]


def play_one(page):
    """The person taps the first choice of the decision (and Confirm when asked)."""
    state = page.get_attribute("body", "data-state")
    page.locator(GAME_ACTION).first.tap()
    page.wait_for_function(f"Number(document.body.dataset.state) > {state}", timeout=60_000)
    ok = page.locator('main [data-action="ui:confirm"]')
    if ok.count():
        state = page.get_attribute("body", "data-state")
        ok.first.tap()
        page.wait_for_function(f"Number(document.body.dataset.state) > {state}", timeout=60_000)


def ui_taps(ctx, url, n, thinking, taps=UI_TAPS):
    """n taps on ``taps`` (zoom/drawer controls, or History's): while a computer seat thinks
    (thinking) or a person decides."""
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
    page.evaluate("euroBot.hold(true)")
    # the worker boots its own Pyodide in the background after the page is ready: measure after
    # that (its start is not a tap's cost; it competes with the page for the CPU meanwhile)
    page.wait_for_function("euroBot.status() === 'ready'", timeout=180_000)
    if thinking:  # the person plays until the computer is to move; its answer stays in the worker
        while page.get_attribute("body", "data-bot") is None:
            play_one(page)
        page.wait_for_function("euroBot.busy()", timeout=180_000)
        # The seat's own search ends in well under a second and the worker then only holds its
        # answer: to measure taps while the worker really computes, it is also given a search
        # that runs for the whole THINK_BUDGET (the same request the page builds, with a huge
        # iteration count), and every tap below must land before that search answers.
        page.evaluate(
            "t => { window.__burning = true; euroBot.ask(t).finally(() => { window.__burning = false; }); }",
            burn_request(page),
        )
    elif taps is HIST_TAPS:  # History needs a move to step over
        play_one(page)
    out = []
    for i in range(n):
        out.append(tap_times(page, taps[i % len(taps)]))
        assert not thinking or page.evaluate("window.__burning")  # the worker is still searching
    page.close()
    return out


def burn_request(page):
    """A worker request (web/hints.worker_request) for the computer seat's decision on the page,
    at the game's highest level, that searches until THINK_BUDGET runs out."""
    from scripts.browser import saved_record
    from engine.core.registry import get
    from web.model.hints import worker_request

    record = saved_record(page)
    spec = get(record["game"])
    request = worker_request(spec.replay(record), list(spec.bots)[-1], THINK_BUDGET)
    request["iterations"] = 10**7
    return json.dumps(request)


def thinking_bench(server, game, n):
    from engine.core.registry import get

    level = list(get(game).bots)[-1]
    players = min(c for c in get(game).player_counts if c >= 2)  # a computer seat beside the person (not solo)
    url = (
        f"{server.url}index.html?game={game}&players={players}&seed=3&bots=1:{level}"
        f"&botdelay=0&botbudget={THINK_BUDGET}&confirm=0"
    )
    with sync_playwright() as pw:
        browser = launch(pw)
        ctx = tablet_context(browser)
        runs = [
            (what, ui_taps(ctx, url, n, thinking=False, taps=taps), ui_taps(ctx, url, n, thinking=True, taps=taps))
            for what, taps in (("zoom, drawer", UI_TAPS), ("History: open, step, close", HIST_TAPS))
        ]
        browser.close()
    for what, idle, busy in runs:
        print(f"\nUI taps ({what}) on {game}, {n} each: a person decides vs the {level} computer thinks (ms)")
        for name, k in (("DOM updated", 0), ("next frame", 1)):
            a, b = [t[k] for t in idle], [t[k] for t in busy]
            print(
                f"  {name:11} : p50 {median(a):6.1f} vs {median(b):6.1f}  p95 {pct(a, 95):6.1f} vs {pct(b, 95):6.1f}"
                f"  ratio p95 {pct(b, 95) / pct(a, 95):5.2f}x"
            )
    print("goal: p95 <= 100 ms while the computer thinks")


KIND_CANDIDATES = (
    GAME_ACTION + ', main [data-action="ui:confirm"], main [data-action="ui:handoff-ok"],'
    ' main [data-action="ui:banner-next"]'
)


# the element is what a finger at its centre would touch (not under the pick panel or a banner)
HITTABLE = """e => { const r = e.getBoundingClientRect(); if (!r.width || !r.height) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) { e.scrollIntoView({block: 'center'}); }
  const r2 = e.getBoundingClientRect(), h = document.elementFromPoint(r2.left + r2.width / 2, r2.top + r2.height / 2);
  return !!h && (h === e || e.contains(h)); }"""


def tap_kind(el):
    """What kind of tap ``el`` (a Playwright element handle) is, for the kinds bench."""
    aid, cls, on_board = el.evaluate(
        "e => [e.dataset.action, e.getAttribute('class') || '', !!e.closest('[data-region]')]"
    )
    if aid == "ui:handoff-ok":
        return "hand-off"
    if aid == "ui:banner-next":
        return "banner OK"
    if "end-turn" in cls.split():
        return "End turn"
    if aid == "ui:confirm":
        return "Confirm"
    if aid.startswith("build:") or aid.startswith("ui:pick:site:"):
        return "build choice"
    return "board tap" if on_board else "bar button"


BURN_ALWAYS = """t => { window.__burnText = t;
  const go = () => { window.__burns = (window.__burns || 0) + 1; euroBot.ask(window.__burnText).finally(go); };
  go(); }"""


def kinds_bench(server, game, n, seed=1, busy=False):
    """n timed taps of random play with hidden hands: each tap's kind and its tap -> DOM / frame ms.
    ``busy``: while the worker searches without a pause (BURN_ALWAYS)."""
    rng = random.Random(seed)
    times = {}
    with sync_playwright() as pw:
        browser = launch(pw)
        ctx = tablet_context(browser)
        page = ctx.new_page()
        taps = 0
        while taps < n:
            if "index.html" not in page.url or page.get_attribute("body", "data-game-over") == "1":
                if page.url.startswith("http"):
                    page.evaluate("localStorage.clear()")
                page.goto(f"{server.url}index.html?game={game}&players=3&seed={seed}&hidden=1&confirm=0")
                page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
                seed += 1
                if busy:  # the worker's own runtime boots first (not a tap's cost), then searches on
                    page.evaluate(BURN_ALWAYS, burn_request(page))
                    page.wait_for_function("euroBot.status() === 'ready' && euroBot.busy()", timeout=180_000)
            undo = page.locator('[data-action="ui:undo"]:not([disabled])')
            if undo.count() and page.locator(KIND_CANDIDATES).count() and rng.random() < 0.12:
                el, kind = undo.first.element_handle(), "Undo"
            else:
                els = [e for e in page.locator(KIND_CANDIDATES).element_handles() if e.evaluate(HITTABLE)]
                # a pending Confirm, hand-off or banner is the only way on: take it
                must = [
                    e
                    for e in els
                    if e.get_attribute("data-action") in ("ui:confirm", "ui:handoff-ok", "ui:banner-next")
                ]
                el = must[0] if must else els[rng.randrange(len(els))]
                kind = tap_kind(el)
            state = page.get_attribute("body", "data-state")
            el.tap()
            nxt = str(int(state) + 1)
            page.wait_for_function(f"window.__stateAt['{nxt}:frame'] !== undefined", timeout=60_000)
            t = page.evaluate(f"[window.__tapAt, window.__stateAt['{nxt}'], window.__stateAt['{nxt}:frame']]")
            times.setdefault(kind, []).append((t[1] - t[0], t[2] - t[0]))
            taps += 1
            assert not busy or page.evaluate("euroBot.busy()")  # the worker searched all along
        browser.close()
    base = [t[1] for t in times.get("board tap", [])]
    print(
        f"\ntap -> next frame by kind on {game}, {n} taps, hidden hands, 3 people"
        f"{', the worker searching all along' if busy else ''} (ms)"
    )
    print(f"  {'kind':13} {'n':>4} {'p50':>7} {'p95':>7}  p95 / board tap p95")
    for kind in sorted(times, key=lambda k: (k != "board tap", k)):
        xs = [t[1] for t in times[kind]]
        ratio = f"{pct(xs, 95) / pct(base, 95):5.2f}x" if base else "  -"
        print(f"  {kind:13} {len(xs):4} {median(xs):7.1f} {pct(xs, 95):7.1f}  {ratio}")
    print("goal: every kind's p95 <= 2x the board tap's p95")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    game = sys.argv[2] if len(sys.argv) > 2 else "barcelona"
    rng = random.Random(1)
    server = build_and_serve()
    redraw, frame = [], []
    if "kinds" in sys.argv[3:]:
        try:
            kinds_bench(server, game, n, busy="busy" in sys.argv[3:])
        finally:
            server.stop()
        return
    if "thinking" in sys.argv[3:]:  # only the second part
        try:
            thinking_bench(server, game, n)
        finally:
            server.stop()
        return
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            ctx = tablet_context(browser)
            page = ctx.new_page()
            seed = 1
            while len(redraw) < n:
                if page.url.find("index.html") < 0 or page.get_attribute("body", "data-game-over") == "1":
                    page.evaluate("localStorage.clear()") if page.url.startswith("http") else None
                    page.goto(f"{server.url}index.html?game={game}&players=3&seed={seed}")
                    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
                    seed += 1
                state = page.get_attribute("body", "data-state")
                target = page.locator(GAME_ACTION)
                target.nth(rng.randrange(target.count())).tap()
                nxt = str(int(state) + 1)
                page.wait_for_function(f"window.__stateAt['{nxt}:frame'] !== undefined", timeout=10_000)
                t = page.evaluate(f"[window.__tapAt, window.__stateAt['{nxt}'], window.__stateAt['{nxt}:frame']]")
                redraw.append(t[1] - t[0])
                frame.append(t[2] - t[0])
            browser.close()
        print(f"tap -> redraw on {game}, {n} taps (ms)")
        print(f"  DOM updated : p50 {median(redraw):6.1f}  p95 {pct(redraw, 95):6.1f}  max {max(redraw):6.1f}")
        print(f"  next frame  : p50 {median(frame):6.1f}  p95 {pct(frame, 95):6.1f}  max {max(frame):6.1f}")
        print("goal: p95 <= 100 ms")
        thinking_bench(server, game, max(8, n // 2))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
