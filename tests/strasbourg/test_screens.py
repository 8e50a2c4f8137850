"""The screens: coins, goods and privileges stand behind each player's screen.

The Strasbourg rules (zh-Hant, the authority): set-up (起始設置) item 6 "1面隱藏資訊用的屏風 /
5塊錢，放在隱藏屏風後面", steps B, D, F b) "從供應區拿回1片對應的產業生產貨物標示物，放在自己的屏風後面",
steps C, E "直接從屏風後面，拿出任意數量的貨物標示物賣掉"; privileges too (RESEARCH §7, "keeps it secret behind the screen").

Checked here: another seat's amounts never reach a view (keys and non-interference), the log
(per-seat lines for sales), a masked copy (rebuilt from public tallies only, still a legal game),
a hint, the page of another seat's turn, and an export made with hidden hands; the end screen
shows them; the renderer draws a screen on other seats' boards while the game runs.
"""

import json
import random

import pytest

from engine.strasbourg import data, new_game
from engine.strasbourg.bots import greedy_policy
from engine.strasbourg.lobbying import NO_SHOP, SALE_OVER
from web.screens import panels
from web.boards import strasbourg as R
from web.model.hints import MASK_SEED, suggest
from web.model.session import Session

from .helpers import at_step, en


def check_screens(game):
    """The conservation invariants of tests/strasbourg/helpers.check_invariants for what stands
    behind the screens (a masked copy's cards are blanks, so the card check does not apply)."""
    st = game.st
    assert all(p.coins >= 0 and p.privileges >= 0 and min(p.goods.values()) >= 0 for p in st.players)
    assert sum(p.coins for p in st.players) == data.START_COINS * st.n + st.coins_earned - st.coins_paid
    for g in data.GUILDS:
        assert st.goods_supply[g] + sum(p.goods[g] for p in st.players) == data.GOODS_PER_GUILD
    assert st.privilege_supply + sum(p.privileges for p in st.players) == data.PRIVILEGES


SCREEN_KEYS = ("coins", "goods", "privileges")


def _shake_screen(g, seat, k=1):
    """A copy in which seat ``seat``'s coins, goods and privileges differ (nothing else)."""
    h = g.clone()
    p = h.st.players[seat]
    p.coins += 7 * k
    p.goods = {x: v + k for x, v in p.goods.items()}
    p.privileges += 2 * k
    return h


def _positions(n, seed, every=9):
    """Positions of an all-greedy game, every ``every`` actions, and the finished game last."""
    g, rng = new_game(n, seed), random.Random(seed)
    k = 0
    while not g.is_over:
        if k % every == 0:
            yield g
        g.apply(greedy_policy(g, rng))
        k += 1
    yield g


def _trade_step(goods_of_seat0, coins=0):
    """4 players at step C (trade); seat 0 wins with 6 and will sell."""
    g = at_step(4, "C", [[[6]], [[1]], [[2]], [[3]]], start=0)
    p = g.st.players[0]
    for guild, k in goods_of_seat0.items():
        p.goods[guild] += k
        p.goods_sure[guild] += k
        g.st.goods_supply[guild] -= k
    for s in range(4):
        g.apply("bid:1")
    while g.st.decision.kind == "return":
        g.apply("no-return")
    return g


# ----- the view --------------------------------------------------------------------------------
def test_other_seats_amounts_are_not_in_a_view_until_the_end():
    """Strasbourg rules (zh-Hant), set-up item 6 and steps B/D/F (b), C/E: coins, goods (and privileges) behind the screen."""
    for g in _positions(4, 3, every=40):
        for viewer in [None, 0, 1, 2, 3]:
            v = g.view(viewer)
            for o, ps in enumerate(v["player_states"]):
                shown = o == viewer or g.is_over
                assert ps["screened"] is (not shown)
                for key in SCREEN_KEYS:
                    assert (key in ps) is shown, (viewer, o, key)
            # the goods pile would tell what was sold: only at the end
            assert ("goods" in v["supply"]) is g.is_over
            # privilege points are not in the running breakdown (the same for every seat)
            for b in v["score_breakdown"]:
                assert ("privileges" in b) is g.is_over
    # the end screen shows everything, and the breakdown adds up
    v = g.view(None)
    assert all(
        ps["coins"] == g.st.players[o].coins and ps["goods"] == g.st.players[o].goods
        for o, ps in enumerate(v["player_states"])
    )
    assert [sum(b.values()) for b in v["score_breakdown"]] == v["scores"]


def test_changing_another_seats_screen_never_changes_a_view():
    """Non-interference: whatever stands behind seat o's screen, every other seat (and the
    spectator) sees exactly the same view."""
    for n, seed in ((3, 1), (4, 2), (5, 3)):
        for g in _positions(n, seed, every=23):  # tests/contract shakes secrets along random games too
            if g.is_over:
                continue
            for o in range(n):
                shaken = _shake_screen(g, o)
                for viewer in [None] + [s for s in range(n) if s != o]:
                    assert json.dumps(shaken.view(viewer)) == json.dumps(g.view(viewer)), (n, seed, o, viewer)


def test_the_own_seat_sees_its_own_screen():
    g = _trade_step({"smiths": 2})
    v = g.view(0)["player_states"][0]
    assert v["goods"]["smiths"] == 2 and v["coins"] == data.START_COINS and v["privileges"] == 0
    assert "sell:smiths" in [a.id for a in g.legal_actions()]


# ----- the log ------------------------------------------------------------------------------------
def test_a_sale_says_it_happened_but_not_what_was_sold():
    """Strasbourg rules (zh-Hant), steps C/E (sold "從屏風後面"): the amounts are in the seller's log only; the others
    read the same words whatever, and whether anything, was sold."""
    public = []
    for goods, moves in (
        ({"smiths": 2, "bakers": 1}, ["sell-all"]),
        ({"bakers": 1}, ["sell-all"]),
        ({"vintners": 3}, ["sell:vintners"]),
        ({"smiths": 1, "bakers": 2}, ["sell:smiths,bakers"]),
        ({"bakers": 2}, ["end-sale"]),
        ({}, []),
    ):
        g = _trade_step(goods)
        for m in moves:
            g.apply(m)

        def after_ranking(viewer, g=g):
            log = g.view(viewer)["log"]
            k = max(i for i, e in enumerate(log) if e["text"]["key"] == "str.log.ranking" and e["text"]["step"] == "C")
            return [
                e["text"] for e in log[k + 1 :] if e["seat"] == 0 and e["text"]["key"] in ("str.log.sell", SALE_OVER)
            ]

        mine, theirs = after_ranking(0), after_ranking(1)
        # the public line names the seller only: no amount, no guild, as a message parameter either
        assert theirs == [{"key": SALE_OVER, "who": {"seat": 0}}], theirs
        assert en(theirs[0], g.names) == "Player 1 is done selling (behind the screen)"
        assert after_ranking(None) == theirs
        if moves and moves != ["end-sale"]:
            assert any(t["key"] == "str.log.sell" and t["value"] > 0 for t in mine)  # the seller's own amounts
        public.append(theirs)
    assert all(x == public[0] for x in public)


def test_no_affordable_shop_reads_like_choosing_no_shop():
    """Strasbourg rules (zh-Hant), steps B/D/F (c) (c: pay the printed price): a Master who cannot pay is skipped, with the same
    public words as one who chooses not to buy, so the log does not tell the coins."""
    texts = []
    for coins in (0, 30):
        g = at_step(3, "B", [[[6]], [[1]], [[2]]], start=0)
        g.st.players[0].coins = coins
        for _ in range(3):
            g.apply("bid:1")
        if g.st.decision.kind == "shop":
            g.apply("no-shop")
        texts.append([e["text"] for e in g.view(1)["log"] if e["seat"] == 0 and "shop" in e["text"]["key"]])
    assert texts[0] == texts[1] == [{"key": NO_SHOP, "who": {"seat": 0}}]


# ----- masked copies ------------------------------------------------------------------------------
def test_masked_copy_rebuilds_screens_from_public_tallies_only():
    """masked_for(seat) gives every other seat a possible screen drawn from what everyone saw,
    never from the real amounts: shaking them changes nothing in the copy."""
    for n, seed in ((3, 4), (4, 5), (5, 6)):
        for g in _positions(n, seed, every=13):
            if g.is_over:
                continue
            for seat in range(n):
                m = g.masked_for(seat, 11)
                for o in range(n):
                    if o == seat:
                        continue
                    m2 = _shake_screen(g, o, k=3).masked_for(seat, 11)
                    for s in range(n):
                        a, b = m.st.players[s], m2.st.players[s]
                        assert (a.coins, a.goods, a.privileges) == (b.coins, b.goods, b.privileges)
                check_screens(m)  # conservation holds in the copy
                for o, p in enumerate(m.st.players):
                    if o == seat:
                        continue
                    q = g.st.players[o]
                    assert p.privileges == q.privileges  # taken and spent in the open: countable
                    assert all(p.goods[x] >= q.goods_sure[x] for x in data.GUILDS)
                    assert p.coins >= 0
                    assert sum(p.goods.values()) <= sum(q.goods_sure.values()) + sum(q.goods_unsure.values())


def test_masked_copy_keeps_the_own_screen_and_plays_to_the_end():
    g = next(x for k, x in enumerate(_positions(4, 7, every=1)) if k == 150)
    seat = g.current_player
    m = g.masked_for(seat, 3)
    me, real = m.st.players[seat], g.st.players[seat]
    assert (me.coins, me.goods, me.privileges) == (real.coins, real.goods, real.privileges)
    assert [a.id for a in m.legal_actions()] == [a.id for a in g.legal_actions()]
    rng = random.Random(1)
    while not m.is_over:
        check_screens(m)
        acts = m.legal_actions()
        m.apply(acts[rng.randrange(len(acts))])


def test_a_finished_game_keeps_its_screens_in_masked_copies():
    *_, g = _positions(3, 8, every=1000)
    m = g.masked_for(0, 5)
    assert [(p.coins, p.goods, p.privileges) for p in m.st.players] == [
        (p.coins, p.goods, p.privileges) for p in g.st.players
    ]


# ----- hints, the page, exports ---------------------------------------------------------------------
def test_a_hint_never_depends_on_another_seats_screen():
    """web/model/hints.py asks the bot on masked_for(seat, MASK_SEED): another seat's amounts cannot
    change the suggestion."""
    checked = 0
    for g in _positions(4, 9, every=5):
        if g.is_over:
            continue
        want = suggest(g).id
        for o in range(4):
            if o != g.current_player:
                assert suggest(_shake_screen(g, o, k=2)).id == want
                checked += 1
    assert checked > 50
    assert MASK_SEED  # the hint's masked copy is the one tested above


def _hidden_session(seed=21, moves=140):
    s = Session()
    s.start({"game": "strasbourg", "players": 3, "names": ["Ann", "Bo", "Cy"], "hidden": True}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        s.handoff_ok()
        s.apply(greedy_policy(s.game, rng))
    s.handoff_ok()
    return s


def test_the_page_of_a_seats_turn_never_shows_another_seats_screen():
    """The whole page (board SVG, panels, log, preview) of the seat on turn comes out the same
    whatever stands behind the other seats' screens."""
    s = _hidden_session()
    assert s.screen == "play"
    seat = s.game.current_player
    page = panels.screen(s)
    assert 'class="screen"' in page  # the other boards show their screens
    real = s.game
    for o in range(3):
        if o == seat:
            continue
        s.game = _shake_screen(real, o, k=5)
        assert panels.screen(s) == page, o
    s.game = real


def test_an_export_with_hidden_hands_holds_no_screen():
    """An export (Session.save_text, the Export button) is the record plus the table settings:
    the seed and action ids, never a view, so no coins, goods or privileges amounts."""
    s = _hidden_session(moves=200)
    rec = json.loads(s.save_text())
    assert set(rec) == {"game", "engine", "players", "options", "seed", "actions", "meta"}
    assert rec["meta"]["hidden"] is True
    assert set(rec["meta"]) <= {"hidden", "colours", "bots", "bot_levels", "bot_speed"}
    assert all(isinstance(a, str) for a in rec["actions"])  # ids only ("goods" = took a public tile)
    # the ids of a sale name no amount, and the action that reveals a sold guild is secret in marks
    assert all(not a.startswith("sell:") or set(a[5:].split(",")) <= set(data.GUILDS) for a in rec["actions"])


# ----- the renderer -----------------------------------------------------------------------------------
def test_other_boards_show_a_screen_while_the_game_runs():
    g = next(x for k, x in enumerate(_positions(3, 10, every=1)) if k == 120)
    seat = g.current_player
    v = g.view(seat)
    svg, _ = R.render(v, g.legal_actions())
    for o in range(3):
        board = svg.split(f'data-seat="{o}"')[1].split('class="pboard')[0]
        assert ('class="screen"' in board) is (o != seat), o
        assert (" coins<" in board or "coins</" in board) is (o == seat)
    # even a view that carried another seat's amounts draws the screen (decided by viewer + phase)
    hacked = json.loads(json.dumps(v))
    for o in range(3):
        hacked["player_states"][o] = g.view(o)["player_states"][o]
    assert R.render(hacked, g.legal_actions())[0] == svg


def test_the_end_screen_shows_every_board():
    *_, g = _positions(3, 10, every=1000)
    svg, _ = R.render(g.view(0), [])
    assert 'class="screen"' not in svg
    for o in range(3):
        assert f'{g.st.players[o].coins} coins' in svg


@pytest.mark.parametrize("viewer", [None, 1])
def test_public_views_show_the_privilege_supply(viewer):
    """Every privilege is taken (council) and spent (auction) in the open, so the pile is public."""
    g = at_step(3, "I", [[], [], []], start=0)
    assert g.view(viewer)["supply"]["privileges"] == data.PRIVILEGES
