"""A link's values the app changed or ignored are said in one short line: the game
starts, and the message names what was changed (a name cut to the form's length) and what was
ignored (a language the app does not speak). The cases one by one: tests/web/test_shipping_messages.py."""

from e2e_harness import available_game, wait_ready
from scripts.browser import play_step, saved_record

LONG = "Bartholomew Montgomery-Smythe"


def test_a_link_note_says_what_was_changed_and_the_game_starts(page, base):
    page.goto(f"{base}index.html?game={available_game()}&names={LONG},Bob&seed=7&lang=xx")
    wait_ready(page)
    rec = saved_record(page)
    assert rec["players"] == [LONG[:24], "Bob"] and rec["seed"] == 7
    note = page.inner_text(".message")
    assert "shortened" in note and LONG in note and "lang='xx'" in note and "\n" not in note.strip()
    play_step(page)  # the note goes with the next move; the game is an ordinary one
    assert not page.locator(".message").count()
    assert len(saved_record(page)["actions"]) == 1
