"""Keyboard and screen readers in CPython: the shortcut table and its rules
(web/screens/keys.py), the live region's text and "Board as text" (web/model/a11y.py), accessible names of the
board targets, non-colour cues of the selection and the last-move marks, focus-ring contrast.
Real engine states from the real renderers; the keyboard itself is played in e2e/test_keyboard_e2e.py."""

import pathlib
import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from web.model import a11y
from web.screens import keys, panels
from web.kit import html_kit, names, svgkit
from web.i18n import t, tr
from web.kit.regions import table_regions
from web.model.session import Session

from secrets_shaker import SHAKE

ROOT = pathlib.Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
TARGET = re.compile(r'<g class="legal[^"]*" data-action="([^"]*)"([^>]*)>')


def start(game, players, seed=3, **extra):
    s = Session()
    s.start({"game": game, "players": players, **extra}, seed)
    return s


def advance(s, n):
    """Play ``n`` moves: the first legal action each time (deterministic)."""
    for _ in range(n):
        s.apply(s.legal_actions()[0].id)


def targets(html):
    return [(unescape(aid), attrs) for aid, attrs in TARGET.findall(html)]


# ----- keys ----------------------------------------------------------------------------------------
def test_shortcuts_are_single_keys_and_distinct():
    ks = [k for k, _, _ in keys.SHORTCUTS]
    assert len(ks) == len(set(ks)) and all(len(k) == 1 for k in ks)
    for k, selector, what in keys.SHORTCUTS:
        assert keys.shortcut(k) == selector and what
    assert keys.shortcut("U") == keys.shortcut("u")  # caps lock on
    assert keys.shortcut("u", ctrl=True) is None  # Ctrl+U etc. stay the browser's
    assert keys.shortcut("x") is None and keys.shortcut("Enter") is None


def test_every_shortcut_presses_a_control_main_py_handles():
    main = (ROOT / "web" / "main.py").read_text()
    for _, selector, _ in keys.SHORTCUTS:
        for action in re.findall(r'data-action="(ui:[a-z-]+)"', selector):
            assert f'"{action}"' in main, action


def test_no_shortcut_while_typing():
    for tag in ("INPUT", "select", "TextArea"):
        assert keys.typing(tag)
    assert keys.typing("div", editable=True)
    assert not keys.typing("g") and not keys.typing("BUTTON") and not keys.typing("")


def test_arrow_keys_wrap_in_document_order():
    assert keys.arrow_target("ArrowRight", 0, 3) == 1
    assert keys.arrow_target("ArrowDown", 2, 3) == 0  # wraps
    assert keys.arrow_target("ArrowLeft", 0, 3) == 2
    assert keys.arrow_target("ArrowUp", 1, 3) == 0
    assert keys.arrow_target("Home", 2, 3) == 0 and keys.arrow_target("End", 0, 3) == 2
    assert keys.arrow_target("ArrowRight", -1, 3) == 0 and keys.arrow_target("ArrowLeft", -1, 3) == 2
    assert keys.arrow_target("a", 0, 3) is None and keys.arrow_target("ArrowRight", 0, 0) is None


def test_arrow_keys_move_along_the_boards_grid():
    """Playtest: ArrowDown from a board place went to the next one in document order
    (the place to its right); it goes to the place below. A 3x3 grid drawn row by row, 50 px apart."""
    grid = [(c * 50, r * 50, 40, 40) for r in range(3) for c in range(3)]  # index = 3 * row + col
    assert keys.spatial_target("ArrowDown", 0, grid) == 3
    assert keys.spatial_target("ArrowUp", 4, grid) == 1
    assert keys.spatial_target("ArrowRight", 4, grid) == 5 and keys.spatial_target("ArrowLeft", 4, grid) == 3
    assert keys.spatial_target("ArrowDown", 7, grid) is None  # nothing below: document order then
    assert keys.spatial_target("Home", 0, grid) is None and keys.spatial_target("ArrowDown", -1, grid) is None
    # a button row above the board: Down from a button goes to the board's nearest place
    bar = [(0, -100, 80, 30), (100, -100, 80, 30)]
    assert keys.spatial_target("ArrowDown", 1, bar + grid) == 2 + 2  # below x=140: column 2 (x 100..140)


def test_focus_after_a_move_goes_to_the_board_before_finish_actions():
    assert keys.NEXT_DECISION[-1] == keys.CHOICES
    assert ".pick" in keys.NEXT_DECISION[0] and "[data-region]" in keys.NEXT_DECISION[1]
    assert ":not(.end-turn)" in keys.NEXT_DECISION[2]


def test_help_lists_every_shortcut_and_key():
    s = start("barcelona", 2)
    s.toggle_help()
    html = panels.screen(s)
    section = html.split('<section class="keys">', 1)[1].split("</section>", 1)[0]
    for k, _, what in keys.SHORTCUTS:
        assert f"<kbd>{html_kit.esc(k.upper() if k.isalpha() else k)}</kbd>" in section
        assert html_kit.esc(t(what)) in section
    for k, what in keys.KEY_HELP:
        assert html_kit.esc(t(what)) in section


def test_help_closes_from_its_top_and_history_replaces_it():
    """Playtest: Help's only Close was at its very bottom (2,000 px down on a tablet), and History
    opened from the toolbar while Help was up left Help on screen."""
    s = start("barcelona", 2)
    s.toggle_help()
    html = panels.screen(s)
    card = html.split('class="card help"', 1)[1]
    assert card.index('data-action="ui:help"') < card.index('class="settings"')  # before everything else
    assert card.count('data-action="ui:help"') == 2  # and still at the end
    s.browse.open()
    assert not s.help_open
    html = panels.screen(s)
    assert 'class="card help"' not in html and "history-bar" in html


# ----- accessible names of the targets ---------------------------------------------------------------
@pytest.mark.parametrize(
    "game,players,moves",
    [
        ("barcelona", 2, 0),
        ("barcelona", 2, 7),
        ("barcelona", 3, 30),
        ("strasbourg", 3, 0),
        ("strasbourg", 3, 20),
        ("strasbourg", 4, 45),
    ],
)
def test_every_target_is_a_named_button(game, players, moves):
    s = start(game, players)
    advance(s, moves)
    for _ in range(30):  # on to the next decision with board targets
        html = panels.screen(s)
        found = targets(html)
        if found:
            break
        advance(s, 1)
    assert found, "the position offers board targets"
    labels = {a.id: tr(a.label, s.game.names) for a in s.legal_actions()}
    for aid, attrs in found:
        assert 'tabindex="0"' in attrs and 'role="button"' in attrs, aid
        name = unescape(re.search(r'aria-label="([^"]*)"', attrs).group(1))
        if aid in labels:  # says what it does (and gives / costs): the engine's label is in it
            assert labels[aid] in name, (aid, name)
        assert len(name) >= 10


def test_citizen_order_targets_say_place_cost_and_order():
    # a seat holding two different citizens: each intersection is two targets, one per order (which
    # one goes on top), each named in full: the place, its cost and the order
    for seed in range(1, 40):
        s = start("barcelona", 2, seed=seed)
        legal = s.legal_actions()
        codes = {a.id.rsplit(":", 1)[1] for a in legal if a.kind == "place"}
        if len(codes) == 2:
            break
    assert len(codes) == 2
    html = panels.screen(s)
    names = {aid: unescape(re.search(r'aria-label="([^"]*)"', attrs).group(1)) for aid, attrs in targets(html)}
    assert not [a for a in names if a.startswith("ui:pick:") and "site:" not in a]
    costly = [a for a in legal if a.kind == "place" and "pay" in tr(a.label)]
    assert costly
    key = costly[0].id.split(":")[1]
    orders = sorted(a.id for a in legal if a.kind == "place" and a.id.split(":")[1] == key)
    assert len(orders) == 2
    tops = set()
    cross_label = "ABCDE"[int(key.split(",")[1])] + str(int(key.split(",")[0]) + 1)
    for aid in orders:
        name = names[aid]
        assert name.startswith("Place on " + cross_label) and "pay 1 coin" in name and "on top" in name, name
        tops.add(name.split("on top")[0])
    assert len(tops) == 2  # the two names say two different orders


def test_accessible_name_holds_the_drawn_words():
    name = names.accessible_name(
        "Vertical street: Intersection", "column C", '<text x="1">Inter-</text><text x="1">section</text>'
    )
    assert name.startswith("Inter-section: Vertical street: Intersection")
    assert (
        names.accessible_name("Build level 1 on block B4", None, "<text>block B4</text>") == "Build level 1 on block B4"
    )
    # the inspector's description is added once, not repeated
    assert names.accessible_name("Buy a shop", "Lot row 1. Buy a shop") == "Buy a shop. Lot row 1"


# ----- colour is never the only cue -----------------------------------------------------------------------
def _render(game, players, moves, **kw):
    s = start(game, players)
    advance(s, moves)
    g = s.game
    module = s.renderer(game)
    svg, _ = module.render(g.view(g.current_player), g.legal_actions(), **kw)
    return s, ET.fromstring(svg)


@pytest.mark.parametrize("game,players,moves", [("barcelona", 2, 3), ("strasbourg", 3, 20)])
def test_selection_has_a_tick_not_only_a_colour(game, players, moves):
    s = start(game, players)
    advance(s, moves)
    while not [aid for aid, _ in targets(panels.screen(s)) if not aid.startswith("ui:")]:
        advance(s, 1)
        moves += 1
    aid = [aid for aid, _ in targets(panels.screen(s)) if not aid.startswith("ui:")][0]
    _, root = _render(game, players, moves, selected=aid)
    group = next(el for el in root.iter() if el.get("data-action") == aid)
    assert "selected" in group.get("class").split() and group.get("aria-pressed") == "true"
    badge = [el for el in group.iter() if el.get("class") == "sel-badge"]
    assert len(badge) == 1 and badge[0].find(SVG + "path") is not None  # a tick shape
    others = [el for el in root.iter() if el.get("class") == "sel-badge"]
    assert others == badge


@pytest.mark.parametrize("game,players,moves", [("barcelona", 2, 6), ("strasbourg", 3, 30)])
def test_last_move_mark_has_the_seat_shape_and_letter(game, players, moves):
    s = start(game, players)
    advance(s, moves)
    last = s.flow.last_moves(viewer=s.game.current_player)
    assert last
    _, root = _render(game, players, moves, lastmove=last)
    marks = [el for el in root.iter() if "lastmove" in (el.get("class") or "").split()]
    assert marks
    for m in marks:
        seat = int(m.get("data-seat"))
        letters = [t.text for t in m.iter(SVG + "text")]
        assert "ABCDE"[seat] in letters  # the seat's letter
        shapes = [el for el in m if el.tag in (SVG + "circle", SVG + "rect", SVG + "polygon")]
        assert len(shapes) >= 2  # ring + the seat's shape


# ----- focus visible -------------------------------------------------------------------------------------
def _lum(hexc):
    c = [int(hexc.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def contrast(a, b):
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_focus_rings_have_3_to_1_contrast():
    css = svgkit.css("bcn")
    ring = re.search(r"\.legal:focus-visible \.hit\{stroke:(#[0-9a-fA-F]{6});stroke-width:(\d+)", css)
    assert ring and int(ring.group(2)) >= 3
    for bg in ("#f4f1ea", "#fffdf8", "#fffaf0", "#ffffff"):  # page, paper, tiles, white
        assert contrast(ring.group(1), bg) >= 3
    style = (ROOT / "web" / "static" / "style.css").read_text()
    rule = re.search(r"\.btn:focus-visible[^{]*\{([^}]*)\}", style).group(1)
    outline = re.search(r"outline: \d+px solid (#[0-9a-fA-F]{6})", rule).group(1)
    halo = re.search(r"box-shadow: 0 0 0 \d+px (#[0-9a-fA-F]{3,6})", rule).group(1)
    halo = "#ffffff" if halo.lower() == "#fff" else halo
    for bg in ("#f4f1ea", "#fffdf8", "#ffffff", "#0072B2"):  # page, cards, buttons, primary
        assert contrast(outline, bg) >= 3
    assert contrast(halo, "#2b2b2b") >= 3  # the dark toolbar: the white halo


# ----- live region and Board as text ---------------------------------------------------------------
def test_announcement_reads_the_move_and_the_next_prompt():
    s = start("barcelona", 2)
    text = s.announcement()
    assert text.startswith("Player 1: ")
    place = next(a for a in s.legal_actions() if a.kind == "place")
    s.flow.select(place.id)
    text = s.announcement()
    assert "Selected: " + tr(place.label, s.game.names) in text and "Escape" in text
    s.flow.confirm()
    text = s.announcement()
    log = [tr(e["text"], s.game.names) for e in s.view()["log"] if e.get("n") == 0]
    assert log and all(line in text for line in log)
    assert text.endswith(a11y._prompt(s.view()))
    again = s.announcement()
    assert log[0] not in again and again.endswith(a11y._prompt(s.view()))  # the move is read out once
    s.undo()
    assert s.announcement().startswith(t(a11y.WORDS["undone"]))


def test_handoff_announcement_keeps_private_lines_private():
    s = start("strasbourg", 3, hidden=True)
    s.handoff_ok()
    s.announcement()
    seat = s.game.current_player
    while s.screen == "play" and s.game.current_player == seat:
        s.apply(s.legal_actions()[0].id)
    assert s.screen == "handoff"
    text = s.announcement()
    nxt = s.game.names[s.game.current_player]
    assert f"Pass the device to {nxt}" in text
    public = [tr(e["text"], s.game.names) for e in s.game.view(None)["log"]]
    private = [tr(e["text"], s.game.names) for e in s.game.view(seat)["log"]]
    private = [p for p in private if p not in public]
    assert private and not any(p in text for p in private)


def test_game_over_is_announced():
    s = start("strasbourg", 3)
    s.announcement()
    from web.model.hints import suggest

    while not s.game.is_over:
        s.game.apply(suggest(s.game).id)
    text = s.announcement()
    assert "Game over: " in text and ("wins" in text or " win." in text)


@pytest.mark.parametrize("game,players,moves", [("barcelona", 2, 9), ("strasbourg", 3, 25)])
def test_board_as_text_lists_turn_scores_choices_and_regions(game, players, moves):
    s = start(game, players)
    advance(s, moves)
    s.toggle_board_text()
    html = panels.screen(s)
    part = html.split('<section class="board-text"', 1)[1].split("</section>", 1)[0]
    view = s.view()
    assert f"<dd>{html_kit.esc(view['players'][view['current_player']])}</dd>" in part
    assert html_kit.esc(tr(view["prompt"], view["players"])) in part
    for name, score in zip(view["players"], view["scores"]):
        assert html_kit.esc(f"{name} {score}") in part
    for a in s.legal_actions():
        assert f"<li>{html_kit.esc(tr(a.label, view['players']))}</li>" in part
    regions, _ = table_regions(s, view, s.legal_actions())
    for r in regions:
        if a11y.region_lines(r.svg):
            assert f"<h3>{html_kit.esc(r.title)}</h3>" in part
    assert 'data-action="ui:board-text" aria-pressed="true"' in html


@pytest.mark.parametrize("game,players,moves", [("barcelona", 3, 12), ("strasbourg", 3, 25)])
def test_board_as_text_shows_only_the_view_on_screen(game, players, moves):
    s = start(game, players)
    advance(s, moves)
    seat = s.game.current_player
    view = s.view()
    regions, _ = table_regions(s, view, s.legal_actions())
    text = a11y.board_text(view, regions, s.legal_actions())
    shaken = SHAKE[game](s.game, seat, 5)
    s.game = shaken
    view2 = s.view()
    regions2, _ = table_regions(s, view2, s.legal_actions())
    assert a11y.board_text(view2, regions2, s.legal_actions()) == text
