"""Rule tests, each citing the section of the Strasbourg rules (zh-Hant, the authority) it checks.
Positions are set up directly with helpers.at_step."""

import json

import pytest

from engine.strasbourg import data, new_game
from engine.strasbourg.scoring import task_done
from engine.strasbourg.state import CELL_GUILD, CELL_PRICE, cell_index

from tests.support.game_checks import check_invariants

from .helpers import at_step, en


def ids(g):
    return [a.id for a in g.legal_actions()]


def bid_all(g, choices):
    """Play the auction: choices is {seat: action id}, asked in turn order."""
    letter = g.st.auction["letter"]
    while g.st.auction and g.st.auction["letter"] == letter and g.st.decision.kind == "bid":
        g.apply(choices[g.current_player])


# ----- § 起始設置 (setup) --------------------------------------------------------------------
def test_setup_components():
    g = new_game(4, seed=3)
    st = g.st
    assert sorted(st.boards) == [0, 1, 2, 3, 4]  # 1. five round boards
    assert sorted(st.edifices) == list(data.EDIFICES)  # 2. an edifice under each
    assert (st.round, st.step) == (0, 0)  # 3. marker on step A
    assert all(v == 6 for v in st.goods_supply.values())  # 4. 30 goods, 5 x 6
    assert st.privilege_supply == 10 and st.chapel_supply == 5  # 5.
    for p in st.players:  # 6.
        assert p.coins == 5 and sorted(p.deck) == sorted(data.DECK) and len(p.deck) == 24
        assert len(p.dealt) == 5  # 8. five task cards
    sp = st.start_player  # 9. nobility + church
    assert st.council["nobility"] == sp and st.council["church"] == (sp + 1) % 4
    assert st.players[sp].supply == 14 and st.players[(sp + 1) % 4].supply == 14
    dealt = [t for p in st.players for t in p.dealt]
    assert len(set(dealt)) == 20
    check_invariants(g)


def test_each_guild_three_times_on_the_round_boards():
    # RESEARCH §2 (each guild exactly 3 times over the 5 boards) + SEED steps B/D/F
    flat = [g for b in data.ROUND_BOARDS for g in b]
    assert all(flat.count(g) == 3 for g in data.GUILDS)


def test_player_counts():
    from engine.core.errors import OptionError

    for bad in (2, 6, ["a", "b"]):
        with pytest.raises(OptionError):
            new_game(bad, 1)
    g = new_game(["Ann", "Bob", "Cy"], 1)
    assert g.view(None)["players"] == ["Ann", "Bob", "Cy"]


# ----- § 遊戲回合: task cards ------------------------------------------------------------------
def test_task_choice_keeps_one_to_five():
    g = new_game(3, seed=5)
    seat = g.current_player
    dealt = list(g.st.players[seat].dealt)
    for t in dealt[:3]:
        g.apply(f"drop:{t}")
    assert g.current_player == seat and g.st.players[seat].dealt == dealt[3:]
    g.apply(f"drop:{dealt[3]}")  # the last card is kept automatically
    assert g.st.players[seat].tasks == dealt[4:]
    assert g.current_player != seat
    # the public log does not say which cards were kept
    pub = json.dumps(g.view(None))
    assert dealt[4] not in pub


# ----- § 1. 密謀階段 (plotting) ------------------------------------------------------------------
def test_plotting_draw_then_stack_everything():
    g = new_game(3, seed=2)
    while g.st.phase == "tasks":
        g.apply("keep")
    seat = g.current_player
    assert g.st.decision.kind == "draw" and set(ids(g)) == {"draw", "stop"}
    for _ in range(4):
        g.apply("draw")
    hand = list(g.st.players[seat].hand)
    assert len(hand) == 4 and len(g.st.players[seat].deck) == 20
    g.apply("stop")
    assert "draw" not in ids(g) and "stop" not in ids(g)  # drawn cards must all be stacked
    v = max(hand)
    g.apply(f"put:{v},new")
    g.apply("rest:new")
    assert g.current_player != seat  # done once all cards are on stacks
    p = g.st.players[seat]
    assert sorted(c for x in p.stacks for c in x) == sorted(hand)
    other = g.current_player
    pub = g.view(other)["player_states"][seat]
    assert [x["cards"] for x in pub["stacks"]] == [len(x) for x in p.stacks]
    assert all("values" not in x for x in pub["stacks"])
    own = g.view(seat)["player_states"][seat]
    assert [x["values"] for x in own["stacks"]] == p.stacks


def test_draw_is_a_barrier_for_undo():
    g = new_game(3, seed=2)
    seat = g.current_player
    g.apply(f"drop:{g.st.players[seat].dealt[0]}")
    assert g.can_undo()
    assert g.undo().st.players[seat].dealt == new_game(3, seed=2).st.players[seat].dealt
    while g.st.phase == "tasks":
        g.apply("keep")
    g.apply("draw")
    assert not g.can_undo()


# ----- § 2. 關說階段: auction ---------------------------------------------------------------------
def test_ranking_ties_go_to_player_nearest_start():
    g = at_step(4, "C", [[[5], [1]], [[5], [1]], [[6], [1]], [[5], [1]]], start=1)
    for s in range(4):
        g.st.players[s].goods["bakers"] = 0
    bid_all(g, {s: "bid:1" for s in range(4)})
    rk = g.st.last_auction["ranking"]
    assert [r["seat"] for r in rk] == [2, 1, 3, 0]  # 6, then the 5s from seat 1 clockwise
    assert g.st.start_player == 2  # marker to the winner


def test_everyone_passes_start_player_stays():
    g = at_step(3, "C", [[[5]], [[5]], [[6]]], start=2)
    bid_all(g, {s: "pass" for s in range(3)})
    assert g.st.start_player == 2 and g.st.last_auction["ranking"] == []


def test_privilege_moves_decision_to_next_lap():
    g = at_step(3, "C", [[[2]], [[5]], [[3]]], start=0)
    g.st.players[0].privileges = 2
    g.st.privilege_supply = 8
    assert g.current_player == 0 and "privilege" in ids(g)
    g.apply("privilege")
    assert g.current_player == 1
    g.apply("bid:1")
    g.apply("bid:1")
    assert g.current_player == 0  # second lap
    assert g.st.players[0].privileges == 1 and g.st.privilege_supply == 9
    g.apply("pass")
    assert g.st.last_auction["ranking"][0]["seat"] == 1


def test_losing_bidder_returns_one_card_to_bottom_of_deck():
    """SEED 出標 (line 141): "如果玩家這次沒有得標，則可以從這疊關說卡中挑出1張卡放回牌庫底"."""
    g = at_step(3, "C", [[[6, 3]], [[2, 1]], [[1]]], start=0)
    bid_all(g, {0: "bid:1", 1: "bid:1", 2: "bid:1"})
    # seat 0 won (no return); seat 1 lost with 2+1; seat 2 lost with a single 1: both choose
    while g.st.decision and g.st.decision.kind != "return":
        g.apply(ids(g)[-1])
    assert g.current_player == 1 and set(ids(g)) == {"return:2", "return:1", "no-return"}
    g.apply("return:2")
    assert g.st.players[1].deck[0] == 2
    assert g.current_player == 2 and set(ids(g)) == {"return:1", "no-return"}
    g.apply("return:1")
    assert g.st.players[2].deck[0] == 1
    assert 6 in g.st.players[0].spent and 3 in g.st.players[0].spent
    check_invariants(g)


def test_a_losing_bidder_may_keep_all_cards_out():
    """SEED 出標 (line 141): the loser "可以" (may) return a card, so returning none is legal:
    ``no-return`` leaves the deck as it was and the whole revealed stack leaves the game."""
    g = at_step(3, "C", [[[6, 3]], [[2, 1]], [[1]]], start=0)
    bid_all(g, {0: "bid:1", 1: "bid:1", 2: "bid:1"})
    while g.st.decision and g.st.decision.kind != "return":
        g.apply(ids(g)[-1])
    deck = list(g.st.players[1].deck)
    g.apply("no-return")
    assert g.st.players[1].deck == deck and sorted(g.st.players[1].spent) == [1, 2]
    assert {"key": "str.log.no_return", "who": {"seat": 1}} in [e["text"] for e in g.view(None)["log"]]
    check_invariants(g)


# ----- step A ---------------------------------------------------------------------------------------
def test_step_A_first_nobility_second_church_displaces():
    g = at_step(3, "A", [[[4]], [[6]], [[5]]], start=0)  # seat 0 nobility, seat 1 church
    bid_all(g, {s: "bid:1" for s in range(3)})
    assert g.st.council["nobility"] == 1 and g.st.council["church"] == 2
    assert g.st.players[0].supply == 15  # displaced members back to supply
    assert g.st.players[1].supply == 14
    assert g.current_player is not None
    # seat 0 lost: it may put its single card back
    assert (g.st.decision.kind, g.current_player) == ("return", 0)
    g.apply("return:4")
    assert g.st.players[0].deck[0] == 4
    check_invariants(g)


# ----- steps B/D/F ----------------------------------------------------------------------------------
def guild_of(g, letter):
    return dict((L, gu) for L, k, gu in data.board_steps(data.ROUND_BOARDS[g.st.boards[0]]))[letter]


def test_guild_step_four_players_master_journeyman_apprentice():
    g = at_step(4, "B", [[[6]], [[5]], [[4]], [[3]]], start=0)
    guild = guild_of(g, "B")
    bid_all(g, {s: "bid:1" for s in range(4)})
    st = g.st
    assert st.council[guild] == 0 and st.players[0].goods[guild] == 1  # master: a + b
    assert (st.decision.kind, st.decision.seat) == ("shop", 0)  # master: c (optional)
    cell = ids(g)[0]
    g.apply(cell)
    r, c = map(int, cell.split(":")[1].split(","))
    assert st.shops[cell_index(r, c)] == 0 and st.players[0].coins == 5 - CELL_PRICE[cell_index(r, c)]
    assert st.players[1].goods[guild] == 1 and st.council[guild] == 0  # journeyman: b, no seat
    assert (st.decision.kind, st.decision.seat) == ("shop", 1)
    g.apply("no-shop")
    assert (st.decision.kind, st.decision.seat) == ("apprentice", 2)  # apprentice: b or c
    assert "goods" in ids(g) and any(i.startswith("shop:") for i in ids(g))
    g.apply("goods")
    assert st.players[2].goods[guild] == 1 and st.shop_count(2) == 0
    assert st.players[3].goods[guild] == 0  # 4th wins nothing
    check_invariants(g)


def test_guild_step_three_players_second_is_apprentice():
    # SEED: "(3人遊戲)只有競標前2名的玩家可以得標：會長、見習商人"
    g = at_step(3, "D", [[[6]], [[5]], [[4]]], start=0)
    guild = guild_of(g, "D")
    bid_all(g, {s: "bid:1" for s in range(3)})
    g.apply("no-shop")  # master
    assert (g.st.decision.kind, g.st.decision.seat) == ("apprentice", 1)
    shop = next(i for i in ids(g) if i.startswith("shop:"))
    g.apply(shop)
    assert g.st.players[1].goods[guild] == 0 and g.st.shop_count(1) == 1
    assert g.st.players[2].goods[guild] == 0


def test_shop_needs_money_and_an_empty_cell():
    """Strasbourg rules (zh-Hant), steps B/D/F (c) (c: pay the printed price): only the cells the master can pay are offered.
    Coins stand behind the screen (Strasbourg rules (zh-Hant), set-up item 6), so a master who cannot pay is asked all the
    same, with "buy no shop" alone (rules 2.2.0; tests/strasbourg/test_pace.py)."""
    g = at_step(3, "B", [[[6]], [[5]], [[4]]], start=0)
    guild = guild_of(g, "B")
    g.st.players[0].coins = 0
    cheap = [i for i, gu in enumerate(CELL_GUILD) if gu == guild]
    bid_all(g, {s: "bid:1" for s in range(3)})
    assert (g.st.decision.kind, g.st.decision.seat) == ("shop", 0)
    assert ids(g) == ["no-shop"]
    g.apply("no-shop")
    assert g.st.shop_count(0) == 0 and g.st.players[0].goods[guild] == 1
    assert cheap


# ----- steps C/E/G -----------------------------------------------------------------------------------
def test_trade_step_only_winner_sells():
    g = at_step(3, "E", [[[6]], [[5]], [[4]]], start=0)
    for s in range(3):
        g.st.players[s].goods["smiths"] = 1
        g.st.players[s].goods_sure["smiths"] = 1  # taken in the open, as take_goods counts it
        g.st.goods_supply["smiths"] -= 1
    bid_all(g, {s: "bid:1" for s in range(3)})
    assert (g.st.decision.kind, g.st.decision.seat) == ("sell", 0)
    assert ids(g) == ["sell-all", "end-sale"]  # one tile: sell it or not, in one act (rules 2.4.0)
    g.apply("sell-all")
    assert g.st.decision is None or g.st.decision.kind != "sell"  # the sale is over
    assert g.st.players[0].coins == 5 + data.GOODS_VALUE["smiths"]
    assert g.st.goods_supply["smiths"] == 4
    assert g.st.council["merchants"] is None  # only G gives the seat
    assert g.st.players[1].goods["smiths"] == 1


def test_step_G_sells_and_takes_merchants_seat():
    g = at_step(3, "G", [[[1]], [[5]], [[4]]], start=0)
    g.st.players[1].goods["bakers"] = 2
    g.st.players[1].goods_sure["bakers"] = 2
    g.st.goods_supply["bakers"] -= 2
    bid_all(g, {s: "bid:1" for s in range(3)})
    assert (g.st.decision.kind, g.st.decision.seat) == ("sell", 1)
    g.apply("sell-all")
    assert g.st.players[1].coins == 5 + 2 * data.GOODS_VALUE["bakers"]
    assert g.st.council["merchants"] == 1


# ----- steps H and I --------------------------------------------------------------------------------
def test_step_H_nobility_builds_edifice_step_I_church_chapel():
    g = at_step(3, "H", [[], [], []], start=0)
    assert (g.st.decision.kind, g.st.decision.seat) == ("build", 0)
    lot = ids(g)[0]
    g.apply(lot)
    r, c = map(int, lot.split(":")[1].split(","))
    assert g.st.built[cell_index(r, c)] == g.st.edifices[0]
    assert (g.st.decision.kind, g.st.decision.seat) == ("chapel", 1)
    assert len(ids(g)) == len(data.WHITE_POINTS)
    g.apply(ids(g)[0])
    assert g.st.chapel_supply == 4 and len(g.st.chapels) == 1
    check_invariants(g)


# ----- § 3. 議會階段 (council) -------------------------------------------------------------------------
def test_council_phase_points_privileges_and_stack_removal():
    g = at_step(3, "I", [[[6], [2]], [[5]], []], start=0)
    st = g.st
    st.council.update(smiths=1, bakers=0)
    st.players[0].supply -= 1
    st.players[1].supply -= 1
    g.st.decision = None
    g.st.step_open = True  # step I already done
    g._advance()
    assert st.round == 1 and st.phase == "plot"
    assert [p.prestige for p in st.players] == [2, 2, 0]
    assert [p.privileges for p in st.players] == [1, 1, 0]  # tie: each takes one
    assert st.privilege_supply == 8
    assert st.players[0].stacks == [] and sorted(st.players[0].spent) == [2, 6]
    check_invariants(g)


# ----- § 遊戲結束計分 (end scoring) ---------------------------------------------------------------------
def test_end_scoring_categories_and_tie_break():
    from engine.strasbourg import scoring

    g = new_game(3, seed=4)
    st = g.st
    for p in st.players:
        p.dealt = []
        p.tasks = []
    st.players[0].tasks = ["T13", "T21"]  # line of 3 (fulfilled), most shops (fulfilled)
    st.players[1].tasks = ["T19"]  # diagonal (fails: -3)
    a = [cell_index(5, 3), cell_index(5, 4), cell_index(5, 5)]  # a row of 3 bakers cells
    for i in a:
        st.shops[i] = 0
    st.players[0].supply -= 3
    lot = cell_index(4, 4)  # lot above (5,4)
    st.built[lot] = 5
    st.chapels.append((5, 4))  # parish: (4,3),(4,4),(5,3),(5,4)
    st.players[0].prestige = 7
    st.players[1].privileges = 2
    st.privilege_supply = 8
    st.shops[cell_index(3, 3)] = 1
    st.players[1].supply -= 1
    b0 = scoring.breakdown(st, 0)
    assert b0 == {
        "council": 7,
        "shops": 3,
        "parishes": 2,
        "privileges": 0,
        "edifices": 5,
        "tasks": data.TASKS["T13"][3] + data.TASKS["T21"][3],
    }
    b1 = scoring.breakdown(st, 1)
    # (3,3) is next to lot (4,4)? no: (3,3)-(4,4) is diagonal
    assert b1 == {"council": 0, "shops": 1, "parishes": 0, "privileges": 2, "edifices": 0, "tasks": -3}
    # tie-break: equal scores -> most shops; equal shops -> shared
    st.final = [{"x": 10}, {"x": 10}, {"x": 3}]
    assert scoring.winners(st) == [0]
    st.shops[cell_index(3, 2)] = 1
    st.shops[cell_index(3, 4)] = 1
    assert scoring.winners(st) == [0, 1]


def test_edifice_scores_every_adjacent_shop_of_every_player():
    from engine.strasbourg import scoring

    g = new_game(3, seed=4)
    st = g.st
    lot = cell_index(1, 2)
    st.built[lot] = 6
    st.shops[cell_index(0, 2)] = 0
    st.shops[cell_index(1, 1)] = 0
    st.shops[cell_index(2, 2)] = 1
    assert scoring.breakdown(st, 0, with_tasks=False)["edifices"] == 12
    assert scoring.breakdown(st, 1, with_tasks=False)["edifices"] == 6


def test_task_checks():
    from engine.strasbourg.scoring import task_done

    g = new_game(4, seed=4)
    st = g.st
    for i in (cell_index(0, 0), cell_index(1, 1), cell_index(2, 2)):
        st.shops[i] = 2
    assert task_done(st, 2, "T19") and not task_done(st, 2, "T13")
    assert task_done(st, 2, "T21")  # strictly most shops
    st.shops[cell_index(5, 8)] = 1
    st.shops[cell_index(5, 7)] = 1
    st.shops[cell_index(5, 6)] = 1
    assert task_done(st, 1, "T13") and not task_done(st, 2, "T21")  # tie: nobody has most
    assert task_done(st, 1, "T09")  # 3 butchers
    st.council.update(smiths=3, bakers=3, church=3, nobility=0)
    assert task_done(st, 3, "T15")  # 4 players: 3 seats
    assert not task_done(st, 0, "T15")


def test_two_deferrers_second_lap_starts_nearest_start_player():
    # SEED 3) 跳過: "從剛剛有出特權狀、離起始玩家最近的人開始"
    g = at_step(4, "C", [[[2]], [[5]], [[3]], [[4]]], start=2)
    for s in (3, 1):
        g.st.players[s].privileges = 1
    g.st.privilege_supply = 8
    assert g.current_player == 2
    g.apply("pass")
    g.apply("privilege")  # seat 3
    g.apply("bid:1")  # seat 0
    g.apply("privilege")  # seat 1
    assert g.current_player == 3  # seat 3 is nearer to start player 2 than seat 1
    assert "privilege" not in ids(g)  # no privilege left
    g.apply("bid:1")
    assert g.current_player == 1
    g.apply("bid:1")
    rk = g.st.last_auction["ranking"]
    assert [r["seat"] for r in rk] == [1, 3, 0]


def test_draws_stay_private_in_the_log():
    g = new_game(3, seed=8)
    while g.st.phase == "tasks":
        g.apply("keep")
    seat = g.current_player
    g.apply("draw")
    v = g.st.players[seat].hand[0]
    own = [e["text"] for e in g.view(seat)["log"]]
    assert {"key": "str.log.you_draw", "value": v} in own
    assert en(own[-1]) == f"You draw a {v}"
    for s in [None] + [o for o in range(3) if o != seat]:
        assert not any(e["text"]["key"] == "str.log.you_draw" for e in g.view(s)["log"])


# test_empty_goods_pile_gives_nothing was replaced by test_seed_audit.py::test_goods_never_run_out
# (SEED § 起始設置 note: goods are substituted when short).


# ----- task cards (SEED § 遊戲回合; kinds: RESEARCH §6, the German overview sheet) ------------------------
def test_task_cards_are_the_eight_known_kinds():
    """25 cards (RESEARCH §0/§6), each of a kind on the overview sheet and no other; one
    edifice-pair card per edifice and one guild card per guild; points within 2-8 (RESEARCH §6)."""
    kinds = [k for _, k, _, _ in data.TASK_CARDS]
    assert len(data.TASK_CARDS) == 25 and len(set(t[0] for t in data.TASK_CARDS)) == 25
    assert set(kinds) == {"edifice_pair", "guild3", "edifice3", "line3", "council", "edifices4", "diag3", "most_shops"}
    assert sorted(p for _, k, p, _ in data.TASK_CARDS if k == "edifice_pair") == list(data.EDIFICES)
    assert sorted(p for _, k, p, _ in data.TASK_CARDS if k == "guild3") == sorted(data.GUILDS)
    assert all(2 <= pts <= 8 for *_, pts in data.TASK_CARDS)
    assert {pts for *_, pts in data.TASK_CARDS} >= {2, 8}  # the whole printed range is used
    for t, *_ in data.TASK_CARDS:  # every kind is checked and worded
        assert data.task_text(t, 4)["id"] == t and en(data.task_text(t, 4)).startswith(t + ": ")
        task_done(new_game(4, 1).st, 0, t)


def test_council_task_needs_four_three_two_seats():
    """RESEARCH §6 type 5: 4 council seats with 3 players, 3 with 4, 2 with 5."""
    for n, need in ((3, 4), (4, 3), (5, 2)):
        g = new_game(n, 1)
        st = g.st
        st.council = {k: None for k in data.COUNCIL_SEATS}
        for k in data.COUNCIL_SEATS[: need - 1]:
            st.council[k] = 0
        assert not task_done(st, 0, "T15")
        st.council[data.COUNCIL_SEATS[need - 1]] = 0
        assert task_done(st, 0, "T15")
