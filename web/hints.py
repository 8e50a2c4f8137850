"""Hints: ask the engine's greedy bot what the deciding seat could do now. Pure Python.

Secrecy. A Game object holds every secret (the other seats' hands, deck orders, the RNG
state that decides future draws). A hint is shown on the deciding seat's screen, so it
must depend only on what that seat may see, otherwise a hint could leak, say, which
citizen another player holds. The bots are written to look only at their own seat (see
their docstrings), but we do not rely on that alone: the bot runs on a *masked clone*
in which everything hidden from the seat is replaced by a fixed stand-in that depends
only on what the seat may see:

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

from engine.core.rng import Rng

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


# ----- Barcelona ------------------------------------------------------------------------------------
def masked_barcelona(game, seat):
    """A clone where nothing hidden from ``seat`` keeps its true value (see module doc)."""
    h = game.clone()
    rng = Rng(MASK_SEED)
    others = [p for i, p in enumerate(h.players) if i != seat]
    pool = sorted(list(h.bag) + [c for p in others for c in p.hand])
    rng.shuffle(pool)
    for p in others:
        p.hand, pool = pool[:len(p.hand)], pool[len(p.hand):]
    h.bag = pool
    h.mod_deck = sorted(h.mod_deck)
    rng.shuffle(h.mod_deck)
    for level, stack in h.building_stacks.items():
        below = sorted(stack[:-1])  # stack[-1] is the face-up (public) top tile
        rng.shuffle(below)
        h.building_stacks[level] = below + stack[-1:]
    h.rng = Rng(MASK_SEED)
    return h


def _barcelona(game, seat):
    from engine.barcelona.bot import choose
    a = choose(masked_barcelona(game, seat), None)  # no jitter: the same position, the same hint
    return a.id if a is not None else None


# ----- Strasbourg -----------------------------------------------------------------------------------
def masked_strasbourg(game, seat):
    h = game.clone()
    for i, p in enumerate(h.st.players):
        if i == seat:
            continue
        p.deck = [0] * len(p.deck)
        p.hand = [0] * len(p.hand)
        p.stacks = [[0] * len(s) for s in p.stacks]
        p.dealt = ["?"] * len(p.dealt)
        p.tasks = ["?"] * len(p.tasks)
    h.rng = Rng(MASK_SEED)
    return h


def _strasbourg(game, seat):
    from engine.strasbourg.bots import greedy_policy
    return greedy_policy(masked_strasbourg(game, seat), random.Random(MASK_SEED))


_BOTS = {"barcelona": _barcelona, "strasbourg": _strasbourg}
