"""Tutorial boards and lessons: web/embed/board.py, web/embed/lessons.py (each game's
lessons: web/boards/<game>/lessons.py) and the pages of scripts/build_tutorials.py, in CPython."""

import os
import re
from html import escape
from pathlib import Path

import pytest

import engine
from engine.core.errors import RecordError
from web.embed import board as E, draw as D, lessons as L
from web.model import limits
from web.kit import lesson_kit as K
from web.base import renderer
from web.boards.barcelona import lessons as BL
from web.boards.strasbourg import lessons as SL
from web.model.history import encode_record

ROOT = Path(__file__).resolve().parents[2]
LESSONS = list(L.BY_ID.values())


def bcn_record(moves=("place:0,1:WW", "act:v", "street:h2-1")):
    import engine.barcelona as bcn

    g = bcn.new_game(2, 90, layout="printed")
    for a in moves:
        g.apply(a)
    return g.record()


# ----- lessons ---------------------------------------------------------------------------------------
def test_both_games_cover_every_rule_area_of_the_issue():
    areas = {x.game: {x.area for x in L.LESSONS[x.game]} for x in LESSONS}
    for tile in BL.STREET_TILES:  # each of the 11 street actions
        assert f"street action: {tile}" in areas["barcelona"]
    assert len(BL.STREET_TILES) == 11
    for area in (
        "placement and costs",
        "intersections and owner rewards",
        "building and levels",
        "tracks and Cerdà scoring",
        "Modernisme",
        "public services",
        "Sagrada Família",
        "tram and passengers",
        "the end",
    ):
        assert area in areas["barcelona"], area
    for area in ["task cards", "plotting", "bidding and ties", "privileges", "end scoring", "council"] + [
        f"step {c}" for c in "ABCDEFGHI"
    ]:
        assert area in areas["strasbourg"], area


def test_owner_rewards_and_the_council_are_tasks_not_only_text():
    # the areas taught in text only before: each has a lesson whose move is judged
    kinds = {x.id: K.decision(engine.replay(x.record)) for x in LESSONS}
    assert kinds["bcn.owner"] == "owner"  # the owner picks the rewards
    assert kinds["bcn.owner.place"] == "place"  # placing on an opponent's tile
    assert kinds["sxb.council"] == kinds["sxb.tie"] == "bid"
    council = engine.replay(L.BY_ID["sxb.council"].record)
    good, bad = K.discriminates(SL.wins_council_seat, council)
    assert good.startswith("bid:")
    after = council.clone()
    after.apply(good)  # the engine ranked the bids: a seat won
    seat = council.current_player
    assert SL.council_seats(after, seat) - SL.council_seats(council, seat)


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_every_lesson_accepts_a_right_move_and_rejects_a_wrong_one(lesson):
    assert lesson.position is not None, "run scripts/find_lesson_positions.py"
    start = engine.replay(lesson.record)  # every stored id is legal for today's engine
    assert start.current_player == lesson.position["seat"]
    assert lesson.where(start), "the stored position is no longer the lesson's kind of position"
    got = K.discriminates(lesson.check, start)
    assert got is not None, "the check does not tell a right move from a wrong one here"
    good, bad = got
    board = E.Board(E.parse_params({"lesson": lesson.id}))
    assert finish(board, good) == "ok"
    assert board.legal() == []  # judged: the board waits for "Try again"
    board.tap("ui:reset")
    assert board.verdict is None and len(board.game.actions) == lesson.step
    assert board.tap(bad) == "hint"


def finish(board, good):
    """Play ``good``, then (a lesson that steps on) a right move of each follow-up: the verdict."""
    verdict = board.tap(good)
    while verdict is None:
        check = board.lesson.stage_check(board.stage)
        move = next(a.id for a in board.legal() if check(board.game, a.id, _after(board.game, a.id)))
        verdict = board.tap(move)
    return verdict


def _after(game, aid):
    g = game.clone()
    g.apply(aid)
    return g


STEPPING = [x for x in LESSONS if x.then]


def test_street_lessons_whose_tile_asks_more_step_on():
    assert {x.id for x in STEPPING} >= {f"bcn.street.{t}" for t in ("wide", "narrow", "cross", "tram")}
    assert not L.BY_ID["bcn.street.coins"].then  # 2 coins: nothing more to decide


@pytest.mark.parametrize("lesson", STEPPING, ids=[x.id for x in STEPPING])
def test_a_lesson_steps_on_to_its_follow_up_decision(lesson):
    start = engine.replay(lesson.record)
    good, bad = K.discriminates(lesson.check, start)
    board = E.Board(E.parse_params({"lesson": lesson.id}))
    assert board.tap(good) is None and board.stage == 1  # right, and the lesson goes on
    kind = lesson.then[0][0]
    assert board.legal() and K.decision(board.game) == kind
    html = board.html()
    assert re.search(r'class="eb-prompt">[^<]+<', html)  # the engine says what to do now
    offered = set(re.findall(r'data-action="([^"]+)"', html))
    for a in board.legal():  # every follow-up move can be made
        assert a.id in offered, a.id
    assert board.tap(board.legal()[0].id) == "ok" and board.legal() == []
    board.tap("ui:reset")
    assert board.stage == 0 and board.tap(bad) == "hint"


def test_a_wrong_follow_up_gets_the_hint():
    import dataclasses

    lesson = L.BY_ID["bcn.street.wide"]
    good, _ = K.discriminates(lesson.check, engine.replay(lesson.record))
    board = E.Board(E.parse_params({"lesson": lesson.id}))
    board.tap(good)
    first, second = board.legal()[0].id, board.legal()[1].id
    board.lesson = dataclasses.replace(lesson, then=(("street", K.is_(first)),))
    assert board.tap(second) == "hint" and board.legal() == []
    board.tap("ui:reset")
    board.tap(good)
    assert board.tap(first) == "ok"


def test_a_lesson_check_is_not_a_constant():
    # the same check on another lesson's position must be able to say no (no hard-coded True)
    for lesson in LESSONS:
        start = engine.replay(lesson.record)
        results = set()
        for a in start.legal_actions():
            g = start.clone()
            g.apply(a.id)
            results.add(bool(lesson.check(start, a.id, g)))
        assert results == {True, False}, lesson.id


def test_positions_module_is_what_the_finder_checks():

    from scripts import find_lesson_positions as mod

    assert mod.check() == []


# ----- parameters ------------------------------------------------------------------------------------
def test_parameters_give_the_spec():
    rec = bcn_record()
    spec = E.parse_params(
        "?"
        + "&".join(
            [
                f"record={encode_record(rec)}",
                "step=2",
                "focus=block:0,1",
                "mark=cerda~Your marker|place:0,1:WW~Placed",
                "mark=tracks~Tracks",
            ]
        )
    )
    assert spec["step"] == 2 and spec["focus"] == "block:0,1"
    assert spec["marks"] == {"cerda": "Your marker", "place:0,1:WW": "Placed", "tracks": "Tracks"}
    assert E.parse_params({"lesson": "sxb.bid"})["focus"] == "auction"


@pytest.mark.parametrize(
    "params, words",
    [
        ({"record": "%%%"}, "base64"),
        ({"record": "x" * 5000}, ""),
        ({"record": "R", "focus": "q" * 5000}, "not a region"),
        ({"record": "R", "focus": "player:7"}, "2 players"),
        ({"record": "R", "step": "99"}, "out of range"),
        ({"record": "R", "step": "9" * 5000}, "step"),
        ({"record": "R", "mark": "cerda"}, "ELEMENT~note"),
        ({"record": "R", "mark": "cerda~" + "n" * 5000}, "longer than 60"),
        ({"record": "R", "mark": "|".join(f"e{i}~n" for i in range(20))}, "at most 8"),
        ({"record": "R", "play": "yes"}, "0 or 1"),
        ({"record": "R", "z" * 5000: "1"}, "unknown parameter"),
        ({"lesson": "nope" * 1000}, "no lesson"),
        ({}, "record= is missing"),
    ],
)
def test_bad_parameters_get_a_short_clear_message(params, words):
    rec = encode_record(bcn_record())
    params = {k: (rec if v == "R" else v) for k, v in params.items()}
    with pytest.raises(RecordError) as err:
        E.parse_params(params)
    text = str(err.value)
    assert words in text
    assert len(text) < 220
    for run in re.findall(r"([a-z0-9%])\1{60,}", text):  # never more than ~60 chars of the input
        pytest.fail(f"echoes too much input: {text}")


def test_safe_turns_errors_into_messages():
    ok, text = E.safe(E.BOARDS.open, "k", "record=%%%")
    assert not ok and "base64" in text


# ----- drawing -----------------------------------------------------------------------------------------
def test_focus_crops_to_the_region_and_marks_and_last_turn_are_drawn():
    rec = encode_record(bcn_record())
    whole = E.static_svg(E.parse_params({"record": rec}))
    block = E.static_svg(E.parse_params({"record": rec, "focus": "block:0,1", "mark": "place:0,1:WW~Placed here"}))
    x, y, w, h = _vb(block)
    assert w == 200 and 200 < h < 260  # one block and its corners, not 740 x 776,
    note = re.search(
        r'<g class="note".*?<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"', block, re.S
    )
    nx, ny, nw, nh = (float(v) for v in note.groups())  # grown to hold the note (never cut by the crop)
    assert x <= nx and y <= ny and nx + nw <= x + w and ny + nh <= y + h
    assert _vb(E.static_svg(E.parse_params({"record": rec, "focus": "block:0,1"})))[2:] == [200, 200]
    assert 'data-mark="place:0,1:WW"' in block and "Placed here" in block
    assert 'class="lastmove"' in whole  # the last turn, marked automatically
    assert 'class="lastmove"' not in E.static_svg(E.parse_params({"record": rec, "lastmove": "0"}))
    cerda = E.static_svg(E.parse_params({"record": rec, "focus": "cerda"}))
    assert len(cerda) < len(whole) / 5
    for name in renderer.of("barcelona").focus + ("board", "player:0", "player:1", "line:h2", "line:v0", "line:d"):
        assert "<svg" in E.static_svg(E.parse_params({"record": rec, "focus": name}))


def _vb(svg):
    return [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]


def _style(svg):
    return re.match(r'<svg style="([^"]*)"', svg).group(1)


@pytest.mark.parametrize("focus", ["block:0,1", "block:3,3", "line:h2", "line:v0", "line:d"])
def test_a_cropped_focus_stays_cropped_when_the_board_goes_live(focus):
    # The static board and the live one show the same part at the same size (no jump on "Play on");
    # Zoom out shows the whole main board (every target reachable), Zoom in and Reset crop again.
    rec = encode_record(bcn_record())
    spec = E.parse_params({"record": rec, "focus": focus})
    static = E.static_svg(spec)
    game, _ = D.position(spec["record"], spec["step"])
    box = [round(v, 1) for v in renderer.of("barcelona").crop(focus)]
    assert _vb(static)[2:] == box[2:] and _vb(static)[2] < 740
    board = E.Board(spec)
    live = re.search(r"<svg .*?</svg>", board.html(), re.S).group(0)
    assert _vb(live) == _vb(static)
    assert _style(live) == _style(static)
    assert 'data-action="ui:zoom-out"' in board.html()
    label = re.search(r'class="eb-btn eb-zoom"[^>]*>([^<]*)<', board.html()).group(1)
    assert label.strip() and not label.startswith("app.")  # the toolbar's words, from the catalog
    board.tap("ui:zoom-out")
    html = board.html()
    assert _vb(html)[2:] == [740, 776] and 'data-action="ui:zoom-in"' in html
    drawn_or_button = set(re.findall(r'data-action="([^"]+)"', html))
    picks = {a[len("ui:pick:") :] for a in drawn_or_button if a.startswith("ui:pick:")}
    for a in board.legal():  # zoomed out, every legal move has its target or button
        assert a.id in drawn_or_button or a.id.split(":")[1] in picks, a.id
    board.tap("ui:zoom-in")
    assert _vb(board.html()) == _vb(static)
    board.tap("ui:zoom-out")
    board.tap("ui:reset")
    assert _vb(board.html()) == _vb(static)


def test_a_board_is_never_drawn_narrower_than_its_viewbox():
    # 1 viewBox unit >= 1 CSS px keeps text >= 12 px (the renderers draw no font-size below 12
    # units): on a phone the board's box scrolls (embed-board.js), the page does not
    rec = encode_record(bcn_record())
    svgs = [E.static_svg(E.parse_params({"lesson": x.id})) for x in LESSONS]
    svgs += [
        E.static_svg(E.parse_params({"record": rec, "focus": f, "mark": "street:h2-1~A note on it"}))
        for f in ("block:0,1", "line:h2", "cerda", "board")
    ]
    svgs.append(E.static_svg(E.parse_params({"record": rec})))
    board = E.Board(E.parse_params({"lesson": "bcn.place"}))
    svgs.append(re.search(r"<svg .*?</svg>", board.html(), re.S).group(0))
    for svg in svgs:
        style = dict(part.split(":") for part in _style(svg).split(";"))
        assert float(style["min-width"].rstrip("px")) == _vb(svg)[2]
        assert float(style.get("max-width", "1e9px").rstrip("px")) >= _vb(svg)[2]
        sizes = [float(v) for v in re.findall(r'font-size[=:]"?([0-9.]+)', svg)]
        assert sizes and min(sizes) >= 12


def test_a_wide_board_opens_at_the_place_its_lesson_is_about():
    # data-spot: the x a phone's scrolling box opens centred on (embed-board.js). A lesson: the
    # target of the move its task asks for; a board with a note: the note; else its last turn.
    lesson = L.BY_ID["bcn.street.cloth"]
    svg = E.static_svg(E.parse_params({"lesson": lesson.id}))
    game = engine.replay(lesson.record)
    good, _ = K.discriminates(lesson.check, game)
    live = E.Board(E.parse_params({"lesson": lesson.id})).html()
    spot = float(re.search(r'<svg style="[^"]*" data-spot="([0-9.]+)"', svg).group(1))
    assert spot == D.target_xs(live)[good] and spot > 390  # off a phone's first screen
    rec = encode_record(bcn_record())
    noted = E.static_svg(E.parse_params({"record": rec, "focus": "board", "mark": "street:h2-1~A note on it"}))
    dot = float(re.search(r'<g class="note".*?<circle cx="([0-9.]+)"', noted, re.S).group(1))
    assert float(re.search(r'data-spot="([0-9.]+)"', noted).group(1)) == dot
    plain = E.static_svg(E.parse_params({"record": rec, "focus": "board"}))
    marks = [float(x) for x in re.findall(r'<g class="lastmove".*?<circle cx="([0-9.]+)"', plain, re.S)]
    assert min(marks) <= float(re.search(r'data-spot="([0-9.]+)"', plain).group(1)) <= max(marks)
    assert "data-spot" not in E.static_svg(E.parse_params({"record": rec, "focus": "board", "lastmove": "0"}))


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_every_lesson_board_opens_at_its_spot(lesson):
    # a phone shows part of a wide board: every lesson's static board says where its box opens
    # (its move's target, where its button's move points at, else its region's middle)
    svg = E.static_svg(E.parse_params({"lesson": lesson.id}))
    m = re.search(r'\A<svg style="[^"]*" data-spot="([-0-9.]+)"', svg)
    assert m, "no data-spot"
    x, _, w, _ = _vb(svg)
    assert x <= float(m.group(1)) <= x + w


@pytest.mark.parametrize("lesson_id", ["bcn.street.cloth", "sxb.step.C"])
def test_a_boards_spot_is_the_same_in_every_language(lesson_id):
    # static_svg finds a board's spot once for all languages (the tutorial build draws each lesson
    # in every one): only right while the spot is geometry. Found afresh in each language here.
    from web.embed import draw as embed_draw
    from scripts.build_tutorials import LANGUAGES

    spots = set()
    for lang in LANGUAGES + ("qps",):
        spec = E.parse_params({"lesson": lesson_id, "lang": lang})
        E.activate(lang)
        game, actors = D.position(spec["record"], spec["step"])
        svg, _ = D.board_svg(game, (), spec.get("focus"), spec.get("marks"), D.last_turn(game, actors))
        spots.add(embed_draw.spot(game, spec, svg))
    E.activate("en")
    assert len(spots) == 1 and None not in spots, spots


def test_a_lesson_whose_move_is_a_button_opens_where_a_note_on_that_move_would_point():
    # bcn.modernisme: the Modernisme spaces are buttons; the player board draws what they point at
    lesson = L.BY_ID["bcn.modernisme"]
    params = {"lesson": lesson.id}
    game = engine.replay(lesson.record)
    rights = []
    for a in game.legal_actions():
        after = game.clone()
        after.apply(a.id)
        if lesson.check(game, a.id, after):
            rights.append(a.id)
    assert not D.target_xs(E.Board(E.parse_params(params)).html())  # no drawn target
    spot = float(re.search(r'data-spot="([0-9.]+)"', E.static_svg(E.parse_params(params))).group(1))
    dots = []
    for aid in rights:
        noted = E.static_svg(E.parse_params({**params, "mark": f"{aid}~here", "lastmove": "0"}))
        dots.append(float(re.search(r'<g class="note".*?<circle cx="([0-9.]+)"', noted, re.S).group(1)))
    assert min(dots) <= spot <= max(dots)


def test_the_sale_lesson_shows_the_sellers_board_and_opens_at_the_goods():
    # sxb.step.C: the goods rows (the sale's targets) are on the seller's board, not the city
    lesson = L.BY_ID["sxb.step.C"]
    svg = E.static_svg(E.parse_params({"lesson": lesson.id}))
    engine.replay(lesson.record)  # the lesson's record replays
    spot = float(re.search(r'data-spot="([0-9.]+)"', svg).group(1))
    live = E.Board(E.parse_params({"lesson": lesson.id})).html()
    # the goods rows are the sale's picks (web/boards/strasbourg/sale.py)
    sells = [x for aid, x in D.target_xs(live).items() if aid.startswith(("sell", "ui:pick:sale:"))]
    assert sells and min(sells) <= spot <= max(sells)


def test_strasbourg_regions_focus():
    lesson = L.BY_ID["sxb.step.G"]
    rec = encode_record(lesson.record)
    for name in renderer.of("strasbourg").focus + ("board", "city", "plotting", "player:0"):
        svg = E.static_svg(E.parse_params({"record": rec, "focus": name}))
        assert svg.startswith("<svg")


def test_live_board_plays_and_reports_engine_errors():
    boards = E.Boards()
    html = boards.open("a", {"record": encode_record(bcn_record()), "focus": "board"})
    assert 'data-action="act:h"' in html or 'data-action="act:h"' in boards.tap("a", "ui:pick-cancel")
    html = boards.tap("a", "nonsense")
    assert "eb-error" in html
    html = boards.tap("a", "act:h")
    assert len(boards.boards["a"].game.actions) == 4 and "eb-error" not in html


# ----- pages ----------------------------------------------------------------------------------------
# The tests of the built pages share one build (~25 s): on one xdist worker (run.sh's --dist loadgroup).
on_the_build = pytest.mark.xdist_group("tutorial_build")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The pages of a test build: ./run.sh test's own dist/ when it has just built it (the same
    call, scripts/build.py: ``build_tutorials.build(out, pseudo=True)``), else built here."""
    from scripts import build_tutorials as mod
    from scripts.browser import DIST, DIST_BUILT

    if os.environ.get(DIST_BUILT) == "1" and (DIST / "tutorial" / "frame.html").exists():
        return mod, DIST
    out = tmp_path_factory.mktemp("dist")
    (out / "index.html").write_text((ROOT / "index.html").read_text())
    mod.build(out)
    return mod, out


@on_the_build
def test_pages_for_every_language_with_a_static_board_per_lesson(built):
    mod, out = built
    for game in mod.GAMES:
        n = len(L.LESSONS[game])
        for lang in mod.LANGUAGES:
            text = (out / "tutorial" / mod.page_name(game, lang)).read_text()
            boards = re.findall(r"<euro-board [^>]*>\s*<div class=\"eb-static\" ([^>]*)><svg", text)
            assert len(boards) == n, (game, lang)
            # the scrolling box (a wide board on a phone): keyboard-reachable, a region named by its lesson
            t = mod.translator(lang)
            titles = [f'tabindex="0" role="region" aria-label="{escape(t(x.key("title")))}"' for x in L.LESSONS[game]]
            assert boards == titles
            assert not re.search(
                r"(?i)(https?:)?//[a-z0-9]",
                text.replace("<!doctype html>", "").replace("http://www.w3.org/2000/svg", ""),
            )
            for url in re.findall(r'(?:src|href)="([^"]*)"', text):
                assert url.startswith(("../", "#", "data:")) or url.endswith(".html"), url
            assert "tut." not in re.sub(r'lesson="[^"]*"', "", text), "a key without text"
            assert mod.CSP_META in text
    assert (out / "tutorial" / "frame.html").exists() and (out / "web" / "embed-board.js").exists()
    assert 'class="loading-board"' in (out / "index.html").read_text()


@on_the_build
def test_one_language_pick_script(built):
    """web/lang.js is the one JS pick of the starting language (docs/i18n.md): index.html
    loads it before boot.js, every generated page (tutorials, examples, frame) before
    embed-board.js, the build ships it (so the service worker precaches it), and neither boot.js
    nor embed-board.js keeps a copy of the pick. e2e/test_languages.py
    ::test_one_language_pick_for_the_app_and_the_boards checks the pick itself in Chromium."""

    mod, out = built
    index = (ROOT / "index.html").read_text()
    assert index.index('<script src="web/lang.js"></script>') < index.index('<script src="web/boot.js"></script>')
    pages = sorted((out / "tutorial").glob("*.html"))
    assert len(pages) > 5
    for page in pages:
        text = page.read_text()
        assert (
            '<script src="../web/lang.js" defer></script>\n<script src="../web/embed-board.js" defer></script>' in text
        ), page.name
    from scripts import build

    assert "web/lang.js" in build.STATIC
    for name in ("boot.js", "embed-board.js"):
        code = (ROOT / "web" / "static" / name).read_text()
        assert "euroLang" in code and "function normalize" not in code and "navigator.languages" not in code, name


@on_the_build
def test_english_texts_come_from_the_catalog(built):
    mod, _ = built
    en = mod.catalog("en")
    for lesson in LESSONS:
        for part in ("title", "text", "task", "hint"):
            assert en.get(lesson.key(part)), lesson.key(part)
    de, en_t = mod.translator("de"), mod.translator("en")
    assert de("tut.ui.play") != en_t("tut.ui.play")  # the chrome is translated
    for lang in mod.LANGUAGES:
        t = mod.translator(lang)
        assert all(t(x.key("title")) for x in LESSONS)
    text = (built[1] / "tutorial" / "barcelona.de.html").read_text()
    assert '<html lang="de">' in text
    from html import escape

    assert escape(de("tut.bcn.place.text")) in text
    # a text a language lacks is the English one, and the page marks it as English
    assert not de.has("tut.no.such.key") and de("tut.no.such.key") == "tut.no.such.key"
    missing = [m for m in ("tut.bcn.place.text",) if not de.has(m)]
    assert all(f'<span lang="en">{escape(en_t(m))}' in text for m in missing)


@on_the_build
def test_the_examples_page_in_every_language(built):
    """tutorial/examples[.<lang>].html: headings, notes, the frame's title and the boards
    in the page's language, from the catalogs (tut.examples.*); no page's language leaks into the
    next one's boards."""
    mod, out = built
    rec = encode_record(mod.example_record())
    for lang in mod.LANGUAGES:
        t = mod.translator(lang)
        text = (out / "tutorial" / mod.page_name("examples", lang)).read_text()
        assert f'<html lang="{mod.HTML_LANG[lang]}">' in text
        assert f"<h1>{escape(t('tut.examples.title'))}</h1>" in text and escape(t("tut.examples.intro")) in text
        assert f'title="{escape(t("tut.examples.frame_title"))}"' in text
        assert "lang=" + lang in text  # the frame speaks the page's language
        for head, attrs, note in mod.EXAMPLES:
            assert lang == "en" or t.has(head), (lang, head)  # translated, not the English fallback
            assert f"<h2>{escape(t(head))}</h2>" in text
            attrs = mod.example_attrs(attrs, note, t)
            assert E.static_svg(E.parse_params({"record": rec, **attrs, "lang": lang})) in text
        assert "tut." not in text, "a key without text"
    de = (out / "tutorial" / "examples.de.html").read_text()
    assert "Gebäude Stufe 2" in de and "Level 2 building" not in de and "Embedding boards" not in de
    E.activate("en")


# ----- History: authoring without code ------------------------------------------------------------------
def test_history_copies_a_link_and_embed_code_that_reproduce_the_position():
    from urllib.parse import parse_qs, urlparse
    from web.model.history import parse_embed_query
    from web.model.session import Session

    s = Session()
    s.open_embed("?" + "embed=1&play=1&controls=1&record=" + encode_record(bcn_record()))
    s.embed = None  # as if it were the app's own game
    s.browse.open()
    s.browse.step(-1)
    link = s.browse.copy("link", "http://127.0.0.1:8000/app/index.html?x=1#y")
    assert link.startswith("http://127.0.0.1:8000/app/index.html?embed=1&")
    spec = parse_embed_query(link.split("?", 1)[1])
    assert spec["record"]["actions"] == ["place:0,1:WW", "act:v"] and spec["step"] == 2 and spec["play"]
    code = s.browse.copy("embed", "http://127.0.0.1:8000/app/index.html")
    src = re.search(r'<iframe src="([^"]+)"', code).group(1).replace("&amp;", "&")
    assert urlparse(src).path == "/app/tutorial/frame.html"
    frame_spec = E.parse_params({k: v[0] for k, v in parse_qs(urlparse(src).query).items()})
    assert frame_spec["record"]["actions"] == ["place:0,1:WW", "act:v"]
    from web.screens import panels

    html = panels.history(s)
    assert 'data-action="ui:copy-link"' in html and 'class="copy-text"' in html
    s.browse.step(1)
    assert s.browse.copied is None


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_every_legal_move_of_a_lesson_can_be_made_on_its_live_board(lesson):
    board = E.Board(E.parse_params({"lesson": lesson.id}))
    html = board.html()
    offered = set(re.findall(r'data-action="([^"]+)"', html))
    picks = {a[len("ui:pick:") :] for a in offered if a.startswith("ui:pick:")}
    for a in board.legal():
        if a.id in offered:
            continue
        if a.id.startswith("sell:"):  # a sale: its tiles picked on the goods rows, a tap each, then Sell
            for guild in a.id[len("sell:") :].split(","):
                tap = re.search(rf'data-sale="{guild}"><g [^>]*data-action="(ui:pick:sale:[^"]*)"', board.html())
                assert tap, f"{a.id}: no pick of a {guild} tile"
                board.tap(tap.group(1))
            assert f'data-action="{a.id}"' in board.html()
            board.tap("ui:pick-cancel")
            continue
        key = (
            a.id.split(":")[1]
            if a.id.startswith("place:")
            else "site:" + a.id.split(":")[1]
            if a.id.startswith("build:")
            else None
        )
        assert key in picks, f"{a.id} can be neither tapped nor picked"
        board.tap(f"ui:pick:{key}")
        assert f'data-action="{a.id}"' in board.html()
        board.tap("ui:pick-cancel")


# ----- languages of the boards and the frame -------------------------------------------------
@on_the_build
def test_the_built_embed_script_carries_every_word_it_shows_in_every_language(built):
    """web/embed-board.js words come from the catalogs: every say(el, KEY) of the script is in
    JS_KEYS, and the built copy holds each of them translated in the five languages and marked in qps."""
    import json

    mod, out = built
    src = (ROOT / "web" / "static" / "embed-board.js").read_text()
    used = set(re.findall(r'say\((?:this|el|self), "(\w+)"', src))
    used |= {w for pair in re.findall(r'say\(this, [\w.]+\("\w+"\) \? "(\w+)" : "(\w+)"\)', src) for w in pair}
    assert {"again", "reset", "no_start"} <= used  # the pattern still sees the script's calls
    assert used and used <= set(mod.JS_KEYS), used - set(mod.JS_KEYS)
    built_js = (out / "web" / "embed-board.js").read_text()
    m = re.search(r"var WORDS = (\{.*?\});", built_js)
    assert m, "the build did not fill WORDS"
    words = json.loads(m.group(1))
    assert set(words) == set(mod.LANGUAGES) | {"qps"}
    for key in mod.JS_KEYS:
        k = f"tut.ui.{key}"
        assert words["qps"][k].startswith("⟦") and words["qps"][k].endswith("⟧")
        for lang in mod.LANGUAGES:
            assert words[lang][k] and words[lang][k] != k, (lang, k)
            if lang != "en":
                assert words[lang][k] != words["en"][k], (lang, k)  # translated, not English
    # no English left in the script itself: its strings are keys, class names and code
    code = "\n".join(line for line in src.splitlines() if not line.lstrip().startswith("//"))
    assert not re.findall(r'"[A-Z][a-z]+ [a-z]+[^"]*"', code)  # a sentence in quotes
    for lang in mod.LANGUAGES:  # the pages no longer carry words for the script
        assert "data-t-" not in (out / "tutorial" / mod.page_name("barcelona", lang)).read_text()


@pytest.mark.parametrize(
    "params, words",
    [
        ({"focus": "nowhere"}, "ist kein Bereich von barcelona"),
        ({"step": "99"}, "außerhalb des Bereichs"),
        ({"mark": "cerda"}, "z. B."),
        ({"play": "yes"}, "muss 0 oder 1 sein"),
        ({"zz": "1"}, "unbekannter Parameter"),
    ],
)
def test_bad_parameters_are_worded_in_the_boards_language(params, words):
    from web import i18n

    rec = encode_record(bcn_record())
    try:
        for query in (
            {"record": rec, "lang": "de", **params},
            "record=" + rec + "&" + "&".join(f"{k}={v}" for k, v in params.items()) + "&lang=de",
        ):
            with pytest.raises(RecordError) as err:
                E.parse_params(query)
            assert words in str(err.value), str(err.value)
        ok, text = E.safe(E.BOARDS.open, "k", "record=%%%&lang=zh-Hant")
        assert not ok and text == i18n.t("app.err.embed_base64") and i18n.active() == "zh_Hant"
        with pytest.raises(RecordError) as err:  # a link too long to parse still finds lang=
            E.parse_params("lang=es&record=" + "A" * (limits.MAX_QUERY + 1))
        assert str(err.value) == i18n.t("app.err.embed_long") != ""
        assert i18n.active() == "es"
    finally:
        i18n.activate("en")
