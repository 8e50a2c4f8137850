"""The Strasbourg sale picker (web/boards/strasbourg/sale.py), in plain CPython through the session
and the screen's markup, as the page runs it.

A sale is one act from rules 2.4.0 (``sell:<tiles>``, ``sell-all``, ``end-sale``; dozens of options
with many tiles). The seller's goods rows are toggles (``ui:pick:sale:...``: one more tile of the
row's guild, and at the most the options allow, none of it again); the pick is the session's
(``Session.pick``), nothing reaches the engine until the pick's Sell, which sends the one legal id
that sells exactly the tiles picked. What may be picked comes from the legal ids alone.
"""

import re
from collections import Counter

import pytest

from engine.core.action import Action
from engine.core.rng import Rng
from engine.strasbourg import bots, new_game, replay
from web import i18n
from web.boards.strasbourg import sale as S
from web.model.session import Session
from web.screens import panels

NAMES = ["Ann", "Bo", "Cy"]
TOGGLE = re.compile(r'data-sale="(\w+)"><g class="legal[^"]*" data-action="ui:pick:([^"]*)"[^>]*aria-label="([^"]*)"')
PICKED = re.compile(r"^\w+: (\d+) of (\d+) picked to sell")


@pytest.fixture(autouse=True)
def english():
    i18n.activate("en")
    yield
    i18n.activate("en")


def _held(g, seat=None):
    """The goods tiles ``seat`` (default: the seat on move) holds."""
    seat = g.current_player if seat is None else seat
    return Counter({k: v for k, v in g.st.players[seat].goods.items() if v})


def rich(g):
    """Two guilds or more held, one of them twice or more."""
    h = _held(g)
    return len(h) >= 2 and max(h.values()) >= 2


def at_sale(want=rich, version=None, seed=0):
    """A 3-player game played by the easy bot until a seat sells holding goods ``want`` says;
    ``version``: the rules of that engine version (a record's ``engine``)."""
    for s in range(seed, seed + 40):
        if version is None:
            g = new_game(NAMES, s)
        else:
            g = replay(
                {"game": "strasbourg", "engine": version, "players": NAMES, "seed": s, "options": {}, "actions": []}
            )
        rng = Rng(83)
        while not g.is_over:
            if g.st.decision.kind == "sell" and want(g):
                return g
            g.apply(bots.easy_policy(g, rng))
    raise AssertionError("no such sale")


def session(g, bots_=()):
    s = Session()
    s.start({"game": "strasbourg", "players": 3, "names": NAMES, "bots": list(bots_), "hidden": False}, g.seed)
    s.game = g
    return s


def board(s):
    """(the screen's markup, {guild: pick key of its row's tap}, {guild: tiles picked})."""
    html = panels.screen(s)
    taps, picked = {}, {}
    for guild, key, label in TOGGLE.findall(html):
        taps[guild] = key
        picked[guild] = int(PICKED.match(label).group(1))
    return html, taps, picked


def sell_buttons(html):
    """The game actions the pick's panel offers."""
    m = re.search(r'<section class="pick".*?</section>', html, re.S)
    return re.findall(r'data-action="([^"]+)"', m.group(0)) if m else []


def play(s, aid):
    """A person's tap on game action ``aid``, and Confirm when the page asks."""
    flow = getattr(s, "flow", s)  # the session's turn flow (its own part, or the session)
    if not flow.tap(aid):
        flow.confirm()


def tap_row(s, guild):
    html, taps, _ = board(s)
    assert guild in taps, (guild, taps)
    s.pick_at(taps[guild])  # what main.py does with ui:pick:<key>
    return board(s)


def test_taps_pick_the_tiles_and_sell_sends_the_one_legal_id_that_sells_them():
    g = at_sale()
    seat, held = g.current_player, _held(g)
    legal = {a.id for a in g.legal_actions()}
    s = session(g)
    html, taps, picked = board(s)
    assert set(taps) == set(held) and not any(picked.values())  # every guild held is a toggle
    assert not sell_buttons(html) and s.pick is None
    # the bar keeps Sell all and Stop selling; no sale of some tiles is a button of its own
    bar = re.findall(
        r'data-action="(sell[^"]*|end-sale)"', re.search(r'<section class="decision".*?</section>', html, re.S).group(0)
    )
    assert set(bar) == {"sell-all", "end-sale"}, bar
    twice = next(k for k, v in held.items() if v >= 2)
    other = next(k for k in held if k != twice)
    tap_row(s, twice)
    html, taps, picked = tap_row(s, twice)
    html, taps, picked = tap_row(s, other)
    assert picked == {k: {twice: 2, other: 1}.get(k, 0) for k in held}
    want = "sell:" + ",".join(sorted([twice, twice, other], key=list(g.st.players[0].goods).index))
    assert want in legal and sell_buttons(html) == [want, "ui:pick-cancel"]
    value = {x["key"]: x["goods_value"] for x in g.view(seat)["guilds"]}
    total = 2 * value[twice] + value[other]
    assert f"for {total}</text>" in html.replace("\n", "")  # the running total on the board
    coins = g.st.players[seat].coins
    assert g.actions[-1] != want
    play(s, want)
    assert g.actions[-1] == want and s.pick is None
    assert _held(g, seat) == held - Counter({twice: 2, other: 1})
    assert g.st.players[seat].coins == coins + total


def test_every_pick_offered_is_a_legal_sale_and_every_sale_is_offered():
    g = at_sale()
    held = _held(g)
    legal = [a.id for a in g.legal_actions()]
    s = session(g)
    most = {k: max(S.tiles(a)[k] for a in legal if a.startswith("sell:")) for k in held}
    seen, todo, sold = set(), [None], set()
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        s.pick = key
        html, taps, picked = board(s)
        todo += taps.values()
        buttons = [b for b in sell_buttons(html) if not b.startswith("ui:")]
        if not any(picked.values()):
            assert buttons == []
            continue
        assert len(buttons) == 1 and buttons[0] in legal
        (aid,) = buttons
        sold.add(aid)
        # the tiles shown as picked are the tiles the id sells (sell-all: every tile held)
        assert Counter({k: v for k, v in picked.items() if v}) == (held if aid == "sell-all" else S.tiles(aid))
        if aid != "sell-all":  # no pick beyond what a legal id allows
            assert all(picked[k] <= most[k] for k in held)
    assert sold == {a for a in legal if a.startswith("sell")}  # every sale reached by taps


def test_a_pick_beyond_what_any_legal_id_allows_is_not_offered():
    # the allowed counts come from the ids alone: here at most 2 bakers, and no bakers with smiths
    sale = S.Sale(["sell:smiths", "sell:bakers", "sell:bakers,bakers", "end-sale"], {"bakers": 3, "smiths": 1})
    assert (sale.most("bakers"), sale.most("smiths"), sale.most("vintners")) == (2, 1, 0)
    assert sale.tap("sale:", "bakers") == "sale:bakers"
    assert sale.tap("sale:bakers", "bakers") == "sale:bakers,bakers"
    assert sale.tap("sale:bakers,bakers", "bakers") == "sale:"  # at the most: taken back
    assert sale.tap("sale:smiths", "bakers") is None  # no option sells both: no tap offered
    assert sale.tap("sale:", "vintners") is None
    # sell-all is the pick of every tile held
    sale = S.Sale(["sell:bakers", "sell-all", "end-sale"], {"bakers": 2})
    assert sale.tap("sale:bakers", "bakers") == "sale:all" and sale.tap("sale:all", "bakers") == "sale:"
    # a key the options do not allow is no pick: no Sell offered
    legal = [Action("sell:bakers", "x"), Action("sell-all", "y"), Action("end-sale", "z")]
    assert S.pick_options(legal, "sale:bakers,bakers,bakers")[1] == []
    assert S.pick_options(legal, "sale:")[1] == []
    assert S.pick_options(legal, "site:3") is None
    assert [a.id for a in S.pick_options(legal, "sale:all")[1]] == ["sell-all"]


def test_one_tile_is_picked_to_sell_all():
    g = at_sale(lambda g: sum(_held(g).values()) == 1)
    assert [a.id for a in g.legal_actions()] == ["sell-all", "end-sale"]
    s = session(g)
    (guild,) = _held(g)
    html, taps, picked = tap_row(s, guild)
    assert picked == {guild: 1} and sell_buttons(html) == ["sell-all", "ui:pick-cancel"]
    html, taps, picked = tap_row(s, guild)  # again: put back
    assert picked == {guild: 0} and not sell_buttons(html)


def test_a_record_before_2_4_sells_tile_by_tile_through_the_same_picker():
    g = at_sale(rich, version="2.3.0")
    seat, held = g.current_player, _held(g)
    assert g.record()["engine"] == "2.3.0"
    s = session(g)
    twice = next(k for k, v in held.items() if v >= 2)
    html, taps, picked = tap_row(s, twice)
    assert sell_buttons(html) == ["sell:" + twice, "ui:pick-cancel"]
    _, taps, _ = board(s)
    assert S.Sale(g.legal_actions(), held).picked(taps[twice])[twice] != 2  # one tile per act: no 2 offered
    play(s, "sell:" + twice)
    # the sale goes on (one action per tile, rules before 2.4.0) with nothing picked
    assert (g.st.decision.kind, g.current_player, s.pick) == ("sell", seat, None)
    assert _held(g, seat) == held - Counter({twice: 1})
    assert not board(s)[2].get(twice)


def _screen_after_sale(g, choice):
    """The markup on screen after computer seat ``g.current_player`` made sale ``choice``."""
    seller = g.current_player
    s = session(g.clone(), bots_=[seller])
    s.suggest = lambda game, level=None: Action(choice, "")
    assert s.screen == "bot"
    panels.screen(s)
    seats = getattr(s, "seats", None)  # the session's computer seats (its own part, or the session)
    seats.play() if seats is not None else s.play_bot_move()
    return panels.screen(s)


def test_a_computers_sale_looks_the_same_whatever_it_sells():
    """The screen a person sees after a computer seat's sale (its banner, the marks, the
    boards) is the same markup whatever the sale (a secret behind the computer's screen)."""
    g = at_sale()
    choices = [a.id for a in g.legal_actions()]
    assert len(choices) >= 6 and "end-sale" in choices and "sell-all" in choices
    shown = {c: _screen_after_sale(g, c) for c in choices}
    assert "banner" in shown["end-sale"]
    first = shown["end-sale"]
    for c, html in shown.items():
        assert html == first, c
