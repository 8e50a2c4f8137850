"""The review's quick part (review/replay.py, docs/review.md "The replay"): from one plain replay,
the score after every turn, the sources adding up to the final scores, the turns and rounds, and
every scoring event where the game logged it."""

import copy
import json

import pytest

import engine
from engine.core import registry
from review import Review, ReviewError

from .conftest import IN_PROGRESS, RECORDS, record


def test_points_sources_and_turns(finished):
    name, rec = finished
    game = engine.replay(rec)
    q = Review(rec).quick()
    assert q["game"] == rec["game"] and q["seats"] == len(rec["players"]) == len(q["players"])
    assert q["names"] == rec["players"]
    finals = game.scores()
    for s, p in enumerate(q["players"]):
        assert p["seat"] == s
        assert len(p["points"]) == len(q["turns"]) > 0
        assert p["points"][-1] == p["final"] == finals[s], name
        assert sum(p["sources"].values()) == p["final"], (name, p["sources"])
        assert p["sources"] == game.score_breakdown()[s]
    ats = [t["at"] for t in q["turns"]]
    assert ats == sorted(set(ats)) and ats[-1] == len(rec["actions"]) and ats[0] > 0
    assert all(0 <= t["seat"] < q["seats"] for t in q["turns"])
    rounds = [t["round"] for t in q["turns"]]
    assert rounds == sorted(rounds)  # a turn's round never goes back
    ends = [r["at"] for r in q["rounds"]]
    assert ends == sorted(set(ends)) and [r["round"] for r in q["rounds"]] == list(range(1, len(ends) + 1))
    assert set(ends) <= set(ats)  # a round ends with a turn


def test_points_are_the_scores_after_each_turn():
    """Every entry of points is the game's score right after that turn (a replay cut there)."""
    for name in ("barcelona-3p-bot-end", "strasbourg-4p-random-end"):
        rec = record(name)
        q = Review(rec).quick()
        for t in range(0, len(q["turns"]), 5):
            at = q["turns"][t]["at"]
            cut = engine.replay(dict(rec, actions=rec["actions"][:at]))
            assert [p["points"][t] for p in q["players"]] == cut.scores(), (name, at)


def test_turns_and_rounds_as_the_games_count_them():
    bcn = record("barcelona-4p-bot-end")
    q = Review(bcn).quick()
    # Barcelona: a turn per seat in order (p.6: clockwise), a round = every seat once
    assert [t["seat"] for t in q["turns"]][:8] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [r["at"] for r in q["rounds"]] == [q["turns"][i]["at"] for i in range(3, len(q["turns"]), 4)]
    st = record("strasbourg-5p-bot-end")
    q = Review(st).quick()
    # Strasbourg: five rounds, each ending with its council (SEED § 3), the last with the game
    assert [r["round"] for r in q["rounds"]] == [1, 2, 3, 4, 5]
    councils = [e["at"] for e in q["events"] if e["key"] == "str.log.council"]
    assert [r["at"] for r in q["rounds"]] == councils


def test_events_where_the_game_scored(finished):
    name, rec = finished
    game = engine.replay(rec)
    q = Review(rec).quick()
    # the game's own log: every line carrying a scoring's own points (its banner's figures)
    logged = {}
    for e in game.log:
        text = e["text"]
        if isinstance(text, dict) and isinstance(text.get("points"), list):
            logged.setdefault((e["n"] + 1, text["key"]), text["points"])
    assert {(e["at"], e["key"]): e["points"] for e in q["events"]} == logged
    keys = [e["key"] for e in q["events"]]
    if rec["game"] == "barcelona":  # three Cerdà scorings (p.14) unless the bag ran out, and the end (p.16)
        assert keys.count("bcn.log.cerda_scoring") <= 3 and keys[-1].startswith("bcn.log.over")
    else:  # five councils and the final scoring
        assert keys.count("str.log.council") == 5 and keys[-1] == "str.log.final"
    for e in q["events"]:
        assert q["turns"][e["turn"]]["at"] >= e["at"]
        assert e["turn"] == 0 or q["turns"][e["turn"] - 1]["at"] < e["at"]
        assert len(e["points"]) == q["seats"]


@pytest.mark.parametrize("name", IN_PROGRESS[:4] + IN_PROGRESS[-2:])
def test_a_game_in_progress_is_refused(name):
    with pytest.raises(ReviewError) as e:
        Review(record(name))
    assert e.value.message["key"] == "core.err.review_unfinished"


def test_damaged_records_are_refused():
    rec = record("barcelona-2p-bot-end")
    bad_action = copy.deepcopy(rec)
    bad_action["actions"][10] = "place:9,9:UU"
    too_long = copy.deepcopy(rec)
    too_long["actions"].append("act:done")
    for bad in (
        bad_action,
        too_long,
        dict(rec, seed="x"),
        dict(rec, game="chess"),
        dict(rec, engine="99.0.0"),
        {k: v for k, v in rec.items() if k != "actions"},
        [],
        "record",
    ):
        with pytest.raises(ReviewError) as e:
            Review(bad)
        assert isinstance(e.value.message, dict) and e.value.message["key"].startswith("core.err.")


def test_a_record_of_a_frozen_engine():
    """A 1.x record is played by its frozen engine (engine/versions.py): its replay's part is whole
    (its logs carry no scoring figures: no events), and its decisions are judged by the generic
    search (the frozen specs name no search hooks), in the current game's unit."""
    path = RECORDS.parent / "legacy" / "1.0.0" / "strasbourg-3p-random-end.json"
    rec = json.loads(path.read_text(encoding="utf-8"))["record"]
    r = Review(rec)
    q = r.quick()
    for p in q["players"]:
        assert p["points"][-1] == p["final"] == sum(p["sources"].values())
    assert q["events"] == [] and q["turns"][-1]["at"] == len(rec["actions"])
    assert r.total() > 0 and r.step() and r.done() >= 1
    assert r.result()["method"]["scale"] == registry.get("strasbourg").review_scale
