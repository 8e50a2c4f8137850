"""Old rules versions stay playable: engine/versions.py routes a record to the engine
that plays its version; frozen engines (engine/legacy/, scripts/freeze_engine.py) replay their
own frozen fixtures (tests/fixtures/legacy/<version>/, never regenerated) to the stored outcomes.

The current engine is 1.0.0 on this branch; the routing tests set the current version to 2.0.0
(what the rules changes of this session do) to prove 1.x records then go to engine/legacy/v1.
"""

import importlib
import json
import random
from pathlib import Path

import pytest

import engine
from engine import versions
from engine.core import record as core_record
from engine.core import version as core_version
from engine.core.errors import RecordError
from scripts.make_record_fixtures import outcome

ROOT = Path(__file__).resolve().parent.parent
LEGACY = ROOT / "tests" / "fixtures" / "legacy"


def frozen_fixtures():
    """(major, fixture path) for every frozen engine and its frozen fixtures."""
    out = []
    for d in sorted(p for p in LEGACY.iterdir() if p.is_dir()):
        for f in sorted(d.glob("*.json")):
            out.append((versions.major(d.name), f))
    return out


FROZEN = frozen_fixtures()


def test_every_frozen_engine_has_frozen_fixtures_and_a_package():
    have = {m for m, _ in FROZEN}
    assert set(versions.FROZEN) <= have, "a frozen engine without its frozen fixtures"
    for m, name in versions.FROZEN.items():
        pkg = importlib.import_module(name)
        assert versions.major(pkg.ENGINE_VERSION) == m
        # its own registry: the frozen specs point into the frozen package, never at the current one
        reg = importlib.import_module(name + ".core.registry")
        assert reg is not engine.core.registry and reg.names()
        for spec in reg.specs():
            assert spec.module.startswith(name + "."), spec.module
            assert all(t.startswith(name + ".") for t in spec.bots.values())


@pytest.mark.parametrize("major,path", FROZEN, ids=[f"v{m}-{p.stem}" for m, p in FROZEN])
def test_frozen_engine_replays_its_fixtures_to_the_stored_outcome(major, path):
    data = json.loads(path.read_text())
    pkg = importlib.import_module(versions.FROZEN[major])
    g = pkg.replay(data["record"])
    assert type(g).__module__.startswith(pkg.__name__ + ".")
    got, want = outcome(g), data["expected"]
    for key in ("is_over", "current_player", "scores", "winners", "legal_count", "legal_sha"):
        assert got[key] == want[key], f"{key}: recorded {want[key]!r}, replayed {got[key]!r}"
    assert got["view_sha"] == want["view_sha"]


def test_supported_versions_play_their_fixtures_through_the_dispatch():
    """Every supported major replays a stored record of its own through versions.load."""
    for major in versions.supported():
        paths = [p for m, p in FROZEN if m == major] or sorted((ROOT / "tests/fixtures/records").glob("*.json"))
        data = json.loads(paths[0].read_text())
        g = versions.load(data["record"])
        assert outcome(g)["scores"] == data["expected"]["scores"]


@pytest.fixture
def bumped(monkeypatch):
    """The current engine as main will have it: ENGINE_VERSION 2.0.0."""
    monkeypatch.setattr(core_version, "ENGINE_VERSION", "2.0.0")
    monkeypatch.setattr(core_record, "ENGINE_VERSION", "2.0.0")
    return "2.0.0"


def _v1_record(name="barcelona-3p-bot-mid"):
    return json.loads((LEGACY / "1.0.0" / f"{name}.json").read_text())["record"]


def test_same_major_goes_to_the_current_engine():
    rec = engine.game_module("barcelona").new_game(2, 7).record()
    for _ in range(5):
        rec["actions"].append(versions.load(rec).legal_actions()[0].id)
    assert versions.is_current(rec["engine"])
    g = versions.load(rec)
    assert versions.package_of(g) == "engine" and type(g).__module__.startswith("engine.barcelona.")


def test_after_a_bump_old_records_go_to_the_frozen_engine(bumped):
    rec = _v1_record()
    for load in (versions.load, versions.game_for_record, engine.replay):
        g = load(rec)
        assert type(g).__module__.startswith("engine.legacy.v1."), load
        assert versions.package_of(g) == "engine.legacy.v1"
        assert versions.version_of(g) == "1.0.0" and g.record()["engine"] == "1.0.0"
    # it plays on to the end, and its record stays a 1.0.0 record
    rng = random.Random(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert versions.load(g.record()).scores() == g.scores()
    # a record of the current version goes to the current engine
    new = engine.game_module("barcelona").new_game(2, 7)
    assert new.record()["engine"] == "2.0.0"
    assert versions.package_of(versions.load(new.record())) == "engine"


def test_unsupported_versions_get_a_clear_message(bumped):
    rec = _v1_record()
    for version, word in (("3.0.0", "newer"), ("0.9.1", "older")):
        with pytest.raises(RecordError, match=f"core.err.version_{word}\\(version={version}"):
            versions.load(dict(rec, engine=version))
    with pytest.raises(RecordError, match=r"core.err.record_newer\(version=7"):
        versions.load(dict(rec, engine=7))  # the current engine's shape check names the version
    with pytest.raises(RecordError, match="core.err.record_no_version"):
        versions.package_for(None)


def test_manifest_lists_every_supported_major(bumped):
    assert versions.manifest() == {"engine": "2.0.0", "supported": ["1", "2"]}


# ----- the web Session plays an old record through the frozen engine -----------------------------
def test_session_loads_and_plays_an_old_record_with_its_own_engine(bumped):
    from web.screens import panels
    from web.model.session import Session

    s = Session()
    rec = _v1_record("strasbourg-3p-bot-mid")
    s.load_text(json.dumps(rec))
    assert versions.package_of(s.game) == "engine.legacy.v1"
    html = panels.screen(s)
    assert "<svg" in html
    s.prefs.confirm = False
    for _ in range(6):
        if s.screen == "handoff":
            s.handoff_ok()
        if s.screen != "play":
            break
        s.hints.request()
        assert s.hints.current is not None  # the frozen engine's own bot answers
        s.flow.tap(s.game.legal_actions()[0].id)
        s.flow.confirm() if s.flow.selection else None
        panels.screen(s)
    assert json.loads(s.save_text())["engine"] == "1.0.0"
    s.browse.open()
    panels.screen(s)
    s.browse.step("first")
    s.browse.close()
    assert s.flow.actors()  # replays step by step with the frozen engine


def test_session_says_why_it_cannot_load_a_newer_record(bumped):
    from web.model.session import Session

    s = Session()
    with pytest.raises(RecordError, match="core.err.version_newer"):
        s.load_text(json.dumps(dict(_v1_record(), engine="9.0.0")))
    assert s.game is None


def test_hints_and_computer_seats_use_the_frozen_engines_bots(bumped):
    from web.model.hints import suggest

    g = versions.load(_v1_record("barcelona-2p-random-mid"))
    a = suggest(g)
    assert a is not None and a.id in {x.id for x in g.legal_actions()}


def test_embed_links_of_old_records_open(bumped):
    from web.model.history import embed_query
    from web.model.session import Session

    rec = _v1_record("barcelona-2p-random-mid")
    s = Session()
    s.open_embed(embed_query(rec, step=3, controls=True, play=True))
    assert versions.package_of(s.game) == "engine.legacy.v1" and len(s.game.actions) == 3
