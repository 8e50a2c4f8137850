"""Help on a tablet: its Close stays in reach while the long card is read, and another screen
(History from the toolbar) starts at its top, not at Help's scroll position (playtest: a blank
page 2,142 px down). Hint: its target is scrolled into sight on a zoomed board."""

from e2e_harness import start_game
from scripts.browser import click_and_wait, play_step
from test_tablet import IN_SIGHT


SCROLLED = "document.querySelector('main.screen').scrollTop"


def in_view(page, selector):
    return page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.height > 0; }"
    )


def test_help_close_in_reach_and_history_after_help_starts_at_the_top(table):
    page = start_game(table, "game=barcelona&players=2&seed=3")
    play_step(page)  # History needs a move to show
    click_and_wait(page, '[data-action="ui:help"]')
    page.evaluate("document.querySelector('main.screen').scrollTop = 1e6")
    assert page.evaluate(SCROLLED) > 0  # the card is longer than the screen
    assert in_view(page, ".help-close")  # its top Close came along (sticky)
    click_and_wait(page, '[data-action="ui:history"]')
    assert page.locator(".card.help").count() == 0
    assert page.evaluate(SCROLLED) == 0
    assert in_view(page, ".history-bar")
    click_and_wait(page, '[data-action="ui:hist-close"]')
    click_and_wait(page, '[data-action="ui:help"]')
    page.evaluate("document.querySelector('main.screen').scrollTop = 1e6")
    click_and_wait(page, ".help-close")  # the top Close closes Help ...
    assert page.locator(".card.help").count() == 0 and in_view(page, ".decision")
    assert page.evaluate(SCROLLED) == 0  # ... and the table is where it was


def test_hint_brings_its_target_into_sight_on_a_zoomed_board(table):
    page = start_game(table, "game=barcelona&players=2&seed=3")
    for _ in range(3):
        click_and_wait(page, '[data-action="ui:zoom-in"]')
    # the board's box shows its top-left corner only; Barcelona's first decision (where to place
    # citizens) has targets all over the grid, the suggested one most likely elsewhere
    page.evaluate(
        "const sc = document.querySelector('.board-scroll'); sc.scrollLeft = sc.scrollWidth; sc.scrollTop = sc.scrollHeight"
    )
    click_and_wait(page, '[data-action="ui:hint"]')
    page.wait_for_function("document.body.dataset.hint === 'shown'")
    assert page.locator("main [data-action].hint:visible").first.evaluate(IN_SIGHT)
    click_and_wait(page, '[data-action="ui:zoom-fit"]')
