"""The review's evaluation (review/judge.py, review/rating.py, docs/review.md "The evaluation"):
deterministic, resumable from a saved state that is checked, moves legal where they are named, and
a move that is clearly worse (by playing both to the end) flagged. Kept short: Strasbourg's cheap
decisions, a few of Barcelona's."""

import json

import pytest

import engine
from engine.core import registry
from review import Review, rating
from review.judge import Judge

from .conftest import record

SHORT = "strasbourg-3p-random-end"  # 29 judged decisions, a second or two in all


def run(r, steps=None):
    n = 0
    while (steps is None or n < steps) and r.step():
        n += 1
    return r


@pytest.fixture(scope="module")
def short_full():
    return run(Review(record(SHORT)))


def test_complete_result_shape(short_full):
    rec = record(SHORT)
    res = short_full.result()
    assert res["complete"] and short_full.done() == short_full.total() > 0
    assert res["method"]["unit"] == "vp" and set(res["method"]["thresholds"]) == {"inaccuracy", "mistake", "blunder"}
    for p in res["players"]:
        assert p["rated"] == sum(p["counts"].values()) > 0
        assert 0 <= p["accuracy"] <= 100
    for d in short_full.decisions():
        assert d["played"] == rec["actions"][d["at"]]
        assert d["loss"] >= 0 and d["spread"] >= 0
        assert (d["loss"] == 0) == (d["better"] == d["played"])
    turns = res["turns"]
    for tp in res["turning_points"]:
        assert tp["loss"] > 0 and tp["better"] != tp["played"]
        g = engine.replay(dict(rec, actions=rec["actions"][: tp["at"]]))
        legal = {a.id for a in g.legal_actions()}
        assert tp["played"] in legal and tp["better"] in legal
        assert g.current_player == tp["seat"]
        assert turns[tp["turn"]]["at"] > tp["at"]
    assert [tp["at"] for tp in res["turning_points"]] == sorted(tp["at"] for tp in res["turning_points"])


def test_better_moves_are_legal_where_they_are_named(short_full):
    rec = record(SHORT)
    g = engine.replay(dict(rec, actions=[]))
    by_at = {d["at"]: d for d in short_full.decisions()}
    for at, a in enumerate(rec["actions"]):
        if at in by_at:
            legal = {x.id for x in g.legal_actions()}
            assert by_at[at]["better"] in legal and by_at[at]["played"] == a
        g.apply(a)


def test_deterministic(short_full):
    again = run(Review(record(SHORT)))
    assert again.result() == short_full.result()
    assert again.state() == short_full.state()


def test_resume_equals_a_fresh_run(short_full):
    rec = record(SHORT)
    part = run(Review(rec), steps=11)
    saved = json.loads(json.dumps(part.state()))  # as the web stores it
    resumed = Review(rec, state=saved)
    assert resumed.done() == part.done() == 11
    assert not resumed.result()["complete"]
    assert run(resumed).result() == short_full.result()
    # a complete state: nothing left to do, the same result at once
    whole = Review(rec, state=json.loads(json.dumps(short_full.state())))
    assert whole.done() == whole.total() and not whole.step()
    assert whole.result() == short_full.result()


def test_a_state_for_another_record_is_ignored(short_full):
    state = short_full.state()
    other = record("strasbourg-3p-bot-end")
    assert Review(other, state=state).done() == 0
    rec = record(SHORT)
    # tampered states are ignored as a whole, never trusted in part
    rows = state["judged"]
    bad = [
        dict(state, method="other"),
        dict(state, key="0" * 16),
        dict(state, judged=[[rows[0][0], "bid:99", 1.0, 0.0, 6]] + rows[1:]),
        dict(state, judged=[[rows[0][0] + 1000, *rows[0][1:]]] + rows[1:]),
        dict(state, judged=[[rows[0][0], rows[0][1], -1.0, 0.0, 6]] + rows[1:]),
        dict(state, judged=rows + [rows[0]]),
        dict(state, judged="x"),
        [],
        None,
    ]
    for s in bad:
        assert Review(rec, state=s).done() == 0, s


def test_barcelona_first_decisions_are_deterministic():
    rec = record("barcelona-2p-random-end")
    # a placement: its ranking, then a rollout a step (3 candidates x 3 worlds), and more
    a, b = run(Review(rec), steps=12), run(Review(rec), steps=12)
    assert a.state() == b.state() and a.done() >= 1
    for d in a.decisions():
        assert d["worlds"] >= 2


def judge_at(name, at, played):
    rec = record(name)
    g = engine.replay(dict(rec, actions=rec["actions"][:at]))
    spec = registry.get(rec["game"])
    j = Judge(g, at, played, rec["seed"], spec.hook("search_hooks")(g))
    while not j.done():
        j.step()
    return j.result(), spec.review_scale


def finish_margin(name, at, action_id, level="normal"):
    """The deciding seat's exact final margin when ``action_id`` is played at ``at`` and the
    planner (no noise) plays every seat to the end on the true game."""
    rec = record(name)
    g = engine.replay(dict(rec, actions=rec["actions"][:at]))
    seat = g.current_player
    bot = registry.get(rec["game"]).bot(level)
    g.apply(action_id)
    while not g.is_over:
        g.apply(bot(g, None).id)
    s = g.scores()
    return s[seat] - max(v for i, v in enumerate(s) if i != seat)


@pytest.mark.parametrize(
    "name, at, good, worse",
    [
        # Barcelona's last turns: ending the turn (act:done, RULEBOOK p.7) with a street action
        # still to take, where the planner played it
        ("barcelona-2p-bot-end", 165, "act:h", "act:done"),
        # Strasbourg's last round: the edifice beside no own shop instead of beside two
        ("strasbourg-3p-bot-end", 282, "build:2,4", "build:3,7"),
    ],
)
def test_a_clearly_worse_move_is_flagged(name, at, good, worse):
    gap = finish_margin(name, at, good) - finish_margin(name, at, worse)
    res, scale = judge_at(name, at, worse)
    assert gap >= rating.THRESHOLDS[-1][1] * scale / 25  # clearly worse: a blunder's worth, played out
    assert res["better"] != worse and res["loss"] > 0
    assert rating.classify(res["loss"], res["spread"], scale) in ("inaccuracy", "mistake", "blunder"), res
    fine, _ = judge_at(name, at, good)
    assert rating.classify(fine["loss"], fine["spread"], scale) in ("best", "good"), fine
