"""The app on the tablet's home screen: installable, offline from a sub-folder, updates
that wait for the player and never strand a game, old rules versions, wake lock, rotation and
full screen. Service-worker tests run in their own context (SWs are blocked by default) against
their own server, serving a copy of the build from a sub-folder (/app/) so a test can deploy a
changed build into it. Waits are on the page's state only (docs/testing.md "Waiting").
"""

import json
import os
import shutil
import struct
import urllib.request
from pathlib import Path

import pytest

from e2e_harness import E2E_ARGS, available_game, wait_ready
from scripts.browser import (
    CHROMIUM,
    GAME_ACTION,
    PICK,
    PLAYABLE,
    ROOT,
    Server,
    click_action,
    click_and_wait,
    play_step,
    saved_record,
    state,
    wait_state_after,
)

from scripts import build as build_script

LEGACY = ROOT / "tests" / "fixtures" / "legacy" / "1.0.0"


# ----- fixtures --------------------------------------------------------------------------------------
@pytest.fixture
def site(tmp_path, dist):
    """A copy of the build served from the sub-folder /app/ of a server of its own."""
    root = tmp_path / "site"
    shutil.copytree(dist, root / "app")
    server = Server(root)
    server.app = root / "app"
    server.app_url = server.url + "app/"
    yield server
    server.stop()


@pytest.fixture(params=["none", "long"])
def http_cached_site(request, tmp_path, dist):
    """``site`` under a server whose answers the browser's HTTP cache keeps: no Cache-Control at
    all (python's http.server, many static hosts: the browser guesses a freshness from
    Last-Modified, so the files are dated years back) or a long max-age."""
    root = tmp_path / "site"
    shutil.copytree(dist, root / "app")
    years_ago = 1_500_000_000  # 2017: a heuristic freshness of months
    for p in (root / "app").rglob("*"):
        os.utime(p, (years_ago, years_ago))
    server = Server(root, cache=request.param)
    server.app = root / "app"
    server.app_url = server.url + "app/"
    yield server
    server.stop()


@pytest.fixture
def sw_page(browser, guard):
    """A page whose service worker may run (the guard sees the page's requests, not the worker's own;
    the browser's host-resolver rules and the Content-Security-Policy still stop other hosts)."""
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1024, "height": 768})
    yield guard.attach(ctx.new_page())
    ctx.close()


def controlled_visit(page, url):
    """First visit (the worker installs and precaches), then a reload: the worker serves the page."""
    page.goto(url)
    wait_ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")


ASK_BUILD = """() => new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = (e) => resolve(e.data);
    navigator.serviceWorker.controller.postMessage({type: "VERSIONS"}, [ch.port2]);
})"""


def running_build(page):
    return page.evaluate(ASK_BUILD)["build"]


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


# ----- installable ------------------------------------------------------------------------------------
def test_manifest_is_served_valid_and_every_icon_has_its_size(site):
    with urllib.request.urlopen(site.app_url + "manifest.webmanifest") as r:
        assert r.headers["Content-Type"] == "application/manifest+json"
        man = json.loads(r.read())
    for key in ("name", "short_name", "background_color", "theme_color"):
        assert man[key]
    assert man["display"] == "standalone" and man["start_url"] == "./" and man["scope"] == "./"
    sizes = set()
    for icon in man["icons"]:
        with urllib.request.urlopen(site.app_url + icon["src"]) as r:
            assert r.headers["Content-Type"] == "image/png"
            w, h = png_size(r.read())
        assert f"{w}x{h}" == icon["sizes"], icon
        sizes.add((w, icon["purpose"]))
    for n in (48, 72, 96, 128, 144, 152, 192, 256, 384, 512):
        assert (n, "any") in sizes, f"no {n} px icon"
    assert (512, "maskable") in sizes
    html = (site.app / "index.html").read_text()
    for tag in (
        'rel="manifest"',
        'name="apple-mobile-web-app-capable"',
        'rel="apple-touch-icon"',
        'name="theme-color"',
    ):
        assert tag in html, tag
    touch = html.split('rel="apple-touch-icon"')[1].split('href="')[1].split('"')[0]
    assert png_size((site.app / touch).read_bytes()) == (180, 180)
    assert json.loads((site.app / "versions.json").read_text())["supported"]


def test_installable_from_a_sub_folder(browser_type, site, guard, tmp_path):
    """Chromium's own verdict (CDP Page.getInstallabilityErrors): nothing stands in the way. A
    persistent profile: Playwright's ordinary contexts are incognito ones, never installable."""
    ctx = browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=E2E_ARGS, service_workers="allow"
    )
    try:
        page = guard.attach(ctx.new_page())
        controlled_visit(page, site.app_url)
        cdp = ctx.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == site.app_url + "manifest.webmanifest" and not manifest["errors"]
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        ctx.close()


def test_install_button_only_after_beforeinstallprompt(page, base):
    page.add_init_script("window.__bip = 0; addEventListener('beforeinstallprompt', () => { window.__bip++; }, true);")
    page.goto(base)
    wait_ready(page)
    install = page.locator('[data-action="ui:install"]')
    assert install.is_visible() == (page.evaluate("window.__bip") > 0)
    page.evaluate("""() => {
        const e = new Event("beforeinstallprompt", {cancelable: true});
        e.prompt = () => { window.__prompted = (window.__prompted || 0) + 1; return Promise.resolve(); };
        dispatchEvent(e);
    }""")
    assert install.is_visible()
    click_and_wait(page, install)
    assert page.evaluate("window.__prompted") == 1
    assert not install.is_visible()  # a prompt can be shown once


# ----- offline ----------------------------------------------------------------------------------------
def test_offline_after_the_first_visit_from_a_sub_folder(sw_page, site):
    """Load once with the service worker, stop the server, reload: the game still plays."""
    page = sw_page
    page.goto(f"{site.app_url}index.html?game={available_game()}&players=3&seed=42")
    wait_ready(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    play_step(page)
    site.stop()
    page.reload()
    wait_ready(page)
    assert len(saved_record(page)["actions"]) == 1
    play_step(page)
    assert len(saved_record(page)["actions"]) == 2


# ----- updates never strand a game -------------------------------------------------------------------
def deploy_changed_build(app, supported=None):
    """A new build in the served folder: a changed file (and maybe other rules versions), then the
    build's own service-worker step (new build id from the files)."""
    css = app / "web" / "style.css"
    css.write_text(css.read_text() + "\n/* deployed-2 */\n")
    if supported is not None:
        (app / "versions.json").write_text(json.dumps({"engine": f"{supported[-1]}.0.0", "supported": supported}))
    return build_script.write_service_worker(app)


def start_controlled_game(page, site):
    controlled_visit(page, f"{site.app_url}index.html?game={available_game()}&players=2&seed=5")
    play_step(page)
    play_step(page)


def test_update_waits_for_the_player_and_the_game_continues(sw_page, site):
    page = sw_page
    start_controlled_game(page, site)
    old = running_build(page)
    new = deploy_changed_build(site.app)
    assert new != old
    page.evaluate("euroCheckUpdate()")
    page.wait_for_selector('body[data-update="ready"]', state="attached")
    assert page.is_visible("#update-notice") and "A new version is ready" in page.inner_text("#update-notice")
    assert not page.is_visible("#update-notice .update-export")
    # The new build waits: this page keeps the old build's worker and files, and plays on.
    assert running_build(page) == old
    assert "deployed-2" not in page.evaluate("fetch('web/style.css').then(r => r.text())")
    assert sorted(page.evaluate("caches.keys()")) == sorted([f"euro-{old}", f"euro-{new}"])
    play_step(page)
    moves = saved_record(page)["actions"]
    assert len(moves) == 3
    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    # The new build runs, the old cache is gone, and the saved game continues where it was.
    assert running_build(page) == new
    assert "deployed-2" in page.evaluate("fetch('web/style.css').then(r => r.text())")
    assert page.evaluate("caches.keys()") == [f"euro-{new}"]
    assert saved_record(page)["actions"] == moves
    assert page.get_attribute("body", "data-screen") in ("play", "handoff")
    assert not page.is_visible("#update-notice")
    play_step(page)
    assert saved_record(page)["actions"][:3] == moves and len(saved_record(page)["actions"]) == 4


def test_update_never_mixes_two_builds_under_a_caching_server(sw_page, http_cached_site):
    """The new build's files come from the server, not the HTTP cache that still holds the old
    build's (issue 26: the "new" version kept the old file after Reload)."""
    page, site = sw_page, http_cached_site
    start_controlled_game(page, site)
    with urllib.request.urlopen(site.app_url + "web/style.css") as r:
        assert r.headers["Cache-Control"] == {"none": None, "long": "max-age=31536000"}[site.cache]
    old = running_build(page)
    new = deploy_changed_build(site.app)
    page.evaluate("euroCheckUpdate()")
    page.wait_for_selector('body[data-update="ready"]', state="attached")
    moves = saved_record(page)["actions"]
    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    assert running_build(page) == new != old
    assert "deployed-2" in page.evaluate("fetch('web/style.css').then(r => r.text())")
    assert saved_record(page)["actions"] == moves


def test_a_build_whose_files_do_not_match_is_refused_and_retried(sw_page, site):
    """A deploy half done (the new sw.js is there, a file is still the old one): the new worker
    refuses it (each file's SHA-256 against its list), nothing is offered, the old build plays on;
    once the file arrives, the next check installs the new build."""
    page = sw_page
    start_controlled_game(page, site)
    old = running_build(page)
    css = site.app / "web" / "style.css"
    old_css = css.read_text()
    new = deploy_changed_build(site.app)
    new_css = css.read_text()
    css.write_text(old_css)  # not uploaded yet
    page.evaluate("euroCheckUpdate()")
    page.wait_for_selector('body[data-update="refused"]', state="attached")
    assert not page.is_visible("#update-notice")
    # Nothing of the refused build is kept. (Waited for: under load the browser's own update check
    # can start a second install of the same worker beside euroCheckUpdate's; that one's cache is
    # gone too once it is refused in turn. A cache that stays fails here by the hang guard.)
    # (wait_for_function does not await a promise: the page keeps window.__caches current.)
    page.evaluate(
        "() => { const tick = () => caches.keys().then(k => { window.__caches = k.join(' '); setTimeout(tick, 50); }); tick(); }"
    )
    page.wait_for_function(f"window.__caches === 'euro-{old}'")
    play_step(page)
    assert running_build(page) == old
    css.write_text(new_css)  # the deploy completes; sw.js itself is unchanged
    page.evaluate("euroCheckUpdate()")
    page.wait_for_selector('body[data-update="ready"]', state="attached")
    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    assert running_build(page) == new
    assert "deployed-2" in page.evaluate("fetch('web/style.css').then(r => r.text())")


def test_update_that_cannot_play_the_game_says_so_and_offers_export(sw_page, site):
    page = sw_page
    start_controlled_game(page, site)
    engine = page.get_attribute("body", "data-engine")
    deploy_changed_build(site.app, supported=["9"])
    page.evaluate("euroCheckUpdate()")
    page.wait_for_selector('body[data-update="incompatible"]', state="attached")
    text = page.inner_text("#update-notice")
    assert "cannot continue this game" in text and f"rules version {engine}" in text
    export = page.locator("#update-notice .update-export")
    assert export.is_visible()
    with page.expect_download() as dl:
        export.click()
    record = json.loads(Path(dl.value.path()).read_text())
    assert record["engine"] == engine and len(record["actions"]) == 2
    play_step(page)  # nothing was switched: the game plays on in the build it started with
    assert len(saved_record(page)["actions"]) == 3


# ----- old rules versions --------------------------------------------------------------------------------
def _save_as_current(page, record):
    page.evaluate(
        """(text) => {
        const id = window.euroStore.newId();
        const summary = JSON.stringify({id, game: "barcelona", players: ["A", "B"], date: "2026-01-01T00:00:00.000Z",
                                        moves: 0, over: false, bots: []});
        return window.euroStore.save(id, text, summary);
    }""",
        json.dumps(record),
    )


def test_an_autosaved_1_0_0_game_loads_and_plays_on(page, base):
    """Once main's engine is 2.0.0 this game goes through engine/legacy/v1 (engine/versions.py)."""
    record = json.loads((LEGACY / "barcelona-2p-random-mid.json").read_text())["record"]
    assert record["engine"] == "1.0.0"
    page.goto(base)
    wait_ready(page)
    _save_as_current(page, record)
    page.reload()
    wait_ready(page)
    assert page.get_attribute("body", "data-engine") == "1.0.0"
    assert page.get_attribute("body", "data-screen") == "play"
    play_step(page)
    saved = saved_record(page)
    assert saved["engine"] == "1.0.0" and saved["actions"][:-1] == record["actions"]


def test_a_record_of_an_unknown_rules_version_is_kept_and_explained(page, base):
    record = json.loads((LEGACY / "barcelona-2p-random-mid.json").read_text())["record"]
    page.goto(base)
    wait_ready(page)
    _save_as_current(page, dict(record, engine="9.0.0"))
    page.reload()
    wait_ready(page)
    msg = page.inner_text(".message")
    assert "newer rules version (9.0.0)" in msg and "export it" in msg
    assert page.evaluate("window.euroStore.damaged().then(d => d.length)") == 1  # kept aside, never lost


# ----- wake lock --------------------------------------------------------------------------------------------
FAKE_WAKE_LOCK = """
window.__wl = {requests: 0, held: 0, sentinels: []};
window.__vis = "visible";
Object.defineProperty(Document.prototype, "visibilityState", {get: () => window.__vis, configurable: true});
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request(type) {
    __wl.requests++; __wl.held++;
    const s = new EventTarget();
    s.type = type; s.released = false;
    s.release = () => { if (!s.released) { s.released = true; __wl.held--; s.dispatchEvent(new Event("release")); }
                        return Promise.resolve(); };
    __wl.sentinels.push(s);
    return Promise.resolve(s);
}}});
// What the browser does when the page is hidden: every lock goes.
window.__hide = () => { __vis = "hidden"; __wl.sentinels.forEach((s) => s.release());
                        document.dispatchEvent(new Event("visibilitychange")); };
window.__show = () => { __vis = "visible"; document.dispatchEvent(new Event("visibilitychange")); };
"""


def _held(page, n):
    page.wait_for_function(
        f"window.__wl.held === {n} && document.body.dataset.wakeLock === '{'held' if n else 'released'}'"
    )


def test_wake_lock_held_during_a_game_and_released_at_the_end_and_in_history(page, base, tmp_path):
    import random

    import engine

    g = engine.game_module("barcelona").new_game(2, 11)
    rng = random.Random(11)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    record = g.record()
    last = record["actions"][-1]
    path = tmp_path / "almost.json"
    path.write_text(json.dumps(dict(record, actions=record["actions"][:-1])))
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(base + "index.html?confirm=0")
    wait_ready(page)
    assert page.evaluate("window.__wl.requests") == 0  # the new-game form: no lock
    before = state(page)
    page.set_input_files('input[data-action="ui:import"]', str(path))
    wait_state_after(page, before)
    _held(page, 1)  # a game in progress
    click_and_wait(page, '[data-action="ui:history"]')
    _held(page, 0)
    click_and_wait(page, '[data-action="ui:hist-close"]')
    _held(page, 1)
    page.evaluate("__hide()")
    _held(page, 0)
    page.evaluate("__show()")
    _held(page, 1)  # asked again when the page is visible again
    assert page.evaluate("window.__wl.requests") == 3
    # The setting (Help) turns it off, and it is kept.
    click_and_wait(page, '[data-action="ui:help"]')
    click_and_wait(page, '[data-action="ui:toggle-wakelock"]')
    _held(page, 0)
    assert json.loads(page.evaluate("localStorage.getItem('euro:settings')"))["wakelock"] is False
    page.reload()
    wait_ready(page)
    assert page.get_attribute("body", "data-screen") == "play" and page.get_attribute("body", "data-wakelock") == "0"
    assert page.evaluate("window.__wl.held") == 0
    click_and_wait(page, '[data-action="ui:help"]')
    click_and_wait(page, '[data-action="ui:toggle-wakelock"]')
    _held(page, 1)
    click_and_wait(page, '[data-action="ui:help"]')  # close help
    click_action(page, last)
    assert page.get_attribute("body", "data-game-over") == "1"
    _held(page, 0)  # the end screen


# ----- rotation and full screen -----------------------------------------------------------------------------
SNAPSHOT = """() => ({
    preview: document.querySelector(".preview") ? document.querySelector(".preview").dataset.selected : null,
    selected: Array.from(document.querySelectorAll('main .selected[data-action]')).map(e => e.dataset.action),
    zoom: document.querySelector('.board') ? document.querySelector('.board').dataset.zoom : null,
    pick: Array.from(document.querySelectorAll('.pick [data-action]')).map(e => e.dataset.action),
    state: document.body.dataset.state,
})"""


def test_rotation_keeps_the_decision_selection_and_zoom(page, base):
    page.goto(f"{base}index.html?game={available_game()}&players=2&seed=3&confirm=1")
    wait_ready(page)
    click_and_wait(page, '[data-action="ui:zoom-in"]')
    if page.locator(PLAYABLE).first.get_attribute("data-action").startswith("ui:pick:"):
        click_and_wait(page, PICK)  # a two-step board choice: its actions are in the decision bar now
        target = page.locator(".pick [data-action]:not([data-action^='ui:'])").first
    else:
        target = page.locator(GAME_ACTION).first
    aid = target.get_attribute("data-action")
    click_and_wait(page, target, confirm=False)  # selected, waiting for Confirm
    snap = page.evaluate(SNAPSHOT)
    assert snap["preview"] and snap["zoom"]
    for w, h in ((768, 1024), (1024, 768)):
        page.set_viewport_size({"width": w, "height": h})
        # the page has answered the rotation (web/page.refit: a board drawn for the new box may
        # redraw the screen, so the redraw counter may move; nothing the player chose may)
        page.wait_for_function(f"document.body.dataset.fitted === '{w}x{h}' && !document.body.dataset.refit")
        now = page.evaluate(SNAPSHOT)
        assert {**now, "state": None} == {**snap, "state": None}, f"lost at {w}x{h}"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
    before = len(saved_record(page)["actions"])
    click_and_wait(page, 'main [data-action="ui:confirm"]')
    rec = saved_record(page)
    assert len(rec["actions"]) == before + 1 and rec["actions"][-1] == aid


def test_full_screen_toggle(page, base):
    page.goto(base)
    wait_ready(page)
    assert page.evaluate("document.fullscreenEnabled")
    button = page.locator('[data-action="ui:fullscreen"]')
    assert button.is_visible()
    click_and_wait(page, button)
    page.wait_for_function(
        "document.fullscreenElement !== null && document.documentElement.classList.contains('is-fullscreen')"
    )
    click_and_wait(page, button)
    page.wait_for_function(
        "document.fullscreenElement === null && !document.documentElement.classList.contains('is-fullscreen')"
    )


def test_full_screen_button_hidden_where_not_offered(page, base):
    page.add_init_script("Object.defineProperty(Document.prototype, 'fullscreenEnabled', {get: () => false});")
    page.goto(base)
    wait_ready(page)
    assert page.locator('[data-action="ui:fullscreen"]').count() == 1
    assert not page.locator('[data-action="ui:fullscreen"]').is_visible()
