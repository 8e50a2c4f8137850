"""Barcelona is legible at 1366x768, 1024x768 (mouse) and 768x1024 (touch) per docs/architecture.md "Page layout"
(e2e/legibility.py): no text under 12 CSS px or cut, no sideways page scroll, targets >= 44 px
and never overlapping, at the start, a street-action decision, a full warehouse and the end.
Plus: a tap on a non-target element opens the inspector with its full text; two different
citizens are placed in one tap (the half of the intersection whose citizen goes on top); a site
with several ways to build asks which beside the site."""

import json
import random

import pytest
from e2e_harness import load_record, new_game_text, start_game
from scripts.browser import click_and_wait, saved_record, state
from legibility import assert_legible, record_page

import engine.barcelona as B

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


def _game_until(seed, players, want, limit=2000):
    """A seeded random game played until ``want(game)``; None if it never happens."""
    g = B.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if want(g):
            return g
        if g.is_over:
            return None
        g.apply(rng.choice(g.legal_actions()))
    return None


def _find(want, players=3):
    for seed in range(1, 40):
        g = _game_until(seed, players, want)
        if g is not None:
            return g
    pytest.skip("no seed reaches the position")


def _kinds(g):
    return {a.kind for a in g.legal_actions()}


def _to_top(page):
    """Scroll the page's scrolling boxes to their tops (portrait scrolls the whole column)."""
    page.evaluate("document.querySelectorAll('.layout, main.screen, .col-side').forEach(e => { e.scrollTop = 0; })")


def _tap(page, selector):
    click_and_wait(page, selector, tap=page.touch)


def test_start_and_street_actions(screen, base):
    start_game(screen, "game=barcelona&players=3&seed=42")
    assert_legible(screen, "start")
    _tap(screen, '.board [data-action^="place:"], .board [data-action^="ui:pick:"]')
    if screen.locator(".pick").count():
        _tap(screen, ".pick [data-action^='place:']")
    assert screen.locator('[data-action^="act:"]').count()
    assert_legible(screen, "street actions")


def test_warehouse_full(screen, base):
    g = _find(lambda g: "keep" in _kinds(g) or "split" in _kinds(g))
    record_page(screen, base, g.record())
    assert screen.locator('[data-action^="keep:"], [data-action^="split:"]').count()
    # the own board (with the warehouse) is laid out on the page, not pushed off to the side
    assert screen.locator('.region-own').count() == 1
    assert_legible(screen, "warehouse full")


def test_end_screen(screen, base):
    g = _game_until(9, 3, lambda g: g.is_over, limit=5000)
    record_page(screen, base, g.record())
    screen.wait_for_selector('body[data-game-over="1"]', state="attached")
    assert_legible(screen, "end screen")


def test_tap_opens_the_inspector(screen, base):
    start_game(screen, "game=barcelona&players=3&seed=42")
    el = screen.locator('[data-region="services"] .info[data-info]').first
    text = el.get_attribute("data-info")
    before = saved_record(screen)
    el.scroll_into_view_if_needed()
    _tap(screen, '[data-region="services"] .info[data-info]')
    assert screen.locator(".inspector").inner_text().startswith(text)
    assert saved_record(screen) == before  # nothing was played
    assert_legible(screen, "inspector open")
    _tap(screen, '[data-action="ui:inspect-close"]')
    assert screen.locator(".inspector").count() == 0


def test_two_different_citizens_in_one_tap(screen, base):
    """Issue 25 "One tap per decision": each intersection is split in two targets, one per order
    (which citizen goes on top); one tap on a half places them, no second step."""

    def two(g):
        codes = {a.id.rsplit(":", 1)[1] for a in g.legal_actions() if a.kind == "place"}
        return any(len(c) == 2 and c[0] != c[1] for c in codes)

    g = _find(two)
    record_page(screen, base, g.record())
    assert screen.locator('.board [data-action^="ui:pick:"]').count() == 0
    place = sorted(a.id for a in g.legal_actions() if a.kind == "place")
    key = place[0].split(":")[1]
    halves = screen.locator(f'.board [data-action^="place:{key}:"]')
    _to_top(screen)  # the board's top row in sight (portrait: the shared page may be scrolled)
    assert halves.count() == 2
    for i in range(2):  # each half a whole tap target on this screen, nothing over its middle
        box = halves.nth(i).locator(".hit").bounding_box()
        assert box["width"] >= 44 - 0.5 and box["height"] >= 44 - 0.5, box
        assert halves.nth(i).evaluate(
            """(g, b) => { const t = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
            return !!t && g.contains(t); }""",
            box,
        ), i
    assert_legible(screen, "citizen orders")
    n = len(saved_record(screen)["actions"])
    aid = halves.nth(1).get_attribute("data-action")
    _tap(screen, f'.board [data-action="{aid}"]')
    rec = saved_record(screen)["actions"]
    assert len(rec) == n + 1 and rec[-1] == aid
    assert screen.locator(".pick").count() == 0


def test_several_ways_to_build_asked_on_the_spot(screen, base):
    """A building site with several ways to build: the site first, then which one, asked beside
    the site (never over it, inside the screen), its choices legible and tappable."""

    g = _find(lambda g: bool(_picked_sites(g)))
    record_page(screen, base, g.record())
    key = "site:" + _picked_sites(g)[0]
    n = len(saved_record(screen)["actions"])
    _tap(screen, f'.board [data-action="ui:pick:{key}"]')
    buttons = screen.locator(".pick [data-action^='build:']")
    assert {buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())} == {
        a.id for a in g.legal_actions() if a.id.startswith(f"build:{key[5:]}:")
    }
    assert "selected" in screen.locator(f'.board [data-action="ui:pick:{key}"]').get_attribute("class")
    # asked on the spot (issue 25): beside the picked place, never over it, inside the screen
    screen.wait_for_selector(".pick.float[data-placed]")
    spot, box = screen.evaluate(
        """k => [document.querySelector(`.board [data-action="ui:pick:${k}"]`),
        document.querySelector('.pick')].map(e => e.getBoundingClientRect().toJSON())""",
        key,
    )
    vw, vh = screen.viewport_size["width"], screen.viewport_size["height"]
    assert box["left"] >= 0 and box["top"] >= 0 and box["right"] <= vw and box["bottom"] <= vh, box
    assert (
        box["bottom"] <= spot["top"]
        or box["top"] >= spot["bottom"]
        or box["right"] <= spot["left"]
        or box["left"] >= spot["right"]
    ), (box, spot)
    assert_legible(screen, "build chooser")
    _tap(screen, ".pick [data-action^='build:']")
    assert len(saved_record(screen)["actions"]) == n + 1
    assert screen.locator(".pick").count() == 0


def _picked_sites(g):
    """The sites whose ways to build the board asks for after a tap on the site (a pick): two at
    one level from other corners, three or more, or a triangle of the diagonal
    (web/boards/barcelona/board.py ``_site_ways`` splits the others)."""
    ways = {}
    for a in g.legal_actions():
        if a.id.startswith("build:"):
            ways.setdefault(a.id.split(":")[1], []).append(a.id.split(":")[2])
    return [k for k, v in ways.items() if len(v) > 2 or (len(v) == 2 and (v[0] == v[1] or k[0] == "t"))]


# A building site near the board's top with two ways to build at one level (3 players, seed 8):
# its chooser stays open beside the site while the chosen way waits for End turn.
CHOOSER_AT_THE_TOP = ["place:1,2:WW", "act:h", "act:v", "cross:4,4", "keep:1,2", "act:done", "place:0,4:WM"]
CHOOSER_AT_THE_TOP += ["act:v", "mtake:busy_cross@2", "act:h", "improve:1", "act:done", "place:0,1:UM", "act:v"]
CHOOSER_AT_THE_TOP += ["street:v2-1", "act:done", "build:b01:1:0,1;1,2", "keep:0,3", "place:2,1:WW", "act:v"]
CHOOSER_AT_THE_TOP += ["street:h2-0", "keep:3,0", "act:done", "build:b01:2:0,1;1,2", "keep:1,2", "place:1,3:UW"]
CHOOSER_AT_THE_TOP += ["act:h", "act:done", "build:b03:1:0,4;1,3", "place:0,3:WM", "act:done"]
# How far the bar's words run over the board, and what the board's box gave up for them.
OVERFLOW_JS = """() => { const bar = document.querySelector('.layout > .bar');
    const dec = document.querySelector('.layout > .bar > .decision');
    return [Math.max(0, dec.getBoundingClientRect().bottom - bar.getBoundingClientRect().bottom),
            parseInt(document.getElementById('app').style.getPropertyValue('--bar-over') || '0')]; }"""


def test_the_chooser_floats_and_is_never_taken_for_the_bar(screen, base):
    """The chooser floats beside its place (web/page.place_pick) before the bar is measured, so
    the board's box gives up only what the bar's own words need (a selected move's gains and End
    turn), not the chooser's height too (the board drawn smaller for nothing)."""
    rec = json.loads(new_game_text("game=barcelona&players=3&seed=8"))
    load_record(screen, dict(rec, actions=CHOOSER_AT_THE_TOP))
    screen.wait_for_function("!document.body.dataset.refit")
    before = state(screen)
    _tap(screen, '.board [data-action="ui:pick:site:b03"]')
    screen.wait_for_selector(".pick.float[data-placed]")
    screen.wait_for_function("!document.body.dataset.refit")
    assert state(screen) == before + 1, "opening the chooser redrew the board for another box"
    click_and_wait(screen, ".pick [data-action^='build:']", tap=screen.touch, confirm=False)
    screen.wait_for_function("!document.body.dataset.refit")
    over, given = screen.evaluate(OVERFLOW_JS)
    assert given <= over + 4, f"the board gave up {given} px for {over} px of the bar's words"


def test_the_end_turn_question_lies_beside_its_buttons_and_costs_one_redraw(screen, base):
    """From 700 px wide the End turn question's buttons lie beside its words (style.css
    .bar .preview), so it fits beside the prompt; answering it is one redraw. (A question that does
    run over the board's targets, and the box growing back after it: the tall decision below.)"""
    rec = json.loads(new_game_text("game=barcelona&players=3&seed=5"))
    load_record(screen, dict(rec, actions=["place:0,0:MU", "act:done", "place:0,1:MW", "act:done"]))
    screen.wait_for_function("!document.body.dataset.refit")
    click_and_wait(screen, '[data-action="build:t0u:corner:0,0;0,1"]', tap=screen.touch, confirm=False)
    screen.wait_for_function("!document.body.dataset.refit")
    assert screen.locator(".preview .end-turn").count() == 1
    # from 700 px wide its buttons lie beside its words (style.css .bar .preview): two rows, not four
    beside = screen.evaluate("""() => { const q = (s) => document.querySelector('.preview ' + s).getBoundingClientRect();
        return q('.pv-buttons').left >= q('.pv-label').right && q('.pv-buttons').top < q('.pv-label').bottom; }""")
    assert beside or screen.viewport_size["width"] < 700
    before = state(screen)
    _tap(screen, '[data-action="ui:confirm"]')
    screen.wait_for_function("!document.body.dataset.refit")
    assert state(screen) == before + 1, "the answered question redrew the board for the grown box"
    assert_legible(screen, "after End turn")


def test_a_tall_decision_never_hides_a_choice(screen, base):
    """A decision with more rows than the bar (street actions with a full warehouse: two goods to
    return and "Finish actions" with its reason) runs over the board; the board's box then gives
    that height up (page.core.bar_overflow), so the street-action tiles on the board's top row stay
    tappable. Once it is answered the box grows back: the drawing fills it, its text above the
    floor, so the answer costs one redraw, not a second one for the whole box (web/page.refit).
    The position: seed 42, 3 players, the easy bot's first 49 decisions (bench/taps.py's game,
    where the tile lay under the bar)."""
    from engine.core import registry
    from engine.core.rng import Rng

    spec = registry.get("barcelona")
    g = spec.new_game(3, seed=42, **spec.defaults())
    bot, rng = spec.bot("easy"), Rng(42)
    for _ in range(49):
        g.apply(bot(g, rng).id)
    ids = [a.id for a in g.legal_actions()]
    assert "act:v" in ids and "discard:coin" in ids and "act:done" in ids, ids
    record_page(screen, base, g.record())
    screen.wait_for_function("!document.body.dataset.refit")
    _to_top(screen)
    over = screen.evaluate("""() => document.querySelector('.layout > .bar > .decision').getBoundingClientRect().bottom
        - document.querySelector('.layout > .bar').getBoundingClientRect().bottom""")
    if screen.viewport_size["width"] == 1366:
        assert over > 0, "the decision should need more rows than the bar here"
    for aid in ("act:v", "act:h"):
        hidden = screen.evaluate(
            """a => { const g = document.querySelector(`.board-scroll [data-action="${a}"]`);
            const r = g.querySelector('.hit').getBoundingClientRect();
            const t = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            return t && g.contains(t) ? null : (t ? t.outerHTML.slice(0, 120) : 'off screen'); }""",
            aid,
        )
        assert hidden is None, f"{aid} is covered by {hidden}"
    n = len(saved_record(screen)["actions"])
    assert screen.evaluate(OVERFLOW_JS)[1] > 0, "the board's box should give up the decision's overflow here"
    before = state(screen)
    _tap(screen, '.board-scroll [data-action="act:v"]')
    assert saved_record(screen)["actions"][n:] == ["act:v"]
    screen.wait_for_function("!document.body.dataset.refit")
    assert screen.evaluate(OVERFLOW_JS) == [0, 0]  # the next decision fits: the box grew back
    if screen.locator(".layout > .tray").count() == 0:  # (a tray under the board is a box change of its own)
        assert state(screen) == before + 1, "the answered decision redrew the board for the grown box"
