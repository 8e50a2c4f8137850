"""The save-slot model (web/model/session.py) and its HTML (web/screens/panels.py); web/store.js does the
IndexedDB writes (e2e/test_storage.py)."""

import pytest

from web.screens import panels
from web.model.games import SetupError
from web.model.slots import STORAGE_FULL, valid_slot_id, valid_summary

SETTINGS = {"game": "barcelona", "players": 3, "names": ["Ann", "Bo", "Cy"]}


def started(session, slot="g1"):
    session.start(SETTINGS, 3)
    assert session.saves.slot is None  # a new game gets a new slot (main.save assigns the id)
    session.saves.slot = slot
    return session


def test_summary_and_saved_list_newest_first(session):
    started(session)
    s1 = session.saves.summary("2024-05-01T10:00:00.000Z")
    assert s1 == {
        "id": "g1",
        "game": "barcelona",
        "players": ["Ann", "Bo", "Cy"],
        "date": "2024-05-01T10:00:00.000Z",
        "moves": 0,
        "over": False,
        "bots": [],
    } and valid_summary(s1)
    assert session.saves.saved(True, s1) is False  # no storage note change: no redraw
    session.start(SETTINGS, 4)
    session.saves.slot = "g2"
    session.saves.saved(True, session.saves.summary("2024-05-02T10:00:00.000Z"))
    assert [x["id"] for x in session.saves.slots] == ["g2", "g1"]
    session.saves.saved(True, dict(s1, moves=5))
    assert [x["id"] for x in session.saves.slots] == ["g1", "g2"] and session.saves.slots[0]["moves"] == 5


def test_failed_write_shows_the_note_until_a_write_succeeds(session):
    started(session)
    assert session.saves.saved(False) is True and session.saves.problem == STORAGE_FULL
    html = panels.screen(session)
    assert "storage is full" in html and 'data-action="ui:export"' in html.split("storage-problem")[1]
    assert session.saves.saved(False) is False  # still failing: nothing new to show
    assert session.saves.saved(True, session.saves.summary("d")) is True and session.saves.problem == ""
    assert "storage-problem" not in panels.screen(session)


def test_new_game_and_import_ask_only_when_the_game_on_screen_is_not_stored(session):
    started(session)
    assert not session.saves.at_risk()
    session.saves.saved(False)
    assert session.saves.at_risk()
    session.saves.ask("start", pending=SETTINGS)
    html = panels.screen(session)
    assert session.screen == "new" and "not saved" in html and 'data-action="ui:confirm-yes"' in html
    assert 'data-action="ui:export"' in html.split('class="card confirm"')[1]
    assert session.saves.answer(False) is None and session.saves.question is None
    session.saves.ask("import", pending="{...}")
    assert session.saves.answer(True) == ("import", None, "{...}")


def test_saved_games_list_resume_and_delete_with_confirm(session):
    started(session, "g1")
    session.saves.set_slots(
        [
            {
                "id": "g1",
                "game": "barcelona",
                "players": ["Ann", "<b>x</b>"],
                "date": "2024-01-01T00:00",
                "moves": 3,
                "over": False,
            },
            {"id": "g2", "game": "barcelona", "players": ["Cy"], "date": "2024-02-01T00:00", "moves": 9, "over": True},
            {"id": "BAD ID", "game": "x", "players": [], "date": "", "moves": 0, "over": False},
            {"id": "g3", "game": "barcelona", "players": ["x" * 10_000], "date": "", "moves": 0, "over": False},
            "junk",
        ]
    )
    assert [x["id"] for x in session.saves.slots] == ["g2", "g1"]  # invalid entries from storage are ignored
    session.new_game_screen()
    html = panels.screen(session)
    assert 'data-action="ui:slot-resume:g1"' in html and 'data-action="ui:slot-delete:g2"' in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html and "finished" in html
    session.saves.ask("delete", "g2")
    assert "Delete this saved game" in panels.screen(session)
    assert session.saves.answer(True) == ("delete", "g2", None)
    session.saves.forget("g2")
    assert [x["id"] for x in session.saves.slots] == ["g1"] and session.game is not None
    session.saves.ask("delete", "g1")
    assert "game in progress" in panels.screen(session)
    session.saves.answer(True)
    session.saves.forget("g1")  # deleting the game on screen discards it
    assert session.game is None and session.saves.slots == [] and session.screen == "new"
    with pytest.raises(SetupError):
        session.saves.ask("delete", "g1")


def test_import_goes_to_a_new_slot_and_resume_keeps_the_id(session):
    started(session, "g1")
    text = session.save_text()
    session.load_text(text)
    assert session.saves.slot is None
    session.load_text(text, "g7")
    assert session.saves.slot == "g7"


def test_damaged_save_is_offered_for_download(session):
    session.saves.damaged = "[[[["
    assert 'data-action="ui:download-damaged"' in panels.screen(session)


@pytest.mark.parametrize(
    "slot, ok",
    [("g1", True), ("gabc-12", True), ("", False), ("a" * 41, False), ("../x", False), (None, False), ("G1", False)],
)
def test_slot_ids(slot, ok):
    assert valid_slot_id(slot) is ok


def test_resume_asks_when_the_game_on_screen_is_not_stored(session):
    started(session, "g1")
    session.saves.set_slots(
        [{"id": "g2", "game": "barcelona", "players": ["Cy"], "date": "2024-02-01T00:00", "moves": 9, "over": False}]
    )
    session.saves.saved(False)
    session.saves.ask("resume", "g2")
    html = panels.screen(session)
    assert "Open the saved game anyway" in html and 'data-action="ui:export"' in html.split('class="card confirm"')[1]
    assert session.saves.answer(True) == ("resume", "g2", None)


def test_blocked_storage_is_said_on_every_screen_with_export_once_there_is_a_game(session):
    session.saves.set_blocked()
    html = panels.screen(session)  # the new-game screen, no game yet
    note = html.split('storage-problem" role="alert">')[1].split("</div>")[0]
    assert "will not be kept on this device" in note and "ui:export" not in note
    started(session)
    assert not session.saves.at_risk()  # no move yet: nothing to lose
    session.apply(session.game.legal_actions()[0].id)
    assert session.saves.at_risk()
    note = panels.screen(session).split('storage-problem" role="alert">')[1]
    assert 'data-action="ui:export"' in note.split("</div>")[0]


def test_game_open_elsewhere_asks_take_over_or_copy(session):
    started(session, "g1")
    assert session.saves.open_elsewhere("g2") is False and session.saves.question is None  # another slot: not ours
    assert session.saves.open_elsewhere("g1") is True and session.saves.elsewhere == "g1" and session.saves.at_risk()
    html = panels.screen(session)
    box = html.split('class="card confirm elsewhere"')[1]
    assert "open in another tab" in box and 'data-action="ui:take-over"' in box and 'data-action="ui:play-copy"' in box
    assert "ui:confirm-no" not in box  # a choice, not a cancel
    session.saves.play_as_copy()
    assert (
        session.saves.slot is None
        and session.saves.elsewhere is None
        and session.saves.question is None
        and not session.choosing
    )
    started(session, "g1")
    session.saves.open_elsewhere("g1")
    session.saves.taken_over()
    assert session.saves.slot == "g1" and session.saves.elsewhere is None and not session.saves.at_risk()


def test_back_to_a_game_another_tab_plays_says_the_next_move_starts_a_copy(session):
    """Audit (issue 50, item 2): "Back to the game" instead of choosing let moves be stored nowhere,
    silently. Now the table says it before any move, and the next save starts a copy."""
    started(session, "g1")
    session.saves.open_elsewhere("g1")
    assert "elsewhere-copy" not in panels.screen(session)  # the question is asked first
    session.resume()  # "Back to the game"
    assert not session.choosing and session.saves.question is None and session.saves.copy_due
    note = panels.screen(session).split('class="message elsewhere-copy"')[1].split("</div>")[0]
    assert "next move here starts a copy" in note and 'data-action="ui:take-over"' in note
    assert session.saves.at_risk()  # leaving before that move still asks
    session.saves.play_as_copy()  # what web/page/store.py save() does at the next move
    assert session.saves.slot is None and not session.saves.copy_due
    assert "elsewhere-copy" not in panels.screen(session)
    session.saves.slot = "g1"
    session.saves.open_elsewhere("g1")
    session.start(SETTINGS, 4)  # a new game is nobody else's: saved as usual
    assert session.saves.elsewhere is None and not session.saves.copy_due


def test_unreadable_settings_are_dropped_not_fatal(session):
    assert session.prefs.load("[" * 8000) is False and session.prefs.dropped  # checked before json.loads
    assert session.prefs.confirm is False  # the default stays: one tap per decision
    assert session.prefs.load("5") is False  # JSON, but not settings
    assert session.prefs.load('{"confirm": true, "lang": ["de"]}') is True and session.prefs.confirm is True
    assert session.prefs.load(None) is True and session.prefs.load("") is True
