"""Computer seats end to end: one person plays by clicks, the computers move in between (by
themselves, after botdelay ms), their secrets never reach the page, a reload keeps the seat kinds.
The `page` fixture's guard fails a test on any foreign request or console error (offline guard).

Computers decide with botdelay=0 here; the one test of the visible delay drives the page's timers
with Playwright's fake clock, so it checks "no move before the delay, the move right after" by
state, never by elapsed time (see e2e_harness "Waiting")."""

import datetime

import pytest
from e2e_harness import start_game, wait_ready
from scripts.browser import (
    PLAYABLE,
    actions_on_screen,
    click_and_wait,
    play_step,
    saved_record,
    state,
    wait_no_bot,
    wait_state_after,
)

import engine

HANDOFF = '[data-action="ui:handoff-ok"]'
settle = wait_no_bot
CLOCK_START = datetime.datetime(2030, 1, 1, 12, 0, 0)  # any fixed time: the fake clock starts here


def check_person_turn(page, human):
    """The person's decision is on screen, with exactly the engine's legal actions, and nothing
    secret of the computer seats is in the page."""
    g = engine.replay(saved_record(page))
    assert g.current_player == human and not g.is_over
    legal = {a.id for a in g.legal_actions()}
    assert set(actions_on_screen(page, legal)) == legal  # two-step choices: behind their pick target
    assert page.locator(".decision.thinking").count() == 0
    html = page.content()
    for o in range(g.num_players):
        if o == human:
            continue
        if g.GAME_NAME == "barcelona":
            assert page.locator(f'.pboard[data-seat="{o}"] .hand').count() == 0
        else:
            assert page.locator(f'.pboard[data-seat="{o}"] .secret, .pboard[data-seat="{o}"] .sx-card').count() == 0
            for t in g.st.players[o].tasks + g.st.players[o].dealt:
                assert t not in html, (o, t)
    return g


def test_barcelona_one_person_against_the_computer(page, base, tmp_path):
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=4&bots=1&botdelay=0")
    wait_ready(page)
    clicks, bot_moves, bot_lines = 0, 0, 0
    for _ in range(20):  # a few rounds of the person and the computer (whole games: test_barcelona.py)
        settle(page)
        if page.get_attribute("body", "data-game-over") == "1" or (bot_lines and clicks >= 8):
            break  # the computer has moved, in the log, between the person's turns
        before = len(saved_record(page)["actions"])
        g = check_person_turn(page, 0)
        if before > clicks + bot_moves:  # the computer moved since the person's last click
            bot_moves = before - clicks
            bot_lines = max(bot_lines, page.locator(".log li").filter(has_text="Player 2").count())
        play_step(page)  # picks first when needed; presses Confirm / End turn too (turn flow)
        clicks += 1
        assert g is not None
    settle(page)
    rec = saved_record(page)
    assert rec["meta"]["bots"] == [1]
    assert bot_moves > 0 and bot_lines > 0, "the computer's moves show in the log"
    assert len(rec["actions"]) > clicks
    page.screenshot(path=tmp_path / "e2e-bots-barcelona.png")
    # a reload restores the game with the same seat kinds (and the computer goes on by itself)
    page.reload()
    wait_ready(page)
    settle(page)
    assert saved_record(page)["meta"]["bots"] == [1]
    if page.get_attribute("body", "data-game-over") != "1":
        check_person_turn(page, 0)


def test_strasbourg_three_players_two_computers(table, tmp_path):
    page = start_game(table, "game=strasbourg&players=3&seed=4&bots=1,2")  # botdelay=0: the table's
    decisions = 0
    for _ in range(12):  # enough to meet the computers several times (whole games: test_strasbourg.py)
        settle(page)
        if page.get_attribute("body", "data-game-over") == "1":
            break
        check_person_turn(page, 0)
        play_step(page)  # picks first when needed; presses Confirm / End turn too (turn flow)
        decisions += 1
    settle(page)
    rec = saved_record(page)
    # the person's first options (e.g. "stop drawing") can make a short game: enough decisions to
    # meet the computers several times, and the computers played in between
    over = page.get_attribute("body", "data-game-over") == "1"
    assert (decisions >= 10 or (over and decisions >= 4)) and len(rec["actions"]) > 2 * decisions
    assert rec["meta"]["bots"] == [1, 2]
    page.screenshot(path=tmp_path / "e2e-bots-strasbourg.png")


@pytest.mark.own_context  # a fake clock lives in the context
def test_thinking_is_shown_and_hidden_hands_skip_computers(page, base, tmp_path):
    """With a visible delay the board says which seat is thinking and offers nothing to click, and
    the computer decides only once the delay is up; with hidden hands the hand-off screen appears
    only for the person, once. Time is Playwright's fake clock: it runs normally while Pyodide
    boots, then stands still, and the test moves it on by exactly the delay."""
    delay = 700
    page.clock.install(time=CLOCK_START)
    page.goto(f"{base}index.html?game=strasbourg&players=3&seed=4&bots=1,2&botdelay={delay}&hidden=1")
    wait_ready(page)
    page.clock.pause_at(CLOCK_START + datetime.timedelta(hours=1))  # fires what is due, then stops
    handoffs = thinking = decisions = paused = at_once = 0
    turns, computers_moved = 0, False  # the person's turns with the computers' moves between them
    for _ in range(400):
        # what the test checks has all happened: both kinds of pause, and the person's second
        # turn after the computers' (no second hand-off); at most 12 decisions
        if (paused and at_once and turns >= 2) or decisions == 12:
            break
        if page.get_attribute("body", "data-game-over") == "1":
            break
        if page.get_attribute("body", "data-bot") is not None:
            bar = page.locator(".decision.thinking")
            assert bar.count() == 1 and "Computer seat — thinking" in bar.inner_text()
            assert page.locator(PLAYABLE).count() == 0 and page.locator(HANDOFF).count() == 0
            # one person: while the computers think, only that person's own secrets are drawn
            assert page.locator('.pboard:not([data-seat="0"]) .secret').count() == 0
            if not thinking:
                page.screenshot(path=tmp_path / "e2e-bots-thinking.png")
            moves, before = len(saved_record(page)["actions"]), state(page)
            # the pause before each decision, except right after the seat's own action that left
            # no public log line (a card drawn, a tile sold behind the screen: a pause would
            # count them; web/computer_seats follows_at_once, tests/web/test_screened_pace.py)
            wait = int(page.get_attribute("body", "data-bot-delay"))
            assert wait in (0, delay)
            # (delay - 2: when the decision before followed at once, its move came at the start
            # of the test's 1 ms step below, so this pause began 1 ms before the clock stopped)
            if wait:
                page.clock.run_for(delay - 2)
                assert (state(page), len(saved_record(page)["actions"])) == (before, moves), "moved too early"
                paused += 1
            else:
                at_once += 1
            page.clock.run_for(2 if wait else 1)
            wait_state_after(page, before)
            # it moved (and a decision that follows at once after it may have come in the same ms)
            assert len(saved_record(page)["actions"]) > moves
            thinking += 1
            computers_moved = True
            continue
        if page.locator(HANDOFF).count():
            assert "Player 1" in page.locator(".handoff").inner_text()
            handoffs += 1
            click_and_wait(page, HANDOFF)
            continue
        check_person_turn(page, 0)
        if computers_moved or not turns:
            turns, computers_moved = turns + 1, False
        play_step(page)  # picks first when needed; presses Confirm / End turn too (turn flow)
        decisions += 1
    else:
        pytest.fail("12 decisions of the person not reached within 400 steps")
    assert thinking and handoffs == 1 and paused and at_once and turns >= 2, (turns, decisions)


def test_new_game_form_computer_seat(page, base, tmp_path):
    page.goto(f"{base}index.html?botdelay=0")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    before = state(page)
    page.select_option('select[name="players"]', "2")
    wait_state_after(page, before)
    assert page.locator('select[name="kind0"] option:checked').inner_text() == "Human"
    before = state(page)
    page.select_option('select[name="kind1"]', "bot")
    wait_state_after(page, before)
    page.screenshot(path=tmp_path / "e2e-bots-form.png")
    click_and_wait(page, '[data-action="ui:start"]')
    settle(page)
    rec = saved_record(page)
    assert rec["meta"]["bots"] == [1]
