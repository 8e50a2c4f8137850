"""Issue 51 "Sizes": the table from phone to laptop (docs/architecture.md "Page layout"; the
contract in tests/support/table_fit.py). One test per bug found by playing as a new player would:

- portrait tablets: a player who scrolls down to tap a card on their own board finds the board
  again at the next decision (it stayed scrolled away, Strasbourg 768x1024);
- 820x1180: Barcelona's Modernisme spaces (the own board's first row) lie above the fold;
- landscape 1024x768: Barcelona's street-action tiles keep their words;
- phones (390x844, 360x780, touch): the board shows the part that holds the decision's choices,
  its text >= 12 px and its targets >= 44 px; the whole board is a tap away; the toolbar is one row;
- landscape: a score strip with every score and whose turn it is stays in view; portrait and
  phones: the same strip, one row, under the decision bar;
- phones: choices spread over the whole board with tap areas that would be under 44 px there
  (Barcelona's two citizen orders on 24 intersections, Strasbourg's shops) are shown part by part
  at a scale that keeps 44 px, one tap on the tray's switch between parts.
"""

import os
import random

import pytest
from e2e_harness import position_at, start_game, two_orders
from legibility import record_page
from scripts.browser import click_and_wait, play_step, saved_record, state, wait_state_after
from tests.support.table_fit import measure, measure_parts, problems

import engine.barcelona as B
import engine.strasbourg as S


def _settled(page):
    page.wait_for_function("!document.body.dataset.refit")


@pytest.fixture
def portrait(request, tables):
    yield from tables.lend(request, viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True)


@pytest.fixture
def tall(request, tables):
    yield from tables.lend(request, viewport={"width": 820, "height": 1180}, has_touch=True, is_mobile=True)


@pytest.fixture
def landscape(request, tables):
    yield from tables.lend(request, viewport={"width": 1024, "height": 768})


@pytest.fixture(params=[(390, 844), (360, 780)], ids=lambda v: f"{v[0]}x{v[1]}")
def phone(request, tables):
    w, h = request.param
    yield from tables.lend(request, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)


def test_portrait_board_comes_back_after_a_tap_on_the_own_board(portrait):
    """Strasbourg's first decision (task cards to put back) is drawn on the own board, under the
    board in portrait: a player scrolls down and taps a card there. The next decision's board
    comes back under the bar (before: it stayed scrolled away for every later decision)."""
    page = start_game(portrait, "game=strasbourg&players=3&seed=42&hidden=0")
    _settled(page)
    card = page.locator('.col-side .region-own .legal[data-action^="drop:"]').first
    card.scroll_into_view_if_needed()  # as a finger would scroll the page
    assert page.evaluate("document.querySelector('.layout').scrollTop") > 0
    assert measure(page)["board_in"] is False  # the board is scrolled away now
    before = state(page)
    box = card.locator(".hit").first.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_state_after(page, before)
    _settled(page)
    m = measure(page)
    assert m["board_in"], f"the board stays scrolled away: {m.get('board_px')}"
    assert not problems(m, 768)


def _until_improve(seed=11):
    """A Barcelona position whose decision is Improve (a Modernisme space of the own board)."""
    g = B.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if any(a.kind == "improve" for a in g.legal_actions()):
            return g
        g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no Improve decision reached")


def test_modernisme_spaces_lie_above_the_fold_at_820x1180(tall, base):
    """The own board's head and its Modernisme spaces (where Improve is chosen and a Modernisme
    project goes) are in sight under the board without scrolling: at the start and at an Improve
    decision, whose choices (the spaces) are also tray buttons taking their room under the board."""
    page = start_game(tall, "game=barcelona&players=3&seed=42&hidden=0")
    for where in ("start", "improve"):
        if where == "improve":
            record_page(page, base, _until_improve().record())
            assert page.locator(".layout > .tray").count() == 1
        _settled(page)
        spaces = page.evaluate("""() => [...document.querySelectorAll('.region-own [data-info^="space "]')]
            .map(e => e.getBoundingClientRect().bottom)""")
        assert len(spaces) == 5
        assert max(spaces) <= page.evaluate("innerHeight"), f"{where}: Modernisme spaces below the fold: {spaces}"
        assert not problems(measure(page), 820), where


def test_street_action_tiles_keep_their_words_at_1024x768(landscape):
    """The board is drawn for scale 0.75 there (its box): the tiles' words are two lines of the
    12 px floor under a smaller picture (before: the picture only)."""
    page = start_game(landscape, "game=barcelona&players=3&seed=42&hidden=0")
    _settled(page)
    words = page.evaluate("""() => [...document.querySelectorAll('.region-board svg text')]
        .filter(t => ['wide', 'street', 'Inter-', 'section', 'Cobble-', 'stone'].includes(t.textContent.trim()))
        .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)""")
    assert len(words) >= 5, "the street-action tiles lost their words"
    assert min(words) >= 11.95


def test_landscape_score_strip_shows_every_score_and_whose_turn(landscape):
    page = start_game(landscape, "game=strasbourg&players=3&seed=42&hidden=0")
    strip = page.locator(".col-side .score-strip")
    assert strip.is_visible()
    assert strip.locator("li").count() == 3
    assert strip.locator('li[aria-current="true"]').count() == 1
    box = strip.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 768
    page.evaluate("document.querySelector('.layout > .col-side').scrollTop = 5000")  # the column scrolls
    box = strip.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 768, "the strip scrolled away with the column"


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_phone_choices_are_legible_and_big_enough(phone, game):
    """A phone, the first decisions of a game by taps: every choice on screen and tappable, the
    table's text >= 12 px at every one (before: 2.5-7 px board text) and every choice's tap area
    >= 44 px (before: down to 22 px; then Barcelona's 24 intersections at 35-38 px: now a part of
    the board at a time where needed, measure_parts); the toolbar is one row; the whole board is
    one tap away, and one tap brings the choices back."""
    page = start_game(phone, f"game={game}&players=3&seed=42&hidden=0")
    w = page.evaluate("innerWidth")
    tops = page.evaluate("""() => [...document.querySelectorAll('nav.toolbar > .btn, nav.toolbar .zoom .btn')]
        .filter(e => e.getClientRects().length).map(e => Math.round(e.getBoundingClientRect().top))""")
    assert len(set(tops)) == 1, f"the toolbar wraps: {tops}"
    focused = 0
    for step in range(6):
        _settled(page)
        m = measure_parts(page, _tap_wait)
        found = problems(m, w)
        assert not found, f"decision {step}: " + "; ".join(found)
        # a close-up (the choices' part of the board, drawn larger than the whole board's width)
        if page.evaluate("document.querySelector('.region-board svg').getScreenCTM().a") >= 0.545:
            focused += 1
        if page.get_attribute("body", "data-game-over"):
            break
        play_step(page, tap=True)
        page.locator('[data-action="ui:confirm"], [data-action="ui:handoff-ok"]').count() and click_and_wait(
            page, '[data-action="ui:confirm"], [data-action="ui:handoff-ok"]', tap=True
        )
    if game == "barcelona":
        assert focused, "the board never showed the part that holds the choices"
    click_and_wait(page, '[data-action="ui:whole-board"]', tap=True)
    _settled(page)
    assert page.get_attribute('[data-action="ui:whole-board"]', "aria-pressed") == "true"
    assert page.evaluate("document.querySelector('.region-board svg').viewBox.baseVal.width") == 740
    click_and_wait(page, '[data-action="ui:whole-board"]', tap=True)
    _settled(page)
    assert not [f for f in problems(measure(page), w) if not f.startswith("tap areas")]


def _shops(legal):  # Strasbourg: a shop to buy, anywhere in the city
    return sum(a.id.startswith("shop:") for a in legal) >= 4


def _tap_wait(page, el):
    before = state(page)
    el.tap()
    wait_state_after(page, before)
    _settled(page)


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_phone_choices_over_the_whole_board_are_shown_part_by_part(phone, base, game):
    """Before: Barcelona's two orders at 37.8 / 34.7 px, Strasbourg's shops at 37.2 px (the whole
    board at the phone's width). Now every choice lies in some part, each part's tap areas >= 44
    px and text >= 12 px, and a choice of the part shown is still one tap."""
    page = phone
    if game == "barcelona":
        record = position_at(B, 7, two_orders)
    else:
        record = position_at(S, 5, _shops)
    record_page(page, base, record)
    _settled(page)
    w = page.evaluate("innerWidth")
    m = measure_parts(page, _tap_wait)
    assert not problems(m, w), problems(m, w)
    if game == "barcelona":
        assert m["parts"] >= 2, "two orders on 24 intersections fit no single close-up with 44 px"
    switch = page.locator('#app .tray [data-action="ui:board-part"]')
    if m["parts"] > 1:
        assert switch.count() == 1 and switch.bounding_box()["height"] >= 44
        assert switch.bounding_box()["y"] + switch.bounding_box()["height"] <= page.evaluate("innerHeight")
    # one tap plays a choice of the part shown
    before = len(record["actions"])
    x, y, aid = page.evaluate("""() => {  // a target of the part shown: the topmost element at its centre
      for (const el of document.querySelectorAll('.region-board .legal[data-action]')) {
        const r = el.querySelector('.hit').getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        const top = document.elementFromPoint(x, y);
        if (top && top.closest('[data-action]') === el) return [x, y, el.dataset.action];
      }
    }""")
    tapped = state(page)
    page.touchscreen.tap(x, y)
    wait_state_after(page, tapped)
    rec = saved_record(page)
    assert rec["actions"][before:] == [aid] or page.locator(f'.legal.selected[data-action="{aid}"]').count()


@pytest.fixture(params=[(390, 844), (820, 1180), (768, 1024)], ids=lambda v: f"{v[0]}x{v[1]}")
def upright(request, tables):
    w, h = request.param
    yield from tables.lend(request, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)


def test_portrait_score_strip_is_one_row_under_the_bar(upright):
    """Portrait tablets and phones: every player's score and whose turn, one row right under the
    decision bar, in view while the table scrolls (before: only in the drawer)."""
    page = upright
    w, h = page.evaluate("[innerWidth, innerHeight]")
    start_game(page, "game=strasbourg&players=5&seed=42&hidden=0")
    _settled(page)
    strip = page.locator(".layout > .score-strip.strip-top")
    assert strip.is_visible()
    assert strip.locator("li").count() == 5 and strip.locator('li[aria-current="true"]').count() == 1
    tops = {round(b["y"]) for b in (li.bounding_box() for li in strip.locator("li").all())}
    assert len(tops) == 1, f"the strip wraps: {tops}"
    bar = page.locator(".layout > .bar").bounding_box()
    box = strip.bounding_box()
    assert abs(box["y"] - (bar["y"] + bar["height"])) <= 2 and box["x"] + box["width"] <= w + 0.5
    m = measure(page)
    assert not m["sideways"] and m["min_text"] >= 11.95
    page.evaluate("document.querySelector('.layout').scrollTop = 5000")  # the column scrolls
    box = strip.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= h, "the strip scrolled away"
    assert page.locator(".col-side > .score-strip").is_hidden()


def _stacking(seed=20):
    """A Strasbourg record at a stacking decision with more than the tray's 12 choices (6 card
    values x 5 stacks and a new one, and "put all the rest": 42 ids)."""
    g = S.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(300):
        legal = g.legal_actions()
        if sum(a.id.startswith(("put:", "rest:")) for a in legal) > 12:
            return g.record()
        draw = [a for a in legal if a.id == "draw"]
        g.apply(draw[0] if draw and rng.random() < 0.85 else rng.choice(legal))
    raise AssertionError("no stacking decision with more than 12 choices")


def test_phone_stacking_with_many_choices_is_in_reach(phone, base):
    """Before: more than 12 stacking choices left the tray empty and every chip on the own board,
    below the main board (scroll it away to reach them). Now the tray asks which card (one button
    per value, and "put all the rest"), then the stacks for it in its place: every choice two
    taps away with the board in sight, every tap area >= 44 px."""
    page = phone
    record = _stacking()
    record_page(page, base, record)
    _settled(page)
    w = page.evaluate("innerWidth")
    m = measure(page)
    assert not problems(m, w), problems(m, w)
    assert len(m["behind_pick"]) > 12
    picks = page.locator(".layout > .tray [data-action^='ui:pick:put:']")
    assert picks.count() >= 2
    click_and_wait(page, picks.first, tap=True)
    _settled(page)
    m = measure(page)  # the second step takes the tray's place, under the board (never over it)
    assert not problems(m, w), problems(m, w)
    assert page.locator(".layout > .tray > .pick").count() == 1
    options = page.locator(".pick .pick-btn")
    assert options.count() >= 2
    aid = options.first.get_attribute("data-action")
    assert aid.startswith(("put:", "rest:"))
    before = len(record["actions"])
    click_and_wait(page, options.first, tap=True)
    assert saved_record(page)["actions"][before:] == [aid]


def test_phone_end_screen_chart_text_is_legible(phone, base):
    """The end screen's score chart (420 units wide, ~0.8x on a phone): its words >= 12 px
    (before: 10.5 px at 360 wide, 11.4 px at 390)."""
    g = S.new_game(3, 2)
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    record_page(phone, base, g.record())
    phone.wait_for_function("document.body.dataset.gameOver === '1'")
    sizes = phone.evaluate("""() => [...document.querySelectorAll('.chart text')]
        .filter(t => t.getClientRects().length)
        .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)""")
    assert sizes, "no chart on the end screen"
    assert min(sizes) >= 11.95, sizes


def _two_levels(legal):
    """Barcelona: a square site with two ways to build at two levels (split in two targets)."""
    ways = {}
    for a in legal:
        if a.id.startswith("build:"):
            ways.setdefault(a.id.split(":")[1], []).append(a.id)
    return any(len(v) == 2 and k[0] != "t" and v[0].split(":")[2] != v[1].split(":")[2] for k, v in ways.items())


@pytest.fixture(
    params=[(1366, 768, False), (1024, 768, False), (820, 1180, True), (390, 844, True)], ids=lambda v: f"{v[0]}x{v[1]}"
)
def any_size(request, tables):
    w, h, touch = request.param
    yield from tables.lend(request, viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)


def test_a_sites_two_levels_are_two_targets_in_reach(any_size, base):
    """Issue 51, one tap per decision: a site's two levels to build are two targets (before: a tap on
    the site, then which level). Both are in reach with tap areas >= 44 CSS px at every size (on a
    phone in the part of the board that holds them), and one tap (then Confirm: a build turns up
    the next building tile) builds the level tapped."""
    page = any_size
    record = position_at(B, 3, _two_levels, moves=3000)
    record_page(page, base, record)
    _settled(page)
    g = B.replay(record)
    site = next(
        k
        for k in {a.id.split(":")[1] for a in g.legal_actions() if a.id.startswith("build:")}
        if _two_levels([a for a in g.legal_actions() if a.id.startswith(f"build:{k}:")])
    )
    ways = sorted(a.id for a in g.legal_actions() if a.id.startswith(f"build:{site}:"))
    m = measure_parts(page, _tap_wait)
    assert not [x for x in ways if x in m["missing"] or x in {s[0] for s in m["small_targets"]}], m
    assert page.locator(f'.board [data-action="ui:pick:site:{site}"]').count() == 0
    if os.environ.get("FIT_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["FIT_SHOTS"], f"two-levels-{page.viewport_size['width']}.png"))
    n = len(record["actions"])
    click_and_wait(page, f'.board [data-action="{ways[-1]}"]', tap=page.viewport_size["width"] < 900, confirm=True)
    assert saved_record(page)["actions"][n:] == [ways[-1]]


TOOLBAR_TOPS = """() => [...document.querySelectorAll('nav.toolbar > .btn, nav.toolbar > label.btn, nav.toolbar .zoom .btn')]
    .filter(e => e.getClientRects().length).map(e => Math.round(e.getBoundingClientRect().top))"""


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_phone_handoff_card_toolbar_is_one_row(phone, game):
    """A phone's hand-off card: the toolbar is one row, the rarer controls behind More as on the
    table (before: every control in view, three rows over the card at 390 px)."""
    page = start_game(phone, f"game={game}&players=3&seed=5&hidden=1")
    assert page.get_attribute("body", "data-screen") == "handoff"
    tops = page.evaluate(TOOLBAR_TOPS)
    assert tops and len(set(tops)) == 1, f"the toolbar wraps: {tops}"
    click_and_wait(page, 'nav.toolbar [data-action="ui:more"]', tap=True)
    assert page.locator('nav.toolbar [data-action="ui:export"]').is_visible()
