"""The app model, pure Python (no js/pyscript imports) so it is unit-tested in CPython.

``Session`` is the state main.py drives: the current game, which seat's view is on screen (hidden
hands, the hand-off), the new-game form, the language, undo, zoom, the table's two-step picks and
inspector, embed mode and the record it saves. Its other jobs are small objects it holds, each
with its own state and tested alone:

- ``seats``: the computer seats (web/model/computer_seats.py ComputerSeats; their clock,
  Scheduler, is the page's);
- ``auto``: a non-player opponent's turn shown step by step (web/model/automaton.py AutomatonTurn);
- ``hints``: the Hint button (web/model/hints.py Hints);
- ``browse``: the History browser (web/model/browse.py Browser);
- ``prefs``: the device settings (web/model/prefs.py Prefs);
- ``flow``: the turn flow: select, preview, confirm, who made each move, last moves
  (web/model/turnflow.py TurnFlow);
- ``saves``: the save slots and the questions before a game is replaced (web/model/slots.py Saves);
- ``banners``: what the others did, one banner per move (web/model/banners.py Queue);
- ``review``: the game review of a finished game (web/model/review_view.py ReviewView).

Settings and links are checked in web/model/settings.py and web/model/links.py, records opened in
web/model/open_record.py, the registry read through web/model/games.py: import their names from
there. main.py only turns DOM events into calls here and writes panels.screen() out.
No game is named in this file: a game registered by a test plays here unchanged.
"""

import importlib
import json

from engine import versions
from engine.core.msg import N_

from web import i18n
from web.model.banners import Queue
from web.model import a11y
from web.base import renderer as renderer_api
from web.model.automaton import AutomatonTurn
from web.model.browse import Browser
from web.model.computer_seats import ComputerSeats
from web.model.games import MAX_SEATS, SetupError, computer_name, default_name, game_spec, games
from web.model.handoff_choices import at_place, public_choices, public_places
from web.model.hints import Hints
from web.i18n import t
from web.model.history import History, parse_embed_query
from web.model.limits import check_record_fields, parse_json
from web.model.open_record import engine_for, open_record, record_engine, registry_engine
from web.model.prefs import Prefs
from web.model.review_view import ReviewView
from web.model.remote import PhoneSeat, RemoteTable
from web.kit.seats import DEFAULT_COLOURS
from web.model.settings import check_settings, default_form, pad_colours, refreshed_form
from web.model.slots import Saves
from web.model.turnflow import TurnFlow, take_back_allowed, turn_words

# Board zoom: 1.0 = fit the board to the width of its area (never below the width at which its
# tap targets are 44 CSS px, see table_panels.board_min_px); below 1.0 shows more of the board at once.
ZOOMS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


class Session:
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
        self.board_box = (
            None  # (w, h) CSS px of the main board's box: the renderer draws for its scale (the page sets it)
        )
        self.panel_open = False  # tablet: the scores/log drawer
        self.help_open = False  # the Help panel (legend, rules summary, settings)
        self.pick = None  # a board place picked for a two-step choice (ui:pick:<key>)
        self.inspecting = ""  # the inspector panel's text (ui:inspect), "" = closed
        # Screen readers (web/model/a11y.py): the "Board as text" panel, what the live region read last.
        self.text_open = False
        # A narrow screen, a phone's (page.core.board_box): the board shows the part that holds the
        # decision's choices (kit.regions.focus_regions), unless the player asked for the whole board.
        self.narrow = False
        self.whole_board = False
        # Choices too spread for one close-up with 44 px tap areas: shown part by part
        # (kit.regions.part_plan); (the decision's ids, the part shown) and what the last drawing showed.
        self.part_of, self.board_parts = (None, 0), None
        # The Hint on the board last drawn, and the one whose part the player stepped away from
        # (the board shows the Hint's part until then: kit.regions.table_regions).
        self.part_hint = self.part_away = None
        self._handoff_choices = (None, [])  # (position, the hand-off card's choices)
        self._handoff_places = (None, [])  # (position, the hand-off card's board places)
        self.card_box = None  # (w, h) CSS px of the hand-off card's board (the page measures it)
        self._announced = None  # (game key, actions count) covered by the last announcement
        self.just_played = []  # [(seat, id)] applied by the last handler: animated once
        self.embed = None  # embed mode: {"controls", "play", "record", "step"}; see open_embed
        self.seats = ComputerSeats(self)
        self.auto = AutomatonTurn(self)
        self.hints = Hints(self)
        self.browse = Browser(self)
        self.prefs = Prefs()
        self.flow = TurnFlow(self)
        self.saves = Saves(self)
        self.banners = Queue()  # what the others did, one banner per move over the board (web/model/banners.py)
        self.review = ReviewView(self)  # the game review of a finished game (web/model/review_view.py)
        # Hands on phones (web/model/remote.py, docs/pairing.md): the seats phones hold (this
        # device is the table), or the one seat this device holds (this device is a phone).
        self.remote = RemoteTable(self)
        self.phone = PhoneSeat()

    # ----- what is on screen ------------------------------------------------
    @property
    def screen(self):
        if self.phone.active:
            return "phone"  # this device holds a seat of another device's table
        if self.embed is not None and self.game is None:
            return "embed-error"
        if self.browse.history is not None:
            return "history"
        if self.game is None or self.choosing:
            return "new"
        if self.game.is_over:
            return "review" if self.review.shown else "over"
        if self.remote.card_open:
            return "pair"  # the phones' pairing card (nobody decides meanwhile)
        if self.auto.pending():
            return "bot"  # the opponent's steps are being shown: nobody decides
        if self.game.current_player in self.meta["bots"]:
            return "bot"  # a computer seat decides: never a hand-off, never its view
        if self.remote.holds(self.game.current_player):
            return "remote"  # a phone decides: the table shows the public view
        if self.meta["hidden"] and self.game.current_player != self.shown_seat:
            return "handoff"
        return "play"

    @property
    def viewer(self):
        """The seat whose view may be shown: the deciding seat while playing; while a computer
        decides, a person's seat (ComputerSeats.viewer); else None (public)."""
        kind = self.screen
        if kind == "play":
            return self.game.current_player
        if kind == "bot":
            return self.seats.viewer()
        return None

    def view(self):
        """The view on screen: the viewer's, with a non-player opponent's turn as far as shown."""
        return self.auto.view(self.game.view(self.viewer))

    def position(self):
        """The position on screen: what a hint, a selection or a worker's answer belongs to."""
        g = self.game
        return (g.GAME_NAME, g.seed, tuple(g.names), tuple(g.actions))

    def legal_actions(self):
        return self.game.legal_actions() if self.screen == "play" else []

    def board(self, view, legal, **highlights):
        """(svg, ids drawn on the board); ("", set()) when the game has no renderer.
        ``highlights``: the renderer keywords (web/base/renderer.py: hint=, selected=, lastmove=,
        marks=, scale=); the turn flow's selected move and last-move marks unless given."""
        rend = self.renderer(view["game"])
        if rend is None:
            return "", set()
        highlights = {**self.flow.highlights(view), **{k: v for k, v in highlights.items() if v is not None}}
        return renderer_api.draw(rend, view, legal, list(self.meta["colours"]), **highlights)

    def renderer(self, name):
        """The declared renderer of a game (web/base/renderer.Renderer, from spec.renderer), or None if
        it does not import."""
        try:
            return renderer_api.declared(self.load_renderer(name))
        except (ImportError, ValueError):  # ValueError: no such game registered
            return None

    def action_groups(self, name):
        """Action kind -> readable heading of its group of buttons: the renderer's action_groups
        (one table per game; decision_panels.actions_panel words any kind missing from it)."""
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

    # ----- a game opened, a move made ----------------------------------------
    def _opened(self, game, meta, slot=None):
        """``game`` is now on screen, from its first screen (its own slot, or a new one)."""
        self.game, self.meta = game, meta
        self.auto.reset()
        self.saves.opened(slot)
        self.shown_seat, self.choosing, self.zoom = None, False, 1.0
        self.browse.history, self.seats.watcher = None, None
        self.review.reset()
        self.review.stored = None
        self.remote.reset()
        self.remote.restore(meta)  # seats phones held when it was saved pair again

    def start(self, settings, seed):
        s = check_settings(settings)
        module = engine_for(s["game"], versions.current_version(), SetupError, self.load_module)
        game = module.new_game(s["names"], seed, **s["options"])
        meta = {
            "hidden": s["hidden"],
            "colours": s["colours"],
            "bots": s["bots"],
            "bot_levels": {str(seat): level for seat, level in s["levels"].items()},
            "bot_speed": s["speed"],
        }
        self._opened(game, meta)  # a new game gets a NEW slot: the one it replaces stays saved
        # The form keeps MAX_SEATS names and colours, so New game -> more players reads no missing seat.
        self.form = dict(
            s, names=s["names"] + default_form(s["game"])["names"][len(s["names"]) :], colours=pad_colours(s["colours"])
        )

    def play_as(self, seat, action_id):
        """Apply one engine action by ``seat`` (IllegalAction leaves the game unchanged); the parts
        that follow the game hear of it: the opponent's steps to show, who made it, the move to
        animate."""
        actors = self.flow.actors()
        before = self.auto.progress()
        self.game.apply(action_id)
        self.auto.after(before)
        played = self.flow.played(seat, actors)
        if played is not None:
            self.just_played = [played]

    def apply(self, action_id):
        """A person's move (the turn flow's tap or Confirm)."""
        if self.screen != "play":
            raise SetupError(t("app.err.no_decision"))
        seat = self.game.current_player
        self.play_as(seat, action_id)
        self.seats.watcher = seat
        self.clear_ui()

    def undo(self):
        """Undo (ui:undo, key U): the last move of this turn, else the turn that just passed
        (``take_back``)."""
        if self.screen == "play" and self.game.can_undo():
            self.game = self.game.undo()
        elif self.can_take_back():
            self.take_back()
            return
        else:
            raise SetupError(t("app.err.no_undo"))
        self.auto.reset()
        self.clear_ui()

    def can_undo(self):
        return (self.screen == "play" and self.game.can_undo()) or self.can_take_back()

    def local_person(self, seat):
        """Whether ``seat`` is a person deciding on this device (not a computer, not a phone)."""
        return seat is not None and seat not in self.meta["bots"] and not self.remote.holds(seat)

    def take_back_seat(self):
        """The seat whose turn just passed and may be taken back, else None: the engine allows it
        (nothing revealed but a draw into that seat's own hand, which no screen has shown since;
        nobody decided since: ``Game.can_take_back``) and both that seat and
        the one deciding now are people at this device (a computer's or a phone's move is never
        taken back from the table, nor a move a computer or phone is already answering)."""
        g = self.game
        if self.screen not in ("play", "handoff") or not take_back_allowed(g):
            return None
        actors = self.flow.actors()
        seat = actors[-1] if actors else None
        return seat if self.local_person(seat) and self.local_person(g.current_player) else None

    def can_take_back(self):
        return self.take_back_seat() is not None

    def take_back(self):
        """The turn that just passed comes back to its seat (the hand-off card's "Back to Ann's
        turn", or Undo). With hidden hands that seat takes the device through its own card again:
        whoever tapped may be the next seat."""
        if not self.can_take_back():
            raise SetupError(t("app.err.no_undo"))
        self.game = self.game.take_back(unseen=True)
        self.auto.reset()
        if self.meta["hidden"]:
            self.shown_seat = None
        self.clear_ui()

    def discard_game(self):
        """The game on screen is gone (its slot deleted): the new-game screen."""
        self.game, self.choosing = None, True
        self.browse.history = None

    # ----- the table's controls ----------------------------------------------
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

    def toggle_whole_board(self):
        """ui:whole-board (phones): the whole board, or the part that holds the choices again."""
        self.whole_board = not self.whole_board

    def next_board_part(self):
        """ui:board-part (phones): the next part of the board that holds this decision's choices."""
        self.part_of = (self.part_of[0], self.part_of[1] + 1)
        self.part_away = self.part_hint

    def toggle_help(self):
        self.help_open = not self.help_open

    def toggle_panel(self):
        self.panel_open = not self.panel_open

    def announcement(self):
        """The live region's text after a redraw: the log lines since the last announcement and
        what is asked now (main.py writes it into #announce when it changed)."""
        if self.screen in ("phone", "pair"):
            return ""  # the pairing and phone screens say themselves (role=status)
        text, self._announced = a11y.announcement(self, self._announced)
        return text

    def handoff_ok(self):
        if self.screen == "handoff":
            self.shown_seat = self.game.current_player

    def handoff_choices(self):
        """The hand-off card's choices: the next seat's decisions that show nothing secret
        (web/model/handoff_choices.py), worked out once per position."""
        if self.screen != "handoff":
            return []
        key = self.position()
        if self._handoff_choices[0] != key:
            kinds = turn_words(self.game.GAME_NAME).get("HANDOFF_KINDS") or ()
            self._handoff_choices = (key, public_choices(self.game, tuple(kinds)))
        return self._handoff_choices[1]

    def handoff_play(self, aid):
        """ui:handoff-play:<id>: the tap that takes the device is the next seat's decision (one
        of ``handoff_choices``), played as a tap on it would be. True when a move was made.
        ``ui:pick:<key>``: a place on the card's board (``handoff_pick``)."""
        if aid.startswith("ui:pick:"):
            return self.handoff_pick(aid.removeprefix("ui:pick:"))
        if aid not in {a.id for a in self.handoff_choices()}:
            raise SetupError(t("app.err.not_possible"))
        self.handoff_ok()
        return self.flow.tap(aid)

    def handoff_places(self):
        """The hand-off card's board places: where the next seat's decision happens, when that
        shows nothing it holds (web/model/handoff_choices.py ``public_places``, the game's
        ``HANDOFF_PLACES``), worked out once per position."""
        if self.screen != "handoff":
            return []
        key = self.position()
        if self._handoff_places[0] != key:
            place_of = turn_words(self.game.GAME_NAME).get("HANDOFF_PLACES")
            self._handoff_places = (key, public_places(self.game, place_of))
        return self._handoff_places[1]

    def handoff_pick(self, key):
        """ui:pick:<key> on the hand-off card: the tap takes the device and, when the seat has one
        action at that place, plays it as a tap on it would be (the turn flow); with several (two
        citizen orders), picks the place, so its actions are the next tap (``pick_at``, the
        renderer's ``pick_options``). True when a move was made."""
        if key not in self.handoff_places():
            raise SetupError(t("app.err.not_possible"))
        self.handoff_ok()
        acts = at_place(self.game.legal_actions(), key, turn_words(self.game.GAME_NAME)["HANDOFF_PLACES"])
        if len(acts) == 1:
            return self.flow.tap(acts[0].id)
        self.clear_ui()
        self.pick_at(key)
        return False

    def set_zoom(self, step):
        if step == 0:
            self.zoom = 1.0
            return
        i = min(range(len(ZOOMS)), key=lambda k: abs(ZOOMS[k] - self.zoom))
        self.zoom = ZOOMS[max(0, min(len(ZOOMS) - 1, i + step))]

    def set_zoom_to(self, z):
        """Pinch: any zoom between the smallest and largest step (2 decimals)."""
        self.zoom = round(max(ZOOMS[0], min(ZOOMS[-1], float(z))), 2)

    # ----- the new-game screen and the language ---------------------------------
    def new_game_screen(self):
        if self.embed is None:  # an embedded board has no new-game screen
            self.browse.history, self.choosing = None, True

    def refresh_form(self, fields):
        """Redraw input: the form changed game, player count or a seat's kind; keep what was typed
        (web/model/settings.refreshed_form)."""
        self.form = refreshed_form(self.form, fields)

    def resume(self):
        """ "Back to the game" from the new-game screen (a question about another tab's slot
        gives way to the table's note: web/model/slots.py ``Saves.back_to_game``)."""
        if self.game is not None:
            self.choosing = False
            self.saves.back_to_game()

    def set_language(self, lang, keep=True):
        """Speak ``lang`` from now on (the picker, a ``lang=`` link, the browser's languages):
        every text is translated at the next redraw; the game and its record are unchanged.
        ``keep``: remember it in the device settings (the picker); a link's lang= is not stored.
        Default player names nobody typed follow the language on the form."""
        old = [default_name(i) for i in range(MAX_SEATS)]
        old_bots = [computer_name(i) for i in range(MAX_SEATS)]
        lang = i18n.activate(lang)
        if keep:
            self.prefs.lang = lang
        names = self.form.get("names") or []
        self.form["names"] = [
            default_name(i)
            if i < len(old) and n == old[i]
            else computer_name(i)
            if i < len(old_bots) and n == old_bots[i]
            else n
            for i, n in enumerate(names)
        ]
        return lang

    # ----- records ---------------------------------------------------------------
    def save_text(self):
        rec = self.game.record()
        rec["meta"] = dict(self.meta)
        review = self.review.saved_state()
        if review is not None:  # a finished game's review, stored with it (opened again: at once)
            rec["meta"]["review"] = review
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
        self._opened(game, meta, slot)
        self.review.keep_stored(rec.get("meta"))  # checked when the review opens; bad data is ignored

    # ----- embed mode (?embed=1&record=...: a tutorial's board) ----------------------
    def open_embed(self, query):
        """Show the record in ``?embed=1&record=...`` (web.model.history.parse_embed_query). Without play=1
        the board is a read-only history at ``step``; with play=1 the reader plays on from there.
        Embed mode starts first, so even a broken link gets the embed screen (never the autosave);
        errors are ValueErrors with a clear message."""
        self.embed = {"controls": False, "play": False}
        self.game, self.browse.history, self.choosing = None, None, False
        spec = parse_embed_query(query)
        rec = spec["record"]
        game, meta = open_record(rec, self.load_module)  # every action id must be legal: a tampered record stops here
        self.embed = {"controls": spec["controls"], "play": spec["play"], "record": rec, "step": spec["step"]}
        meta["bots"], meta["bot_levels"] = [], {}  # an embedded board (tutorial) is played by its reader at every seat
        self.meta, self.shown_seat, self.zoom = meta, None, 1.0
        self._embed_position(game)

    def _embed_position(self, full_game):
        rec, step = self.embed["record"], self.embed["step"]
        module = record_engine(rec, self.load_module)
        history = History(rec, module, hidden=self.meta["hidden"], step=step)
        if self.embed["play"]:
            self.game, self.browse.history = history.game_at(step).clone(), None
        else:
            self.game, self.browse.history = full_game, history

    def embed_reset(self):
        """play=1: back to the embedded position."""
        if self.embed is None or not self.embed["play"] or "record" not in self.embed:
            raise SetupError(t("app.err.no_reset"))
        self.shown_seat = None
        self._embed_position(None)
