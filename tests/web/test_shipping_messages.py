"""Say what happened: a record or link the app cannot use as it is gets a message in a
player's words, and the form's rules for names hold for imports and embed links too. CPython."""

import json

import pytest

import engine
from web import i18n
from web.model.games import MAX_NAME, SetupError
from web.model.history import embed_query
from web.model.links import link_notes, settings_from_query
from web.model.session import Session


@pytest.fixture(autouse=True)
def english():
    i18n.activate("en")
    yield
    i18n.activate("en")


def record(game="barcelona", n=2, seed=11, moves=3):
    g = engine.game_module(game).new_game(n, seed)
    for _ in range(moves):
        g.apply(g.legal_actions()[0])
    return g.record()


def load_error(rec):
    s = Session()
    with pytest.raises(ValueError) as e:
        s.load_text(json.dumps(rec))
    assert s.game is None  # on error nothing changes
    return str(e.value)


def embed_error(rec):
    with pytest.raises(ValueError) as e:
        Session().open_embed(embed_query(rec))
    return str(e.value)


# ----- a record of one game that says it is another ------------------------------------------------
def test_a_barcelona_record_that_says_strasbourg_is_explained_in_a_players_words():
    rec = dict(record("barcelona"), game="strasbourg")
    assert "layout" in rec["options"]
    for text in (load_error(rec), embed_error(rec)):
        assert "bad setup" not in text and "known: none" not in text
        assert text.startswith("This file says it is a game of Strasbourg")
        assert "'layout'" in text and "Barcelona" in text and "cannot be opened" in text


def test_a_setting_no_game_has_and_a_value_the_game_does_not_offer():
    rec = record("barcelona")
    text = load_error(dict(rec, options=dict(rec["options"], speedy="yes")))
    assert "Barcelona has a setting Barcelona does not have ('speedy')" in text
    text = load_error(dict(rec, options=dict(rec["options"], layout="sideways")))
    assert "the setting 'layout' is 'sideways'" in text and "printed" in text and "bad setup" not in text


def test_the_message_is_in_the_players_language():
    rec = dict(record("barcelona"), game="strasbourg")
    i18n.activate("de")
    assert "Diese Datei gibt sich als Partie Strasbourg aus" in load_error(rec)


def test_a_good_record_still_loads_and_embeds():
    rec = record("barcelona")
    s = Session()
    s.load_text(json.dumps(rec))
    assert s.game.actions == rec["actions"]
    Session().open_embed(embed_query(rec))


# ----- names: the form's rules everywhere -----------------------------------------------------------
def test_the_form_refuses_the_same_name_twice():
    with pytest.raises(SetupError, match="different name"):
        settings_from_query("game=barcelona&names=Ann,Ann,Ann")


@pytest.mark.parametrize(
    "names, words",
    [
        (["Ann", "Ann"], "both called 'Ann'"),
        (["Ann", " Ann  "], "both called 'Ann'"),  # spaces collapsed, as on the form
        (["Ann", ""], "has no name"),
        (["   ", "Bob"], "has no name"),
    ],
)
def test_import_and_embed_refuse_names_the_form_refuses(names, words):
    rec = dict(record("barcelona"), players=names)
    for text in (load_error(rec), embed_error(rec)):
        assert words in text and "new-game form" in text


# ----- a link's values changed or ignored: one short note ----------------------------------------------
def test_a_long_name_in_a_link_is_cut_and_said():
    long = "Bartholomew Montgomery-Smythe"
    assert len(long) > MAX_NAME
    settings, _ = settings_from_query(f"game=barcelona&names={long},Bob")
    assert settings["names"][0] == long[:MAX_NAME]
    note = link_notes(f"game=barcelona&names={long},Bob")
    assert note == f"Names have at most {MAX_NAME} characters, so these were shortened: '{long}'."
    assert link_notes("game=barcelona&names=Ann,Bob") == ""


def test_a_language_the_app_does_not_speak_is_said():
    assert link_notes("lang=xx") == "lang='xx' is not a language of this app, so it was ignored."
    assert link_notes("game=barcelona&lang=de") == link_notes("lang=zh-TW") == ""
    # both in one short line
    note = link_notes("game=barcelona&lang=xx&names=" + "A" * 30 + ",Bob")
    assert note.count(".") >= 2 and "lang='xx'" in note and "shortened" in note and "\n" not in note


def test_values_a_link_cannot_use_stop_it_with_the_reason():
    with pytest.raises(SetupError, match=r"seed=-1 is out of range \(0-"):
        settings_from_query("game=barcelona&seed=-1")  # the generator would play 2**64 - 1 instead
    with pytest.raises(SetupError, match=r"from 0 to 2"):
        settings_from_query("game=barcelona&players=3&bots=9:god")
    with pytest.raises(SetupError, match=r"'god' is not one of Barcelona's levels"):
        settings_from_query("game=barcelona&players=3&bots=1:god")
    assert settings_from_query("game=barcelona&seed=0")[1] == 0
