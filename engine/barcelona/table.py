"""The public parts of the table that change during play: a compact copy and its view data.

One place builds them for both readers: view() (view.py) and the snapshot the solo game keeps
after each step of Gaudí's last turn (solo_steps.py ``_snapshot``), so that the app can draw every
region (main board, pavement, tracks, services, display, stacks, player boards, scores) as it
stood after each step it shows, and the two can never disagree. Public information only: a
player's hand is not part of ``player_state`` (view.py adds it for the seat allowed to see it).
The ``*_state`` functions are cheap (taken a few times per Gaudí turn, also in the bots'
rollouts: no text formatting, immutable values, so copies of the game may share them); the
``*_view`` functions make them JSON-safe view data.
"""

from . import board as B
from . import data as D
from .effects import COND_MSG, EFFECT_MSG, SERVICE_MSG, track_value_at


# ------------------------------------------------------------------------- the main board
def board_state(g) -> tuple:
    """The main board's changing parts: citizens, intersections, streets, passengers, trams,
    buildings and the first-in-row bonuses (view.py adds the printed constants)."""
    return (
        {rc: tuple(st) for rc, st in g.citizens.items()},
        dict(g.cross_owner),
        dict(g.streets),
        dict(g.passengers),
        tuple(p.tram for p in g.players),
        {k: (v["level"], tuple(v["markers"])) for k, v in g.sites.items()},
        tuple(g.row_bonus),
    )


def board_view(state) -> dict:
    citizens, owners, streets, passengers, trams, sites, row_bonus = state
    return {
        "citizens": {B.cross_id(rc): list(st) for rc, st in citizens.items()},
        "cross_owner": {B.cross_id(rc): s for rc, s in owners.items()},
        "streets": dict(streets),
        "passengers": dict(passengers),
        "trams": {str(i): t for i, t in enumerate(trams) if t},  # JSON keys are strings
        "sites": {k: {"level": level, "markers": list(markers)} for k, (level, markers) in sites.items()},
        "row_bonus": list(row_bonus),
    }


def board_parts(g) -> dict:
    return board_view(board_state(g))


# ------------------------------------------------------------------------------ pavement
def pavement_state(g) -> dict:
    return dict(g.pavement)


def pavement_view(state) -> dict:
    return {f"{r},{c}": s for (r, c), s in state.items()}


def pavement(g) -> dict:
    return pavement_view(g.pavement)


# -------------------------------------------------------------------- the class tracks
def tracks_state(g) -> tuple:
    """Citizens on each class track and off it, Cerdà scorings done."""
    return tuple(g.tracks.items()), tuple(g.off_board.items()), g.cerda_scored


def tracks_view(g, state) -> dict:
    """view()["tracks"] (``g`` only for the Cerdà tiles, fixed at set-up)."""
    counts, off_board, scored = state
    counts = dict(counts)
    return {
        "counts": counts,
        "off_board": dict(off_board),
        "section_ends": list(D.SECTION_ENDS),
        "values": list(D.TRACK_VP),
        "next_value": {c: track_value_at(counts[c]) for c in D.CLASSES},
        "cerda_tiles": [{"key": k, "text": COND_MSG[k], "scored": i < scored} for i, k in enumerate(g.cerda_tiles)],
        "cerda_scored": scored,
    }


# ------------------------------------- services, Modernisme display, stacks, Sagrada supply
def side_state(g) -> tuple:
    """The side boards but the pavement: the display and the size of the deck below it, the
    service tiles left, each building stack's top tile and size, the Sagrada tiles left."""
    return (
        tuple(g.mod_display),
        len(g.mod_deck),
        tuple((k, tuple(tuple(t) for t in v)) for k, v in g.services.items()),
        tuple((lvl, st[-1] if st else None, len(st)) for lvl, st in g.building_stacks.items()),
        tuple((lvl, tuple(idx)) for lvl, idx in g.sagrada_supply.items()),
    )


def side_view(state) -> dict:
    """view()["side"] but the pavement's (view.py puts those first)."""
    display, deck_size, services, stacks, sagrada = state
    return {
        "mod_display": [{"key": k, "text": COND_MSG[k]} for k in display],
        "mod_deck_size": deck_size,
        "services": {
            k: {"name": SERVICE_MSG[k], "effect": EFFECT_MSG[k], "tiles": [list(t) for t in v]} for k, v in services
        },
        "building_tops": {
            str(lvl): ([list(x) for x in D.BUILDING_TILES[lvl][top]] if top is not None else None)
            for lvl, top, _ in stacks
        },
        "building_counts": {str(lvl): n for lvl, _, n in stacks},
        "sagrada_supply_ids": {str(lvl): list(idx) for lvl, idx in sagrada},
        "sagrada_supply": {str(lvl): [[list(x) for x in D.SAGRADA_TILES[lvl][i]] for i in idx] for lvl, idx in sagrada},
    }


# --------------------------------------------------------------------------- a player board
def player_state(p) -> tuple:
    """A player board's public parts (the hand only by its size)."""
    return (
        p.name,
        p.vp,
        p.coins,
        p.cloth,
        p.capacity,
        p.cobbles_left,
        p.cobbles_placed,
        tuple(p.narrow_stacks),
        p.wide,
        p.crosses_built,
        p.passengers_placed,
        tuple(p.mod_tiles),
        tuple(p.mod_top),
        tuple(p.marker_stacks),
        p.sagrada,
        tuple(tuple(t) for t in p.sagrada_tiles),
        p.cerda,
        tuple(p.services),
        p.tram,
        len(p.hand),
        tuple(p.breakdown.items()),
    )


def player_view(state, hand) -> dict:
    """view()["player_boards"][i]; ``hand``: the citizens in hand if the viewer may see them, else None."""
    (
        name,
        vp,
        coins,
        cloth,
        capacity,
        cobbles_left,
        cobbles_placed,
        narrow_stacks,
        wide,
        crosses_built,
        passengers_placed,
        mod_tiles,
        mod_top,
        marker_stacks,
        sagrada,
        sagrada_tiles,
        cerda,
        services,
        tram,
        hand_size,
        breakdown,
    ) = state
    return {
        "name": name,
        "vp": vp,
        "coins": coins,
        "cloth": cloth,
        "capacity": capacity,
        "cobbles_left": cobbles_left,
        "cobbles_placed": cobbles_placed,
        "narrow_stacks": list(narrow_stacks),
        "wide": wide,
        "crosses_built": crosses_built,
        "cross_costs": list(D.INTERSECTION_TILE_COST),
        "passengers_placed": passengers_placed,
        "mod_tiles": list(mod_tiles),
        "mod_top": list(mod_top),
        "marker_stacks": list(marker_stacks),
        "sagrada": sagrada,
        "sagrada_tiles": [list(t) for t in sagrada_tiles],
        "cerda": cerda,
        "cerda_multiplier": D.cerda_multiplier(cerda),
        "services": list(services),
        "tram": tram,
        "hand_size": hand_size,
        "hand": hand,
        "breakdown": dict(breakdown),
    }
