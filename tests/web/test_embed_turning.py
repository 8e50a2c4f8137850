"""A turning point on an embedded board (web/embed/turning.py, docs/embedding.md "A turning
point"): the parameters at / better / loss / spread checked, both moves drawn with the renderers'
``arrows`` (as the review screen draws them), the words, the live board, and the tutorial pages'
turning points still being what the game review says (review/judge.py on that decision)."""

import json
import re
from pathlib import Path

import pytest

from engine.core.errors import RecordError
from tutorial.turning_points import TURNING_POINTS
from web.embed import board as E
from web.model.history import encode_record

ROOT = Path(__file__).resolve().parents[2]


def fixture_record(name):
    rec = json.loads((ROOT / "tests" / "fixtures" / "records" / f"{name}.json").read_text())
    return rec.get("record", rec)


BCN = fixture_record("barcelona-2p-bot-end")
# a turning point of that game (./run.sh review prints it): decision 141, seat 1 placed on E3
GOOD = {"record": encode_record(BCN), "at": "141", "better": "place:4,3:UW", "loss": "18.8", "spread": "0.4"}


def marks(svg):
    """{kind: action id} of the review marks drawn (web/kit/arrows.py)."""
    return dict(re.findall(r'<g class="review-mark [a-z]+" data-review="([a-z]+)" data-id="([^"]*)"', svg))


def test_the_parameters_give_the_position_before_the_decision_and_both_moves():
    spec = E.parse_params(dict(GOOD, lang="en"))
    assert spec["step"] == 141 and spec["lastmove"] is False  # its own rings, not the last turn's marks
    assert spec["turning"] == {
        "at": 141,
        "seat": 1,
        "played": BCN["actions"][141],
        "better": "place:4,3:UW",
        "loss": 18.8,
        "spread": 0.4,
    }
    # the frame's query string reads the same
    from urllib.parse import urlencode

    assert E.parse_params("?" + urlencode(dict(GOOD, lang="en")))["turning"] == spec["turning"]
    assert E.parse_params({k: v for k, v in GOOD.items() if k != "spread"})["turning"]["spread"] is None
    assert E.parse_params({"record": GOOD["record"]})["turning"] is None  # no at=: an ordinary board


@pytest.mark.parametrize(
    "change, words",
    [
        ({"at": "187"}, "at=187 is out of range"),
        ({"at": "-1"}, "out of range"),
        ({"at": "x" * 500}, "not a whole number"),
        ({"better": "place:2,4:UW"}, "is the move played"),
        ({"better": "place:9,9:UW"}, "not a legal move at decision 141"),
        ({"better": "b" * 500}, "not a legal move"),
        ({"loss": "0"}, "above 0"),
        ({"loss": "-3"}, "above 0"),
        ({"loss": "nan"}, "above 0"),
        ({"loss": "1e9"}, "at most 1000"),
        ({"loss": "9" * 500}, "loss="),
        ({"spread": "-1"}, "spread="),
        ({"spread": "inf"}, "spread="),
        ({"loss": None}, "at= needs loss="),
        ({"better": None}, "at= needs better="),
        ({"better": None, "loss": None}, "at= needs better="),  # spread= alone
        ({"at": None}, "needs at="),
        ({"step": "3"}, "cannot be combined with step="),
        ({"lesson": "bcn.place"}, "cannot be combined with lesson="),
    ],
)
def test_bad_turning_parameters_get_a_short_clear_message(change, words):
    params = {k: v for k, v in {**GOOD, **change}.items() if v is not None}
    with pytest.raises(RecordError) as err:
        E.parse_params(dict(params, lang="en"))
    text = str(err.value)
    assert words in text, text
    assert len(text) < 200
    assert not re.search(r"([a-z0-9])\1{60,}", text), "echoes too much of the input"


def test_bad_parameters_change_nothing_and_are_worded_in_the_boards_language():
    boards = E.Boards()
    ok, html = E.safe(boards.open, "k", dict(GOOD, lang="en"))
    assert ok and "eb-turning" in html
    board = boards.boards["k"]
    ok, text = E.safe(boards.open, "k", dict(GOOD, better="nope", lang="de"))
    assert not ok and "kein erlaubter Zug" in text
    assert boards.boards["k"] is board  # the board that was there stays, unchanged
    assert len(board.game.actions) == 141
    ok, text = E.safe(boards.static, "k2", dict(GOOD, loss="", lang="es"))
    assert not ok and "at= necesita loss=" in text and "k2" not in boards.boards


@pytest.mark.parametrize("game", sorted(TURNING_POINTS))
def test_the_board_draws_both_moves_and_says_the_difference(game):
    tp = TURNING_POINTS[game]
    rec = tp["record"]
    params = {"record": encode_record(rec), "at": str(tp["at"]), "better": tp["better"], "loss": str(tp["loss"])}
    html = E.static_html(E.parse_params(dict(params, lang="en")))
    svg = html[html.index("<svg") :]
    assert marks(svg) == {"played": rec["actions"][tp["at"]], "better": tp["better"]}
    # the box opens between the two rings
    xs = [float(x) for x in re.findall(r'<g class="review-mark[^"]*"[^>]*><circle cx="([-0-9.]+)"', svg)]
    spot = float(re.search(r'data-spot="([-0-9.]+)"', svg).group(1))
    assert min(xs) <= spot <= max(xs)
    words = html[: html.index("<svg")]
    assert f"about {round(tp['loss'])} VP worse" in words
    assert "played:" in words and "The Hard level prefers:" in words
    # the move labels at that position, not the ids
    assert tp["better"] not in re.sub(r'data-[a-z]+="[^"]*"', "", words)


def test_a_difference_within_the_noise_says_so():
    html = E.static_html(E.parse_params(dict(GOOD, loss="3", spread="2", lang="en")))
    assert "about 3 VP worse (± 2 VP: within the evaluation&#x27;s noise)" in html


def test_at_alone_is_evaluated_by_the_reviews_judge_with_the_reviews_figures():
    """No better= and loss=: the board judges the decision itself (web/embed/turning.judge), the
    figures ``./run.sh review`` prints for this turning point (decision 141 of the fixture)."""
    spec = E.parse_params({"record": GOOD["record"], "at": "141", "lang": "en"})
    tp = spec["turning"]
    assert (tp["seat"], tp["played"], tp["better"], tp["loss"], tp["spread"]) == (
        1,
        "place:2,4:UW",
        "place:4,3:UW",
        18.8,
        0.0,
    )
    assert "about 19 VP worse" in E.static_html(spec)


def test_an_evaluated_decision_the_hard_level_agrees_with_says_so():
    from web.embed import turning

    # the first decision the judge agrees with: the review's judged decisions of this record
    at = next(i for i in range(100, 141) if turning.judge(BCN, i)["loss"] == 0 and len(_legal(i)) > 1)
    spec = E.parse_params({"record": GOOD["record"], "at": str(at), "lang": "en"})
    assert spec["turning"]["better"] == spec["turning"]["played"] == BCN["actions"][at]
    html = E.static_html(spec)
    assert "The Hard level prefers the move played too." in html and "worse" not in html


def _legal(at):
    from web.embed.draw import position

    return position(BCN, at)[0].legal_actions()


def test_the_live_board_keeps_the_words_and_draws_the_moves_until_the_reader_moves():
    boards = E.Boards()
    html = boards.open("k", dict(GOOD, lang="en"))
    assert marks(html) == {"played": "place:2,4:UW", "better": "place:4,3:UW"} and "eb-turning" in html
    html = boards.tap("k", "place:4,3:UW")  # the better move, played by the reader
    assert marks(html) == {} and "eb-turning" in html
    html = boards.tap("k", "ui:reset")
    assert marks(html) == {"played": "place:2,4:UW", "better": "place:4,3:UW"}


@pytest.mark.parametrize("game", sorted(TURNING_POINTS))
def test_the_tutorials_turning_points_are_what_the_review_says(game):
    """The stored figures are the review's judgement of that decision (the same judge, worlds and
    budget as ``./run.sh review``), rounded as it prints them: a change of the engine or the
    review's method that moves them fails here (find them again with ./run.sh review)."""
    from engine import versions
    from review.judge import Judge
    from review.replay import hook, load_empty, play

    tp = TURNING_POINTS[game]
    rec = tp["record"]
    spec, g = load_empty(rec)
    for i, aid in enumerate(rec["actions"][: tp["at"]]):
        play(g, i, aid)
    hooks = hook(spec, "search_hooks")
    judge = Judge(g, tp["at"], rec["actions"][tp["at"]], rec["seed"], hooks(g) if hooks else None)
    while not judge.done():
        judge.step()
    got = judge.result()
    assert got["better"] == tp["better"]
    assert round(got["loss"], 1) == tp["loss"] and round(got["spread"], 1) == tp["spread"]
    assert rec["actions"] == fixture_record(tp["fixture"])["actions"][: tp["at"] + 1]
    assert versions.load(dict(rec, actions=[])).GAME_NAME == game


@pytest.mark.parametrize("lang", ["en", "de", "es", "zh_Hans", "zh_Hant"])
def test_each_tutorial_page_ends_with_its_turning_point_in_its_language(lang):
    from scripts import build_tutorials as mod

    t = mod.translator(lang)
    for game in mod.GAMES:
        html = mod.turning_section(game, lang, lambda key, **kw: t(key, **kw), t)
        assert html.count("<euro-board ") == 1 and f'at="{TURNING_POINTS[game]["at"]}"' in html
        assert set(marks(html)) == {"played", "better"}
        assert t(f"tut.turning.{game}.text") in html and t.has(f"tut.turning.{game}.text")
        words = html[html.index('<div class="eb-turning"') : html.index("<svg")]
        assert "app." not in words and "{" not in words
