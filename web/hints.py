"""Hints and computer seats: ask the game's bot what the deciding seat could do now. Pure Python.

Which bot: the game's registry entry names its bots by level (``spec.bots``: level ->
"module:function", one signature ``policy(game, rng) -> Action``). A hint asks the default
level (web.session.default_level, "normal"); a computer seat asks its own level.

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

Computer seats think in a background worker (web/worker.js + web/bot_worker.py): ``worker_request``
is the whole message the page posts to it, the masked copy as bytes
(engine.core.masked_state: no seed, no other seat's action ids or private log lines), so the
worker never holds a secret of another seat. ``suggest`` on the page is the fallback.
"""
import base64

from engine.core.masked_state import masked_state

from engine import versions
from engine.core.rng import Rng

from .session import default_level, game_spec

# Levels cheap enough for the page's own thread (a few ms): the fallback when the worker is
# unavailable plays these; a seat at a searching level (e.g. "hard") plays the default level.
PAGE_LEVELS = ("easy", "normal")

MASK_SEED = 0x5EED  # fixed: hints are reproducible and cannot carry the game's RNG state


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
    return {"game": spec.name, "seat": seat, "level": level if level in spec.bots else default_level(spec),
            "budget_ms": int(budget_ms), "rng_seed": policy_seed(game, seat),
            "state": base64.b64encode(masked_state(game, seat, MASK_SEED)).decode("ascii")}


def page_level(game, level):
    """The level the page plays itself when the worker is unavailable: ``level`` if it is cheap,
    else the default level (a search on the page's thread would freeze the page)."""
    spec = _spec_of(game)
    if spec is None:
        return level
    return level if level in PAGE_LEVELS or level not in spec.bots else default_level(spec)


def _spec_of(game):
    """The registry entry of ``game``, only if the game really is that entry's engine."""
    try:
        # The registry of the engine the game comes from: a frozen older version has its own bots.
        spec = versions.spec_of(game) if versions.package_of(game) != versions.CURRENT else \
            game_spec(getattr(game, "GAME_NAME", None))
    except ValueError:
        return None
    if spec is None:
        return None
    module = type(game).__module__
    return spec if module == spec.module or module.startswith(spec.module + ".") else None
