"""Strasbourg end to end: a whole 3-player game by clicks only, and hidden-hands hand-offs."""

import pytest
from e2e_harness import load_record, start_game
from scripts.browser import PLAYABLE, GAME_ACTION, click_and_wait, saved_record

import engine

HANDOFF = '[data-action="ui:handoff-ok"]'
MAX_CLICKS = 600


def query(seed, extra=""):
    return f"game=strasbourg&players=3&seed={seed}{extra}"


def engine_game(page):
    """The engine game rebuilt from the autosaved record (to know the true secrets)."""
    return engine.replay(saved_record(page))


def test_whole_game_by_clicks(table):
    """Play to the end clicking only on-screen game controls (board targets and panel buttons).

    The choice is deterministic: the (n mod count)-th game control at click n, so every run plays
    the same game, both board targets and panel buttons get clicked, and plotting stays short
    (alternating draw / stop)."""
    page = start_game(table, query(11))
    kinds = set()
    for n in range(MAX_CLICKS):
        if page.get_attribute("body", "data-game-over") == "1":
            break
        if page.locator(HANDOFF).count():
            click_and_wait(page, HANDOFF)
            continue
        controls = page.locator(GAME_ACTION)
        count = controls.count()
        assert count, "no game control on screen while the game is running"
        el = controls.nth(n % count)
        aid = el.get_attribute("data-action")
        kinds.add(aid.split(":")[0])
        click_and_wait(page, el)
    else:
        pytest.fail(f"game not over after {MAX_CLICKS} clicks")
    assert page.get_attribute("body", "data-game-over") == "1"
    end = page.locator("section.end")
    assert end.is_visible()
    table = end.locator("table.scores")
    assert table.is_visible()
    g = engine_game(page)
    assert g.is_over
    # totals row (seats across) or totals column (seats down): the table layout belongs to panels.py
    totals = [int(t) for t in table.locator("tr.total td, td.total").all_inner_texts()]
    assert totals == g.scores()
    assert page.locator(PLAYABLE).count() == 0
    # the board still shows the final state (inert), the auction region the final scoring
    assert page.locator(".board svg").count() == 1
    assert "Final scoring" in page.inner_html('[data-region="auction"]')
    # clicks reached the board (cells, decks, stacks, tasks) as well as the panel
    assert kinds & {"draw", "put", "bid", "drop", "shop", "chapel", "build"}
    assert kinds & {"stop", "pass", "keep", "no-shop"}


def _secret_free_for(page, g, seat):
    """The DOM shows no other seat's secrets: no card face or secret group on their boards, no task id."""
    n = g.num_players
    assert page.locator(".pboard .secret").count() == (1 if seat is not None else 0)
    if seat is not None:
        assert page.locator(f'.pboard[data-seat="{seat}"] .secret').count() == 1
    html = page.content()
    for o in range(n):
        if o == seat:
            continue
        assert page.locator(f'.pboard[data-seat="{o}"] .sx-card').count() == 0
        for t in g.st.players[o].tasks + g.st.players[o].dealt:
            assert t not in html, (o, t)


def test_hidden_hands_handoff_between_private_decisions(table):
    page = start_game(table, query(5, "&hidden=1"))
    handoffs, checked_stacks = 0, False
    for _ in range(200):
        if page.locator(HANDOFF).count():
            g = engine_game(page)
            # the hand-off screen: nothing of the game (no board, no cards, no secret) until confirmed
            assert page.locator(".board, .pboard, .sx-card").count() == 0
            html = page.content()
            for p in g.st.players:
                for t in p.tasks + p.dealt:
                    assert t not in html
            others_have_stacks = any(p.stacks for i, p in enumerate(g.st.players) if i != g.current_player)
            click_and_wait(page, HANDOFF)
            handoffs += 1
            _secret_free_for(page, g, g.current_player)
            if others_have_stacks:
                # another seat has plotted face-down stacks: their values must not be on screen,
                # while the own stacks / hand shown match the engine's state for this seat
                me = g.st.players[g.current_player]
                shown = page.locator(f'.pboard[data-seat="{g.current_player}"] .secret .sx-card')
                want = sorted(str(c) for c in me.hand + [c for st in me.stacks for c in st])
                assert sorted(shown.evaluate_all("els => els.map(e => e.dataset.value)")) == want
                checked_stacks = True
                break
            continue
        g = engine_game(page)
        d = g.st.decision.kind
        ids = {a.id for a in g.legal_actions()}
        p = g.st.players[g.current_player]
        if d == "tasks":
            aid = "keep"
        elif d == "draw":
            aid = "draw" if len(p.hand) < 3 else "stop"
        elif d == "stack":
            aid = "rest:new" if "rest:new" in ids else sorted(ids)[0]
        else:
            aid = sorted(ids)[0]
        seat = g.current_player
        click_and_wait(page, f'[data-action="{aid}"]')
        g2 = engine_game(page)
        if g2.current_player is not None and g2.current_player != seat and not g2.is_over:
            # a private decision of another seat follows: a hand-off screen must come first
            assert page.locator(HANDOFF).is_visible()
    assert handoffs >= 4 and checked_stacks


def _at_a_sale(seed=0):
    """A 3-player game played by the easy bot until a seat sells holding tiles of two guilds or
    more, three tiles or more (so two tiles are a part of them, not all: ``sell-all``)."""
    from engine.core.rng import Rng
    from engine.strasbourg import bots, new_game

    g, rng = new_game(3, seed), Rng(83)
    while not (g.st.decision.kind == "sell" and _held(g) and len(_held(g)) >= 2 and sum(_held(g).values()) >= 3):
        g.apply(bots.easy_policy(g, rng))
    return g


def _held(g):
    return {k: v for k, v in g.st.players[g.current_player].goods.items() if v}


def test_a_sale_by_taps(table):
    """Rules 2.4.0: a sale is one act. The seller taps two goods rows of different guilds on its
    own board (the pick: nothing is played), then Sell: the one legal id that sells those two
    tiles. They leave the seller's goods and the coins rise by the sale's total."""
    g = _at_a_sale()
    seat = g.current_player
    before = g.st.players[seat]
    coins, goods = before.coins, dict(before.goods)
    a, b = [k for k, v in goods.items() if v][:2]
    value = {x["key"]: x["goods_value"] for x in g.view(seat)["guilds"]}
    page = load_record(table, g.record())
    own = f'.region-own .pboard[data-seat="{seat}"]'
    assert page.locator(f'{own} [data-action^="ui:pick:sale:"]').count() >= 2
    n = len(g.actions)
    for guild in (a, b):
        click_and_wait(page, f'{own} [data-sale="{guild}"] [data-action^="ui:pick:sale:"]')
        assert len(saved_record(page)["actions"]) == n  # picking plays nothing
    # the picked rows say so, the board says what the sale earns
    assert page.locator(f'{own} [data-sale] [aria-label*=": 1 of"][aria-label*="picked to sell"]').count() == 2
    total = value[a] + value[b]
    assert f"for {total}" in page.locator(own).text_content()
    want = "sell:" + ",".join(k for k in goods if k in (a, b))  # the tiles in the engine's guild order
    sell = page.locator(f'.pick [data-action="{want}"]')
    assert sell.count() == 1 and f"for {total}" in sell.inner_text()
    click_and_wait(page, sell)
    g = engine_game(page)
    assert g.actions[n:] == [want]
    after = g.st.players[seat]
    assert after.goods == {k: v - (k in (a, b)) for k, v in goods.items()}
    assert after.coins == coins + total
    assert page.locator('.pick, [data-action^="ui:pick:sale:"]').count() == 0  # the sale is over
