"""Hints and computer seats: ask the game's bot what the deciding seat could do now. Pure Python.

Which bot: the game's registry entry names its bots by level (``spec.bots``: level ->
"module:function", one signature ``policy(game, rng) -> Action``). A hint asks the default
level (web.model.games.default_level, "normal"); a computer seat asks its own level.

Secrecy. A Game object holds every secret (the other seats' hands, deck orders, the RNG
state that decides future draws). A hint is shown on the deciding seat's screen, so it
must depend only on what that seat may see, otherwise a hint could leak, say, which
citizen another player holds. The bots are written to look only at their own seat, but
we do not rely on that alone: the bot runs on a *masked copy* in which everything hidden
from the seat is replaced by a fixed stand-in that depends only on what the seat may see.
Only the engine knows its hidden state, so it builds that copy: ``game.masked_for(seat,
MASK_SEED)``. The policy's rng is seeded from MASK_SEED and the length of the seat's own
log (a count the seat sees): the same position, the same answer (and a computer seat's move
equals the hint its level would give), while the easy level's noise and the hard level's
search still vary from move to move.

tests/web/test_hints.py checks that changing other seats' secrets never changes a hint.

Computer seats think in a background worker (web/worker.js + web/worker/bots.py): ``worker_request``
is the whole message the page posts to it, the masked copy as bytes
(engine.core.masked_state: no seed, no other seat's action ids or private log lines), so the
worker never holds a secret of another seat. ``suggest`` on the page is the fallback.

``Hints`` is the Hint button of the session (web.model.session.Session.hints): the hint shown for
the position on screen, the one the worker is computing (at HINT_LEVEL), stale ones dropped.
"""

import base64

from engine.core.masked_state import masked_state

from engine.core.errors import IllegalAction
from engine.core.rng import Rng

from web.model.games import SetupError, default_level
from web.i18n import t
from web.model.open_record import spec_of as _spec_of

# Levels cheap enough for the page's own thread (a few ms): the fallback when the worker is
# unavailable plays these; a seat at a searching level (e.g. "hard") plays the default level.
PAGE_LEVELS = ("easy", "normal")

MASK_SEED = 0x5EED  # fixed: hints are reproducible and cannot carry the game's RNG state
# The Hint button's level when the background worker computes it (the page's own fallback asks
# the default level: a searching level would block the page's thread).
HINT_LEVEL = "hard"


def suggest(game, level=None, **kw):
    """The suggested Action for the pending decision at ``level`` (None: the default level),
    or None (game over, a game the registry does not know, no bot). ``kw`` go to the policy
    (e.g. ``should_stop``, a callable the browser passes to bound the hard level's search)."""
    if game is None or game.is_over or not game.legal_actions():
        return None
    seat = game.current_player
    spec = _spec_of(game)
    if spec is None or seat is None:
        return None
    masked = game.masked_for(seat, MASK_SEED)
    if not spec.bots:
        return None
    rng = Rng(policy_seed(game, seat))
    choice = spec.bot(level if level in spec.bots else default_level(spec))(masked, rng, **kw)
    aid = getattr(choice, "id", choice)
    for a in game.legal_actions():  # always answer with a real, currently legal action
        if a.id == aid:
            return a
    return None


def why(game, action):
    """Why ``action``: one line (a message) of what it gains by the game's own evaluation, the
    one its computer levels use (the registry's ``explain``, engine/core/why.py), or None. Asked
    on the deciding seat's masked copy, like the hint itself: the reason can tell nothing the
    seat may not see."""
    if game is None or action is None or game.is_over:
        return None
    seat, spec = game.current_player, _spec_of(game)
    if spec is None or seat is None or not getattr(spec, "explain", ""):
        return None
    try:
        return spec.why(game.masked_for(seat, MASK_SEED), action.id)
    except IllegalAction:
        return None


def policy_seed(game, seat):
    """The seed of the policy's rng: MASK_SEED and the length of the seat's own log (a count the
    seat sees). The page and the worker use the same one, so a level answers alike on both."""
    return MASK_SEED * 1_000_003 + len(game.view(seat)["log"])


def worker_request(game, level=None, budget_ms=2000):
    """The message for web/worker.js: what the deciding seat may know, the level and the time
    budget; None when there is nothing to decide or no bot (the page then decides itself).
    JSON-safe: {"game", "seat", "level", "budget_ms", "rng_seed", "state" (base64 of the masked state)}."""
    if game is None or game.is_over or not game.legal_actions():
        return None
    seat, spec = game.current_player, _spec_of(game)
    if spec is None or seat is None or not spec.bots:
        return None
    return {
        "game": spec.name,
        "seat": seat,
        "level": level if level in spec.bots else default_level(spec),
        "budget_ms": int(budget_ms),
        "rng_seed": policy_seed(game, seat),
        "state": base64.b64encode(masked_state(game, seat, MASK_SEED)).decode("ascii"),
    }


def page_level(game, level):
    """The level the page plays itself when the worker is unavailable: ``level`` if it is cheap,
    else the default level (a search on the page's thread would freeze the page)."""
    spec = _spec_of(game)
    if spec is None:
        return level
    return level if level in PAGE_LEVELS or level not in spec.bots else default_level(spec)


class Hints:
    """The Hint button of a session (its ``hints``): the hint shown for the position on screen, the
    one the worker is computing (at HINT_LEVEL), stale ones dropped.

    ``owner``: what it reads of the session: ``screen``, ``game``, ``suggest`` (a test's stub bot,
    else None), ``position()`` and its computer seats' ``budget`` (the worker's time budget); it
    sets ``part_away`` (a Hint asked for shows the part of a phone's board that holds it, even
    one the player stepped away from: kit.regions.table_regions)."""

    def __init__(self, owner):
        self.owner = owner
        self._hint = None  # (position key, Action) from request() / answer()
        self._wait = None  # position key of a Hint the background worker is computing
        self._why = None  # (position key, action id, message) of the hint's why line, worked out once

    def request(self):
        """Ask the bot for the pending decision on the page; shown until the position changes."""
        s = self.owner
        if s.screen != "play":
            raise SetupError(t("app.err.no_decision"))
        action = (s.suggest or suggest)(s.game)
        if action is None:
            raise SetupError(t("app.err.no_hint"))
        self._hint = (s.position(), action)
        s.part_away = None

    def worker_request(self):
        """The message for the background worker for a Hint at HINT_LEVEL (``worker_request``: the
        seat's masked copy), or None when the page answers itself (a test's stub bot, no bot).
        Marks the position as waiting (``thinking``) until ``answer``."""
        s = self.owner
        if s.screen != "play":
            raise SetupError("no decision is pending on this screen")
        if s.suggest is not None:
            return None
        request = worker_request(s.game, HINT_LEVEL, s.seats.budget)
        self._wait = None if request is None else s.position()
        s.part_away = None
        return request

    @property
    def thinking(self):
        """A Hint for the position on screen is being computed in the worker."""
        s = self.owner
        return self._wait is not None and s.screen == "play" and self._wait == s.position()

    def answer(self, key, action_id):
        """The worker's Hint for position ``key`` (None: it could not answer: the page then
        suggests at its own level). A position that moved on meanwhile drops it (stale)."""
        s = self.owner
        if self._wait == key:
            self._wait = None
        if s.screen != "play" or key != s.position():
            return
        action = None
        if action_id is not None:
            try:
                action = s.game.find_action(str(action_id))  # only a legal action is suggested
            except IllegalAction:
                action = None
        if action is None:
            self.request()
        else:
            self._hint = (key, action)

    @property
    def reason(self):
        """The why line (a message) of the hint on screen, or None: worked out once per hint."""
        action = self.current
        if action is None:
            return None
        s = self.owner
        key = (s.position(), action.id)
        if self._why is None or self._why[:2] != key:
            self._why = key + (why(s.game, action),)
        return self._why[2]

    @property
    def current(self):
        """The suggested Action for the position on screen, else None (stale hints vanish)."""
        s = self.owner
        if self._hint is None or s.screen != "play" or self._hint[0] != s.position():
            return None
        return self._hint[1]
