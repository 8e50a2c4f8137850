"""The tray (web/table_panels.tray; issue 25 "A choice that is not on the visible board is a button"):
on a tablet in portrait, Strasbourg's task cards (drawn on the own board, below the city) are buttons
under the board, tapped there with the whole board in sight; in landscape the side column shows
them and the tray is hidden."""

import pytest
from e2e_harness import start_game
from scripts.browser import click_and_wait
from tests.support.table_fit import measure


@pytest.fixture
def portrait(request, tables):
    yield from tables.lend(request, viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True)


def _ids(page, sel):
    return page.eval_on_selector_all(sel, "els => els.map(e => e.dataset.action)")


def test_task_cards_are_tapped_in_the_tray_with_the_board_in_sight(portrait):
    page = start_game(portrait, "game=strasbourg&players=3&seed=7&hidden=0")
    page.wait_for_function("!document.body.dataset.refit")
    tray = page.locator(".layout > .tray")
    assert tray.is_visible()
    drops = _ids(page, ".layout > .tray [data-action]")
    assert len(drops) >= 2 and all(a.startswith("drop:") for a in drops)
    # the same choices are drawn on the own board, below the city (out of sight without the tray)
    assert sorted(_ids(page, '.region-own [data-action^="drop:"]')) == sorted(drops)
    m = measure(page)
    assert m["board_in"] and not m["missing"] and not m["board_covered"], m
    box = tray.bounding_box()
    assert box["y"] + box["height"] <= 1024 + 1  # the whole tray on screen
    first = drops[0]
    click_and_wait(page, tray.locator(f'[data-action="{first}"]'), tap=True)
    left = _ids(page, ".layout > .tray [data-action]")
    assert first not in left and len(left) == len(drops) - 1  # that card is gone, the others stay
    assert measure(page)["board_in"]


def test_no_tray_where_the_side_column_shows_the_own_board(table):
    page = start_game(table, "game=strasbourg&players=3&seed=7&hidden=0")  # 1024x768 landscape
    assert page.locator(".layout > .tray").count() == 1 and not page.locator(".layout > .tray").is_visible()
    m = measure(page)
    assert not m["missing"], m  # the task cards are reached in the side column
