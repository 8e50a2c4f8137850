"""StrasbourgGame: setup (SEED § 起始設置) and the turn machine that strings the
phases together. Rules live in the phase modules:

  decisions.py  the table of decision kinds: options, apply, prompt
  plotting.py   task-card choice, plotting phase (密謀階段)
  auction.py    the auction of steps A-G (關說階段: 出標 / Pass / 跳過)
  lobbying.py   step effects A-I
  council.py    council phase (議會階段), round change
  scoring.py    end scoring, task cards, winners
  view.py       what each seat may see

The pending decision (``state.decision``) is an ``engine.core.decision.Decision``
whose kind is one of decisions.RULES: tasks, draw, stack, bid, return, shop,
apprentice, sell, build, chapel.
"""

from operator import attrgetter, indexOf

from ..core.action import Action
from ..core.game import Game
from ..core.errors import IllegalAction
from ..core.decision import Decision
from ..core.msg import N_, items, msg, seat
from ..core.rng import Rng
from . import auction, council, data, plotting, rulesets, scoring, screens, view as view_mod
from .decisions import RULES, STARTERS
from .draws import shuffle_all
from .spec import SPEC
from .state import State

_STEP = N_("str.log.step")
_BUILD_CHAPEL = {(item, s): Decision(item, s) for item in ("build", "chapel") for s in range(8)}
_STEP_TEXT: dict = {}  # (round, letter, kind, guild) -> the step's log line (bounded: 5 x 9 x 6 x 4)
_TASKS = tuple(Decision("tasks", s) for s in range(8))  # one per seat: Decisions are immutable
_APPLY = {kind: rule.apply for kind, rule in RULES.items()}  # RULES[kind].apply, one look-up
_ID = attrgetter("id")
_AUCTION_KINDS = frozenset(("nobility", "guild", "trade", "election"))
# What each step is called (view.step_label), made once: messages are data nobody changes,
# so the log entry of every step shares its step's.
_STEP_WHAT = {
    (kind, guild): view_mod.step_label(kind, guild) for kind in _AUCTION_KINDS for guild in (None,) + data.GUILDS
}


def _board_text(r, b, edifice):
    """The set-up log's line for round r's board, made once: a message is data nobody changes."""
    key = (r, b, edifice)
    text = _BOARD_TEXT.get(key)
    if text is None:
        text = _BOARD_TEXT[key] = msg(
            "str.log.board",
            round=r + 1,
            b=data.guild_name(data.ROUND_BOARDS[b][0]),
            d=data.guild_name(data.ROUND_BOARDS[b][1]),
            f=data.guild_name(data.ROUND_BOARDS[b][2]),
            edifice=edifice,
        )
    return text


_BOARD_TEXT: dict = {}


class StrasbourgGame(Game):
    SPEC = SPEC  # name, player counts and options (engine/strasbourg/spec.py)
    # The rules a game is played by (rulesets.py): a game replayed from a record of an older
    # minor version keeps that version (``made_by``) and its rules, and its record says so.
    made_by = None  # None: today's rules
    asks_screened = True  # a screened step (sale, shop, apprentice) is asked every time
    sells_at_once = True  # a sale is one act (before 2.4.0: one action per tile sold)

    def _made_with(self, version):
        """``Game.from_record``'s hook: a record of an older minor version is played by its rules."""
        if not rulesets.sells_at_once(version):
            self.made_by, self.sells_at_once = version, False
        if not rulesets.asks_screened(version):
            self.made_by, self.asks_screened = version, False

    def record(self):
        rec = super().record()
        if self.made_by is not None:
            rec["engine"] = self.made_by
        return rec

    # ----- setup ----------------------------------------------------------------
    def _setup(self):
        """SEED § 起始設置 1-9."""
        n = self.num_players
        st = self.st = State(n)
        rng = self.rng
        boards = list(range(len(data.ROUND_BOARDS)))  # 1. round boards in random order
        st.boards = boards
        edifices = list(data.EDIFICES)  # 2. one edifice under each board
        st.edifices = edifices
        for p in st.players:  # 6. own shuffled deck of 24
            p.deck = list(data.DECK)
        tasks = [t[0] for t in data.TASK_CARDS]  # 8. deal 5 task cards each
        # rng.shuffle of each list in this order, all the draws computed at once (draws.py)
        shuffle_all(rng, [boards, edifices] + [p.deck for p in st.players] + [tasks])
        for i, p in enumerate(st.players):
            p.dealt = sorted(tasks[i * data.TASKS_DEALT : (i + 1) * data.TASKS_DEALT])
        st.start_player = rng.below(n)  # 9. start player (chosen at random)
        sp, nx = st.start_player, (st.start_player + 1) % n
        st.council["nobility"] = sp  # 9. start player -> Nobility seat
        st.council["church"] = nx  # 9. next player -> Church seat
        st.players[sp].supply -= 1
        st.players[nx].supply -= 1
        st.score_history.append([0] * n)
        order = items(map(_board_text, range(len(boards)), boards, st.edifices))
        self.log_event(msg("str.log.boards", boards=order))
        self.log_event(msg("str.log.start", who=seat(sp), next=seat(nx)))
        st.phase = "tasks"
        st.plot_order = st.clockwise_from(sp)
        self._advance()

    # ----- the machine ------------------------------------------------------------
    def _advance(self):
        st = self.st
        # Decisions are shared (one "bid"/"draw"/"stack" per seat): a decision set again by this
        # machine is a new question even when it is the same object, so the kept options go.
        self._legal_cache = None
        while st.decision is None:
            phase = st.phase
            if phase == "over":
                return
            if st.queue:
                item = st.queue.pop(0)
                st.decision = STARTERS[item.kind](self, item)  # start_item(self, item), inline
            elif phase == "lobby":
                if st.auction is not None:  # _lobby_step's first case, inline (most steps)
                    auction.next_auction_decision(self)
                else:
                    self._lobby_step()
            elif phase == "plot":
                plotting.next_plot_decision(self)
            elif phase == "tasks":
                if st.plot_order:
                    st.decision = _TASKS[st.plot_order[0]]
                else:
                    st.phase = "plot"
                    st.plot_order = st.clockwise_from(st.start_player)
                    st.plot_stage = "draw"
                    self.log_event(msg("str.log.round_begins", round=1))

    def _lobby_step(self):
        st = self.st
        if st.auction is not None:
            auction.next_auction_decision(self)
            return
        players = st.players
        while True:  # step after step while nothing needs a decision (the machine's next passes)
            if st.step_open:  # step finished (queue empty, no auction)
                st.step_open = False
                st.step += 1
                if st.step == len(data.STEP_LETTERS):
                    council.council_phase(self)
                    return
            letter, kind, guild = data.BOARD_STEPS[st.boards[st.round]][st.step]  # st.step_info()
            st.step_open = True
            if kind not in _AUCTION_KINDS:
                seat_key, item = ("nobility", "build") if kind == "edifice" else ("church", "chapel")
                holder = st.council[seat_key]
                if holder is None:  # cannot happen after a normal setup (both seats filled)
                    self.log_event(msg("str.log.seat_empty", step=letter, council=data.council_name(seat_key)))
                else:
                    st.queue.append(_BUILD_CHAPEL[item, holder])
                return
            key = (st.round, letter, kind, guild)  # the step's line, shared (messages never change)
            text = _STEP_TEXT.get(key)
            if text is None:
                text = _STEP_TEXT[key] = {
                    "key": _STEP,
                    "round": st.round + 1,
                    "step": letter,
                    "what": _STEP_WHAT[kind, guild],
                }
            self.log.append({"n": len(self.actions), "seat": None, "text": text})  # self.log_event(...), inline
            for p in players:
                if p.stacks:
                    auction.start_auction(self, letter, kind, guild)
                    auction.next_auction_decision(self)  # what the machine's next pass would do
                    return
            # Nobody has a stack left (most steps of a random playout): everyone passes at once.
            auction.all_pass(self, letter, kind, guild)

    # ----- interface ----------------------------------------------------------------
    @property
    def current_player(self):
        d = self.st.decision
        return None if d is None else d.seat

    @property
    def is_over(self):
        return self.st.phase == "over"

    # The options of the pending decision, listed once per decision: (decision, options).
    # Cleared by every action (a decision may stay pending while its options change, e.g.
    # selling goods one by one); a clone starts without it.
    _legal_cache = None

    def legal_actions(self):
        d = self.st.decision  # list(self._offered()), inline: a playout asks every move
        if d is None:
            return []
        c = self._legal_cache
        if c is not None and c[0] is d:
            return list(c[1])
        acts = RULES[d.kind].options(self, d)
        self._legal_cache = (d, acts)
        return list(acts)

    def _offered(self):
        d = self.st.decision
        if d is None:
            return []
        c = self._legal_cache
        if c is not None and c[0] is d:
            return c[1]
        acts = RULES[d.kind].options(self, d)
        self._legal_cache = (d, acts)
        return acts

    def apply(self, action_or_id):
        """``Game.apply``, specialised: every move of every playout comes here. The kept options
        are read directly, ``_do`` is inline, and the undo floor comes from the decisions (the
        actor is the pending decision's seat; no next decision: the game is over). Anything but
        a legal option (or the game over) goes to ``Game.apply``, which raises as usual."""
        st = self.st
        d = st.decision
        c = self._legal_cache
        if c is not None and c[0] is d:
            legal = c[1]
        elif d is None:
            return Game.apply(self, action_or_id)
        else:
            legal = self._offered()
        cls = action_or_id.__class__
        try:
            action = legal[
                indexOf(map(_ID, legal), action_or_id.id if cls is Action else action_or_id if cls is str else None)
            ]  # the scan in C
        except ValueError:
            return Game.apply(self, action_or_id)
        self._barrier_pending = False
        self._legal_cache = None
        _APPLY[d.kind](self, d, action)
        if st.decision is None:  # else the decision stays (a draw, a sale): nothing to advance
            self._advance()
        self.actions.append(action.id)
        nd = st.decision
        self._floors(nd is None or nd.seat != d.seat)  # Game.apply's rule
        return action

    def screened(self):
        """Whether the pending decision's choice stands behind the seat's screen (a sale)."""
        d = self.st.decision
        return d is not None and RULES[d.kind].screened

    def _do(self, action):
        self._legal_cache = None
        d = self.st.decision
        RULES[d.kind].apply(self, d, action)
        self._advance()

    def round_index(self):
        """The round (0-4; 5 once the fifth council is over)."""
        return self.st.round

    def scores(self):
        st = self.st
        if st.final is not None:
            return [sum(b.values()) for b in st.final]
        return [p.prestige for p in st.players]

    def score_breakdown(self):
        """Per seat {category: VP}. Final once over; before that the public part
        as if the game ended now (task cards are secret and left out)."""
        st = self.st
        if st.final is not None:
            return [dict(b) for b in st.final]
        return [scoring.breakdown(st, s, with_tasks=False) for s in range(st.n)]

    def winners(self):
        if self.st.final is None:
            return []
        return scoring.winners(self.st)

    def view(self, seat=None):
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players
        ):
            raise IllegalAction(msg("str.err.no_seat", seat=repr(seat)[:40]))
        return view_mod.build(self, seat)

    def masked_for(self, seat, seed):
        """A clone in which nothing hidden from ``seat`` keeps its true value: every other
        seat's cards (deck, hand, stacks) become blanks of the same sizes, their task cards
        are re-dealt at random from the cards ``seat`` does not hold, what is behind their
        screens (coins, goods, privileges) is rebuilt from the public tallies (``screens``),
        and the RNG is reseeded, all from ``seed``. Bots and hints for ``seat`` run on this
        copy, so what they suggest depends only on what that seat may see. Task cards stay
        real cards (the rules read them when the copy is played on and at the final scoring),
        and once the game is over they, and the screens, are public and kept as they are."""
        h = self.clone()
        rng = Rng(seed)
        own = h.st.players[seat] if isinstance(seat, int) and 0 <= seat < h.st.n else None
        pool = sorted({t[0] for t in data.TASK_CARDS} - set(own.dealt + own.tasks if own else ()))
        rng.shuffle(pool)
        for i, p in enumerate(h.st.players):
            if i == seat:
                continue
            p.deck = [0] * len(p.deck)
            p.hand = [0] * len(p.hand)
            p.stacks = [[0] * len(s) for s in p.stacks]
            p.dealt, pool = sorted(pool[: len(p.dealt)]), pool[len(p.dealt) :]
            if not self.is_over:
                p.tasks, pool = sorted(pool[: len(p.tasks)]), pool[len(p.tasks) :]
        if not self.is_over:
            screens.determinise(h.st, seat, rng)
        h.rng = Rng(seed)
        return h

    def clone(self):
        g = object.__new__(type(self))
        g.names = self.names[:]
        g.seed = self.seed
        g.options = dict(self.options)
        g.rng = self.rng.copy()
        g.actions = self.actions[:]
        g.undo_floor = self.undo_floor
        g.passed_turn = self.passed_turn
        g.passed_own_draw = self.passed_own_draw
        g.log = self.log[:]
        g._barrier_pending = self._barrier_pending
        g.st = self.st.copy()
        if self.made_by is not None:
            g.made_by, g.asks_screened, g.sells_at_once = self.made_by, self.asks_screened, self.sells_at_once
        return g
