"""The review in Pyodide (the worker's runtime, under Node: scripts/pyodide_node.py) gives what it
gives in CPython: ``from review import Review, analyse`` imports there; a record's quick part is the
same; the judged decisions are the same but for the rare one whose rollouts differ (docs/review.md
"CPython and Pyodide": Pyodide's Python sums floats with compensation, CPython 3.11 does not, and a
bot's close choice inside a rollout can flip on the last bit)."""

import json
from pathlib import Path

import pytest

from scripts import pyodide_node

from .conftest import record

ROOT = Path(__file__).resolve().parents[2]

CODE = r'''
import json
from review import Review, analyse

out = []
for rec in RECORDS:
    r = Review(rec)
    steps = 0
    while steps < 12 and r.step():
        steps += 1
    out.append([r.quick(), r.state()])
out.append(analyse(SHORT))
RESULT = json.dumps(out, sort_keys=True)
'''


def test_the_same_review_in_pyodide():
    reason = pyodide_node.available()
    if reason:
        pytest.skip(reason)
    records = [record("barcelona-2p-random-end"), record("strasbourg-5p-bot-end")]
    short = record("strasbourg-3p-random-end")
    head = f"import json\nRECORDS = json.loads({json.dumps(json.dumps(records))})\nSHORT = json.loads({json.dumps(json.dumps(short))})\n"
    ns = {}
    exec(head + CODE, ns)
    files = {
        p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
        for pkg in ("engine", "review")
        for p in sorted((ROOT / pkg).rglob("*.py"))
        if "__pycache__" not in p.parts
    }
    got, want = json.loads(pyodide_node.run(head + CODE, files=files)), json.loads(ns["RESULT"])
    rows_got, rows_want = [], []
    for (quick_got, state_got), (quick_want, state_want) in zip(got[:-1], want[:-1]):
        assert quick_got == quick_want
        assert state_got["key"] == state_want["key"]  # the same fingerprint: a state saved in one resumes in the other
        assert [r[0] for r in state_got["judged"]] == [r[0] for r in state_want["judged"]]
        rows_got += state_got["judged"]
        rows_want += state_want["judged"]
    same = sum(a == b for a, b in zip(rows_got, rows_want))
    assert same >= 0.8 * len(rows_want), (rows_got, rows_want)
    full_got, full_want = got[-1], want[-1]
    for key in ("turns", "rounds", "events", "names", "seats"):
        assert full_got[key] == full_want[key]
    for p, q in zip(full_got["players"], full_want["players"]):
        assert (p["points"], p["sources"], p["rated"]) == (q["points"], q["sources"], q["rated"])
        assert abs(p["accuracy"] - q["accuracy"]) <= 3
