"""The page before the runtime: the build-time new-game screen (scripts/preboot_forms.py) is the
renderer's own markup, part for part, and web/screens/preboot.py decides what Python takes over and what
screen may be stored for the next visit (no seat's secret)."""

import pytest

from scripts import preboot_forms
from web.screens import panels, preboot
from web.model.session import Session, default_form, games


@pytest.fixture(scope="module")
def table_en():
    return preboot_forms.language_table("en")


def test_every_form_is_the_renderers_new_game_screen(table_en):
    s = Session()
    for spec in games():
        for n in spec.player_counts:
            s.form = dict(default_form(spec.name), players=n)
            assert table_en["forms"][f"{spec.name}:{n}"] == panels.screen(s)
            assert table_en["forms"][f"{spec.name}:{n}"].count('<div class="seat-row">') == n
        assert table_en["defaults"][spec.name] == default_form(spec.name)["players"]
    assert table_en["first"] == games()[0].name


def test_a_computer_row_swapped_in_is_what_python_draws_for_that_seat(table_en):
    """web/preboot.js replaces seat i's row by bots[game].rows[i] when its kind becomes Computer:
    that must be the row Python draws for a form where seat i is a computer."""
    s = Session()
    for spec in games():
        n = max(spec.player_counts)
        for i in range(1, n):
            s.form = dict(default_form(spec.name), players=n)
            s.refresh_form({"game": spec.name, "players": str(n), f"kind{i}": "bot"})
            rows = preboot_forms._seat_rows(panels.screen(s))
            assert rows[i] == table_en["bots"][spec.name]["rows"][i]
            speed = preboot_forms._between(panels.screen(s), '<label class="speed">', "</label>")
            assert speed == table_en["bots"][spec.name]["speed"]


def test_marks_are_the_renderers(table_en):
    assert table_en["marks"][2]["#000000"] == panels.mark(2, "#000000")


def test_every_language_has_its_own_words():
    de = preboot_forms.language_table("de")
    assert "Neues Spiel" in de["forms"]["barcelona:2"] or "Spiel" in de["forms"]["barcelona:2"]
    assert de["forms"]["barcelona:2"] != preboot_forms.language_table("en")["forms"]["barcelona:2"]


def test_storable_screens_keep_hidden_hands_secret():
    assert preboot.storable("play", hidden=False)
    assert preboot.storable("bot", hidden=False)
    assert not preboot.storable("play", hidden=True)  # a seat's own hand
    assert not preboot.storable("bot", hidden=True)  # a person's hand while computers play
    assert preboot.storable("handoff", hidden=True) and preboot.storable("over", hidden=True)
    assert not preboot.storable("history", hidden=False) and not preboot.storable("new", hidden=False)
    assert not preboot.storable("play", hidden=False, embed=True)


class FakeJS:
    def __init__(self, mode=""):
        self.mode, self.kept = mode, []

    def handOver(self):
        return self.mode

    def keepTable(self, *args):
        self.kept.append(args)

    def keepLinkTable(self, *args):
        self.kept.append(("link",) + args)


def test_hand_over_takes_the_forms_choices_and_reports_a_queued_start():
    s = Session()
    fields = {"game": "strasbourg", "players": "3", "name0": "Ann", "kind2": "bot", "level2": "easy"}
    assert preboot.hand_over(s, lambda: fields, FakeJS("queued")) is True
    assert s.form["game"] == "strasbourg" and s.form["names"][0] == "Ann" and s.form["bots"] == [2]
    assert not preboot.adopting(s)  # a queued Start starts the game: nothing to adopt
    s2 = Session()
    assert preboot.hand_over(s2, lambda: {"game": "barcelona", "players": "3", "name1": "Bo"}, FakeJS("form")) is False
    assert s2.form["players"] == 3 and s2.form["names"][1] == "Bo"
    assert preboot.adopting(s2) and not preboot.adopting(s2)  # once
    assert preboot.hand_over(Session(), lambda: fields, FakeJS("table")) is False
    assert not preboot.adopting(Session())


def test_keep_table_only_for_a_storable_screen():
    s = Session()
    s.start(dict(default_form("barcelona"), players=2, names=["A", "B"], colours=["#E69F00", "#56B4E9"]), 5)
    js = FakeJS()
    assert preboot.keep_table(s, "g1", js) and js.kept[-1][:2] == ("g1", "play")
    s.meta["hidden"] = True
    assert s.screen == "handoff" and preboot.keep_table(s, "g1", js) and js.kept[-1][1] == "handoff"
    s.handoff_ok()
    assert s.screen == "play" and not preboot.keep_table(s, "g1", js)


def test_keep_link_table_only_for_a_seeded_link_and_a_storable_screen():
    s = Session()
    s.start(dict(default_form("barcelona"), players=2, names=["A", "B"], colours=["#E69F00", "#56B4E9"]), 5)
    js = FakeJS()
    assert not preboot.keep_link_table(s, None, js) and js.kept == []  # no seed: another table each time
    assert not preboot.keep_link_table(s, 5, None)  # a page without web/preboot.js
    assert preboot.keep_link_table(s, 5, js) and js.kept[-1] == ("link", "play", "en")
    s.meta["hidden"] = True
    assert s.screen == "handoff" and preboot.keep_link_table(s, 5, js) and js.kept[-1][1] == "handoff"
    s.handoff_ok()
    assert s.screen == "play" and not preboot.keep_link_table(s, 5, js)  # a seat's own hand: never
    s.embed = object()
    assert not preboot.keep_link_table(s, 5, js)
    assert len(js.kept) == 2


def test_index_html_gets_the_english_form_in_app(table_en, tmp_path):
    """scripts/preboot_forms.patch_index: dist/index.html's #app holds the first form of the
    English table (what web/preboot.js showed from en.json before), marked data-prebuilt="en"
    (hidden by web/style.css until preboot.js knows no saved game is there)."""
    from pathlib import Path

    root = Path(preboot_forms.ROOT)
    (tmp_path / "index.html").write_text((root / "index.html").read_text())
    preboot_forms.patch_index(tmp_path, table_en)
    text = (tmp_path / "index.html").read_text()
    form = table_en["forms"][f"{table_en['first']}:{table_en['defaults'][table_en['first']]}"]
    assert preboot_forms.first_form(table_en) == form and '<form id="new-game"' in form
    assert f'<div id="app" data-prebuilt="en">{form}</div>' in text
    assert text.count('id="app"') == 1
    css = (root / "web" / "static" / "style.css").read_text()
    assert "#app[data-prebuilt] { display: none; }" in css


def test_start_up_scripts_become_one_file_in_their_order(tmp_path):
    """scripts/build.join_start_scripts: index.html's seven start-up script tags -> one
    web/start.js holding the files in the same order (CSP: a file, never inline)."""
    from pathlib import Path

    root = Path(preboot_forms.ROOT)
    from scripts import build

    (tmp_path / "web").mkdir()
    (tmp_path / "index.html").write_text((root / "index.html").read_text())
    build.join_start_scripts(tmp_path)
    text = (tmp_path / "index.html").read_text()
    assert '<script src="web/start.js"></script>' in text
    assert not any(f'<script src="{rel}">' in text for rel in build.START_SCRIPTS)
    joined = (tmp_path / "web" / "start.js").read_text()
    at = [joined.index(build.source(rel).read_text().strip()) for rel in build.START_SCRIPTS]
    assert at == sorted(at)
    assert text.index("web/start.js") < text.index('<script type="py"')
