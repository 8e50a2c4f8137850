"""A phone's board shows the part that holds the decision's choices (web/kit/regions.py
focus_box / focus_regions; docs/architecture.md "Page layout"): every target inside the part
shown, the part drawn for the scale it is shown at (text >= 12 CSS px), never a part no closer
than the whole board."""

import random
import re

import engine.barcelona as B
from tests.web.region_contract import check_regions
from web.i18n import tr
from web.kit.regions import focus_box, focus_regions, target_boxes
from web.boards.barcelona import render_regions

PHONE = (382, 600)  # a 390 px phone's board box under the bar
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
        regions = focus_regions(whole, PHONE, draw)
        board = regions[0]
        if board.svg != whole[0].svg:
            focused += 1
            x, y, w, h = (float(v) for v in _VB.search(board.svg).group(1).split())
            for b in target_boxes(whole[0].svg):
                assert x - 1 <= b[0] and b[2] <= x + w + 1 and y - 1 <= b[1] and b[3] <= y + h + 1
            s = min(PHONE[0] / w, PHONE[1] / h)  # the scale the part is shown at (and drawn for)
            # (+0.003: font sizes are written with one decimal, 12 / 0.55 = 21.8)
            check_regions(regions, {a.id: tr(a.label) for a in legal}, scale=s + 0.003 if s < 0.997 else None)
            assert board.drawn == whole[0].drawn  # the same choices, only the part and scale change
        g.apply(rng.choice(legal))
    assert focused >= 5
