"""Tutorial boards (issue 10): a position (record + step) drawn as SVG by the same pure renderers
the app uses, shown whole or focused on one named region, with notes (``mark``) and the last
turn marked; and live boards ("Play on from here", lessons) that many boards of one page share
in ONE Python runtime (web/embed-board.js loads Pyodide once and calls ``Boards``).

Pure Python (no js imports): scripts/build_tutorials.py calls ``static_svg`` at build time so a
tutorial page shows its boards with no runtime at all; tests call everything in CPython.

Parameters (the same for ``<euro-board>`` attributes, ``tutorial/frame.html?...`` and
``parse_params``; docs/embedding.md):
  record  base64url JSON record (web.history.encode_record)      required
  step    0..len(actions) (default: the last)
  focus   a region: board, player:N, and per game (FOCUS): Barcelona tracks, cerda, services,
          sagrada, display, pavement, stacks, block:R,C (one block of the grid, 0-3), line:h0-h4 /
          v0-v4 / d (a street line); Strasbourg auction (= plotting), rounds, council, prestige,
          supply, city (= board)
  mark    notes: ``ELEMENT~note`` items separated by ``|`` (or repeated ``mark=``): ELEMENT is an
          action id of the game or a region (web/render_*/targets.anchor_key), note <= 60 chars
  lesson  a lesson id of web/embed_lessons.py (the live board then judges the reader's move)
  play    1: live at once (the frame page), else a static board with "Play on from here"
  lastmove 0: do not mark the last turn automatically
  toolbar 1: the frame page opens the full app (index.html?embed=1, its toolbar and History)
  lang    the board's language (web/i18n.normalize): its words and this module's errors, which
          are worded when raised (parse_params makes it active first)
Every bad value raises RecordError with a short message quoting at most 60 characters of it.
"""
import importlib
import re
from urllib.parse import parse_qsl

from engine import versions
from engine.core import registry
from engine.core.errors import EngineError, RecordError
from .history import decode_record
from .limits import MAX_QUERY, parse_int, quote


def _t(key, **params):
    """The page's words (web/i18n.py), in the language ``parse_params`` activated from ``lang=``."""
    from .i18n import t
    return t(key, **params)

PARAMS = ("record", "step", "focus", "mark", "lesson", "play", "lastmove", "toolbar", "lang", "id")
MAX_MARKS = 8
MAX_NOTE = 60
# Focusable regions beyond board and player:N (the names render_regions gives its regions).
FOCUS = {
    "barcelona": ("tracks", "cerda", "services", "sagrada", "display", "pavement", "stacks"),
    "strasbourg": ("auction", "rounds", "council", "prestige", "supply"),
}
ALIASES = {("strasbourg", "city"): "board", ("strasbourg", "plotting"): "auction",
           ("barcelona", "scores"): "stacks"}
_BLOCK = re.compile(r"block:([0-3]),([0-3])\Z")
_LINE = re.compile(r"line:([hv][0-4]|d)\Z")
_LANG = re.compile(r"(?:^|[?&])lang=([A-Za-z_-]{1,16})(?=&|$)")
CROP_MARGIN = 34   # viewBox units around a cropped block or street line (its intersections show)


# ----- parameters ----------------------------------------------------------------------------------
def parse_params(query):
    """A query string (``?record=...``) or a dict of attribute values -> the checked spec:
    {record, step, focus, marks, lesson, play, lastmove, toolbar}. RecordError on anything odd."""
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
        from . import embed_lessons
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
    if params.get("step", "") != "":
        step = parse_int(params["step"], "step")
        if not 0 <= step <= n:
            raise RecordError(_t("app.err.embed_step", step=step, n=n))
    return {"record": rec, "step": step, "focus": check_focus(rec["game"], params.get("focus") or None, rec),
            "marks": parse_marks(marks), "lesson": lesson, "play": params.get("play") == "1",
            "lastmove": params.get("lastmove", "1") == "1", "toolbar": params.get("toolbar") == "1",
            "lang": str(params.get("lang") or "")[:16]}


def check_focus(game, focus, record):
    """The region name to show (None = the whole table); RecordError naming the choices."""
    if focus is None:
        return None
    focus = ALIASES.get((game, focus), focus)
    if focus == "board" or focus in FOCUS.get(game, ()):
        return focus
    m = re.fullmatch(r"player:(\d{1,2})", focus)
    if m:
        if int(m.group(1)) >= len(record.get("players") or ()):
            raise RecordError(_t("app.err.board_focus_player", focus=quote(focus, 20), n=len(record["players"]),
                                 last=len(record["players"]) - 1))
        return focus
    if game == "barcelona" and (_BLOCK.match(focus) or _LINE.match(focus)):
        return focus
    extra = ", block:R,C, line:h0-v4|d" if game == "barcelona" else ""
    raise RecordError(_t("app.err.board_focus", focus=quote(focus, 30), game=game,
                         regions=", ".join(("board", "player:N") + FOCUS.get(game, ())) + extra))


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


# ----- positions -----------------------------------------------------------------------------------
def renderer(game_name):
    return importlib.import_module(registry.get(game_name).renderer)


def position(record, step):
    """(game after ``step`` actions, [seat that made each of those actions]). Replays one action at
    a time so every id is checked by the engine (a tampered record stops with its message)."""
    versions.check_record(record)
    game = versions.load(dict(record, actions=[]))
    actors = []
    for aid in record["actions"][:step]:
        actors.append(game.current_player)
        game.apply(aid)
    return game, actors


def last_turn(game, actors):
    """{seat: [ids]} of the newest run of actions by one seat (the last turn), minus the ids whose
    kind names a secret (the game's SECRET_ID_KINDS)."""
    if not actors:
        return {}
    seat = actors[-1]
    if seat is None or seat < 0:
        return {}
    k = len(actors) - 1
    while k > 0 and actors[k - 1] == seat:
        k -= 1
    help_mod = importlib.import_module(registry.get(game.GAME_NAME).renderer + ".help")
    secret = getattr(help_mod, "SECRET_ID_KINDS", ())
    ids = [a for a in game.actions[k:] if a.split(":", 1)[0] not in secret]
    return {seat: ids} if ids else {}


def viewer(game):
    """The seat whose view a tutorial shows: the one to act (its hand is the lesson's subject);
    the public view at the end."""
    return None if game.is_over else game.current_player


# ----- drawing -----------------------------------------------------------------------------------
_VIEWBOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
_ANY_VIEWBOX = re.compile(r'viewBox="([-0-9. ]+)"')


def regions(game, legal=(), focus=None, marks=None, lastmove=None, hint=None):
    """The renderer's regions for the tutorial view (marks/lastmove as the renderer takes them)."""
    view = game.view(viewer(game))
    mod = renderer(game.GAME_NAME)
    return list(mod.render_regions(view, list(legal), marks=marks or None, lastmove=lastmove or None, hint=hint))


def board_svg(game, legal=(), focus=None, marks=None, lastmove=None, hint=None, legible=True):
    """(svg, ids drawn): the focused region (cropped for a Barcelona block or street line), or the
    whole table composed like the app's History. The static board and the live one call this with
    the same focus, so they are the same size (the page does not jump when a board goes live).
    ``legible``: the svg is never drawn narrower than its viewBox (see ``sized``)."""
    mod = renderer(game.GAME_NAME)
    if focus is None:
        view = game.view(viewer(game))
        svg, drawn = mod.render(view, list(legal), marks=marks or None, lastmove=lastmove or None, hint=hint)
        return sized(svg, None, legible), set(drawn)
    name = "board" if is_crop(focus) else focus
    regs = regions(game, legal, marks=marks, lastmove=lastmove, hint=hint)
    region = next((r for r in regs if r.name == name), None)
    if region is None:
        raise RecordError(_t("app.err.board_focus_step", focus=quote(focus, 30)))
    svg = region.svg
    if name != focus:
        box = with_notes(crop_box(game, focus), svg)
        svg, width = crop(svg, box), max(320, box[2] * 2)
    else:
        width = region.width * 1.3
    # never blown up past ~1.3x its size (a 400-unit side board on a wide page); narrower is fine
    return sized(svg, width, legible), set(region.drawn)


def is_crop(focus):
    """A Barcelona block or street line: the main board's picture with a narrower viewBox."""
    return bool(focus) and focus.startswith(("block:", "line:"))


def viewbox(svg):
    """(x, y, w, h) of an svg's first viewBox."""
    m = _ANY_VIEWBOX.search(svg)
    return tuple(float(v) for v in m.group(1).split()) if m else (0.0, 0.0, 0.0, 0.0)


def sized(svg, max_width=None, legible=True):
    """The svg with its CSS width bounds. The renderers' contract (render_*/layout.py): at a scale
    >= 1 (1 viewBox unit >= 1 CSS px) every text is >= 12 px and every target >= 44 px. So the svg
    is never narrower than its viewBox: on a narrow screen (a 390 px phone and the 740-unit main
    board) the board's own box scrolls sideways (embed-board.js: overflow-x auto), not the page."""
    style = []
    if max_width is not None:
        style.append(f"max-width:{max_width:g}px")
    if legible:
        style.append(f"min-width:{viewbox(svg)[2]:g}px")
    if not style:
        return svg
    return svg.replace("<svg ", f'<svg style="{";".join(style)}" ', 1)


def crop_box(game, focus):
    """(x, y, w, h) in the Barcelona main board's units for block:R,C or line:X."""
    from .render_barcelona import layout as L
    wide = set(game.view(None)["board"].get("wide_lines") or ())
    m = _BLOCK.match(focus)
    if m:
        r, c = int(m.group(1)), int(m.group(2))
        (x0, y0), (x1, y1) = L.gxy(r, c), L.gxy(r + 1, c + 1)
        return x0 - CROP_MARGIN, y0 - CROP_MARGIN, x1 - x0 + 2 * CROP_MARGIN, y1 - y0 + 2 * CROP_MARGIN
    line = _LINE.match(focus).group(1)
    (ax, ay), (bx, by) = L.gxy(0, 0), L.gxy(4, 4)
    tx, ty = L.tile_pos(line)
    if line == "d":
        x0, y0, x1, y1 = ax, ay, max(bx, tx), max(by, ty)
    elif line[0] == "h":
        y = L.gxy(int(line[1]), 0)[1]
        x0, y0, x1, y1 = ax, y, max(bx, tx), y
    else:
        x = L.gxy(0, int(line[1]))[0]
        x0, y0, x1, y1 = x, min(ty, ay), x, by
    pad = CROP_MARGIN + L.ACTION_TILE / 2
    return x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad


_NOTE = re.compile(r'<g class="note"[^>]*>.*?<circle cx="([-0-9.]+)" cy="([-0-9.]+)".*?'
                   r'<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"', re.S)
NOTE_MARGIN = 8


def with_notes(box, svg):
    """``box`` grown to hold every note drawn in ``svg`` (its dot and its text box): a note the
    author put on a cropped block or line is never cut by the crop."""
    x0, y0, w, h = box
    x1, y1 = x0 + w, y0 + h
    for m in _NOTE.finditer(svg):
        cx, cy, rx, ry, rw, rh = (float(v) for v in m.groups())
        x0, y0 = min(x0, cx - NOTE_MARGIN, rx - NOTE_MARGIN), min(y0, cy - NOTE_MARGIN, ry - NOTE_MARGIN)
        x1, y1 = max(x1, cx + NOTE_MARGIN, rx + rw + NOTE_MARGIN), max(y1, cy + NOTE_MARGIN, ry + rh + NOTE_MARGIN)
    return x0, y0, x1 - x0, y1 - y0


def crop(svg, box):
    """The same SVG showing only ``box`` (its viewBox narrowed; the background and text stay)."""
    x, y, w, h = (round(v, 1) for v in box)
    x, y = max(0, x), max(0, y)
    return _VIEWBOX.sub(f'viewBox="{x:g} {y:g} {w:g} {h:g}"', svg, count=1)


def static_svg(spec):
    """The read-only board of a parsed spec (parse_params): what a tutorial page ships inline,
    with ``data-spot`` (see ``spot``) on its root when it has a place to open at."""
    activate(spec.get("lang"))
    game, actors = position(spec["record"], spec["step"])
    lm = last_turn(game, actors) if spec.get("lastmove", True) else {}
    svg, _ = board_svg(game, (), spec.get("focus"), spec.get("marks"), lm)
    x = spot(game, spec, svg)
    if x is None:
        return svg
    return re.sub(r'\A(<svg(?: style="[^"]*")?)', lambda m: f'{m.group(1)} data-spot="{x:g}"', svg, count=1)


# ----- where a board opens (a phone shows part of a wide board: issue 10) --------------------------
_TARGET = re.compile(r'<g class="legal[^"]*" data-action="([^"]*)".*?<(?:rect class="hit" x="([-0-9.]+)" '
                     r'y="[-0-9.]+" width="([0-9.]+)"|circle class="hit" cx="([-0-9.]+)")', re.S)
_DOT = {kind: re.compile(rf'<g class="{kind}"[^>]*>.*?<circle cx="([-0-9.]+)"', re.S) for kind in ("note", "lastmove")}


def target_xs(svg):
    """{action id: x of its tap area's centre} of the targets drawn in ``svg`` (viewBox units)."""
    out = {}
    for m in _TARGET.finditer(svg):
        aid, rx, rw, cx = m.groups()
        out.setdefault(aid, float(cx) if cx is not None else float(rx) + float(rw) / 2)
    return out


def _middle(xs):
    return round((min(xs) + max(xs)) / 2, 1) if xs else None


def spot(game, spec, svg):
    """The x (viewBox units) the board's scrolling box opens centred on when the board is wider
    than the screen (embed-board.js; text stays >= 12 px, so a 740-unit board scrolls on a phone):
    a lesson's place: the targets of the move its task asks for (the hinted target), else every
    target of the decision; otherwise (and for a lesson whose move has no place on this board) the
    first note (``mark``), else the last turn's marks, of ``svg``. None: nothing to steer to."""
    from . import embed_lessons
    lesson = embed_lessons.by_id(spec["lesson"]) if spec.get("lesson") else None
    if lesson is not None and not game.is_over:
        legal = list(game.legal_actions())
        drawn = target_xs(board_svg(game, legal, spec.get("focus"))[0])
        right = []
        for a in legal:
            after = game.clone()
            after.apply(a.id)
            if a.id in drawn and lesson.check(game, a.id, after):
                right.append(drawn[a.id])
        got = _middle(right) if right else _middle(list(drawn.values()))
        if got is None:    # the moves are buttons here (a bid, a sale...): where they point at
            got = _anchored(game, spec.get("focus"), lesson, legal)
        if got is not None:
            return got
    notes = [float(m.group(1)) for m in _DOT["note"].finditer(svg)]
    got = notes[0] if notes else _middle([float(m.group(1)) for m in _DOT["lastmove"].finditer(svg)])
    if got is None and lesson is not None:   # every lesson opens somewhere: its region's middle
        x, _, w, _ = viewbox(svg)
        got = round(x + w / 2, 1)
    return got


_NOTE_AT = re.compile(r'<g class="note" data-mark="([^"]*)">.*?<circle cx="([-0-9.]+)"', re.S)


def _anchored(game, focus, lesson, legal):
    """The middle of the places the renderer anchors the lesson's right moves at (a stack for
    ``bid:2``, the deck for ``return:3``, a goods row for ``sell:...``: where a note on that id
    would point), else of every legal move's; None when the region draws none of them."""
    from html import unescape
    right = []
    for a in legal:
        after = game.clone()
        after.apply(a.id)
        if lesson.check(game, a.id, after):
            right.append(a.id)
    for ids in (right, [a.id for a in legal]):
        svg = board_svg(game, (), focus, {aid: "." for aid in ids})[0]
        xs = [float(m.group(2)) for m in _NOTE_AT.finditer(svg) if unescape(m.group(1)) in ids]
        if xs:
            return _middle(xs)
    return None


# ----- live boards (one runtime, many boards) ---------------------------------------------------------
def text(x, names=()):
    """Words for an engine label/prompt: a string, a lazy label, or (i18n) a message dict."""
    if callable(x):
        x = x()
    if isinstance(x, (dict, list, tuple, str)):   # a string: a 1.x engine's English (i18n.tr reads it)
        try:
            from . import i18n
            return i18n.tr(x, list(names))
        except Exception:   # no catalog here: the message's key says what it is
            return str(x.get("key", "")) if isinstance(x, dict) else str(x)
    return "" if x is None else str(x)


def word(key):
    """The app's own words for a catalog key (web/i18n.py); the key itself without catalogs."""
    try:
        from . import i18n
        return i18n.t(key)
    except Exception:   # no catalog in this build
        return key


def activate(lang):
    """The page's language for what the engine and renderers say (web/i18n.py, when present)."""
    if not lang:
        return
    try:
        from . import i18n
    except ImportError:   # a build without catalogs: English
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
            from . import embed_lessons
            self.lesson = embed_lessons.by_id(spec["lesson"])
        self.reset()

    def reset(self):
        self.game = self.start.clone()
        self.actors = list(self.actors0)
        self.pick = None
        self.verdict = None       # lessons: "ok" | "hint" once the reader's move is judged
        self.stage = 0            # lessons: decisions judged right so far (a lesson may step on)
        self.error = ""
        self.whole = False        # a cropped focus (block/line) zoomed out to the whole main board

    def tap(self, aid):
        """A tap on a board target or button: ``ui:reset``, ``ui:pick:KEY`` (two-step choice) or a
        game action (the engine checks it). Returns the verdict ("ok"/"hint"/None)."""
        aid = str(aid)
        self.error = ""
        if aid == "ui:reset":
            self.reset()
            return None
        if aid.startswith("ui:pick:"):
            self.pick = aid[len("ui:pick:"):]
            return None
        if aid == "ui:pick-cancel":
            self.pick = None
            return None
        if aid in ("ui:zoom-out", "ui:zoom-in"):   # a cropped board: every target stays reachable
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
                self.stage += 1      # right: on to the lesson's follow-up, if it has one here
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
        if is_crop(focus):
            # live: the same crop as the static board (same size: no jump); the targets out of
            # view (still drawn) are reached with Zoom out, the app's own words for it
            if self.whole:
                focus = "board"
            way = "in" if self.whole else "out"
            label = word("app.toolbar.zoom_in") if self.whole else word("app.toolbar.zoom_out")
            buttons.append(f'<button type="button" class="eb-btn eb-zoom" data-action="ui:zoom-{way}">'
                           f'{esc(label)}</button>')
        svg, drawn = board_svg(self.game, legal, focus, self.spec.get("marks"), lm)
        if self.pick is not None:
            mod = renderer(self.game.GAME_NAME)
            fn = getattr(mod, "pick_options", None)
            got = fn(legal, self.pick) if fn else None
            if got and got[1]:
                sentence, opts = got
                buttons.append(f'<p class="eb-pick">{esc(text(sentence, names))}</p>')
                legal_btn = list(opts)
            else:
                legal_btn = [a for a in legal if a.id not in drawn]
        else:
            legal_btn = [a for a in legal if a.id not in drawn]
        for a in legal_btn:
            buttons.append(f'<button type="button" class="eb-btn" data-action="{esc(a.id)}">{esc(text(a.label, names))}</button>')
        view = self.game.view(viewer(self.game))
        prompt = "" if self.verdict is not None else text(view.get("prompt"), names)
        err = f'<p class="eb-error" role="alert">{esc(self.error)}</p>' if self.error else ""
        # the prompt goes under the board: the live board stands where the static one stood (no jump)
        return (f'<div class="eb-svg">{svg}</div><p class="eb-prompt">{esc(prompt)}</p>{err}'
                f'<div class="eb-choices">{"".join(buttons)}</div>')


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
        return static_svg(parse_params(params if isinstance(params, str) else dict(params)))

    def tap(self, key, aid):
        board = self.boards[str(key)]
        activate(board.spec.get("lang"))   # an engine error is worded in the board's language
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
    except EngineError as e:   # RecordError and the engine's own: a message, or words of the web's
        return [False, error_text(e)[:200]]
    except (ValueError, KeyError) as e:   # not a reader's mistake the code foresaw: still in words
        from .limits import excerpt
        return [False, _t("app.err.board_bad", error=excerpt(e, 60))[:200]]
