"""The e2e harness as plain code (fixtures live in conftest.py): pytest's reporting for the
browser-driving helpers of scripts/browser.py (``Guard``, ``wait_ready``; the tests import the
other helpers from scripts/browser.py itself), and what only the tests use: the shared booted app,
opening a position without a reload."""

import json

import pytest

from scripts import browser
from scripts.browser import CHROMIUM_ARGS, READY_TIMEOUT, state, wait_state_after


# The test browser runs WebAssembly on V8's baseline compiler only (Liftoff). A test page lives for
# seconds and boots ~200 times a run: the optimising tier's compile of the runtime's hot functions
# (~1.1 CPU-s per fresh page) costs more than it gives back there; on the whole e2e run it is ~15%
# less time (bench/RESULTS.md "Test suite"). Same semantics, other speed: the benches, which
# measure what players get, launch Chromium with CHROMIUM_ARGS as it is.
#
# --process-per-site: the pages of one site in one context share one renderer process, so the
# pages FreshPages hands out, one after the other, boot in a process whose V8 has compiled the
# runtime's JavaScript and WebAssembly already (measured: ~1.85 CPU-s a boot against ~2.8 in a new
# context each time; bench/RESULTS.md "Test suite"). Pages of one site share a process in Chrome
# anyway once it runs short of processes (phones); nothing a test checks depends on it.
E2E_ARGS = CHROMIUM_ARGS + ["--js-flags=--liftoff-only", "--process-per-site"]
# The shared booted apps (`table`, `booted`) are the other way round: booted a few times a run, each
# plays hundreds of moves, so they run in a browser of their own with the optimising tier on
# (side by side on the table-heavy files: ~6% less time and CPU than on Liftoff alone).
TABLE_ARGS = CHROMIUM_ARGS + ["--process-per-site"]


class Guard(browser.Guard):
    """scripts/browser.Guard whose check fails the test with the page's problems, no traceback."""

    def check(self):
        if self.problems():
            pytest.fail("\n".join(self.problems()), pytrace=False)


def wait_ready(page, timeout=READY_TIMEOUT):
    """scripts/browser.wait_ready; a boot that never ends fails the test with where it stopped."""
    try:
        browser.wait_ready(page, timeout)
    except browser.NotReady as e:
        pytest.fail(str(e), pytrace=False)


def available_game():
    """A game whose real engine is importable now (tests use whichever exists)."""
    import engine

    for name in engine.GAME_NAMES:
        try:
            if hasattr(engine.game_module(name), "new_game"):
                return name
        except ImportError:
            pass
    pytest.skip("no game engine available yet")


# ----- fresh pages in one context (conftest.py's `page` fixture, each Table's boots) ---------------
KEEPER = "manifest.webmanifest"  # any static file of the site: the keeper page runs nothing


def later_visit():
    """An init script: the page starts as on a device that fetched the memory snapshot before
    (web/static/pyodide-snap.mjs's mark ``euro:snapshot``; docs/build.md "First visit"). The e2e
    pages start so by default (the start players meet from their second visit on, and the faster
    one here); a test of the first visit itself is marked ``@pytest.mark.first_visit``."""
    names = [p.name for p in (browser.DIST / "web/vendor/pyodide").glob("app-*.snap")]
    assert len(names) == 1, names
    return f"try {{ localStorage.setItem('euro:snapshot', {names[0]!r}); }} catch (e) {{}}"


class FreshPages:
    """Pages of one browser context, each starting as in a new context: the origin's storage empty
    (IndexedDB, localStorage, caches, service workers: CDP Storage.clearDataForOrigin), no other page
    of the context open, its own window. A keeper page of the same site stays open between them, so
    the renderer process, and what V8 compiled in it, lives on (E2E_ARGS' --process-per-site).
    What lives in the context itself is NOT reset: a test that installs a fake clock, a context
    route or init script, permissions or a quota override asks for its own context
    (``@pytest.mark.own_context``; conftest.py's `page`)."""

    def __init__(self, browser, context_args, origin):
        self.browser, self.context_args, self.origin = browser, context_args, origin.rstrip("/")
        self.ctx = self.keeper = None
        self.crashed = False

    def _open(self):
        self.close()
        self.ctx = self.browser.new_context(**self.context_args)
        self.keeper = self.ctx.new_page()
        self.crashed = False
        self.keeper.on("crash", lambda _: setattr(self, "crashed", True))  # the whole process went
        self.keeper.goto(f"{self.origin}/{KEEPER}")

    def new_page(self, later=True):
        """A page of the context after the others are closed and the origin's storage cleared;
        ``later``: it starts as a later visit does (``later_visit``)."""
        if self.ctx is None or self.crashed or self.keeper.is_closed():
            self._open()
        self.release()
        cdp = self.ctx.new_cdp_session(self.keeper)
        try:
            cdp.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": "all"})
        finally:
            cdp.detach()
        page = self.ctx.new_page()
        if later:
            page.add_init_script(later_visit())
        return page

    def release(self):
        """Close every page of the context but the keeper."""
        if self.ctx is not None:
            for p in self.ctx.pages:
                if p is not self.keeper:
                    p.close()

    def close(self):
        if self.ctx is not None:
            self.ctx.close()
        self.ctx = self.keeper = None


# ----- the shared booted app (conftest.py's `table` fixture) ----------------------------------------
BOOT_QUERY = "botdelay=0"  # the shared page's URL knobs (computer seats move at once)
IMPORT = 'input[data-action="ui:import"]'
# What a test may leave behind that the next one must not see; any change = boot a fresh page.
CLEAN_STATE_JS = """() => JSON.stringify({
    storage: Object.entries(localStorage).sort(), url: location.href, lang: document.documentElement.lang,
    stored: !!document.querySelector('.message.storage-problem, .message.damaged'), more: !!document.querySelector('nav.toolbar.more-open'),
    open: [...document.querySelectorAll('dialog[open], .card.help, .board-text, .inspector, .pick, .panel-open')]
        .map(e => e.className), bot: document.body.dataset.bot || '',
    embed: document.body.dataset.embed || '', history: !!document.querySelector('.history-bar')})"""


class Table:
    """One context and page booted once and shared by the `table` tests. begin() hands out the
    page (booting a fresh one first if the last test failed or left it in another state); end()
    decides whether the next test may reuse it. The page keeps its Guard; begin() clears it."""

    def __init__(self, browser, context_args, url):
        self.url = url
        self.pages = FreshPages(browser, context_args, url.split("/index.html", 1)[0])
        self.page = self.guard = None
        self.clean = None
        self.boots = 0

    def _boot(self, viewport):
        self.page = self.pages.new_page()  # the last one closed, the storage cleared
        self.guard = Guard()
        self.guard.attach(self.page)
        self.page.set_viewport_size(viewport)
        self.page.goto(self.url)
        wait_ready(self.page)
        self.clean = self._state()
        self.boots += 1

    def _state(self):
        return self.page.evaluate(CLEAN_STATE_JS)

    def begin(self, viewport):
        """The page, booted, at ``viewport`` ({"width", "height"}): a page booted at another size is
        resized as a window or a rotation resizes it, and the app has answered (web/page.refit)."""
        if self.page is None or self.page.is_closed() or self.clean is None:
            self._boot(viewport)
        elif self.page.viewport_size != viewport:
            self.page.set_viewport_size(viewport)
            w, h = viewport["width"], viewport["height"]
            self.page.wait_for_function(f"document.body.dataset.fitted === '{w}x{h}' && !document.body.dataset.refit")
        self.guard.reset()
        return self.page

    def end(self, failed):
        try:
            reusable = not failed and not self.page.is_closed() and self._state() == self.clean
        except Exception:  # noqa: BLE001 - a page that cannot even say its state is not reused
            reusable = False
        if not reusable:
            self.clean = None

    def close(self):
        self.pages.close()
        self.page = None


class Tables:
    """The shared booted apps of a session, one per context setting (the default context, or e.g. a
    touch screen): ``lend(request, **context)`` is a fixture body that hands a test the booted page
    for ``context`` and registers its guard. The viewport is not a setting of its own: the app of
    the other settings is resized to it (as a window or a rotation resizes it; a boot costs ~2-3 s
    here, a resize a redraw). At most ``KEEP`` apps stay open (least recently used closed first).
    ``query`` replaces the boot link's URL knobs (BOOT_QUERY) for knobs that only a link sets, e.g.
    "lang=qps&confirm=1&botdelay=0": the app booted with them is another shared app. Apps are kept
    open across modules (the legibility, fit and tray tests share them); an idle app costs memory
    (~0.3-0.5 GB each), no CPU."""

    KEEP = 6

    def __init__(self, browser, context_args, base):
        self.browser, self.context_args, self.base = browser, context_args, base
        self.open = {}  # key -> Table, least recently used first

    def get(self, query=BOOT_QUERY, **context):
        """The shared app of ``query`` and ``context`` (less its viewport) and the viewport to show."""
        viewport = context.pop("viewport", None) or self.context_args["viewport"]
        # has_touch=False and is_mobile=False are a context's defaults: the same setting as absent
        context = {k: v for k, v in context.items() if v or k not in ("has_touch", "is_mobile")}
        key = json.dumps([query, context], sort_keys=True)
        url = self.base + "index.html?" + query
        t = self.open.pop(key, None) or Table(self.browser, {**self.context_args, **context}, url)
        self.open[key] = t
        while len(self.open) > self.KEEP:
            self.open.pop(next(iter(self.open))).close()
        return t, viewport

    def lend(self, request, query=BOOT_QUERY, **context):
        t, viewport = self.get(query, **context)
        page = t.begin(viewport)
        request.node._guards = getattr(request.node, "_guards", []) + [t.guard]
        yield page
        t.end(getattr(request.node, "_failed", True))

    def close(self):
        for t in self.open.values():
            t.close()
        self.open.clear()


def new_game_text(query):
    """The record of the new game ``index.html?<query>`` would start (game, players, seed, names,
    hidden, bots...; no URL knobs like confirm or lang), as the app saves it: made by the app's own
    Session in this process."""
    from web.model.links import settings_from_query
    from web.model.session import Session

    settings, seed = settings_from_query("?" + query.lstrip("?"))
    assert settings is not None and seed is not None, f"{query!r} does not start a seeded game"
    s = Session()
    s.start(settings, seed)
    return s.save_text()


def start_game(page, query):
    """On the booted shared page (the `table` fixture): start the new game of ``query`` (e.g.
    "game=barcelona&players=2&seed=3") by importing its record, as a player would a file. The same
    game, options and seat kinds as the link ``index.html?<query>`` gives, without a reload."""
    return load_record(page, new_game_text(query))


def load_record(page, record):
    """Import ``record`` (a dict, or the text of a saved game) through the page's Import input and
    wait for the redraw: how a test opens a position without a reload."""
    text = record if isinstance(record, str) else json.dumps(record)
    before = state(page)
    page.set_input_files(IMPORT, files=[{"name": "game.json", "mimeType": "application/json", "buffer": text.encode()}])
    wait_state_after(page, before)
    return page


def near_the_end(game, turns_left, knobs="", actions_left=None):
    """The record of ``game`` (an engine game played to its end in this process) cut
    ``turns_left`` seat changes (or ``actions_left`` actions) before the end, with the meta a link's ``knobs`` give (e.g.
    "bots=1:hard", "hidden=1"): a test that must reach the end screen through the page plays
    only the last turns. The whole game through the page is e2e/test_barcelona.py's and
    e2e/test_strasbourg.py's job."""
    assert game.is_over
    rec = game.record()
    g = __import__("engine").game_module(rec["game"]).new_game(rec["players"], rec["seed"], **rec["options"])
    starts, last = [], None  # action indexes where the deciding seat changes
    for i, aid in enumerate(rec["actions"]):
        if g.current_player != last:
            starts.append(i)
        last = g.current_player
        g.apply(aid)
    options = "".join(f"&{k}={v}" for k, v in rec["options"].items())
    query = f"game={rec['game']}&players={len(rec['players'])}&seed={rec['seed']}{options}&{knobs}"
    meta = json.loads(new_game_text(query))["meta"]
    cut = len(rec["actions"]) - actions_left if actions_left else starts[-turns_left]
    return dict(rec, actions=rec["actions"][:cut], meta=meta)


def position_at(module, seed, wanted, moves=800):
    """A record of ``module``'s 3-player game at the first decision ``wanted(legal)`` accepts (seeded random moves)."""
    import random

    g = module.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = g.legal_actions()
        if wanted(legal):
            return g.record()
        g.apply(rng.choice(legal))
    raise AssertionError("no such decision reached")


def two_orders(legal):
    """Barcelona: two different citizens in hand, two halves on each intersection (the phones' two-part choices)."""
    places = [a.id for a in legal if a.id.startswith("place:")]
    return len(places) > len({p.rsplit(":", 1)[0] for p in places}) >= 20
