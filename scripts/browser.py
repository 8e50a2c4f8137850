"""The project's tool to build dist/, serve it and drive it in Debian Chromium, shared by the e2e
tests (e2e/e2e_harness.py adds their pytest side), the benches and scripts/screenshots.py: the
launch settings, the local server, the offline/console guard and the page helpers. Plain
Playwright code: no pytest here."""

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Nothing leaves the machine: every host but 127.0.0.1 fails to resolve in the browser itself
    # (pages, workers, service workers alike). Guard below makes such a request fail the test.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
# Hang guards, not timing expectations: every wait in the suite is on the page's own state (see
# "Waiting" below), so these only decide how long a test that would never pass takes to fail. They
# are huge on purpose: a Pyodide cold start is ~3-6 s alone but far longer on a loaded 2-core box.
READY_TIMEOUT = 180_000  # ms, Pyodide boot
HANG_GUARD = 180_000  # ms, the default of every other Playwright wait/action on a guarded page
SAVE_KEY = "euro:current"
# A renderer that dies is a failure, never retried. Chromium gives renderer processes
# oom_score_adj=300, so when the MACHINE runs out of memory the kernel kills them first (in a
# memory cgroup the renderers died while a bigger plain process beside them lived); CPU load alone
# never crashed one (docs/testing.md "Renderer crashes"). E2E_CHROMIUM_LOG=1: Chromium's own log.
CRASH_NOTE = (
    "the page's renderer process crashed (Target crashed): look for 'Out of memory: Killed "
    "process ... (chromium)' in dmesg; E2E_CHROMIUM_LOG=1 adds Chromium's log to the output"
)
if os.environ.get("E2E_CHROMIUM_LOG"):
    CHROMIUM_ARGS += ["--enable-logging=stderr", "--v=0"]


DIST_BUILT = "EURO_DIST_BUILT"  # set to 1 by ./run.sh test, which has just built dist/
# The build the tests serve: dist/, or the folder EURO_DIST names (a build of one's own, e.g.
# `scripts/build.py --test-build --dist DIR && EURO_DIST=DIR pytest e2e`, while others' runs use dist/).
DIST = Path(os.environ.get("EURO_DIST") or ROOT / "dist").resolve()


def build_dist():
    """The test build (with the pseudo-locale, e2e/test_pseudo_locale.py) for the session, unless the
    runner says it has just made it (one build a run: ./run.sh test)."""
    if os.environ.get(DIST_BUILT) == "1" and (DIST / "index.html").exists():
        return
    subprocess.run(
        [sys.executable, str(ROOT / "scripts/build.py"), "--test-build", "--dist", str(DIST)],
        check=True,
        stdout=subprocess.DEVNULL,
    )


class Server:
    """scripts/serve.py on a free 127.0.0.1 port, in its own process so a test can stop it.
    ``cache``: serve.py's --cache (revalidate, none, long); ``test_hooks``: serve.py's --test-hooks,
    set with ``hooks()``."""

    def __init__(self, root=DIST, cache="revalidate", test_hooks=False):
        self.cache = cache
        hooks = ["--test-hooks"] if test_hooks else []
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "scripts/serve.py"), "--port", "0", "--dir", str(root), "--cache", cache]
            + hooks,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.url = self.proc.stdout.readline().strip()
        assert self.url.startswith("http://127.0.0.1:"), f"serve.py printed {self.url!r}"

    def hooks(self, inject=None, once=False, sw=True, fresh=False):
        """serve.py --test-hooks: ``inject`` (JS) runs first in the next HTML document served (every
        one unless ``once``); ``sw`` False: no service worker (sw.js answers 404); ``fresh``: every
        file sent in full (no 304)."""
        body = json.dumps({"inject": inject, "once": once, "sw": sw, "fresh": fresh}).encode()
        req = urllib.request.Request(self.url + "__test__/config", data=body, method="POST")
        with urllib.request.urlopen(req, timeout=30) as r:
            assert r.status == 204, r.status

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


class Guard:
    """Records requests to any host but 127.0.0.1 and console errors. It watches (page.on "request")
    rather than routes: the browser already refuses those hosts (CHROMIUM_ARGS' host-resolver
    rules), and a catch-all route would send every request of a boot through Playwright and turn the
    page's HTTP cache off (~0.2 CPU-s a boot)."""

    def __init__(self):
        self.foreign, self.errors = [], []

    def attach(self, page):
        page.set_default_timeout(HANG_GUARD)
        page.on("request", self._request)
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page._euro_console = console = []  # every console line, for wait_ready's report of a hung boot
        page.on("console", lambda m: console.append(f"{m.type}: {m.text[:300]}"))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("crash", lambda p: self._crashed())
        return page

    def _crashed(self):
        self.errors.append(CRASH_NOTE)
        print(f"\n*** {CRASH_NOTE}", file=sys.stderr)  # the test fails on "Target crashed" first

    def _request(self, request):
        url = urlparse(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.hostname != "127.0.0.1":
            self.foreign.append(request.url)

    def reset(self):
        self.foreign.clear()
        self.errors.clear()

    def problems(self):
        """What went wrong on the page: requests to foreign hosts, console errors, a crash."""
        return [f"request to a foreign host: {u}" for u in self.foreign] + self.errors

    def check(self):
        if self.problems():
            raise AssertionError("\n".join(self.problems()))


# ----- helpers used by the tests ------------------------------------------------------------------
# Waiting: a test never waits for wall-clock time (no sleep, no wait_for_timeout, no polling with a
# deadline); it waits for the page to SAY it got there, through attributes main.py keeps on <body>:
#   data-ready="1"    boot finished (wait_ready)
#   data-state=N      redraw counter, +1 after every handled event (click_and_wait, wait_state_after)
#   data-bot=SEAT     a computer seat is about to move; gone when a person decides (wait_no_bot)
#   data-game-over=1  the finished game's screen is drawn
# Computer seats run with botdelay=0 in tests; a test of the delay itself uses Playwright's fake
# clock (page.clock) so "not before the delay, then yes" is checked by state, not by elapsed time.
class NotReady(AssertionError):
    """The app's boot did not finish (body[data-ready] never came): says where it stopped."""


def wait_ready(page, timeout=READY_TIMEOUT):
    try:
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=timeout)
    except Exception as e:  # noqa: BLE001 - a boot that never ends: say where it stopped
        if "Timeout" not in type(e).__name__:
            raise
        raise NotReady(f"the app was not ready after {timeout // 1000} s: {boot_report(page)}") from None


BOOT_REPORT_JS = """() => ({stage: (document.getElementById('loading-stage') || {}).textContent || null,
    progress: (document.getElementById('loading-progress') || {}).value, body: {...document.body.dataset},
    store: window.euroStore ? window.euroStore.status() : null, pyscript: !!window.pyscript,
    resources: performance.getEntriesByType('resource').filter(r => !r.responseEnd)
        .map(r => r.name.split('/').slice(-2).join('/')),
    last: performance.getEntriesByType('resource').slice(-4).map(r => r.name.split('/').slice(-2).join('/'))})"""


def boot_report(page):
    """Where a boot stands (the loading stage, body's data-*, the storage probe, requests not
    answered, the last requests) and the page's last console lines: what a hung start says."""
    try:
        where = page.evaluate(BOOT_REPORT_JS)
    except Exception as e:  # noqa: BLE001 - a crashed or closed page
        where = f"(page did not answer: {e})"
    return f"{where}; console: {list(getattr(page, '_euro_console', []))[-12:]}"


def state(page):
    """main.py's redraw counter (body[data-state]); read it BEFORE the event you will wait on."""
    return int(page.get_attribute("body", "data-state") or 0)


def wait_state_after(page, before):
    """Wait until main.py has redrawn since ``state(page)`` returned ``before``. For events that are
    not a plain click (file input, select, pointer gestures, a fake-clock tick)::

        before = state(page)
        page.set_input_files(...)
        wait_state_after(page, before)
    """
    page.wait_for_function(f"Number(document.body.dataset.state) > {int(before)}")


CONFIRM = 'main [data-action="ui:confirm"]'


def click_and_wait(page, target, tap=False, confirm=True):
    """Click (or tap) a control and wait for main.py's redraw. ``target`` is a CSS selector (its
    first match is clicked) or a Playwright Locator. The one way tests click and wait.
    A game action (data-action not ``ui:``) only selects the move when "Confirm moves" is on or
    the move ends the turn: then Confirm / End turn is pressed too (``confirm=False`` leaves it
    selected; e2e/test_turnflow_e2e.py tests that flow itself)."""
    before = state(page)
    # the first match a player can see (a hidden copy, e.g. the tray's button in landscape, is skipped)
    loc = page.locator(target).filter(visible=True).first if isinstance(target, str) else target
    aid = loc.get_attribute("data-action") or ""
    loc.tap() if tap else loc.click()
    wait_state_after(page, before)
    if confirm and aid and not aid.startswith("ui:"):
        confirm_if_asked(page, tap)


def reveal(page, target, tap=False):
    """A toolbar control that may sit in the More menu (Export, Import, Board as text, language
    below 1366 px; New game and Help too below 901 px, web/style.css): open the menu if the control
    is hidden. Returns the control's Locator."""
    loc = page.locator(target).first if isinstance(target, str) else target
    more = page.locator('[data-action="ui:more"]')
    if not loc.is_visible() and more.count() and more.is_visible() and more.get_attribute("aria-expanded") != "true":
        click_and_wait(page, more, tap=tap)
    return loc


def confirm_if_asked(page, tap=False):
    """After a tap on a game action: press Confirm / End turn if the page asks (turn flow)."""
    if page.locator(CONFIRM).count():
        before = state(page)
        ok = page.locator(CONFIRM).first
        ok.tap() if tap else ok.click()
        wait_state_after(page, before)


def wait_no_bot(page):
    """Wait until no computer seat is to move (their decisions chain on by themselves)."""
    page.wait_for_function("!document.body.dataset.bot")


# Not the tray's buttons (web/table_panels.tray): copies of choices drawn on the own or a side board,
# shown in portrait only; e2e/test_fit.py and test_tray_e2e.py check them.
NOT_TRAY = ":not(.tray > *)"
GAME_ACTION = f'main [data-action]:not([data-action^="ui:"]){NOT_TRAY}'
# A first step of a two-step board choice (e.g. Barcelona's intersection for two different citizens):
# its game actions appear as buttons in the decision bar once it is tapped.
PICK = 'main [data-action^="ui:pick:"]'
PLAYABLE = f"{GAME_ACTION}, {PICK}"


def play_step(page, tap=False):
    """Play the first legal game action on screen (board element or panel button)."""
    # A phone's board may show its choices part by part (kit.regions.part_plan): the first choice in
    # reach (the topmost element at its centre is itself), else the tray's switch to the next part.
    # Touch pages only (phones): elsewhere the first choice, scrolled to if need be.
    i = page.evaluate(IN_REACH, PLAYABLE) if tap else 0
    if i < 0 and page.locator(PART_SWITCH).count():
        click_and_wait(page, PART_SWITCH, tap=tap)
        i = page.evaluate(IN_REACH, PLAYABLE)
    first = page.locator(PLAYABLE).nth(max(i, 0))
    if (first.get_attribute("data-action") or "").startswith("ui:pick:"):
        click_and_wait(page, first, tap=tap)
        click_and_wait(page, ".pick [data-action]:not([data-action^='ui:'])", tap=tap)
        return
    click_and_wait(page, first, tap=tap)


PART_SWITCH = '[data-action="ui:board-part"]'
IN_REACH = """sel => [...document.querySelectorAll(sel)].findIndex(el => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
})"""


def click_action(page, aid, tap=False):
    """Play engine action ``aid``: its own control, or through the pick of its board place."""
    sel = f'main [data-action="{aid}"]{NOT_TRAY}'
    if not page.locator(sel).count() and aid.startswith(("place:", "build:")):
        key = aid.split(":")[1] if aid.startswith("place:") else "site:" + aid.split(":")[1]
        click_and_wait(page, f'main [data-action="ui:pick:{key}"]', tap=tap)
    assert page.locator(sel).count() == 1, f"{aid!r} should be on screen exactly once"
    click_and_wait(page, sel, tap=tap)


def actions_on_screen(page, legal_ids):
    """The engine action ids reachable on screen: controls, plus those behind a pick target."""
    ids = page.eval_on_selector_all(GAME_ACTION, "els => els.map(e => e.dataset.action)")
    picks = page.eval_on_selector_all(PICK, "els => els.map(e => e.dataset.action.slice(8))")
    return ids + [
        a
        for a in legal_ids
        if (a.startswith("place:") and a.split(":")[1] in picks)
        or (a.startswith("build:") and "site:" + a.split(":")[1] in picks)
    ]


def saved_record(page):
    """The record of the game on screen as saved in IndexedDB (web/store.js), after every write
    issued so far; falls back to the pre-IndexedDB localStorage key before the app migrated it."""
    text = page.evaluate(
        f"window.euroStore ? window.euroStore.currentText() : localStorage.getItem({json.dumps(SAVE_KEY)})"
    )
    return json.loads(text) if text else None
