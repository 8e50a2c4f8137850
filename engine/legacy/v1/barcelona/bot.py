"""A greedy Barcelona player: used for hints, for simulation checks of the
component reconstruction (docs/barcelona.md) and as a baseline opponent.

It never looks at hidden information it could not know: it evaluates the
position after each legal option with a heuristic of its own seat only, and
the options come from ``legal_actions()`` like any other client.
"""
from . import data as D
from .conditions import condition_vp


def evaluate(g, seat) -> float:
    """VP now plus what the end of the game would add, plus a value for resources."""
    p = g.players[seat]
    est = p.vp
    est += D.COBBLE_END_VP[p.cobbles_placed] + D.PASSENGER_END_VP[p.passengers_placed]
    for i, tile in enumerate(p.mod_tiles):
        if tile is not None:
            mult = D.MODERNISME_MULT_TOP[i] if p.mod_top[i] else D.MODERNISME_MULT_BOTTOM
            est += condition_vp(g, seat, tile) * mult
        elif p.mod_top[i]:
            est += 3          # an improved empty space is worth a future tile
    if g.cerda_scored < D.CERDA_SCORINGS:
        key = g.cerda_tiles[g.cerda_scored]
        est += 0.6 * condition_vp(g, seat, key) * D.cerda_multiplier(p.cerda)
    est += 0.6 * p.coins + 0.9 * p.cloth + 0.8 * p.sagrada + 1.5 * p.crosses_built
    return est


PASSIVE = ("act:done", "passenger:no", "pact:no")


def choose(g, rng=None):
    """The option with the best evaluation for the deciding seat (ties: first;
    passive options lose ties so the bot takes actions it can afford)."""
    seat = g.current_player
    best, best_val = None, None
    for a in g.legal_actions():
        h = g.clone()
        h.apply(a)
        val = evaluate(h, seat) - (0.5 if a.id in PASSIVE else 0.0)
        if rng is not None:
            val += rng.below(1000) / 10000.0     # tiny jitter to vary games
        if best_val is None or val > best_val:
            best, best_val = a, val
    return best


def _finish_turn_greedily(h, seat, turn, rng):
    """Play the rest of ``seat``'s turn with ``choose`` (stops at the turn's end or when
    another seat must decide, e.g. an owner reward)."""
    while not h.is_over and h.turn == turn and h.current_player == seat:
        h.apply(choose(h, rng))


def plan(g, rng=None):
    """Like ``choose``, but a placement is judged by playing the whole turn after it
    greedily: the placement decides which actions the turn gets, so one-step
    evaluation undervalues it."""
    seat = g.current_player
    legal = g.legal_actions()
    if not legal or not legal[0].id.startswith("place:"):
        return choose(g, rng)
    best, best_val = None, None
    for a in legal:
        h = g.clone()
        h.apply(a)
        _finish_turn_greedily(h, seat, g.turn, rng)
        val = evaluate(h, seat)
        if rng is not None:
            val += rng.below(1000) / 10000.0
        if best_val is None or val > best_val:
            best, best_val = a, val
    return best
