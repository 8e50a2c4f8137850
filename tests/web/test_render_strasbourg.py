"""web/boards/strasbourg/ in plain CPython: real engine states reached by seeded random playouts."""

import copy
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest
from svg_targets import check_targets as check_svg_targets, targets

from engine import strasbourg
from engine.strasbourg.view import step_label
from web.boards import strasbourg as R
from web.kit import seats, svgkit
from web.boards.strasbourg import words

SVG = "{http://www.w3.org/2000/svg}"
MIN_HIT = R.HIT  # the composed table is shown at >= 1 CSS px per unit (table_panels.board_min_px)
DECISIONS = ("tasks", "draw", "stack", "bid", "return", "shop", "apprentice", "sell", "build", "chapel")
# Action kinds the renderer draws on the board; everything else is a panel button.
BOARD_KINDS = {"drop", "draw", "put", "rest", "bid", "return", "shop", "goods", "sell", "build", "chapel"}
PANEL_KINDS = {"keep", "stop", "pass", "privilege", "no-shop", "sell-all", "end-sale", "no-return"}
from web import i18n  # noqa: E402
from web.i18n import tr  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    """These tests read the English words (another test may have switched the language)."""
    i18n.activate("en")
    yield
    i18n.activate("en")


def _policy(rnd, la):
    """Random, but draws more often than uniform so stacks, bids and returns are rich."""
    ids = [a.id for a in la]
    if "draw" in ids and rnd.random() < 0.8:
        return "draw"
    return rnd.choice(la)


def _states():
    """decision kind -> a game (clone) pending that decision, from seeded random playouts.

    Prefer states with some content: a bid with a revealed bid already on the table, a stack
    decision with 2+ stacks, city decisions from round 2 on."""
    found = {}
    for seed in range(60):
        g = strasbourg.new_game(3 + seed % 3, seed)
        rnd = random.Random(seed)
        while not g.is_over:
            la = g.legal_actions()
            d = g.st.decision.kind
            if d not in found:
                v = g.view(g.current_player)
                ok = True
                if d == "bid":
                    ok = bool(v["auction"]["bids"]) and g.st.round >= 1
                elif d == "stack":
                    ok = len(v["player_states"][g.current_player]["stacks"]) >= 2
                elif d in ("shop", "build", "chapel"):
                    ok = g.st.round >= 1
                elif d == "sell":  # a sale of several tiles to pick from (rules 2.4.0: one act)
                    ok = sum(a.kind == "sell" for a in la) >= 3
                if ok or seed >= 40:
                    found[d] = g.clone()
            g.apply(_policy(rnd, la))
        if len(found) == len(DECISIONS):
            break
    return found


STATES = _states()


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("viewBox")
    assert root.get("viewBox").split()[2] == str(R.W)
    return root


def render_current(g):
    return R.render(g.view(g.current_player), g.legal_actions())


def check_targets(g, svg, drawn):
    """SVG parses; drawn == data-action elements, each once, legal, class legal, tooltip, hit >= 44 px.
    A sale's options are reached through the goods rows' picks (web/boards/strasbourg/sale.py)."""
    legal = {a.id: tr(a.label, g.names) for a in g.legal_actions()}
    root = parse(svg)
    check_svg_targets(root, legal, drawn, MIN_HIT, through_ui=sale_ids(g))
    return root


def sale_ids(g):
    """The options a sale's picker reaches (Sell in the pick's panel), when the seller may pick."""
    if g.is_over or g.st.decision.kind != "sell":
        return set()
    return {a.id for a in g.legal_actions() if a.kind in ("sell", "sell-all")}


def test_every_decision_kind_was_reached():
    assert set(STATES) == set(DECISIONS)


@pytest.mark.parametrize("kind", DECISIONS)
def test_targets_are_legal_marked_and_big_enough(kind):
    g = STATES[kind]
    svg, drawn = render_current(g)
    check_targets(g, svg, drawn)
    assert drawn, f"{kind}: nothing drawn on the board"


def test_a_sale_is_picked_on_the_goods_rows():
    """Each guild held is a toggle (ui:pick:sale:...) on the seller's goods row; the sale's
    options (dozens with many tiles) are no buttons of their own: only Sell all and Stop selling."""
    g = STATES["sell"]
    seat = g.current_player
    held = {k for k, v in g.st.players[seat].goods.items() if v}
    root = parse(render_current(g)[0])
    own = _group(root, "pboard", seat)
    toggles = {el.get("data-action") for el in own.iter() if el.get("data-action")}
    assert toggles == {"ui:pick:sale:" + k for k in held}
    assert {el.get("data-sale") for el in own.iter() if el.get("data-sale")} == held
    assert all(el.get("data-action").startswith("ui:pick:sale:") for el in targets(root))


@pytest.mark.parametrize("kind", DECISIONS)
def test_each_board_action_is_drawn_and_panel_actions_are_not(kind):
    g = STATES[kind]
    la = g.legal_actions()
    _, drawn = render_current(g)
    assert {a.kind for a in la} <= BOARD_KINDS | PANEL_KINDS, "an action kind the renderer does not know"
    assert drawn == {a.id for a in la if a.kind in BOARD_KINDS}


def _group(root, cls, seat=None):
    for el in root.iter(SVG + "g"):
        if cls in el.get("class", "").split() and (seat is None or el.get("data-seat") == str(seat)):
            return el
    return None


def _card_values(el, cls="sx-card"):
    """Values of the face-up cards (cls "sx-card") or of the values offered as a choice ("sx-choice")."""
    return [c.get("data-value") for c in el.iter(SVG + "g") if cls in c.get("class", "").split()]


def test_targets_sit_where_they_belong():
    # city cells: a shop / build target encloses its cell; chapels are on white points
    for kind, prefix in (("shop", "shop:"), ("build", "build:"), ("chapel", "chapel:")):
        root = parse(render_current(STATES[kind])[0])
        ids = [el.get("data-action") for el in targets(root) if el.get("data-action").startswith(prefix)]
        assert ids and all(re.fullmatch(prefix + r"\d,\d", i) for i in ids)
    # own-seat targets (stacks to reveal, cards to stack, goods to sell, tasks to drop, the deck)
    # are inside the viewer's own board
    for kind in ("bid", "stack", "sell", "tasks", "draw"):
        g = STATES[kind]
        root = parse(render_current(g)[0])
        own = _group(root, "pboard", g.current_player)
        inside = {el.get("data-action") for el in own.iter() if el.get("data-action")}
        assert inside == {el.get("data-action") for el in targets(root)}, kind
    # the return choice shows the values of the revealed stack
    g = STATES["return"]
    root = parse(render_current(g)[0])
    # (returning none, "no-return", is a panel button)
    assert {el.get("data-action") for el in targets(root)} == {a.id for a in g.legal_actions()} - {"no-return"}
    for el in targets(root):
        assert _card_values(el, "sx-choice") == [el.get("data-action").split(":")[1]]


def test_auction_shows_stake_bids_and_ranking():
    g = STATES["bid"]
    v = g.view(g.current_player)
    svg, _ = render_current(g)
    a = v["auction"]
    for r in a["rewards"]:
        assert svgkit.esc(tr(r)) in svg
    for b in a["bids"]:
        assert f"= {b['value']}" in svg
    assert f"Step {a['letter']}" in svg and "rank → gets" in svg
    for i, r in enumerate(a["ranking_so_far"]):
        if r["role"]:
            assert f"{words.ordinal(i)} → {words.ROLE_WORD[r['role']]}" in svg


def test_own_secrets_are_drawn_on_the_own_board_from_the_engine_state():
    g = STATES["stack"]
    seat = g.current_player
    p = g.st.players[seat]
    root = parse(render_current(g)[0])
    own = _group(root, "secret")
    vals = _card_values(own)
    for st in p.stacks:  # every stack's values and total are shown to its owner
        assert f"= {sum(st)}" in ET.tostring(own, encoding="unicode")
    want = sorted(str(c) for c in p.hand + [c for st in p.stacks for c in st])
    assert sorted(vals) == want
    # each distinct hand value is offered once per stack (existing and new)
    offered = _card_values(own, "sx-choice")
    assert sorted(offered) == sorted(str(c) for c in set(p.hand) for _ in range(len(p.stacks) + 1))


@pytest.mark.parametrize("kind", DECISIONS)
def test_no_other_seat_secrets(kind):
    g = STATES[kind]
    n = g.num_players
    for seat in list(range(n)) + [None]:
        v = g.view(seat)
        svg, _ = R.render(v, [])
        root = parse(svg)
        for o in range(n):
            if o == seat:
                continue
            po = g.st.players[o]
            for t in po.tasks + po.dealt:  # other seats' task cards never appear
                assert t not in svg, (kind, seat, o, t)
            board = _group(root, "pboard", o)
            assert board is not None, o
            assert not _card_values(board) and not _card_values(board, "sx-choice"), "no card face on another board"
            assert _group(board, "secret") is None
        # injecting another seat's own-seat keys into this view changes nothing: the renderer
        # draws hand / stack values / deck make-up / tasks for view['seat'] only
        hacked = copy.deepcopy(v)
        for o in range(n):
            if o != seat:
                hacked["player_states"][o] = g.view(o)["player_states"][o]
        assert R.render(hacked, [])[0] == svg, (kind, seat)


def test_render_depends_only_on_the_view():
    g = STATES["bid"]
    v = g.view(g.current_player)
    assert R.render(v, g.legal_actions()) == R.render(json.loads(json.dumps(v)), g.legal_actions())


def test_names_are_escaped():
    names = ['<script>alert(1)</script>', 'Tom & "Jerry"', "O'Neil <b>"]
    g = strasbourg.new_game(names, 3)
    for seat in (0, 1, 2, None):
        svg, _ = R.render(g.view(seat), g.legal_actions() if seat == g.current_player else [])
        parse(svg)
        assert "<script>" not in svg and "<b>" not in svg
        assert "&lt;script&gt;" in svg and "Tom &amp; &quot;Jerry&quot;" in svg


def test_inert_without_legal_actions():
    g = STATES["shop"]
    svg, drawn = R.render(g.view(None), [])
    assert drawn == set() and "data-action" not in svg and 'class="legal"' not in svg


@pytest.mark.parametrize("players", [3, 4, 5])
def test_whole_game_renders_at_regular_steps(players):
    g = strasbourg.new_game(players, 100 + players)
    rnd = random.Random(players)
    steps = 0
    while not g.is_over:
        la = g.legal_actions()
        if steps % 5 == 0:
            svg, drawn = R.render(g.view(g.current_player), la)
            parse(svg)
            assert drawn <= {a.id for a in la}
            ids = set(re.findall(r'data-action="([^"]+)"', svg))
            picks = {x for x in ids if x.startswith("ui:pick:sale:")}  # a sale: its options through them
            assert ids - picks == drawn - (sale_ids(g) if picks else set())
        g.apply(_policy(rnd, la))
        steps += 1
    for seat in [None] + list(range(players)):
        svg, drawn = R.render(g.view(seat), [])
        root = parse(svg)
        assert drawn == set()
        assert "Final scoring" in svg and "Game over" in svg
        for s in range(players):  # every seat board and its (now public) task cards are shown
            assert _group(root, "pboard", s) is not None
            for t in g.st.players[s].tasks:
                assert t in svg


def test_seat_colours_and_marks():
    g = STATES["shop"]
    svg, _ = R.render(g.view(0), [], colours=["#000000", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"])
    assert "#F0E442" in svg and "#E69F00" not in svg
    # a letter per seat, so colour is never the only cue
    for s in range(g.num_players):
        assert f">{seats.SEAT_LETTERS[s]}</text>" in svg


@pytest.mark.parametrize("lang", ["en", "de", "zh_Hant"])
def test_every_auction_header_names_its_step_in_words(lang):
    """Audit (issue 51): the auction header showed the raw id ``nobility`` in every language for a
    step without a guild (the nobility and trade auctions). Each kind of auction, in each round of
    a seeded game, is headed by the catalog's words for its step."""
    i18n.activate(lang)
    g = strasbourg.new_game(3, 7)
    rnd = random.Random(7)
    seen = set()
    while not g.is_over and len(seen) < 3:
        a = g.st.auction
        if a is not None and g.st.decision.kind == "bid" and a["kind"] not in seen:
            seen.add(a["kind"])
            svg, _ = render_current(g)
            want = svgkit.esc(tr(step_label(a["kind"], a["guild"])))
            assert want[:4] in svg, (a["kind"], want)  # the header may wrap after that
            if a["guild"] is None:  # the header read "Step A: nobility" in every language
                assert not re.search(rf"[^A-Za-z]{a['kind']}<", svg), a["kind"]
        g.apply(_policy(rnd, g.legal_actions()))
    assert {"nobility", "guild", "trade"} <= seen
