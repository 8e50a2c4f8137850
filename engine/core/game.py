"""The shared Game base: apply/validate, records, replay, undo floor, log.

A concrete game subclasses ``Game`` and provides:

* ``GAME_NAME`` and ``PLAYER_COUNTS``;
* ``_setup()``: build the initial state from ``self.rng``, ``self.names`` and ``self.options``;
* ``legal_actions()``: the options of the one pending decision;
* ``_do(action)``: carry out a legal action (never raises for a legal one);
* ``current_player``, ``is_over``, ``scores()``, ``score_breakdown()``, ``winners()``, ``view(seat)``.

Inside ``_do`` the game calls ``self.barrier()`` whenever hidden information
is revealed or chance is used (a bag draw, a shuffle, a card flip), so undo
never crosses it. The base class adds a barrier by itself whenever the next
decision belongs to another seat (undo never crosses another player's move).
"""
import copy
import json
from abc import ABC, abstractmethod

from .action import Action
from .errors import IllegalAction, OptionError, RecordError
from .record import check_record_shape, make_record
from .rng import Rng


def _quoted(action_id, n=60):
    """repr() of at most ``n`` characters of an id: messages quote input, never all of it."""
    s = str(action_id)
    return repr(s[:n - 1] + "…") if len(s) > n else repr(s)


class Game(ABC):
    GAME_NAME = "?"
    PLAYER_COUNTS = (2, 3, 4)
    OPTIONS: dict = {}  # option name -> (default, allowed values tuple or type)

    def __init__(self, players, seed: int = 0, **options):
        if isinstance(players, bool):
            raise OptionError("players must be a count or a list of names")
        if isinstance(players, int):
            names = [f"Player {i + 1}" for i in range(players)]
        elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
            names = [p.strip() or f"Player {i + 1}" for i, p in enumerate(players)]
        else:
            raise OptionError("players must be a count or a list of names")
        if len(names) not in self.PLAYER_COUNTS:
            raise OptionError(
                f"{self.GAME_NAME} is for {self.PLAYER_COUNTS[0]}-{self.PLAYER_COUNTS[-1]} players, not {len(names)}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError("seed must be an integer")
        self.names = names
        self.seed = seed
        self.options = self._check_options(options)
        self.rng = Rng(seed)
        self.actions: list[str] = []
        self.undo_floor = 0
        self.log: list[dict] = []
        self._barrier_pending = False
        self._setup()

    # ----- options -------------------------------------------------------
    def _check_options(self, options: dict) -> dict:
        out = {}
        for name, value in options.items():
            if name not in self.OPTIONS:
                known = ", ".join(sorted(self.OPTIONS)) or "none"
                raise OptionError(f"unknown option {name!r} for {self.GAME_NAME} (known: {known})")
        for name, (default, allowed) in self.OPTIONS.items():
            value = options.get(name, default)
            if isinstance(allowed, tuple):
                if value not in allowed:
                    raise OptionError(f"option {name!r} must be one of {allowed}, not {value!r}")
            elif not isinstance(value, allowed) or (allowed is int and isinstance(value, bool)):
                raise OptionError(f"option {name!r} must be {allowed.__name__}")
            out[name] = value
        return out

    @property
    def num_players(self) -> int:
        return len(self.names)

    # ----- to be provided by the game ------------------------------------
    @abstractmethod
    def _setup(self) -> None:
        """Build the initial state from self.rng, self.names and self.options."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The options of the one pending decision (empty once the game is over)."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out a legal action; never raises for one."""

    # ----- the core loop ---------------------------------------------------
    def find_action(self, action_or_id) -> Action:
        """Return the legal Action matching ``action_or_id`` or raise IllegalAction."""
        action_id = action_or_id.id if isinstance(action_or_id, Action) else action_or_id
        if not isinstance(action_id, str):
            raise IllegalAction(f"an action id must be a string, not {type(action_id).__name__}")
        if self.is_over:
            raise IllegalAction(f"the game is over; {_quoted(action_id)} cannot be played")
        legal = self.legal_actions()
        for a in legal:
            if a.id == action_id:
                return a
        sample = ", ".join(a.id for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        raise IllegalAction(f"{_quoted(action_id)} is not a legal action now (legal: {sample})")

    def apply(self, action_or_id) -> Action:
        """Play one legal action (an Action or its id). Illegal input raises
        IllegalAction and leaves the game unchanged."""
        action = self.find_action(action_or_id)
        actor = self.current_player
        self._barrier_pending = False
        self._do(action)
        self.actions.append(action.id)
        if self._barrier_pending or self.current_player != actor or self.is_over:
            self.undo_floor = len(self.actions)
        self._barrier_pending = False
        return action

    def barrier(self) -> None:
        """Called by a game while applying an action that reveals hidden
        information or uses chance: undo can never go back past it."""
        self._barrier_pending = True

    def log_event(self, text: str, seat=None, private_to=None, **data) -> None:
        """Append to the move log. ``private_to`` (a seat) hides the entry from
        every other seat's view."""
        entry = {"n": len(self.actions), "seat": seat, "text": text}
        if private_to is not None:
            entry["private_to"] = private_to
        if data:
            entry.update(data)
        self.log.append(entry)

    def log_for(self, seat) -> list[dict]:
        return [e for e in self.log if e.get("private_to") is None or e.get("private_to") == seat]

    # ----- records -----------------------------------------------------------
    def record(self) -> dict:
        return make_record(self.GAME_NAME, self.names, self.options, self.seed, self.actions)

    @classmethod
    def from_record(cls, record) -> "Game":
        check_record_shape(record, cls.GAME_NAME)
        try:
            game = cls(record["players"], record["seed"], **record["options"])
        except OptionError as e:
            raise RecordError(f"record has bad setup: {e}") from None
        for i, action_id in enumerate(record["actions"]):
            try:
                game.apply(action_id)
            except IllegalAction as e:
                raise RecordError(f"record action #{i + 1} ({_quoted(action_id)}) is not legal there: {e}") from None
        return game

    def can_undo(self) -> bool:
        return len(self.actions) > self.undo_floor and not self.is_over

    def undo(self) -> "Game":
        """Return the game one action earlier. Never crosses a chance draw, a
        reveal, or another seat's decision (see ``barrier``)."""
        if not self.can_undo():
            raise IllegalAction("nothing to undo: the last action revealed information or ended a turn")
        rec = self.record()
        rec["actions"] = rec["actions"][:-1]
        return type(self).from_record(rec)

    def clone(self) -> "Game":
        return copy.deepcopy(self)

    def to_json(self) -> str:
        return json.dumps(self.record())
