"""The table fits every screen a player holds (docs/architecture.md "Page layout";
the contract in tests/support/table_fit.py): at 1366x768, 1280x800, 1024x768, 1180x820 (landscape), 768x1024,
820x1180 (portrait, touch) and 390x844, 360x780 (phones), both games, at the start, mid-turn, an
auction (Strasbourg) or a late position (Barcelona) and the end screen: the main board's whole
drawing and every choice of the decision lie inside the viewport and can be tapped without
scrolling, texts are >= 12 CSS px and tap areas >= 44 CSS px, the page never scrolls sideways (on
phones: the board shows the part that holds the choices, drawn for its scale, text >= 12 px; the
bar there is as high as its words and the board's box gives that up; tap areas of choices spread
over the whole board stay under 44 px there). The decision
bar keeps its height during a turn. Fit / + really zoom. A screenshot of each position is written
to $FIT_SHOTS when set (look at them)."""

import os
import random

import pytest
from e2e_harness import start_game, wait_ready
from scripts.browser import click_and_wait, play_step
from tests.support.table_fit import BAR_FIXED_FROM, SIZES, measure, problems
from legibility import record_page

import engine.barcelona as B
import engine.strasbourg as S


def _settled(page):
    """The page as drawn for its real board box (main.py refit: body[data-refit] while pending)."""
    page.wait_for_function("!document.body.dataset.refit")


def _check(page, where, width, end=False):
    _settled(page)
    m = measure(page)
    shots = os.environ.get("FIT_SHOTS")
    if shots:
        page.screenshot(path=os.path.join(shots, where.replace(" ", "_") + ".png"))
    found = problems(m, width)
    if width < BAR_FIXED_FROM:  # phones: all but the tap areas of choices spread over the whole board
        found = [f for f in found if not f.startswith("tap areas")]  # (e2e/test_table_sizes.py: close-ups)
        if end:  # the end screen's score chart is drawn 420 units wide (its re-layout: issue 51's end screen)
            found = [f for f in found if not f.startswith("text below")]
    assert not found, f"{where}: " + "; ".join(found)
    return m


def _until(mod, seed, want, limit=3000):
    g = mod.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if want(g):
            return g
        g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("position not reached")


POSITIONS = {
    "barcelona": {"late": lambda g: len(g.actions) >= 60 and g.current_player is not None},
    "strasbourg": {"auction": lambda g: any(a.kind == "bid" for a in g.legal_actions())},
}


@pytest.fixture(scope="module", params=SIZES, ids=lambda v: f"{v[0]}x{v[1]}")
def size(request):
    return request.param


@pytest.fixture
def screen(request, tables, size):
    """The shared booted app at this size (conftest's ``tables``; module-scoped ``size``: pytest
    runs both games of a size one after the other on one app)."""
    w, h, touch = size
    yield from tables.lend(request, viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_the_table_fits(screen, base, size, game):
    w, h, _ = size
    tag = f"{game} {w}x{h}"
    start_game(screen, f"game={game}&players=3&seed=42&hidden=0")
    _check(screen, f"{tag} start", w)
    bar = screen.eval_on_selector(".layout > .bar", "e => e.getBoundingClientRect().height")
    board_top = screen.eval_on_selector(".board-scroll", "e => e.getBoundingClientRect().top")
    play_step(screen, tap=False)
    _check(screen, f"{tag} mid-turn", w)
    # the bar keeps one height: the board never moves down during the turn (a phone's bar is as
    # high as its words, the board's box giving up that height: nothing under it is out of reach)
    if w >= BAR_FIXED_FROM:
        assert screen.eval_on_selector(".layout > .bar", "e => e.getBoundingClientRect().height") == pytest.approx(
            bar, abs=1
        )
        assert screen.eval_on_selector(".board-scroll", "e => e.getBoundingClientRect().top") == pytest.approx(
            board_top, abs=1
        )
    mod = B if game == "barcelona" else S
    ((name, want),) = POSITIONS[game].items()
    record_page(screen, base, _until(mod, 11, want).record())
    _check(screen, f"{tag} {name}", w)
    record_page(screen, base, _until(mod, 7, lambda g: g.is_over, limit=6000).record())
    screen.wait_for_selector('body[data-game-over="1"]', state="attached")
    _check(screen, f"{tag} end", w, end=True)


def test_fit_and_plus_really_zoom(browser, guard, base):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    page = guard.attach(ctx.new_page())
    try:
        page.goto(f"{base}index.html?game=barcelona&players=3&seed=42")
        wait_ready(page)
        _settled(page)
        size = "e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; }"
        w0, h0 = page.eval_on_selector(".board", size)
        box = page.eval_on_selector(".board-scroll", size)
        assert w0 == pytest.approx(box[0], abs=1) and h0 == pytest.approx(box[1], abs=1)
        click_and_wait(page, '[data-action="ui:zoom-in"]')
        w1, h1 = page.eval_on_selector(".board", size)
        assert w1 == pytest.approx(w0 * 1.25, rel=0.02) and h1 == pytest.approx(h0 * 1.25, rel=0.02)
        assert page.eval_on_selector(".board-scroll", "e => e.scrollHeight > e.clientHeight")  # it scrolls inside
        click_and_wait(page, '[data-action="ui:zoom-out"]')
        click_and_wait(page, '[data-action="ui:zoom-out"]')
        assert page.eval_on_selector(".board", size)[0] == pytest.approx(w0 * 0.75, rel=0.02)
        click_and_wait(page, '[data-action="ui:zoom-fit"]')
        assert page.eval_on_selector(".board", size)[0] == pytest.approx(w0, abs=1)
    finally:
        ctx.close()
