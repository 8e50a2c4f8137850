"""The solo game against Gaudí end to end (the solo summary; engine/barcelona/solo_setup.py):
the new-game form offers "1 player (against Gaudí)" with his options; one person plays a whole game
by clicks; Gaudí's turns run by themselves, shown step by step (botdelay=0 here; the one test of
the visible delay uses Playwright's fake clock, so nothing waits on wall-clock time); his pawn,
card region, board and last-move marks are drawn; the end screen shows his score breakdown."""

import pytest
import datetime

from e2e_harness import load_record, near_the_end, wait_ready
from scripts.browser import click_and_wait, play_step, saved_record, state, wait_no_bot, wait_state_after

import engine
from engine.barcelona import bot

CLOCK_START = datetime.datetime(2030, 1, 1, 12, 0, 0)
SOLO_SEED = 3
SOLO_LAST_ACTIONS = 30  # the imported game's last actions, played by clicks to the end


def start_solo_from_form(page, base, query="botdelay=0"):
    page.goto(f"{base}index.html?{query}")
    wait_ready(page)
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    before = state(page)
    page.select_option('select[name="game"]', "barcelona")
    wait_state_after(page, before)
    labels = page.locator('select[name="players"] option').all_inner_texts()
    assert "1 player (against Gaudí)" in labels
    # the solo options appear with 1 player only
    assert page.locator('fieldset[data-option="difficulty"]').count() == 0
    before = state(page)
    page.select_option('select[name="players"]', "1")
    wait_state_after(page, before)
    assert "difficulty" in page.locator('fieldset[data-option="difficulty"] legend').inner_text()
    page.check('input[name="difficulty"][value="hard"]')
    page.check('input[name="rules"][value="2.0"]')
    # the booklet's optional variant: off unless chosen
    assert "Sagrada" in page.locator('fieldset[data-option="sagrada_gr"] legend').inner_text()
    assert page.is_checked('input[name="sagrada_gr"][value="off"]')
    page.check('input[name="sagrada_gr"][value="on"]')
    click_and_wait(page, '[data-action="ui:start"]')
    rec = saved_record(page)
    assert rec["players"] and len(rec["players"]) == 1
    assert rec["options"]["difficulty"] == "hard" and rec["options"]["rules"] == "2.0"
    assert rec["options"]["sagrada_gr"] == "on"


def test_solo_game_to_the_end_by_clicks(page, base, tmp_path):
    """From the form (its solo options) to the end screen: the game of the form's options is
    imported at its last turns and played by clicks to the end (Gaudí's turns from the start by
    clicks: test_gaudis_turn_is_shown_step_by_step; a whole game through the page:
    e2e/test_barcelona.py)."""
    start_solo_from_form(page, base)
    opts = saved_record(page)["options"]
    g = engine.game_module("barcelona").new_game(1, seed=SOLO_SEED, **opts)
    while not g.is_over:
        g.apply(bot.choose(g, None))
    load_record(page, near_the_end(g, None, actions_left=SOLO_LAST_ACTIONS))
    clicks = gaudi_seen = marks_seen = 0
    for _ in range(600):
        wait_no_bot(page)
        if page.get_attribute("body", "data-game-over") == "1":
            break
        g = engine.replay(saved_record(page))
        assert g.current_player == 0 and not g.is_over  # Gaudí never decides
        if g.solo["turns"]:
            gaudi_seen += 1
            assert page.locator('[data-region="gaudi"]').count() == 1  # his card region
            assert page.locator('[data-region="player:1"]').count() == 1  # his board
            assert "Gaudí's pawn" in page.locator(".region-board").inner_html()
            marks_seen += page.locator('.lastmove[data-seat="1"]').count()
        play_step(page)
        clicks += 1
    wait_no_bot(page)
    assert page.get_attribute("body", "data-game-over") == "1", "the game ends"
    g = engine.replay(saved_record(page))
    assert g.is_over and g.solo["turns"] >= 5 and gaudi_seen and marks_seen
    end = page.locator(".end")
    text = end.inner_text()
    assert ("Gaudí wins!" in text) == (g.winners() == [])
    assert end.locator('th[title="Gaudí"]').count() == 1
    assert end.locator('th[title="Gaudí"] svg.mark text').text_content() == "G"  # his letter, not seat B's
    assert "Sagrada variant" in page.locator('[data-region="gaudi"]').inner_html()
    assert "Gaudí Rewards (end)" in text
    assert page.locator(".log li").filter(has_text="Gaudí: reveals card").count() >= 1
    page.screenshot(path=tmp_path / "e2e-solo-end.png")


def board_pieces(page):
    """What lies on the main board: the tooltips of its citizens and buildings (not the marks or
    the targets, which change with the screen anyway)."""
    return page.evaluate("""() => [...document.querySelectorAll('.region-board title')]
        .map(t => t.textContent).filter(s => s.includes(': citizens') || s.includes(' building')).sort()""")


def region_text(page, name):
    """The words (tooltips included) of one region of the table, e.g. "tracks", "player:1"."""
    return page.evaluate(
        "(n) => [...document.querySelectorAll('[data-region]')]"
        ".filter(r => r.dataset.region === n).map(r => r.textContent).join('|')",
        name,
    )


SIDE = ("tracks", "player:1")  # regions no last-move mark lands in (his marks are board places)


@pytest.mark.own_context  # a fake clock lives in the context
def test_gaudis_turn_is_shown_step_by_step_with_the_delay(page, base, tmp_path):
    """His first step (the card) shows at once; each further step comes after the delay; the
    board shows the table after the step on show, not the end of his turn."""
    delay = 600
    page.set_viewport_size({"width": 1024, "height": 768})
    page.clock.install(time=CLOCK_START)
    page.goto(f"{base}index.html?game=barcelona&players=1&seed=3&botdelay={delay}")
    wait_ready(page)
    page.clock.pause_at(CLOCK_START + datetime.timedelta(hours=1))
    for _ in range(40):
        if page.get_attribute("body", "data-bot") == "auto":
            break
        play_step(page)
    assert page.get_attribute("body", "data-bot") == "auto", "Gaudí's turn follows the person's"
    bar = page.locator(".decision.auto-turn")
    assert bar.count() == 1 and "Gaudí's turn" in bar.inner_text()
    assert page.locator(".auto-steps li").count() == 1
    assert page.locator('main [data-action]:not([data-action^="ui:"])').count() == 0  # nothing to click
    page.screenshot(path=tmp_path / "e2e-solo-gaudi-turn.png")
    page.locator(".region-board").screenshot(path=tmp_path / "e2e-solo-gaudi-step-1.png")
    first = board_pieces(page)
    first_side = {name: region_text(page, name) for name in SIDE}
    last = first
    shown = 1
    while page.get_attribute("body", "data-bot") == "auto":
        before = state(page)
        page.clock.run_for(delay - 1)
        assert state(page) == before, "a step came too early"
        page.clock.run_for(1)
        wait_state_after(page, before)
        shown += 1
        if page.get_attribute("body", "data-bot") == "auto":
            assert page.locator(".auto-steps li").count() == shown
            last = board_pieces(page)
            page.screenshot(path=tmp_path / "e2e-solo-gaudi-turn-last.png")
            page.locator(".region-board").screenshot(path=tmp_path / f"e2e-solo-gaudi-step-{shown}.png")
    g = engine.replay(saved_record(page))
    assert shown == len(g.solo["steps"]) >= 2  # every step of his turn was shown, one by one
    # The board shows the table as it stood after the step on show: his card first (none of his
    # pieces of this turn yet), his placed citizens / building with later steps.
    kinds = [x["step"] for x in g.solo["steps"]]
    assert kinds[0] == "card" and "place" in kinds[1:-1]
    assert first != last, "the board changed between his first and his last step shown"
    assert board_pieces(page) != first
    assert page.locator('.lastmove[data-seat="1"]').count() >= 1
    # The side regions too (tracks, his board): at his first step they showed the table before his
    # turn; they change on the page exactly where the engine's step tables say they do.
    from web.boards.barcelona import render_regions
    from web.model.automaton import as_of_step

    v = g.view(0)

    def drawn(view):
        return {r.name: r.svg for r in render_regions(view, [])}

    at_first, at_end = drawn(as_of_step(v, 1)), drawn(v)
    changed = {name: at_first[name] != at_end[name] for name in SIDE}
    assert any(changed.values()), "his turn changed a side region"
    for name in SIDE:
        assert (region_text(page, name) != first_side[name]) == changed[name], name
