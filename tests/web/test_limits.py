"""web/model/limits.py: record texts are size- and depth-checked before json.loads (a 30,000-deep
``[[[`` used to overflow Pyodide's stack and kill the runtime), and every message that quotes
input quotes at most a short excerpt (a 10 MB field used to be echoed whole)."""

import base64
import json
import sys

import pytest

from engine.core.errors import RecordError
from web.model import history as H
from web.screens import panels
from web.model.limits import (
    MAX_DEPTH,
    MAX_TEXT,
    check_json_text,
    check_record_fields,
    excerpt,
    parse_int,
    parse_json,
)
from web.model.games import SetupError
from web.model.links import bot_delay_from_query, settings_from_query

import fake_game  # noqa: E402  (tests/web is on sys.path via conftest)

BIG = "x" * 10_000_000  # a 10 MB field


def test_excerpt_caps_and_flattens():
    assert excerpt("short") == "short"
    assert excerpt("a" * 61) == "a" * 59 + "…" and len(excerpt("a" * 61)) == 60
    assert excerpt("a" * 60) == "a" * 60
    assert excerpt("line\nbreak\x00") == "line break "
    assert len(excerpt(BIG, 60)) == 60
    assert excerpt(12345, 3) == "12…"


@pytest.mark.parametrize(
    "text", ["[" * 30_000, "{\"a\":" * 40 + "1" + "}" * 40, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)]
)
def test_deep_nesting_is_refused_before_parsing(text):
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # json.loads would overflow; the check must not recurse at all
    try:
        with pytest.raises(RecordError, match="nested too deeply"):
            parse_json(text)
    finally:
        sys.setrecursionlimit(limit)


def test_depth_ignores_brackets_in_strings_and_escapes():
    deep_in_string = json.dumps({"name": "[" * 1000 + "\\\"[[[" + "{" * 500})
    check_json_text(deep_in_string)
    assert parse_json(deep_in_string)["name"].startswith("[[[")
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_json(ok) is not None
    # An escaped backslash before the closing quote ends the string: the brackets after it count.
    with pytest.raises(RecordError, match="nested"):
        check_json_text('["a\\\\"' + "," + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "]")


def test_size_limit_and_not_json():
    with pytest.raises(RecordError, match="too large") as e:
        parse_json(" " * (MAX_TEXT + 1))
    assert len(str(e.value)) < 100
    with pytest.raises(RecordError, match="not valid JSON"):
        parse_json("{not json")
    with pytest.raises(RecordError, match="not valid JSON") as e:
        parse_json("[" + "1" * 5000 + "]")  # Python's own int limit, message kept short
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("field", ["players", "game", "engine", "action", "option", "key", "seed"])
def test_record_fields_are_length_checked(field):
    rec = fake_game.new_game(["Ann", "Bo", "Cy"], 1).record()
    if field == "players":
        rec["players"][1] = BIG
    elif field == "action":
        rec["actions"] = [BIG]
    elif field == "option":
        rec["options"] = {"layout": BIG}
    elif field == "key":
        rec[BIG] = 1
    elif field == "seed":
        rec["seed"] = 10**30
    else:
        rec[field] = BIG
    with pytest.raises(RecordError) as e:
        check_record_fields(rec)
    assert len(str(e.value)) < 120


def test_parse_int_refuses_long_numbers_shortly():
    assert parse_int("42", "seed") == 42 and parse_int("-3", "seed") == -3
    for bad in ("9" * 5000, "abc" * 5000, "1.5", "", "١٢"):
        with pytest.raises(RecordError) as e:
            parse_int(bad, "seed")
        assert len(str(e.value)) < 100


# ----- a 10 MB field through every entry point: short message, nothing changes -------------------------
def _ten_mb_record():
    rec = fake_game.new_game(["Ann", "Bo", "Cy"], 1).record()
    rec["players"][0] = BIG
    return rec


def test_ten_mb_import_or_autosave(session):
    session.start({"game": "barcelona", "players": 3, "names": ["Ann", "Bo", "Cy"]}, 5)
    before = session.save_text()
    for text in (json.dumps(_ten_mb_record()), "[" * 30_000, '{"game": "' + BIG + '"}', BIG):
        with pytest.raises(ValueError) as e:
            session.load_text(text)
        assert len(str(e.value)) < 300
        assert session.save_text() == before and session.screen == "play"


def test_ten_mb_embed_record_and_link_parameters(session):
    rec = fake_game.new_game(["Ann", "Bo", "Cy"], 1).record()
    rec["actions"] = [BIG[:3_000_000]]
    for q in (
        "?embed=1&record=" + H.encode_record(rec),
        "?embed=1&step=" + "9" * 5000 + "&record=x",
        "?embed=1&record=" + base64.urlsafe_b64encode(("[" * 30_000).encode()).decode(),
        "?embed=1&" + "z" * 10_000_000 + "=1",
    ):
        with pytest.raises(RecordError) as e:
            session.open_embed(q)
        assert len(str(e.value)) < 300
        assert session.screen == "embed-error"
    for q in (
        "?game=barcelona&seed=" + "9" * 5000,
        "?game=barcelona&players=" + "9" * 5000,
        "?game=" + BIG,
        "?" + BIG + "=1",
        "?game=barcelona&bots=" + "1," * 5000,
        "?botdelay=" + "9" * 5000,
    ):
        with pytest.raises(SetupError) as e:
            settings_from_query(q)
        assert len(str(e.value)) < 300
    with pytest.raises(SetupError):
        bot_delay_from_query("?botdelay=" + "9" * 5000)
    s, _ = settings_from_query("?game=barcelona&players=3&names=" + BIG[:100_000] + ",b,c")
    assert len(s["names"][0]) == 24  # names are cut to the form's length


@pytest.mark.parametrize(
    "name", ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "</text><foreignObject>x"]
)
def test_brought_in_names_are_text_not_markup(session, name):
    rec = fake_game.new_game(["Ann", "Bo", "Cy"], 1).record()
    rec["players"][0] = name[:24]
    session.load_text(json.dumps(rec))
    html = panels.screen(session)
    assert name[:24] not in html and "<script" not in html and "<img" not in html
    session.start({"game": "barcelona", "players": 3, "names": [name, "b", "c"]}, 1)
    html = panels.screen(session)
    assert "<script" not in html and "<img" not in html and "<foreignObject" not in html
