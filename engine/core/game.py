"""The shared Game base: the whole engine interface, declared once (docs/engine-interface.md).

Implemented here for every game: ``apply``, ``record``/``from_record``, ``can_undo``/``undo``,
``clone``, ``masked_for`` (for games without secrets), the move log and option checks.

A concrete game subclasses ``Game`` and provides:

* ``SPEC``: its registry entry (sets ``GAME_NAME``, ``PLAYER_COUNTS``, ``OPTIONS``);
* ``_setup()``: build the initial state from ``self.rng``, ``self.names`` and ``self.options``;
* ``legal_actions()``: the options of the one pending decision;
* ``_do(action)``: carry out a legal action (never raises for a legal one);
* ``current_player``, ``is_over``, ``scores()``, ``score_breakdown()``, ``winners()``, ``view(seat)``;
* ``masked_for(seat, seed)`` if any information is hidden from some seat;
* usually a faster ``clone()`` than the deep copy here.

Inside ``_do`` the game calls ``self.barrier()`` whenever hidden information
is revealed or chance is used (a bag draw, a shuffle, a card flip), so undo
never crosses it. The base class adds a barrier by itself whenever the next
decision belongs to another seat (undo never crosses another player's move).

A move that passed the turn without revealing anything or using chance may still be taken back
(``can_take_back``/``take_back``) until the next seat decides: the table's custom that a move
stands once the next player has moved. ``passed_turn`` says so; every ``apply`` sets it. A draw
whose outcome only the mover learns (``barrier(own=True)``: Barcelona's two citizens drawn into
the hand at the end of a turn) bars it too, unless the caller vouches that the mover's view has
not been shown since (``can_take_back(unseen=True)``): then nobody has seen what was drawn.
"""

import copy
from abc import ABC, abstractmethod
from operator import attrgetter, indexOf

from .action import Action
from .errors import IllegalAction, OptionError, RecordError
from .msg import msg
from .record import check_record_shape, make_record
from .rng import Rng


_ID = attrgetter("id")


def _quoted(action_id, n=60):
    """repr() of at most ``n`` characters of an id: messages quote input, never all of it."""
    s = str(action_id)
    return repr(s[: n - 1] + "…") if len(s) > n else repr(s)


class Game(ABC):
    GAME_NAME = "?"
    PLAYER_COUNTS = (2, 3, 4)
    OPTIONS: dict = {}  # option name -> (default, allowed values tuple or type)
    SPEC = None  # a game's registry entry (engine.core.registry.GameSpec); sets the three above

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        spec = cls.__dict__.get("SPEC")
        if spec is not None:  # one source: the registry entry names the game, its counts and options
            cls.GAME_NAME = spec.name
            cls.PLAYER_COUNTS = tuple(spec.player_counts)
            cls.OPTIONS = {o.name: (o.default, tuple(o.choices)) for o in spec.options}

    def __init__(self, players, seed: int = 0, **options):
        if isinstance(players, bool):
            raise OptionError(msg("core.err.players"))
        if isinstance(players, int):
            names = [f"Player {i + 1}" for i in range(players)]
        elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
            names = [p.strip() or f"Player {i + 1}" for i, p in enumerate(players)]
        else:
            raise OptionError(msg("core.err.players"))
        if len(names) not in self.PLAYER_COUNTS:
            raise OptionError(
                msg(
                    "core.err.player_count",
                    game=self.GAME_NAME,
                    low=self.PLAYER_COUNTS[0],
                    high=self.PLAYER_COUNTS[-1],
                    n=len(names),
                )
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(msg("core.err.seed"))
        self.names = names
        self.seed = seed
        self.options = self._check_options(options)
        for o in self.SPEC.options if self.SPEC is not None else ():
            if not o.applies(len(names)) and self.options[o.name] != o.default:
                counts = " or ".join(map(str, o.players))
                raise OptionError(
                    msg("core.err.option_players", option=o.name, counts=counts, n=len(names), default=repr(o.default))
                )
        # An option that means nothing at this player count is not part of the game (nor its record).
        if self.SPEC is not None:
            self.options = {o.name: self.options[o.name] for o in self.SPEC.options if o.applies(len(names))}
        self.rng = Rng(seed)
        self.actions: list[str] = []
        self.undo_floor = 0
        self.passed_turn = False  # the last action passed the turn and revealed nothing (take_back)
        self.passed_own_draw = False  # ... and revealed only a draw into the mover's own hand
        self.log: list[dict] = []
        self._barrier_pending = False
        self._setup()

    # ----- options -------------------------------------------------------
    def _check_options(self, options: dict) -> dict:
        out = {}
        for name, value in options.items():
            if name not in self.OPTIONS:
                known = ", ".join(sorted(self.OPTIONS)) or "none"
                raise OptionError(
                    msg("core.err.unknown_option", option=_quoted(name), game=self.GAME_NAME, known=known)
                )
        for name, (default, allowed) in self.OPTIONS.items():
            value = options.get(name, default)
            if isinstance(allowed, tuple):
                if value not in allowed:
                    raise OptionError(
                        msg(
                            "core.err.option_choice",
                            option=name,
                            allowed=", ".join(map(repr, allowed)),
                            value=_quoted(repr(value)),
                        )
                    )
            elif not isinstance(value, allowed) or (allowed is int and isinstance(value, bool)):
                raise OptionError(msg("core.err.option_type", option=name, type=allowed.__name__))
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
        """The options of the one pending decision, in a stable order (empty once the game is
        over). Every id is unique among them; ``apply`` accepts exactly these."""

    @property
    @abstractmethod
    def current_player(self):
        """The seat (0-based int) that decides now; None once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the final scoring is done; nothing is legal afterwards."""

    @abstractmethod
    def scores(self) -> list:
        """VP per seat now (final once over)."""

    @abstractmethod
    def score_breakdown(self) -> list:
        """Per seat, {category: VP}; the categories sum to ``scores()`` once over."""

    @abstractmethod
    def winners(self) -> list:
        """The winning seats after the game's tie-breaks (several: a shared victory);
        [] until the game is over."""

    @abstractmethod
    def view(self, seat=None) -> dict:
        """Everything ``seat`` may see, as JSON-safe data; ``seat=None`` is the public view.
        A seat that is not an int in range(num_players) (bools included) raises IllegalAction.
        Every game's view has at least the keys of ``VIEW_KEYS``."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out a legal action; never raises for one."""

    def screened(self) -> bool:
        """Whether the pending decision is taken behind the deciding seat's screen (its rule's
        ``screened``, engine/core/decision.py): then every legal option leaves every other
        seat's view, the public log and the number of actions until the screen lifts the same
        (tests/contract/test_screened_choices.py). A game with such decisions overrides this."""
        return False

    def round_index(self):
        """The round being played, from 0 (public), or None in a game without rounds: History
        steps by round with it (web/model/history.py ``round_stops``). A game with rounds
        overrides this."""
        return None

    # ----- the core loop ---------------------------------------------------
    def find_action(self, action_or_id) -> Action:
        """Return the legal Action matching ``action_or_id`` or raise IllegalAction."""
        action_id = action_or_id.id if isinstance(action_or_id, Action) else action_or_id
        if not isinstance(action_id, str):
            raise IllegalAction(msg("core.err.action_type", type=type(action_id).__name__))
        if self.is_over:
            raise IllegalAction(msg("core.err.game_over", action=_quoted(action_id)))
        legal = self._offered()
        try:
            return legal[indexOf(map(_ID, legal), action_id)]  # the scan in C (apply is hot)
        except ValueError:
            pass
        sample = ", ".join(a.id for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        raise IllegalAction(msg("core.err.not_legal", action=_quoted(action_id), legal=sample))

    def apply(self, action_or_id) -> Action:
        """Play one legal action (an Action or its id) for ``current_player`` and return it.
        Illegal input (not one of ``legal_actions()``, not a string, the game over) raises
        IllegalAction and leaves the game unchanged."""
        action = None
        if action_or_id.__class__ is Action:  # the common case, found without a call
            legal = self._offered()
            if legal:
                try:
                    action = legal[indexOf(map(_ID, legal), action_or_id.id)]
                except ValueError:
                    pass
        if action is None:
            action = self.find_action(action_or_id)  # every other case, and the messages
        actor = self.current_player
        self._barrier_pending = False
        self._do(action)
        self.actions.append(action.id)
        self._floors(self.current_player != actor or self.is_over)
        return action

    def _floors(self, seat_changed) -> None:
        """After an action was appended: undo never crosses a barrier, another seat's decision or
        the end (``undo_floor``); a turn that passed with no barrier may be taken back until the
        next seat decides (``passed_turn``), or when it drew only into the mover's own hand
        (``passed_own_draw``). The games' own fast ``apply`` call this too."""
        barrier = self._barrier_pending
        if barrier or seat_changed:
            self.undo_floor = len(self.actions)
        passed = seat_changed and not self.is_over
        self.passed_turn = passed and not barrier
        self.passed_own_draw = passed and barrier == "own"
        self._barrier_pending = False

    def _offered(self) -> list:
        """``legal_actions()`` for ``apply`` to check against; a game that caches its options
        returns the cached list itself here (read only, never handed out: no copy)."""
        return self.legal_actions()

    def barrier(self, own=False) -> None:
        """Called by a game while applying an action that reveals hidden
        information or uses chance: undo can never go back past it. ``own``: the outcome goes
        only into the hidden hand of the seat that made the action (nobody else learns anything,
        not even a count beyond what is public anyway): ``can_take_back(unseen=True)`` may still
        cross it. Any other barrier of the same action outweighs it."""
        if not own:
            self._barrier_pending = True
        elif not self._barrier_pending:
            self._barrier_pending = "own"

    # The attribute holding the log's list of lines, where ``log_event`` appends. A game may keep
    # the list under another name and put a property in front of ``log`` that completes the lines
    # when read (Barcelona states what each action changed then): writing a line must not.
    LOG_LINES = "log"

    def log_event(self, message: dict, seat=None, private_to=None, **data) -> None:
        """Append to the move log: ``message`` is a message (engine/core/msg.py), translated by
        the web side. ``private_to`` (a seat) hides the entry from every other seat's view."""
        entry = {"n": len(self.actions), "seat": seat, "text": message}
        if private_to is not None:
            entry["private_to"] = private_to
        if data:
            entry.update(data)
        getattr(self, self.LOG_LINES).append(entry)

    def log_for(self, seat) -> list[dict]:
        return [e for e in self.log if e.get("private_to") is None or e.get("private_to") == seat]

    # ----- records -----------------------------------------------------------
    def record(self) -> dict:
        """The game as JSON-safe data: game name, engine version, player names, options
        (always all of them, explicitly), seed and the action ids so far. ``replay`` of it
        rebuilds an identical game."""
        return make_record(self.GAME_NAME, self.names, self.options, self.seed, self.actions)

    def _made_with(self, version) -> None:
        """Called by ``from_record`` before the actions are replayed: the record was made by
        engine ``version`` (same major). A game whose rules changed in a minor version plays the
        record by the rules of its version and writes that version back in ``record()``."""

    @classmethod
    def from_record(cls, record) -> "Game":
        check_record_shape(record, cls.GAME_NAME)
        try:
            game = cls(record["players"], record["seed"], **record["options"])
        except OptionError as e:
            raise RecordError(msg("core.err.record_setup", reason=e.message)) from None
        game._made_with(record["engine"])
        for i, action_id in enumerate(record["actions"]):
            try:
                game.apply(action_id)
            except IllegalAction as e:
                raise RecordError(
                    msg("core.err.record_action", number=i + 1, action=_quoted(action_id), reason=e.message)
                ) from None
        return game

    def can_undo(self) -> bool:
        """Whether ``undo`` may take back the last action (see ``undo``)."""
        return len(self.actions) > self.undo_floor and not self.is_over

    def undo(self) -> "Game":
        """Return the game one action earlier. Never crosses a chance draw, a
        reveal, or another seat's decision (see ``barrier``)."""
        if not self.can_undo():
            raise IllegalAction(msg("core.err.no_undo"))
        rec = self.record()
        rec["actions"] = rec["actions"][:-1]
        return type(self).from_record(rec)

    def can_take_back(self, unseen=False) -> bool:
        """Whether ``take_back`` may return the last action: it passed the turn to another seat
        without revealing anything or using chance, and nobody has decided since. ``unseen``:
        the caller vouches that the mover's own view has not been shown since the action, so a
        draw into the mover's own hidden hand (``barrier(own=True)``) is no bar either."""
        passed = self.passed_turn or (unseen and self.passed_own_draw)
        return passed and bool(self.actions) and not self.is_over

    def take_back(self, unseen=False) -> "Game":
        """Return the game one action earlier, across the seat change that action made (see
        ``can_take_back``): the seat that made it decides again, its turn's undo as before."""
        if not self.can_take_back(unseen):
            raise IllegalAction(msg("core.err.no_undo"))
        rec = self.record()
        rec["actions"] = rec["actions"][:-1]
        return type(self).from_record(rec)

    def clone(self) -> "Game":
        """An independent copy: playing on it never changes this game (bots and hints
        explore on clones)."""
        return copy.deepcopy(self)

    def masked_for(self, seat, seed) -> "Game":
        """A clone in which nothing hidden from ``seat`` keeps its true value (other seats'
        secrets and every unseen order re-dealt from ``seed``, the RNG reseeded), so whatever
        is computed on it is a function of ``view(seat)``. This default only reseeds the RNG:
        it is right for a game without hidden information; a game with secrets overrides it."""
        h = self.clone()
        h.rng = Rng(seed)
        return h


# The top-level keys every game's view(seat) has (more are game-specific).
VIEW_KEYS = (
    "game",
    "players",
    "seat",
    "current_player",
    "is_over",
    "phase",
    "decision",
    "prompt",
    "scores",
    "score_breakdown",
    "score_history",
    "winners",
    "start_player",
    "log",
)
