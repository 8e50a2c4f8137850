"""Issue 51, no word cut on a phone's Strasbourg board (docs/architecture.md "Page layout"): at the
scales a phone shows the whole city at (0.5 at 390x844, 0.45 at 360x780) the status
line, the lots' word, the key of pictures and the guild legend are drawn whole, at >= 12 CSS px,
squeezed by at most a fifth, inside the board (before: German "Runde 1 von 5: Planung (Karten
ziehen, verd", "Baupla", "Pfarrei: Laden +" and "Schmiede Sc" squeezed to half its width).
Checked on the SVG the renderer draws, by its own width estimate with the margin a system font may
draw wider (glyphs.WIDE), as tests/web/test_strasbourg_label_fit.py does."""

import html
import random

import pytest

from engine import strasbourg
from web import i18n
from web.boards import strasbourg as R
from web.boards.strasbourg import layout as L
from web.boards.strasbourg.board import SQUEEZE, status_line
from web.boards.strasbourg.glyphs import SOFT_HYPHEN, WIDE, text_w
from web.boards.strasbourg.words import GUILD_ABBR
from web.kit import svgkit

from .test_strasbourg_label_fit import LANGS, _texts

PHONE_SCALES = (0.5, 0.45)  # (0.4, a phone narrower than 360 px, is not one the app is made for)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.activate("en")


def _phases():
    """A 3-player game at its task choice, its first planning and its first lobbying step: the
    three kinds of status line."""
    g, rng, out = strasbourg.new_game(3, 5), random.Random(5), {}
    for _ in range(400):
        phase = g.view(0).get("phase")
        out.setdefault(phase if phase in ("tasks", "plotting") else "step", g.clone())
        if len(out) == 3:
            return out
        ids = [a.id for a in g.legal_actions()]
        g.apply("draw" if "draw" in ids else rng.choice(ids))
    raise AssertionError(f"phases reached: {sorted(out)}")


PHASES = _phases()


def _board(g, scale, grow=True):
    if grow:
        regions = R.render_regions(g.view(0), g.legal_actions(), scale=scale)
    else:
        with svgkit.no_growth():
            regions = R.render_regions(g.view(0), g.legal_actions(), scale=scale)
    return next(r for r in regions if r.place == "board")


def _unescaped(tx):
    """_texts' row with its words as written (its width measured on them, not on "&amp;")."""
    words = html.unescape(tx[4])
    squeezed = tx[5] != text_w(tx[4], tx[2], True) * WIDE  # (a textLength: the width it is drawn at)
    width = tx[5] if tx[4] == words or squeezed else text_w(words, tx[2], True) * WIDE
    return (*tx[:4], words, width)


def _readable(words, size, width, scale, weight_bold=False, least=SQUEEZE):
    """Drawn >= 12 CSS px and squeezed (textLength) to no less than ``least`` of its own width."""
    natural = text_w(words, size, weight_bold) * WIDE
    return size * scale >= 11.99 and width >= natural * least * 0.995 - 0.5


# A guild's name and letters on one line (not bold), a third of the board wide: squeezed by a
# quarter at most by the board's generous estimate.
LEGEND_SQUEEZE = 0.75


@pytest.mark.parametrize("grow", [True, False], ids=["grown", "usual-size"])
@pytest.mark.parametrize("scale", PHONE_SCALES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_status_line_is_whole(lang, scale, grow):
    i18n.activate(lang)
    for phase, g in PHASES.items():
        board = _board(g, scale, grow).svg
        want = status_line(g.view(0), lambda s: i18n.t("app.player_n", n=s + 1))
        rows = sorted((tx for tx in _texts(board) if tx[0] == L.M and tx[3] == "start"), key=lambda tx: tx[1])
        rows = [_unescaped(tx) for tx in rows]
        assert " ".join(tx[4] for tx in rows) == want or "".join(tx[4] for tx in rows) == want, (lang, phase, rows)
        for x, _y, size, _a, words, width in rows:
            assert x + width <= L.BOARD_W - L.M + 2, (lang, phase, words)  # (sizes are written rounded)
            assert _readable(words, size, width, scale, True), (lang, phase, words, width)


@pytest.mark.parametrize("scale", PHONE_SCALES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_lots_word_fits_its_cell(lang, scale):
    i18n.activate(lang)
    g = PHASES["plotting"]
    word = i18n.t("str.ui.lot")
    parts = (
        {word.replace(SOFT_HYPHEN, "")}
        | {p + "-" for p in word.split(SOFT_HYPHEN)[:-1]}
        | {word.split(SOFT_HYPHEN)[-1]}
    )
    drawn = [tx for tx in _texts(_board(g, scale).svg) if tx[4] in parts and tx[3] == "middle"]
    assert drawn, (lang, parts)
    for x, _y, size, _a, words, width in drawn:
        assert width <= L.CS - 4 + 0.5, (lang, words, width)
        assert _readable(words, size, width, scale), (lang, words, width, size)


@pytest.mark.parametrize("scale", (1, *PHONE_SCALES))
@pytest.mark.parametrize("lang", LANGS)
def test_the_key_is_whole_or_left_to_help(lang, scale):
    """The key's words lie inside the board, on one row squeezed by a fifth at most or on as many
    rows as they take; a board kept at its usual size on a phone (no room for those rows) leaves
    the key out rather than cut it."""
    i18n.activate(lang)
    g = PHASES["step"]
    words = {
        i18n.t(k)
        for k in (
            "str.ui.key_edifice",
            "str.ui.key_point",
            "str.ui.key_chapel",
            "str.ui.key_parish",
            "str.ui.key_price",
        )
    }
    for grow in (True, False):
        board = _board(g, scale, grow).svg
        drawn = [tx for tx in _texts(board) if tx[4] in words and tx[3] == "start"]
        if grow or scale == 1:
            assert {tx[4] for tx in drawn} == words, (lang, scale, grow)
        assert not drawn or {tx[4] for tx in drawn} == words
        for x, _y, size, _a, w, width in drawn:
            assert x + width <= L.BOARD_W - L.M + 0.5 and size * scale >= 11.99, (lang, scale, w, x + width)
            assert _readable(w, size, width, scale), (lang, scale, w, width)


@pytest.mark.parametrize("scale", PHONE_SCALES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_board_kept_at_its_usual_size_keeps_it_with_every_guild_readable(lang, scale):
    """Where the phone's box has no height for the grown board (svgkit.no_growth: 360x780) it is
    no taller than its usual size (BOARD_VIEWBOX), and every guild's name and letters are whole and
    squeezed by a fifth at most: one line a guild, three to a row, where five boxes in a row could
    not hold them."""
    i18n.activate(lang)
    for phase, g in PHASES.items():
        board = _board(g, scale, grow=False)
        assert board.height <= R.BOARD_VIEWBOX[1], (lang, phase, board.height)
        view = g.view(0)
        titles = {i18n.tr(gd["name"]) + " " + GUILD_ABBR[gd["key"]] for gd in view["guilds"]}
        drawn = [tx for tx in _texts(board.svg) if tx[4] in titles]
        assert {tx[4] for tx in drawn} == titles, (lang, phase)
        for x, _y, size, _a, words, width in drawn:
            assert x + width <= L.BOARD_W - L.M, (lang, words)
            assert _readable(words, size, width, scale, False, LEGEND_SQUEEZE), (lang, words, width)


@pytest.mark.parametrize("scale", (0.25, 0.3, 0.35))
@pytest.mark.parametrize("lang", LANGS)
def test_a_thumbnail_of_the_board_keeps_its_usual_size_and_its_whole_status(lang, scale):
    """A phone's tray full of choices leaves the board a thumbnail (scale ~0.3): kept at its usual
    size (no taller: the page would show its 12 px text smaller), the status line whole on one
    line, squeezed (before: cut to its longest start that fitted)."""
    i18n.activate(lang)
    for phase, g in PHASES.items():
        board = _board(g, scale, grow=False)
        assert board.height <= R.BOARD_VIEWBOX[1], (lang, phase, board.height)
        want = status_line(g.view(0), lambda s: i18n.t("app.player_n", n=s + 1))
        rows = [_unescaped(tx)[4] for tx in _texts(board.svg) if tx[0] == L.M and tx[3] == "start"]
        assert rows == [want], (lang, phase, rows)
