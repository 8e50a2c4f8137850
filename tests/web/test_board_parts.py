"""A phone's board shown part by part (web/kit/regions.py part_plan / focus_regions,
docs/architecture.md "Page layout"): the Hint and the keyboard follow the part on screen.
Issue 51: a Hint on a choice of the part not shown highlighted a target nobody could see, and
Tab or an arrow key could land on one."""

import random
import re

import engine.barcelona as B
from web.boards.barcelona import render_regions
from web.kit.regions import LIVE, focus_regions, hinted_ids, table_regions
from web.model.session import Session

PHONE = (382, 600)  # a 390 px phone's board box under the bar
_TARGET = re.compile(r'<g class="([^"]*)" data-action="([^"]+)" tabindex="(-?\d)"([^>]*)>')


def _split_position(seed=7):
    """A Barcelona game at a placement with two orders (rulebook p.6: two different citizens on
    one intersection, two halves each): too spread for one 44 px close-up on a phone."""
    g = B.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(800):
        legal = g.legal_actions()
        view = g.view(g.current_player)
        whole = render_regions(view, legal, scale=0.5)
        _, parts = focus_regions(whole, PHONE, lambda s: render_regions(view, legal, scale=s))
        if parts and parts[1] >= 2:
            return g
        g.apply(rng.choice(legal))
    raise AssertionError("no decision shown part by part")


def _targets(svg):
    return {m.group(2): (m.group(1).split(), m.group(3), m.group(4)) for m in _TARGET.finditer(svg)}


def _session(game):
    s = Session()
    s.game, s.choosing = game, False
    s.narrow, s.board_box = True, PHONE
    return s


def test_the_part_not_shown_is_out_of_the_keyboards_reach():
    """Every target of the other parts: tabindex -1, class off-part, hidden from screen readers
    (keys.CHOICES and page.sight.rendered skip them); those of the part shown stay in reach."""
    g = _split_position()
    view, legal = g.view(g.current_player), g.legal_actions()
    s = _session(g)
    LIVE.clear()
    regions, _ = table_regions(s, view, legal)
    k, n, rest = s.board_parts
    assert n >= 2 and rest > 0
    got = _targets(regions[0].svg)
    off = {a for a, (cls, tab, _) in got.items() if "off-part" in cls}
    on = {a for a, (cls, tab, _) in got.items() if "off-part" not in cls}
    assert len(off) == rest and on, (len(off), rest)
    assert all(got[a][1] == "-1" and 'aria-hidden="true"' in got[a][2] for a in off)
    assert all(got[a][1] == "0" and "aria-hidden" not in got[a][2] for a in on)
    s.next_board_part()  # the other part: the roles swap
    regions, _ = table_regions(s, view, legal)
    again = _targets(regions[0].svg)
    assert {a for a, (cls, _, _) in again.items() if "off-part" not in cls} & off


def test_a_hint_in_the_part_not_shown_shows_its_part():
    """A Hint whose target lies in another part switches the board to that part (once: the
    switch still steps on from there), and the hinted target is in reach there."""
    g = _split_position()
    view, legal = g.view(g.current_player), g.legal_actions()
    s = _session(g)
    LIVE.clear()
    regions, _ = table_regions(s, view, legal)
    off = [a for a, (cls, _, _) in _targets(regions[0].svg).items() if "off-part" in cls]
    hint = next(a for a in (x.id for x in legal) if a in off)  # a choice of the part not shown
    regions, _ = table_regions(s, view, legal, hint=hint)
    got = _targets(regions[0].svg)
    assert hinted_ids(regions[0].svg) == {hint}
    assert "off-part" not in got[hint][0] and got[hint][1] == "0", "the Hint's target is in the part shown"
    shown = s.board_parts[0]
    assert s.part_of[1] == shown != 0
    s.next_board_part()  # the player steps on: the same Hint does not pull the board back
    regions, _ = table_regions(s, view, legal, hint=hint)
    assert s.board_parts[0] != shown
    assert "off-part" in _targets(regions[0].svg)[hint][0]


def test_asking_for_the_hint_again_shows_its_part_again():
    g = _split_position()
    view, legal = g.view(g.current_player), g.legal_actions()
    s = _session(g)
    LIVE.clear()
    regions, _ = table_regions(s, view, legal)
    off = [a for a, (cls, _, _) in _targets(regions[0].svg).items() if "off-part" in cls]
    hint = next(a for a in legal if a.id in off)
    table_regions(s, view, legal, hint=hint.id)
    s.next_board_part()  # stepped away from the Hint's part
    regions, _ = table_regions(s, view, legal, hint=hint.id)
    assert "off-part" in _targets(regions[0].svg)[hint.id][0]
    s.suggest = lambda game, level=None: hint
    s.hints.request()  # the Hint button again
    regions, _ = table_regions(s, view, legal, hint=hint.id)
    assert "off-part" not in _targets(regions[0].svg)[hint.id][0]


def test_the_switch_never_makes_the_board_flip_between_parts_and_whole():
    """The switch takes its height from the board's box (page.core.board_box): parts planned for
    a box without it, shown in a box with it, could need too many parts, show the whole board
    without the switch, and grow back: a refit without end (a tall Hint at 360x780). Planned for
    the box they will be shown in, a board shown in parts stays in parts once the switch shows."""
    g = _split_position()
    view, legal = g.view(g.current_player), g.legal_actions()
    flips = []
    for h in range(260, 660, 8):
        s = _session(g)
        s.board_box = (352, h)  # no switch on screen yet
        table_regions(s, view, legal)
        if s.board_parts is None:
            continue
        s.board_box = (352, h - 64)  # the tray's switch took its room
        table_regions(s, view, legal)
        if s.board_parts is None:
            flips.append(h)
    assert not flips, flips
