"""Gaudí's scoring in the solo game (the solo summary "Scoring"; solo_turn.py is his turn):
what scoring.py adds for him at a Cerdà scoring and at the end, and who won. Apart from
solo_turn.py so that scoring.py (which his turn calls) needs nothing of his turn."""

from ..core.msg import msg
from . import data as D
from . import solo_data as S
from .effects import vp

GAUDI = 1


def gr_value(g) -> int:
    return S.GR_VALUE[g.options["difficulty"]]


def is_v2(g) -> bool:
    return g.options["rules"] == "2.0"


def reshuffle(g) -> None:
    s = g.solo
    s["deck"] = s["deck"] + s["discard"]
    s["discard"] = []
    g.rng.shuffle(s["deck"])


def cerda_points(g, key) -> int:
    """SOURCE: the tile's VP x his Cerdà multiplier x the GR value, without its condition."""
    return D.CONDITIONS[key][0] * D.cerda_multiplier(g.players[GAUDI].cerda) * gr_value(g)


def after_cerda_scoring(g) -> None:
    """SOURCE: pawn back to the centre, deck reshuffled (his Cerdà reset is the players' rule)."""
    g.solo["pawn"] = S.PAWN_START
    reshuffle(g)
    g.barrier()
    g.log_event(msg("bcn.log.gaudi_reset"), seat=GAUDI)


def final_scoring(g) -> None:
    """SOURCE "Scoring": cobblestones and passengers as for a player; each Modernisme tile its VP
    x its marker's multiplier x the GR value (2.0: an empty space as a 1-GR tile); his GR."""
    p = g.players[GAUDI]
    v = gr_value(g)
    vp(g, GAUDI, D.COBBLE_END_VP[p.cobbles_placed], "cobbles_end")
    vp(g, GAUDI, D.PASSENGER_END_VP[p.passengers_placed], "passengers_end")
    for i, tile in enumerate(p.mod_tiles):
        mult = D.MODERNISME_MULT_TOP[i] if p.mod_top[i] else D.MODERNISME_MULT_BOTTOM
        if tile is not None:
            vp(g, GAUDI, D.CONDITIONS[tile][0] * mult * v, "modernisme_end")
        elif is_v2(g):
            vp(g, GAUDI, S.EMPTY_MODERNISME_GR * mult * v, "modernisme_end")
    vp(g, GAUDI, g.solo["gr"] * v, "gr_end")
    g.solo["gr_scored"] = g.solo["gr"]


def winners(g) -> list:
    """SOURCE: ties go to Gaudí. [0] when the human beat him, [] when he won."""
    return [0] if g.players[0].vp > g.players[GAUDI].vp else []
