"""Computer seats think in a background worker (web/worker.js + web/worker/bots.py) while the page
stays free; the worker gets only the seat's masked position; the last turns of a game against
the highest level present complete; the guard sees (and would stop) the worker's requests; a worker that
cannot start leaves the page playing by itself, saying so once.

No clock: the test hook ``euroBot.hold(true)`` makes the worker keep its answers until
``hold(false)``, so "the computer is still thinking" is a state the test sets, not a duration.
Every message the page posts to a worker is recorded by an init script that wraps
Worker.prototype.postMessage (independent of the app's code)."""

import base64
import inspect
import json
import pickle

import pytest
from e2e_harness import Guard, load_record, near_the_end, wait_ready
from scripts.browser import click_and_wait, play_step, saved_record, state, wait_no_bot, wait_state_after

import engine
from engine.core.registry import get
from web.model import hints

RECORD_POSTS = """(() => {
  const post = Worker.prototype.postMessage;
  window.__posted = [];
  Worker.prototype.postMessage = function (m, ...rest) {
    window.__posted.push(JSON.parse(JSON.stringify(m)));
    return post.call(this, m, ...rest);
  };
})();"""
ASKS = "window.__posted.filter(m => m.type === 'ask')"
HIGHEST = list(get("barcelona").bots)[-1]  # "hard" once the search bot is registered
LAST_TURNS = 6  # seat changes before the end: the computer decides in three of them


def asks(page):
    return [json.loads(m["text"]) for m in page.evaluate(ASKS)]


def wait_asks(page, n):
    page.wait_for_function(f"{ASKS}.length >= {int(n)}")


def check_request_has_no_secret(request, real):
    """The posted request is the seat's masked copy and nothing else: no seed, no other seat's
    action ids, private log lines or real hidden citizens."""
    assert set(request) == {"game", "seat", "level", "budget_ms", "rng_seed", "state"}
    assert isinstance(request["rng_seed"], int)  # MASK_SEED and the seat's log length (web/hints.policy_seed)
    seat = request["seat"]
    assert seat == real.current_player
    m = pickle.loads(base64.b64decode(request["state"]))
    assert m.seed == hints.MASK_SEED != real.seed
    assert set(m.actions) <= {""} and len(m.actions) == len(real.actions)
    assert m.log == real.log_for(seat)
    assert m.view(seat) == real.view(seat)
    masked = real.masked_for(seat, hints.MASK_SEED)
    for o, p in enumerate(m.players):  # other hands are the masking's re-deal, not the real ones
        assert p.hand == (real.players[o].hand if o == seat else masked.players[o].hand)
    assert sorted(m.bag) == sorted(masked.bag)


def test_page_stays_free_while_the_computer_thinks(page, base):
    page.add_init_script(RECORD_POSTS)
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=4&bots=1:{HIGHEST}&botdelay=0&confirm=0")
    wait_ready(page)
    page.evaluate("euroBot.hold(true)")  # the worker keeps its answers until released
    wait_no_bot(page)
    # The person plays until the computer is to decide.
    while page.get_attribute("body", "data-bot") is None:
        play_step(page)
    wait_asks(page, 1)
    moves = len(saved_record(page)["actions"])
    real = engine.replay(saved_record(page))
    check_request_has_no_secret(asks(page)[-1], real)
    assert page.evaluate("euroBot.busy()")
    assert page.locator(".decision.thinking").count() == 1
    searching = "should_stop" in inspect.signature(get("barcelona").bot(HIGHEST)).parameters
    assert page.locator(".decision.thinking .think-bar").count() == int(searching)  # the budget, if it searches
    # Zoom and History all redraw while the worker holds its answer (no drawer at 1024x768
    # landscape: scores and log stand in the side column).
    for control in ('[data-action="ui:zoom-in"]', '[data-action="ui:zoom-out"]', '[data-action="ui:zoom-fit"]'):
        before = state(page)
        click_and_wait(page, control)
        assert state(page) > before
        assert page.get_attribute("body", "data-bot") == "1" and page.evaluate("euroBot.busy()")
    click_and_wait(page, '[data-action="ui:history"]')
    assert page.locator('[data-action="ui:hist-close"]').count() == 1
    click_and_wait(page, '[data-action="ui:hist-close"]')
    assert len(saved_record(page)["actions"]) == moves, "nothing was played while the answer was held"
    assert len(asks(page)) == 1, "redraws do not ask the worker again"
    # Released: the answer arrives and is played through the normal path (log, last-move marks).
    before = state(page)
    page.evaluate("euroBot.hold(false)")
    wait_state_after(page, before)
    wait_no_bot(page)
    rec = saved_record(page)
    assert len(rec["actions"]) > moves
    assert page.locator(".log li").filter(has_text="Player 2").count() > 0
    assert not page.locator(".message").count()


def test_game_against_the_highest_level_to_its_end(page, base):
    """Every computer decision of the last turns of a game, to its end, comes from the worker (one
    ask each). The game's earlier turns come in its imported record (a whole game through the page
    is e2e/test_barcelona.py's job)."""
    from engine.barcelona import bot, new_game
    from engine.core.rng import Rng

    g, r = new_game(2, seed=5), Rng(5)
    while not g.is_over:
        g.apply(bot.choose(g, r))
    page.add_init_script(RECORD_POSTS)
    page.goto(f"{base}index.html?botdelay=0&botbudget=300&confirm=0")
    wait_ready(page)
    start = near_the_end(g, LAST_TURNS, f"bots=1:{HIGHEST}")
    load_record(page, start)
    for _ in range(600):
        wait_no_bot(page)
        if page.get_attribute("body", "data-game-over") == "1":
            break
        play_step(page)
    else:
        pytest.fail("the game did not end within 600 decisions of the person")
    rec = saved_record(page)
    g = engine.replay(rec)
    assert g.is_over
    bot_decisions, replay = 0, engine.game_module("barcelona").new_game(rec["players"], rec["seed"], **rec["options"])
    for i, aid in enumerate(rec["actions"]):
        bot_decisions += replay.current_player == 1 and i >= len(start["actions"])  # decided in this page
        replay.apply(aid)
    assert bot_decisions > 0
    requests = asks(page)
    assert len(requests) == bot_decisions and all(r["level"] == HIGHEST and r["seat"] == 1 for r in requests)
    assert page.evaluate("euroBot.status()") == "ready" and not page.locator(".message").count()


def test_guard_covers_the_workers_requests(browser, base):
    """The guard sees the worker's own downloads (so it would see a request to another host);
    the negative control makes a worker fetch another host with the CSP bypassed."""
    guard = Guard()
    ctx = browser.new_context(service_workers="block", bypass_csp=True)
    urls = []
    try:
        page = guard.attach(ctx.new_page())
        page.on("request", lambda r: urls.append(r.url))
        page.goto(f"{base}index.html?game=barcelona&players=2&seed=4&bots=1&botdelay=0")
        wait_ready(page)
        page.evaluate("euroBot.start()")
        page.wait_for_function("euroBot.status() === 'ready'")
        # a first visit: the page starts plainly on app.zip's parts (docs/build.md "First visit"), the
        # worker from the snapshot and app-rest.zip
        assert sum(u.endswith("/web/parts/core.zip") for u in urls) == 1, "the page's first-visit part"
        assert sum(u.endswith("/web/app-rest.zip") for u in urls) == 1, "the worker's app-rest.zip"
        # the worker's runtime starts from the build's memory snapshot too (web/worker.js)
        assert page.evaluate("euroBot.runtime()") == "snapshot"
        assert sum(u.endswith(".snap") for u in urls) == 2, "the page's and the worker's snapshot"
        assert not guard.foreign
        with page.expect_event("requestfailed"):
            page.evaluate("""new Worker(URL.createObjectURL(new Blob(
                ["fetch('http://example.com/from-a-worker').catch(() => 0)"], {type: 'text/javascript'})))""")
        assert guard.foreign == ["http://example.com/from-a-worker"]
    finally:
        ctx.close()


def test_no_worker_the_page_plays_and_says_so_once(page, base):
    page.route(
        "**/web/worker.js",
        lambda r: r.fulfill(
            content_type="text/javascript", body='postMessage({type: "failed", error: "test: no worker"});'
        ),
    )
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=4&bots=1&botdelay=0&confirm=0")
    wait_ready(page)
    notes = 0
    for _ in range(8):
        wait_no_bot(page)
        notes += page.locator(".message").filter(has_text="background helper is not available").count()
        play_step(page)
    wait_no_bot(page)
    notes += page.locator(".message").filter(has_text="background helper is not available").count()
    assert notes == 1
    assert page.evaluate("euroBot.status()") == "failed"
    g = engine.replay(saved_record(page))
    assert sum(1 for e in g.log if e.get("seat") == 1) > 0, "the computer played on the page"


def test_hint_is_computed_in_the_worker_at_the_hard_level(page, base):
    """The Hint button asks the worker (level hard, the seat's masked copy); while it computes, the
    page says so and stays free (zoom redraws); the answer, released by the test, is shown."""
    page.add_init_script(RECORD_POSTS)
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=4&botbudget=500&confirm=0")
    wait_ready(page)
    page.evaluate("euroBot.hold(true)")  # the worker keeps its answers until released
    click_and_wait(page, '[data-action="ui:hint"]')
    assert page.get_attribute("body", "data-hint") == "thinking"
    assert page.locator(".hint-thinking").count() == 1
    wait_asks(page, 1)
    request = asks(page)[-1]
    assert request["level"] == "hard"
    check_request_has_no_secret(request, engine.replay(saved_record(page)))
    click_and_wait(page, '[data-action="ui:zoom-in"]')  # the page's thread is free meanwhile
    assert page.get_attribute("body", "data-hint") == "thinking"
    page.evaluate("euroBot.hold(false)")
    page.wait_for_function("document.body.dataset.hint === 'shown'")
    assert page.locator(".hint-text").inner_text().startswith("Suggested:")
    assert page.locator(".hint-thinking").count() == 0 and len(asks(page)) == 1
