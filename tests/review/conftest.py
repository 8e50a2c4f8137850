"""Finished and unfinished game records for the review's tests: the pinned fixtures
(tests/fixtures/records, played by bots and by random players, seeded)."""

import json
from pathlib import Path

import pytest

RECORDS = Path(__file__).resolve().parents[1] / "fixtures" / "records"


def record(name) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))["record"]


FINISHED = sorted(p.stem for p in RECORDS.glob("*-end.json"))
IN_PROGRESS = sorted(p.stem for p in RECORDS.glob("*-mid.json"))


@pytest.fixture(params=FINISHED)
def finished(request):
    return request.param, record(request.param)
