"""Seed audit (the Strasbourg rules, zh-Hant, the authority): rule sentences that the older rule tests did
not pin down, one test per sentence, each quoting the seed. Positions are set up
directly with helpers.at_step."""

from collections import Counter

import pytest

from engine.core.errors import IllegalAction
from engine.strasbourg import data, new_game, scoring
from engine.strasbourg.state import LOTS, neighbours, point_cells

from tests.support.game_checks import check_invariants

from .helpers import at_step


def ids(g):
    return [a.id for a in g.legal_actions()]


# ----- § 2. 關說階段 -------------------------------------------------------------------------------
def test_marker_passes_to_winner_and_next_auction_starts_there():
    """SEED § 關說階段: "每競標完一次，就把起始玩家標示物交給這次得標第一名的玩家" and
    "競標時，從起始玩家開始，依順時針順序". Also "如果玩家這次的競標有得標，不論是否執行效果，
    這疊關說卡都會被移出遊戲": a trade winner without goods still loses the stack."""
    g = at_step(4, "C", [[[2], [1]], [[3], [1]], [[6], [1]], [[4], [1]]], start=0)
    for s in range(4):
        g.apply("bid:1")
    st = g.st
    assert st.start_player == 2
    # the winner had no goods: no sale, but its stack left the game (not returned)
    assert len(st.players[2].deck) == 22 and 6 in st.players[2].spent
    # losers may put their (single-card) stack back under the deck
    while st.decision.kind == "return":
        g.apply(f"return:{st.players[st.decision.seat].spent[-1]}")
    assert [st.players[s].deck[0] for s in (0, 1, 3)] == [2, 3, 4]
    assert (st.decision.kind, st.decision.seat) == ("bid", 2) and st.auction["letter"] == "D"  # step D starts at seat 2
    check_invariants(g)


def test_tie_with_a_deferred_bid_goes_to_seat_nearest_start_not_to_earlier_bid():
    """SEED 3) 跳過 / ranking: "出價平手的玩家則以靠近起始玩家的順序排名" (seat order, not
    the order in which the bids were revealed)."""
    g = at_step(3, "C", [[[5], [1]], [[5], [1]], [[3], [1]]], start=0)
    g.st.players[0].privileges = 1
    g.st.privilege_supply = 9
    g.apply("privilege")  # seat 0 decides in the next lap
    g.apply("bid:1")  # seat 1: 5
    g.apply("bid:1")  # seat 2: 3
    assert g.current_player == 0
    g.apply("bid:1")  # seat 0: 5, revealed last
    assert [r["seat"] for r in g.st.last_auction["ranking"]] == [0, 1, 2]


def test_privilege_can_be_used_again_in_the_extra_lap():
    """SEED 3) 跳過: "只要手上還有特權狀，玩家依舊可以在這額外的一圈競標中做出"跳過"的選擇"."""
    g = at_step(3, "E", [[[2]], [[5]], [[3]]], start=0)
    g.st.players[0].privileges = 2
    g.st.privilege_supply = 8
    g.apply("privilege")
    g.apply("pass")
    g.apply("pass")
    assert g.current_player == 0 and "privilege" in ids(g)
    g.apply("privilege")  # lap 2: defer again
    assert g.current_player == 0 and g.st.auction["lap"] == 3 and "privilege" not in ids(g)
    g.apply("bid:1")
    assert g.st.players[0].privileges == 0 and g.st.last_auction["ranking"][0]["seat"] == 0


def test_five_players_guild_top_three_win_rest_return_a_card():
    """SEED 步驟 B/D/F: "(4人以上遊戲)只有競標前3名的玩家可以得標" and § 出標: "如果玩家這次沒有
    得標，則可以從這疊關說卡中挑出1張卡放回牌庫底"."""
    g = at_step(5, "B", [[[6]], [[5]], [[4]], [[1, 1]], [[2, 1]]], start=0)
    for _ in range(5):
        g.apply("bid:1")
    roles = [r["role"] for r in g.st.last_auction["ranking"]]
    assert [r["seat"] for r in g.st.last_auction["ranking"]] == [0, 1, 2, 4, 3]
    assert roles == ["master", "journeyman", "apprentice", None, None]
    while g.st.decision.kind != "return":
        g.apply("no-shop")
    assert (g.st.decision.kind, g.st.decision.seat) == ("return", 4)
    assert set(ids(g)) == {"return:2", "return:1", "no-return"}
    g.apply("return:2")
    assert g.st.players[4].deck[0] == 2
    assert (g.st.decision.kind, g.st.decision.seat) == ("return", 3) and set(ids(g)) == {"return:1", "no-return"}
    g.apply("return:1")
    assert g.st.players[3].deck[0] == 1
    for s, v in ((0, 6), (1, 5), (2, 4)):  # winners' stacks leave the game
        assert v in g.st.players[s].spent
    check_invariants(g)


# ----- steps A, H, I and the council ------------------------------------------------------------
def test_H_and_I_are_done_by_the_seat_holders_after_step_A_then_council_and_next_round():
    """SEED 步驟 A: "步驟H 跟 步驟I 則是由在步驟A時競標得到貴族與教會席次的玩家執行";
    § 議會階段: "玩家每在市議會中佔有一名席次，就得到1分 ... 佔有最多席次的玩家都可以得到1枚
    特權狀標示物(平手時各獲得1枚)"; "從起始玩家開始繼續下一輪的密謀階段"."""
    g = at_step(3, "A", [[[4]], [[1]], [[6]]], start=0)  # setup seats: nobility 0, church 1
    for _ in range(3):
        g.apply("bid:1")
    st = g.st
    assert st.council["nobility"] == 2 and st.council["church"] == 0
    g.apply("return:1")  # seat 1 lost (it may return its card)
    # B-G: nobody has a stack left, everyone passes automatically; H: the Nobility holder builds
    assert (st.decision.kind, st.decision.seat) == ("build", 2)
    g.apply(ids(g)[0])
    assert (st.decision.kind, st.decision.seat) == ("chapel", 0)  # I: the Church holder
    g.apply(ids(g)[0])
    assert st.round == 1 and st.phase == "plot"
    assert [p.prestige for p in st.players] == [1, 0, 1]
    assert [p.privileges for p in st.players] == [1, 0, 1]
    assert (st.decision.kind, st.decision.seat) == ("draw", 2)  # plotting starts at the start player
    check_invariants(g)


def test_unrevealed_stacks_leave_the_game_even_if_never_bid():
    """SEED § 1: "每一輪結束時，所有用來佈局的關說卡都會被移出遊戲(不管有沒有用來競標)"; § 出標 2):
    "一疊佈局好的關說卡就算不翻開使用，到這一輪結束時還是會移出遊戲"."""
    g = at_step(3, "G", [[[1], [6, 6]], [[2]], [[3]]], start=0)
    for _ in range(3):
        g.apply("bid:1")
    while g.st.phase == "lobby":
        g.apply(ids(g)[0])
    p = g.st.players[0]
    assert p.stacks == [] and p.spent.count(6) == 2 and len(p.deck) == 22  # only the lost 1 came back
    check_invariants(g)


# ----- § 遊戲結束計分 ---------------------------------------------------------------------------------
def test_parish_shop_scores_once_and_edifice_neighbour_scores_each_edifice():
    """SEED 分數 3: "城市中每有一個在教區之內的產業 = 1分" (one point per shop, even in two
    parishes); 分數 5: "每個緊鄰大型商會設施的產業都會得到該設施上所標的分數" (every adjacent
    edifice)."""
    g = new_game(3, seed=4)
    st = g.st
    cover = Counter(i for pt in data.WHITE_POINTS for i in point_cells(pt))
    twice = next(i for i, k in cover.items() if k >= 2)
    pts = [pt for pt in data.WHITE_POINTS if twice in point_cells(pt)][:2]
    st.chapels.extend(pts)
    st.shops[twice] = 0
    between = next(i for i in range(len(st.shops)) if i not in LOTS and sum(1 for j in neighbours(i) if j in LOTS) >= 2)
    a, b = [j for j in neighbours(between) if j in LOTS][:2]
    st.built[a], st.built[b] = 2, 5
    st.shops[between] = 1
    assert scoring.breakdown(st, 0, with_tasks=False)["parishes"] == 1
    assert scoring.breakdown(st, 1, with_tasks=False)["edifices"] == 7


# ----- interface ----------------------------------------------------------------------------------
def test_a_reveal_cannot_be_undone():
    """Interface: undo never crosses a reveal (SEED 出標: "翻開面前一疊佈局好的關說卡")."""
    g = at_step(3, "C", [[[5], [1]], [[4], [1]], [[3], [1]]], start=0)
    g.apply("bid:1")
    assert not g.can_undo()


def test_view_rejects_a_bool_seat():
    """Interface: view(seat) takes a seat number; True is not seat 1 (it would show seat 1's
    secrets to a caller that never asked for seat 1)."""
    g = new_game(3, seed=1)
    with pytest.raises(IllegalAction):
        g.view(True)


# ----- § 起始設置 note: pieces never run out ---------------------------------------------------------
def test_goods_never_run_out():
    """SEED § 起始設置 note: "※家族成員、錢幣、貨物、特權狀標示物不夠使用時，請自行拿其他物品代替".
    An empty goods pile is made up with substitutes: Master and Journeyman still take
    a tile (b), and the Apprentice may still choose goods."""
    g = at_step(4, "B", [[[6]], [[5]], [[4]], [[3]]], start=0)
    guild = dict((L, gu) for L, k, gu in data.board_steps(data.ROUND_BOARDS[g.st.boards[0]]))["B"]
    g.st.goods_supply[guild] = 0
    g.st.players[3].goods[guild] = 6
    for _ in range(4):
        g.apply("bid:1")
    assert g.st.players[0].goods[guild] == 1 and g.st.council[guild] == 0
    g.apply("no-shop")
    assert g.st.players[1].goods[guild] == 1
    g.apply("no-shop")
    assert (g.st.decision.kind, g.st.decision.seat) == ("apprentice", 2) and "goods" in ids(g)
    g.apply("goods")
    assert g.st.players[2].goods[guild] == 1
    assert g.st.goods_supply[guild] == -3  # substitutes for the missing tiles
    # the pile is shown only at the end: it would tell what others sold from behind their screens
    assert "goods" not in g.view(None)["supply"]
    check_invariants(g)


def test_family_members_never_run_out():
    """SEED § 起始設置 note (family members are substituted when short): a Master with no
    family member left in supply still takes the guild seat (a) and may buy a shop (c)."""
    g = at_step(3, "D", [[[6]], [[5]], [[4]]], start=0)
    guild = dict((L, gu) for L, k, gu in data.board_steps(data.ROUND_BOARDS[g.st.boards[0]]))["D"]
    st = g.st
    # seat 0 has placed all 15: 1 on Nobility (setup) and 14 shops elsewhere
    others = [
        i for i in range(len(st.shops)) if i not in LOTS and st.shops[i] is None and scoring.CELL_GUILD[i] != guild
    ][:14]
    for i in others:
        st.shops[i] = 0
    st.players[0].supply = 0
    for _ in range(3):
        g.apply("bid:1")
    assert st.council[guild] == 0
    assert (st.decision.kind, st.decision.seat) == ("shop", 0)
    shop = next(i for i in ids(g) if i.startswith("shop:"))
    g.apply(shop)
    assert st.shop_count(0) == 15
    assert g.view(None)["player_states"][0]["family_supply"] == 0
    check_invariants(g)


def test_privileges_never_run_out():
    """SEED § 議會階段: "佔有最多席次的玩家都可以得到1枚特權狀標示物(平手時各獲得1枚)" with the
    § 起始設置 note (privilege markers are substituted when short): every tied player
    gets one even when the supply is empty."""
    g = at_step(3, "I", [[], [], []], start=0)
    st = g.st
    st.players[0].privileges, st.players[1].privileges = 6, 4
    st.privilege_supply = 0
    g.apply(ids(g)[0])  # seat 1 (Church) places a chapel; then the council
    assert st.round == 1
    assert [p.privileges for p in st.players] == [7, 5, 0]
    assert g.view(None)["supply"]["privileges"] == 0
    check_invariants(g)
