"""Building (RULEBOOK p.12-13): after the actions a player must build if they can;
steps 1-6 of placing a building (step 7, the Cerdà check, runs at the turn's end in
turn.py).
"""

from functools import partial
from itertools import combinations

from ..core.action import Action
from ..core.msg import N_, items as msg_items, msg
from . import board as B
from . import data as D
from .effects import CLASS_MSG, SEATS, cerda, fmt_reward, gain, push, to_track, track_value_at, vp


# ------------------------------------------------------------- building
def run_build_step(g, f) -> None:
    """After the actions you must build if you can (p.12)."""
    found = buildable(g, f.seat)
    if found:  # the build decision carries what it offers: listed once, not twice
        push(g, "build", f.seat, found=tuple(found))


_OPEN = {0: (1, 2, 3), 1: (2, 3), 2: (3,), 3: ()}


def open_levels(g, site):
    """The levels still open on a site (p.12): a corner once; a block's levels above its current one."""
    built = g.sites.get(site)
    if site[0] == "t":
        return ("corner",) if built is None else ()
    return _OPEN[0 if built is None else built["level"]]


def buildable(g, seat, first=False):
    """(site, level, intersections used) of every building the seat may build now (p.12);
    ``first``: stop at the first one (the question is only whether there is one)."""
    out = []
    citizens = g.citizens
    occ = 0  # occupancy mask: a site needs 2 corners with citizens (p.12)
    bit = B.CROSS_BIT
    for rc, st in citizens.items():
        if st:
            occ |= bit[rc]
    if not occ:
        return out
    stacks, sites = g.building_stacks, g.sites
    for site, corners, mask in B.SITE_MASKS:
        m = occ & mask
        if not m & (m - 1):  # fewer than 2 corners with citizens
            continue
        built = sites.get(site)  # open_levels, inlined (hot), with each level's rule
        if site[0] == "t":
            levels = _CORNER_RULES if built is None else ()
        else:
            levels = _OPEN_RULES[0 if built is None else built["level"]]
        for level, need, must, memo in levels:
            if not stacks[level]:
                continue
            combos = memo.get(m)
            if combos is None:
                combos = memo[m] = tuple(combinations([rc for rc in corners if m & bit[rc]], need))
            for combo in combos:
                if must:  # a citizen of that class on top of one corner (a loop: hot)
                    for rc in combo:
                        if citizens[rc][-1] == must:
                            break
                    else:
                        continue
                out.append((site, level, combo))
                if first:
                    return out
    return out


# citizens needed -> {occupied corners mask -> the combinations of those corners} (the mask
# names the corners: an int key, no tuple to build and hash)
_COMBOS = {need: {} for need in {r[0] for r in D.LEVEL_RULES.values()}}
# (level, citizens needed, class needed on top of one, _COMBOS[needed]) of the levels open on a
# block (by its level built, 0: none) and on an unbuilt corner (open_levels with LEVEL_RULES)
_OPEN_RULES = {
    b: tuple((lv, D.LEVEL_RULES[lv][0], D.LEVEL_RULES[lv][1], _COMBOS[D.LEVEL_RULES[lv][0]]) for lv in levels)
    for b, levels in _OPEN.items()
}
_CORNER_RULES = (
    ("corner", D.LEVEL_RULES["corner"][0], D.LEVEL_RULES["corner"][1], _COMBOS[D.LEVEL_RULES["corner"][0]]),
)


def no_build_reason(g, seat):
    """Why ``buildable`` is empty, a message (the "Finish" option says it): the
    conditions of p.12 that no block meets (at most 3). None when something can be built."""
    if buildable(g, seat):
        return None
    tops = {rc: st[-1] for rc, st in g.citizens.items() if st}
    reasons = []
    for site, corners in B.BUILD_SITES.items():
        occupied = [rc for rc in corners if rc in tops]
        if len(occupied) < 2:
            continue
        levels = open_levels(g, site)
        if not levels:
            reasons.append((N_("bcn.why.all_built"),))
        for level in levels:
            need, must, _, _, _ = D.LEVEL_RULES[level]
            if not g.building_stacks[level]:
                reasons.append(
                    (N_("bcn.why.none_left_corner"),) if level == "corner" else (N_("bcn.why.none_left"), level)
                )
            elif len(occupied) < need:
                reasons.append((N_("bcn.why.needs_corners"), level, need))
            elif must:
                reasons.append((N_("bcn.why.needs_class"), level, must))
    if not reasons:
        return msg("bcn.why.no_block")
    seen = []
    for r in reasons:
        if r not in seen:
            seen.append(r)
    return msg_items([_reason(*r) for r in seen[:3]])


def _reason(key, level=None, x=None):
    if key == N_("bcn.why.needs_corners"):
        return msg(key, level=level, n=x)
    if key == "bcn.why.needs_class":
        return msg(key, level=level, cls=CLASS_MSG[x])
    if key == "bcn.why.none_left":
        return msg(key, level=level)
    return msg(key)  # bcn.why.all_built, bcn.why.none_left_corner


def build_options(g, f):
    out = []
    # The labels are computed only when read (random playouts and bots never read them),
    # from a snapshot of what they preview: reading one later, after the game moved on,
    # still describes the position the options were listed in.
    found = f.get("found")
    if found is None:
        found = buildable(g, f.seat)
    if not found:
        return out
    snap = (dict(g.tracks), {rc: st[-1] for rc, st in g.citizens.items() if st}, tuple(g.row_bonus))
    stacks = g.building_stacks
    for site, level, combo in found:
        key = (site, level, combo)
        aid = _BUILD_IDS.get(key)
        if aid is None:
            aid = _BUILD_IDS[key] = f"build:{site}:{level}:{';'.join([B.CROSS_ID[rc] for rc in combo])}"
        out.append(Action(aid, partial(_build_label, snap, site, level, combo, stacks[level][-1])))
    return out


_BUILD_IDS = {}  # (site, level, combo) -> action id (a few hundred at most)
_BUILD_ARGS = {}  # action id -> (site, level, corners): ids are parsed once


def _build_label(snap, site, level, combo, top):
    params = dict(
        site=B.site_label(site),
        using=", ".join(B.cross_label(rc) for rc in combo),
        vp=_vp_preview(*snap, site, level, combo),
        tile=fmt_reward(D.BUILDING_TILES[level][top]),
    )
    if level == "corner":
        return msg("bcn.opt.build_corner", **params)
    return msg("bcn.opt.build", level=level, **params)


def build_vp_preview(g, site, level, combo) -> int:
    """The VP the building itself scores (p.12 steps 2-4 and level 3's 7 VP): row bonus,
    lowest visible track value once its citizens are placed, level VP."""
    tops = {rc: g.citizens[rc][-1] for rc in combo}
    return _vp_preview(g.tracks, tops, g.row_bonus, site, level, combo)


def _vp_preview(tracks, tops, row_bonus, site, level, combo) -> int:
    counts = dict(tracks)
    cap = D.TRACK_LENGTH
    for rc in combo:
        cls = tops[rc]
        counts[cls] = min(cap, counts[cls] + 1)
    track = min(D.TRACK_VP[n] if n < len(D.TRACK_VP) else D.TRACK_VP_OFF_BOARD for n in counts.values())
    row = D.FIRST_IN_ROW_VP if row_bonus[B.site_row(site)] else 0
    return row + track + D.LEVEL_RULES[level][4]


def do_build(g, f, a) -> None:
    """RULEBOOK p.12-13 steps 1-6 (step 7, the Cerdà check, runs at turn end)."""
    g.stack.pop()
    seat = f.seat
    parsed = _BUILD_ARGS.get(a.id)
    if parsed is None:
        site, level, cs = a.arg.split(":")
        level = level if level == "corner" else int(level)
        parsed = _BUILD_ARGS[a.id] = (site, level, [tuple(int(x) for x in c.split(",")) for c in cs.split(";")])
    site, level, combo = parsed
    # 1 place the tile (the next tile of the stack is revealed)
    tile = g.building_stacks[level].pop()
    if g.building_stacks[level]:
        g.barrier()
    entry = g.sites.setdefault(site, {"level": level, "markers": []})
    entry["level"] = level
    score_build_steps(g, seat, site, combo)
    # 6 (runs after step 5's rewards, queued below them): the leftmost building marker
    push(g, "marker", seat, site=site)
    # 5 rewards of the tile and of its level
    _, _, cerda_steps, sagrada, level_vp = D.LEVEL_RULES[level]
    cerda(g, seat, cerda_steps)
    vp(g, seat, level_vp, "buildings")
    g.log_event(
        msg("bcn.log.build_corner", who=SEATS[seat], site=B.site_label(site))
        if level == "corner"
        else msg("bcn.log.build", who=SEATS[seat], level=level, site=B.site_label(site)),
        seat=seat,
    )
    gain(g, seat, tuple(D.BUILDING_TILES[level][tile]) + ((("sagrada", sagrada),) if sagrada else ()), "buildings")


def run_marker(g, f) -> None:
    """Step 6 (p.13), after step 5's rewards: put the leftmost building marker on the
    building (on top of any markers there); an emptied stack moves you 1 on the Cerdà
    track. No marker left: skipped (the building still counted)."""
    seat = f.seat
    p = g.players[seat]
    for i, n in enumerate(p.marker_stacks):
        if n:
            p.marker_stacks[i] -= 1
            g.sites[f.site]["markers"].append(seat)
            if p.marker_stacks[i] == 0:
                cerda(g, seat, D.MARKER_EMPTY_CERDA)
            break


def score_build_steps(g, seat, site, combo) -> None:
    """Steps 2-4 of building (p.12), shared by the players and Gaudí (solo_turn.py)."""
    # 2 first building in its row of blocks: 5 VP
    row = B.site_row(site)
    if g.row_bonus[row]:
        g.row_bonus[row] = False
        vp(g, seat, D.FIRST_IN_ROW_VP, "buildings")
    # 3 remove the top citizen of each used intersection to the citizen tracks
    for rc in combo:
        cls = g.citizens[rc].pop()
        if not g.citizens[rc]:
            del g.citizens[rc]
        to_track(g, cls)
    # 4 VP: the lowest visible value of the three tracks (track_value, mapped: hot)
    vp(g, seat, min(map(track_value_at, map(g.tracks.__getitem__, D.CLASSES))), "buildings")
