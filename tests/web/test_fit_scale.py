"""The board drawn for the scale it is shown at (issue 25 "Fit the screen"; docs/architecture.md
"Page layout"): the page fits the main board to its box, the renderer draws its text >= 12 / scale
units so that it is >= 12 CSS px as rendered, and leaves long words to the inspector."""

import random
import re

import pytest

import engine.barcelona as B
import engine.strasbourg as S
from region_contract import check_regions
from web.boards import barcelona as RB, strasbourg as RS
from web.i18n import tr
from web.kit.regions import board_scale

_FS = re.compile(r'font-size="([0-9.]+)"')


def _positions(mod, seed, steps=40):
    g = mod.new_game(3, seed)
    rng = random.Random(seed)
    for i in range(steps):
        if g.is_over:
            break
        if i % 8 == 0:
            yield g
        g.apply(rng.choice(g.legal_actions()))
    yield g


@pytest.mark.parametrize("mod,R", [(B, RB), (S, RS)], ids=["barcelona", "strasbourg"])
@pytest.mark.parametrize("scale", [0.75, 0.6])
def test_board_text_is_12_px_at_the_scale_it_is_drawn_for(mod, R, scale):
    for g in _positions(mod, 3):
        legal = g.legal_actions() if g.current_player is not None else []
        regions = R.render_regions(g.view(g.current_player), legal, scale=scale)
        check_regions(regions, {a.id: tr(a.label) for a in legal}, scale=scale)
        board = regions[0].svg
        assert min(float(x) for x in _FS.findall(board)) * scale >= 12 - 1e-6
        # the same targets as the drawing for scale 1: fitting changes sizes, never choices
        assert regions[0].drawn == R.render_regions(g.view(g.current_player), legal)[0].drawn


@pytest.mark.parametrize("mod,R", [(B, RB), (S, RS)], ids=["barcelona", "strasbourg"])
def test_scale_1_or_none_draws_as_before(mod, R):
    g = mod.new_game(3, 5)
    v, legal = g.view(g.current_player), g.legal_actions()
    plain = R.render_regions(v, legal)[0].svg
    assert R.render_regions(v, legal, scale=None)[0].svg == plain
    assert R.render_regions(v, legal, scale=1.0)[0].svg == plain
    assert min(float(x) for x in _FS.findall(plain)) < 13  # the usual drawing keeps its 12-unit text


def test_small_barcelona_board_draws_the_street_action_words_in_two_lines_of_the_floor():
    """Issue 51: at a landscape tablet's scale (0.75) the tiles keep their words, two lines of the
    12 px floor under a smaller picture; at a phone's whole-board overview (0.55) the picture only,
    the words in the inspector."""
    g = B.new_game(3, 5)
    v, legal = g.view(g.current_player), g.legal_actions()
    small = RB.render_regions(v, legal, scale=0.75)[0].svg
    assert ">Inter-<" in small and ">section<" in small
    overview = RB.render_regions(v, legal, scale=0.55)[0].svg
    assert ">Inter-<" not in overview and ">section<" not in overview
    assert "data-info=" in overview and "Intersection" in overview.replace("&#x27;", "'")  # the full text is kept


def test_board_scale_rounds_down_and_ignores_big_or_unknown_boxes():
    assert board_scale((588, 604), (740, 776)) == pytest.approx(0.75)  # 0.778 -> 0.75: text >= 12 px
    assert board_scale((1000, 900), (740, 776)) is None  # room for scale >= 1
    assert board_scale(None, (740, 776)) is None
    assert board_scale((588, 604), None) is None
    assert board_scale((30, 30), (740, 776)) == pytest.approx(0.05)


def test_too_many_side_choices_put_their_board_first_in_the_column():
    from types import SimpleNamespace
    from web.screens.table_panels import SIDE_FIRST, table_layout
    from web.kit.svgkit import Region

    own = Region("player:0", "own", "<svg>own</svg>", 400, frozenset())
    side = Region("tracks", "side", "<svg>tracks</svg>", 400, frozenset(f"x{i}" for i in range(SIDE_FIRST + 1)))
    board = Region("board", "board", "<svg>b</svg>", 740, frozenset(), "", 776)
    s = SimpleNamespace(zoom=1.0, game=None, just_played=[], fresh=None)
    html = table_layout(s, [board, own, side], False, "", [])
    assert html.index('data-region="tracks"') < html.index('data-region="player:0"')
    few = Region("tracks", "side", "<svg>tracks</svg>", 400, frozenset({"x"}))
    html = table_layout(s, [board, own, few], False, "", [])
    assert html.index('data-region="player:0"') < html.index('data-region="tracks"')
