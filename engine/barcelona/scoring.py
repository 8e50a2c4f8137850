"""Scoring: the Cerdà scorings when a citizen-track section fills (RULEBOOK p.14) and
the end of the game (p.16): final scoring, winners and tie-breaks.
"""

from ..core.msg import items as msg_items, msg
from . import data as D
from .conditions import condition_vp
from .effects import COND_MSG, SEATS, refill_display, vp
from . import solo_scoring as solo


def markers_on_board(g, seat) -> int:
    n = 0  # a loop, no generator frame (winners asks it twice a seat)
    for b in g.sites.values():
        n += b["markers"].count(seat)
    return n


def own_points(g, before) -> dict:
    """A scoring's own figures for its log line: each seat's ``points`` from this scoring alone
    and its ``totals`` right after it (the move that triggered it scored its own points before:
    a scoring banner tells only the scoring's). Numbers only; no template shows them."""
    after = g.scores()
    return {"points": [a - b for a, b in zip(after, before)], "totals": after}


def cerda_scoring(g) -> None:
    """Score the current section's Cerdà tile x0-x4 by Cerdà position, flip it;
    after the 1st and 2nd reset markers above the start; new Modernisme display (p.14)."""
    key = g.cerda_tiles[g.cerda_scored]
    g.cerda_scored += 1
    g.gains_cut(msg("bcn.reason.cerda_scoring", n=g.cerda_scored))  # its points and the reset: the scoring's
    before = g.scores()
    for seat, p in enumerate(g.players):
        if seat == solo.GAUDI and g.solo is not None:
            vp(g, seat, solo.cerda_points(g, key), "cerda_scoring")
            continue
        mult = D.cerda_multiplier(p.cerda)
        vp(g, seat, condition_vp(g, seat, key) * mult, "cerda_scoring")
    g.log_event(msg("bcn.log.cerda_scoring", n=g.cerda_scored, condition=COND_MSG[key], **own_points(g, before)))
    if g.cerda_scored < D.CERDA_SCORINGS:
        for p in g.players:
            if p.cerda > D.CERDA_START:
                p.cerda = D.CERDA_START
    else:
        g.end_triggered = True
        g.log_event(msg("bcn.log.third_section"))
    g.mod_discard += g.mod_display
    g.mod_display = []
    refill_display(g)
    if g.solo is not None:
        solo.after_cerda_scoring(g)


def final_scoring(g) -> None:
    """Cobblestones, passengers, Modernisme tiles x multipliers (p.16)."""
    g.gains_cut(msg("bcn.reason.final_scoring"))
    before = g.scores()
    for seat, p in enumerate(g.players[: g.num_players]):
        vp(g, seat, D.COBBLE_END_VP[p.cobbles_placed], "cobbles_end")
        vp(g, seat, D.PASSENGER_END_VP[p.passengers_placed], "passengers_end")
        for i, tile in enumerate(p.mod_tiles):
            if tile is not None:
                mult = D.MODERNISME_MULT_TOP[i] if p.mod_top[i] else D.MODERNISME_MULT_BOTTOM
                vp(g, seat, condition_vp(g, seat, tile) * mult, "modernisme_end")
    if g.solo is not None:
        solo.final_scoring(g)
        g.solo["history"].append(g.players[solo.GAUDI].vp)
    g.score_history.append(g.scores())
    g.over = True
    g.stack = []
    if g.solo is not None:
        him, me = g.players[solo.GAUDI].vp, g.players[0].vp
        if him == me:
            g.tiebreak = msg("bcn.tie.gaudi")
        g.log_event(
            msg("bcn.log.over_solo_win", who=SEATS[0], me=me, him=him, **own_points(g, before))
            if me > him
            else msg("bcn.log.over_solo_lose", me=me, him=him, **own_points(g, before))
        )
        return
    w = g.winners()
    top = [s for s in range(g.num_players) if g.players[s].vp == g.players[w[0]].vp]
    if len(top) > 1:
        g.tiebreak = msg("bcn.tie.decided") if len(w) < len(top) else msg("bcn.tie.shared")
    g.log_event(msg("bcn.log.over", winners=msg_items([SEATS[s] for s in w]), **own_points(g, before)))


def winners(g) -> list:
    """Most VP; ties: Cerdà track, then Sagrada track, then building markers on the
    main board; still tied: shared (RULEBOOK p.16)."""

    def key(s):
        p = g.players[s]
        return (p.vp, p.cerda, p.sagrada, markers_on_board(g, s))

    seats = range(g.num_players)
    best = max(key(s) for s in seats)
    return [s for s in seats if key(s) == best]
