import json

import pytest

from engine.core import registry
from engine.core.errors import IllegalAction, RecordError
from engine.core.registry import GameSpec
from web.model.games import MAX_SEATS, SetupError, games
from web.model.links import SHELL_PARAMS, settings_from_query
from web.model.settings import FORM_PREFIXES, default_form, settings_from_form

# Barcelona's options: the layout, and the solo game's (they keep their defaults at 2-4 players)
BCN_DEFAULTS = {"layout": "printed", "difficulty": "normal", "rules": "original", "sagrada_gr": "off"}
SETTINGS = {"game": "tiny", "players": 3, "names": ["Ann", "Bo", "Cy"], "hidden": False}


def test_url_start_parses(tiny):
    s, seed = settings_from_query("?game=barcelona&players=3&seed=42")
    assert (s["game"], s["players"], seed, s["options"], s["hidden"]) == (
        "barcelona",
        3,
        42,
        {"layout": "printed"},
        False,
    )
    assert s["names"] == ["Player 1", "Player 2", "Player 3"]
    s, seed = settings_from_query("game=strasbourg&names=A,B,C,D&hidden=1")
    assert (s["players"], s["names"], s["hidden"], seed, s["options"]) == (4, ["A", "B", "C", "D"], True, None, {})
    assert settings_from_query("") == (None, None)
    # options are URL parameters named like the option, parsed from the spec's choices (here numbers)
    s, _ = settings_from_query("game=tiny&rounds=5")
    assert s["options"] == {"rounds": 5} and s["players"] == 3  # the default count: the spec's second


@pytest.mark.parametrize(
    "query",
    [
        "game=chess",
        "game=barcelona&players=9",
        "game=barcelona&players=x",
        "game=barcelona&seed=1.5",
        "game=barcelona&bogus=1",
        "players=3",
        "game=barcelona&hidden=2",
        "game=strasbourg&layout=shuffled",
        "game=barcelona&names=a,b&players=3",
        "game=barcelona&game=strasbourg",
        "game=barcelona&names=a,a",
        "game=barcelona&layout=round",
        "game=tiny&rounds=4",
        "game=tiny&layout=printed",
    ],
)
def test_odd_url_params_raise_a_clear_message(tiny, query):
    with pytest.raises(SetupError) as e:
        settings_from_query(query)
    assert str(e.value)


def test_option_of_another_game_named_in_the_message():
    with pytest.raises(SetupError, match="layout= is not an option of Strasbourg"):
        settings_from_query("game=strasbourg&layout=shuffled")


def test_defaults_come_from_the_spec(tiny):
    """No default of its own in the web: change the spec's default and the form and URL follow."""
    form = default_form("tiny")
    assert form["options"] == {"rounds": 3} and form["players"] == 3
    other = GameSpec(
        **{**tiny.__dict__, "options": (registry.OptionSpec("rounds", 5, (3, 5)),), "player_counts": (2, 4)}
    )
    registry.register(other)
    assert default_form("tiny")["options"] == {"rounds": 5}
    s, _ = settings_from_query("game=tiny")
    assert s["options"] == {"rounds": 5} and s["players"] == 4
    bcn = registry.get("barcelona")
    s = settings_from_query("game=barcelona")[0]  # options of other player counts (solo) left out
    assert s["options"] == {o.name: o.default for o in bcn.options if o.applies(s["players"])}


def test_option_names_never_shadow_the_shell(tiny):
    for spec in games():
        for o in spec.options:
            assert o.name not in SHELL_PARAMS and not o.name.startswith(FORM_PREFIXES), (spec.name, o.name)
        assert max(spec.player_counts) <= MAX_SEATS


def test_form_fields_to_settings():
    fields = {
        "game": "barcelona",
        "players": "2",
        "name0": " Ann ",
        "name1": "",
        "colour0": "#000000",
        "colour1": "#E69F00",
        "layout": "shuffled",
        "hidden": "1",
    }
    s = settings_from_form(fields)
    assert (s["players"], s["options"], s["hidden"], s["colours"][:2]) == (
        2,
        {"layout": "shuffled"},
        True,
        ["#000000", "#E69F00"],
    )


def test_start_apply_undo_and_options(session):
    session.start(dict(SETTINGS, options={"rounds": "5"}, colours=["#000000", "#E69F00", "#56B4E9"]), 7)
    assert session.screen == "play" and session.game.options == {"rounds": 5}
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
    with pytest.raises(SetupError, match="unknown game"):
        session.start({"game": "chess", "players": 3}, 1)
    with pytest.raises(SetupError, match="different name"):
        session.start(dict(SETTINGS, names=["A", "A", "B"]), 1)
    with pytest.raises(SetupError, match="rounds must be 3 or 5"):
        session.start(dict(SETTINGS, options={"rounds": 4}), 1)
    with pytest.raises(SetupError, match="not an option of Tiny"):
        session.start(dict(SETTINGS, options={"layout": "printed"}), 1)
    assert session.game is None and session.screen == "new"


def test_engine_missing_from_the_build(session, tiny):
    registry.register(GameSpec(**{**tiny.__dict__, "module": "no_such_engine_module"}))
    with pytest.raises(SetupError, match="Tiny is not available"):
        session.start(SETTINGS, 1)


def test_hidden_hands_handoff_before_each_new_seat(session):
    session.start(dict(SETTINGS, hidden=True), 1)
    assert session.screen == "handoff" and session.viewer is None and session.legal_actions() == []
    with pytest.raises(SetupError):
        session.apply("pass")
    session.handoff_ok()
    assert session.screen == "play" and session.viewer == 0
    session.apply("cell:1")  # same seat keeps the turn: no hand-off
    assert session.screen == "play"
    session.apply("pass")  # next seat: hand-off, nothing of seat 1 shown yet
    assert session.screen == "handoff" and session.view()["seat"] is None


def test_save_and_load_round_trip(session, bare_session):
    session.start(dict(SETTINGS, hidden=True), 5)
    session.handoff_ok()
    session.apply("take:3")
    text = session.save_text()
    bare_session.load_text(text)
    assert bare_session.game.record() == session.game.record()
    assert bare_session.meta == session.meta and bare_session.screen == "handoff"


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: "not json{",
        lambda r: json.dumps([1, 2]),
        lambda r: json.dumps({**r, "actions": r["actions"] + ["take:9"]}),
        lambda r: json.dumps({**r, "engine": "99.0.0"}),
        lambda r: json.dumps({**r, "game": "chess"}),
        lambda r: json.dumps({**r, "game": "strasbourg"}),
        lambda r: json.dumps({**r, "meta": {"hidden": "yes"}}),
        lambda r: json.dumps({**r, "meta": {"colours": ["#123456", "#E69F00", "#000000"]}}),
        lambda r: json.dumps({k: v for k, v in r.items() if k != "seed"}),
    ],
)
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
    with pytest.raises(RecordError, match="core.err.not_legal"):
        session.load_text(json.dumps(rec))


def test_form_refresh_keeps_typed_names(session):
    session.refresh_form({"game": "barcelona", "players": "4", "name0": "Zed", "colour0": "#000000"})
    assert session.form["players"] == 4 and session.form["names"][0] == "Zed"
    session.refresh_form({"game": "strasbourg", "players": "2", "name0": "Zed"})
    assert session.form["game"] == "strasbourg" and session.form["players"] in (3, 4, 5)
    assert session.form["options"] == {}
    session.refresh_form({"game": "barcelona", "players": "3"})
    assert session.form["options"] == BCN_DEFAULTS  # another game before: the spec's defaults
    session.refresh_form({"game": "barcelona", "players": "3", "layout": "shuffled"})
    assert session.form["options"] == dict(BCN_DEFAULTS, layout="shuffled")
    session.refresh_form({"game": "barcelona", "players": "4"})  # no option field read: kept
    assert session.form["options"] == dict(BCN_DEFAULTS, layout="shuffled")


def test_switching_the_game_keeps_the_player_count_the_new_game_has(session):
    """Audit (issue 51): switching the game on the new-game form reset the player count. It stays
    when the new game is played by that many; otherwise the nearest count the game has."""
    session.refresh_form({"game": "barcelona", "players": "4"})
    session.refresh_form({"game": "strasbourg", "players": "4"})  # the count field still says 4
    assert session.form["game"] == "strasbourg" and session.form["players"] == 4
    session.refresh_form({"game": "strasbourg", "players": "5"})
    session.refresh_form({"game": "barcelona", "players": "5"})
    assert session.form["players"] == 4  # Barcelona: 1-4
    session.refresh_form({"game": "barcelona", "players": "1"})
    session.refresh_form({"game": "strasbourg", "players": "1"})
    assert session.form["players"] == 3  # Strasbourg: 3-5


@pytest.mark.parametrize(
    "change", [{"players": "4"}, {"game": "strasbourg", "players": "3"}, {"game": "tiny", "players": "4"}]
)
def test_new_game_after_a_game_then_change_game_or_players(session, change):
    """Issue 7 bug: after a game had started, New game -> another game or player count raised
    "list index out of range" (the form kept the colours of the game's seats only)."""
    session.start({"game": "tiny", "players": 2, "names": ["Ann", "Bo"]}, 1)
    session.new_game_screen()
    fields = {
        "game": "tiny",
        "players": "2",
        "name0": "Ann",
        "name1": "Bo",
        "colour0": "#E69F00",
        "colour1": "#56B4E9",
        "kind0": "human",
        "kind1": "human",
    }
    session.refresh_form(dict(fields, **change))
    form = session.form
    assert len(form["colours"]) == MAX_SEATS and len(set(form["colours"])) == MAX_SEATS
    assert form["names"][:2] == ["Ann", "Bo"]
    from web.screens import panels

    assert 'name="colour3"' in panels.screen(session) or form["players"] < 4


def test_available_reports_missing_engines(session, tiny):
    assert session.available() == {"barcelona": None, "strasbourg": None, "tiny": None}
    registry.register(GameSpec(**{**tiny.__dict__, "module": "no_such_engine_module"}))
    assert session.available()["tiny"] == "not available yet (ModuleNotFoundError)"


def test_zoom_steps(session):
    session.set_zoom(1)
    session.set_zoom(1)
    assert session.zoom == 1.5
    session.set_zoom(-1)
    assert session.zoom == 1.25
    session.set_zoom(0)
    assert session.zoom == 1.0


# ----- computer levels ------------------------------------------------------------------------------
def test_levels_from_the_url(tiny):
    s, _ = settings_from_query("game=tiny&players=3&bots=1:easy,2")
    assert s["bots"] == [1, 2] and s["levels"] == {1: "easy", 2: "normal"}  # plain seat: the default level
    s, _ = settings_from_query("game=tiny&bots=2:normal")
    assert s["levels"] == {2: "normal"}
    for bad in ("game=tiny&bots=1:hard", "game=tiny&bots=1:", "game=tiny&bots=:easy", "game=tiny&bots=1:easy:x"):
        with pytest.raises(SetupError):
            settings_from_query(bad)


def test_levels_on_the_form_and_in_the_save(session, bare_session):
    from web.screens import panels

    session.refresh_form({"game": "tiny", "players": "3", "kind1": "bot", "kind2": "bot"})
    assert session.form["levels"] == {1: "normal", 2: "normal"}
    html = panels.screen(session)
    assert 'name="level1"' in html and 'name="level2"' in html and 'name="level0"' not in html
    assert '<option value="easy">Easy</option><option value="normal" selected>Normal</option>' in html
    fields = {
        "game": "tiny",
        "players": "3",
        "kind0": "human",
        "kind1": "bot",
        "kind2": "bot",
        "level1": "easy",
        "level2": "normal",
        "colour0": "#E69F00",
        "colour1": "#56B4E9",
        "colour2": "#009E73",
    }
    session.refresh_form(fields)
    assert session.form["levels"] == {1: "easy", 2: "normal"}
    session.start(settings_from_form(fields), 4)
    assert session.meta["bot_levels"] == {"1": "easy", "2": "normal"}
    session.apply("pass")
    assert session.seats.level(1) == "easy" and session.seats.play().id == "take:1"  # easy: one coin
    assert session.seats.level(2) == "normal" and session.seats.play().id == "take:3"  # normal: three
    text = session.save_text()
    assert json.loads(text)["meta"]["bot_levels"] == {"1": "easy", "2": "normal"}
    bare_session.load_text(text)
    assert bare_session.meta == session.meta
    old = json.loads(text)
    del old["meta"]["bot_levels"]  # a save from before levels: the default level
    bare_session.load_text(json.dumps(old))
    assert bare_session.meta["bot_levels"] == {"1": "normal", "2": "normal"}
    bare_session.load_text(json.dumps(dict(old, meta=dict(old["meta"], bot_levels={"0": "easy", "2": "easy"}))))
    assert bare_session.meta["bot_levels"] == {"1": "normal", "2": "easy"}  # seat 0 is a person's
    for bad in ({"1": "hard"}, {"2": None}, {"1": 3}, ["easy"]):
        with pytest.raises(RecordError):
            bare_session.load_text(json.dumps(dict(old, meta=dict(old["meta"], bot_levels=bad))))


def test_one_level_no_level_select(session, tiny):
    """A game whose spec names no bots has one level: no level select on the form."""
    from web.screens import panels

    registry.register(GameSpec(**{**tiny.__dict__, "bots": {}}))
    session.refresh_form({"game": "tiny", "players": "3", "kind1": "bot"})
    assert 'name="level1"' not in panels.screen(session)
