"""A board that grows with its font floor is drawn for the scale its real size is shown at
(kit.regions.drawn_for_its_height): Strasbourg's guild legend takes more rows on a phone's whole
board, and a box short in height would otherwise show the taller drawing smaller than it was drawn
for (text under 12 CSS px: e2e/test_phone_parts_e2e.py's stacking chooser at 360x780)."""

import pytest

from engine import strasbourg
from web.boards import strasbourg as R
from web.kit.regions import board_scale, drawn_for_its_height


# (width, height) CSS px boxes: a phone's whole board with the tray under it, a short landscape
# window, a phone with room to spare, a desktop box where the city fits at scale 1
@pytest.mark.parametrize("box", [(374, 330), (344, 300), (900, 520), (374, 700), (1400, 900)])
def test_the_board_is_shown_at_the_scale_it_was_drawn_for(box):
    g = strasbourg.new_game(3, 3)
    view, legal = g.view(0), g.legal_actions()

    def draw(s):
        return R.render_regions(view, legal, scale=s)

    first = board_scale(box, R.BOARD_VIEWBOX)
    regions, scale = drawn_for_its_height(draw(first), box, R.BOARD_VIEWBOX, first, draw)
    board = next(r for r in regions if r.place == "board")
    shown = board_scale(box, (board.width, board.height))  # what the page's box makes of it
    assert (shown is None) if scale is None else (shown is not None and shown >= scale), (box, scale, shown)
    assert scale is None or scale <= (first or 1)
