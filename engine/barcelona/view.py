"""``view(seat)``: everything one seat's screen may see, as JSON-safe data.

Public: the whole board, tracks, displays, every player board. Hidden: the other
seats' citizens in hand (only their count), the bag's content (only its size), the
order of the Modernisme deck and the building stacks below their top tile, and the
seed. ``seat=None`` is the public (spectator / hand-off screen) view. After the end every
hand is public.
"""

from . import board as B
from . import data as D
from ..core.errors import IllegalAction
from ..core.msg import msg
from .conditions import condition_vp
from .decisions import RULES
from . import solo_view, table
from .solo_scoring import GAUDI

_OVER = msg("bcn.prompt.over")


def _player_view(g, i, p, seat):
    # Once the game is over nothing is secret any more: every hand is shown (the end screen).
    return table.player_view(table.player_state(p), list(p.hand) if i == seat or g.is_over else None)


def _prompt(frame):
    if frame.kind not in RULES:
        return None
    where = frame.get("gaudi_at")
    if where is not None:  # the solo game: Gaudí placed on the human's intersection
        return msg("bcn.prompt.owner_gaudi", where=B.CROSS_LABEL[where])
    return msg(RULES[frame.kind].prompt)


def view(g, seat=None) -> dict:
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < g.num_players):
        raise IllegalAction(msg("bcn.err.no_seat", seat=repr(seat), n=g.num_players))
    frame = None if g.over else g.stack[-1]
    return {
        "game": "barcelona",
        "players": list(g.names),
        "seat": seat,
        "current_player": g.current_player,
        "is_over": g.over,
        "phase": "over" if g.over else frame.kind,
        "decision": None if g.over else frame.kind,
        "prompt": _OVER if g.over else _prompt(frame),
        "turn": g.turn,
        "start_player": 0,
        "end_triggered": g.end_triggered,
        "scores": g.scores(),
        "score_history": [list(x) for x in g.score_history],
        "score_breakdown": g.score_breakdown(),
        "winners": g.winners(),
        "tiebreak": g.tiebreak,
        "log": g.log_for(seat),
        "board": {
            "action_tiles": dict(g.action_tiles),
            "wide_lines": sorted(D.WIDE_LINES),
            "intersection_cost": {B.cross_id(rc): c for rc, c in D.INTERSECTION_COST.items()},
            "street_bonus": {s: [list(x) for x in b] for s, b in D.STREET_BONUS.items()},
            **table.board_parts(g),  # citizens, streets, buildings... (also kept per step of Gaudí's turn)
            "active_cross": (B.cross_id(frame.rc) if frame and frame.kind == "act" else None),
        },
        "tracks": table.tracks_view(g, table.tracks_state(g)),
        "side": {
            "pavement": table.pavement(g),
            "pavement_bonus": {f"{r},{c}": [list(x) for x in b] for (r, c), b in D.PAVEMENT_BONUS.items()},
            "pavement_size": [D.PAVEMENT_ROWS, D.PAVEMENT_COLS],
            **table.side_view(table.side_state(g)),  # services, display, stacks (also kept per Gaudí step)
        },
        "bag_size": len(g.bag),
        "player_boards": [_player_view(g, i, p, seat) for i, p in enumerate(g.players[: g.num_players])],
        # the solo game: Gaudí's board, pawn, cards and rewards (engine/barcelona/solo_view.py)
        "gaudi": (None if g.solo is None else solo_view.view(g, seat, _player_view(g, GAUDI, g.players[GAUDI], seat))),
        "modernisme_preview": (
            None if seat is None else [condition_vp(g, seat, t) if t else 0 for t in g.players[seat].mod_tiles]
        ),
    }
