"""Strasbourg is legible at 1366x768, 1024x768 (mouse) and 768x1024 (touch) per docs/architecture.md "Page layout"
(e2e/legibility.py): no text under 12 CSS px or cut, no sideways page scroll, targets >= 44 px
and never overlapping; at the start (plotting), while stacking, in an auction, in a lobbying step
(a shop to buy, goods to sell, an edifice or a chapel) and at the end. A tap on a city lot that is
not a target opens the inspector with its full description and plays nothing."""

import random

import pytest
from e2e_harness import start_game
from scripts.browser import click_and_wait, saved_record
from legibility import assert_legible, record_page

import engine.strasbourg as S

VIEWPORTS = [(1366, 768, False), (1024, 768, False), (768, 1024, True)]


@pytest.fixture(scope="module", params=VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def viewport(request):
    return request.param  # module scope: pytest runs the tests of one viewport together


@pytest.fixture
def screen(request, tables, viewport):
    """The shared booted app at this viewport (conftest's ``tables``)."""
    w, h, touch = viewport
    for page in tables.lend(request, viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch):
        page.touch = touch
        yield page


def _game_until(seed, players, want, limit=3000):
    """A seeded random game (drawing often, so stacks and bids are rich) until ``want(game)``."""
    g = S.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if want(g):
            return g
        if g.is_over:
            return None
        la = g.legal_actions()
        ids = [a.id for a in la]
        g.apply("draw" if "draw" in ids and rng.random() < 0.8 else rng.choice(la).id)
    return None


def _find(want, players=4):
    for seed in range(1, 40):
        g = _game_until(seed, players, want)
        if g is not None:
            return g
    pytest.skip("no seed reaches the position")


def _decision(*kinds, rich=lambda g: True):
    return lambda g: not g.is_over and g.st.decision.kind in kinds and g.st.round >= 1 and rich(g)


def test_start_plotting(screen, base):
    start_game(screen, "game=strasbourg&players=3&seed=42")
    assert screen.locator('.region-own [data-action^="drop:"]').count()
    assert_legible(screen, "task choice")
    g = _find(_decision("stack", rich=lambda g: len(g.st.players[g.current_player].stacks) >= 2), players=5)
    record_page(screen, base, g.record())
    assert screen.locator('.region-own [data-action^="put:"]').count()
    assert_legible(screen, "stacking")


def test_auction(screen, base):
    g = _find(_decision("bid", rich=lambda g: len(g.st.auction["bids"]) >= 2))
    record_page(screen, base, g.record())
    assert screen.locator('.region-own [data-action^="bid:"]').count()
    assert screen.locator('[data-region="auction"]').count() == 1
    assert_legible(screen, "auction")


@pytest.mark.parametrize("kind", ["shop", "sell", "chapel"])
def test_lobbying_step(screen, base, kind):
    g = _find(_decision(kind))
    record_page(screen, base, g.record())
    # a sale's tiles are picked on the goods rows (web/boards/strasbourg/sale.py), then Sell
    prefix = {"shop": "shop:", "sell": "ui:pick:sale:", "chapel": "chapel:"}[kind]
    assert screen.locator(f'[data-action^="{prefix}"]').count()
    assert_legible(screen, f"lobbying: {kind}")


def test_end(screen, base):
    g = _game_until(7, 3, lambda g: g.is_over, limit=5000)
    record_page(screen, base, g.record())
    screen.wait_for_selector('body[data-game-over="1"]', state="attached")
    assert_legible(screen, "end")


def test_tap_on_a_lot_opens_the_inspector(screen, base):
    start_game(screen, "game=strasbourg&players=3&seed=42")
    sel = '[data-region="board"] .info[data-info*="row 1, column 1"]'
    text = screen.locator(sel).first.get_attribute("data-info")
    assert "Neighbours:" in text
    before = saved_record(screen)
    screen.locator(sel).first.scroll_into_view_if_needed()
    click_and_wait(screen, sel, tap=screen.touch)
    assert screen.locator(".inspector").inner_text().startswith(text)
    assert saved_record(screen) == before  # nothing was played
    assert_legible(screen, "inspector open")
    click_and_wait(screen, '[data-action="ui:inspect-close"]', tap=screen.touch)
    assert screen.locator(".inspector").count() == 0
