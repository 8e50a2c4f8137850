"""web/boards/barcelona/ in plain CPython: real engine states reached by random playouts."""

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest
from svg_targets import check_targets, targets

from engine import barcelona
from web.boards import barcelona as R
from web.i18n import tr

SVG = "{http://www.w3.org/2000/svg}"
# Kinds the renderer draws on the board (everything else is a panel button).
BOARD_KINDS = ("place", "act", "street", "cross", "build", "tram", "cobble", "mtake", "improve", "service", "stile")


def _states():
    """kind -> a game (clone) whose pending decision offers that kind, from random playouts."""
    found = {}
    for seed in range(60):
        g = barcelona.new_game(3 + seed % 2, seed)
        rnd = random.Random(seed)
        while not g.is_over and len(found) < len(BOARD_KINDS):
            la = g.legal_actions()
            for kind in {a.kind for a in la}:
                # prefer states a few turns in, so the board has content around the targets
                if kind in BOARD_KINDS and kind not in found and (g.turn > 6 or kind == "place"):
                    found[kind] = g.clone()
            g.apply(rnd.choice(la))
        if len(found) == len(BOARD_KINDS):
            break
    return found


STATES = _states()


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("viewBox")
    return root


def render_current(g):
    return R.render(g.view(g.current_player), g.legal_actions())


def test_every_board_kind_was_reached():
    assert set(STATES) == set(BOARD_KINDS)


@pytest.mark.parametrize("kind", BOARD_KINDS)
def test_drawn_targets_are_legal_and_marked(kind):
    g = STATES[kind]
    legal = {a.id: tr(a.label, g.names) for a in g.legal_actions()}
    svg, drawn = render_current(g)
    root = parse(svg)
    check_targets(root, legal, drawn, 44, through_ui=_through_pick(root, drawn))  # 44 CSS px at scale >= 1


def _through_pick(root, drawn):
    """The place: ids reached through a ui:pick:R,C target (two different citizens), the build:
    ids through a ui:pick:site:SITE target (several ways to build on one site)."""
    picks = {
        el.get("data-action")[len("ui:pick:") :] for el in targets(root) if el.get("data-action").startswith("ui:pick:")
    }
    return {
        d
        for d in drawn
        if (d.startswith("place:") and d.split(":")[1] in picks)
        or (d.startswith("build:") and "site:" + d.split(":")[1] in picks)
    }


@pytest.mark.parametrize("kind", BOARD_KINDS)
def test_kind_drawn_where_it_belongs(kind):
    g = STATES[kind]
    legal = [a.id for a in g.legal_actions() if a.kind == kind]
    _, drawn = render_current(g)
    mine = {d for d in drawn if d.split(":")[0] == kind}
    assert mine, f"no {kind} target drawn"
    if kind == "place":
        # every intersection offering a placement has a target (both orders through its pick)
        assert {a.split(":")[1] for a in legal if a != "place:none"} == {d.split(":")[1] for d in mine}
        assert mine == {a for a in legal if a != "place:none"}
    elif kind == "build":
        # one target per site: the option itself, or a pick that asks which (every option drawn)
        assert mine == set(legal)
    elif kind == "act":
        assert mine == {a for a in legal if a != "act:done"}
    else:
        assert mine == set(legal)


def test_act_done_and_choice_kinds_stay_in_the_panel():
    g = STATES["act"]
    _, drawn = render_current(g)
    assert "act:done" not in drawn
    root = parse(render_current(STATES["place"])[0])
    assert not any(el.get("data-action") == "place:none" for el in targets(root))


def test_place_targets_show_both_orders():
    g = STATES["place"]
    svg, drawn = render_current(g)
    by_cross = {}
    for d in drawn:
        _, rc, code = d.split(":")
        by_cross.setdefault(rc, set()).add(code)
    hand = g.view(g.current_player)["player_boards"][g.current_player]["hand"]
    expect = {"".join(hand), "".join(reversed(hand))}
    assert all(codes == expect for codes in by_cross.values())


def test_other_seats_hands_never_rendered():
    g = STATES["place"]
    n = len(g.view(None)["players"])
    for seat in range(n):
        root = parse(R.render(g.view(seat), [])[0])
        for board in root.iter(SVG + "g"):
            if "pboard" not in board.get("class", "").split():
                continue
            hands = [h for h in board.iter(SVG + "g") if h.get("class") == "hand"]
            if int(board.get("data-seat")) == seat:
                assert len(hands) == 1
                letters = [t.text for t in hands[0].iter(SVG + "text") if t.text in ("W", "M", "U")]
                assert letters == g.view(seat)["player_boards"][seat]["hand"]
            else:
                assert not hands
    svg, _ = R.render(g.view(None), [])
    assert 'class="hand"' not in svg and "Your hand" not in svg


def test_render_depends_only_on_the_view():
    """The same markup from the view and from its JSON round trip (what a saved view looks like)."""
    g = STATES["tram"]
    v = g.view(g.current_player)
    a = R.render(v, g.legal_actions())
    b = R.render(json.loads(json.dumps(v)), g.legal_actions())
    assert a == b


def test_names_are_escaped():
    names = ['<script>alert(1)</script>', 'Tom & "Jerry"', "O'Neil <b>"]
    g = barcelona.new_game(names, 3)
    svg, _ = R.render(g.view(0), g.legal_actions())
    parse(svg)
    assert "<script>" not in svg and "<b>" not in svg
    assert "&lt;script&gt;" in svg and "Tom &amp; &quot;Jerry&quot;" in svg


def test_inert_when_not_your_decision():
    g = STATES["street"]
    svg, drawn = R.render(g.view(None), [])
    assert drawn == set() and "data-action" not in svg


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_renders_at_every_step(players):
    g = barcelona.new_game(players, 11 + players)
    rnd = random.Random(players)
    steps = 0
    while not g.is_over:
        la = g.legal_actions()
        if steps % 7 == 0:
            svg, drawn = R.render(g.view(g.current_player), la)
            assert drawn <= {a.id for a in la}
            shown = set(re.findall(r'data-action="([^"]+)"', svg))
            picks = {a[len("ui:pick:") :] for a in shown if a.startswith("ui:pick:")}
            # two different citizens: the place ids are reached through their intersection's pick;
            # several ways to build on a site: through the site's pick
            assert {a for a in shown if not a.startswith("ui:")} == {
                d
                for d in drawn
                if not (d.startswith("place:") and d.split(":")[1] in picks)
                and not (d.startswith("build:") and "site:" + d.split(":")[1] in picks)
            }
        g.apply(rnd.choice(la))
        steps += 1
    svg, drawn = R.render(g.view(None), [])
    parse(svg)
    assert drawn == set()


def test_seat_colours_and_marks():
    g = STATES["street"]
    svg, _ = R.render(g.view(0), [], colours=["#000000", "#F0E442", "#0072B2", "#D55E00"])
    assert "#F0E442" in svg and "#E69F00" not in svg


@pytest.mark.parametrize("lang", ["zh_Hans", "zh_Hant", "es", "de"])
def test_table_is_drawn_in_every_language(lang):
    """Issue 8: every word of the table comes from the catalogs. In each language the regions
    draw with no catalog key and no unfilled {placeholder} left, and say it in that language
    (a word of the language's catalog is on the board)."""
    from web import i18n
    from web.boards.barcelona import help as H

    word = {"zh_Hans": "主版图", "zh_Hant": "主版圖", "es": "Tablero principal", "de": "Stadtplan"}[lang]
    try:
        i18n.activate(lang)
        for kind in ("place", "build", "mtake"):
            g = STATES[kind]
            regions = R.render_regions(g.view(g.current_player), g.legal_actions())
            svg = "".join(r.svg for r in regions) + "".join(r.title for r in regions)
            assert "bcn." not in svg and not re.search(r"\{[a-z_]+\}", svg), kind
            assert word in svg
        assert H.TITLE and all(not r.startswith("bcn.") for r in H.RULES)
        assert all(not term.startswith("bcn.") and not meaning.startswith("bcn.") for _, term, meaning in H.legend())
        assert set(R.ACTION_GROUPS) >= set(BOARD_KINDS)
    finally:
        i18n.activate("en")
