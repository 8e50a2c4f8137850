"""The app in all three engines: Chromium (Playwright), Firefox ESR (WebDriver BiDi) and WebKitGTK
(WebKitWebDriver), scripts/engines.py. One smoke, written once with the same page helpers as every
e2e test (scripts/browser.py), run in each: Barcelona from its link, a whole turn with a hand-off,
Undo, Export and Import, a reload that resumes; Strasbourg from the New game form, its computer
seats' moves from the worker; a tutorial board answered; a second load offline from the service
worker.
Any uncaught error, unhandled rejection, console error or CSP violation fails it (``check``).
Every load of the app starts its runtime from the build's memory snapshot (``snapshot_used``): the
first on a device of 8 cores (a tablet's: the snapshot inflated in a worker, which is ended), the
reload and the offline load at the cores the engine reports, and a last load, from a server on
another port (no service worker there), on 2 cores (inflated in place).

A missing engine FAILS (scripts/setup.sh installs them from Debian's packages; never skipped).
Each engine gets a fresh profile with its service worker allowed, and its own server: the offline
step stops it. Docs: docs/testing.md "Three engines".
"""

import json
from pathlib import Path

import pytest

import engine
from e2e_harness import load_record, wait_ready
from scripts.engines import ENGINES, open_webdriver_page
from scripts.browser import (
    PLAYABLE,
    Server,
    click_and_wait,
    play_step,
    reveal,
    saved_record,
    state,
    wait_no_bot,
    wait_state_after,
)
from web.embed import lessons as L
from web.kit import lesson_kit as K

VIEWPORT = {"width": 1024, "height": 768}
HANDOFF = '[data-action="ui:handoff-ok"]'
UNDO = '[data-action="ui:undo"]'
EXPORT = '[data-action="ui:export"]'
# Export hands the browser a blob: link to download (web/page/store.py download). WebDriver has no
# download of its own to read, so in every engine the page keeps the blob it made and the link's
# click stays in the page; the browser's real download is e2e/test_shell.py's (Chromium).
CATCH_EXPORT = """() => {
    const made = new Map(), create = URL.createObjectURL;
    URL.createObjectURL = (blob) => { const url = create.call(URL, blob); made.set(url, blob); return url; };
    document.addEventListener("click", (e) => {
        const a = e.target.closest && e.target.closest("a[download]");
        if (!a || !made.has(a.href)) return;
        e.preventDefault();
        made.get(a.href).text().then((text) => { window.euroExported = {name: a.download, text}; });
    }, {capture: true});
}"""


@pytest.fixture(params=ENGINES)
def smoke(request, dist):
    """(page, server, watch): a page of the engine at VIEWPORT on a fresh profile, service workers
    allowed, its own server of the build, and what watches the page for errors (``problems()``,
    ``reset()``): Playwright's Guard in Chromium, WebDriverPage's own in the others."""
    server = Server(dist, test_hooks=True)  # its hooks put EIGHT_CORES in the first page
    try:
        if request.param == "chromium":
            from e2e_harness import Guard

            ctx = request.getfixturevalue("browser").new_context(service_workers="allow", viewport=VIEWPORT)
            try:
                watch = Guard()
                yield watch.attach(ctx.new_page()), server, watch
            finally:
                ctx.close()
        else:
            page = open_webdriver_page(request.param, VIEWPORT)
            try:
                yield page, server, page
            finally:
                page.close()
    finally:
        server.stop()


# The page believes it has N cores (8: a tablet), and counts the inflate workers it makes and ends.
# Run first in the page by the test server (scripts/serve.py --test-hooks), the same way in every
# engine: WebKit's classic WebDriver has no init scripts.
CORES = """
Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => %d, configurable: true });
(() => {
  const Base = window.Worker;
  window.euroTestWorkers = { made: 0, ended: 0 };
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      this.inflates = String(url).includes("snap-inflate");
      if (this.inflates) window.euroTestWorkers.made++;
    }
    terminate() {
      if (this.inflates) window.euroTestWorkers.ended++;
      return super.terminate();
    }
  };
})();
"""
EIGHT_CORES, TWO_CORES = CORES % 8, CORES % 2


def later_visit(dist):
    """A start as on a device that fetched the snapshot before (web/static/pyodide-snap.mjs's mark
    ``euro:snapshot``; docs/build.md "First visit"): the loads below check the snapshot, which a
    first visit does not wait for (it starts plain: e2e/test_snapshot_e2e.py)."""
    names = [p.name for p in (Path(dist) / "web/vendor/pyodide").glob("app-*.snap")]
    assert len(names) == 1, names
    return f"localStorage.setItem('euro:snapshot', {names[0]!r});"


def snapshot_used(page, cores):
    """The runtime started from the memory snapshot (web/static/pyodide-snap.mjs's sign
    ``euroSnapshot``), inflated in a worker where the page sees more than 2 cores, else in place."""
    sign, seen, runtime = page.evaluate(
        "[globalThis.euroSnapshot, navigator.hardwareConcurrency, document.body.dataset.runtime]"
    )
    assert cores is None or seen == cores, seen
    assert sign["used"] and sign["reason"] is None and runtime == "snapshot", (sign, runtime)
    assert sign["inflate"] == "in place" if seen <= 2 else sign["inflate"].startswith("worker, "), (seen, sign)
    return sign


# The negative control: what the smoke must catch, made to happen on purpose in the page.
MISDEEDS = """() => {
    setTimeout(() => { throw new Error("euro-smoke-uncaught"); });
    Promise.reject(new Error("euro-smoke-rejection"));
    console.error("euro-smoke-console");
    new Image().src = "http://example.com/euro-smoke-csp.png";  // img-src 'self' data: blob:
}"""
CAUGHT = ("euro-smoke-uncaught", "euro-smoke-rejection", "euro-smoke-console", "example.com/euro-smoke-csp")


def step(page):
    """The next thing a player does: take the tablet at a hand-off screen, else play a choice."""
    if page.locator(HANDOFF).count():
        click_and_wait(page, HANDOFF)
    else:
        play_step(page)


def movers(rec):
    """The seat that took each action of the record (the engine replays it in this process)."""
    g = engine.game_module(rec["game"]).new_game(rec["players"], rec["seed"], **rec["options"])
    seats = []
    for aid in rec["actions"]:
        seats.append(g.current_player)
        g.apply(aid)
    return seats


def answer(page, board, aid):
    """Play ``aid`` on a live tutorial board: its target, or its place's pick then the target
    (e2e/test_tutorial_e2e.py tap), waiting on the board's own redraw counter."""
    sel = board + f' .eb-live [data-action="{aid}"]'
    if not page.locator(sel).count():
        picks = page.locator(board + ' .eb-live [data-action^="ui:pick:"]').evaluate_all(
            "els => els.map(e => e.dataset.action)"
        )
        pick = [p for p in picks if p.split(":")[-1] == aid.split(":")[1]]
        assert pick, (aid, picks)
        board_step(page, board, board + f' .eb-live [data-action="{pick[0]}"]')
    board_step(page, board, sel)


def board_step(page, board, target):
    before = int(page.get_attribute(board, "data-state"))
    page.locator(target).first.click()
    page.wait_for_function("([sel, n]) => Number(document.querySelector(sel).dataset.state) > n", arg=[board, before])


def test_smoke(smoke, request, dist):
    page, server, watch = smoke
    base = server.url
    name = request.node.callspec.params["smoke"]

    def check(what):
        assert not watch.problems(), f"{name}, {what}:\n" + "\n".join(watch.problems())

    # Barcelona, two people, hidden hands: the first seat takes the tablet, plays a whole turn,
    # and the hand-off screen hides it from the next, who takes the tablet in turn.
    server.hooks(
        inject=later_visit(dist) + EIGHT_CORES, once=True
    )  # this page only: the next come from the service worker
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=3&hidden=1&botdelay=0")
    wait_ready(page)
    snapshot_used(page, 8)  # the tablet's branch: inflated in a worker, which is ended
    assert page.evaluate("window.euroTestWorkers") == {"made": 1, "ended": 1}
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: offline below
    click_and_wait(page, HANDOFF)
    for _ in range(60):
        play_step(page)
        if page.locator(HANDOFF).count():
            break
    else:
        pytest.fail("no hand-off within 60 choices")
    click_and_wait(page, HANDOFF)
    rec = saved_record(page)
    assert set(movers(rec)) == {0} and page.locator(PLAYABLE).count() > 0
    check("a turn with a hand-off")

    # Undo: the next seat's choices until one can be taken back
    undo = page.locator(UNDO)
    for _ in range(30):
        if undo.is_enabled():
            break
        step(page)
    else:
        pytest.fail("no undoable choice within 30 steps")
    before = saved_record(page)["actions"]
    click_and_wait(page, UNDO)
    kept = saved_record(page)["actions"]
    assert kept == before[:-1]
    check("Undo")

    # Export, one more choice, Import: the exported game is back
    page.evaluate(CATCH_EXPORT)
    click_and_wait(page, reveal(page, EXPORT))  # below 1366 px: in the More menu
    page.wait_for_function("!!window.euroExported")
    exported = page.evaluate("window.euroExported")
    assert exported["name"].startswith("barcelona-") and exported["name"].endswith(".json")
    assert json.loads(exported["text"])["actions"] == kept
    if page.locator(".more-open").count():  # the More menu closes again
        click_and_wait(page, '[data-action="ui:more"]')
    if page.locator(HANDOFF).count():  # Undo took a passed turn back: through its seat's own card
        click_and_wait(page, HANDOFF)
    step(page)
    assert saved_record(page)["actions"] != kept
    load_record(page, exported["text"])  # through the Import file input
    assert saved_record(page)["actions"] == kept
    check("Export and Import")

    # A reload resumes the game where it was (behind its hand-off screen: hidden hands)
    page.reload()
    wait_ready(page)
    snapshot_used(page, None)  # at the cores the engine reports (Chromium, Firefox: 2 here; WebKit: 4)
    assert saved_record(page)["actions"] == kept
    if page.locator(HANDOFF).count():
        click_and_wait(page, HANDOFF)
    assert page.locator(PLAYABLE).count() > 0
    check("reload")

    # Strasbourg against two computer seats, from the New game form (the Barcelona game stays
    # saved): the computers' choices come from the background worker (web/worker.js), never the page
    click_and_wait(page, reveal(page, '[data-action="ui:new-game"]'))
    for field, value in (("game", "strasbourg"), ("players", "3"), ("kind1", "bot"), ("kind2", "bot")):
        before = state(page)
        page.select_option(f'select[name="{field}"]', value)
        wait_state_after(page, before)
    click_and_wait(page, '[data-action="ui:start"]')
    for _ in range(200):
        wait_no_bot(page)
        rec = saved_record(page)
        if rec["game"] == "strasbourg" and {1, 2} & set(movers(rec)):
            break
        step(page)
    else:
        pytest.fail("the computer seats did not move within 200 choices")
    assert page.evaluate("euroBot.status()") == "ready"
    assert page.evaluate("euroBot.runtime()") == "snapshot"  # the worker's too (no document: in place)
    assert rec["meta"]["bots"] == [1, 2] and not page.locator(".message").count()
    check("the computer seats' moves")

    # A tutorial page: its first board goes live (Python in the page) and judges the right move
    lesson = L.LESSONS["barcelona"][0]
    good, _ = K.discriminates(lesson.check, engine.replay(lesson.record))
    board = f'euro-board[lesson="{lesson.id}"]'
    page.goto(f"{base}tutorial/barcelona.html")
    page.locator(board + " .eb-play").click()
    page.wait_for_function("sel => ['1', 'error'].includes(document.querySelector(sel).dataset.live)", arg=board)
    assert page.get_attribute(board, "data-live") == "1", page.inner_text(board + " .eb-error")
    answer(page, board, good)
    assert page.get_attribute(board, "data-verdict") == "ok"
    check("a tutorial board")

    # Offline: the server is gone; the service worker starts the app and the game resumes
    server.stop()
    page.goto(f"{base}index.html?botdelay=0")
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    snapshot_used(page, None)  # from the service worker's cache
    assert saved_record(page) == rec  # the last game played: Strasbourg
    n = state(page)
    step(page)
    assert state(page) > n
    # The computer seats' worker starts offline too (its Pyodide from the service worker's cache).
    # Waited for before the page is left, as a player would: Firefox reports every load the
    # service worker answers that its page abandons mid-body as a console error ("A ServiceWorker
    # intercepted the request and encountered an unexpected error"; docs/offline-and-updates.md
    # "Firefox's interception messages"), and the next step leaves this page.
    page.wait_for_function("['ready', 'failed'].includes(euroBot.status())")
    assert page.evaluate("euroBot.status()") == "ready", page.evaluate("euroBot.failure()")
    check("offline")

    # Two cores (the box's own in Chromium and Firefox, not WebKit's, which says 4), on a server of
    # another port: another origin, so no service worker answers; the snapshot unpacked in place
    other = Server(dist, test_hooks=True)
    try:
        other.hooks(inject=later_visit(dist) + TWO_CORES, once=True)
        page.goto(f"{other.url}index.html?game=barcelona&players=2&seed=4&botdelay=0")
        wait_ready(page)
        snapshot_used(page, 2)
        assert page.evaluate("window.euroTestWorkers") == {"made": 0, "ended": 0}
        check("two cores")
    finally:
        other.stop()

    # The check can fail: an uncaught error, an unhandled rejection, a console error and a CSP
    # violation, each caught in this engine (window.euroErrors has them once they happened)
    page.evaluate(MISDEEDS)
    page.wait_for_function("window.euroErrors.length >= 4")
    seen = "\n".join(watch.problems())
    assert all(m in seen for m in CAUGHT), f"{name} missed some of {CAUGHT}:\n{seen}"
    watch.reset()
