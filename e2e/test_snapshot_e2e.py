"""The runtime starts from the build's memory snapshot (scripts/snapshot.py, web/pyodide-snap.mjs;
docs/build.md "Memory snapshot") once it is on the device, starts plainly without a usable one, and
deals fresh games either way (main.py reseeds ``random``, which the snapshot holds seeded 0).
A first visit starts plainly on purpose and fetches the snapshot after the first move, for the next
start (docs/build.md "First visit"); the other tests start as a later visit does (``known``)."""

import pytest

from e2e_harness import wait_ready
from scripts.browser import DIST, play_step, saved_record

SNAPSHOT = "**/web/vendor/pyodide/app-*.snap"
LINK = "index.html?game=barcelona&players=2&botdelay=0"
INFLATE = "snap-inflate.js"  # the loader's inflate worker, used where the device has cores to spare


def runtime(page):
    return page.get_attribute("body", "data-runtime")


def snapshot_name():
    names = [p.name for p in (DIST / "web/vendor/pyodide").glob("app-*.snap")]
    assert len(names) == 1, names
    return names[0]


def known(page):
    """This browser fetched the snapshot before (web/pyodide-snap.mjs's mark): the start uses it,
    downloading it again here (a test context has an empty HTTP cache)."""
    page.add_init_script(f"localStorage.setItem('euro:snapshot', {snapshot_name()!r});")


@pytest.mark.first_visit
def test_a_first_visit_starts_plainly_and_the_next_start_uses_the_snapshot(page, base):
    """A first visit does not wait for the 7 MB snapshot: a plain start on the parts of app.zip its
    first move needs (the core, Barcelona, English: preloaded instead; no app-rest.zip), the other
    parts and the snapshot fetched once the game is playable; the next start uses the snapshot and
    app-rest.zip, from the browser's HTTP cache, and plays."""
    asked = []
    page.on(
        "request",
        lambda r: (
            asked.append(r.url.rsplit("/", 1)[1])
            if r.url.endswith((".snap", "app-rest.zip")) or "/parts/" in r.url
            else None
        ),
    )
    page.goto(base + LINK + "&seed=3")
    wait_ready(page)
    assert runtime(page) == "plain"
    assert sign(page)["reason"].startswith("first visit") and not sign(page)["used"]
    parts = page.evaluate("globalThis.euroParts")
    assert parts["wanted"] == ["core", "lang-en", "game-barcelona"], parts
    assert parts["fetched"] == [], parts  # nothing was fetched on demand
    first = list(asked)
    assert sorted(first[:3]) == ["core.zip", "game-barcelona.zip", "lang-en.zip"] and "app-rest.zip" not in first
    page.wait_for_function("globalThis.euroSnapshot.prefetch !== 'pending'")
    assert sign(page)["prefetch"] == "done" and asked.count(snapshot_name()) == 1, asked
    assert "game-strasbourg.zip" in asked and "legacy.zip" in asked and "lang-de.zip" in asked
    here = page.evaluate("globalThis.euroParts.here")
    assert {"game-strasbourg", "legacy", "lang-de"} <= set(here), here
    assert page.evaluate("localStorage.getItem('euro:snapshot')") == snapshot_name()
    play_step(page)
    n = len(asked)
    page.goto(base + LINK + "&seed=4")
    wait_ready(page)
    assert runtime(page) == "snapshot" and sign(page)["used"]
    assert "app-rest.zip" in asked[n:] and not any(a in asked[n:] for a in ("core.zip", "game-barcelona.zip"))
    before = len(saved_record(page)["actions"])
    play_step(page)
    assert len(saved_record(page)["actions"]) > before


# WebKit cannot transfer a stream to a worker (DataCloneError): the same refusal, in Chromium
NO_STREAM_TRANSFER = """
for (const proto of [MessagePort.prototype, Worker.prototype]) {
  const post = proto.postMessage;
  proto.postMessage = function (message, transfer) {
    const list = Array.isArray(transfer) ? transfer : (transfer && transfer.transfer) || [];
    if (list.some((t) => t instanceof ReadableStream)) {
      throw new DOMException("ReadableStream could not be cloned.", "DataCloneError");
    }
    return post.apply(this, arguments);
  };
}
"""
# Every inflate worker the page makes, and every one it ends
COUNT_WORKERS = """
(() => {
  const Base = window.Worker;
  window.inflateWorkers = { made: 0, ended: 0 };
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      this.inflates = String(url).includes("snap-inflate");
      if (this.inflates) window.inflateWorkers.made++;
    }
    terminate() {
      if (this.inflates) window.inflateWorkers.ended++;
      return super.terminate();
    }
  };
})();
"""


def sign(page):
    """What the loader did (web/static/pyodide-snap.mjs ``euroSnapshot``): how it inflated, whether used."""
    return page.evaluate("() => globalThis.euroSnapshot")


def cores(page, n):
    """The page sees a device of ``n`` cores (the loader inflates beside the main thread from 3)."""
    page.add_init_script(f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{ get: () => {n} }});")


@pytest.mark.parametrize("n", [2, 8])
def test_the_page_starts_from_the_snapshot_and_plays(page, base, n):
    asked = []
    page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[1]) if r.url.endswith((".snap", INFLATE)) else None)
    cores(page, n)
    known(page)
    page.goto(base + LINK + "&seed=3")
    wait_ready(page)
    assert runtime(page) == "snapshot"
    assert len([a for a in asked if a.endswith(".snap")]) == 1  # fetched once, by the page (its preload used)
    assert (INFLATE in asked) == (n > 2), asked
    assert sign(page)["used"] and sign(page)["inflate"] == ("worker, stream" if n > 2 else "in place")
    before = len(saved_record(page)["actions"])
    play_step(page)
    assert len(saved_record(page)["actions"]) > before


def test_where_streams_cannot_move_to_a_worker_the_snapshot_is_still_used(page, base):
    """WebKit's case on a tablet's 8 cores: the worker gets the downloaded bytes instead of the
    stream, the runtime starts from the snapshot, and the worker is ended."""
    cores(page, 8)
    page.add_init_script(NO_STREAM_TRANSFER)
    page.add_init_script(COUNT_WORKERS)
    known(page)
    page.goto(base + LINK + "&seed=5")
    wait_ready(page)
    assert runtime(page) == "snapshot"
    assert sign(page) == {"inflate": "worker, bytes", "used": True, "reason": None}
    assert page.evaluate("() => window.inflateWorkers") == {"made": 1, "ended": 1}
    before = len(saved_record(page)["actions"])
    play_step(page)
    assert len(saved_record(page)["actions"]) > before


def test_a_failing_inflate_worker_is_ended_and_the_start_is_plain(page, base, guard):
    """No path leaves the inflate worker running: damaged bytes fail in it, it is ended, the page
    starts plainly and says why once (a console warning, not an error)."""
    cores(page, 8)
    page.add_init_script(COUNT_WORKERS)
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=b"not a gzip stream at all" * 100))
    known(page)
    page.goto(base + LINK + "&seed=6")
    wait_ready(page)
    assert runtime(page) == "plain" and not sign(page)["used"] and sign(page)["reason"]
    assert page.evaluate("() => window.inflateWorkers") == {"made": 1, "ended": 1}
    assert len([w for w in warnings if "memory snapshot not used" in w]) == 1, warnings


def test_a_missing_or_damaged_snapshot_starts_plainly(page, base, guard):
    cores(page, 8)  # the damaged bytes meet the inflate worker
    known(page)
    page.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base + LINK + "&seed=3")
    wait_ready(page)
    assert runtime(page) == "plain"
    # the browser's own line for the 404 is the only console error (the loader only warns)
    assert guard.errors and all("404" in e for e in guard.errors), guard.errors
    guard.errors.clear()
    play_step(page)
    page.unroute(SNAPSHOT)
    page.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=b"not a gzip stream at all" * 100))
    page.goto(base + LINK + "&seed=4")
    wait_ready(page)
    assert runtime(page) == "plain"
    play_step(page)


def test_each_page_deals_its_own_new_games(browser, base, guard):
    """Two pages started from the same snapshot, a new game each (a link without a seed): two seeds."""
    seeds = []
    for _ in range(2):
        ctx = browser.new_context(service_workers="block")
        try:
            page = guard.attach(ctx.new_page())
            known(page)
            page.goto(base + LINK)
            wait_ready(page)
            assert runtime(page) == "snapshot"
            seeds.append(saved_record(page)["seed"])
        finally:
            ctx.close()
    assert seeds[0] != seeds[1], seeds
