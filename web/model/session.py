"""The app model, pure Python (no js/pyscript imports) so it is unit-tested in CPython.

``Session`` is the state main.py drives: the current game, which seat's view is on screen (hidden
hands, the hand-off), the new-game form, undo, zoom, the table's two-step picks and inspector, and
the autosave/export payload. Its other jobs are parts in their own modules, each on the same state:

- computer seats: web/model/computer_seats.py (SeatsPart; its clock, Scheduler, is main.py's);
- the Hint button: web/model/hints.py (HintsPart);
- History and embed mode: web/model/browse.py (BrowsePart);
- device settings and the language: web/model/prefs.py (PrefsPart);
- the turn flow (select, preview, confirm, last moves): web/model/turnflow.py (TurnFlowPart);
- save slots: web/model/slots.py (SlotsPart).

Settings and links are checked in web/model/settings.py and web/model/links.py, records opened in
web/model/open_record.py, the registry read through web/model/games.py. This module re-exports their public
names (``from web.model.session import settings_from_query`` keeps working).
main.py only turns DOM events into calls here and writes panels.screen() out.
No game is named in this file: a game registered by a test plays here unchanged.
"""

import importlib
import json

from engine import versions
from engine.core.errors import IllegalAction, RecordError  # noqa: F401 (re-exported: tests catch them here)
from engine.core.msg import N_

from web.model.banners import Queue
from web.model import a11y
from web.base import renderer as renderer_api
from web.model.browse import BrowsePart
from web.model.computer_seats import BOT_BUDGET, WORKER_DOWN, SeatsPart  # noqa: F401 (re-exported)
from web.model.games import (  # noqa: F401
    MAX_NAME,
    MAX_SEATS,
    PALETTE,
    SetupError,
    bot_levels,
    computer_name,
    default_level,
    default_name,
    game_spec,
    games,
    option_value,
)
from web.model.hints import HINT_LEVEL, HintsPart  # noqa: F401 (re-exported)
from web.i18n import t
from web.model.history import (  # noqa: F401 (re-exported)
    History,
    embed_query,
    is_embed_query,
    parse_embed_query,
    position_links,
)
from web.model.limits import check_record_fields, parse_json
from web.model.links import (  # noqa: F401
    KNOBS,
    MAX_BOT_BUDGET,
    MAX_BOT_DELAY,
    SHELL_PARAMS,
    bot_budget_from_query,
    bot_delay_from_query,
    link_notes,
    settings_from_query,
)
from web.model.open_record import engine_for, open_record, registry_engine
from web.model.prefs import PREFS_KEY, PrefsPart  # noqa: F401 (re-exported)
from web.kit.seats import (  # noqa: F401 (one home for seat colours and marks: web/kit/seats.py)
    DEFAULT_COLOURS,
    SEAT_MARKS,
)
from web.model.settings import (  # noqa: F401
    BOT_DELAY,
    BOT_SPEEDS,
    DEFAULT_SPEED,
    FORM_PREFIXES,
    check_settings,
    default_form,
    pad_colours,
    refreshed_form,
    settings_from_form,
)
from web.model.slots import (  # noqa: F401
    SAVE_KEY,
    STORAGE_BLOCKED,
    STORAGE_FULL,
    SlotsPart,
    valid_slot_id,
    valid_summary,
)
from web.model.turnflow import TurnFlowPart

# Board zoom: 1.0 = fit the board to the width of its area (never below the width at which its
# tap targets are 44 CSS px, see panels.board_min_px); below 1.0 shows more of the board at once.
ZOOMS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


def as_of_step(view, shown):
    """The view while the first ``shown`` steps of a non-player opponent's turn are on screen
    (a solo game's non-player opponent, view["gaudi"]["last_turn"]): only those steps, only the log up to the
    last of them, and every region as it stood after it. Each step's ``table`` holds the view
    parts that the step changed (the first step: all of them; the game engine's solo module
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
        return [dict(a, **b) for a, b in zip(live, part)] + live[len(part) :]
    return part


def _log_until(log, hidden):
    """The log without its last ``hidden`` opponent steps (entries with a ``gaudi`` key) and
    what was logged after them."""
    idx = [i for i, e in enumerate(log) if isinstance(e, dict) and "gaudi" in e]
    return list(log[: idx[-hidden]]) if len(idx) >= hidden else list(log)


class Session(SeatsPart, HintsPart, BrowsePart, PrefsPart, TurnFlowPart, SlotsPart):
    suggest = None  # (game, level=None) -> Action or None; None means web.model.hints.suggest (tests swap in a stub)

    def __init__(self, load_module=None, load_renderer=None):
        # Game name -> engine module / renderer module, from the registry (spec.module, spec.renderer).
        # Injectable so a test can take a game's renderer away (everything then goes to the buttons).
        self.load_module = load_module or registry_engine
        self.load_renderer = load_renderer or (lambda name: importlib.import_module(game_spec(name).renderer))
        self.game = None
        self.meta = {"hidden": False, "colours": list(DEFAULT_COLOURS), "bots": [], "bot_levels": {}}
        self.shown_seat = None  # seat whose hand the device was last handed to
        self.choosing = True  # new-game screen on top
        self.form = default_form()
        self.message = ""
        self.zoom = 1.0
        self.panel_open = False  # tablet: the scores/log drawer
        self.pick = None  # a board place picked for a two-step choice (ui:pick:<key>)
        self.inspecting = ""  # the inspector panel's text (ui:inspect), "" = closed
        # Screen readers (web/model/a11y.py): the "Board as text" panel, what the live region read last.
        self.text_open = False
        self._announced = None  # (game key, actions count) covered by the last announcement
        # A non-player opponent's turn (a solo game's) runs inside the person's last action;
        # its logged steps are then shown one at a time, paced like a computer seat's decisions.
        self.auto_shown = None  # steps of that turn shown so far; None = nothing to show
        for part in (
            self._init_seats,
            self._init_hints,
            self._init_browse,
            self._init_prefs,
            self._init_turnflow,
            self._init_slots,
        ):
            part()
        self.banners = Queue()  # what the others did, one banner per move over the board (web/model/banners.py)

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
            return "bot"  # the opponent's steps are being shown: nobody decides
        if self.game.current_player in self.meta["bots"]:
            return "bot"  # a computer seat decides: never a hand-off, never its view
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

    def view(self):
        v = self.game.view(self.viewer)
        if v.get("gaudi") and self.auto_pending():  # only the steps shown so far, the table after them
            v = as_of_step(v, self.auto_shown)
        return v

    def _auto_turns(self):
        v = self.game.__dict__.get("solo") if self.game is not None else None
        return v["turns"] if isinstance(v, dict) else None

    def auto_steps(self):
        solo = self.game.__dict__.get("solo") if self.game is not None else None
        return list(solo["steps"]) if isinstance(solo, dict) else []

    def auto_pending(self):
        """Steps of the opponent's turn still to show (never once the game is over)."""
        return (
            self.auto_shown is not None
            and self.game is not None
            and not self.game.is_over
            and self.history is None
            and self.auto_shown < len(self.auto_steps())
        )

    def progress(self):
        """What a computer step changes (main.py: a step that changed nothing failed)."""
        return (len(self.game.actions), self.auto_shown) if self.game is not None else None

    def legal_actions(self):
        return self.game.legal_actions() if self.screen == "play" else []

    def board(self, view, legal, **highlights):
        """(svg, ids drawn on the board); ("", set()) when the game has no renderer.
        ``highlights``: the renderer keywords (web/base/renderer.py: hint=, selected=, lastmove=,
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

    def start(self, settings, seed):
        s = check_settings(settings)
        module = engine_for(s["game"], versions.current_version(), SetupError, self.load_module)
        game = module.new_game(s["names"], seed, **s["options"])
        self.game, self.auto_shown = game, None
        self.meta = {
            "hidden": s["hidden"],
            "colours": s["colours"],
            "bots": s["bots"],
            "bot_levels": {str(seat): level for seat, level in s["levels"].items()},
            "bot_speed": s["speed"],
        }
        self.slot, self.question = None, None  # a new game gets a NEW slot: the one it replaces stays saved
        self.shown_seat, self.choosing, self.zoom, self.history, self.watcher = None, False, 1.0, None, None
        # The form keeps MAX_SEATS names and colours, so New game -> more players reads no missing seat.
        self.form = dict(
            s, names=s["names"] + default_form(s["game"])["names"][len(s["names"]) :], colours=pad_colours(s["colours"])
        )

    def apply(self, action_id):
        if self.screen != "play":
            raise SetupError(t("app.err.no_decision"))
        seat = self.game.current_player
        self._tracked(seat, lambda: self.game.apply(action_id))  # IllegalAction leaves the game unchanged
        self.watcher = seat
        self.clear_ui()

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

    def toggle_board_text(self):
        """ui:board-text: the "Board as text" panel (every region's descriptions, scores, choices)."""
        self.text_open = not self.text_open

    def announcement(self):
        """The live region's text after a redraw: the log lines since the last announcement and
        what is asked now (main.py writes it into #announce when it changed)."""
        text, self._announced = a11y.announcement(self, self._announced)
        return text

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
        """Redraw input: the form changed game, player count or a seat's kind; keep what was typed
        (web/settings.refreshed_form)."""
        self.form = refreshed_form(self.form, fields)

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

    def _position(self):
        g = self.game
        return (g.GAME_NAME, g.seed, tuple(g.names), tuple(g.actions))

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
        game, meta = open_record(rec, self.load_module)
        self.game, self.meta, self.slot, self.question = game, meta, slot, None
        self.auto_shown = None
        self.shown_seat, self.choosing, self.zoom, self.history, self.watcher = None, False, 1.0, None, None
