"""Opening a record (web/model/open_record.py): the one place the web picks the engine that plays a
record or a game object, and the checks a record passes before it replaces the game on screen.

The refusals below are the messages the app gave before the checks moved out of web/model/session.py
(recorded with the old code, same records): a saved slot, an import and an embed link are refused
in the same words."""

import json
from pathlib import Path

import pytest

import engine
from engine import versions
from engine.core.errors import RecordError
from web.model import open_record as O
from web.model.session import Session

LEGACY = Path(__file__).resolve().parents[1] / "fixtures" / "legacy"


def v1_record(name="barcelona-2p-random-mid"):
    return json.loads((LEGACY / "1.0.0" / f"{name}.json").read_text())["record"]


def base(game="barcelona", n=2):
    g = engine.game_module(game).new_game(n, 5)
    for _ in range(3):
        g.apply(g.legal_actions()[0].id)
    rec = g.record()
    rec["meta"] = {
        "hidden": False,
        "colours": ["#E69F00", "#56B4E9", "#009E73"][:n],
        "bots": [1],
        "bot_levels": {"1": "easy"},
    }
    return rec


def test_a_current_record_opens_with_the_current_engine():
    rec = base()
    game, meta = O.open_record(rec)
    assert type(game).__module__.startswith("engine.barcelona.") and game.actions == rec["actions"]
    assert meta == {
        "hidden": False,
        "colours": ["#E69F00", "#56B4E9"],
        "bots": [1],
        "bot_levels": {"1": "easy"},
        "bot_speed": "normal",
    }
    module = engine.game_module("barcelona")
    assert O.record_engine(rec) is module and O.engine_of(game) is module
    assert O.engine_for("barcelona", versions.current_version()) is module
    assert O.spec_of(game).name == "barcelona" and O.spec_of(game).module == "engine.barcelona"


@pytest.mark.skipif("1" not in versions.FROZEN, reason="no frozen 1.x engine in this build")
def test_an_older_record_opens_with_its_frozen_engine():
    rec = v1_record()
    assert not versions.is_current(rec["engine"])
    game, meta = O.open_record(rec)
    assert versions.package_of(game) == "engine.legacy.v1" and meta["bots"] == []
    frozen = O.record_engine(rec)
    assert frozen.__name__.startswith("engine.legacy.v1.")
    assert O.engine_of(game) is frozen and O.engine_for("barcelona", rec["engine"]) is frozen
    spec = O.spec_of(game)  # the frozen engine's own registry entry (its own bots)
    assert spec.module.startswith("engine.legacy.v1.")
    # the same choice through the session: History, replays of who moved, hints
    s = Session()
    s.load_text(json.dumps(rec))
    assert versions.package_of(s.game) == "engine.legacy.v1"
    s.browse.open()
    assert versions.package_of(s.browse.history.game_at(0)) == "engine.legacy.v1"


def test_a_game_object_of_another_engine_has_no_spec():
    class Stray:
        GAME_NAME = "barcelona"

    assert O.spec_of(Stray()) is None  # not the registry entry's engine: no bots for it
    Stray.GAME_NAME = "chess"
    assert O.spec_of(Stray()) is None


def test_the_loader_says_when_an_engine_is_missing():
    def missing(name):
        raise ImportError(name)

    with pytest.raises(RecordError, match="is not available|game_missing|Barcelona"):
        O.engine_for("barcelona", versions.current_version(), load_module=missing)
    with pytest.raises(RecordError):
        Session(load_module=missing).load_text(json.dumps(base()))


GOLDEN = {
    "option of the other game": "This game of Barcelona has a setting Barcelona does not have ('deck'): the file was changed by hand, so it cannot be opened.",
    "unknown option": "This game of Barcelona has a setting Barcelona does not have ('nosuch'): the file was changed by hand, so it cannot be opened.",
    "bad option value": "In this game of Barcelona the setting 'layout' is 'spiral', but Barcelona offers only printed or shuffled: the file was changed by hand, so it cannot be opened.",
    "meta not a dict": "record 'meta' must be an object",
    "hidden not bool": "record meta 'hidden' must be true or false",
    "colours": "record meta 'colours' must list a different palette colour per player",
    "bots range": "computer seats must be different seat numbers from 0 to 1",
    "all bots": "at least one seat must be played by a person",
    "level": "computer level 'genius' is not one of Barcelona's levels (easy, normal or hard)",
    "speed": "computer speed must be fast, normal or slow, not 'warp'",
    "unknown game": "unknown game 'chess'; known games: barcelona, strasbourg",
    "newer engine": "core.err.version_newer(version=9.0.0, ",
    "older engine": "core.err.version_older(version=0.1.0, ",
    "illegal action": "core.err.record_action(number=3, action='nonsense:1', ",
    "strasbourg with barcelona option": "This file says it is a game of Strasbourg, but its setup ('layout') is one of Barcelona: the file was mixed up or changed by hand, so it cannot be opened.",
}


def bad_records():
    b = base()
    yield "option of the other game", dict(b, options=dict(b.get("options") or {}, deck="x"))
    yield "unknown option", dict(b, options={"nosuch": 1})
    yield "bad option value", dict(b, options={"layout": "spiral"})
    yield "meta not a dict", dict(b, meta=[1])
    yield "hidden not bool", dict(b, meta=dict(b["meta"], hidden="yes"))
    yield "colours", dict(b, meta=dict(b["meta"], colours=["#E69F00", "#E69F00"]))
    yield "bots range", dict(b, meta=dict(b["meta"], bots=[5]))
    yield "all bots", dict(b, meta=dict(b["meta"], bots=[0, 1]))
    yield "level", dict(b, meta=dict(b["meta"], bot_levels={"1": "genius"}))
    yield "speed", dict(b, meta=dict(b["meta"], bot_speed="warp"))
    yield "unknown game", dict(b, game="chess")
    yield "newer engine", dict(b, engine="9.0.0")
    yield "older engine", dict(b, engine="0.1.0")
    yield "illegal action", dict(b, actions=b["actions"][:2] + ["nonsense:1"])
    yield "strasbourg with barcelona option", dict(base("strasbourg", 3), options={"layout": "printed"})


@pytest.mark.parametrize("case,rec", list(bad_records()), ids=[c for c, _ in bad_records()])
def test_bad_records_are_refused_in_the_same_words(case, rec):
    with pytest.raises(RecordError) as e:
        O.open_record(rec)
    assert str(e.value).startswith(GOLDEN[case])
    # through the session (a saved slot or an import): the same words, and nothing changes
    s = Session()
    s.load_text(json.dumps(base()))
    game = s.game
    with pytest.raises(RecordError) as e2:
        s.load_text(json.dumps(rec))
    assert str(e2.value) == str(e.value) and s.game is game
