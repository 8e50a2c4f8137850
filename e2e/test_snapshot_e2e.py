"""The runtime starts from the build's memory snapshot (scripts/snapshot.py, web/pyodide-snap.mjs;
docs/web-shell.md "Memory snapshot"), starts plainly without a usable one, and deals fresh games
either way (main.py reseeds ``random``, which the snapshot holds seeded 0)."""

import pytest

from e2e_harness import play_step, saved_record, wait_ready

SNAPSHOT = "**/web/vendor/pyodide/app-*.snap"
LINK = "index.html?game=barcelona&players=2&botdelay=0"
INFLATE = "snap-inflate.js"  # the loader's inflate worker, used where the device has cores to spare


def runtime(page):
    return page.get_attribute("body", "data-runtime")


def cores(page, n):
    """The page sees a device of ``n`` cores (the loader inflates beside the main thread from 3)."""
    page.add_init_script(f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{ get: () => {n} }});")


@pytest.mark.parametrize("n", [2, 8])
def test_the_page_starts_from_the_snapshot_and_plays(page, base, n):
    asked = []
    page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[1]) if r.url.endswith((".snap", INFLATE)) else None)
    cores(page, n)
    page.goto(base + LINK + "&seed=3")
    wait_ready(page)
    assert runtime(page) == "snapshot"
    assert len([a for a in asked if a.endswith(".snap")]) == 1  # fetched once, by the page (its preload used)
    assert (INFLATE in asked) == (n > 2), asked
    before = len(saved_record(page)["actions"])
    play_step(page)
    assert len(saved_record(page)["actions"]) > before


def test_a_missing_or_damaged_snapshot_starts_plainly(page, base, guard):
    cores(page, 8)  # the damaged bytes meet the inflate worker
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
            page.goto(base + LINK)
            wait_ready(page)
            assert runtime(page) == "snapshot"
            seeds.append(saved_record(page)["seed"])
        finally:
            ctx.close()
    assert seeds[0] != seeds[1], seeds
