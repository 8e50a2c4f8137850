"""Computer seats, pure Python (no js imports; tested in CPython): which seat the computer plays
now, at which level and budget, whose view is on screen meanwhile, and when main.py plays it.

- ``ComputerSeats`` (the session's ``seats``): the seat to move (``to_move``, ``key``: position +
  seat), the worker's question (``request``, web/model/hints.worker_request) and answer
  (``answer``), the move itself (``play``: the worker's answer if it is legal, else
  web/model/hints.suggest on the page), the thinking bar's budget (``thinks``) and the delay
  before each decision (``delay``).
- ``Scheduler``: the clock main.py used to keep in globals. After every redraw ``plan`` says
  whether a computer seat is to move (data-bot), whether to start the worker, what to ask it and
  how long to wait; ``fired`` (the delay is over) says play now or wait for the answer;
  ``answered`` takes the worker's reply and says whether it is due at once. main.py only sets the
  timer and posts the message.
"""

import inspect
from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.core.msg import N_

from web.model import hints
from web.model.games import SetupError, bot_levels, default_level, game_spec
from web.i18n import t
from web.model.limits import excerpt
from web.model.settings import BOT_DELAY, BOT_SPEEDS

# A searching computer level (one whose policy takes should_stop) thinks at most this long per
# decision, in the background worker (web/worker/bots.py); URL botbudget= overrides it.
BOT_BUDGET = 2000
WORKER_DOWN = N_("app.note.worker_down")  # {why}: the browser's reason


class ComputerSeats:
    """The computer seats of a session (its ``seats``).

    ``owner``: what it reads of the session: ``game``, ``meta`` (bots, bot_levels, hidden,
    bot_speed), ``screen``, ``shown_seat``, ``suggest`` (a test's stub bot, else None),
    ``position()``, ``flow.actors()``, ``auto`` (the non-player opponent's steps) and
    ``play_as(seat, action id)`` (an action applied with its bookkeeping); it writes ``message``
    (the worker is down)."""

    def __init__(self, owner):
        self.owner = owner
        self.watcher = None  # hidden hands off: the person whose view is shown while computers play
        self.fixed_delay = None  # URL botdelay= (a test/demo knob); else the game's computer speed
        self.budget = BOT_BUDGET  # ms a searching level may think (URL botbudget=)
        self._answer = None  # (key, action id) the background worker chose
        self.worker_down = ""  # why the worker is not used ("" = it is, or not tried yet)
        self._worker_note = False  # WORKER_DOWN still to be said

    def humans(self):
        s = self.owner
        return [seat for seat in range(s.game.num_players) if seat not in s.meta["bots"]]

    def is_bot(self, seat):
        return seat in self.owner.meta["bots"]

    def level(self, seat):
        """The level the computer at ``seat`` plays (record meta ``bot_levels``; keys are strings)."""
        s = self.owner
        level = s.meta.get("bot_levels", {}).get(str(seat))
        spec = game_spec(s.game.GAME_NAME)
        return level if level in bot_levels(spec) else default_level(spec)

    def viewer(self):
        """Whose view is on screen while a computer decides (never the computer's own: its hand,
        stacks and tasks stay secret).
        - Hidden hands off: the people at the table see each other's views anyway, so the person
          who decided last (else the first human seat) keeps their view.
        - Hidden hands on, one person: that person, once they took the device (hand-off screen);
          before that the public view.
        - Hidden hands on, several people: the public view, because the device may be changing
          hands while the computers play; the next person's hand-off screen comes before their turn."""
        s = self.owner
        humans = self.humans()
        if not s.meta["hidden"]:
            return self.watcher if self.watcher in humans else humans[0]
        if len(humans) == 1 and s.shown_seat == humans[0]:
            return s.shown_seat
        return None

    def to_move(self):
        """The computer seat that must decide now (main.py then calls ``play`` after a short
        delay), else None: a person decides, the game is over, or another screen is up (new-game
        form, history) which pauses the computers. "auto": the next step of a non-player
        opponent's turn is to be shown."""
        s = self.owner
        if s.screen != "bot":
            return None
        return "auto" if s.auto.pending() else s.game.current_player

    def follows_at_once(self, seat):
        """Whether ``seat``'s decision follows its own last action with no delay: that action left
        no public log line (a tile sold from behind a screen, one action per tile).
        The pause before a computer's move lets people follow what changed; after an action the
        table did not see, a pause would only tell them how many such actions there were."""
        g = self.owner.game
        if g is None or not g.actions or not isinstance(seat, int):
            return False
        last = len(g.actions) - 1
        if self.owner.flow.actors()[last] != seat:
            return False
        return not any(e.get("n") == last for e in g.log_for(None))

    def key(self):
        """Names the pending computer decision (position and seat), or None: a worker's answer is
        used only for the decision it was asked about."""
        seat = self.to_move()
        return None if seat is None else self.owner.position() + (seat,)

    def progress(self):
        """What a computer step changes (main.py: a step that changed nothing failed)."""
        s = self.owner
        return (len(s.game.actions), s.auto.shown) if s.game is not None else None

    def request(self):
        """The message for the background worker (web/model/hints.worker_request: the seat's masked
        copy, level, budget), or None when there is nothing to ask (no bot for this game)."""
        seat = self.to_move()
        if seat is None or self.owner.suggest is not None:  # a test's stub bot runs on the page
            return None
        return hints.worker_request(self.owner.game, self.level(seat), self.budget)

    def answer(self, key, action_id):
        """The worker chose ``action_id`` for decision ``key`` (None: it could not; the page
        decides); ``play`` applies it."""
        self._answer = (key, None if action_id is None else str(action_id))

    def has_answer(self):
        return self._answer is not None and self._answer[0] == self.key()

    def worker_failed(self, why):
        """The worker is not available: the page plays its computer seats itself from now on
        (cheap levels only, hints.page_level) and says so once, with the reason."""
        if not self.worker_down:
            self._worker_note = True  # said once, with the first move the page plays itself
        self.worker_down = excerpt(str(why) or "unknown reason", 80)

    def play(self):
        """Let the computer seat on move decide and apply its choice; returns the Action.
        The choice is the background worker's answer for this decision if there is one (checked
        against the engine's legal actions like any move), else web/model/hints.suggest on the page
        at the seat's level (a searching level plays the default level there, hints.page_level):
        the game's bot (spec.bots) on a copy of the game in which every secret of the other seats
        is masked, so it cannot use what it may not see. (A game with no bot: the first legal action.)"""
        s = self.owner
        if s.screen != "bot":
            raise SetupError(t("app.err.no_bot"))
        if s.auto.pending():
            s.auto.next()
            return None
        game = s.game
        seat = game.current_player
        answer = self._answer[1] if self.has_answer() else None
        self._answer = None
        action = None
        if answer is not None:
            try:
                action = game.find_action(answer)  # like any move: only a legal action is played
            except IllegalAction:
                action = None  # a bug in the worker must not stall the game: the page decides
        if action is None:
            suggest = s.suggest
            if suggest is None:  # looked up when called: tests swap hints.suggest
                suggest, level = hints.suggest, hints.page_level(game, self.level(seat))
            else:
                level = self.level(seat)
            action = suggest(game, level=level) or game.legal_actions()[0]
            if self._worker_note:  # until the person's turn: a chain of computer moves redraws each time
                s.message = {"key": WORKER_DOWN, "why": self.worker_down}
        s.play_as(seat, action.id)
        if s.screen != "bot":
            self._worker_note = False  # said: the person's screen shows it
        return action

    def thinks(self):
        """For the thinking bar: ms the seat on move may think, or 0 when its level does not
        search (Easy/Normal answer at once; the bar then shows no budget)."""
        seat = self.to_move()
        if seat is None or self.worker_down:
            return 0
        try:
            policy = game_spec(self.owner.game.GAME_NAME).bot(self.level(seat))
            return self.budget if "should_stop" in inspect.signature(policy).parameters else 0
        except (ValueError, KeyError, TypeError, ImportError, AttributeError):
            return 0

    @property
    def delay(self):
        """ms before a computer seat decides: URL ``botdelay=`` if given, else the game's speed."""
        if self.fixed_delay is not None:
            return self.fixed_delay
        return BOT_SPEEDS.get(self.owner.meta.get("bot_speed"), BOT_DELAY)

    @delay.setter
    def delay(self, ms):
        self.fixed_delay = ms


@dataclass(frozen=True)
class Plan:
    """What main.py does after a redraw: ``seat`` to show as data-bot (None: remove it), start the
    worker or not, ``ask`` = (bot key, request) to post to the worker or None, ``delay`` ms of the
    timer to set (None: no timer)."""

    seat: object = None
    start_worker: bool = False
    ask: tuple = None
    delay: int = None


class Scheduler:
    """The computer seats' clock, without the DOM (main.py holds the timer and the worker).

    A computer seat to move: the worker starts thinking at once; the move is played once the
    seat's delay has passed (a person can follow) AND the answer is in, then the redraw plans the
    next one (chains of computer decisions run on by themselves). A redraw (zoom, History, the
    log) neither asks again nor waits: one question per decision (``asking``)."""

    def __init__(self):
        self.ready = False  # the page is interactive: the worker is used from then on
        self.asking = None  # bot key of the decision the worker is thinking about
        self.due = False  # that decision's delay is over: play it as soon as the answer is in
        self.thinking_since = (None, 0)  # (bot key, ms when it started): the budget bar survives redraws

    def worker_on(self, s):
        """Whether computer seats think in the worker: after the page is ready (it adds nothing to
        the start), never in embed mode (no computer seats there), not after it failed. It starts
        when a computer seat is first to move (or at a Hint), not while a person plays."""
        return self.ready and s.embed is None and not s.seats.worker_down

    def plan(self, s):
        """After every redraw (every redraw restarts the delay: the caller cleared its timer)."""
        self.due = False
        seat = None if s.game is None else s.seats.to_move()
        if seat is None:  # a person's turn: no worker yet (its runtime would share the CPU with
            return Plan(None, False)  # the person's taps; a Hint starts it, or the first computer turn)
        start = bool(s.meta["bots"]) and self.worker_on(s)
        # the banners still up are read first (web/model/banners.py; 0 without banners)
        pause = 0 if s.seats.follows_at_once(seat) else s.seats.delay
        return Plan(seat, start, self.question(s), pause + s.banners.hold(s))

    def question(self, s):
        """(bot key, request) to post for the pending decision, else None (asked already, answered,
        no worker, no bot for the game)."""
        key = s.seats.key()
        if not self.worker_on(s) or key is None or key == self.asking or s.seats.has_answer():
            return None
        request = s.seats.request()
        if request is None:
            return None
        self.asking = key
        return key, request

    def answered(self, s, key, action_id):
        """The worker's reply for ``key`` (``action_id`` None: it could not answer; the page decides).
        True when that decision's delay is over already: play it now."""
        if self.asking == key:
            self.asking = None
        s.seats.answer(key, action_id)
        if self.due and s.seats.key() == key:
            self.due = False
            return True
        return False

    def fired(self, s):
        """The delay is over: "play" (now), "wait" (the worker's answer plays it) or None (no longer
        a computer's turn: new game or History meanwhile; or the page is still starting: the first
        plan after ready plays it)."""
        key = s.seats.key()
        if key is None or not self.ready:
            return None
        if self.worker_on(s) and not s.seats.has_answer() and self.asking == key:
            self.due = True
            return "wait"
        return "play"

    def thinking_ms(self, s, now):
        """How long the pending decision has been thought about (ms; ``now`` in ms): the thinking
        bar goes on from there after a redraw."""
        key = s.seats.key()
        if self.thinking_since[0] != key:
            self.thinking_since = (key, now)
        return int(now - self.thinking_since[1])
