"""Issue 51, taps with hidden hands: Barcelona's hand-off card draws the board with the free
intersections as its choices (web/screens/handoff_card.py; the intersection alone shows nothing
the seat holds). A tap on one takes the device and places both citizens when they are alike (one
tap for the hand-off and the placement), or picks the intersection when they differ, so the
order is the next tap (the pick's buttons beside it). Barcelona rulebook p.6: the two citizens
go on a free intersection, in the order the seat chooses."""

import random

import pytest

from e2e_harness import load_record
from legibility import problems
from scripts.browser import GAME_ACTION, click_and_wait, saved_record

import engine.barcelona as B
from web.kit.seats import DEFAULT_COLOURS

META = {"hidden": True, "colours": list(DEFAULT_COLOURS), "bots": [], "bot_levels": {}}
CARD_PICK = '.handoff .card-board [data-action^="ui:pick:"]'
# every card target's tap area (its hit shapes' box) in CSS px, and whether it is in sight
SIZES = """sel => [...document.querySelectorAll(sel)].map(el => {
  const r = el.querySelector('.hit').getBoundingClientRect();
  return [el.dataset.action, r.width, r.height, r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
          el.getAttribute('tabindex')];
})"""


def _places(legal):
    return [a.id for a in legal if a.id.startswith("place:") and a.id != "place:none"]


def alike(legal):
    ids = _places(legal)
    return len(ids) >= 10 and len(ids) == len({p.rsplit(":", 1)[0] for p in ids})


def differ(legal):
    ids = _places(legal)
    return len(ids) >= 20 and len(ids) == 2 * len({p.rsplit(":", 1)[0] for p in ids})


def _handoff_at(wanted, seed):
    """A record whose next seat (another than the last to act: a hand-off with moves to tell of)
    faces a placement ``wanted`` accepts."""
    g = B.new_game(3, seed)
    rng = random.Random(seed)
    last = None
    for _ in range(400):
        legal = g.legal_actions()
        if last is not None and g.current_player != last and wanted(legal):
            return dict(g.record(), meta=META)
        last = g.current_player
        g.apply(rng.choice(legal))
    raise AssertionError("no such hand-off")


def _open(page, record):
    load_record(page, record)
    page.wait_for_function("!document.body.dataset.refit")  # the card drawn for its board's box
    assert page.get_attribute("body", "data-screen") == "handoff"


def _check_card(page):
    """The card's targets: >= 44 px, in sight, in the tab order; no engine id (they would name
    the hand); text >= 12 px, no sideways scroll (e2e/legibility.py)."""
    sizes = page.evaluate(SIZES, CARD_PICK)
    assert len(sizes) >= 10
    small = [s for s in sizes if min(s[1], s[2]) < 44 - 0.05 or not s[3] or s[4] != "0"]
    assert not small, small
    assert page.locator(GAME_ACTION).count() == 0
    assert page.locator('.handoff [data-action="ui:handoff-ok"]').is_visible()  # "I am X" stays
    assert not problems(page), problems(page)


def test_an_intersection_tap_places_alike_citizens(table):
    record = _handoff_at(alike, 5)
    _open(table, record)
    _check_card(table)
    legal = B.replay(record).legal_actions()
    aid = _places(legal)[0]
    key = aid.split(":")[1]
    n = len(record["actions"])
    click_and_wait(table, f'.handoff [data-action="ui:pick:{key}"]')
    assert saved_record(table)["actions"][n:] == [aid]  # one tap: the device taken, both placed
    assert table.get_attribute("body", "data-screen") == "play"


def test_an_intersection_tap_picks_it_when_the_citizens_differ(table):
    record = _handoff_at(differ, 5)
    _open(table, record)
    _check_card(table)
    legal = B.replay(record).legal_actions()
    key = _places(legal)[-1].split(":")[1]
    orders = sorted(a for a in _places(legal) if a.split(":")[1] == key)
    n = len(record["actions"])
    # by keyboard: the card's intersections are in the tab order, Enter takes them
    table.locator(f'.handoff [data-action="ui:pick:{key}"]').focus()
    before = int(table.get_attribute("body", "data-state"))
    table.keyboard.press("Enter")
    table.wait_for_function(f"Number(document.body.dataset.state) > {before}")
    assert table.get_attribute("body", "data-screen") == "play"
    assert len(saved_record(table)["actions"]) == n  # nothing played yet: the order is next
    buttons = table.locator(".pick .pick-btn")
    assert sorted(buttons.evaluate_all("els => els.map(e => e.dataset.action)")) == orders
    assert table.locator(".board .picked").count() == 1  # the intersection is marked
    click_and_wait(table, f'.pick [data-action="{orders[1]}"]')
    assert saved_record(table)["actions"][n:] == [orders[1]]


@pytest.fixture(params=[(390, 844), (820, 1180)], ids=lambda v: f"{v[0]}x{v[1]}")
def touch(request, tables):
    w, h = request.param
    yield from tables.lend(request, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)


def test_the_card_fits_a_phone_and_a_tablet(touch):
    """The card's board on a phone shows the part that holds the intersections (all of them),
    at the scale its text stays >= 12 px and its targets >= 44 px; a tap still plays."""
    record = _handoff_at(alike, 5)
    _open(touch, record)
    _check_card(touch)
    legal = B.replay(record).legal_actions()
    aid = _places(legal)[-1]
    n = len(record["actions"])
    click_and_wait(touch, f'.handoff [data-action="ui:pick:{aid.split(":")[1]}"]', tap=True)
    assert saved_record(touch)["actions"][n:] == [aid]
