"""The page before the runtime: the build-time new-game screen (scripts/preboot_forms.py) is the
renderer's own markup, part for part, and web/screens/preboot.py decides what Python takes over and what
screen may be stored for the next visit (no seat's secret)."""

import json
import re
from pathlib import Path

import pytest

from scripts import preboot_forms
from web import i18n
from web.model import settings
from web.model.games import MAX_SEATS, bot_levels, games
from web.model.session import Session
from web.model.settings import BOT_SPEEDS, default_form
from web.screens import panels, preboot
from web.kit import html_kit

PREBOOT_JS = Path(preboot_forms.ROOT) / "web" / "static" / "preboot.js"


@pytest.fixture(scope="module")
def table_en():
    preboot_forms.rules.cache_clear()  # the registry as it is now (a test may have registered a game)
    return preboot_forms.language_table("en")


def test_every_form_is_the_renderers_new_game_screen(table_en):
    s = Session()
    for spec in games():
        for n in spec.player_counts:
            s.form = dict(default_form(spec.name), players=n)
            assert table_en["forms"][f"{spec.name}:{n}"] == panels.screen(s)
            assert table_en["forms"][f"{spec.name}:{n}"].count('<div class="seat-row">') == n
        assert table_en["rules"]["games"][spec.name]["default"] == default_form(spec.name)["players"]
    assert table_en["rules"]["first"] == games()[0].name


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
    assert table_en["marks"][2]["#000000"] == html_kit.mark(2, "#000000")


# ----- one source for the form (issue 47): the rules preboot.js applies come from the build ------------
def test_the_rules_are_the_registrys_and_the_same_in_every_language(table_en):
    """rules: the games' player counts and the count a change of game starts at (web/model/
    settings.py refreshed_form: default_form's), the first game, the languages with a table."""
    rules = table_en["rules"]
    assert rules["first"] == games()[0].name == default_form()["game"]
    assert rules["games"] == {
        spec.name: {"players": list(spec.player_counts), "default": default_form(spec.name)["players"]}
        for spec in games()
    }
    for spec in games():  # each count has its form; a count preboot.js may show is one the game allows
        assert {k for k in table_en["forms"] if k.startswith(spec.name + ":")} == {
            f"{spec.name}:{n}" for n in rules["games"][spec.name]["players"]
        }
    assert rules["languages"] == list(i18n.LANGUAGES)
    assert preboot_forms.language_table("de")["rules"] == rules
    assert preboot_forms.language_table("de", ("de", "en"))["rules"]["languages"] == ["de", "en"]


def test_what_the_form_keeps_is_what_python_keeps(table_en):
    """rules.keep / rules.refill, found by asking refreshed_form: a value the player set stays on
    the form while its field is there; off it, a name and a colour stay across games, an option
    of another player count within the game (the solo options), the rest goes (a seat's kind and
    level, hidden hands, the speed). An emptied name shows the one before (settings.py: ``or old_name``)."""
    keep, refill = table_en["rules"]["keep"], table_en["rules"]["refill"]
    for spec in games():
        for o in spec.options:
            if any(not o.applies(n) for n in spec.player_counts):
                assert keep[o.name] == "game", o.name
    most, fewest = max(max(s.player_counts) for s in games()), min(min(s.player_counts) for s in games())
    for i in range(fewest, most):  # a seat some form has and some has not
        assert keep[f"name{i}"] in ("game", "always") and keep[f"colour{i}"] in ("game", "always")

    # a seat a change of game can leave off (the count kept, else the nearest the game has:
    # settings.refreshed_form): kept across games
    def switched(a, spec):
        counts = sorted(spec.player_counts)
        return a if a in counts else min(counts, key=lambda n: (abs(n - a), n))

    left_off = {
        i for g in games() for a in g.player_counts for h in games() if h != g for i in range(switched(a, h), a)
    }
    assert left_off
    for i in left_off:
        assert keep[f"name{i}"] == "always" and keep[f"colour{i}"] == "always"
    assert not any(k.startswith(("kind", "level")) or k in ("hidden", "speed", "confirm") for k in keep)
    assert refill == sorted(f"name{i}" for i in range(most))


def test_the_rules_follow_pythons_form_code(monkeypatch):
    """The table is found by asking Python, not written next to it: a form that forgot the solo
    options at another count gives another table; one preboot.js could not follow (hidden hands
    dropped at a count change although the box is still there) stops the build."""
    real = settings.refreshed_form

    def forgets_options(prev, fields):
        form = real(prev, fields)
        spec = settings.game_spec(form["game"])
        form["options"] = {
            o.name: form["options"][o.name] if o.applies(form["players"]) else o.default for o in spec.options
        }
        return form

    def drops_hidden(prev, fields):
        form = real(prev, fields)
        if str(form["players"]) != fields.get("players"):
            form["hidden"] = False
        return form

    try:
        monkeypatch.setattr(settings, "refreshed_form", forgets_options)
        preboot_forms.rules.cache_clear()
        keep = preboot_forms.rules()["keep"]
        assert "difficulty" not in keep and keep["name4"] == "always"
        monkeypatch.setattr(settings, "refreshed_form", drops_hidden)
        preboot_forms.rules.cache_clear()
        with pytest.raises(AssertionError, match="hidden"):
            preboot_forms.rules()
    finally:
        monkeypatch.undo()
        preboot_forms.rules.cache_clear()


def _js_tokens(src):
    """(kind, text) of a JS source, comments dropped: string, regex, number, name, punct."""
    out, i = [], 0
    while i < len(src):
        c, prev = src[i], out[-1] if out else ("punct", ";")
        if c.isspace():
            i += 1
        elif src.startswith("//", i):
            i = src.find("\n", i) if "\n" in src[i:] else len(src)
        elif src.startswith("/*", i):
            i = src.index("*/", i) + 2
        elif c in "'\"`":
            j = i + 1
            while src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(("string", src[i + 1 : j]))
            i = j + 1
        elif c == "/" and (prev[0] == "punct" and prev[1] in "(,=:[!&|?{};+" or prev == ("name", "return")):
            j, cls = i + 1, False  # a regex literal
            while cls or src[j] != "/":
                j += 2 if src[j] == "\\" else 1
                cls = (cls or src[j - 1] == "[") and src[j - 1] != "]"
            out.append(("regex", src[i + 1 : j]))
            i = j + 1 + re.match(r"[a-z]*", src[j + 1 :]).end()
        elif c.isdigit():
            m = re.match(r"0[xX][0-9a-fA-F]+|\d+(?:\.\d+)?", src[i:])
            out.append(("number", m.group()))
            i += m.end()
        elif c.isalpha() or c in "_$":
            m = re.match(r"[\w$]+", src[i:])
            out.append(("name", m.group()))
            i += m.end()
        else:
            out.append(("punct", c))
            i += 1
    return out


def test_preboot_js_names_no_game_count_option_level_or_language():
    """web/static/preboot.js applies the build's table and parts; it holds no rule of its own: no
    game (name or title, even in a comment), no option, choice, computer level, speed or language
    in its strings and patterns, and no number but 0 and 1 (an index, a step: no player count)."""
    src = PREBOOT_JS.read_text()
    for spec in games():
        for word in (spec.name, spec.title):
            assert not re.search(rf"\b{re.escape(word)}\b", src, re.I), word
    words = {"qps"} | set(i18n.LANGUAGES) | set(BOT_SPEEDS)
    words |= {w for spec in games() for w in (*bot_levels(spec), *(o.name for o in spec.options))}
    choices = {str(c) for spec in games() for o in spec.options for c in o.choices}  # "on": only whole
    tokens = _js_tokens(src)
    assert {"string", "regex", "number", "name"} <= {k for k, _ in tokens}  # the reader read it
    quoted = [text for kind, text in tokens if kind in ("string", "regex")]
    for word in sorted(words):
        hits = [q for q in quoted if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", q)]
        assert not hits, f"preboot.js names {word!r}: {hits}"
    assert not choices & {text for kind, text in tokens if kind == "string"}
    assert {text for kind, text in tokens if kind == "number"} <= {"0", "1"}
    assert not any(re.fullmatch(r"\d+", q) and q not in ("0", "1") for q in quoted)


def test_preboot_js_stored_screens_are_pythons():
    """The screens a stored table may be (preboot.js SCREENS) are the ones Python stores."""
    got = re.search(r"var SCREENS = (\[[^\]]*\]);", PREBOOT_JS.read_text()).group(1)
    assert tuple(json.loads(got)) == preboot.TABLE_SCREENS


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


def test_hand_over_keeps_what_the_early_form_kept_off_screen():
    """preboot.js keeps a value the player set while its field is off the form (a fourth seat's
    name at 3 players, the solo game's difficulty at 2), as Python's form does: handed over, so
    that going back to 4 players or to the solo game shows it again, as it would have."""
    js = FakeJS("form")
    js.kept = lambda: json.dumps({"name3": "Dee", "difficulty": "hard"})
    s = Session()
    assert preboot.hand_over(s, lambda: {"game": "barcelona", "players": "3", "name0": "Ann"}, js) is False
    assert s.form["players"] == 3 and s.form["names"][:4] == ["Ann", "Player 2", "Player 3", "Dee"]
    s.refresh_form({"game": "barcelona", "players": "1", "name0": "Ann"})
    assert s.form["options"]["difficulty"] == "hard"
    js.kept = lambda: "not json"  # unreadable: nothing kept, the form is taken all the same
    s2 = Session()
    assert preboot.hand_over(s2, lambda: {"game": "barcelona", "players": "3"}, js) is False
    assert s2.form["players"] == 3 and preboot.adopting(s2)
    assert MAX_SEATS >= 4


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
    first = table_en["rules"]["first"]
    form = table_en["forms"][f"{first}:{table_en['rules']['games'][first]['default']}"]
    assert preboot_forms.first_form(table_en) == form and '<form id="new-game"' in form
    assert f'<div id="app" data-prebuilt="en">{form}</div>' in text
    assert text.count('id="app"') == 1
    # for web/static/preboot.js in <head>: the languages with a table, the one already in #app
    assert f'<html data-preboot-langs="{" ".join(i18n.LANGUAGES)}" data-prebuilt="en"' in text
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
