"""A turning point of a real game on an embedded board (docs/embedding.md "A turning point"), in
Chromium under the network guard: the tutorial page's board at its end and a frame that evaluates
the decision itself. Waits only on the element's own attributes (web/embed-board.js: data-live,
data-state, data-static), never on time."""

import json
from pathlib import Path

from tutorial.turning_points import TURNING_POINTS
from web.model.history import encode_record

ROOT = Path(__file__).resolve().parents[1]


def marks(loc):
    """{kind: action id} of the review marks drawn inside ``loc`` (web/kit/arrows.py)."""
    return {
        m.get_attribute("data-review"): m.get_attribute("data-id")
        for m in loc.locator("g.review-mark").element_handles()
    }


def redrawn(board, before):
    board.locator(f"xpath=self::*[@data-state>{before}]").wait_for(state="attached")


def test_the_tutorial_pages_turning_point_draws_both_moves_and_stays_drawn_until_the_reader_moves(page, base):
    tp = TURNING_POINTS["barcelona"]
    played = tp["record"]["actions"][tp["at"]]
    page.goto(base + "tutorial/barcelona.html")
    board = page.locator("#board-turning-point")
    board.scroll_into_view_if_needed()
    static = board.locator(".eb-static")
    assert marks(static) == {"played": played, "better": tp["better"]}
    for kind in ("played", "better"):
        assert static.locator(f"g.review-mark.{kind}").is_visible()
    assert static.locator("g.review-arrow").count() == 1
    words = static.locator(".eb-turning").inner_text()
    assert "Player 2 played: Place on E3" in words and "The Hard level prefers: Place on D5" in words
    assert f"about {round(tp['loss'])} VP worse" in words
    assert page.evaluate("window.euroBoards.runtimes") == 0  # the picture needs no runtime
    # live: the same two moves until the reader plays one, back with Back to the position
    board.locator(".eb-play").click()
    board.locator("xpath=self::*[@data-live='1' or @data-live='error']").wait_for(state="attached")
    assert board.get_attribute("data-live") == "1", board.inner_text()
    live = board.locator(".eb-live")
    assert marks(live) == {"played": played, "better": tp["better"]}
    assert live.locator(".eb-turning").inner_text() == words
    before = int(board.get_attribute("data-state"))
    pick = live.locator('[data-action="ui:pick:4,3"]')
    if pick.count():  # the placement is a two-step choice: the intersection, then the citizens
        pick.first.click()
        redrawn(board, before)
        before = int(board.get_attribute("data-state"))
    live.locator(f'[data-action="{tp["better"]}"]').first.click()
    redrawn(board, before)
    assert marks(live) == {} and live.locator(".eb-turning").is_visible()
    before = int(board.get_attribute("data-state"))
    board.locator(".eb-reset").click()
    redrawn(board, before)
    assert marks(live) == {"played": played, "better": tp["better"]}


def test_a_frame_with_only_at_evaluates_the_decision_and_a_bad_at_gets_a_short_message(page, base):
    rec = json.loads((ROOT / "tests/fixtures/records/strasbourg-3p-bot-end.json").read_text())
    rec = encode_record(rec.get("record", rec))
    tp = TURNING_POINTS["strasbourg"]  # the same decision: the review's figures, found in Pyodide
    page.goto(f"{base}tutorial/frame.html?record={rec}&at={tp['at']}&lang=en")
    board = page.locator("euro-board")
    board.locator("xpath=self::*[@data-static='1' or @data-live='error']").wait_for(state="attached")
    assert board.get_attribute("data-static") == "1", board.inner_text()
    played = "shop:2,6"
    assert marks(board.locator(".eb-static")) == {"played": played, "better": tp["better"]}
    words = board.locator(".eb-turning").inner_text()
    assert f"about {round(tp['loss'])} VP worse" in words and "The Hard level prefers: Buy" in words
    page.goto(f"{base}tutorial/frame.html?record={rec}&at=9999&lang=de")
    board = page.locator("euro-board")
    board.locator("xpath=self::*[@data-live='error']").wait_for(state="attached")
    text = board.locator(".eb-error").inner_text()
    assert text.startswith("at=9999 liegt außerhalb des Bereichs") and len(text) < 200
    assert not board.locator("svg").count()  # nothing drawn


def test_open_the_app_of_a_turning_point_opens_its_position(page, base):
    """toolbar="1": "Open the app" goes to the position before the decision (at= as the app's step)."""
    tp = TURNING_POINTS["barcelona"]
    record = encode_record(tp["record"])
    body = (
        '<!doctype html><html lang="en"><head><script src="../web/embed-board.js" defer></script></head><body>'
        f'<euro-board id="b" record="{record}" at="{tp["at"]}" better="{tp["better"]}" loss="{tp["loss"]}" '
        'toolbar="1"><div class="eb-static"></div></euro-board></body></html>'
    )
    page.route(f"{base}tutorial/turning-toolbar.html", lambda route: route.fulfill(content_type="text/html", body=body))
    page.goto(f"{base}tutorial/turning-toolbar.html")
    link = page.locator("#b a.eb-app")
    link.wait_for(state="attached")
    from urllib.parse import parse_qs, urlparse

    query = parse_qs(urlparse(link.get_attribute("href")).query)
    assert query["step"] == [str(tp["at"])] and query["record"] == [record] and query["embed"] == ["1"]
    assert page.evaluate("window.euroBoards.runtimes") == 0
