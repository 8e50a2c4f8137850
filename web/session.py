"""The app model, pure Python (no js/pyscript imports) so it is unit-tested in CPython.

It owns the current game, which seat's view is on screen (hidden hands), the
new-game form, undo, the autosave/export payload and import validation, the read-only
history browser (web/history.py) and embed mode (``?embed=1&record=...``).
main.py only turns DOM events into calls here and writes panels.screen() out.

Everything game-specific comes from the game registry (engine/core/registry.py): the list of
games, their titles, player counts, options (form fields and URL parameters), renderer and bot
levels. No game is named in this file: a game registered by a test plays here unchanged.
"""
import importlib
import inspect
import json
from urllib.parse import parse_qsl

from engine import versions
from engine.core import registry
from engine.core.errors import IllegalAction, OptionError, RecordError
from engine.core.record import check_record_shape

from engine.core.msg import N_

from . import i18n, renderer as renderer_api
from .i18n import t, tr
from .limits import MAX_QUERY, check_record_fields, excerpt, parse_int, parse_json, quote, short
from .history import History, embed_query, is_embed_query, parse_embed_query, position_links  # noqa: F401 (re-exported)
from .seats import DEFAULT_COLOURS, SEAT_MARKS  # noqa: F401 (one home for seat colours and marks: web/seats.py)

SAVE_KEY = "euro:current"

# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
# Colour -> the catalog key of its name (web/panels.py shows t(key)).
PALETTE = {
    "#E69F00": N_("app.colour.orange"), "#56B4E9": N_("app.colour.sky_blue"), "#009E73": N_("app.colour.green"),
    "#F0E442": N_("app.colour.yellow"), "#0072B2": N_("app.colour.blue"), "#D55E00": N_("app.colour.vermillion"),
    "#CC79A7": N_("app.colour.purple"), "#000000": N_("app.colour.black"),
}
MAX_SEATS = len(SEAT_MARKS)  # the form always keeps this many names/colours (a game may have fewer seats)
MAX_NAME = 24
# Board zoom: 1.0 = fit the board to the width of its area (never below the width at which its
# tap targets are 44 CSS px, see panels.board_min_px); below 1.0 shows more of the board at once.
ZOOMS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)
# The shell's own URL parameters; a game's options (spec.options) are URL parameters too, so no
# option may be called like one of these (tests/web/test_web_session.py checks the registry).
SHELL_PARAMS = ("game", "players", "seed", "names", "hidden", "bots", "botdelay", "botbudget", "confirm", "lang")
# URL parameters that start no game (a page knob: test/demo settings, the language).
KNOBS = {"botdelay", "botbudget", "confirm", "lang"}
# Form fields of the shell: an option must not be called like these either (name0, colour1, ...).
FORM_PREFIXES = ("name", "colour", "kind", "level", "speed", "confirm")


class SetupError(ValueError):
    """Bad new-game settings (form, URL or saved meta); the message is shown to the user. The
    app's errors are worded when raised (``t("app.err...")``, the active language)."""


# ----- the registry --------------------------------------------------------------------------------------
def games():
    """The registered games (GameSpec), in registry order (the form lists them in this order)."""
    _ensure_builtins()
    return registry.specs()


def game_spec(name, error=SetupError):
    """The GameSpec called ``name``; ``error`` (a ValueError class) with a readable message if none."""
    _ensure_builtins()
    try:
        return registry.get(name)
    except OptionError as e:
        raise error(tr(e.message)) from None


def _ensure_builtins():
    # engine/__init__.py registers the built-in games once the shape work wires it; until then
    # (or if a test registered only its own game) register them here. Idempotent.
    if not any(s.module.startswith("engine.") for s in registry.specs()):
        registry._register_builtins()


def bot_levels(spec):
    """The computer levels of a game (``spec.bots`` keys, e.g. easy, normal). A game whose spec
    names no bot yet has one level, played by web/hints.py's fallback."""
    return tuple(spec.bots) or ("normal",)


def default_level(spec):
    """The level of a computer seat nobody chose a level for (``bots=1`` in a link, old saves)."""
    levels = bot_levels(spec)
    return "normal" if "normal" in levels else levels[0]


def option_value(spec, option, raw):
    """A form/URL string -> the option's choice (choices may be strings or numbers), else None."""
    for choice in option.choices:
        if raw == choice or str(raw) == str(choice):
            return choice
    return None


def _default_players(spec):
    counts = spec.player_counts
    return counts[1] if len(counts) > 1 else counts[0]


def default_form(game=None):
    """The new-game form of ``game`` (default: the first registered game), defaults from its spec."""
    spec = game_spec(game) if game is not None else games()[0]
    return {"game": spec.name, "players": _default_players(spec),
            "names": [default_name(i) for i in range(MAX_SEATS)], "colours": list(DEFAULT_COLOURS),
            "options": spec.defaults(), "hidden": False, "bots": [], "levels": {}, "speed": DEFAULT_SPEED}


def as_of_step(view, shown):
    """The view while the first ``shown`` steps of a non-player opponent's turn are on screen
    (Barcelona's Gaudí, view["gaudi"]["last_turn"]): only those steps, only the log up to the
    last of them, and every region as it stood after it. Each step's ``table`` holds the view
    parts that the step changed (the first step: all of them; engine/barcelona/solo.py
    ``_step_view``): laid over the live view in order, so the board, the side boards, the
    player boards and the scores never show a later step's pieces. A pure function."""
    auto = view["gaudi"]
    steps = auto["last_turn"][:shown]
    out = dict(view, gaudi=dict(auto, last_turn=steps))
    for step in steps:
        for part, values in (step.get("table") or {}).items():
            out[part] = _overlay(out.get(part), values)
    if steps and shown < len(auto["last_turn"]):
        out["log"] = _log_until(view.get("log", []), len(auto["last_turn"]) - shown)
    return out


def _overlay(live, part):
    """A step's view part over the live one: a dict key by key, a list of dicts (player boards)
    board by board (the live hand stays: a step holds none), anything else replaced."""
    if isinstance(live, dict) and isinstance(part, dict):
        return dict(live, **part)
    if isinstance(live, list) and isinstance(part, list) and all(isinstance(x, dict) for x in live + part):
        return [dict(a, **b) for a, b in zip(live, part)] + live[len(part):]
    return part


def _log_until(log, hidden):
    """The log without its last ``hidden`` opponent steps (entries with a ``gaudi`` key) and
    what was logged after them."""
    idx = [i for i, e in enumerate(log) if isinstance(e, dict) and "gaudi" in e]
    return list(log[:idx[-hidden]]) if len(idx) >= hidden else list(log)


def default_name(i):
    """The name of seat ``i`` nobody typed ("Player 1"): words of the language on screen when
    the game starts (a name is the players' own text: it stays as it was in the record)."""
    return t("app.form.default_name", n=i + 1)


def computer_name(i):
    """The default name of computer seat ``i`` on the new-game form ("Computer 2")."""
    return t("app.form.computer_name", n=i + 1)


def _check_bots(bots, n, error):
    """Seats played by the computer: distinct seat numbers (0-based) with at least one human seat left.
    At least one person must play: the app is a pass-and-play board (someone has to own the screen,
    the autosave and Undo), and a game of computers only would play itself out with nobody watching."""
    if not isinstance(bots, (list, tuple)) or any(not isinstance(b, int) or isinstance(b, bool) for b in bots):
        raise error(t("app.err.bots_list"))
    if len(set(bots)) != len(bots) or any(not 0 <= b < n for b in bots):
        raise error(t("app.err.bots_range", high=n - 1))
    if n and len(bots) >= n:
        raise error(t("app.err.bots_person"))
    return sorted(bots)


def _or_list(words):
    """("easy", "normal", "hard") -> "easy, normal or hard" (ids: only the joining words translate)."""
    words = list(words)
    return t("app.list.or").join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)


def _check_levels(levels, bots, spec, error):
    """{seat: level} for every computer seat (a seat without one gets the default level; levels
    of seats played by people are dropped).
    ``levels`` may have int keys (settings) or str keys (record meta: JSON keys are strings)."""
    if not isinstance(levels, dict):
        raise error(t("app.err.levels_map"))
    allowed = bot_levels(spec) if spec is not None else None
    out = {}
    for key, level in levels.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() else key
        if seat not in bots:
            continue  # a seat played by a person: its level means nothing (e.g. a save edited by hand)
        if not isinstance(level, str) or (allowed is not None and level not in allowed):
            choices = _or_list(allowed or ())
            raise error(t("app.err.level", level=repr(str(level)[:20]), game=tr(spec.title), choices=choices)
                        if spec is not None else t("app.err.level_names"))
        out[seat] = level
    for seat in bots:
        if seat not in out:
            if spec is None:
                raise error(t("app.err.levels_game"))
            out[seat] = default_level(spec)
    return {seat: out[seat] for seat in sorted(out)}


def _check_names(names, n):
    out = []
    for i, name in enumerate(names[:n]):
        name = " ".join(str(name).split())[:MAX_NAME]
        out.append(name or default_name(i))
    if len(set(out)) != len(out):
        raise SetupError(t("app.err.names"))
    return out


def _check_options(spec, options):
    """The game's options from the settings: every option of the spec, defaults for the ones not given."""
    if not isinstance(options, dict):
        raise SetupError(t("app.err.options_map"))
    known = {o.name: o for o in spec.options}
    for name in options:
        if name not in known:
            raise SetupError(t("app.err.option_unknown", option=name, game=tr(spec.title)) + " "
                             + (t("app.err.option_known", known=", ".join(known)) if known else t("app.err.option_none")))
    out = {}
    for o in spec.options:
        value = option_value(spec, o, options[o.name]) if o.name in options else o.default
        if value is None:
            raise SetupError(t("app.err.option_value", option=o.name, choices=_or_list(map(str, o.choices)),
                               value=repr(str(options[o.name])[:20])))
        out[o.name] = value
    return out


def _pad_colours(colours, n=MAX_SEATS):
    """``colours`` (palette colours) topped up with unused default colours to ``n`` entries."""
    out = [c for c in colours if c in PALETTE][:n]
    out += [c for c in DEFAULT_COLOURS if c not in out][:n - len(out)]
    return out


def check_settings(s):
    """Validate a settings dict (game, players, names, colours, options, hidden, bots, levels);
    return a clean copy. ``bots``: computer seats; ``levels``: {seat: level} for some of them."""
    spec = game_spec(s.get("game"))
    counts = spec.player_counts
    n = s.get("players")
    if not isinstance(n, int) or isinstance(n, bool) or n not in counts:
        raise SetupError(t("app.err.players", game=tr(spec.title), low=counts[0], high=counts[-1], n=repr(n)))
    names = list(s.get("names") or [])
    names += [default_name(i) for i in range(len(names), n)]
    colours = list(s.get("colours") or DEFAULT_COLOURS)
    colours += [c for c in DEFAULT_COLOURS if c not in colours]
    colours = colours[:n]
    if any(c not in PALETTE for c in colours):
        raise SetupError(t("app.err.palette"))
    if len(set(colours)) != n:
        raise SetupError(t("app.err.colours"))
    bots = _check_bots(list(s.get("bots") or []), n, SetupError)
    options = _check_options(spec, s.get("options") or {})
    for o in spec.options:          # e.g. Barcelona's solo-only options: not part of other games
        if not o.applies(n):
            del options[o.name]
    return {"game": spec.name, "players": n, "names": _check_names(names, n), "colours": colours,
            "options": options, "hidden": bool(s.get("hidden")),
            "bots": bots, "levels": _check_levels(s.get("levels") or {}, bots, spec, SetupError),
            "speed": _check_speed(s.get("speed"), SetupError)}


def settings_from_form(fields):
    """Form fields (name -> string, as main.py reads them) -> settings dict (unchecked).
    A game's options are fields named like the option (``layout``); unknown games are left to
    check_settings."""
    game = fields.get("game", "")
    try:
        n = int(fields.get("players", ""))
    except ValueError:
        n = None
    try:
        spec = game_spec(game)
    except SetupError:
        spec = None
    options = {o.name: fields[o.name] for o in (spec.options if spec else ()) if o.name in fields}
    bots = [i for i in range(n if isinstance(n, int) else 0) if fields.get(f"kind{i}") == "bot"]
    return {"game": game, "players": n,
            "names": [fields.get(f"name{i}", "") for i in range(MAX_SEATS)],
            "colours": [fields.get(f"colour{i}", "") for i in range(MAX_SEATS)],
            "options": options,
            "hidden": fields.get("hidden", "") not in ("", "0", "false"),
            "bots": bots, "levels": {i: fields[f"level{i}"] for i in bots if fields.get(f"level{i}")},
            "speed": fields.get("speed") or DEFAULT_SPEED}


def _bots_from_query(value):
    """``bots=1:hard,2:easy`` (``bots=1,2``: the default level) -> (seats, {seat: level}).
    Seats are 0-based; a level is a key of the game's ``spec.bots`` in any case (checked later)."""
    seats, levels = [], {}
    for item in value.split(","):
        seat, colon, level = item.partition(":")
        try:
            seat = int(seat)
            if colon and not level:
                raise ValueError
        except ValueError:
            raise SetupError(t("app.err.bots_query", value=repr(value[:40]))) from None
        seats.append(seat)
        if colon:
            levels[seat] = level.strip().lower()
    return seats, levels


def settings_from_query(query):
    """URL query -> (settings, seed) to start directly, or (None, None) if no game is asked for.
    Raises SetupError with a readable message on anything odd. A game's options are parameters
    named like the option (``layout=shuffled``)."""
    if len(query) > MAX_QUERY:
        raise SetupError(t("app.err.url_long"))
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    if not pairs:
        return None, None
    params = {}
    for key, value in pairs:
        if key in params:
            raise SetupError(t("app.err.url_twice", param=quote(key, 30)))
        params[key] = value
    if "confirm" in params and params["confirm"] not in ("0", "1"):
        raise SetupError(t("app.err.zero_one", param="confirm"))
    if "botdelay" in params:
        bot_delay_from_query(query)  # a clear message for a bad value
    if "botbudget" in params:
        bot_budget_from_query(query)
    if "lang" in params and len(params["lang"]) > 35:
        raise SetupError(t("app.err.url_long"))
    if params and set(params) <= KNOBS:
        return None, None
    if "game" not in params:
        raise SetupError(t("app.err.url_game", games=_or_list("game=" + s.name for s in games())))
    spec = game_spec(params["game"])
    option_names = [o.name for o in spec.options]
    for key in params:
        if key not in SHELL_PARAMS and key not in option_names:
            if any(key in (o.name for o in s.options) for s in games()):
                raise SetupError(t("app.err.option_unknown", option=excerpt(key, 20), game=tr(spec.title)))
            raise SetupError(t("app.err.url_unknown", param=quote(key, 30),
                               known=", ".join(sorted(SHELL_PARAMS + tuple(option_names)))))
    names = [x for x in params["names"].split(",")] if "names" in params else []
    if "players" in params:
        n = parse_int(params["players"], "players", error=SetupError)
    else:
        n = len(names) if names else _default_players(spec)
    if names and len(names) != n:
        raise SetupError(t("app.err.names_count", count=len(names), n=n))
    seed = None
    if "seed" in params:
        # from 0 (the engine's generator would take -1 as 2**64 - 1: another number than the link's)
        # to the largest seed a record keeps (web/limits.check_record_fields)
        seed = parse_int(params["seed"], "seed", lo=0, hi=2**63 - 1, error=SetupError)
    if params.get("hidden", "0") not in ("0", "1"):
        raise SetupError(t("app.err.zero_one", param="hidden"))
    if len(params.get("bots", "")) > 60:
        raise SetupError(t("app.err.bots_long", value=quote(params['bots'], 30)))
    bots, levels = _bots_from_query(params["bots"]) if params.get("bots") else ([], {})
    settings = {"game": spec.name, "players": n, "names": names,
                "options": {k: params[k] for k in option_names if k in params},
                "hidden": params.get("hidden") == "1", "bots": bots, "levels": levels}
    return check_settings(settings), seed


def link_notes(query):
    """One short note on the link's values the app changed or ignored when it started from it (a
    name cut to MAX_NAME characters, a ``lang=`` it does not speak), or "" when there are none.
    (Values it cannot use at all stop the link instead: settings_from_query says why.)"""
    notes = []
    for key, value in parse_qsl(str(query).lstrip("?"), keep_blank_values=True):
        if key == "lang" and not i18n.normalize(value):
            notes.append(t("app.note.link_lang", value=quote(value, 12)))
        elif key == "names":
            cut = [" ".join(n.split()) for n in value.split(",") if len(" ".join(n.split())) > MAX_NAME]
            if cut:
                notes.append(t("app.note.link_names", n=MAX_NAME, names=", ".join(quote(c, 30) for c in cut)))
    return short(" ".join(notes)) if notes else ""


BOT_DELAY = 500       # ms between a computer's decisions, so a person can follow them
MAX_BOT_DELAY = 5000
# A searching computer level (one whose policy takes should_stop) thinks at most this long per
# decision, in the background worker (web/bot_worker.py); URL botbudget= overrides it.
BOT_BUDGET = 2000
# The Hint button's level when the background worker computes it (the page's own fallback asks
# the default level: a searching level would block the page's thread).
HINT_LEVEL = "hard"
MAX_BOT_BUDGET = 30_000
WORKER_DOWN = N_("app.note.worker_down")   # {why}: the browser's reason
# Computer seats' speed (new-game form, record meta "bot_speed") -> ms before each decision.
BOT_SPEEDS = {"fast": 150, "normal": BOT_DELAY, "slow": 1500}
DEFAULT_SPEED = "normal"
PREFS_KEY = "euro:settings"   # device settings (localStorage), not part of any game: {"confirm": bool}


def _check_speed(speed, error):
    """A computer speed name (form/meta); None -> the default."""
    if speed is None:
        return DEFAULT_SPEED
    if speed not in BOT_SPEEDS:
        raise error(t("app.err.speed", choices=_or_list(BOT_SPEEDS), value=repr(str(speed)[:20])))
    return speed


def bot_delay_from_query(query):
    """``botdelay=MS`` in the URL (a test/demo knob, not saved) -> int ms, or None if absent."""
    return _ms_from_query(query, "botdelay", MAX_BOT_DELAY)


def bot_budget_from_query(query):
    """``botbudget=MS`` in the URL (a test/demo knob, not saved): the thinking time of a searching
    computer level (web/bot_worker.py), or None if absent."""
    return _ms_from_query(query, "botbudget", MAX_BOT_BUDGET)


def _ms_from_query(query, key, limit):
    values = [v for k, v in parse_qsl(query.lstrip("?"), keep_blank_values=True) if k == key]
    if not values:
        return None
    if not values[-1].strip().isdigit() or len(values[-1].strip()) > 6:
        raise SetupError(t("app.err.ms", param=key, value=quote(values[-1], 30), limit=limit))
    ms = int(values[-1])
    if not 0 <= ms <= limit:
        raise SetupError(t("app.err.ms_range", param=key, limit=limit))
    return ms


class Session:
    suggest = None  # (game, level=None) -> Action or None; None means web.hints.suggest (tests swap in a stub)

    def __init__(self, load_module=None, load_renderer=None):
        # Game name -> engine module / renderer module, from the registry (spec.module, spec.renderer).
        # Injectable so a test can take a game's renderer away (everything then goes to the buttons).
        self.load_module = load_module or (lambda name: game_spec(name).engine())
        self.load_renderer = load_renderer or (lambda name: importlib.import_module(game_spec(name).renderer))
        self.game = None
        self.meta = {"hidden": False, "colours": list(DEFAULT_COLOURS), "bots": [], "bot_levels": {}}
        self.shown_seat = None      # seat whose hand the device was last handed to
        self.watcher = None         # hidden hands off: the person whose view is shown while computers play
        self._bot_delay = None      # URL botdelay= (a test/demo knob); else the game's computer speed
        self.bot_budget = BOT_BUDGET  # ms a searching level may think (URL botbudget=)
        self._bot_answer = None     # (bot_key, action id) the background worker chose
        self.worker_down = ""       # why the worker is not used ("" = it is, or not tried yet)
        self._worker_note = False   # WORKER_DOWN still to be said
        self.choosing = True        # new-game screen on top
        self.form = default_form()
        self.message = ""
        self.zoom = 1.0
        self.panel_open = False     # tablet: the scores/log drawer
        self._hint = None           # (position key, Action) from request_hint() / hint_answer()
        self._hint_wait = None      # position key of a Hint the background worker is computing
        self.history = None         # web.history.History while browsing (read-only)
        self.copied = None          # History: ("link" | "embed", text) just copied (shown to copy again)
        self.embed = None           # embed mode: {"controls", "play", "record", "step"}; see open_embed
        # Turn flow (web/turnflow.py): device settings, the selected move, who made each action.
        # "Confirm moves", "Keep the screen on" (localStorage euro:settings; web/device.js holds the lock)
        self.prefs = {"confirm": False, "wakelock": True}  # "Confirm every move": off by default
        self._selected = None       # (position key, action id): chosen, not yet confirmed
        self._previews = {}         # (position key, action id) -> turnflow.Preview
        self._actors = None         # ((game, seed, names), actions, seats that made them)
        self.help_open = False      # the Help panel (legend, rules summary, settings)
        self.just_played = []       # [(seat, id)] applied by the last handler: animated once
        # Save slots (web/store.js keeps them in IndexedDB; see "save slots" below).
        self.slot = None            # id of the slot the game on screen is saved in; None = a new slot
        self.slots = []             # summaries of the saved games (slot_summary dicts), newest first
        self.store_problem = ""     # set while writes fail: the game on screen lives only in memory
        self.store_blocked = False  # no site data here (blocked profile): nothing is ever stored
        self.elsewhere = None       # slot id another tab plays: nothing is written to it meanwhile
        self.prefs_note = False     # the stored device settings were unreadable and were dropped
        self.damaged = None         # a saved text that could not be restored, kept aside (download)
        self.question = None        # a pending question: ("delete", slot id) / ("start"|"import", None)
        self.pending = None         # what "yes" to that question goes ahead with (import text)
        self.pick = None            # a board place picked for a two-step choice (ui:pick:<key>)
        self.inspecting = ""        # the inspector panel's text (ui:inspect), "" = closed
        # Screen readers (web/a11y.py): the "Board as text" panel, what the live region read last.
        self.text_open = False
        self._announced = None      # (game key, actions count) covered by the last announcement
        # A non-player opponent's turn (Barcelona's Gaudí) runs inside the person's last action;
        # its logged steps are then shown one at a time, paced like a computer seat's decisions.
        self.auto_shown = None      # steps of that turn shown so far; None = nothing to show

    # ----- what is on screen ------------------------------------------------
    @property
    def screen(self):
        if self.embed is not None and self.game is None:
            return "embed-error"
        if self.history is not None:
            return "history"
        if self.game is None or self.choosing:
            return "new"
        if self.game.is_over:
            return "over"
        if self.auto_pending():
            return "bot"            # the opponent's steps are being shown: nobody decides
        if self.game.current_player in self.meta["bots"]:
            return "bot"            # a computer seat decides: never a hand-off, never its view
        if self.meta["hidden"] and self.game.current_player != self.shown_seat:
            return "handoff"
        return "play"

    @property
    def viewer(self):
        """The seat whose view may be shown: the deciding seat while playing; while a computer
        decides, a person's seat (see ``bot_viewer``); else None (public)."""
        kind = self.screen
        if kind == "play":
            return self.game.current_player
        if kind == "bot":
            return self.bot_viewer()
        return None

    def humans(self):
        return [s for s in range(self.game.num_players) if s not in self.meta["bots"]]

    def is_bot(self, seat):
        return seat in self.meta["bots"]

    def bot_level(self, seat):
        """The level the computer at ``seat`` plays (record meta ``bot_levels``; keys are strings)."""
        level = self.meta.get("bot_levels", {}).get(str(seat))
        spec = game_spec(self.game.GAME_NAME)
        return level if level in bot_levels(spec) else default_level(spec)

    def bot_viewer(self):
        """Whose view is on screen while a computer decides (never the computer's own: its hand,
        stacks and tasks stay secret).
        - Hidden hands off: the people at the table see each other's views anyway, so the person
          who decided last (else the first human seat) keeps their view.
        - Hidden hands on, one person: that person, once they took the device (hand-off screen);
          before that the public view.
        - Hidden hands on, several people: the public view, because the device may be changing
          hands while the computers play; the next person's hand-off screen comes before their turn."""
        humans = self.humans()
        if not self.meta["hidden"]:
            return self.watcher if self.watcher in humans else humans[0]
        if len(humans) == 1 and self.shown_seat == humans[0]:
            return self.shown_seat
        return None

    def view(self):
        v = self.game.view(self.viewer)
        if v.get("gaudi") and self.auto_pending():   # only the steps shown so far, the table after them
            v = as_of_step(v, self.auto_shown)
        return v

    # ----- a non-player opponent's turn, step by step (Barcelona's solo game) -----------------
    def _auto_turns(self):
        v = self.game.__dict__.get("solo") if self.game is not None else None
        return v["turns"] if isinstance(v, dict) else None

    def auto_steps(self):
        solo = self.game.__dict__.get("solo") if self.game is not None else None
        return list(solo["steps"]) if isinstance(solo, dict) else []

    def auto_pending(self):
        """Steps of the opponent's turn still to show (never once the game is over)."""
        return (self.auto_shown is not None and self.game is not None and not self.game.is_over
                and self.history is None and self.auto_shown < len(self.auto_steps()))

    def progress(self):
        """What a computer step changes (main.py: a step that changed nothing failed)."""
        return (len(self.game.actions), self.auto_shown) if self.game is not None else None

    def legal_actions(self):
        return self.game.legal_actions() if self.screen == "play" else []

    def board(self, view, legal, **highlights):
        """(svg, ids drawn on the board); ("", set()) when the game has no renderer.
        ``highlights``: the renderer keywords (web/renderer.py: hint=, selected=, lastmove=,
        marks=, scale=); the turn flow's selected move and last-move marks unless given."""
        rend = self.renderer(view["game"])
        if rend is None:
            return "", set()
        highlights = {**self.turn_highlights(view), **{k: v for k, v in highlights.items() if v is not None}}
        return renderer_api.draw(rend, view, legal, list(self.meta["colours"]), **highlights)

    def renderer(self, name):
        """The declared renderer of a game (web/renderer.Renderer, from spec.renderer), or None if
        it does not import."""
        try:
            return renderer_api.declared(self.load_renderer(name))
        except (ImportError, ValueError):  # ValueError: no such game registered
            return None

    def action_groups(self, name):
        """Action kind -> readable heading of its group of buttons: the renderer's action_groups
        (one table per game; panels.actions_panel words any kind missing from it)."""
        rend = self.renderer(name)
        return dict(rend.action_groups()) if rend is not None else {}

    def available(self):
        """game name -> None if its engine imports, else why not (shown in the form)."""
        out = {}
        for name in (spec.name for spec in games()):
            try:
                # A package still being written imports as a namespace package without new_game.
                out[name] = None if hasattr(self.load_module(name), "new_game") else t("app.form.unavailable")
            except ImportError as e:
                out[name] = f'{t("app.form.unavailable")} ({e.__class__.__name__})'
            except Exception as e:  # a broken engine must not break the form
                out[name] = t("app.form.broken", error=e)
        return out

    # ----- moves ------------------------------------------------------------------
    def start(self, settings, seed):
        s = check_settings(settings)
        module = self._module(s["game"], SetupError)
        game = module.new_game(s["names"], seed, **s["options"])
        self.game, self.auto_shown = game, None
        self.meta = {"hidden": s["hidden"], "colours": s["colours"], "bots": s["bots"],
                     "bot_levels": {str(seat): level for seat, level in s["levels"].items()},
                     "bot_speed": s["speed"]}
        self.slot, self.question = None, None  # a new game gets a NEW slot: the one it replaces stays saved
        self.shown_seat, self.choosing, self.zoom, self.history, self.watcher = None, False, 1.0, None, None
        # The form keeps MAX_SEATS names and colours, so New game -> more players reads no missing seat.
        self.form = dict(s, names=s["names"] + default_form(s["game"])["names"][len(s["names"]):],
                         colours=_pad_colours(s["colours"]))

    def apply(self, action_id):
        if self.screen != "play":
            raise SetupError(t("app.err.no_decision"))
        seat = self.game.current_player
        self._tracked(seat, lambda: self.game.apply(action_id))  # IllegalAction leaves the game unchanged
        self.watcher = seat
        self.clear_ui()

    # ----- table UI state: two-step picks and the inspector (see web/regions.py) ---------------
    def pick_at(self, key):
        """ui:pick:<key>: a board place chosen first; the decision area then lists the legal
        actions at it (the renderer's ``pick_options``). The same place again un-picks it."""
        self.pick = None if self.pick == key else str(key)

    def inspect(self, text):
        """ui:inspect: show the full description of a tapped element (its data-info); plays nothing."""
        self.inspecting = str(text or "")[:2000]

    def clear_ui(self):
        """Escape, ui:inspect-close, any move: no pick, no inspector."""
        self.pick, self.inspecting = None, ""

    # ----- screen readers (web/a11y.py) -------------------------------------------------------
    def toggle_board_text(self):
        """ui:board-text: the "Board as text" panel (every region's descriptions, scores, choices)."""
        self.text_open = not self.text_open

    def announcement(self):
        """The live region's text after a redraw: the log lines since the last announcement and
        what is asked now (main.py writes it into #announce when it changed)."""
        from . import a11y
        text, self._announced = a11y.announcement(self, self._announced)
        return text

    # ----- computer seats ----------------------------------------------------------------
    def bot_to_move(self):
        """The computer seat that must decide now (main.py then calls play_bot_move after a
        short delay), else None: a person decides, the game is over, or another screen is up
        (new-game form, history) which pauses the computers. "auto": the next step of a
        non-player opponent's turn is to be shown."""
        if self.screen != "bot":
            return None
        return "auto" if self.auto_pending() else self.game.current_player

    def bot_key(self):
        """Names the pending computer decision (position and seat), or None: a worker's answer is
        used only for the decision it was asked about."""
        seat = self.bot_to_move()
        return None if seat is None else self._position() + (seat,)

    def bot_request(self):
        """The message for the background worker (web/hints.worker_request: the seat's masked
        copy, level, budget), or None when there is nothing to ask (no bot for this game)."""
        from .hints import worker_request
        seat = self.bot_to_move()
        if seat is None or self.suggest is not None:  # a test's stub bot runs on the page
            return None
        return worker_request(self.game, self.bot_level(seat), self.bot_budget)

    def bot_answer(self, key, action_id):
        """The worker chose ``action_id`` for decision ``key`` (None: it could not; the page
        decides); play_bot_move applies it."""
        self._bot_answer = (key, None if action_id is None else str(action_id))

    def has_bot_answer(self):
        return self._bot_answer is not None and self._bot_answer[0] == self.bot_key()

    def worker_failed(self, why):
        """The worker is not available: the page plays its computer seats itself from now on
        (cheap levels only, hints.page_level) and says so once, with the reason."""
        if not self.worker_down:
            self._worker_note = True  # said once, with the first move the page plays itself
        self.worker_down = excerpt(str(why) or "unknown reason", 80)

    def play_bot_move(self):
        """Let the computer seat on move decide and apply its choice; returns the Action.
        The choice is the background worker's answer for this decision if there is one (checked
        against the engine's legal actions like any move), else web/hints.suggest on the page at
        the seat's level (a searching level plays the default level there, hints.page_level):
        the game's bot (spec.bots) on a copy of the game in which every secret of the other seats
        is masked, so it cannot use what it may not see. (A game with no bot: the first legal action.)"""
        if self.screen != "bot":
            raise SetupError(t("app.err.no_bot"))
        if self.auto_pending():
            self.auto_shown += 1
            return None
        seat = self.game.current_player
        answer = self._bot_answer[1] if self.has_bot_answer() else None
        self._bot_answer = None
        action = None
        if answer is not None:
            try:
                action = self.game.find_action(answer)  # like any move: only a legal action is played
            except IllegalAction:
                action = None  # a bug in the worker must not stall the game: the page decides
        if action is None:
            suggest = self.suggest
            if suggest is None:
                from .hints import page_level, suggest
                level = page_level(self.game, self.bot_level(seat))
            else:
                level = self.bot_level(seat)
            action = suggest(self.game, level=level) or self.game.legal_actions()[0]
            if self._worker_note:  # until the person's turn: a chain of computer moves redraws each time
                self.message = {"key": WORKER_DOWN, "why": self.worker_down}
        self._tracked(seat, lambda: self.game.apply(action.id))
        if self.screen != "bot":
            self._worker_note = False  # said: the person's screen shows it
        return action

    def bot_thinks(self):
        """For the thinking bar: ms the seat on move may think, or 0 when its level does not
        search (Easy/Normal answer at once; the bar then shows no budget)."""
        seat = self.bot_to_move()
        if seat is None or self.worker_down:
            return 0
        try:
            policy = game_spec(self.game.GAME_NAME).bot(self.bot_level(seat))
            return self.bot_budget if "should_stop" in inspect.signature(policy).parameters else 0
        except (ValueError, KeyError, TypeError, ImportError, AttributeError):
            return 0

    def undo(self):
        if self.screen != "play" or not self.game.can_undo():
            raise SetupError(t("app.err.no_undo"))
        self.game, self.auto_shown = self.game.undo(), None
        self.clear_ui()

    def can_undo(self):
        return self.screen == "play" and self.game.can_undo()

    def handoff_ok(self):
        if self.screen == "handoff":
            self.shown_seat = self.game.current_player

    def new_game_screen(self):
        if self.embed is None:  # an embedded board has no new-game screen
            self.history, self.choosing = None, True

    def refresh_form(self, fields):
        """Redraw input: the form changed game, player count or a seat's kind; keep what was typed.
        Reads only what is there: after a game the previous form may be for fewer seats."""
        s = settings_from_form(fields)
        prev = self.form
        try:
            spec = game_spec(s["game"])
        except SetupError:
            spec = game_spec(prev["game"])
        form = default_form(spec.name)
        same_game = spec.name == prev["game"]
        if same_game and s["players"] in spec.player_counts:
            form["players"] = s["players"]
        prev_names, prev_colours = list(prev.get("names", [])), _pad_colours(prev.get("colours", []))
        for i in range(MAX_SEATS):
            old_name = prev_names[i] if i < len(prev_names) else form["names"][i]
            form["names"][i] = s["names"][i] or old_name
            form["colours"][i] = s["colours"][i] if s["colours"][i] in PALETTE else prev_colours[i]
        # Options: what the form shows now, else what was chosen before (same game), else the defaults.
        for o in spec.options:
            value = option_value(spec, o, s["options"][o.name]) if o.name in s["options"] else None
            if value is None and same_game:
                value = option_value(spec, o, prev.get("options", {}).get(o.name))
            if value is not None:
                form["options"][o.name] = value
        form["hidden"] = s["hidden"]
        form["speed"] = s["speed"] if s["speed"] in BOT_SPEEDS else prev.get("speed", DEFAULT_SPEED)
        kinds = [fields.get(f"kind{i}") for i in range(MAX_SEATS)]
        form["bots"] = [i for i in range(form["players"])
                        if kinds[i] == "bot" or (kinds[i] is None and i in prev.get("bots", []))]
        if len(form["bots"]) >= form["players"]:
            form["bots"] = form["bots"][1:]  # keep a person at the first computer seat
        for i in range(form["players"]):   # a seat's default name follows its kind ("Computer 2")
            if i in form["bots"] and form["names"][i] == default_name(i):
                form["names"][i] = computer_name(i)
            elif i not in form["bots"] and form["names"][i] == computer_name(i):
                form["names"][i] = default_name(i)
        levels, prev_levels = bot_levels(spec), prev.get("levels", {}) if same_game else {}
        form["levels"] = {}
        for i in form["bots"]:
            shown = fields.get(f"level{i}")
            form["levels"][i] = (shown if shown in levels else
                                 prev_levels.get(i) if prev_levels.get(i) in levels else default_level(spec))
        self.form = form

    def resume(self):
        if self.game is not None:
            self.choosing = False

    def set_zoom(self, step):
        if step == 0:
            self.zoom = 1.0
            return
        i = min(range(len(ZOOMS)), key=lambda k: abs(ZOOMS[k] - self.zoom))
        self.zoom = ZOOMS[max(0, min(len(ZOOMS) - 1, i + step))]

    def set_zoom_to(self, z):
        """Pinch: any zoom between the smallest and largest step (2 decimals)."""
        self.zoom = round(max(ZOOMS[0], min(ZOOMS[-1], float(z))), 2)

    def toggle_panel(self):
        self.panel_open = not self.panel_open

    # ----- hints (web/hints.py) -------------------------------------------------------
    def _position(self):
        g = self.game
        return (g.GAME_NAME, g.seed, tuple(g.names), tuple(g.actions))

    def request_hint(self):
        """Ask the bot for the pending decision; shown until the position changes."""
        if self.screen != "play":
            raise SetupError(t("app.err.no_decision"))
        suggest = self.suggest
        if suggest is None:
            from .hints import suggest
        action = suggest(self.game)
        if action is None:
            raise SetupError(t("app.err.no_hint"))
        self._hint = (self._position(), action)

    def hint_request(self):
        """The message for the background worker for a Hint at HINT_LEVEL (web/hints.worker_request:
        the seat's masked copy), or None when the page answers itself (a test's stub bot, no bot).
        Marks the position as waiting (``hint_thinking``) until ``hint_answer``."""
        if self.screen != "play":
            raise SetupError("no decision is pending on this screen")
        if self.suggest is not None:
            return None
        from .hints import worker_request
        request = worker_request(self.game, HINT_LEVEL, self.bot_budget)
        self._hint_wait = None if request is None else self._position()
        return request

    @property
    def hint_thinking(self):
        """A Hint for the position on screen is being computed in the worker."""
        return self._hint_wait is not None and self.screen == "play" and self._hint_wait == self._position()

    def hint_answer(self, key, action_id):
        """The worker's Hint for position ``key`` (None: it could not answer: the page then
        suggests at its own level). A position that moved on meanwhile drops it (stale)."""
        if self._hint_wait == key:
            self._hint_wait = None
        if self.screen != "play" or key != self._position():
            return
        action = None
        if action_id is not None:
            try:
                action = self.game.find_action(str(action_id))  # only a legal action is suggested
            except IllegalAction:
                action = None
        if action is None:
            self.request_hint()
        else:
            self._hint = (key, action)

    @property
    def hint(self):
        """The suggested Action for the position on screen, else None (stale hints vanish)."""
        if self._hint is None or self.screen != "play" or self._hint[0] != self._position():
            return None
        return self._hint[1]

    # ----- history (read-only time travel over the live game's record) -------------------------
    def can_browse(self):
        """The History button: while a game is on screen; in embed mode only with controls=1 and play=1
        (without play=1 the embedded board is a history browser already)."""
        if self.screen not in ("play", "over", "handoff", "bot"):  # handoff: hidden hands, so public views only
            return False
        return self.embed is None or (self.embed["controls"] and self.embed["play"])

    def open_history(self):
        if not self.can_browse():
            raise SetupError(t("app.err.no_history"))
        self.history = History(self.game.record(), self._game_module(self.game),
                               hidden=self.meta["hidden"], bots=self.meta["bots"])

    def hist_step(self, where):
        """``where``: -1/+1 a step, "first" or "last"."""
        h = self.history
        if h is None:
            raise SetupError(t("app.err.not_browsing"))
        if self.embed is not None and not self.embed["controls"]:
            raise SetupError(t("app.err.embed_controls"))
        {-1: h.prev, 1: h.next, "first": h.first, "last": h.last}[where]()
        self.copied = None

    def copy_position(self, kind, page_url):
        """History's "Copy link to this position" (kind "link") / "Copy embed code" ("embed"):
        the text, also kept in ``copied`` so the panel shows it (select and copy by hand when the
        browser's clipboard is not available)."""
        if self.history is None:
            raise SetupError("not browsing the history")
        link, code = position_links(self.history.record, self.history.step, page_url)
        self.copied = (kind, link if kind == "link" else code)
        return self.copied[1]

    def close_history(self):
        """Back to the live game, exactly as it was (history never changes it)."""
        if self.embed is not None and not self.embed["play"]:
            raise SetupError(t("app.err.embed_only"))
        self.history = None

    # ----- embed mode (tutorial pages) -----------------------------------------------------------
    @property
    def autosave(self):
        """False in embed mode: an embedded board never reads or writes the reader's autosave."""
        return self.embed is None

    def open_embed(self, query):
        """Show the record in ``?embed=1&record=...`` (web.history.parse_embed_query). Without play=1
        the board is a read-only history at ``step``; with play=1 the reader plays on from there.
        Embed mode starts first, so even a broken link gets the embed screen (never the autosave);
        errors are ValueErrors with a clear message."""
        self.embed = {"controls": False, "play": False}
        self.game, self.history, self.choosing = None, None, False
        spec = parse_embed_query(query)
        rec = spec["record"]
        self._check_setup(rec)
        meta = self._check_meta(rec.get("meta", {}), rec.get("players"), rec.get("game"))
        game = self._replay(rec)  # every action id must be legal: a tampered record stops here
        self.embed = {"controls": spec["controls"], "play": spec["play"], "record": rec, "step": spec["step"]}
        meta["bots"], meta["bot_levels"] = [], {}  # an embedded board (tutorial) is played by its reader at every seat
        self.meta, self.shown_seat, self.zoom = meta, None, 1.0
        self._embed_position(game)

    def _embed_position(self, full_game):
        rec, step = self.embed["record"], self.embed["step"]
        module = self._record_module(rec)
        history = History(rec, module, hidden=self.meta["hidden"], step=step)
        if self.embed["play"]:
            self.game, self.history = history.game_at(step).clone(), None
        else:
            self.game, self.history = full_game, history

    def embed_reset(self):
        """play=1: back to the embedded position."""
        if self.embed is None or not self.embed["play"] or "record" not in self.embed:
            raise SetupError(t("app.err.no_reset"))
        self.shown_seat = None
        self._embed_position(None)

    # ----- saving ---------------------------------------------------------------------
    def save_text(self):
        rec = self.game.record()
        rec["meta"] = dict(self.meta)
        return json.dumps(rec)

    def load_text(self, text, slot=None):
        """Replace the game by the record in ``text`` (a saved slot, or an import file: slot None =
        it is saved in a NEW slot, never over the game it replaces).
        Raises ValueError (RecordError/SetupError) with a clear message; on error nothing changes."""
        if self.embed is not None:
            raise SetupError(t("app.err.embed_load"))
        rec = parse_json(text, N_("app.what.game_record"))  # size and depth checked before json.loads
        check_record_fields(rec)
        self._check_setup(rec)
        meta = self._check_meta(rec.get("meta", {}), rec.get("players"), rec.get("game"))
        game = self._replay(rec)
        self.game, self.meta, self.slot, self.question = game, meta, slot, None
        self.auto_shown = None
        self.shown_seat, self.choosing, self.zoom, self.history, self.watcher = None, False, 1.0, None, None

    def _replay(self, rec):
        # engine.replay, but through the injectable module loader. A record of an older rules
        # version goes to the frozen engine that plays it, or gets a clear message (engine/versions.py).
        if isinstance(rec, dict) and "engine" in rec and not versions.is_current(rec["engine"]):
            return versions.load(rec)
        check_record_shape(rec)
        game_spec(rec["game"], RecordError)  # a clear message for a game this build does not have
        return self._module(rec["game"], RecordError).replay(rec)

    def _record_module(self, rec):
        """The engine module that plays ``rec`` (the current one, or a frozen older version)."""
        if not versions.is_current(rec.get("engine")):
            return versions.spec_for(rec["game"], rec["engine"]).engine()
        return self._module(rec["game"], RecordError)

    def _game_module(self, game):
        """The engine module ``game`` comes from (History and replays use the same rules)."""
        if versions.package_of(game) != versions.CURRENT:
            return versions.module_of(game)
        return self._module(game.GAME_NAME, RecordError)

    def _module(self, name, error):
        try:
            module = self.load_module(name)
        except ImportError:
            module = None
        if not hasattr(module, "new_game"):
            raise error(t("app.err.game_missing", game=tr(game_spec(name, error).title)))
        return module

    @staticmethod
    def _check_setup(rec):
        """A current-rules record's options against its game's, said in a player's words (a
        Barcelona record whose ``game`` says strasbourg, a value the game does not offer). Older
        rules versions go to their own frozen engine; an unknown game is _replay's to report."""
        options, game = rec.get("options"), rec.get("game")
        if not isinstance(options, dict) or not versions.is_current(rec.get("engine")):
            return
        try:
            spec = game_spec(game, RecordError)
        except RecordError:
            return
        known = {o.name: o for o in spec.options}
        for name, value in options.items():
            if name not in known:
                other = next((g for g in games() if g.name != spec.name and name in (o.name for o in g.options)), None)
                if other is not None:
                    raise RecordError(t("app.err.record_other_game", game=tr(spec.title), other=tr(other.title),
                                        option=quote(name, 20)))
                raise RecordError(t("app.err.record_setup_unknown", game=tr(spec.title), option=quote(name, 20)))
            if option_value(spec, known[name], value) is None:
                raise RecordError(t("app.err.record_setup_value", game=tr(spec.title), option=quote(name, 20),
                                    value=quote(str(value), 20), choices=_or_list(map(str, known[name].choices))))

    @staticmethod
    def _check_meta(meta, players, game=None):
        if not isinstance(meta, dict):
            raise RecordError(t("app.err.meta"))
        n = len(players) if isinstance(players, list) else 0
        hidden = meta.get("hidden", False)
        if not isinstance(hidden, bool):
            raise RecordError(t("app.err.meta_hidden"))
        colours = meta.get("colours", list(DEFAULT_COLOURS[:n]))
        if (not isinstance(colours, list) or len(colours) < n or len(set(colours[:n])) != n
                or any(c not in PALETTE for c in colours[:n])):
            raise RecordError(t("app.err.meta_colours"))
        # Saves from before computer seats have no "bots": every seat is a person.
        bots = _check_bots(meta.get("bots", []), n, RecordError)
        # Computer levels (str seat -> level); saves from before levels play at the default level.
        try:
            spec = game_spec(game, RecordError)
        except RecordError:
            spec = None  # the record's game is unknown: _replay says so
        levels = _check_levels(meta.get("bot_levels", {}), bots, spec, RecordError) if spec else {}
        return {"hidden": hidden, "colours": list(colours[:n]), "bots": bots,
                "bot_levels": {str(seat): level for seat, level in levels.items()},
                "bot_speed": _check_speed(meta.get("bot_speed"), RecordError)}

    # ----- turn flow: preview, confirm, end of turn, last moves (web/turnflow.py) ---------------------
    @property
    def bot_delay(self):
        """ms before a computer seat decides: URL ``botdelay=`` if given, else the game's speed."""
        if self._bot_delay is not None:
            return self._bot_delay
        return BOT_SPEEDS.get(self.meta.get("bot_speed"), BOT_DELAY)

    @bot_delay.setter
    def bot_delay(self, ms):
        self._bot_delay = ms

    def load_prefs(self, text):
        """Device settings from localStorage ``euro:settings`` (JSON), read through web/limits
        (size and depth checked before json.loads: a ``[[[[...`` value would overflow the stack).
        Anything odd is ignored; a value that is not a JSON object at all is dropped: returns
        False then (main.py removes it and the page says so once), else True."""
        if not text:
            return True
        try:
            data = parse_json(text, N_("app.what.settings"))
        except ValueError:
            data = None
        if not isinstance(data, dict):
            self.prefs_note = True
            return False
        for key in ("confirm", "wakelock"):
            if isinstance(data.get(key), bool):
                self.prefs[key] = data[key]
        lang = data.get("lang")
        if isinstance(lang, str) and i18n.normalize(lang) in i18n.LANGUAGES:   # the language picked last (never the pseudo-locale)
            self.prefs["lang"] = i18n.normalize(lang)
        return True

    def set_language(self, lang, keep=True):
        """Speak ``lang`` from now on (the picker, a ``lang=`` link, the browser's languages):
        every text is translated at the next redraw; the game and its record are unchanged.
        ``keep``: remember it in the device settings (the picker); a link's lang= is not stored.
        Default player names nobody typed follow the language on the form."""
        old = [default_name(i) for i in range(MAX_SEATS)]
        old_bots = [computer_name(i) for i in range(MAX_SEATS)]
        lang = i18n.activate(lang)
        if keep:
            self.prefs["lang"] = lang
        names = self.form.get("names") or []
        self.form["names"] = [default_name(i) if i < len(old) and n == old[i] else
                              computer_name(i) if i < len(old_bots) and n == old_bots[i] else n
                              for i, n in enumerate(names)]
        return lang

    def prefs_text(self):
        return json.dumps(self.prefs)

    def set_confirm(self, on):
        self.prefs["confirm"] = bool(on)
        self._selected = None

    def toggle_help(self):
        self.help_open = not self.help_open

    def _turn_words(self, name=None):
        """The game's turn-flow words and player aid (``<renderer package>.help``), else {}."""
        name = name or self.game.GAME_NAME
        try:
            module = importlib.import_module(game_spec(name).renderer + ".help")
        except (ImportError, ValueError):
            return {}
        return {k: getattr(module, k) for k in dir(module) if k.isupper()}

    def help_module(self, name):
        """The renderer's help module (legend(), RULES, TUTORIAL), or None."""
        try:
            return importlib.import_module(game_spec(name).renderer + ".help")
        except (ImportError, ValueError):
            return None

    @property
    def selection(self):
        """The selected (not yet confirmed) action id for the position on screen, else None."""
        if self._selected is None or self.screen != "play" or self._selected[0] != self._position():
            return None
        return self._selected[1]

    def preview(self, aid=None):
        """turnflow.Preview of ``aid`` (default: the selection), computed on masked copies; cached
        per position. None when nothing is selected."""
        from . import turnflow
        aid = aid or self.selection
        if aid is None:
            return None
        key = (self._position(), aid)
        if key not in self._previews:
            self._previews = {k: v for k, v in self._previews.items() if k[0] == key[0]}
            self._previews[key] = turnflow.preview(self.game, aid, self._turn_words())
        return self._previews[key]

    def needs_confirm(self, aid):
        """Whether a tap on ``aid`` only selects it (Confirm / End turn plays it). One tap plays a
        move, except what Undo could not take back: a move that reveals something mid-turn (unless
        its button says it draws: the game's ``DRAW_KINDS``, e.g. Strasbourg's "Draw a card"), the
        end of the game, and the end of a turn that had moves Undo could still take back (a turn of
        one decision has nothing to lock in but the tap itself; the game's own end-turn button,
        ``end_turn_buttons``, is its confirmation). "Confirm every move" asks always."""
        if self.prefs["confirm"]:
            return True
        p = self.preview(aid)
        if p.game_over:
            return True
        if p.reveals:
            return aid.split(":", 1)[0] not in (self._turn_words().get("DRAW_KINDS") or ())
        return p.ends_turn and self.game.can_undo() and aid not in self.end_turn_buttons()

    def end_turn_buttons(self):
        """The legal actions that are the turn's own "end turn" button right now (the game's
        ``END_TURN_IDS``, e.g. Barcelona's "Finish actions" when no building step follows): the
        tap is the confirmation, the decision bar marks the button (class end-turn, key E)."""
        if self.screen != "play" or self.game is None:
            return set()
        ids = set(self._turn_words().get("END_TURN_IDS") or ()) & {a.id for a in self.game.legal_actions()}
        return {aid for aid in ids if self.preview(aid).ends_turn}

    def select(self, aid):
        if self.screen != "play":
            raise SetupError(t("app.err.no_decision"))
        if aid not in {a.id for a in self.game.legal_actions()}:
            raise SetupError(t("app.err.not_possible"))
        self._selected = (self._position(), aid)

    def tap(self, aid):
        """A tap on a game action (board target or button): select it, or play it when it is
        already selected or needs no confirmation. True when the move was made."""
        if self.selection == aid or not self.needs_confirm(aid):
            self.apply(aid)
            self._selected = None
            return True
        self.select(aid)
        return False

    def confirm(self):
        aid = self.selection
        if aid is None:
            raise SetupError(t("app.err.nothing_selected"))
        self.apply(aid)
        self._selected = None

    def cancel(self):
        self._selected = None

    def _tracked(self, seat, apply):
        """Run ``apply`` (one engine action by ``seat``) and remember who made it."""
        actors = self.actors()
        turns, steps = self._auto_turns(), len(self.auto_steps())
        apply()
        if self._auto_turns() != turns:
            self.auto_shown = 1                 # his first step at once
        elif turns is not None and len(self.auto_steps()) > steps:
            self.auto_shown = steps + 1         # his turn went on after a decision inside it
        else:
            self.auto_shown = None
        self._selected = None
        g = self.game
        if len(g.actions) == len(actors) + 1:
            self._actors = (self._actors[0], list(g.actions), actors + [seat])
            self.just_played = [(seat, g.actions[-1])]
        else:
            self._actors = None

    def actors(self):
        """The seat that made each action of the game on screen (cached; after Undo the list is
        cut; a loaded or embedded game is replayed step by step once)."""
        from . import turnflow
        g = self.game
        key = (g.GAME_NAME, g.seed, tuple(g.names))
        c = self._actors
        if c is not None and c[0] == key:
            if c[1] == g.actions:
                return list(c[2])
            if len(g.actions) < len(c[1]) and c[1][:len(g.actions)] == g.actions:
                self._actors = (key, list(g.actions), c[2][:len(g.actions)])
                return list(self._actors[2])
        actors = turnflow.replay_actors(g.record(), self._game_module(g))
        self._actors = (key, list(g.actions), actors)
        return list(actors)

    def last_moves(self, viewer="screen", log=None):
        """{seat: [ids]} for the renderer's ``lastmove``: each seat's latest turn, as far as the
        viewer (default: the seat on screen; None = public) may see it. ``log``: that viewer's
        ``view(viewer)["log"]`` if the caller has it already."""
        from . import turnflow
        if self.game is None or not self.game.actions:
            return {}
        viewer = self.viewer if viewer == "screen" else viewer
        g = self.game
        log = g.view(viewer).get("log", []) if log is None else log
        return turnflow.last_moves(g.actions, self.actors(), log, viewer=viewer,
                                   current=g.current_player,
                                   secret_kinds=tuple(self._turn_words().get("SECRET_ID_KINDS") or ()))

    def handoff_summary(self):
        """(log entries, older count): what the others did since the incoming seat's last action,
        from the public log (the device is between players)."""
        from . import turnflow
        if self.screen != "handoff":
            return [], 0
        return turnflow.since_last_turn(self.game.view(None).get("log", []), self.actors(),
                                        self.game.current_player)

    def turn_highlights(self, view=None):
        """The board's selected= and lastmove= for the screen on show (no marks in history).
        ``view``: the view on screen (its log decides which marks the viewer may see)."""
        if self.game is None or self.screen not in ("play", "bot", "over"):
            return {}
        if view is not None and view.get("seat") != self.viewer:
            return {}  # not the live view on screen (a caller's own view): no marks
        out = {"lastmove": self.last_moves(log=None if view is None else view.get("log", []))}
        auto = (view or {}).get("gaudi")
        if auto:    # the non-player opponent's marks: the steps of his last turn shown so far
            out["lastmove"][auto["seat"]] = [x["mark"] for x in auto["last_turn"] if x.get("mark")]
        if self.selection is not None:
            out["selected"] = self.selection
        return out

    # ----- save slots (pure model; web/store.js does the IndexedDB writes, main.py the calls) -----
    def slot_summary(self, date):
        """What the saved-games list shows for the game on screen (stored beside its record)."""
        g = self.game
        return {"id": self.slot, "game": g.GAME_NAME, "players": list(g.names), "date": str(date)[:40],
                "moves": len(g.actions), "over": bool(g.is_over), "bots": list(self.meta["bots"])}

    def saved(self, ok, summary=None, problem=""):
        """main.py reports a write: ok -> the summary is listed (newest first) and a storage
        problem clears; not ok -> the game stays in memory and the problem is shown until a later
        write (after the next move) succeeds. Returns True when the storage note appears or goes
        (the list is on the new-game screen only, which is redrawn when opened)."""
        before = self.store_problem
        if ok:
            self.store_problem = ""
            if summary is not None:
                self.slots = [summary] + [x for x in self.slots if x.get("id") != summary.get("id")]
        else:
            self.store_problem = problem or STORAGE_FULL
        return before != self.store_problem

    def set_slots(self, summaries):
        """The list read from the store at start-up: only well-formed entries, newest first."""
        good = [x for x in summaries if valid_summary(x)]
        self.slots = sorted(good, key=lambda x: x["date"], reverse=True)

    def ask(self, what, slot=None, pending=None):
        """Put a question on the new-game screen (answered by ui:confirm-yes / ui:confirm-no)."""
        if what in ("delete", "resume") and not any(x["id"] == slot for x in self.slots):
            raise SetupError(t("app.err.slot_gone"))
        self.question, self.pending, self.choosing = (what, slot), pending, True

    def answer(self, yes):
        """-> (what, slot, pending) to go ahead with, or None after "no" (nothing changes)."""
        question, pending = self.question, self.pending
        self.question = self.pending = None
        if not yes or question is None:
            return None
        return question[0], question[1], pending

    def at_risk(self):
        """A game in progress that is NOT safely stored (writes failing, storage blocked, or its
        slot played in another tab): replacing it on screen would lose it, so New game / Import
        ask first, and leaving the page asks too. A stored game stays in its slot anyway."""
        if self.game is None or self.embed is not None or self.game.is_over:
            return False
        if self.store_blocked:  # nothing is ever stored: a game with moves is at risk
            return len(self.game.actions) > 0
        return bool(self.store_problem or self.elsewhere)

    def set_blocked(self):
        """Storage is blocked (web/store.js probe): the page says once that games are not kept."""
        self.store_blocked = True
        self.store_problem = STORAGE_BLOCKED

    def open_elsewhere(self, slot):
        """Another tab plays ``slot`` (it took the slot's lock, or stored a newer save): when that
        is the game on screen, nothing is written until the player takes it over or goes on with
        a copy (the question on the new-game screen). Returns True when asked."""
        if slot is None or slot != self.slot or self.embed is not None:
            return False
        self.elsewhere = slot
        self.question, self.pending, self.choosing = ("elsewhere", slot), None, True
        return True

    def play_as_copy(self):
        """Go on with the game on screen as a copy: the next save makes a NEW slot."""
        self.elsewhere, self.slot, self.question, self.pending = None, None, None, None
        self.choosing = self.game is None

    def taken_over(self):
        """This tab holds the slot again (the newest save of it is loaded by main.py)."""
        self.elsewhere, self.question, self.pending = None, None, None
        self.choosing = self.game is None

    def forget_slot(self, slot):
        """After a delete: drop it from the list; deleting the game on screen discards it."""
        self.slots = [x for x in self.slots if x["id"] != slot]
        if self.slot == slot:
            self.game, self.slot, self.choosing, self.history = None, None, True, None


STORAGE_FULL = N_("app.storage.full")   # a message key: shown with tr() (panels.storage_notes)
STORAGE_BLOCKED = N_("app.storage.blocked")
SLOT_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


def valid_slot_id(slot):
    return isinstance(slot, str) and 0 < len(slot) <= 40 and set(slot) <= SLOT_ID_CHARS


def valid_summary(x):
    """A summary read back from storage is data from outside too: check every field."""
    return (isinstance(x, dict) and valid_slot_id(x.get("id")) and isinstance(x.get("game"), str)
            and len(x["game"]) <= 40 and isinstance(x.get("players"), list) and len(x["players"]) <= 8
            and all(isinstance(p, str) and len(p) <= MAX_NAME for p in x["players"])
            and isinstance(x.get("date"), str) and len(x["date"]) <= 40
            and isinstance(x.get("moves"), int) and not isinstance(x["moves"], bool)
            and isinstance(x.get("over"), bool))
