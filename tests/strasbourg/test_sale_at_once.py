"""A sale is one act (rules 2.4.0; issue 50, item 1).

Strasbourg rulebook (zh-Hant), 步驟 C/E and G: "競標第一名的玩家可以直接從屏風後面，拿出任意數量的貨物
標示物賣掉，然後從供應區拿取貨物標示物上所標示的金額總和": the winner takes ANY NUMBER of goods tiles
from behind the screen, sells them, then takes the total. So the seller names every tile it sells
at once (``sell:<tiles>``, ``sell-all``) or none (``end-sale``), and the sale is over.

Before 2.4.0 a sale took one action per tile sold one by one, then ``end-sale``: the number of
actions, which every view's log numbers (``n``), told the others how many tiles were sold, and a
seat holding one tile had no ``sell-all``, so selling it took two actions and keeping it one.
The audit found it in a 3-player game of seed 11 (seat 2 at a sale: after ``end-sale`` and
after ``sell:shoemakers`` the other seats' views differed). Records of 2.3 and before still
replay tile by tile (engine/strasbourg/rulesets.py).
"""

import random

from engine.strasbourg import data, lobbying, new_game, replay
from tests.contract.test_screened_choices import screened_problems
from tests.support.game_checks import check_invariants

from .helpers import at_step


def _at_sale(goods, n=4):
    """Seat 0 wins step C holding ``goods`` (taken in the open)."""
    g = at_step(n, "C", [[[6]]] + [[[k]] for k in range(1, n)], start=0)
    p = g.st.players[0]
    for guild, k in goods.items():
        p.goods[guild] += k
        p.goods_sure[guild] += k
        g.st.goods_supply[guild] -= k
    for _ in range(n):
        g.apply("bid:1")
    while g.st.decision.kind == "return":
        g.apply("no-return")
    assert (g.st.decision.kind, g.current_player) == ("sell", 0)
    return g


def test_the_options_are_every_part_of_the_goods_all_and_none():
    g = _at_sale({"smiths": 1, "bakers": 2})
    assert [a.id for a in g.legal_actions()] == [
        "sell:smiths",
        "sell:bakers",
        "sell:smiths,bakers",
        "sell:bakers,bakers",
        "sell-all",
        "end-sale",
    ]
    assert g.screened()
    assert _at_sale({"vintners": 2}).legal_actions()[0].id == "sell:vintners"


def test_a_seat_with_one_tile_is_offered_sell_all():
    """The audit's second finding: one tile held, no ``sell-all`` before 2.4.0."""
    assert [a.id for a in _at_sale({"shoemakers": 1}).legal_actions()] == ["sell-all", "end-sale"]


def test_each_option_sells_what_it_names_and_ends_the_sale():
    g = _at_sale({"smiths": 1, "bakers": 2})
    for aid, sold in (
        ("sell:smiths", {"smiths": 1}),
        ("sell:bakers,bakers", {"bakers": 2}),
        ("sell:smiths,bakers", {"smiths": 1, "bakers": 1}),
        ("sell-all", {"smiths": 1, "bakers": 2}),
        ("end-sale", {}),
    ):
        h = g.clone()
        h.apply(aid)
        p = h.st.players[0]
        assert not (h.current_player == 0 and h.st.decision.kind == "sell"), aid  # over in one act
        assert len(h.actions) == len(g.actions) + 1
        assert p.coins == data.START_COINS + sum(k * data.GOODS_VALUE[x] for x, k in sold.items()), aid
        assert p.goods["smiths"] == 1 - sold.get("smiths", 0) and p.goods["bakers"] == 2 - sold.get("bakers", 0)
        # the amounts in the seller's log only, one line per guild; one public line for all
        new = h.log[len(g.log) :]
        mine = [e for e in new if e.get("private_to") == 0]
        assert sorted((e["text"]["guild"]["key"], e["text"]["n"]) for e in mine) == sorted(
            (data.GUILD_NAMES[x], k) for x, k in sold.items()
        )
        assert [e["text"]["key"] for e in new if "private_to" not in e][:1] == [lobbying.SALE_OVER]
        check_invariants(h)


def test_every_choice_leaves_the_table_the_same():
    """The contract check (tests/contract/test_screened_choices.py) at a sale with a real choice."""
    for goods in ({"smiths": 1, "bakers": 2}, {"shoemakers": 1}, {"vintners": 3, "butchers": 1}):
        g = _at_sale(goods)
        assert screened_problems(g) == [], goods


def _record(version, actions=()):
    return {
        "game": "strasbourg",
        "engine": version,
        "players": ["Player 1", "Player 2", "Player 3"],
        "options": {},
        "seed": 11,
        "actions": list(actions),
    }


def _audit_sale(version):
    """3 players, seed 11, a uniform random playout (random.Random(65)) up to seat 2's first sale,
    where it holds one Shoemakers tile; ``version`` None: today's rules."""
    g = new_game(3, 11) if version is None else replay(_record(version))
    rng = random.Random(65)
    while not (g.st.decision.kind == "sell" and g.current_player == 2):
        ids = [a.id for a in g.legal_actions()]
        g.apply(ids[rng.randrange(len(ids))])
    assert g.st.players[2].goods == dict.fromkeys(data.GUILDS, 0) | {"shoemakers": 1}
    return g


def test_the_audit_position_now_tells_nothing():
    g = _audit_sale(None)
    assert [a.id for a in g.legal_actions()] == ["sell-all", "end-sale"]
    assert screened_problems(g) == []


def test_the_audit_position_under_the_2_3_rules_told_the_others():
    """The same position replayed from a 2.3 record: tile by tile, ``sell:shoemakers`` then
    ``end-sale`` against ``end-sale`` alone; the check finds it (so it can fail)."""
    g = _audit_sale("2.3.0")
    assert [a.id for a in g.legal_actions()] == ["sell:shoemakers", "end-sale"]
    problems = screened_problems(g)
    assert any("actions until the screen lifts" in p for p in problems), problems
    assert any("log" in p for p in problems), problems
    # right after the one action, the others already saw the difference (the audit's view.auction)
    a, b = g.clone(), g.clone()
    a.apply("sell:shoemakers")
    b.apply("end-sale")
    assert (a.current_player, a.view(0)["decision"]) == (2, "sell")  # still selling, for all to see
    assert a.view(0) != b.view(0) and a.view(1) != b.view(1)


def test_records_of_2_3_sell_tile_by_tile_and_keep_their_version():
    g = _audit_sale("2.3.0")
    assert (g.made_by, g.sells_at_once, g.asks_screened) == ("2.3.0", False, True)
    g.apply("sell:shoemakers")
    assert (g.st.decision.kind, g.current_player) == ("sell", 2)  # the old sale goes on
    g.apply("end-sale")
    rec = g.record()
    assert rec["engine"] == "2.3.0" and replay(rec).record() == rec
    assert not g.clone().sells_at_once
    # today's game writes today's version and sells at once when replayed
    h = _audit_sale(None)
    h.apply("sell-all")
    assert replay(h.record()).sells_at_once and replay(h.record()).record() == h.record()
