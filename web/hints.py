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
MASK_SEED)``. The policy gets ``rng=None``: the same position, the same answer (and a computer
seat's move equals the hint its level would give).

tests/web/test_hints.py checks that changing other seats' secrets never changes a hint.
"""

from engine import versions

from .session import default_level, game_spec

MASK_SEED = 0x5EED  # fixed: hints are reproducible and cannot carry the game's RNG state


def suggest(game, level=None):
    """The suggested Action for the pending decision at ``level`` (None: the default level),
    or None (game over, a game the registry does not know, no bot)."""
    if game is None or game.is_over or not game.legal_actions():
        return None
    seat = game.current_player
    spec = _spec_of(game)
    if spec is None or seat is None:
        return None
    masked = game.masked_for(seat, MASK_SEED)
    if not spec.bots:
        return None
    choice = spec.bot(level if level in spec.bots else default_level(spec))(masked, None)
    aid = getattr(choice, "id", choice)
    for a in game.legal_actions():  # always answer with a real, currently legal action
        if a.id == aid:
            return a
    return None


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
