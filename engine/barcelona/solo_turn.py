"""Gaudí's turn (the solo summary "Gaudí's turn"): reveal a card, move and place 2
citizens (steps 2-3: the intersection he chooses), the card's action or the next possible card's
(solo_actions.py), build if he can ("Building", p.12-13), then the end of his turn (the Cerdà
check); and his reward when the human places on his intersection (p.8). turn.run_endturn runs
it inside the human's last action of their turn, driven by his deck drawn from the game's
seeded RNG; the human's owner rewards for his placing come at once (RULEBOOK p.8; solo_setup.py
``reward_at_once``).
"""

from ..core.msg import msg

from . import board as B
from . import data as D
from . import solo_data as S
from .building import buildable, score_build_steps
from .effects import cerda, citizens_msg, draw, vp
from .scoring import cerda_scoring
from .solo_actions import gain, perform, possible
from .solo_cards import _arrow, _centre, clockwise, reveal
from .solo_scoring import GAUDI, is_v2
from .solo_setup import reward_at_once
from .solo_steps import _close, _log


# ------------------------------------------------------------------------ the turn
def gaudi_turn(g) -> None:
    """SOURCE "Gaudí's turn": reveal, move and place 2 citizens, the card's action (or the next
    possible card's), build if he can, then the end of his turn (Cerdà check). In one go: the
    rules before 2.2.0 (``reward_at_once``), where nothing of his turn waits for the human."""
    gr = g.solo["gr"]
    gaudi_start(g)
    gaudi_finish(g, gr)


def gaudi_start(g):
    """Steps 1-3 of his turn: reveal a card, move and place 2 citizens. Returns the human's
    intersection he placed on (their owner rewards are due at once, RULEBOOK p.8), else None."""
    s = g.solo
    s["steps"] = []
    s["turns"] += 1
    reveal(g)
    rc = place(g)
    if rc is not None and reward_at_once(g):
        _close(g)  # the place step shows the table before the human takes their rewards
        return rc
    return None


def gaudi_finish(g, gr) -> None:
    """Steps 4-6 of his turn: the revealed card's action (or the next possible card's), build,
    then the end of his turn. ``gr``: his GR when his turn began (for the step saying what he
    gained)."""
    s = g.solo
    c = s["card"]
    action = S.CARDS[c]["action"]
    tried = 1
    while not possible(g, action) and tried < 2 * len(S.CARDS):
        _log(g, "skip", msg("bcn.gaudi.cannot", action=msg(S.ACTION_NAMES[action])))
        c = reveal(g)
        action = S.CARDS[c]["action"]
        tried += 1
    if possible(g, action):
        perform(g, action, _arrow(g))
    else:  # RECON: no card is possible (every stock spent): no action this turn
        _log(g, "skip", msg("bcn.gaudi.no_action"))
    build(g)
    if s["gr"] > gr:  # his rewards of the turn (VP and track steps follow in the log line)
        _log(g, "rewards", msg("bcn.gaudi.rewards", n=s['gr'] - gr, total=s['gr']))
    _close(g)  # the last step's table: his turn done, before the Cerdà check
    _end_of_turn(g)


def _end_of_turn(g) -> None:
    s = g.cerda_scored
    if s < D.CERDA_SCORINGS and any(g.tracks[c] >= D.SECTION_ENDS[s] for c in D.CLASSES):
        cerda_scoring(g)


# ---------------------------------------------------------------- placing citizens (step 2-3)
def _can_build_with(g, rc, stack):
    """Could he build a building using ``rc`` once ``stack`` is placed there?"""
    had = g.citizens.get(rc)
    g.citizens[rc] = stack
    try:
        return any(rc in combo for _, _, combo in buildable(g, GAUDI))
    finally:
        if had is None:
            del g.citizens[rc]
        else:
            g.citizens[rc] = had


def _preference(g, rc, stack):
    own = g.cross_owner.get(rc)
    if is_v2(g):
        # SOURCE (2.0): own where he can build; anywhere he can build; the human's where he can; anywhere
        can = _can_build_with(g, rc, stack)
        if can and own == GAUDI:
            return 0
        if can and own is None:
            return 1
        if can:
            return 2
        return 3
    # SOURCE (original): own tile; where he could build; without the human's tile; the rest
    if own == GAUDI:
        return 0
    if _can_build_with(g, rc, stack):
        return 1
    if own is None:
        return 2
    return 3


def choose_intersection(g, stack, arrow):
    """Original: the nearest ring of empty intersections (1, 2, ... steps away, RECON: steps
    counted king-wise, the diagonal included), best preference, then clockwise from the arrow.
    2.0: best preference over the whole board, then nearest, then clockwise (RECON)."""
    pawn = g.solo["pawn"]
    empty = [rc for rc in B.INTERSECTIONS if rc not in g.citizens and rc != pawn]
    if not empty:
        return None

    def ring(rc):
        return max(abs(rc[0] - pawn[0]), abs(rc[1] - pawn[1]))

    def key(rc):
        turn, dist = clockwise(arrow, pawn, rc)
        pref = _preference(g, rc, stack)
        return (pref, ring(rc), turn, dist) if is_v2(g) else (ring(rc), pref, turn, dist)

    return min(empty, key=key)


def place(g) -> None:
    """Draw 2 citizens, higher class on top, and place them on the chosen intersection; his pawn
    goes there. He pays no printed cost (RECON). The human owning the intersection takes their
    owner rewards at once (RULEBOOK p.8: whenever anyone places there, on any turn): returns
    that intersection (before 2.2.0: they waited for the start of the human's next turn)."""
    _close(g)
    drawn = draw(g, D.HAND_SIZE)
    g.barrier()
    if len(drawn) < D.HAND_SIZE and not g.end_triggered:
        g.end_triggered = True
        g.log_event(msg("bcn.log.bag_empty"))
    if not drawn:
        _log(g, "place", msg("bcn.gaudi.no_citizens"))
        return
    stack = sorted(drawn, key=lambda c: S.CLASS_RANK[c])  # bottom .. top
    rc = choose_intersection(g, stack, _arrow(g))
    if rc is None:
        g.bag += drawn
        _log(g, "place", msg("bcn.gaudi.no_room"))
        return
    g.citizens[rc] = stack
    g.solo["pawn"] = rc
    code = "".join(reversed(stack))
    _log(
        g,
        "place",
        msg("bcn.gaudi.place", where=B.cross_label(rc), citizens=citizens_msg(code)),
        mark=f"place:{B.cross_id(rc)}:{code}",
    )
    owner = g.cross_owner.get(rc)
    if owner is not None and owner != GAUDI:
        if not reward_at_once(g):
            g.solo["owed"] = True
        return rc
    return None


# -------------------------------------------------------------------------- building
_LEVEL_ORDER = {3: 0, 2: 1, 1: 2, "corner": 3}


def build(g) -> None:
    """SOURCE "Building": level 3 before 2 before 1 before a corner (2.0: level 1 before 2 for
    his first building); the arrow breaks ties (RECON: clockwise from his pawn to the site's
    centre) and picks the citizens (RECON: his pawn's intersection first, then clockwise)."""
    options = buildable(g, GAUDI)
    if not options:
        return
    _close(g)
    pawn, arrow = g.solo["pawn"], _arrow(g)
    first = is_v2(g) and not any(GAUDI in b["markers"] for b in g.sites.values())

    def level_rank(level):
        if first and level in (1, 2):
            return 1 if level == 1 else 2
        return _LEVEL_ORDER[level]

    def key(opt):
        site, level, combo = opt
        extra = sorted(clockwise(arrow, pawn, rc) for rc in combo if rc != pawn)
        return (level_rank(level), clockwise(arrow, pawn, _centre(B.BUILD_SITES[site])), pawn not in combo, extra)

    site, level, combo = min(options, key=key)
    _build(g, site, level, combo)


def _build(g, site, level, combo) -> None:
    """Steps 1-6 of building (p.12-13) with his rewards: GR for goods; original rules: no Cerdà
    loss for levels 2 and 3 (SOURCE); 2.0: as for players."""
    p = g.players[GAUDI]
    tile = g.building_stacks[level].pop()
    if g.building_stacks[level]:
        g.barrier()
    entry = g.sites.setdefault(site, {"level": level, "markers": []})
    entry["level"] = level
    cs = ";".join(B.cross_id(rc) for rc in combo)
    using = ", ".join(B.cross_label(rc) for rc in combo)
    built = len(g.solo["steps"])  # the build step's index (its board is settled below)
    _log(
        g,
        "build",
        msg("bcn.gaudi.build_corner", site=B.site_label(site), using=using)
        if level == "corner"
        else msg("bcn.gaudi.build", level=level, site=B.site_label(site), using=using),
        mark=f"build:{site}:{level}:{cs}",
    )
    score_build_steps(g, GAUDI, site, combo)
    _, _, cerda_steps, sagrada, level_vp = D.LEVEL_RULES[level]
    if cerda_steps > 0 or is_v2(g):
        cerda(g, GAUDI, cerda_steps)
    vp(g, GAUDI, level_vp, "buildings")
    gain(g, tuple(D.BUILDING_TILES[level][tile]) + ((("sagrada", sagrada),) if sagrada else ()), "buildings")
    for i, n in enumerate(p.marker_stacks):  # step 6: his leftmost building marker
        if n:
            p.marker_stacks[i] -= 1
            entry["markers"].append(GAUDI)
            if p.marker_stacks[i] == 0:
                cerda(g, GAUDI, D.MARKER_EMPTY_CERDA)
            break
    _close(g, built)  # the build step shows the citizens gone and his marker placed
    if is_v2(g):  # SOURCE (2.0): after building he moves the pawn again in the card's direction
        dr, dc = S.ARROW_VECTORS[_arrow(g)]
        r, c = g.solo["pawn"][0] + dr, g.solo["pawn"][1] + dc
        if 0 <= r < D.SIZE and 0 <= c < D.SIZE:
            _close(g)
            g.solo["pawn"] = (r, c)
            _log(g, "move", msg("bcn.gaudi.move", where=B.cross_label((r, c))))


# ------------------------------------------------------------ the human's turn: his intersection
def owner_reward(g) -> None:
    """The human placed on his intersection (p.8): RECON, he takes 1 GR."""
    g.solo["gr"] += S.OWNER_REWARD_GR
    g.log_event(msg("bcn.log.gaudi_owner", n=S.OWNER_REWARD_GR), seat=GAUDI)
