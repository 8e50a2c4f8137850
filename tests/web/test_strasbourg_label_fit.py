"""Strasbourg's board labels stay inside their frames, and a last-move marker covers no words
(issue 51: German "Warenplättchen" was clipped; markers overlapped text). Checked on the SVG the
renderer draws, in every language, by the board's own width estimate (glyphs.text_w) with the
margin a system font may draw wider (glyphs.WIDE, measured for DejaVu Sans in Chromium): a label
either fits its room by that estimate or is squeezed to it (textLength), never past it."""

import random
import re

import pytest

from engine import strasbourg
from web import i18n
from web.boards import strasbourg as R
from web.boards.strasbourg import layout as L
from web.boards.strasbourg.glyphs import WIDE, text_w
from web.boards.strasbourg.words import GUILD_ABBR

LANGS = ("en", "de", "es", "zh_Hans", "zh_Hant")
TEXT = re.compile(
    r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)" text-anchor="(\w+)" font-weight="(\w+)"([^>]*)>([^<]*)</text>'
)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.activate("en")


def _game(seed=3, n=3, steps=6):
    g, rng = strasbourg.new_game(n, seed), random.Random(seed)
    for _ in range(steps):
        ids = [a.id for a in g.legal_actions()]
        g.apply("draw" if "draw" in ids else rng.choice(ids))
    return g


def _texts(svg):
    out = []
    for x, y, size, anchor, weight, extra, words in TEXT.findall(svg):
        m = re.search(r'textLength="([\d.]+)"', extra)
        width = float(m.group(1)) if m else text_w(words, float(size), weight == "700") * WIDE
        out.append((float(x), float(y), float(size), anchor, words, width))
    return out


def _region(regions, place):
    return next(r for r in regions if r.place == place)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guild_legend_labels_stay_in_their_boxes(lang):
    i18n.activate(lang)
    g = _game()
    view = g.view(0)
    board = _region(R.render_regions(view, g.legal_actions()), "board").svg
    guilds = view["guilds"]
    lw = (L.BOARD_W - 2 * L.M + 8) / len(guilds)
    words = {i18n.t("str.ui.goods_tiles")} | {
        i18n.t("str.ui.sells_for", value=gd.get("goods_value", "")) for gd in guilds
    }
    found = 0
    for x, y, size, anchor, text, width in _texts(board):
        if text in words and anchor == "start":
            k = round((x - 16 - L.M) / lw)
            box_right = L.M + k * lw + lw - 8
            assert x + width <= box_right - 4, (lang, text, x + width, box_right)
            found += 1
    assert found >= 2 * len(guilds)


def test_german_goods_tiles_is_drawn_smaller_not_clipped():
    i18n.activate("de")
    g = _game()
    board = _region(R.render_regions(g.view(0), g.legal_actions()), "board").svg
    (size,) = {float(m) for m in re.findall(r'font-size="([\d.]+)"[^>]*>Warenplättchen<', board)}
    assert 12 <= size < 13  # the legend's other lines are 13


@pytest.mark.parametrize("lang", LANGS)
def test_the_deck_row_words_never_run_into_each_other(lang):
    i18n.activate(lang)
    g = _game()
    seat = g.current_player
    own = _region(R.render_regions(g.view(seat), g.legal_actions()), "own").svg
    ps = g.view(seat)["player_states"][seat]
    deck = i18n.t("str.ui.deck_n", n=ps["deck_size"])
    holds = i18n.t("str.ui.deck_holds")
    texts = _texts(own)
    d = next(tx for tx in texts if tx[4] == deck)
    h = next(tx for tx in texts if tx[4] == holds)
    same_row = abs(h[1] - d[1]) < 20
    assert not same_row or d[0] + d[5] <= h[0], (lang, d, h)  # side by side: the deck's words end first
    assert h[0] + h[5] <= L.SIDE_W - L.M + 0.5, (lang, h)


def test_a_seats_draws_are_one_marker_on_the_pile_not_on_the_words():
    i18n.activate("de")
    g = _game()
    seat = g.current_player
    view = g.view(seat)
    own = _region(R.render_regions(view, g.legal_actions(), lastmove={seat: ["draw", "draw", "draw"]}), "own").svg
    markers = re.findall(r'<g class="lastmove"[^>]*>.*?<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', own)
    assert len(markers) == 1
    cx, cy, r = map(float, markers[0])
    deck = i18n.t("str.ui.deck_n", n=view["player_states"][seat]["deck_size"])
    x, y, size, _, _, width = next(tx for tx in _texts(own) if tx[4] == deck)
    # the words' box (baseline y, cap height ~size) and the marker's circle do not meet
    assert cx + r <= x or cx - r >= x + width or cy + r <= y - size or cy - r >= y + 4, (cx, cy, r, x, y)


# A phone's whole board (390x844, 360x780) is shown at scale ~0.5-0.45 (regions.board_scale of
# its width), so its text is drawn >= 12 / scale units high; 0.4 for a narrower phone.
PHONE_SCALES = (0.5, 0.45, 0.4)


@pytest.mark.parametrize("scale", PHONE_SCALES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_guild_name_is_whole_on_a_phones_board(lang, scale):
    """The legend's titles ("Shoemakers Sh") are drawn whole at >= 12 CSS px, inside the board and
    clear of the next box in their row (before: one row of five boxes always, so the font floor
    cut them to "Shoemak")."""
    i18n.activate(lang)
    g = _game()
    view = g.view(0)
    board = _region(R.render_regions(view, g.legal_actions(), scale=scale), "board").svg
    titles = {i18n.tr(gd["name"]) + " " + GUILD_ABBR[gd["key"]] for gd in view["guilds"]}
    drawn = [tx for tx in _texts(board) if tx[4] in titles]
    assert {tx[4] for tx in drawn} == titles, (lang, scale, titles - {tx[4] for tx in drawn})
    for x, y, size, _, words, width in drawn:
        assert size * scale >= 12, (lang, words, size)
        assert x + width <= L.BOARD_W - L.M, (lang, words, x + width)
        # the next title to its right in the same row starts 16 units inside its own box
        right = [o for o in drawn if abs(o[1] - y) < 1 and o[0] > x]
        assert not right or x + width <= min(o[0] for o in right) - 16, (lang, words, scale)


# A board kept at its usual size (svgkit.no_growth, 360x780): tests/web/test_strasbourg_phone_words.py.
