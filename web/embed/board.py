"""Tutorial boards: a position (record + step) drawn as SVG by the same pure renderers
the app uses, shown whole or focused on one named region, with notes (``mark``) and the last
turn marked; and live boards ("Play on from here", lessons) that many boards of one page share
in ONE Python runtime (web/embed-board.js loads Pyodide once and calls ``Boards``).

Pure Python (no js imports): scripts/build_tutorials.py calls ``static_svg`` at build time so a
tutorial page shows its boards with no runtime at all; tests call everything in CPython.

Parameters (the same for ``<euro-board>`` attributes, ``tutorial/frame.html?...`` and
``parse_params``; docs/embedding.md):
  record  base64url JSON record (web.model.history.encode_record)      required
  step    0..len(actions) (default: the last)
  focus   a region: board, player:N, and the ones the game's renderer names (Renderer.focus,
          focus_aliases, crop: e.g. a block or a street line of a main board; docs/embedding.md)
  mark    notes: ``ELEMENT~note`` items separated by ``|`` (or repeated ``mark=``): ELEMENT is an
          action id of the game or a region (web/boards/*/targets.anchor_key), note <= 60 chars
  lesson  a lesson id (web/embed/lessons.py: every game's lessons; the live board judges the move)
  play    1: live at once (the frame page), else a static board with "Play on from here"
  lastmove 0: do not mark the last turn automatically
  toolbar 1: the frame page opens the full app (index.html?embed=1, its toolbar and History)
  at, better, loss, spread  a turning point of a game review (web/embed/turning.py): the position
          before decision ``at``, the move played there and ``better`` drawn, the difference in words
  lang    the board's language (web/i18n.normalize): its words and this module's errors, which
          are worded when raised (parse_params makes it active first)
Every bad value raises RecordError with a short message quoting at most 60 characters of it.
"""

import re
from urllib.parse import parse_qsl

from engine.core.errors import EngineError, RecordError
from web.base import renderer as R

from web.embed import turning as turning_point
from web.embed.draw import (
    board_svg,
    is_crop,
    last_turn,
    position,
    spot,
    viewer,
)
from web.model.history import decode_record
from web.model.limits import MAX_QUERY, parse_int, quote


def _t(key, **params):
    """The page's words (web/i18n/__init__.py), in the language ``parse_params`` activated from ``lang=``."""
    from web.i18n import t

    return t(key, **params)


PARAMS = (
    "record",
    "step",
    "focus",
    "mark",
    "lesson",
    "play",
    "lastmove",
    "toolbar",
    "lang",
    "id",
) + turning_point.PARAMS
MAX_MARKS = 8
MAX_NOTE = 60
_LANG = re.compile(r"(?:^|[?&])lang=([A-Za-z_-]{1,16})(?=&|$)")


# ----- parameters ----------------------------------------------------------------------------------
def parse_params(query):
    """A query string (``?record=...``) or a dict of attribute values -> the checked spec:
    {record, step, focus, marks, lesson, play, lastmove, toolbar, lang, turning}. RecordError on anything odd."""
    # Messages are worded when raised, so the board's language (lang=) is made active first.
    if isinstance(query, dict):
        items = [(k, v) for k, v in query.items() if v is not None]
        activate(next((str(v)[:16] for k, v in items if k == "lang"), None))
    else:
        query = str(query)
        m = _LANG.search(query)
        activate(m.group(1) if m else None)
        if len(query) > MAX_QUERY:
            raise RecordError(_t("app.err.embed_long"))
        items = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    params, marks = {}, []
    for key, value in items:
        value = str(value)
        if key not in PARAMS:
            raise RecordError(_t("app.err.board_param", param=quote(key, 30), known=", ".join(PARAMS)))
        if key == "mark":
            marks.append(value)
            continue
        if key in params:
            raise RecordError(_t("app.err.board_twice", param=quote(key, 30)))
        params[key] = value
    for key in ("play", "lastmove", "toolbar"):
        if params.get(key, "0" if key != "lastmove" else "1") not in ("0", "1"):
            raise RecordError(_t("app.err.board_zero_one", param=key, value=quote(params[key], 20)))
    lesson = params.get("lesson") or None
    if not params.get("record"):
        if lesson is None:
            raise RecordError(_t("app.err.board_no_record"))
        from web.embed import lessons as embed_lessons

        got = embed_lessons.by_id(lesson)
        if got is None:
            raise RecordError(_t("app.err.board_lesson", lesson=quote(lesson, 40)))
        rec, default_step = got.record, got.step
        params.setdefault("focus", embed_lessons.focus_of(got))
    else:
        rec = decode_record(params["record"])
        default_step = len(rec["actions"])
    n = len(rec["actions"])
    step = default_step
    turning = turning_point.parse(params, rec, position)  # None without at=
    if turning is not None:  # the position before the decision; its own rings, not the last turn's
        step = turning["at"]
        params.setdefault("lastmove", "0")
    if params.get("step", "") != "":
        step = parse_int(params["step"], "step")
        if not 0 <= step <= n:
            raise RecordError(_t("app.err.embed_step", step=step, n=n))
    return {
        "record": rec,
        "step": step,
        "focus": check_focus(rec["game"], params.get("focus") or None, rec),
        "marks": parse_marks(marks),
        "lesson": lesson,
        "play": params.get("play") == "1",
        "lastmove": params.get("lastmove", "1") == "1",
        "toolbar": params.get("toolbar") == "1",
        "lang": str(params.get("lang") or "")[:16],
        "turning": turning,
    }


def check_focus(game, focus, record):
    """The region name to show (None = the whole table); RecordError naming the choices."""
    if focus is None:
        return None
    rend = R.of(game)
    focus = rend.focus_aliases.get(focus, focus)
    if focus == "board" or focus in rend.focus:
        return focus
    m = re.fullmatch(r"player:(\d{1,2})", focus)
    if m:
        if int(m.group(1)) >= len(record.get("players") or ()):
            raise RecordError(
                _t(
                    "app.err.board_focus_player",
                    focus=quote(focus, 20),
                    n=len(record["players"]),
                    last=len(record["players"]) - 1,
                )
            )
        return focus
    if is_crop(game, focus):
        return focus
    extra = ", " + rend.crop_help if rend.crop_help else ""
    raise RecordError(
        _t(
            "app.err.board_focus",
            focus=quote(focus, 30),
            game=game,
            regions=", ".join(("board", "player:N") + tuple(rend.focus)) + extra,
        )
    )


def parse_marks(values):
    """``["ELEMENT~note|ELEMENT~note", ...]`` -> {element: note}."""
    out = {}
    for value in values:
        for item in value.split("|"):
            if not item.strip():
                continue
            element, sep, note = item.partition("~")
            element, note = element.strip(), note.strip()
            if not sep or not element:
                raise RecordError(_t("app.err.board_mark", mark=quote(item, 40)))
            if len(element) > 60:
                raise RecordError(_t("app.err.board_mark_element", element=quote(element, 40)))
            if len(note) > MAX_NOTE:
                raise RecordError(_t("app.err.board_mark_note", note=quote(note, 40), limit=MAX_NOTE))
            out[element] = note
    if len(out) > MAX_MARKS:
        raise RecordError(_t("app.err.board_marks", limit=MAX_MARKS))
    return out


# A board's spot is where its targets and notes are drawn: geometry, the same in every language
# (tests/web/test_tutorial.py checks it), so it is found once per board and language-free spec: the
# tutorial build draws each lesson in every language, and finding the spot (which tries each legal
# move) cost more than the drawings. Bounded: emptied when full.
_SPOTS = {}
_SPOTS_MAX = 512


def static_svg(spec):
    """The read-only board of a parsed spec (parse_params): what a tutorial page ships inline,
    with ``data-spot`` (see ``spot``) on its root when it has a place to open at."""
    activate(spec.get("lang"))
    game, actors = position(spec["record"], spec["step"])
    lm = last_turn(game, actors) if spec.get("lastmove", True) else {}
    arrows = turning_point.arrows(spec.get("turning"))
    svg, _ = board_svg(game, (), spec.get("focus"), spec.get("marks"), lm, arrows=arrows)
    key = repr(sorted((k, repr(v)) for k, v in spec.items() if k != "lang"))
    if key not in _SPOTS:
        if len(_SPOTS) >= _SPOTS_MAX:
            _SPOTS.clear()
        # a turning point opens between its two moves (where they are drawn on this picture)
        _SPOTS[key] = (arrows and turning_point.spot(svg)) or spot(game, spec, svg)
    x = _SPOTS[key]
    if x is None:
        return svg
    return re.sub(r'\A(<svg(?: style="[^"]*")?)', lambda m: f'{m.group(1)} data-spot="{x:g}"', svg, count=1)


def static_html(spec):
    """``static_svg`` with a turning point's words above it (web/embed/turning.py): what a page
    ships inside ``.eb-static`` (the words stay when the board goes live: its markup has them too)."""
    svg = static_svg(spec)
    if not spec.get("turning"):
        return svg
    game, _ = position(spec["record"], spec["step"])
    return turning_point.caption(spec["turning"], game) + svg


# ----- live boards (one runtime, many boards) ---------------------------------------------------------
def text(x, names=()):
    """Words for an engine label/prompt: a string, a lazy label, or (i18n) a message dict."""
    if callable(x):
        x = x()
    if isinstance(x, (dict, list, tuple, str)):  # a string: a 1.x engine's English (i18n.tr reads it)
        try:
            from web import i18n

            return i18n.tr(x, list(names))
        except Exception:  # no catalog here: the message's key says what it is
            return str(x.get("key", "")) if isinstance(x, dict) else str(x)
    return "" if x is None else str(x)


def word(key):
    """The app's own words for a catalog key (web/i18n/__init__.py); the key itself without catalogs."""
    try:
        from web import i18n

        return i18n.t(key)
    except Exception:  # no catalog in this build
        return key


def activate(lang):
    """The page's language for what the engine and renderers say (web/i18n/__init__.py, when present)."""
    if not lang:
        return
    try:
        from web import i18n
    except ImportError:  # a build without catalogs: English
        return
    i18n.activate(i18n.normalize(lang))


def esc(x):
    from html import escape

    return escape(str(x), quote=True)


class Board:
    """One live board: the start position, the reader's moves, the lesson's verdict."""

    def __init__(self, spec):
        self.spec = spec
        self.start, self.actors0 = position(spec["record"], spec["step"])
        self.lesson = None
        if spec.get("lesson"):
            from web.embed import lessons as embed_lessons

            self.lesson = embed_lessons.by_id(spec["lesson"])
        self.reset()

    def reset(self):
        self.game = self.start.clone()
        self.actors = list(self.actors0)
        self.pick = None
        self.verdict = None  # lessons: "ok" | "hint" once the reader's move is judged
        self.stage = 0  # lessons: decisions judged right so far (a lesson may step on)
        self.error = ""
        self.whole = False  # a cropped focus (block/line) zoomed out to the whole main board

    def tap(self, aid):
        """A tap on a board target or button: ``ui:reset``, ``ui:pick:KEY`` (two-step choice) or a
        game action (the engine checks it). Returns the verdict ("ok"/"hint"/None)."""
        aid = str(aid)
        self.error = ""
        if aid == "ui:reset":
            self.reset()
            return None
        if aid.startswith("ui:pick:"):
            self.pick = aid[len("ui:pick:") :]
            return None
        if aid == "ui:pick-cancel":
            self.pick = None
            return None
        if aid in ("ui:zoom-out", "ui:zoom-in"):  # a cropped board: every target stays reachable
            self.whole = aid == "ui:zoom-out"
            return None
        if self.verdict is not None or self.game.is_over:
            return self.verdict
        before = self.game.clone()
        seat = self.game.current_player
        try:
            self.game.apply(aid)
        except Exception as e:  # IllegalAction and friends: say it, change nothing
            self.error = error_text(e)[:200]
            return None
        self.actors.append(seat)
        self.pick = None
        if self.lesson is not None:
            if not self.lesson.stage_check(self.stage)(before, aid, self.game):
                self.verdict = "hint"
            else:
                self.stage += 1  # right: on to the lesson's follow-up, if it has one here
                self.verdict = None if self.lesson.steps_on(self.stage, seat, self.game) else "ok"
        return self.verdict

    def legal(self):
        return [] if self.verdict is not None or self.game.is_over else list(self.game.legal_actions())

    def html(self):
        """The live board's markup: the prompt, the SVG (targets drawn), the choices the board has no
        place for as buttons, Reset. The page adds the lesson's words (it holds the translations)."""
        activate(self.spec.get("lang"))
        legal = self.legal()
        names = self.game.view(None).get("players") or ()
        lm = last_turn(self.game, self.actors) if self.spec.get("lastmove", True) else {}
        focus = self.spec.get("focus")
        buttons = []
        if is_crop(self.game.GAME_NAME, focus):
            # live: the same crop as the static board (same size: no jump); the targets out of
            # view (still drawn) are reached with Zoom out, the app's own words for it
            if self.whole:
                focus = "board"
            way = "in" if self.whole else "out"
            label = word("app.toolbar.zoom_in") if self.whole else word("app.toolbar.zoom_out")
            buttons.append(
                f'<button type="button" class="eb-btn eb-zoom" data-action="ui:zoom-{way}">{esc(label)}</button>'
            )
        picked = "ui:pick:" + self.pick if self.pick is not None else None  # e.g. the goods picked for a sale
        turning = self.spec.get("turning")
        # a turning point's two moves stay drawn until the reader moves (then the position is theirs)
        arrows = turning_point.arrows(turning) if len(self.game.actions) == self.spec["step"] else None
        svg, drawn = board_svg(self.game, legal, focus, self.spec.get("marks"), lm, selected=picked, arrows=arrows)
        if self.pick is not None:
            fn = R.of(self.game.GAME_NAME).pick_options
            got = fn(legal, self.pick) if fn is not None else None
            if got and got[1]:
                sentence, opts = got
                buttons.append(f'<p class="eb-pick">{esc(text(sentence, names))}</p>')
                legal_btn = list(opts)
            else:
                legal_btn = [a for a in legal if a.id not in drawn]
        else:
            legal_btn = [a for a in legal if a.id not in drawn]
        for a in legal_btn:
            buttons.append(
                f'<button type="button" class="eb-btn" data-action="{esc(a.id)}">{esc(text(a.label, names))}</button>'
            )
        view = self.game.view(viewer(self.game))
        prompt = "" if self.verdict is not None else text(view.get("prompt"), names)
        err = f'<p class="eb-error" role="alert">{esc(self.error)}</p>' if self.error else ""
        # the prompt goes under the board: the live board stands where the static one stood (no jump)
        words = turning_point.caption(turning, self.start) if turning else ""
        return (
            f'{words}<div class="eb-svg">{svg}</div><p class="eb-prompt">{esc(prompt)}</p>{err}'
            f'<div class="eb-choices">{"".join(buttons)}</div>'
        )


class Boards:
    """Every live board of one page, by the page's key for it (one runtime drives them all)."""

    def __init__(self):
        self.boards = {}

    def open(self, key, params):
        """``params``: the element's attributes (dict or JS object converted) -> the board's html,
        or raises RecordError (the element shows the message)."""
        spec = parse_params(params if isinstance(params, str) else dict(params))
        self.boards[str(key)] = Board(spec)
        return self.boards[str(key)].html()

    def static(self, key, params):
        """The read-only board (what the build ships inline) for an element that came without one
        (the frame page): checks the parameters like ``open``."""
        spec = parse_params(params if isinstance(params, str) else dict(params))
        return static_html(spec)

    def tap(self, key, aid):
        board = self.boards[str(key)]
        activate(board.spec.get("lang"))  # an engine error is worded in the board's language
        board.tap(aid)
        return board.html()

    def verdict(self, key):
        return self.boards[str(key)].verdict or ""

    def state(self, key):
        """For tests: how many moves the reader made, and the position's action count."""
        b = self.boards[str(key)]
        return f"{len(b.game.actions)}"


BOARDS = Boards()


def error_text(e):
    """An error's words: its message (engine/core/msg.py) translated, else its text."""
    message = getattr(e, "message", None)
    return text(message) if isinstance(message, dict) else str(e)


def safe(fn, *args):
    """Call for the page: (ok, text) where text is html or a short error message."""
    try:
        return [True, fn(*args)]
    except EngineError as e:  # RecordError and the engine's own: a message, or words of the web's
        return [False, error_text(e)[:200]]
    except (ValueError, KeyError) as e:  # not a reader's mistake the code foresaw: still in words
        from web.model.limits import excerpt

        return [False, _t("app.err.board_bad", error=excerpt(e, 60))[:200]]
