"""Banners end to end (web/model/banners.py): a computer seat's move is told over the board for the
speed's time; a hand-off in pass-and-play tells what the others did since that seat's last turn;
Next / Skip take them away and change nothing else. Waits are on page state only
(body[data-state], data-bot, data-banner); the speed's time is Playwright's fake clock."""

import pytest
import datetime
import os

from e2e_harness import wait_ready
from scripts.browser import PLAYABLE, click_and_wait, play_step, saved_record, state, wait_state_after

from web.model.banners import BANNER_MS
from web.model.settings import BOT_DELAY

CLOCK_START = datetime.datetime(2030, 1, 1, 12, 0, 0)
BANNER = "main section.banner"
HANDOFF = '[data-action="ui:handoff-ok"]'
SHOTS = os.environ.get("BANNER_SHOTS")  # a folder: the tests leave their screenshots there too


def shot(page, tmp_path, name):
    page.screenshot(path=tmp_path / name)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name))


def bot(page):
    return page.get_attribute("body", "data-bot")


def on_screen(page):
    """What a banner must not change: the game (its saved record) and the choices offered."""
    ids = page.eval_on_selector_all(
        'main [data-action]:not([data-action^="ui:"])', "els => els.map(e => e.dataset.action).sort()"
    )
    return len(saved_record(page)["actions"]), ids


# The fake time of the page's last drawing (body[data-state] changes on every redraw).
DRAWN_AT = """new MutationObserver(() => { window.__drawnAt = Date.now(); })
  .observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state"]});"""


@pytest.mark.own_context  # a fake clock lives in the context
def test_a_computer_move_is_a_banner_for_the_speeds_time(page, base, tmp_path):
    page.clock.install(time=CLOCK_START)
    page.add_init_script(DRAWN_AT)
    page.goto(f"{base}index.html?game=barcelona&players=2&seed=4&bots=1")  # speed: normal
    wait_ready(page)
    page.clock.pause_at(CLOCK_START + datetime.timedelta(hours=1))  # fires what is due, then stops
    for _ in range(30):  # the person's first turn
        if bot(page) is not None:
            break
        play_step(page)
    assert bot(page) == "1" and page.locator(BANNER).count() == 0  # the person's own moves: none
    first_move = len(saved_record(page)["actions"])
    # The computer plays on at its delay while its turn's banner is read (no banner holds it:
    # the audit, issue 51); the banner grows with each move of the turn.
    for k in range(200):
        if bot(page) is None:
            break
        before = state(page)
        page.clock.run_for(BOT_DELAY)
        wait_state_after(page, before)  # the computer moved (when its worker answered)
        if k == 1 and page.locator(BANNER).count():
            shot(page, tmp_path, "e2e-banner-computer.png")
    assert bot(page) is None  # the person's turn
    moves = len(saved_record(page)["actions"]) - first_move
    banner = page.locator(BANNER)
    assert banner.count() == 1 and page.get_attribute("body", "data-banner").split(":")[0] == "move"
    assert banner.get_attribute("role") == "status" and banner.get_attribute("aria-live") == "polite"
    assert "Player 2" in banner.inner_text()
    text = page.inner_text(f"{BANNER} .banner-text")
    assert moves >= 2 and (
        text.count(" · ") >= min(moves, 6) - 1 or text.count("\n") >= min(moves, 3) - 1
    )  # the whole turn
    assert page.locator(f'{BANNER} [data-action="ui:banner-skip"]').count() == 0  # one banner: OK
    # it stays the speed's time at the person's turn
    # (from the last drawing, which restarted its timer: run_for above may have run past it)
    page.clock.run_for(BANNER_MS["normal"] - 1 - page.evaluate("Date.now() - window.__drawnAt"))
    assert banner.count() == 1, "the banner went before its time"
    # the person's turn: the banner is over the board, the board under it is where it was
    board = page.locator(".board-scroll").bounding_box()
    box = page.locator(BANNER).bounding_box()
    assert board["y"] <= box["y"] and box["y"] + box["height"] <= board["y"] + board["height"]
    ok = page.locator(f'{BANNER} [data-action="ui:banner-next"]')
    b = ok.bounding_box()
    assert b["height"] >= 44 and b["width"] >= 44
    font = page.eval_on_selector(f"{BANNER} .banner-text p", "p => parseFloat(getComputedStyle(p).fontSize)")
    assert font >= 12
    game = on_screen(page)
    click_and_wait(page, ok, tap=False)
    assert page.locator(BANNER).count() == 0 and page.get_attribute("body", "data-banner") is None
    assert on_screen(page) == game


def test_pass_and_play_tells_what_happened_since_your_last_turn_once(page, base, tmp_path):
    """Hidden hands: the hand-off screen lists what the others did since this seat's last turn;
    the table after it repeats none of it as banners over the board (the audit, issue 51), only a
    scoring (a council) comes as a banner, at the person's pace (no timer), and OK takes it away."""
    # its own page: the shared one (`table`) runs with botdelay=0, which turns banners off
    page.goto(f"{base}index.html?game=strasbourg&players=3&seed=4&hidden=1")
    wait_ready(page)
    listed = scorings = 0
    for _ in range(400):
        if page.locator(HANDOFF).count():
            if page.locator("main section.since li").count():
                listed += 1
            click_and_wait(page, HANDOFF)
            while page.locator(BANNER).count():
                assert page.get_attribute(BANNER, "data-banner") == "scoring"  # no move told twice
                if scorings == 0:
                    shot(page, tmp_path, "e2e-banner-handoff.png")
                scorings += 1
                game = on_screen(page)
                click_and_wait(page, f'{BANNER} [data-action="ui:banner-next"]')
                assert on_screen(page) == game
            if scorings and listed >= 3:
                break
            continue
        if not page.locator(PLAYABLE).count():
            shot(page, tmp_path, "e2e-banner-stuck.png")
            raise AssertionError(
                page.evaluate("JSON.stringify(document.body.dataset)") + page.locator("main").inner_text()[:600]
            )
        play_step(page)
    assert listed >= 3 and scorings >= 1
