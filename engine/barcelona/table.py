"""The public parts of the table that change during play, as JSON-safe view data.

One function builds them for both readers: ``view()["board"]`` (view.py) and the snapshot the
solo game keeps after each step of Gaudí's last turn (solo.py ``_log``), so that the app can
draw the board as it stood after each step it shows. Public information only.
"""
from . import board as B


def board_parts(g) -> dict:
    """The main board's changing parts: citizens, intersections, streets, passengers, trams,
    buildings and the first-in-row bonuses (view.py adds the printed constants)."""
    return {
        "citizens": {B.cross_id(rc): list(st) for rc, st in g.citizens.items()},
        "cross_owner": {B.cross_id(rc): s for rc, s in g.cross_owner.items()},
        "streets": dict(g.streets),
        "passengers": dict(g.passengers),
        "trams": {str(i): p.tram for i, p in enumerate(g.players) if p.tram},  # JSON keys are strings
        "sites": {k: {"level": v["level"], "markers": list(v["markers"])} for k, v in g.sites.items()},
        "row_bonus": list(g.row_bonus),
    }


def pavement(g) -> dict:
    return {f"{r},{c}": s for (r, c), s in g.pavement.items()}
