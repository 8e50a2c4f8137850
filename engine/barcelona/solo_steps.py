"""Gaudí's turn step by step (the solo summary "Gaudí's turn"). His whole turn runs
inside the human's last action of their turn (turn.run_endturn, solo_turn.py); every step is
logged (``gaudi=<step>``, with a ``mark``: an action id of the board place it touched) so the app
can replay it step by step, and keeps the public table as it stands once the step is done
(``_snapshot``: table.py's compact states, turned into view parts by solo_view.py).
"""

from ..core.msg import msg

from . import solo_data as S
from . import table
from .solo_scoring import GAUDI, is_v2


# ------------------------------------------------------------------------- logging
def _log(g, step, text, mark=None, **data) -> None:
    """``text``: a message (what he did, without his name). Each step keeps the public table as
    it stands once the step is done (``_close``: taken when the next step's work starts, at the
    latest at its log line, or when his turn ends), so the app can show every region of the
    table step by step."""
    _close(g)
    entry = {"step": step, "text": text, "table": None}
    if mark:
        entry["mark"] = mark
    g.solo["steps"].append(entry)
    g.log_event(msg("bcn.log.gaudi", what=text), seat=GAUDI, gaudi=step, **({"mark": mark} if mark else {}))


def _close(g, since=None) -> None:
    """The steps still open (from ``since`` on, else those without a table) get the table as it
    stands now: what was done in a step is done once the next one starts."""
    if g.solo.get("tables") is False:  # a masked copy (mask): nobody is shown its steps
        return
    steps = g.solo["steps"]
    if since is None:
        since = len(steps)
        while since and steps[since - 1]["table"] is None:
            since -= 1
    if since < len(steps):
        snap = _snapshot(
            g, steps[since - 1]["table"] if since else None, touched=any(x.get("mark") for x in steps[since:])
        )
        for x in steps[since:]:
            x["table"] = snap


def _snapshot(g, prev, touched) -> dict:
    """What every region of the table shows now, public information only (the revealed cards
    lie face up; the deck only by its size and, with 2.0, its top card's back; hands only by
    their size), in table.py's compact states. Kept for his last turn only (``steps`` is
    emptied when his next turn starts); view() turns it into view parts (``_step_view``).
    Cheap: only a step with a ``mark`` (the board place it touched) changes the board or the
    pavement; a part equal to the previous step's is that very object (shared, never changed
    in place), so view() sends only the parts a step changed."""
    from .conditions import condition_vp

    s = g.solo
    deck = s["deck"]
    out = {
        "board": prev["board"] if (prev and not touched) else table.board_state(g),
        "pavement": prev["pavement"] if (prev and not touched) else table.pavement_state(g),
        "tracks": table.tracks_state(g),
        "side": table.side_state(g),
        "players": tuple(table.player_state(p) for p in g.players[: g.num_players]),  # the human's
        "him": table.player_state(g.players[GAUDI]),
        "misc": (len(g.bag), g.end_triggered, len(g.score_history)),
        "gaudi": (
            s["pawn"],
            s["card"],
            tuple(s["discard"]),
            len(deck),
            S.CARDS[deck[-1]]["back"] if (deck and is_v2(g)) else None,
            s["gr"],
            tuple((k, tuple(v)) for k, v in s["sagrada_tiles"].items()),
        ),
    }
    if prev:
        out = {k: (prev[k] if prev[k] == v else v) for k, v in out.items()}
    # the human's Modernisme preview (view()["modernisme_preview"]): his buildings can change it
    same = prev and out["board"] is prev["board"] and out["players"] is prev["players"]
    out["preview"] = (
        prev["preview"] if same else tuple(condition_vp(g, 0, t) if t else 0 for t in g.players[0].mod_tiles)
    )
    return out


def progress(g):
    """(Gaudí's turns so far, steps logged of his last turn), or None when the game has no Gaudí
    (2-4 players, or a game of the 1.x engine, which had no solo game): the app shows his turn one
    step at a time (GameSpec.automaton_progress)."""
    s = getattr(g, "solo", None)
    return (s["turns"], len(s["steps"])) if isinstance(s, dict) else None
