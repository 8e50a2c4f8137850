"""Recorded games replay to the same games (issue 11: behaviour unchanged across refactors).

Every file in tests/fixtures/records/ holds a record and what the game looked like when it
was made (scripts/make_record_fixtures.py): scores, winners, current player, legal actions
and a hash of each seat's view. A refactor must reproduce all of it; only a deliberate rules
change regenerates the fixture (and bumps the engine version).
"""

import json
from pathlib import Path

import pytest

from engine.core import registry
from scripts.make_record_fixtures import outcome

from .conftest import registered_specs

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "records").glob("*.json"))


def test_fixture_covers_every_game_and_player_count_and_is_small():
    have = {tuple(p.name.split("-")[:2]) for p in FIXTURES}
    for spec in registered_specs():
        if spec.name.startswith("test"):  # games registered by tests have no fixture
            continue
        for n in spec.player_counts:
            assert (spec.name, f"{n}p") in have, f"no recorded {spec.name} game for {n} players"
    assert sum(p.stat().st_size for p in FIXTURES) < 1_000_000


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_recorded_game_replays_to_the_same_game(path):
    registered_specs()
    data = json.loads(path.read_text())
    want = data["expected"]
    g = registry.get(data["record"]["game"]).replay(data["record"])
    assert g.record()["actions"] == data["record"]["actions"]
    got = outcome(g)
    for key in ("is_over", "current_player", "scores", "winners", "legal_count", "legal_sha"):
        assert got[key] == want[key], f"{key}: recorded {want[key]!r}, replayed {got[key]!r}"
    for seat, digest in want["view_sha"].items():
        if got["view_sha"].get(seat) == digest:
            continue
        # Say which part of the view changed. A key the view gained since the recording is
        # allowed (the shape work adds keys); a recorded key must keep its value.
        old, new = want["view_key_sha"][seat], got["view_key_sha"][seat]
        changed = sorted(k for k in old if new.get(k) != old[k])
        assert not changed, f"view({seat}) differs from the recording in {changed}"
