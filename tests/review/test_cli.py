"""``./run.sh review RECORD.json`` / ``python -m review``: the review as JSON on stdout; a file
that is not JSON, a damaged record or a game in progress: one line on stderr and exit status 2.
Run on a finished record of each game (the fixtures, played by seeded bots); Barcelona's is a
random playout's (its few decisions keep the test short)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import RECORDS, record

ROOT = Path(__file__).resolve().parents[2]


def review_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "review", *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


@pytest.mark.parametrize("name", ["strasbourg-3p-random-end", "barcelona-1p-random-end"])
def test_prints_the_review(tmp_path, name):
    rec = record(name)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    out = review_cli(path)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert len(res["players"]) == len(rec["players"])
    for s, p in enumerate(res["players"]):
        assert p["seat"] == s
        assert p["points"][-1] == p["final"] == sum(p["sources"].values())
        assert p["accuracy"] is None or 0 <= p["accuracy"] <= 100
    assert res["complete"]
    for tp in res["turning_points"]:
        assert {"at", "seat", "played", "better", "loss"} <= set(tp) and tp["loss"] > 0


def test_a_fixture_file_is_read_as_its_record():
    out = review_cli(RECORDS / "strasbourg-3p-random-end.json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["game"] == "strasbourg"


@pytest.mark.parametrize(
    "content, key",
    [
        ("{not json", "cannot read"),
        ('{"game": "barcelona"}', "core.err.record_missing"),
        (json.dumps(record("barcelona-2p-bot-mid")), "core.err.review_unfinished"),
    ],
    ids=["not-json", "damaged", "in-progress"],
)
def test_refused_with_one_line_and_status_2(tmp_path, content, key):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    out = review_cli(path)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and key in out.stderr, out.stderr


def test_usage_and_missing_file(tmp_path):
    assert review_cli().returncode == 2
    missing = review_cli(tmp_path / "none.json")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
