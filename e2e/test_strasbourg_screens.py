"""Strasbourg screens in the browser: with hidden hands, the page of a seat's turn never
shows another seat's coins, goods or privileges (Strasbourg rules (zh-Hant), set-up item 6 and steps B/D/F (b), C/E): their boards show a
screen, the log has no amounts of their sales; the end screen shows every board.

The games are imported (a record made here by the engine's greedy bot), so the table is already in
the middle of a game with coins, goods and privileges behind every screen; then the moves go on by
clicks through the hand-off screens."""

import random
import re

from e2e_harness import load_record
from scripts.browser import click_action, click_and_wait, saved_record

import engine
from engine.strasbourg import new_game
from engine.strasbourg.bots import greedy_policy

HANDOFF = '[data-action="ui:handoff-ok"]'
NAMES = ["Ann", "Bo", "Cy"]


def greedy_game(seed, moves=None):
    g, rng = new_game(NAMES, seed), random.Random(seed)
    while not g.is_over and (moves is None or len(g.actions) < moves):
        g.apply(greedy_policy(g, rng))
    return g, rng


def import_record(page, g):
    """Open the record of ``g`` with hidden hands in the shared booted app (as a player imports a file)."""
    rec = dict(g.record(), meta={"hidden": True})
    load_record(page, rec)
    assert saved_record(page)["actions"] == rec["actions"]


def check_screens_up(page, g, seat):
    """On ``seat``'s turn: every other board shows a screen and no amount; the log no sale amount."""
    for o, p in enumerate(g.st.players):
        board = page.locator(f'.pboard[data-seat="{o}"]')
        html = board.inner_html()
        if o == seat:
            assert board.locator(".screen").count() == 0
            continue
        assert board.locator(".screen").count() == 1, o
        assert not re.search(r"\d+ (coins|privileges)", html), (o, re.findall(r"\d+ (?:coins|privileges)", html))
        assert "goods tile(s)" not in html  # the goods counters of another seat
    log = page.locator("main").inner_text()
    for o in range(g.num_players):
        if o != seat:
            assert not re.search(rf"{NAMES[o]} sells \d", log), o


def play(page, g, aid):
    """Play ``aid`` by clicks; a sale of some tiles (rules 2.4.0: ``sell:<tiles>``, one act) through
    the seller's goods rows, one tap per tile (the pick), then the pick's Sell."""
    if aid.startswith("sell:"):
        own = f'.region-own .pboard[data-seat="{g.current_player}"]'
        for guild in aid[len("sell:") :].split(","):
            click_and_wait(page, f'{own} [data-sale="{guild}"] [data-action^="ui:pick:sale:"]')
        click_and_wait(page, f'.pick [data-action="{aid}"]')
        return
    click_action(page, aid)


def test_screens_stay_up_on_every_seats_turn(table):
    g, rng = greedy_game(21, moves=120)
    assert any(sum(p.goods.values()) or p.coins != 5 for p in g.st.players)
    page = table
    import_record(page, g)
    seats_checked, sales_seen = set(), 0
    for _ in range(60):
        if len(seats_checked) == 3 and sales_seen:
            break  # every seat's turn checked, and a sale behind a screen made by clicks
        if page.locator(HANDOFF).count():
            click_and_wait(page, HANDOFF)
        g = engine.replay(saved_record(page))
        if g.is_over:
            break
        seat = g.current_player
        check_screens_up(page, g, seat)
        seats_checked.add(seat)
        choice = greedy_policy(g, rng)  # an action id
        if choice.split(":")[0] in ("sell", "sell-all"):
            sales_seen += 1
        play(page, g, choice)
    assert len(seats_checked) == 3
    assert sales_seen or any("done selling" in e["text"] for e in g.view(None)["log"])


def test_the_end_screen_shows_every_board(table):
    g, _ = greedy_game(22)
    page = table
    import_record(page, g)
    assert page.get_attribute("body", "data-game-over") == "1"
    assert page.locator(".pboard .screen").count() == 0
    for o, p in enumerate(g.st.players):
        html = page.locator(f'.pboard[data-seat="{o}"]').inner_html()
        assert f"{p.coins} coins" in html and f"{p.privileges} privileges" in html, o
