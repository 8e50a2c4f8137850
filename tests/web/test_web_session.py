import json

import pytest

from engine.core.errors import IllegalAction, RecordError
from web.session import SetupError, settings_from_form, settings_from_query

SETTINGS = {"game": "barcelona", "players": 3, "names": ["Ann", "Bo", "Cy"], "hidden": False}


def test_url_start_parses():
    s, seed = settings_from_query("?game=barcelona&players=3&seed=42")
    assert (s["game"], s["players"], seed, s["layout"], s["hidden"]) == ("barcelona", 3, 42, "printed", False)
    assert s["names"] == ["Player 1", "Player 2", "Player 3"]
    s, seed = settings_from_query("game=strasbourg&names=A,B,C,D&hidden=1")
    assert (s["players"], s["names"], s["hidden"], seed) == (4, ["A", "B", "C", "D"], True, None)
    assert settings_from_query("") == (None, None)


@pytest.mark.parametrize("query", [
    "game=chess", "game=barcelona&players=9", "game=barcelona&players=x", "game=barcelona&seed=1.5",
    "game=barcelona&bogus=1", "players=3", "game=barcelona&hidden=2", "game=strasbourg&layout=shuffled",
    "game=barcelona&names=a,b&players=3", "game=barcelona&game=strasbourg", "game=barcelona&names=a,a",
])
def test_odd_url_params_raise_a_clear_message(query):
    with pytest.raises(SetupError) as e:
        settings_from_query(query)
    assert str(e.value)


def test_form_fields_to_settings():
    fields = {"game": "barcelona", "players": "2", "name0": " Ann ", "name1": "", "colour0": "#000000",
              "colour1": "#E69F00", "layout": "shuffled", "hidden": "1"}
    s = settings_from_form(fields)
    assert (s["players"], s["layout"], s["hidden"], s["colours"][:2]) == (2, "shuffled", True, ["#000000", "#E69F00"])


def test_start_apply_undo_and_options(session):
    session.start(dict(SETTINGS, layout="shuffled", colours=["#000000", "#E69F00", "#56B4E9"]), 7)
    assert session.screen == "play" and session.game.options == {"layout": "shuffled"}
    assert session.meta["colours"] == ["#000000", "#E69F00", "#56B4E9"]
    assert not session.can_undo()
    session.apply("cell:0")
    assert session.can_undo()
    session.undo()
    assert session.game.actions == []
    with pytest.raises(IllegalAction):
        session.apply("nope")


def test_bad_setup_rejected(session):
    with pytest.raises(SetupError, match="different colour"):
        session.start(dict(SETTINGS, colours=["#000000", "#000000", "#E69F00"]), 1)
    with pytest.raises(SetupError, match="not available"):
        session.start({"game": "strasbourg", "players": 3}, 1)
    with pytest.raises(SetupError, match="different name"):
        session.start(dict(SETTINGS, names=["A", "A", "B"]), 1)
    assert session.game is None and session.screen == "new"


def test_hidden_hands_handoff_before_each_new_seat(session):
    session.start(dict(SETTINGS, hidden=True), 1)
    assert session.screen == "handoff" and session.viewer is None and session.legal_actions() == []
    with pytest.raises(SetupError):
        session.apply("pass")
    session.handoff_ok()
    assert session.screen == "play" and session.viewer == 0
    session.apply("cell:1")          # same seat keeps the turn: no hand-off
    assert session.screen == "play"
    session.apply("pass")            # next seat: hand-off, nothing of seat 1 shown yet
    assert session.screen == "handoff" and session.view()["seat"] is None


def test_save_and_load_round_trip(session, bare_session):
    session.start(dict(SETTINGS, hidden=True), 5)
    session.handoff_ok()
    session.apply("take:3")
    text = session.save_text()
    bare_session.load_text(text)
    assert bare_session.game.record() == session.game.record()
    assert bare_session.meta == session.meta and bare_session.screen == "handoff"


@pytest.mark.parametrize("mutate", [
    lambda r: "not json{",
    lambda r: json.dumps([1, 2]),
    lambda r: json.dumps({**r, "actions": r["actions"] + ["take:9"]}),
    lambda r: json.dumps({**r, "engine": "99.0.0"}),
    lambda r: json.dumps({**r, "game": "chess"}),
    lambda r: json.dumps({**r, "game": "strasbourg"}),
    lambda r: json.dumps({**r, "meta": {"hidden": "yes"}}),
    lambda r: json.dumps({**r, "meta": {"colours": ["#123456", "#E69F00", "#000000"]}}),
    lambda r: json.dumps({k: v for k, v in r.items() if k != "seed"}),
])
def test_tampered_records_rejected_game_untouched(session, mutate):
    session.start(SETTINGS, 5)
    session.apply("take:1")
    before = session.game.record()
    rec = json.loads(session.save_text())
    with pytest.raises(ValueError) as e:
        session.load_text(mutate(rec))
    assert str(e.value)
    assert session.game.record() == before


def test_record_error_type_for_bad_actions(session):
    session.start(SETTINGS, 5)
    rec = json.loads(session.save_text())
    rec["actions"] = ["fly"]
    with pytest.raises(RecordError, match="not legal"):
        session.load_text(json.dumps(rec))


def test_form_refresh_keeps_typed_names(session):
    session.refresh_form({"game": "barcelona", "players": "4", "name0": "Zed", "colour0": "#000000"})
    assert session.form["players"] == 4 and session.form["names"][0] == "Zed"
    session.refresh_form({"game": "strasbourg", "players": "2", "name0": "Zed"})
    assert session.form["game"] == "strasbourg" and session.form["players"] in (3, 4, 5)


def test_available_reports_missing_engines(session):
    assert session.available() == {"barcelona": None, "strasbourg": "not available yet (ImportError)"}


def test_zoom_steps(session):
    session.set_zoom(1)
    session.set_zoom(1)
    assert session.zoom == 1.5
    session.set_zoom(-1)
    assert session.zoom == 1.25
    session.set_zoom(0)
    assert session.zoom == 1.0
