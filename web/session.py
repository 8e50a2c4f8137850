"""The app model, pure Python (no js/pyscript imports) so it is unit-tested in CPython.

It owns the current game, which seat's view is on screen (hidden hands), the
new-game form, undo, the autosave/export payload and import validation, the read-only
history browser (web/history.py) and embed mode (``?embed=1&record=...``).
main.py only turns DOM events into calls here and writes panels.screen() out.
"""
import importlib
import inspect
import json
from urllib.parse import parse_qsl

import engine
from engine.core.errors import RecordError
from engine.core.record import check_record_shape

from .limits import MAX_QUERY, check_record_fields, excerpt, parse_int, parse_json, quote
from .history import History, embed_query, is_embed_query, parse_embed_query  # noqa: F401 (re-exported)

SAVE_KEY = "euro:current"

# Static so the new-game form can be drawn before (or without) importing an engine.
GAMES = {
    "barcelona": {"label": "Barcelona", "players": (2, 3, 4), "options": {"layout": ("printed", "shuffled")}},
    "strasbourg": {"label": "Strasbourg", "players": (3, 4, 5), "options": {}},
}

# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
PALETTE = {
    "#E69F00": "orange", "#56B4E9": "sky blue", "#009E73": "green", "#F0E442": "yellow",
    "#0072B2": "blue", "#D55E00": "vermillion", "#CC79A7": "purple", "#000000": "black",
}
DEFAULT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00"]
# A letter and a shape per seat, so seats never rely on colour alone.
SEAT_MARKS = [("A", "circle"), ("B", "square"), ("C", "triangle"), ("D", "diamond"), ("E", "hexagon")]
MAX_NAME = 24
# Board zoom: 1.0 = fit the board to the width of its area (never below the width at which its
# tap targets are 44 CSS px, see panels.board_min_px); below 1.0 shows more of the board at once.
ZOOMS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


class SetupError(ValueError):
    """Bad new-game settings (form, URL or saved meta); the message is shown to the user."""


def default_form(game="barcelona"):
    info = GAMES[game]
    n = info["players"][1] if len(info["players"]) > 1 else info["players"][0]
    return {"game": game, "players": n, "names": [f"Player {i + 1}" for i in range(5)],
            "colours": list(DEFAULT_COLOURS), "layout": "printed", "hidden": False, "bots": []}


def _check_bots(bots, n, error):
    """Seats played by the computer: distinct seat numbers (0-based) with at least one human seat left.
    At least one person must play: the app is a pass-and-play board (someone has to own the screen,
    the autosave and Undo), and a game of computers only would play itself out with nobody watching."""
    if not isinstance(bots, (list, tuple)) or any(not isinstance(b, int) or isinstance(b, bool) for b in bots):
        raise error("computer seats must be a list of seat numbers")
    if len(set(bots)) != len(bots) or any(not 0 <= b < n for b in bots):
        raise error(f"computer seats must be different seat numbers from 0 to {n - 1}")
    if n and len(bots) >= n:
        raise error("at least one seat must be played by a person")
    return sorted(bots)


def _check_names(names, n):
    out = []
    for i, name in enumerate(names[:n]):
        name = " ".join(str(name).split())[:MAX_NAME]
        out.append(name or f"Player {i + 1}")
    if len(set(out)) != len(out):
        raise SetupError("each player needs a different name")
    return out


def check_settings(s):
    """Validate a settings dict (game, players, names, colours, layout, hidden, bots); return a clean copy."""
    game = s.get("game")
    if game not in GAMES:
        raise SetupError(f"unknown game {quote(game, 30)}; choose {' or '.join(GAMES)}")
    counts = GAMES[game]["players"]
    n = s.get("players")
    if not isinstance(n, int) or isinstance(n, bool) or n not in counts:
        raise SetupError(f"{GAMES[game]['label']} is for {counts[0]}-{counts[-1]} players, not {n!r}")
    names = list(s.get("names") or [])
    names += [f"Player {i + 1}" for i in range(len(names), n)]
    colours = list(s.get("colours") or DEFAULT_COLOURS)
    colours += [c for c in DEFAULT_COLOURS if c not in colours]
    colours = colours[:n]
    if any(c not in PALETTE for c in colours):
        raise SetupError("seat colours must come from the palette")
    if len(set(colours)) != n:
        raise SetupError("each player needs a different colour")
    layout = s.get("layout", "printed")
    if layout not in ("printed", "shuffled"):
        raise SetupError("layout must be printed or shuffled")
    bots = _check_bots(list(s.get("bots") or []), n, SetupError)
    return {"game": game, "players": n, "names": _check_names(names, n), "colours": colours,
            "layout": layout, "hidden": bool(s.get("hidden")), "bots": bots}


def settings_from_form(fields):
    """Form fields (name -> string, as main.py reads them) -> settings dict (unchecked)."""
    game = fields.get("game", "barcelona")
    try:
        n = int(fields.get("players", ""))
    except ValueError:
        n = None
    return {"game": game, "players": n,
            "names": [fields.get(f"name{i}", "") for i in range(5)],
            "colours": [fields.get(f"colour{i}", "") for i in range(5)],
            "layout": fields.get("layout", "printed"),
            "hidden": fields.get("hidden", "") not in ("", "0", "false"),
            "bots": [i for i in range(n if isinstance(n, int) else 0) if fields.get(f"kind{i}") == "bot"]}


def settings_from_query(query):
    """URL query -> (settings, seed) to start directly, or (None, None) if no game is asked for.
    Raises SetupError with a readable message on anything odd."""
    if len(query) > MAX_QUERY:
        raise SetupError("the URL is too long")
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    if not pairs:
        return None, None
    known = {"game", "players", "seed", "names", "hidden", "layout", "bots", "botdelay"}
    params = {}
    for key, value in pairs:
        if key not in known:
            raise SetupError(f"unknown URL parameter {quote(key, 30)} (known: {', '.join(sorted(known))})")
        if key in params:
            raise SetupError(f"URL parameter {quote(key, 30)} is given twice")
        params[key] = value
    if "botdelay" in params:
        bot_delay_from_query(query)  # a clear message for a bad value
        if set(params) == {"botdelay"}:
            return None, None
    if "game" not in params:
        raise SetupError("the URL needs game=barcelona or game=strasbourg")
    game = params["game"]
    if game not in GAMES:
        raise SetupError(f"unknown game {quote(game, 30)} in the URL; choose {' or '.join(GAMES)}")
    names = [x for x in params["names"].split(",")] if "names" in params else []
    if "players" in params:
        n = parse_int(params["players"], "players", error=SetupError)
    else:
        n = len(names) if names else default_form(game)["players"]
    if names and len(names) != n:
        raise SetupError(f"names= lists {len(names)} names but players={n}")
    seed = None
    if "seed" in params:
        seed = parse_int(params["seed"], "seed", error=SetupError)
    if params.get("hidden", "0") not in ("0", "1"):
        raise SetupError("hidden= must be 0 or 1")
    if "layout" in params and "layout" not in GAMES[game]["options"]:
        raise SetupError(f"layout= applies only to Barcelona, not {GAMES[game]['label']}")
    bots = []
    if params.get("bots"):
        if len(params["bots"]) > 20 or not all(x.strip().isdigit() for x in params["bots"].split(",")):
            raise SetupError(f"bots={quote(params['bots'], 30)} must list seat numbers, e.g. bots=1,2")
        bots = [int(x) for x in params["bots"].split(",")]
    settings = {"game": game, "players": n, "names": names, "layout": params.get("layout", "printed"),
                "hidden": params.get("hidden") == "1", "bots": bots}
    return check_settings(settings), seed


BOT_DELAY = 500       # ms between a computer's decisions, so a person can follow them
MAX_BOT_DELAY = 5000


def bot_delay_from_query(query):
    """``botdelay=MS`` in the URL (a test/demo knob, not saved) -> int ms, or None if absent."""
    values = [v for k, v in parse_qsl(query.lstrip("?"), keep_blank_values=True) if k == "botdelay"]
    if not values:
        return None
    if not values[-1].strip().isdigit() or len(values[-1].strip()) > 6:
        raise SetupError(f"botdelay={quote(values[-1], 30)} is not a whole number of milliseconds (0-{MAX_BOT_DELAY})")
    ms = int(values[-1])
    if not 0 <= ms <= MAX_BOT_DELAY:
        raise SetupError(f"botdelay must be 0-{MAX_BOT_DELAY} ms")
    return ms


class Session:
    suggest = None  # game -> Action or None; None means web.hints.suggest (tests swap in a stub)

    def __init__(self, load_module=None, load_renderer=None):
        # Injectable so tests can run the shell on a fake game before the engines land.
        self.load_module = load_module or engine.game_module
        self.load_renderer = load_renderer or (lambda g: importlib.import_module(f"web.render_{g}"))
        self.game = None
        self.meta = {"hidden": False, "colours": list(DEFAULT_COLOURS), "bots": []}
        self.shown_seat = None      # seat whose hand the device was last handed to
        self.watcher = None         # hidden hands off: the person whose view is shown while computers play
        self.bot_delay = BOT_DELAY  # ms before a computer decides (main.py's timer; URL botdelay=)
        self.choosing = True        # new-game screen on top
        self.form = default_form()
        self.message = ""
        self.zoom = 1.0
        self.panel_open = False     # tablet: the scores/log drawer
        self._hint = None           # (position key, Action) from request_hint()
        self.history = None         # web.history.History while browsing (read-only)
        self.embed = None           # embed mode: {"controls", "play", "record", "step"}; see open_embed
        # Save slots (web/store.js keeps them in IndexedDB; see "save slots" below).
        self.slot = None            # id of the slot the game on screen is saved in; None = a new slot
        self.slots = []             # summaries of the saved games (slot_summary dicts), newest first
        self.store_problem = ""     # set while writes fail: the game on screen lives only in memory
        self.damaged = None         # a saved text that could not be restored, kept aside (download)
        self.confirm = None         # a pending question: ("delete", slot id) / ("start"|"import", None)
        self.pending = None         # what "yes" to that question goes ahead with (import text)

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
        return self.game.view(self.viewer)

    def legal_actions(self):
        return self.game.legal_actions() if self.screen == "play" else []

    def board(self, view, legal):
        """(svg, ids drawn on the board); ("", set()) when the game has no renderer yet."""
        try:
            module = self.load_renderer(view["game"])
        except ImportError:
            return "", set()
        # Renderers may take the seat colours chosen in the form (optional third argument).
        extra = {"colours": list(self.meta["colours"])} if "colours" in inspect.signature(module.render).parameters else {}
        svg, drawn = module.render(view, legal, **extra)
        return svg, set(drawn)

    def available(self):
        """game name -> None if its engine imports, else why not (shown in the form)."""
        out = {}
        for name in GAMES:
            try:
                # A package still being written imports as a namespace package without new_game.
                out[name] = None if hasattr(self.load_module(name), "new_game") else "not available yet"
            except ImportError as e:
                out[name] = f"not available yet ({e.__class__.__name__})"
            except Exception as e:  # a broken engine must not break the form
                out[name] = f"engine failed to load: {e}"
        return out

    # ----- moves ------------------------------------------------------------------
    def start(self, settings, seed):
        s = check_settings(settings)
        options = {"layout": s["layout"]} if "layout" in GAMES[s["game"]]["options"] else {}
        module = self._module(s["game"], SetupError)
        game = module.new_game(s["names"], seed, **options)
        self.game, self.meta = game, {"hidden": s["hidden"], "colours": s["colours"], "bots": s["bots"]}
        self.slot, self.confirm = None, None  # a new game gets a NEW slot: the one it replaces stays saved
        self.shown_seat, self.choosing, self.zoom, self.history, self.watcher = None, False, 1.0, None, None
        self.form = dict(s, names=s["names"] + default_form()["names"][len(s["names"]):])

    def apply(self, action_id):
        if self.screen != "play":
            raise SetupError("no decision is pending on this screen")
        seat = self.game.current_player
        self.game.apply(action_id)  # IllegalAction leaves the game unchanged
        self.watcher = seat

    # ----- computer seats ----------------------------------------------------------------
    def bot_to_move(self):
        """The computer seat that must decide now (main.py then calls play_bot_move after a
        short delay), else None: a person decides, the game is over, or another screen is up
        (new-game form, history) which pauses the computers."""
        return self.game.current_player if self.screen == "bot" else None

    def play_bot_move(self):
        """Let the computer seat on move decide and apply its choice; returns the Action.
        The choice is web/hints.suggest: the engine's bot on a copy of the game in which every
        secret of the other seats is masked, so it cannot use what it may not see. (A game with
        no bot, e.g. the tests' stand-in, falls back to the first legal action.)"""
        if self.screen != "bot":
            raise SetupError("no computer seat is to move")
        suggest = self.suggest
        if suggest is None:
            from .hints import suggest
        action = suggest(self.game) or self.game.legal_actions()[0]
        self.game.apply(action.id)
        return action

    def undo(self):
        if self.screen != "play" or not self.game.can_undo():
            raise SetupError("nothing to undo here")
        self.game = self.game.undo()

    def can_undo(self):
        return self.screen == "play" and self.game.can_undo()

    def handoff_ok(self):
        if self.screen == "handoff":
            self.shown_seat = self.game.current_player

    def new_game_screen(self):
        if self.embed is None:  # an embedded board has no new-game screen
            self.history, self.choosing = None, True

    def refresh_form(self, fields):
        """Redraw input: the form changed game or player count; keep what was typed."""
        s = settings_from_form(fields)
        game = s["game"] if s["game"] in GAMES else self.form["game"]
        form = default_form(game)
        if game == self.form["game"] and s["players"] in GAMES[game]["players"]:
            form["players"] = s["players"]
        for i in range(5):
            form["names"][i] = s["names"][i] or self.form["names"][i]
            form["colours"][i] = s["colours"][i] if s["colours"][i] in PALETTE else self.form["colours"][i]
        form["layout"] = s["layout"] if s["layout"] in ("printed", "shuffled") else "printed"
        form["hidden"] = s["hidden"]
        kinds = [fields.get(f"kind{i}") for i in range(5)]
        form["bots"] = [i for i in range(form["players"])
                        if kinds[i] == "bot" or (kinds[i] is None and i in self.form.get("bots", []))]
        if len(form["bots"]) >= form["players"]:
            form["bots"] = form["bots"][1:]  # keep a person at the first computer seat
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
            raise SetupError("no decision is pending on this screen")
        suggest = self.suggest
        if suggest is None:
            from .hints import suggest
        action = suggest(self.game)
        if action is None:
            raise SetupError("no hint for this decision")
        self._hint = (self._position(), action)

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
            raise SetupError("history is not available on this screen")
        self.history = History(self.game.record(), self._module(self.game.GAME_NAME, RecordError),
                               hidden=self.meta["hidden"], bots=self.meta["bots"])

    def hist_step(self, where):
        """``where``: -1/+1 a step, "first" or "last"."""
        h = self.history
        if h is None:
            raise SetupError("not browsing the history")
        if self.embed is not None and not self.embed["controls"]:
            raise SetupError("this embedded board has no step controls")
        {-1: h.prev, 1: h.next, "first": h.first, "last": h.last}[where]()

    def close_history(self):
        """Back to the live game, exactly as it was (history never changes it)."""
        if self.embed is not None and not self.embed["play"]:
            raise SetupError("this embedded board only shows the record")
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
        meta = self._check_meta(rec.get("meta", {}), rec.get("players"))
        game = self._replay(rec)  # every action id must be legal: a tampered record stops here
        self.embed = {"controls": spec["controls"], "play": spec["play"], "record": rec, "step": spec["step"]}
        meta["bots"] = []  # an embedded board (tutorial) is played by its reader at every seat
        self.meta, self.shown_seat, self.zoom = meta, None, 1.0
        self._embed_position(game)

    def _embed_position(self, full_game):
        rec, step = self.embed["record"], self.embed["step"]
        module = self._module(rec["game"], RecordError)
        history = History(rec, module, hidden=self.meta["hidden"], step=step)
        if self.embed["play"]:
            self.game, self.history = history.game_at(step).clone(), None
        else:
            self.game, self.history = full_game, history

    def embed_reset(self):
        """play=1: back to the embedded position."""
        if self.embed is None or not self.embed["play"] or "record" not in self.embed:
            raise SetupError("nothing to reset")
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
            raise SetupError("an embedded board cannot load another game")
        rec = parse_json(text, "game record")  # size and depth checked before json.loads
        check_record_fields(rec)
        meta = self._check_meta(rec.get("meta", {}), rec.get("players"))
        game = self._replay(rec)
        self.game, self.meta, self.slot, self.confirm = game, meta, slot, None
        self.shown_seat, self.choosing, self.zoom, self.history, self.watcher = None, False, 1.0, None, None

    def _replay(self, rec):
        # engine.replay, but through the injectable module loader.
        check_record_shape(rec)
        if rec["game"] not in GAMES:
            raise RecordError(f"unknown game {quote(rec['game'], 30)}")
        return self._module(rec["game"], RecordError).replay(rec)

    def _module(self, name, error):
        try:
            module = self.load_module(name)
        except ImportError:
            module = None
        if not hasattr(module, "new_game"):
            raise error(f"{GAMES[name]['label']} is not available in this build")
        return module

    @staticmethod
    def _check_meta(meta, players):
        if not isinstance(meta, dict):
            raise RecordError("record 'meta' must be an object")
        n = len(players) if isinstance(players, list) else 0
        hidden = meta.get("hidden", False)
        if not isinstance(hidden, bool):
            raise RecordError("record meta 'hidden' must be true or false")
        colours = meta.get("colours", DEFAULT_COLOURS[:n])
        if (not isinstance(colours, list) or len(colours) < n or len(set(colours[:n])) != n
                or any(c not in PALETTE for c in colours[:n])):
            raise RecordError("record meta 'colours' must list a different palette colour per player")
        # Saves from before computer seats have no "bots": every seat is a person.
        bots = _check_bots(meta.get("bots", []), n, RecordError)
        return {"hidden": hidden, "colours": list(colours[:n]), "bots": bots}

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
            raise SetupError("that saved game is gone already")
        self.confirm, self.pending, self.choosing = (what, slot), pending, True

    def answer(self, yes):
        """-> (what, slot, pending) to go ahead with, or None after "no" (nothing changes)."""
        question, pending = self.confirm, self.pending
        self.confirm = self.pending = None
        if not yes or question is None:
            return None
        return question[0], question[1], pending

    def at_risk(self):
        """A game in progress that is NOT safely stored (writes failing): replacing it on screen
        would lose it, so New game / Import ask first. A stored game stays in its slot anyway."""
        return self.game is not None and self.embed is None and bool(self.store_problem) and not self.game.is_over

    def forget_slot(self, slot):
        """After a delete: drop it from the list; deleting the game on screen discards it."""
        self.slots = [x for x in self.slots if x["id"] != slot]
        if self.slot == slot:
            self.game, self.slot, self.choosing, self.history = None, None, True, None


STORAGE_FULL = "This browser's storage is full: export this game or free space."
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
