"""The public parts of the table that change during play: a compact copy and its view data.

One place builds them for both readers: ``view()["board"]`` (view.py) and the snapshot the
solo game keeps after each step of Gaudí's last turn (solo.py ``_log``), so that the app can
draw the board as it stood after each step it shows. Public information only.
``board_state`` is cheap (taken up to a few times per Gaudí turn: no text formatting, immutable
values, so copies of the game may share it); ``board_view`` makes it JSON-safe view data.
"""
from . import board as B


def board_state(g) -> tuple:
    """The main board's changing parts: citizens, intersections, streets, passengers, trams,
    buildings and the first-in-row bonuses (view.py adds the printed constants)."""
    return ({rc: tuple(st) for rc, st in g.citizens.items()}, dict(g.cross_owner), dict(g.streets),
            dict(g.passengers), tuple(p.tram for p in g.players),
            {k: (v["level"], tuple(v["markers"])) for k, v in g.sites.items()}, tuple(g.row_bonus))


def board_view(state) -> dict:
    citizens, owners, streets, passengers, trams, sites, row_bonus = state
    return {
        "citizens": {B.cross_id(rc): list(st) for rc, st in citizens.items()},
        "cross_owner": {B.cross_id(rc): s for rc, s in owners.items()},
        "streets": dict(streets),
        "passengers": dict(passengers),
        "trams": {str(i): t for i, t in enumerate(trams) if t},    # JSON keys are strings
        "sites": {k: {"level": level, "markers": list(markers)} for k, (level, markers) in sites.items()},
        "row_bonus": list(row_bonus),
    }


def board_parts(g) -> dict:
    return board_view(board_state(g))


def pavement_state(g) -> dict:
    return dict(g.pavement)


def pavement_view(state) -> dict:
    return {f"{r},{c}": s for (r, c), s in state.items()}


def pavement(g) -> dict:
    return pavement_view(g.pavement)
