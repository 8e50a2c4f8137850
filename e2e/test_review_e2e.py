"""The game review through the page (issue 52): a game imported one decision before its end, the
last decision played, the review opened from the end screen: the chart (one line per player), the
sources adding up to each final score, the evaluation in the worker with its progress bar and
Cancel, a turning point opening History with both moves drawn, the review stored with the saved
game (opened again after a reload: complete at once), and the saved-games list's Review. A game in
progress offers no review and its page holds nothing of it.

No clock: ``euroBot.hold(true)`` keeps the worker's review waiting between two slices until
``hold(false)`` (web/worker.js), so "the evaluation is running" is a state the test sets."""

import pytest
from e2e_harness import load_record, near_the_end, wait_ready
from scripts.browser import click_and_wait, play_step, saved_record, state, wait_state_after

import engine
from engine.core.rng import Rng
from engine.core.registry import get

REVIEW = '[data-action="ui:review"]'
# Every message the page posts to a worker, recorded (as e2e/test_worker_e2e.py does)
RECORD_POSTS = """(() => {
  const post = Worker.prototype.postMessage;
  window.__posted = [];
  Worker.prototype.postMessage = function (m, ...rest) {
    window.__posted.push(JSON.parse(JSON.stringify(m)));
    return post.call(this, m, ...rest);
  };
})();"""
REVIEW_POSTS = "window.__posted.filter(m => m.type === 'review').length"


def finished_game(name, players, seed):
    """A game of ``name`` played to its end by its first (cheapest) bot level, in this process."""
    spec = get(name)
    policy = spec.bot(next(iter(spec.bots)))
    g, rng = engine.game_module(name).new_game([f"P{i + 1}" for i in range(players)], seed), Rng(seed)
    while not g.is_over:
        choice = policy(g, rng)
        g.apply(getattr(choice, "id", choice))
    return g


@pytest.fixture(scope="module")
def last_decision():
    """A Barcelona record one decision before its end, and the finished game's final scores."""
    g = finished_game("barcelona", 2, 5)
    return near_the_end(g, 1, actions_left=1), list(g.scores())


def review_state(page):
    return page.get_attribute(".review", "data-review-state")


# A hang guard, not an expectation: a whole 2-player review is ~25 s in the worker on a quiet
# machine (bench/review_browser.py) and minutes on a loaded one.
REVIEW_GUARD = 1_200_000


def wait_review(page, want):
    page.wait_for_function(
        f"document.querySelector('.review')?.dataset.reviewState === {want!r}", timeout=REVIEW_GUARD, polling=500
    )


def check_quick_part(page, finals):
    """One line per player; each player's sources add up to the final score, which is the game's."""
    assert page.locator(".review-svg polyline.line").count() == len(finals)
    rows = page.locator(".source-row")
    assert rows.count() == len(finals)
    for i in range(len(finals)):
        row = rows.nth(i)
        parts = [int(x) for x in row.locator(".parts li").evaluate_all("els => els.map(e => e.dataset.vp)")]
        assert parts, "every player has sources"
        assert sum(parts) == int(row.get_attribute("data-final")) == finals[i]
        segs = [int(x) for x in row.locator(".bar .seg").evaluate_all("els => els.map(e => e.dataset.vp)")]
        assert sum(segs) == finals[i]  # the bar's parts too


def test_review_after_the_last_decision(page, base, last_decision):
    record, finals = last_decision
    page.goto(f"{base}index.html?botdelay=0&confirm=0")
    wait_ready(page)
    load_record(page, record)
    assert page.locator(REVIEW).count() == 0  # in progress: no review
    while page.get_attribute("body", "data-game-over") != "1":
        play_step(page)
    assert page.locator(".end " + REVIEW).count() == 1
    # The quick part at once, while the worker is held: the chart and the sources
    page.evaluate("euroBot.hold(true)")
    page.wait_for_function("euroBot.status() === 'ready'")  # the review's first slice is held, not queued
    click_and_wait(page, REVIEW)
    assert page.get_attribute("body", "data-screen") == "review"
    check_quick_part(page, finals)
    page.wait_for_function("euroBot.reviewing()")
    page.wait_for_selector(".review-progress progress")
    assert review_state(page) == "running"
    # Cancel: stopped at once; the worker's state comes back and is stored with the game
    click_and_wait(page, '[data-action="ui:review-cancel"]')
    assert review_state(page) == "stopped"
    before = state(page)
    page.evaluate("euroBot.hold(false)")
    page.wait_for_function("!euroBot.reviewing()")
    wait_state_after(page, before)  # the worker's last reply taken (and saved)
    stored = saved_record(page)["meta"]["review"]
    assert stored, "the state evaluated before the Cancel is stored with the game"
    # Go on to the end of the evaluation
    click_and_wait(page, '[data-action="ui:review-resume"]')
    wait_review(page, "complete")
    accuracies = page.locator(".review-player .accuracy").evaluate_all("els => els.map(e => e.dataset.accuracy)")
    assert len(accuracies) == len(finals) and all(a.isdigit() and 0 <= int(a) <= 100 for a in accuracies)
    assert "review" in saved_record(page)["meta"]
    # The chart's table alternative and a turn of the chart open History at that step
    click_and_wait(page, '[data-action="ui:review-turn:0"]')
    at = page.locator(".review-readout [data-action^='ui:review-at:']").get_attribute("data-action")
    click_and_wait(page, f'.review-readout [data-action="{at}"]')
    assert page.get_attribute("body", "data-screen") == "history"
    click_and_wait(page, '[data-action="ui:hist-close"]')
    assert page.get_attribute("body", "data-screen") == "review"
    click_and_wait(page, '[data-action="ui:review-table"]')
    assert page.locator(".review-table tbody tr").count() == page.locator(".review-svg .band").count() > 0
    # A turning point: its card draws both moves; opened, History at its decision draws them too
    cards = page.locator(".turning")
    assert cards.count() >= 1
    both = [
        i
        for i in range(cards.count())
        if cards.nth(i).locator(".review-mark.played").count() and cards.nth(i).locator(".review-mark.better").count()
    ]
    assert both, "some turning point has both moves on the board"
    i = both[0]
    card_at = int(cards.nth(i).get_attribute("data-at"))
    click_and_wait(page, cards.nth(i).locator(f'[data-action="ui:review-tp:{i}"]'))
    assert page.get_attribute("body", "data-screen") == "history"
    assert page.locator(".hist-step b").inner_text() == str(card_at)
    assert page.locator("main svg .review-mark.played").count() >= 1
    assert page.locator("main svg .review-mark.better").count() >= 1
    click_and_wait(page, '[data-action="ui:hist-close"]')
    assert page.get_attribute("body", "data-screen") == "review"
    box, height = cards.nth(i).bounding_box(), page.viewport_size["height"]
    assert box["y"] < height and box["y"] + box["height"] > 0, "back at the turning point, not at the top"
    # Stored with the saved game: after a reload the review is complete at once
    page.reload()
    wait_ready(page)
    assert page.get_attribute("body", "data-game-over") == "1"
    before = state(page)
    page.locator(REVIEW).first.click()
    wait_state_after(page, before)
    assert review_state(page) == "complete"
    assert not page.evaluate("euroBot.reviewing()")
    check_quick_part(page, finals)


def test_a_game_in_progress_offers_no_review(page, base, last_decision):
    """Nothing of the review on the table, in History or in the saved-games list while a game is in
    progress; the finished game's slot offers it."""
    record, finals = last_decision
    page.add_init_script(RECORD_POSTS)
    page.goto(f"{base}index.html?botdelay=0&confirm=0")
    wait_ready(page)
    load_record(page, record)
    html = page.inner_html("#app")
    assert "ui:review" not in html and "review-" not in html and 'class="review' not in html
    click_and_wait(page, '[data-action="ui:history"]')
    assert "ui:review" not in page.inner_html("#app")
    click_and_wait(page, '[data-action="ui:hist-close"]')
    click_and_wait(page, '[data-action="ui:new-game"]')
    assert page.locator('[data-action^="ui:slot-review:"]').count() == 0  # its slot: in progress
    click_and_wait(page, '[data-action="ui:resume"]')
    assert page.evaluate(REVIEW_POSTS) == 0  # nothing of the game was sent to be reviewed
    while page.get_attribute("body", "data-game-over") != "1":
        play_step(page)
    click_and_wait(page, '[data-action="ui:new-game"]')
    assert page.evaluate(REVIEW_POSTS) == 0  # finished, but no review asked for yet
    slot = page.locator('[data-action^="ui:slot-review:"]')
    assert slot.count() == 1
    before = state(page)
    slot.click()
    page.wait_for_function(
        f"Number(document.body.dataset.state) > {before} && document.body.dataset.screen === 'review'"
    )
    check_quick_part(page, finals)
