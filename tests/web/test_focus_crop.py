"""A phone's board shows the part that holds the decision's choices (web/kit/regions.py
focus_box / part_plan / focus_regions; docs/architecture.md "Page layout"): every target inside
the part shown, the part drawn for the scale it is shown at (text >= 12 CSS px), never a part no
closer than the whole board; choices too spread for one close-up with 44 px tap areas are shown
part by part (ui:board-part), every choice in one of the parts, its tap area >= 44 CSS px there."""

import random
import re

import pytest

import engine.barcelona as B
import engine.strasbourg as S
from tests.web.region_contract import check_regions
from web.boards.barcelona import render_regions as barcelona_regions
from web.boards.strasbourg import render_regions as strasbourg_regions
from web.i18n import tr
from web.kit.regions import focus_box, focus_regions, part_plan, target_sizes

PHONE = (382, 600)  # a 390 px phone's board box under the bar
SMALL = (352, 500)  # a 360 px phone's, under a taller bar and the tray
_VB = re.compile(r'viewBox="([0-9. -]+)"')


def test_focus_box_holds_every_target_at_the_largest_scale():
    boxes = [(100, 20, 166, 86), (300, 20, 366, 86)]  # two tiles on one row
    x, y, w, h, s = focus_box(boxes, (740, 772), PHONE)
    assert s == 1.0 and (w, h) == (382, 600)  # the box at scale 1, centred on the targets
    assert x <= 100 and x + w >= 366 and y <= 20 and y + h >= 86
    assert 0 <= x and x + w <= 740 and 0 <= y and y + h <= 772


def test_targets_over_the_whole_board_give_no_close_up():
    assert focus_box([(0, 0, 50, 50), (690, 722, 740, 772)], (740, 772), PHONE) is None
    assert focus_box([], (740, 772), PHONE) is None


def test_part_plan_splits_a_row_too_wide_for_44_px():
    """Seven 63-unit targets 132 apart over a 740-wide drawing: at 0.7 (63 units = 44 px) a
    382 px box shows 545 units, so the first part holds four of them whole, the second the rest."""
    targets = {f"t{i}": (40 + 132 * i - 31.5, 300, 40 + 132 * i + 31.5, 363) for i in range(6)}
    parts = part_plan(targets, (740, 772), PHONE, 44 / 63)
    assert len(parts) == 2
    first, second = parts
    assert len(first[5]) == 4 and len(second[5]) == 2
    assert first[5] | second[5] == set(targets) and not first[5] & second[5]
    for x, y, w, h, s, ids in parts:
        assert s == pytest.approx(0.7) and 500 <= w <= 382 / 0.7 + 0.1
        for a, b in targets.items():
            inside = x <= b[0] and b[2] <= x + w and y <= b[1] and b[3] <= y + h
            assert inside or a not in ids
            assert inside or b[2] <= x or b[0] >= x + w, f"{a} cut in two by the part's edge"
            assert (b[2] - b[0]) * s >= 43.9


def _each_part(whole, box, draw):
    """[(regions, parts info, viewBox)] for every part focus_regions shows of one decision."""
    regions, parts = focus_regions(whole, box, draw, 0)
    out = [(regions, parts)]
    for k in range(1, parts[1] if parts else 1):
        out.append(focus_regions(whole, box, draw, k))
    return [(r, p, tuple(float(v) for v in _VB.search(r[0].svg).group(1).split())) for r, p in out]


def _walk(game, render, box, kinds, want):
    """Random positions of ``game`` whose decision has a target of ``kinds`` on the board: every
    choice of the main board lies whole in a part shown, its tap area >= 44 CSS px there."""
    rng, found = random.Random(5), 0
    for _ in range(600):
        if game.is_over or found >= want:
            break
        legal = game.legal_actions()
        if any(a.kind in kinds for a in legal):
            view = game.view(game.current_player)

            def draw(s):
                return render(view, legal, scale=s)

            whole = draw(round(int(min(box[0] / 740, box[1] / 772) / 0.05) * 0.05, 2))
            everything = set(target_sizes(whole[0].svg))
            seen = set()
            for regions, parts, (x, y, w, h) in _each_part(whole, box, draw):
                s = min(box[0] / w, box[1] / h)
                for a, b in target_sizes(regions[0].svg).items():
                    if x - 1 <= b[0] and b[2] <= x + w + 1 and y - 1 <= b[1] and b[3] <= y + h + 1:
                        seen.add(a)
                        assert min(b[2] - b[0], b[3] - b[1]) * s >= 43.5, (a, b, s, parts)
                    else:  # wholly outside: no sliver of a target at the part's edge
                        assert b[2] <= x + 1 or b[0] >= x + w - 1 or b[3] <= y + 1 or b[1] >= y + h - 1, (a, b)
                assert regions[0].drawn == whole[0].drawn  # the same choices, only the part and scale change
            assert seen == everything, everything - seen
            found += 1
        game.apply(rng.choice(legal))
    assert found >= want


@pytest.mark.parametrize("box", [PHONE, SMALL], ids=["390", "360"])
def test_barcelona_placements_have_44_px_tap_areas_on_a_phone(box):
    """Barcelona's 24 intersections (rulebook p.6: the citizen placement) fill the whole board:
    one order per intersection keeps the whole width with larger tap areas (the next
    intersection is far); two orders (two halves each) are shown part by part at 0.7."""
    _walk(B.new_game(3, 7), barcelona_regions, box, ("place",), 6)


@pytest.mark.parametrize("box", [PHONE, SMALL, (382, 480)], ids=["390", "360", "390-tray"])
def test_barcelona_streets_and_street_actions_have_44_px_tap_areas_on_a_phone(box):
    """The street-action tiles (66 units: 44 px from 0.67) and the streets: one part at that
    scale where one holds them all, else part by part (before: 33-42.9 px at the focus' 0.5-0.65)."""
    _walk(B.new_game(3, 7), barcelona_regions, box, ("act",), 6)
    _walk(B.new_game(3, 7), barcelona_regions, box, ("street",), 4)


@pytest.mark.parametrize("box", [PHONE, SMALL], ids=["390", "360"])
def test_strasbourg_shops_and_builds_have_44_px_tap_areas_on_a_phone(box):
    _walk(S.new_game(3, 5), strasbourg_regions, box, ("shop", "build", "chapel"), 6)


def test_a_focused_barcelona_board_keeps_its_targets_and_its_text():
    """Random positions: the part shown holds every target; text >= 12 / scale units."""
    g = B.new_game(3, 4)
    rng = random.Random(4)
    focused = 0
    for _ in range(40):
        legal = g.legal_actions()
        view = g.view(g.current_player)

        def draw(s):
            return render_regions(view, legal, scale=s)

        whole = draw(0.5)
        for regions, parts, (x, y, w, h) in _each_part(whole, PHONE, draw):
            board = regions[0]
            if board.svg == whole[0].svg:
                continue
            focused += 1
            s = min(PHONE[0] / w, PHONE[1] / h)  # the scale the part is shown at (and drawn for)
            # (+0.003: font sizes are written with one decimal, 12 / 0.55 = 21.8)
            check_regions(regions, {a.id: tr(a.label) for a in legal}, scale=s + 0.003 if s < 0.997 else None)
        g.apply(rng.choice(legal))
    assert focused >= 5


render_regions = barcelona_regions
