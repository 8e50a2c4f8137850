"""Embed mode (tutorial pages) and History (read-only time travel), end to end.

Barcelona only (the tutorial is Barcelona); every page is under the offline/console guard.
"""

import json

import pytest
from e2e_harness import start_game, wait_ready
from scripts.browser import PLAYABLE, SAVE_KEY, click_and_wait, play_step, saved_record

from web.model.history import embed_query, encode_record

try:
    import engine.barcelona as bcn
except ImportError:  # pragma: no cover
    bcn = None
pytestmark = pytest.mark.skipif(bcn is None or not hasattr(bcn, "new_game"), reason="no Barcelona engine")

SEAT0_TURN = ["place:0,1:WW", "act:v", "street:h2-1", "act:h", "improve:0", "act:done"]
SEED = 90  # seat 0 holds two working-class citizens (printed layout: B1 = 1 wide street / improve)
HIST = {k: f'[data-action="ui:hist-{k}"]' for k in ("prev", "next", "first", "last", "close")}


def record(actions=SEAT0_TURN, seed=SEED, names=2):
    g = bcn.new_game(names, seed, layout="printed")
    for a in actions:
        g.apply(a)
    return g.record()


def step_text(page_or_frame):
    return page_or_frame.inner_text(".hist-step")


def test_embed_never_touches_the_autosave(page, base):
    own = record(["place:0,0:UW"], seed=99, names=["Sentinel A", "Sentinel B"])
    own_text = json.dumps(own)
    url = base + "index.html" + embed_query(record(), step=3, controls=True, play=True)
    page.goto(url)
    wait_ready(page)
    page.evaluate(f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(own_text)})")
    page.reload()  # the embed boots with the reader's own saved game present
    wait_ready(page)
    assert "?embed=1" in page.url  # the link stays (a reload shows the same position)
    assert "Sentinel" not in page.inner_text("body")
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") == own_text
    assert page.locator(PLAYABLE).count() > 0  # play=1: the reader continues from step 3
    play_step(page)
    play_step(page)
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") == own_text
    # The moves just played are in the embed's own history (controls=1).
    click_and_wait(page, '[data-action="ui:history"]')
    assert "Step 5 of 5" in step_text(page)
    click_and_wait(page, HIST["close"])
    click_and_wait(page, '[data-action="ui:embed-reset"]')
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") == own_text


def test_history_steps_and_back_to_game_restores(table):
    page = start_game(table, f"game=barcelona&players=2&seed={SEED}&layout=printed")
    for aid in SEAT0_TURN[:3]:
        click_and_wait(page, f'main [data-action="{aid}"]')
    before, board = saved_record(page), page.inner_html(".board")
    click_and_wait(page, '[data-action="ui:history"]')
    assert "Step 3 of 3" in step_text(page)
    assert page.locator(PLAYABLE).count() == 0  # nothing playable in history
    heights = page.eval_on_selector_all(
        '[data-action^="ui:hist-"]',
        "els => els.map(e => Math.min(e.getBoundingClientRect().height, e.getBoundingClientRect().width))",
    )
    assert len(heights) == 9 and min(heights) >= 44  # first, back, next, last, close; turn and round back and next
    click_and_wait(page, HIST["first"])
    assert "Step 0 of 3" in step_text(page)
    start_board = page.inner_html(".board")
    click_and_wait(page, HIST["next"])
    assert "Step 1 of 3" in step_text(page)
    assert page.inner_html(".board") != start_board  # the citizens are on the board now
    assert "places" in page.text_content(".log li.current") and "places" in page.inner_text(".hist-move")
    click_and_wait(page, HIST["prev"])
    assert page.inner_html(".board") == start_board
    click_and_wait(page, HIST["last"])
    assert "Step 3 of 3" in step_text(page)
    assert saved_record(page) == before  # browsing never autosaves
    click_and_wait(page, HIST["close"])
    assert saved_record(page) == before
    assert page.inner_html(".board") == board
    assert page.locator(PLAYABLE).count() > 0
    play_step(page)
    assert len(saved_record(page)["actions"]) == 4


def test_history_with_hidden_hands_is_public(table):
    page = start_game(table, f"game=barcelona&players=2&seed={SEED}&layout=printed&hidden=1")
    click_and_wait(page, '[data-action="ui:handoff-ok"]')
    click_and_wait(page, f'main [data-action="{SEAT0_TURN[0]}"]')
    click_and_wait(page, '[data-action="ui:history"]')
    assert page.locator(".hist-note").is_visible() and "Move:" not in page.inner_text(".history-bar")
    click_and_wait(page, HIST["close"])
    assert page.locator(PLAYABLE).count() > 0


@pytest.mark.parametrize("kind", ["illegal action", "bad base64", "step"])
def test_tampered_embed_shows_a_clear_message(page, base, kind):
    rec = record()
    if kind == "illegal action":
        rec["actions"][2] = "street:nowhere"
        query = "?embed=1&controls=1&record=" + encode_record(rec)
        expect = "not legal"
    elif kind == "bad base64":
        query = "?embed=1&record=***"
        expect = "base64"
    else:
        query = embed_query(rec) + "&step=40"
        expect = "out of range"
    page.goto(base + "index.html" + query)
    wait_ready(page)
    assert expect in page.inner_text(".message")
    assert page.locator(".board").count() == 0 and page.locator("#new-game").count() == 0
    assert page.locator("[data-action]").count() == 0
    assert page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})") is None
