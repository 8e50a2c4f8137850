"""Issue 51 "Wrong or unclear", in the real page: the Hint says why in one line (web/model/hints.py
``why``: what the move gains by the computer's own evaluation), and History walks by turn and by
round (web/model/history.py ``turn_stops`` / ``round_stops``; docs/app-model.md "History and embed
mode"). The expected values come from the same pure code run here on the saved record."""

import json
import random
import re
from bisect import bisect_right

import pytest
from e2e_harness import load_record, new_game_text, start_game
from scripts.browser import click_and_wait, saved_record

import engine.barcelona as B
import engine.strasbourg as S
from engine import versions
from web.i18n import tr
from web.model.hints import why
from web.model.history import History


@pytest.mark.parametrize("game", ["barcelona", "strasbourg"])
def test_the_hint_says_why_in_one_line(table, game):
    page = start_game(table, f"game={game}&players=3&seed=4&hidden=0&botbudget=200")
    click_and_wait(page, '[data-action="ui:hint"]')
    page.wait_for_function("document.body.dataset.hint === 'shown'")
    hinted = page.locator("#app [data-action].hint").first.get_attribute("data-action")
    line = page.locator(".hint-text .hint-why")
    assert line.count() == 1, "the hint says what to do but not why"
    shown = line.inner_text().strip()
    g = versions.load(saved_record(page))
    action = next(a for a in g.legal_actions() if a.id == hinted)
    expected = why(g, action)
    assert expected is not None and shown == tr(expected).strip(), (shown, tr(expected))
    assert "\n" not in shown and shown


def _played(module, seed, moves):
    g = module.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g.record()


def _ordinal(history_bar):
    return int(history_bar.locator(".hist-step b").inner_text())


@pytest.mark.parametrize(
    "game, module, seed, moves", [("barcelona", B, 3, 70), ("strasbourg", S, 3, 120)], ids=["barcelona", "strasbourg"]
)
def test_history_steps_by_turn_and_by_round(table, game, module, seed, moves):
    """From the first step, "Next turn" stops exactly at each of turn_stops and "Next round" at
    each of round_stops (counted as the bar counts steps), then both are disabled at the end; the
    bar says which turn of how many; "Previous turn" goes back through the same stops."""
    record = _played(module, seed, moves)
    saved = json.loads(new_game_text(f"game={game}&players=3&seed={seed}&hidden=0"))  # with the app's meta
    page = load_record(table, {**saved, "actions": record["actions"]})
    h = History(record, module)
    turns, rounds = h.turn_stops(), h.round_stops()
    assert len(turns) > 4 and len(rounds) > 2, "the record is too short to walk by turn and round"
    click_and_wait(page, '[data-action="ui:history"]')
    bar = page.locator(".history-bar")
    assert _ordinal(bar) == h.count  # History opens on the last step
    for by, stops in (("turn", turns), ("round", rounds)):
        if not page.locator('[data-action="ui:hist-first"]').is_disabled():
            click_and_wait(page, '[data-action="ui:hist-first"]')
        seen = [_ordinal(bar)]
        for _ in range(len(stops) + 2):
            nxt = page.locator(f'[data-action="ui:hist-{by}-next"]')
            if nxt.is_disabled():
                break
            click_and_wait(page, f'[data-action="ui:hist-{by}-next"]')
            seen.append(_ordinal(bar))
            if by == "turn":
                said = re.search(r"(\d+)\D+(\d+)", bar.locator(".hist-step").inner_text().split("·")[1])
                assert int(said.group(2)) == len(turns) - 1
                assert int(said.group(1)) == max(1, min(len(turns) - 1, bisect_right(turns, stops[len(seen) - 1])))
        assert seen == [bisect_right(h.stops, k) - 1 for k in stops], by
        back = [seen[-1]]
        while not page.locator(f'[data-action="ui:hist-{by}-prev"]').is_disabled():
            click_and_wait(page, f'[data-action="ui:hist-{by}-prev"]')
            back.append(_ordinal(bar))
        assert back == seen[::-1], by
    click_and_wait(page, '[data-action="ui:hist-close"]')
