"""Hints: ask the engine's greedy bot what the deciding seat could do now. Pure Python.

Secrecy. A Game object holds every secret (the other seats' hands, deck orders, the RNG
state that decides future draws). A hint is shown on the deciding seat's screen, so it
must depend only on what that seat may see, otherwise a hint could leak, say, which
citizen another player holds. The bots are written to look only at their own seat (see
their docstrings), but we do not rely on that alone: the bot runs on a *masked clone*
in which everything hidden from the seat is replaced by a fixed stand-in that depends
only on what the seat may see (each engine's ``Game.masked_for(seat, seed)``):

- Barcelona (``engine.barcelona.bot.choose``, one-step greedy; ``plan`` would be slower
  and is not needed for a hint). ``choose`` applies each legal option on a clone and
  scores the result with ``evaluate(g, seat)``, which reads only the seat's own board
  plus public things (Cerdà tiles, the main board). Applying an option can draw from the
  bag or the Modernisme deck, so the hidden pools matter in principle: in the masked
  clone the other seats' hands and the bag are pooled, sorted and re-dealt, the
  Modernisme deck and the building stacks below their (public) top tiles are sorted and
  re-shuffled, and the RNG is reseeded, all from one fixed seed. The pooled multisets are
  the complement of what is public, so the result is a function of the seat's view.
- Strasbourg (``engine.strasbourg.bots.greedy_policy``, one ply, never applies actions).
  It reads the deciding seat's own cards and tasks and public state (revealed bids,
  shops, buildings). In the masked clone every other seat's cards (deck, hand, stacks)
  and task cards are replaced by blanks of the same sizes; its only randomness is a
  ``random.Random`` with a fixed seed.

tests/web/test_hints.py checks that changing other seats' secrets never changes a hint.
"""
import random

MASK_SEED = 0x5EED  # fixed: hints are reproducible and cannot carry the game's RNG state


def suggest(game):
    """The suggested Action for the pending decision, or None (game over, no bot)."""
    if game is None or game.is_over or not game.legal_actions():
        return None
    seat = game.current_player
    name = getattr(game, "GAME_NAME", None)
    pick = _BOTS.get(name)
    if pick is None or seat is None or not type(game).__module__.startswith(f"engine.{name}"):
        return None
    aid = pick(game, seat)
    for a in game.legal_actions():  # always answer with a real, currently legal action
        if a.id == aid:
            return a
    return None


# The engines build the masked copies (``Game.masked_for``): only they know their hidden state.
def masked_barcelona(game, seat):
    return game.masked_for(seat, MASK_SEED)


def _barcelona(game, seat):
    from engine.barcelona.bot import choose
    a = choose(masked_barcelona(game, seat), None)  # no jitter: the same position, the same hint
    return a.id if a is not None else None


def _strasbourg(game, seat):
    from engine.strasbourg.bots import greedy_policy
    return greedy_policy(game.masked_for(seat, MASK_SEED), random.Random(MASK_SEED))


_BOTS = {"barcelona": _barcelona, "strasbourg": _strasbourg}
