"""Turn flow in Chromium: preview + confirm by touch taps, a second tap confirms, the end of a turn
is confirmed (Undo still works before), last-move marks for every seat, the hand-off summary.
No waiting on time: every step waits for main.py's redraw counter (body[data-state])."""

import pytest

from e2e_harness import start_game, wait_ready
from scripts.browser import GAME_ACTION, click_and_wait, play_step, saved_record, state

TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True}
BOARD_TARGET = ".board .legal[data-action]"
CONFIRM = 'main [data-action="ui:confirm"]'
UNDO = '[data-action="ui:undo"]'
HANDOFF = '[data-action="ui:handoff-ok"]'


@pytest.fixture
def tablet(browser, guard):
    ctx = browser.new_context(service_workers="block", **TABLET)
    page = guard.attach(ctx.new_page())
    yield page
    ctx.close()


def open_game(page, base, query):
    page.goto(f"{base}index.html")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    page.goto(f"{base}index.html?{query}")
    wait_ready(page)


def moves(page):
    rec = saved_record(page)
    return len(rec["actions"]) if rec else 0


def tap_and_wait(page, selector):
    before = state(page)
    page.locator(selector).first.tap()
    page.wait_for_function(f"Number(document.body.dataset.state) > {before}")


def test_tap_previews_then_confirm_or_second_tap_plays(tablet, base):
    page = tablet
    open_game(page, base, "game=barcelona&players=3&seed=42&confirm=1")  # "Confirm every move" on
    first = page.locator(BOARD_TARGET).first.get_attribute("data-action")
    tap_and_wait(page, f'.board [data-action="{first}"]')
    # selected, not played: the preview names the move and what it gives, with Confirm and Cancel
    assert moves(page) == 0
    assert page.locator(f'.board [data-action="{first}"][aria-pressed="true"]').count() == 1
    preview = page.locator(".preview")
    assert preview.is_visible() and page.locator(CONFIRM).is_visible()
    assert preview.get_attribute("data-selected") == first
    assert "Place on" in preview.inner_text()
    # another target changes the selection
    other = page.locator(BOARD_TARGET).nth(1).get_attribute("data-action")
    tap_and_wait(page, f'.board [data-action="{other}"]')
    assert page.locator(".preview").get_attribute("data-selected") == other and moves(page) == 0
    # Cancel clears it
    tap_and_wait(page, 'main [data-action="ui:cancel"]')
    assert page.locator(".preview").count() == 0 and moves(page) == 0
    # a second tap on the same target confirms
    tap_and_wait(page, f'.board [data-action="{first}"]')
    tap_and_wait(page, f'.board [data-action="{first}"]')
    assert moves(page) == 1 and saved_record(page)["actions"] == [first]
    assert page.locator(".preview").count() == 0
    # the Confirm button plays the selection too
    nxt = page.locator(GAME_ACTION).first.get_attribute("data-action")
    tap_and_wait(page, f'main [data-action="{nxt}"]')
    assert moves(page) == 1
    tap_and_wait(page, CONFIRM)
    assert saved_record(page)["actions"] == [first, nxt]


def test_end_of_turn_is_confirmed_and_undo_works_before(page, base):
    # "Confirm every move" off (confirm=0): moves play at once, but the end of a turn with undoable
    # moves is still asked (unless it is the game's own end-turn button, a tap that says so)
    open_game(page, base, "game=barcelona&players=3&seed=42&confirm=0")
    for _ in range(40):
        n = moves(page)
        click_and_wait(page, GAME_ACTION, confirm=False)
        if page.locator(".btn.confirm.end-turn").count():
            break
        assert moves(page) == n + 1  # played at once: no confirmation asked mid-turn
    else:
        pytest.fail("no end of turn reached")
    n = moves(page)
    ending = page.locator(".preview").get_attribute("data-selected")
    assert page.locator(".btn.confirm.end-turn").inner_text() == "End turn"
    assert "Undo is possible until you confirm" in page.locator(".preview").inner_text()
    who = page.locator(".decision .prompt .seat").inner_text()
    # Undo before confirming: the last step of this turn comes back, the turn is still ours
    assert page.locator(UNDO).is_enabled()
    click_and_wait(page, UNDO)
    assert moves(page) == n - 1 and page.locator(".preview").count() == 0
    assert page.locator(".decision .prompt .seat").inner_text() == who
    # redo the same way, then confirm the end of the turn: the next player is up
    for _ in range(10):
        click_and_wait(page, GAME_ACTION, confirm=False)
        if page.locator(".btn.confirm.end-turn").count():
            break
    assert page.locator(".preview").get_attribute("data-selected") == ending
    click_and_wait(page, ".btn.confirm.end-turn")
    assert saved_record(page)["actions"][-1] == ending
    assert page.locator(".decision .prompt .seat").inner_text() != who


def test_last_move_marks_for_every_seat(table, tmp_path):
    page = start_game(table, "game=barcelona&players=3&seed=42")
    seats = set()
    for _ in range(80):
        play_step(page)  # picks first when needed; selects, then presses Confirm / End turn
        seats = set(page.eval_on_selector_all(".board .lastmove", "els => els.map(e => e.dataset.seat)"))
        if seats == {"0", "1", "2"}:
            break
    assert seats == {"0", "1", "2"}
    page.screenshot(path=tmp_path / "e2e-turnflow-lastmoves.png")


def test_handoff_lists_what_the_others_did(table):
    page = start_game(table, "game=barcelona&players=3&seed=42&hidden=1")
    names = ["Player 1", "Player 2", "Player 3"]
    handoffs = []
    for _ in range(120):
        if page.locator(HANDOFF).count():
            handoffs.append(page.locator(".handoff").inner_text())
            if len(handoffs) == 4:  # Player 1 again, after the others' turns
                break
            click_and_wait(page, HANDOFF)
            continue
        play_step(page)  # picks first when needed; presses Confirm / End turn
    assert len(handoffs) == 4 and "Pass the device to Player 1" in handoffs[3]
    summary = page.locator(".handoff .since")
    assert summary.is_visible()
    text = summary.inner_text()
    assert "Since Player 1's last turn" in text
    assert names[1] in text and names[2] in text  # both other seats' actions are listed
    assert page.locator(".handoff .since li").count() >= 2
    # the second hand-off (to Player 2) lists Player 1's turn
    assert names[0] in handoffs[1].split("last turn", 1)[1]


TAKE_BACK = '.handoff [data-action="ui:undo"]'


def test_a_turn_that_passed_is_taken_back_from_the_next_seats_card(page, base):
    """Strasbourg with hidden hands: the first turn that passes with nothing revealed (a task card
    kept) can be taken back until the next seat decides: the next seat's hand-off card offers
    "Back to <seat>'s turn", which leads through that seat's own card back to its decision. (That
    a plotting turn's last card asks no question: tests/web/test_turnflow.py.)"""
    open_game(page, base, "game=strasbourg&players=3&seed=5&hidden=1&confirm=0")
    mover = None
    for _ in range(80):
        if page.locator(HANDOFF).count():
            if page.locator(TAKE_BACK).count():
                break
            click_and_wait(page, HANDOFF)
            continue
        mover = page.locator(".decision .prompt .seat").inner_text().split("\n")[-1]  # the name, not its badge
        click_and_wait(page, GAME_ACTION, confirm=False)
        if page.locator(".btn.confirm").count():  # a question (a reveal): answered
            click_and_wait(page, ".btn.confirm")
    else:
        pytest.fail("no turn ended without a reveal")
    n, last = moves(page), saved_record(page)["actions"][-1]
    card = page.locator(".handoff").inner_text()
    assert f"Back to {mover}'s turn" in card
    click_and_wait(page, TAKE_BACK)
    assert moves(page) == n - 1
    assert f"Pass the device to {mover}" in page.locator(".handoff").inner_text()  # the seat's own card
    assert page.locator(".board .legal, .decision .btn.act").count() == 0  # nothing of its hand yet
    click_and_wait(page, HANDOFF)
    assert page.locator(".decision .prompt .seat").inner_text().split("\n")[-1] == mover
    assert page.locator(f'main [data-action="{last}"]').count()  # its turn as it was: that move offered again
