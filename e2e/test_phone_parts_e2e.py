"""Issue 51, the phone's board part by part (kit.regions.part_plan, the tray's ui:board-part;
docs/architecture.md "Page layout"), the stacking chooser and the score strip on phones:

- a Hint whose target lies in the part not shown switches the board to that part (before: it
  highlighted a target outside the board's box);
- arrow keys and Tab never land on a target of the part not shown (before: document order went
  through every target, visible or not);
- Strasbourg's stacking chooser (which card, then which stack) lies in the tray under the board,
  never over it (before: the stacks floated over the board);
- the score strip shows every player's whole name at 390x844 and 360x780 (before: "Playe…" with
  three players, nothing with five).
"""

import random

import pytest
from e2e_harness import position_at, start_game, two_orders
from legibility import record_page
from scripts.browser import click_and_wait, saved_record
from tests.support.table_fit import measure, problems

import engine.barcelona as B
import engine.strasbourg as S


def _settled(page):
    page.wait_for_function("!document.body.dataset.refit")


@pytest.fixture(params=[(390, 844), (360, 780)], ids=lambda v: f"{v[0]}x{v[1]}")
def phone(request, tables):
    w, h = request.param
    yield from tables.lend(request, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)


# Whether a board target is in sight: its hit shape's centre inside the board's box and the
# topmost element there is the target itself.
IN_SIGHT = """el => {
  const box = document.querySelector('.board-scroll').getBoundingClientRect();
  const r = (el.querySelector('.hit') || el).getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  if (x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
  const top = document.elementFromPoint(x, y);
  return !!top && top.closest('[data-action]') === el;
}"""


def _split_board(page, base, seed=7):
    record_page(page, base, position_at(B, seed, two_orders))
    _settled(page)
    return page.locator('#app .tray [data-action="ui:board-part"]').count() == 1


def test_hint_shows_the_part_that_holds_its_target(phone, base):
    """Asked from either part, the Hint's target ends up in sight: one of the two asks has it in
    the part not shown (the Hint is the same move), and the board switches to it."""
    page = phone
    for switch_first in (False, True):
        # (a Hint still up from the same position before may leave room for the whole board only:
        # the target is in sight there too)
        split = _split_board(page, base, seed=3)  # (a position of its own: its Hint stays up after)
        if switch_first and split:
            click_and_wait(page, '#app .tray [data-action="ui:board-part"]', tap=True)
            _settled(page)
        click_and_wait(page, '[data-action="ui:hint"]', tap=True)
        page.wait_for_selector("main .region-board .legal.hint, main .decision .hint[data-action]", state="attached")
        _settled(page)
        target = page.locator("main .region-board .legal.hint")
        if target.count():
            aid = target.first.get_attribute("data-action")
            assert "off-part" not in (target.first.get_attribute("class") or ""), (switch_first, aid)
            assert target.first.evaluate(IN_SIGHT), (
                f"the Hint's target is out of sight (switched first: {switch_first})"
            )


def test_keys_stay_in_the_part_shown(phone, base):
    """Arrow keys from a target of the part shown, and Tab, never reach a target outside it."""
    page = phone
    assert _split_board(page, base, seed=9), "not shown part by part"  # (another position: no Hint up)
    first = page.evaluate_handle(f"""() => [...document.querySelectorAll('.region-board .legal[data-action]')]
        .find(el => ({IN_SIGHT})(el))""")
    first.as_element().focus()
    seen = []
    for key in ["ArrowRight"] * 14 + ["ArrowDown"] * 6 + ["ArrowLeft"] * 14 + ["End", "Home"] + ["Tab"] * 6:
        page.keyboard.press(key)
        got = page.evaluate(f"""() => {{
          const el = document.activeElement;
          if (!el || !el.closest('.region-board')) return null;
          return [el.dataset.action, el.classList.contains('off-part'), ({IN_SIGHT})(el)];
        }}""")
        if got is not None:
            seen.append((key, *got))
    assert len({s[1] for s in seen}) >= 3, seen
    hidden = [s for s in seen if s[2] or not s[3]]
    assert not hidden, f"focus on a target out of sight: {hidden[:4]}"


def _stacking(seed=20):
    g = S.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(300):
        legal = g.legal_actions()
        if sum(a.id.startswith(("put:", "rest:")) for a in legal) > 12:
            return g.record()
        draw = [a for a in legal if a.id == "draw"]
        g.apply(draw[0] if draw and rng.random() < 0.85 else rng.choice(legal))
    raise AssertionError("no stacking decision with more than 12 choices")


def test_stacking_chooser_leaves_the_board_in_sight(phone, base):
    """Which card, then which stack: the second step takes the tray's place under the board
    (nothing over the board, every rule of the table's fit), and plays with one tap."""
    page = phone
    record = _stacking()
    record_page(page, base, record)
    _settled(page)
    click_and_wait(page, page.locator(".layout > .tray [data-action^='ui:pick:put:']").first, tap=True)
    _settled(page)
    w, h = page.evaluate("[innerWidth, innerHeight]")
    assert page.locator(".pick.float").count() == 0
    assert page.locator(".layout > .tray > .pick").count() == 1
    m = measure(page)
    assert not problems(m, w), problems(m, w)  # "something lies over the board" before
    board = page.locator(".board-scroll").bounding_box()
    tray = page.locator(".layout > .tray").bounding_box()
    assert board["height"] >= 150 and board["y"] + board["height"] <= tray["y"] + 1
    assert tray["y"] + tray["height"] <= h + 0.5, "the chooser runs past the screen's foot"
    options = page.locator(".tray .pick .pick-btn")
    assert options.count() >= 2
    for b in options.all():
        assert b.bounding_box()["height"] >= 43.5
    aid = options.first.get_attribute("data-action")
    before = len(record["actions"])
    click_and_wait(page, options.first, tap=True)
    assert saved_record(page)["actions"][before:] == [aid]


@pytest.mark.parametrize("players", [3, 5])
def test_score_strip_shows_every_name(phone, players):
    page = start_game(phone, f"game=strasbourg&players={players}&seed=42&hidden=0")
    _settled(page)
    names = page.evaluate("""() => [...document.querySelectorAll('.layout > .strip-top .strip-name')].map(e => ({
        text: e.textContent, full: e.scrollWidth <= e.clientWidth + 0.5 && e.clientWidth > 0,
        px: parseFloat(getComputedStyle(e).fontSize)}))""")
    assert len(names) == players
    cut = [n["text"] for n in names if not n["full"]]
    assert not cut, f"names cut short: {cut}"
    assert min(n["px"] for n in names) >= 12
    tops = {round(b["y"]) for b in (li.bounding_box() for li in page.locator(".layout > .strip-top li").all())}
    assert len(tops) == 1, f"the strip wraps: {tops}"
    assert not measure(page)["sideways"]
