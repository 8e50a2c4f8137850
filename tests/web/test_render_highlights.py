"""What a renderer highlights besides the legal targets is an argument of ``render`` (hint,
selected, lastmove, marks), the same for every game; and only the game's targets.py reads the
id format. Real engine states from seeded random playouts, plain CPython."""

import pathlib
import random
import re
import xml.etree.ElementTree as ET

import pytest

from engine import barcelona, strasbourg
from web.boards import barcelona as render_barcelona, strasbourg as render_strasbourg
from web.kit import seats
from web.boards.barcelona import targets as bcn_targets
from web.boards.strasbourg import targets as sxb_targets

SVG = "{http://www.w3.org/2000/svg}"
# game -> (engine, renderer, targets parser, the kind to test on, player count)
GAMES = {
    "barcelona": (barcelona, render_barcelona, bcn_targets, "street", 3),
    "strasbourg": (strasbourg, render_strasbourg, sxb_targets, "shop", 4),
}


def _state(game):
    """A game whose pending decision offers at least 2 board targets of the kind under test."""
    eng, R, _, kind, n = GAMES[game]
    for seed in range(40):
        g = eng.new_game(n, seed)
        rnd = random.Random(seed)
        while not g.is_over:
            la = g.legal_actions()
            if sum(a.kind == kind for a in la) >= 2:
                return g
            g.apply(rnd.choice(la))
    raise AssertionError(f"no {kind} decision reached")


STATES = {game: _state(game) for game in GAMES}


def _render(game, **kw):
    g = STATES[game]
    R = GAMES[game][1]
    svg, drawn = R.render(g.view(g.current_player), g.legal_actions(), **kw)
    return ET.fromstring(svg), svg, drawn


def _ids(game):
    kind = GAMES[game][3]
    return [a.id for a in STATES[game].legal_actions() if a.kind == kind]


def _classed(root, cls):
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def _hit_centre(root, aid):
    g = next(el for el in root.iter() if el.get("data-action") == aid)
    h = next(el for el in g.iter() if "hit" in (el.get("class") or "").split())
    return float(h.get("x")) + float(h.get("width")) / 2, float(h.get("y")) + float(h.get("height")) / 2


@pytest.mark.parametrize("game", GAMES)
def test_no_highlight_arguments_no_highlights(game):
    root, _, drawn = _render(game)
    for cls in ("hint", "selected", "lastmove", "note"):
        assert not _classed(root, cls), cls
    assert drawn


@pytest.mark.parametrize("game", GAMES)
def test_hint_marks_exactly_that_target(game):
    aid = _ids(game)[1]
    root, _, drawn = _render(game, hint=aid)
    marked = _classed(root, "hint")
    assert [el.get("data-action") for el in marked] == [aid]
    assert "legal" in marked[0].get("class").split()
    assert drawn == _render(game)[2]  # highlighting never changes what is offered


@pytest.mark.parametrize("game", GAMES)
def test_hint_that_is_not_on_the_board_marks_nothing(game):
    root, _, _ = _render(game, hint="no-such:id")
    assert not _classed(root, "hint")


@pytest.mark.parametrize("game", GAMES)
def test_selected_is_drawn_distinctly(game):
    aid = _ids(game)[0]
    root, svg, _ = _render(game, selected=aid, hint=_ids(game)[1])
    sel = _classed(root, "selected")
    assert [el.get("data-action") for el in sel] == [aid]
    assert sel[0].get("aria-pressed") == "true"
    # the board's own style draws it (a frame on its tap area), unlike the plain legal targets
    style = root.find(SVG + "style").text
    assert re.search(r"\.legal\.selected \.hit\{[^}]*stroke:", style)
    assert not _classed(root, "hint")[0].get("aria-pressed")


@pytest.mark.parametrize("game", GAMES)
def test_lastmove_marks_each_seat_at_its_element(game):
    a, b = _ids(game)[:2]
    root, _, _ = _render(game, lastmove={0: [a], 1: [b, "no-such:id"]})
    marks = _classed(root, "lastmove")
    assert [(m.get("data-seat"), m.get("data-last")) for m in marks] == [("0", a), ("1", b)]
    for m, aid, seat in ((marks[0], a, 0), (marks[1], b, 1)):
        # a seat token: the seat's colour and letter
        assert any(el.get("fill") == seats.DEFAULT_COLOURS[seat] for el in m.iter())
        assert any(el.tag == SVG + "text" and el.text == seats.SEAT_LETTERS[seat] for el in m.iter())
        # at the element the id points at (just above-right of its centre)
        ring = next(el for el in m.iter() if el.tag == SVG + "circle")
        cx, cy = _hit_centre(root, aid)
        assert abs(float(ring.get("cx")) - cx - 22) < 1 and abs(float(ring.get("cy")) - cy + 22) < 1


@pytest.mark.parametrize("game", GAMES)
def test_lastmove_of_ids_without_a_place_draws_nothing(game):
    root, _, _ = _render(game, lastmove={0: ["pass", "zzz"], 1: []})
    assert not _classed(root, "lastmove")


@pytest.mark.parametrize("game", GAMES)
def test_marks_draw_a_readable_callout_inside_the_board(game):
    R = GAMES[game][1]
    a = _ids(game)[0]
    note = "Start here: this is the cheapest space on the board"
    root, _, _ = _render(game, marks={a: note, "seat:1": "Your rival", "no-such:id": "dropped"})
    notes = {n.get("data-mark"): n for n in _classed(root, "note")}
    assert set(notes) == {a, "seat:1"}
    words = " ".join(t.text for t in notes[a].iter(SVG + "text"))
    assert words == note
    for n in notes.values():
        for t in n.iter(SVG + "text"):
            assert float(t.get("font-size")) * 1024 / R.W >= 13  # >= 13 CSS px at the page's width
        box = next(el for el in n.iter(SVG + "rect"))
        assert 0 <= float(box.get("x")) and float(box.get("x")) + float(box.get("width")) <= R.W
    # the callout points at its element: the dot sits on the target's centre
    dot = next(el for el in notes[a].iter(SVG + "circle"))
    cx, cy = _hit_centre(root, a)
    assert abs(float(dot.get("cx")) - cx) < 1 and abs(float(dot.get("cy")) - cy) < 1


@pytest.mark.parametrize("game", GAMES)
def test_every_drawn_id_is_read_by_the_targets_parser(game):
    _, _, drawn = _render(game)
    parser = GAMES[game][2]
    assert drawn and all(parser.parse(aid) is not None for aid in drawn)


@pytest.mark.parametrize("package", ["render_barcelona", "render_strasbourg"])
def test_only_targets_py_knows_the_id_format(package):
    """No drawing module builds an action id (f"kind:{...}") or splits one: targets.py does. The
    tutorial's lessons are not drawing: they judge a reader's move by its id (lessons.py)."""
    root = pathlib.Path(__file__).resolve().parents[2] / "web" / package
    for path in root.glob("*.py"):
        if path.name in ("targets.py", "lessons.py", "lesson_positions.py"):
            continue
        src = path.read_text()
        assert not re.search(r'f"[a-z]+:\{', src), path.name
        assert not re.search(r'aid\.(split|startswith)|aid\[', src), path.name
