"""The game review's model and HTML (web/model/review_view.py, web/screens/review_panels.py,
web/worker/review.py) on recorded games of both games. The analysis is the package ``review``;
these tests run the screen on a stand-in of its API (tests/web/review_standin.py) so that they
check the screen, not the analysis: one line per player, sources adding up to the final score,
turning points drawn with both moves, nothing of a review while a game is in progress, the
state stored with the saved game and read back, bad stored data ignored, the worker's jobs."""

import itertools
import json
import re
from pathlib import Path

import pytest

import engine  # noqa: F401  (registers the games)
from tests.web import review_standin
from web.base import renderer as renderer_api
from web.model.games import SetupError
from web.model.history import History
from web.model.open_record import engine_of
from web.model.review_view import vp_words
from web.model.session import Session
from web.screens import panels
from web.worker import review as worker_review

RECORDS = Path(__file__).resolve().parent.parent / "fixtures" / "records"
ENDS = ["barcelona-2p-bot-end.json", "strasbourg-3p-bot-end.json", "barcelona-4p-random-end.json"]


def record(name):
    return json.loads((RECORDS / name).read_text())["record"]


def session_of(rec, state=None):
    s = Session()
    text = dict(rec, meta={"review": state}) if state is not None else rec
    s.load_text(json.dumps(text))
    s.review.load = lambda: review_standin
    return s


def evaluate_all(s):
    """Run the review's worker job to its end in this process, as web/worker.js drives it."""
    job, text = s.review.worker_request()
    out = json.loads(worker_review.begin(job, text, load=lambda: review_standin))
    while not out.get("finished"):
        assert s.review.progress(job, out)
        out = json.loads(worker_review.work(job))
    assert s.review.progress(job, out)


@pytest.mark.parametrize("name", ENDS)
def test_the_chart_has_one_line_per_player_and_the_sources_add_up(name):
    rec = record(name)
    s = session_of(rec)
    assert s.screen == "over" and 'data-action="ui:review"' in panels.screen(s)
    s.review.open()
    assert s.screen == "review"
    html = panels.screen(s)
    finals = list(s.game.scores())
    lines = re.findall(r'<polyline class="line" data-seat="(\d+)" points="([^"]+)"', html)
    assert [int(seat) for seat, _ in lines] == list(range(len(finals)))
    turns = len(s.review.quick["turns"])
    for _, pts in lines:
        assert len(pts.split()) == turns + 1  # the start and every turn
    for seat, final in enumerate(finals):
        row = re.search(
            rf'<li class="source-row" data-seat="{seat}" data-final="(-?\d+)" data-sum="(-?\d+)">(.*?)</li></ul></li>',
            html,
            re.S,
        )
        assert row and int(row.group(1)) == final == int(row.group(2))
        words = [int(v) for v in re.findall(r'<li data-source="[^"]+" data-vp="(-?\d+)">', row.group(3))]
        bars = [
            int(v) for v in re.findall(r'<span class="seg[^"]*" data-source="[^"]+" data-vp="(-?\d+)"', row.group(3))
        ]
        assert sum(words) == sum(bars) == final
    # the table alternative: one row per turn, each with its board; a turn picked on the chart
    s.review.toggle_table()
    s.review.select_turn(turns - 1)
    html = panels.screen(s)
    table = html.split('id="review-table"', 1)[1]
    assert table.count("ui:review-at:") == turns
    assert f'data-action="ui:review-at:{s.review.quick["turns"][-1]["at"]}"' in html.split('class="review-readout"')[1]
    assert "None" not in html  # a game without rounds says none


def test_turning_points_are_drawn_with_both_moves_and_open_history_there():
    rec = record("barcelona-2p-bot-end.json")
    s = session_of(rec)
    s.review.open()
    assert s.review.wants_worker()
    evaluate_all(s)
    assert s.review.complete and not s.review.wants_worker()
    tps = s.review.result["turning_points"]
    html = panels.screen(s)
    assert html.count('<li class="turning"') == len(tps) > 0
    cards = html.split('<li class="turning"')[1:]
    assert any('data-review="played"' in c and 'data-review="better"' in c for c in cards)
    for i, tp in enumerate(tps):
        assert f'data-action="ui:review-tp:{i}"' in cards[i]
    # a redraw (the worker's next figures, a tap) sends the drawings the page shows as placeholders
    first = panels.draw(s)
    again = panels.draw(s, keep=first.sent)
    names = [n for n in first.sent if n.startswith("tp")]
    assert len(names) >= len(tps) and "review-mark" not in again.html
    assert all(f'<svg data-keep="{n}"></svg>' in again.html for n in names)
    # History at the decision, both moves drawn on its board
    tp = next(tp for tp, c in zip(tps, cards) if 'data-review="better"' in c)
    s.browse.open_review(tp["at"], [(tp["seat"], tp["played"], tp["better"])])
    assert s.screen == "history" and s.browse.history.step == tp["at"]
    hist = panels.screen(s)
    assert 'data-review="better"' in hist and f'data-id="{tp["better"]}"' in hist
    assert "Back to the review" in hist
    s.browse.close()
    assert s.screen == "review"


@pytest.mark.parametrize("name", ["barcelona-2p-bot-end.json", "strasbourg-3p-bot-end.json"])
def test_the_arrows_keyword_rings_both_moves_and_joins_them(name):
    """The renderers draw a move played and a better one where their ids point (like a last
    move), with an arrow between them when both are on one drawing."""
    rec = record(name)
    s = session_of(rec)
    h = History(rec, engine_of(s.game), hidden=False)
    rend = renderer_api.of(rec["game"])
    found = 0
    for k in range(0, len(rec["actions"]), 3):
        g = h.game_at(k)
        seat = g.current_player
        legal = [a.id for a in g.legal_actions()]
        played = rec["actions"][k]
        for better in legal:
            if better == played:
                continue
            regions = renderer_api.draw_regions(rend, g.view(seat), [], None, arrows=[(seat, played, better)])
            both = [r for r in regions if 'data-review="played"' in r.svg and 'data-review="better"' in r.svg]
            if both:
                assert all("review-arrow" in r.svg for r in both)
                found += 1
                break
        if found >= 3:
            break
    assert found >= 3
    # without the keyword nothing of it is drawn
    plain = renderer_api.draw_regions(rend, h.game_at(5).view(None), [], None)
    assert not any("review-mark" in r.svg for r in plain)


def test_a_game_in_progress_offers_no_review():
    rec = record("barcelona-2p-bot-mid.json")
    s = session_of(rec)
    assert s.screen == "play" and not s.review.can_open()
    html = panels.screen(s)
    assert "ui:review" not in html and "review-" not in html
    with pytest.raises(SetupError):
        s.review.open()
    with pytest.raises(SetupError):
        s.browse.open_review(3)
    s.browse.open()
    assert "ui:review" not in panels.screen(s)
    s.browse.close()
    # the saved-games list: Review only for a finished game
    s.saves.slots = [
        {"id": "a1", "game": "barcelona", "players": ["A", "B"], "date": "2026-01-01", "moves": 9, "over": False},
        {"id": "b2", "game": "barcelona", "players": ["A", "B"], "date": "2026-01-02", "moves": 99, "over": True},
    ]
    s.new_game_screen()
    form = panels.screen(s)
    assert "ui:slot-review:b2" in form and "ui:slot-review:a1" not in form
    assert json.loads(s.save_text())["meta"].get("review") is None


def test_the_review_is_stored_with_the_game_and_read_back():
    rec = record("strasbourg-3p-bot-end.json")
    s = session_of(rec)
    s.review.open()
    evaluate_all(s)
    saved = json.loads(s.save_text())
    assert saved["meta"]["review"] == s.review.state
    again = Session()
    again.load_text(json.dumps(saved))
    again.review.load = lambda: review_standin
    again.review.open()
    assert again.review.complete and not again.review.wants_worker()  # at once: no worker job
    assert again.review.result["turning_points"] == s.review.result["turning_points"]


@pytest.mark.parametrize("bad", [{"evaluated": "x"}, {"nothing": 1}, ["not", "a", "dict"], "text", 7])
def test_bad_stored_review_data_is_ignored(bad):
    rec = record("strasbourg-3p-bot-end.json")
    s = session_of(rec, state=bad)
    s.review.open()
    assert s.review.done == 0 and s.review.wants_worker()
    assert s.screen == "review"


def test_cancel_keeps_what_was_evaluated_and_resume_goes_on():
    rec = record("barcelona-2p-bot-end.json")
    s = session_of(rec)
    s.review.open()
    job, text = s.review.worker_request()
    out = json.loads(worker_review.begin(job, text, load=lambda: review_standin))
    s.review.progress(job, out)
    ticks = itertools.count()  # a clock a second further at every look: one slice = one step
    out = json.loads(worker_review.work(job, ms=1, clock=lambda: next(ticks)))
    assert out["done"] == 1 and not out.get("finished")
    s.review.progress(job, out)
    assert s.review.cancel() == job and s.review.stopped
    last = json.loads(worker_review.stop(job))
    assert last["cancelled"] and last["finished"] and last["state"] == {"evaluated": last["done"]}
    assert s.review.progress(job, last)
    assert s.review.running is None and not s.review.wants_worker()
    assert 'data-action="ui:review-resume"' in panels.screen(s)
    s.review.resume()
    assert s.review.wants_worker()
    job2, text2 = s.review.worker_request()
    assert json.loads(text2)["state"] == last["state"]
    # a message of the old job is not this review's any more
    assert not s.review.progress(job, {"done": 1, "total": 2})


def test_a_new_game_drops_the_review():
    s = session_of(record("barcelona-2p-bot-end.json"))
    s.review.open()
    job, _ = s.review.worker_request()
    s.start({"game": "barcelona", "players": 2, "hidden": False}, 3)
    assert s.screen == "play" and s.review.quick is None
    assert not s.review.progress(job, {"done": 5, "total": 9, "finished": True})


def test_the_worker_says_why_a_record_cannot_be_reviewed():
    mid = record("barcelona-2p-bot-mid.json")
    out = json.loads(worker_review.begin(99, json.dumps({"record": mid, "state": None}), load=lambda: review_standin))
    assert out["finished"] and "error" in out
    assert 99 not in worker_review.JOBS


def test_the_difference_in_words_says_its_uncertainty_where_it_matters():
    assert vp_words(9.2, 0.5, z=2) == "about 9 VP worse"
    assert vp_words(9.2, 3.0, z=2) == "about 9 VP worse (± 3 VP)"
    assert "noise" in vp_words(5.0, 3.0, z=2)  # within two spreads
    assert "noise" not in vp_words(7.0, 3.0, z=2)
    assert vp_words(0.2, None) == "about 1 VP worse"
    assert "noise" in vp_words(3.0, 2.0)  # the analysis's own Z (review/rating.py)


@pytest.mark.parametrize("name", ["barcelona-2p-bot-end.json", "strasbourg-3p-bot-end.json"])
def test_the_screen_on_the_real_analysis(name):
    """The same screen on the analysis package itself (review/): its quick part at once, a few
    slices of its evaluation in the worker module, the screen drawn from its partial result."""
    rec = record(name)
    s = Session()
    s.load_text(json.dumps(rec))
    s.review.open()
    html = panels.screen(s)
    finals = list(s.game.scores())
    assert html.count('<polyline class="line"') == len(finals)
    for seat, final in enumerate(finals):
        assert f'data-seat="{seat}" data-final="{final}" data-sum="{final}"' in html
    job, text = s.review.worker_request()
    out = json.loads(worker_review.begin(job, text))
    for _ in range(200):  # until two decisions are judged (a decision takes several slices)
        out = json.loads(worker_review.work(job, ms=100))
        s.review.progress(job, out)
        if s.review.done >= 2:
            break
    out = json.loads(worker_review.stop(job))
    assert s.review.progress(job, out) and out["cancelled"] and 0 < s.review.done < s.review.total
    html = panels.screen(s)
    assert 'data-review-state="running"' in html  # not cancelled by the player: it would go on
    for tp in s.review.result["turning_points"]:
        assert f'<li class="turning" data-at="{tp["at"]}"' in html
    saved = json.loads(s.save_text())["meta"]["review"]
    again = Session()
    again.load_text(json.dumps(dict(rec, meta={"review": saved})))
    again.review.open()
    assert again.review.done == s.review.done  # resumed from the stored state
