"""Barcelona: the game state and its machine (RULEBOOK p.4-16); the rules live by chapter.

The turn is a stack of *frames* (``engine.core.decision.Decision``). A decision frame
(place, act, street, ...) waits for one action of its ``seat``; an automatic frame (gain,
endturn) runs by itself. Effects that need a choice push a decision frame above the rest
of the effects, so rewards resolve in printed order and "finish one action before the
next" (p.6) holds by construction. ``legal_actions()`` lists the options of the top
decision frame; decisions.py tables every kind.

Where each rule lives (rulebook wording -> module: function):
  准备游戏 setup (p.4-5)                          game.py: BarcelonaGame._setup
  放置市民 placing citizens (p.6)                 turn.py: place_options / do_place
  十字路口奖励 owner rewards (p.8)                turn.py: owner_reward / owner_options
  街道行动 street actions (p.6-11)                turn.py: act_options; effects.py: start_action;
                                                  board_actions.py (p.7-8), tile_actions.py (p.9-10),
                                                  tram_actions.py (p.10-11): <action>_options /
                                                  do_<action>; action_check.py: action_possible
  仓库 warehouse capacity (p.7)                   effects.py: settle_warehouse / keep_options
  塞尔达轨/圣家堂轨 Cerdà and Sagrada tracks (p.15) effects.py: cerda / sagrada_step / stile_options
  建造建筑 building (p.12-13)                     building.py: buildable / do_build / run_marker
  回合结束 end of the turn (p.6 steps 3-4)        turn.py: run_endturn
  市民轨/塞尔达计分 tracks and scoring (p.14)      effects.py: to_track; scoring.py: cerda_scoring
  游戏结束 game end (p.16)                        scoring.py: final_scoring / winners
"""

from operator import attrgetter, indexOf, itemgetter

from ..core.action import Action
from ..core.game import Game
from ..core.msg import N_, count, items as msg_items
from ..core.rng import Rng
from ..core import version as _version
from . import board as B
from . import data as D
from . import rulesets
from . import scoring
from . import solo_data, solo_scoring, solo_setup
from . import view as view_mod
from .decisions import AUTOMATIC, RULES
from .draws import MAX_BOUND, advance, setup_draws
from .effects import draw, refill_display
from .spec import SPEC
from . import log_gains
from .state import PlayerState
from .turn import begin_turn

_ID = attrgetter("id")
# (intersection, its lines' action tiles from the layout: a C getter returning the tuple)
_CROSS_LINES = tuple((rc, itemgetter(*[line for _, line in B.LINES_AT[rc]])) for rc in B.INTERSECTIONS)
assert all(len(B.LINES_AT[rc]) > 1 for rc in B.INTERSECTIONS)  # so each getter returns a tuple
# Every frame kind -> (options, None) for a decision (RULES) or (None, run) for an automatic step
# (AUTOMATIC): _run asks one table once per frame.
_STEPS = {**{k: (r.options, None) for k, r in RULES.items()}, **{k: (None, f) for k, f in AUTOMATIC.items()}}


# The most draws the set-up makes besides the action tiles, the bag and the hands: the Cerdà
# sample, the Modernisme deck (at most all its tiles), the services sample, the building stacks.
_SETUP_DRAWS = (
    len(D.CERDA_TILES)
    - 1
    + len(D.MODERNISME_TILES)
    - 1
    + len(D.SERVICES)
    - 1
    + sum(len(t) - 1 for t in D.BUILDING_TILES.values())
)

# (coins, cloth, VP, Cerdà, Sagrada) of a player are what the log states an action changed (apply)
_GAINS = N_("bcn.log.gains")  # the message "entry → gains"


def _public_values(ps) -> tuple:
    """(coins, cloth, VP, Cerdà, Sagrada) of every board (2-4 of them) in one flat tuple, five
    per board. ``apply`` takes two per action to note what changed: written out per board count
    (a comprehension over the boards, or a tuple per board, costs more: the hottest lines of a
    random playout)."""
    n = len(ps)
    # fmt: off
    if n == 4:
        a, b, c, d = ps
        return (a.coins, a.cloth, a.vp, a.cerda, a.sagrada, b.coins, b.cloth, b.vp, b.cerda, b.sagrada,
                c.coins, c.cloth, c.vp, c.cerda, c.sagrada, d.coins, d.cloth, d.vp, d.cerda, d.sagrada)
    if n == 3:
        a, b, c = ps
        return (a.coins, a.cloth, a.vp, a.cerda, a.sagrada, b.coins, b.cloth, b.vp, b.cerda, b.sagrada,
                c.coins, c.cloth, c.vp, c.cerda, c.sagrada)
    # fmt: on
    if n == 2:
        a, b = ps
        return (a.coins, a.cloth, a.vp, a.cerda, a.sagrada, b.coins, b.cloth, b.vp, b.cerda, b.sagrada)
    return tuple([x for p in ps for x in (p.coins, p.cloth, p.vp, p.cerda, p.sagrada)])


class BarcelonaGame(Game):
    SPEC = SPEC  # name, player counts and options (engine/barcelona/spec.py)

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        """RULEBOOK p.4-5, steps 1-5 (Spanish rules sheet, steps 1-20)."""
        # The engine version whose rules this game follows: the current one for a new game, the
        # record's for a replayed one (_made_with); record() writes it (CHANGELOG.md: what changed).
        self.made_with = _version.ENGINE_VERSION
        self.settle_once = True  # rulesets.py: one warehouse settling per reward
        real_rng, n = self.rng, self.num_players
        # the solo game is set up as for 2 players (the solo summary, Set-up)
        n = solo_data.SETUP_AS_PLAYERS if n == 1 else n
        printed = self.options["layout"] == "printed"
        # 1C-1D citizen tracks pre-filled for 2-3 players; the rest go in the bag
        tracks = dict(D.PREFILL[n])
        bag = []
        for cls in D.CLASSES:
            bag += [cls] * (D.CITIZENS[cls] - tracks[cls])
        # Every draw of the set-up up to the hands, computed at once (draws.py): the same draws
        # as the Rng's shuffles, samples and below() in this order, then the Rng advanced.
        rng = None
        if len(bag) <= MAX_BOUND:
            rng = setup_draws(
                real_rng,
                _SETUP_DRAWS
                + (0 if printed else len(D.ACTION_TILES) - 1)
                + len(bag)
                - 1
                + D.HAND_SIZE * len(self.names),
            )
        if rng is None:
            rng = real_rng
        # 1B action tiles: shuffled, or the printed first-game layout
        if printed:
            self.action_tiles = dict(D.PRINTED_LAYOUT)
        else:
            tiles = list(D.ACTION_TILES)
            rng.shuffle(tiles)
            keys = list(B.LINES) + ["d"]
            self.action_tiles = dict(zip(keys, tiles))
        # what each intersection's street actions are, for the place labels' preview
        tiles = self.action_tiles
        self._cross_acts = {rc: lines(tiles) for rc, lines in _CROSS_LINES}
        self.tracks = tracks
        rng.shuffle(bag)
        self.bag = bag
        self.off_board = {c: 0 for c in D.CLASSES}  # citizens spilled past the last section
        # 1E three random Cerdà scoring tiles; 2F remove their Modernisme twins
        self.cerda_tiles = rng.sample(D.CERDA_TILES, D.CERDA_SCORINGS)
        self.cerda_scored = 0
        deck = [k for k in D.MODERNISME_TILES if k not in self.cerda_tiles]
        rng.shuffle(deck)
        self.mod_deck = deck
        self.mod_discard = []
        self.mod_display = []
        refill_display(self)
        # 2I five of the seven public-service stacks; 2 players drop the cheapest tile
        keys = rng.sample(list(D.SERVICES), D.SERVICES_USED)
        tiles = D.SERVICE_TILES[:2] if n == 2 else D.SERVICE_TILES
        self.services = {k: list(tiles) for k in sorted(keys, key=list(D.SERVICES).index)}
        # 3H building stacks (face up: the top tile's reward is public), 3J Sagrada tiles
        self.building_stacks = {}
        for level, rewards in D.BUILDING_TILES.items():
            idx = list(range(len(rewards)))
            rng.shuffle(idx)
            self.building_stacks[level] = idx  # top = idx[-1]
        self.sagrada_supply = {lvl: list(range(len(t))) for lvl, t in D.SAGRADA_TILES.items()}
        self.row_bonus = [True] * 4
        # the board
        self.citizens = {}  # (r, c) -> [bottom, ..., top]
        self.cross_owner = {}  # (r, c) -> seat
        self.streets = {}  # segment -> seat
        self.passengers = {}  # segment -> seat
        self.sites = {}  # site -> {"level": 1/2/3/"corner", "markers": [seats]}
        self.pavement = {D.PAVEMENT_START: None}  # cell -> seat (None: printed start stone)
        # 4 player boards, 5 start player (seat 0) and 2 hidden citizens each
        self.players = [PlayerState(name) for name in self.names]
        for p in self.players:
            p.hand = draw(self, D.HAND_SIZE, rng)
        if rng is not real_rng:
            advance(real_rng, rng)  # the Rng as if it had made the draws used
        self.solo = None  # the solo game: Gaudí's pawn, deck and rewards (solo_setup.py)
        if self.num_players == 1:
            solo_setup.setup(self)  # his board becomes players[1]; only seat 0 is a seat
        self.turn = 0  # turns completed
        self.end_triggered = False
        self.over = False
        self.tiebreak = None
        self.score_history = [[0] * self.num_players]
        self.stack = []
        self._legal = None
        begin_turn(self, 0)

    # ------------------------------------------------------------- versions
    def _made_with(self, version) -> None:
        """A record of an older minor version replays by the rules it was made with (solo_setup.py:
        ``reward_at_once``; rulesets.py) and keeps its version when it is saved again."""
        self.made_with = version
        self.settle_once = rulesets.settles_once(version)

    def record(self) -> dict:
        rec = Game.record(self)
        rec["engine"] = self.made_with
        return rec

    # ------------------------------------------------------------- interface
    @property
    def current_player(self):
        if self.over:
            return None
        return self.stack[-1].seat

    # "the final scoring is done"; a C getter (no Python frame): every playout loop asks it
    is_over = property(attrgetter("over"))

    def round_index(self):
        """A round is every seat's turn once, the first seat first (turn.end_round: the end of
        the game completes the round, RULEBOOK p.16); the solo game's round is the person's turn
        with Gaudí's."""
        return self.turn // len(self.names)

    def scores(self) -> list:
        return [p.vp for p in self.players[: self.num_players]]  # Gaudí's board is no seat

    def score_breakdown(self) -> list:
        return [dict(p.breakdown) for p in self.players[: self.num_players]]

    def winners(self) -> list:
        """Solo: [0] when the human beat Gaudí, [] when he won (ties go to him)."""
        if not self.over:
            return []
        return solo_scoring.winners(self) if self.solo is not None else scoring.winners(self)

    def view(self, seat=None) -> dict:
        """Everything ``seat`` may see (None: the public view); see view.py."""
        return view_mod.view(self, seat)

    def legal_actions(self) -> list:
        if self._legal is None:
            if self.over:
                self._legal = []
            else:
                frame = self.stack[-1]
                self._legal = RULES[frame.kind].options(self, frame)
        return list(self._legal)

    def _offered(self) -> list:
        if self._legal is None:
            self.legal_actions()
        return self._legal

    def apply(self, action_or_id) -> Action:
        """``Game.apply`` with its common case written out in one frame (a random playout is
        mostly this call): an Action among the kept options, then ``_do`` and the undo floor.
        Everything else (an id, an Action not offered, the game over, options not listed yet)
        goes to ``Game.apply``, which finds the action or raises the same errors."""
        legal = self._legal
        if action_or_id.__class__ is not Action or not legal:
            return Game.apply(self, action_or_id)
        try:
            action = legal[indexOf(map(_ID, legal), action_or_id.id)]  # the scan in C
        except ValueError:
            return Game.apply(self, action_or_id)
        frame = self.stack[-1]
        actor = frame.seat  # current_player (the game is not over: options exist)
        self._barrier_pending = False
        # _do, inlined
        self._legal = None
        players = self.players
        if len(players) == 4:  # _public_values written out: two calls fewer per action
            a, b, c, d = players
            before = (
                a.coins,
                a.cloth,
                a.vp,
                a.cerda,
                a.sagrada,
                b.coins,
                b.cloth,
                b.vp,
                b.cerda,
                b.sagrada,
                c.coins,
                c.cloth,
                c.vp,
                c.cerda,
                c.sagrada,
                d.coins,
                d.cloth,
                d.vp,
                d.cerda,
                d.sagrada,
            )
        else:
            before = _public_values(players)
        log = self._log  # the lines' list, nothing stated (see the log property)
        first_entry = len(log)
        RULES[frame.kind].apply(self, frame, action)
        self._run()
        if len(players) == 4:
            after = (
                a.coins,
                a.cloth,
                a.vp,
                a.cerda,
                a.sagrada,
                b.coins,
                b.cloth,
                b.vp,
                b.cerda,
                b.sagrada,
                c.coins,
                c.cloth,
                c.vp,
                c.cerda,
                c.sagrada,
                d.coins,
                d.cloth,
                d.vp,
                d.cerda,
                d.sagrada,
            )
        else:
            after = _public_values(players)
        actions = self.actions
        cuts = self._cuts  # the scorings this action set off (gains_cut), each its own reason
        if cuts:
            self._cuts = []
        else:
            cuts = None  # not the list itself: the next scoring appends to that one
        if before != after:  # stated in the log when it is read (_state_gains)
            self._gains.append((first_entry, len(log), len(actions), before, after, cuts, action.label))
        actions.append(action.id)
        self._floors(self.over or self.stack[-1].seat != actor)  # Game.apply's rule
        return action

    def _do(self, action: Action) -> None:
        frame = self.stack[-1]
        self._legal = None
        players = self.players
        before = _public_values(players)
        log = self._log  # the lines' list, nothing stated (see the log property)
        first_entry = len(log)
        RULES[frame.kind].apply(self, frame, action)
        self._run()  # leaves the new decision's options in self._legal
        after = _public_values(players)
        cuts = self._cuts
        if cuts:
            self._cuts = []
        else:
            cuts = None
        if before != after:
            self._gains.append((first_entry, len(log), len(self.actions), before, after, cuts, action.label))

    def gains_cut(self, reason) -> None:
        """A scoring begins (``reason``, a message: "Cerdà scoring 2"): what changes from here to
        the next cut or the end of the action is stated as the scoring's, in a line of its own
        after the scoring's lines, not as the action's (issue 51: every line says why)."""
        self._cuts.append((len(self._log), _public_values(self.players), reason))

    # What an action changed for each seat, stated in the log (issue 7: "takes 1 cloth and 3 VP",
    # "Cerdà -2"): coins, cloth, VP, Cerdà and Sagrada steps are public in Barcelona. Counted
    # phrases (singular key, plural key), a sign parameter "+"/"−".
    _RESULTS = (
        count("bcn.delta.coin", "bcn.delta.coins", 0),
        count("bcn.delta.cloth", "bcn.delta.cloth_pl", 0),
        count("bcn.delta.vp", "bcn.delta.vp_pl", 0),
        count("bcn.delta.cerda", "bcn.delta.cerda_pl", 0),
        count("bcn.delta.sagrada", "bcn.delta.sagrada_pl", 0),
    )  # templates: n and sign filled in

    # The log is written in two parts: the rules' lines as they happen (``log_event``), and what
    # each action changed, noted by ``apply`` as (first line, end, actions before, before, after)
    # in ``_gains`` and stated in the lines only when the log is read (the ``log`` property).
    # Random playouts and bot rollouts never read it: stating the gains of every action was
    # about a sixth of a playout's time. Whoever reads ``log`` gets the same lines as if each
    # action had stated its gains at once.
    # The lines' list is ``_log``, where ``Game.log_event`` appends without stating anything
    # (LOG_LINES); the ``log`` property in front of it states the noted changes first.
    LOG_LINES = "_log"

    @property
    def log(self) -> list:
        if self._gains:
            self._state_gains()
        return self._log

    @log.setter
    def log(self, entries) -> None:
        self._log = entries
        self._gains = []
        self._cuts = []  # (line, values, reason) of the scorings in the action being applied

    def _state_gains(self) -> None:
        """Each noted action's changes stated in its lines (engine/barcelona/log_gains.py)."""
        log_gains.state(self)

    @classmethod
    def _delta_text(cls, delta) -> dict:
        parts = []
        for template, d in zip(cls._RESULTS, delta):
            if d:
                parts.append(dict(template, n=abs(d), sign="+" if d > 0 else "−"))
        return parts[0] if len(parts) == 1 else msg_items(parts)

    def _run(self) -> None:
        """Run automatic frames until a decision with options is on top."""
        while not self.over:
            stack = self.stack  # final scoring replaces the stack
            if not stack:
                return
            frame = stack[-1]
            options, run = _STEPS[frame.kind]
            if run is None:
                opts = options(self, frame)
                if opts:
                    self._legal = opts
                    return
                stack.pop()  # nothing possible: the step is skipped (documented)
                continue
            stack.pop()
            run(self, frame)

    def clone(self) -> "BarcelonaGame":
        if self._gains:  # the copy shares the log's lines: complete them first, once
            self._state_gains()
        g = BarcelonaGame.__new__(BarcelonaGame)
        d = g.__dict__
        for k, v in self.__dict__.items():
            if k in ("_cross_acts", "_place_slots"):  # fixed for the game: shared
                pass
            elif k == "players":
                v = [p.copy() for p in v]
            elif k == "rng":
                v = v.copy()
            elif k in ("citizens",):
                v = {a: list(b) for a, b in v.items()}
            elif k == "sites":
                v = {a: {"level": b["level"], "markers": list(b["markers"])} for a, b in v.items()}
            elif k in ("building_stacks", "sagrada_supply", "services"):
                v = {a: list(b) for a, b in v.items()}
            elif k == "solo":
                v = None if v is None else solo_setup.copy_state(v)
            elif k == "score_history":
                v = [list(x) for x in v]
            elif isinstance(v, list):  # the stack too: its frames are immutable, shared
                v = list(v)
            elif isinstance(v, dict):
                v = dict(v)
            d[k] = v
        return g

    def masked_for(self, seat, seed) -> "BarcelonaGame":
        """A clone in which nothing hidden from ``seat`` keeps its true value: the other seats'
        hands and the bag are pooled, sorted and re-dealt, the Modernisme deck and the building
        tiles below each stack's (public) top are sorted and reshuffled, and the RNG is reseeded,
        all from ``seed``. The pools are the complement of what ``seat`` sees, so anything
        computed on this copy (bots, hints) is a function of that seat's view."""
        h = self.clone()
        rng = Rng(seed)
        # Once the game is over every hand is public (view shows them): only the bag is pooled.
        others = [] if h.is_over else [p for i, p in enumerate(h.players) if i != seat]
        pool = sorted(list(h.bag) + [c for p in others for c in p.hand])
        rng.shuffle(pool)
        for p in others:
            p.hand, pool = pool[: len(p.hand)], pool[len(p.hand) :]
        h.bag = pool
        h.mod_deck = sorted(h.mod_deck)
        rng.shuffle(h.mod_deck)
        for level, stack in h.building_stacks.items():
            below = sorted(stack[:-1])
            rng.shuffle(below)
            h.building_stacks[level] = below + stack[-1:]
        if h.solo is not None:
            solo_setup.mask(h, rng)
        h.rng = Rng(seed)
        h._legal = None
        return h
