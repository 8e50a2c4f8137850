"""End-to-end tests of the generic app shell (any game; they use whichever engine exists)."""

import json
import random

import pytest
from urllib.parse import urlparse

from e2e_harness import available_game, start_game, wait_ready
from scripts.browser import (
    GAME_ACTION,
    PLAYABLE,
    click_and_wait,
    play_step,
    reveal,
    saved_record,
    state,
    wait_state_after,
)


@pytest.fixture(scope="module")
def game():
    return available_game()


def start_query(game, extra=""):
    return f"game={game}&players=3&seed=42{extra}"


def start_url(base, game, extra=""):
    return f"{base}index.html?{start_query(game, extra)}"


def test_guard_catches_foreign_requests(browser, base, guard):
    """Negative control: the guard must see (a) a stray fetch and (b) PyScript's silent CDN
    fallback when the config lacks "interpreter"; otherwise the offline tests prove nothing.
    The Content-Security-Policy blocks both before the network (e2e/test_csp.py), so this
    context bypasses it to test the guard itself."""
    context = browser.new_context(service_workers="block", bypass_csp=True)
    page = guard.attach(context.new_page())
    page.goto(base)
    wait_ready(page)
    # evaluate() returns when the fetch has settled (the browser refuses the host: CHROMIUM_ARGS), and
    # Playwright hands the page's request event to the guard before that answer
    assert page.evaluate("fetch('http://example.com/probe').then(() => 'fetched', () => 'aborted')") == "aborted"
    assert any("example.com" in u for u in guard.foreign)
    guard.reset()

    def no_interpreter(route):
        cfg = json.loads(route.fetch().text())
        del cfg["interpreter"]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(cfg))

    page.route("**/web/pyscript.json", no_interpreter)
    with page.expect_event("requestfailed", predicate=lambda r: is_foreign(r) and "pyodide" in r.url):
        page.goto(base)
    assert any("pyodide" in u for u in guard.foreign), "PyScript without interpreter should have tried a CDN"
    page.goto("about:blank")  # stop the broken page before clearing its expected errors
    guard.reset()
    context.close()


def is_foreign(request):
    return urlparse(request.url).hostname not in (None, "127.0.0.1")


def test_no_foreign_request_and_new_game_screen_starts_a_game(page, base, game):
    page.goto(base)
    wait_ready(page)
    assert page.locator("#new-game").is_visible()
    page.select_option('select[name="game"]', game)
    page.wait_for_selector(f'select[name="game"] option[value="{game}"][selected]', state="attached")
    page.select_option('select[name="players"]', "3")
    page.fill('input[name="name0"]', "Ada")
    page.fill('input[name="name1"]', "Ben")
    click_and_wait(page, '[data-action="ui:start"]')
    assert page.locator(".prompt").is_visible()
    rec = saved_record(page)
    assert rec["game"] == game and rec["players"][:2] == ["Ada", "Ben"] and len(rec["players"]) == 3
    play_step(page)
    assert len(saved_record(page)["actions"]) == 1


def test_url_start_and_odd_params(page, base, game):
    page.goto(start_url(base, game))
    wait_ready(page)
    rec = saved_record(page)
    assert (rec["game"], rec["seed"], len(rec["players"])) == (game, 42, 3)
    assert page.locator(PLAYABLE).count() > 0
    page.evaluate("localStorage.clear()")
    for odd in ("?game=chess", f"?game={game}&players=12", f"?game={game}&seed=abc", "?foo=1"):
        page.goto(base + "index.html" + odd)
        wait_ready(page)
        assert page.locator("#new-game").is_visible(), odd
        assert "Ignoring the URL" in page.inner_text(".message"), odd


def test_reload_restores_the_game(page, base, game):
    page.goto(start_url(base, game))
    wait_ready(page)
    play_step(page)
    play_step(page)
    before = saved_record(page)
    assert "?" not in page.url  # the query is dropped so a reload restores instead of restarting
    page.reload()
    wait_ready(page)
    assert saved_record(page) == before
    assert page.locator(".prompt").is_visible()
    # A corrupted autosave: a clear message and the new-game screen, never a crash.
    page.evaluate("localStorage.setItem('euro:current', '{\"game\": \"barcelona\", \"actions\": 3}')")
    page.reload()
    wait_ready(page)
    assert page.locator("#new-game").is_visible()
    assert "could not be restored" in page.inner_text(".message")


def test_export_import_round_trip(table, game, tmp_path):
    page = start_game(table, start_query(game))
    play_step(page)
    export = reveal(page, '[data-action="ui:export"]')  # below 1366 px: in the More menu
    with page.expect_download() as dl:
        export.click()
    path = tmp_path / "game.json"
    dl.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["actions"] == saved_record(page)["actions"]
    start_game(page, start_query(game).replace("seed=42", "seed=7"))
    assert saved_record(page)["seed"] == 7
    before = state(page)
    page.set_input_files('input[data-action="ui:import"]', str(path))
    wait_state_after(page, before)
    rec = saved_record(page)
    assert (rec["seed"], rec["actions"]) == (42, exported["actions"])


@pytest.mark.parametrize("tamper", ["{not json", "illegal-action", "other-engine"])
def test_bad_import_rejected_game_intact(table, game, tmp_path, tamper):
    page = start_game(table, start_query(game))
    play_step(page)
    before = saved_record(page)
    if tamper == "{not json":
        text = tamper
    else:
        bad = dict(before)
        if tamper == "illegal-action":
            bad["actions"] = before["actions"] + ["no-such-action:1"]
        else:
            bad["engine"] = "99.0.0"
        text = json.dumps(bad)
    path = tmp_path / "bad.json"
    path.write_text(text)
    n = state(page)
    page.set_input_files('input[data-action="ui:import"]', str(path))
    wait_state_after(page, n)
    assert page.inner_text(".message").strip()
    assert saved_record(page) == before
    assert page.locator(PLAYABLE).count() > 0  # still playing the same game


def test_undo(table, game):
    page = start_game(table, start_query(game))
    undo = page.locator('[data-action="ui:undo"]')
    for _ in range(30):  # play until the engine allows an undo (same seat, no reveal)
        if undo.is_enabled():
            break
        play_step(page)
    else:
        pytest.skip("no undoable step within 30 actions")
    before = saved_record(page)["actions"]
    click_and_wait(page, '[data-action="ui:undo"]')
    assert saved_record(page)["actions"] == before[:-1]


def test_hidden_hands_handoff(table, game):
    page = start_game(table, start_query(game, "&hidden=1"))
    # Nothing of the game is on screen until the seat confirms.
    assert page.locator('[data-action="ui:handoff-ok"]').is_visible()
    assert page.locator(f"{GAME_ACTION}, .side, .board").count() == 0
    click_and_wait(page, '[data-action="ui:handoff-ok"]')
    first = saved_record(page)
    assert page.locator(PLAYABLE).count() > 0
    for _ in range(60):  # play the seat's turn; the next seat must get a hand-off screen
        play_step(page)
        if page.locator('[data-action="ui:handoff-ok"]').count():
            break
    else:
        pytest.fail("no hand-off screen within 60 actions")
    assert page.locator(f"{GAME_ACTION}, .side").count() == 0
    assert len(saved_record(page)["actions"]) > len(first["actions"])


def test_tablet_portrait_touch(browser, base, game, guard):
    ctx = browser.new_context(
        viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True, service_workers="block"
    )
    try:
        page = guard.attach(ctx.new_page())
        page.goto(start_url(base, game))
        wait_ready(page)
        play_step(page, tap=True)
        assert len(saved_record(page)["actions"]) == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 768
        # visible buttons only: Install / full screen / the update notice's buttons are hidden where not offered
        heights = page.eval_on_selector_all(
            "button[data-action]",
            "els => els.filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect().height)",
        )
        assert heights and min(heights) >= 44
        if page.locator(".board").count():  # zoom controls act on the board
            w = page.eval_on_selector(".board", "e => e.getBoundingClientRect().width")
            click_and_wait(page, '[data-action="ui:zoom-in"]', tap=True)
            assert page.eval_on_selector(".board", "e => e.getBoundingClientRect().width") > w
            click_and_wait(page, '[data-action="ui:zoom-fit"]', tap=True)
            w = page.eval_on_selector(".board", "e => e.getBoundingClientRect().width")
            pinch_out(page)  # two pointers moving apart press zoom-in (boot.js)
            assert page.eval_on_selector(".board", "e => e.getBoundingClientRect().width") > w
    finally:
        ctx.close()


def test_finished_game_shows_end_screen(table, game, tmp_path):
    import engine

    g, rng = engine.game_module(game).new_game(3, seed=3), random.Random(3)
    for _ in range(20000):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    if not g.is_over:
        pytest.skip("random play did not finish the game")
    path = tmp_path / "done.json"
    path.write_text(json.dumps(g.record()))
    page = table
    n = state(page)
    page.set_input_files('input[data-action="ui:import"]', str(path))
    wait_state_after(page, n)
    assert page.get_attribute("body", "data-game-over") == "1"
    assert page.locator("table.scores").is_visible() and page.locator("svg.chart").is_visible()
    assert page.locator("svg.chart polyline").count() == 3
    assert "win" in page.inner_text(".winners")


# The offline test (from a sub-folder, after the first visit) is in e2e/test_pwa.py.


def pinch_out(page):
    before = state(page)
    page.evaluate("""() => {
        const el = document.querySelector('.board-scroll'), r = el.getBoundingClientRect();
        const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
        const ev = (type, id, dx) => el.dispatchEvent(new PointerEvent(type, {pointerId: id, bubbles: true,
            pointerType: 'touch', clientX: cx + dx, clientY: cy}));
        ev('pointerdown', 1, -20); ev('pointerdown', 2, 20);
        ev('pointermove', 1, -40); ev('pointermove', 2, 40);
        ev('pointerup', 1, -40); ev('pointerup', 2, 40);
    }""")
    wait_state_after(page, before)


@pytest.mark.parametrize("name", ["barcelona", "strasbourg"])
def test_each_game_plays_with_hidden_hands(table, name):
    """Smoke test per game: URL start, hand-offs, random legal taps; no console error anywhere."""
    import engine

    try:
        if not hasattr(engine.game_module(name), "new_game"):
            pytest.skip(f"{name} engine not available yet")
    except ImportError:
        pytest.skip(f"{name} engine not available yet")
    rng = random.Random(5)
    page = start_game(table, f"game={name}&players=3&seed=5&hidden=1")
    handoffs = 0
    picked = False
    for _ in range(24):  # a smoke test: a few turns (the whole games are test_barcelona/test_strasbourg's)
        if page.locator('[data-action="ui:handoff-ok"]').count():
            handoffs += 1
            click_and_wait(page, '[data-action="ui:handoff-ok"]')
            continue
        if page.get_attribute("body", "data-game-over") == "1":
            break
        # after a two-step pick, choose among its moves (as a player would) rather than re-pick
        targets = page.locator(GAME_ACTION if picked and page.locator(GAME_ACTION).count() else PLAYABLE)
        target = targets.nth(rng.randrange(targets.count()))
        picked = (target.get_attribute("data-action") or "").startswith("ui:pick:")
        click_and_wait(page, target)
        assert not page.locator(".message").count(), page.inner_text(".message")
    assert handoffs >= 1
    assert len(saved_record(page)["actions"]) >= 5
