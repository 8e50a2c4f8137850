"""Gaudí's part of the view (``view()["gaudi"]``; the solo summary "Set-up", "Gaudí's
turn", "Gaudí Rewards"): his board, pawn, GR, the revealed cards (face up), the deck's size (its
order is secret; with the 2.0 rules the top card's back shows), his score so far, and his last
turn step by step, each step with the view parts it changed (from solo_steps.py's snapshots).
"""

from ..core.msg import msg

from . import board as B
from . import data as D
from . import solo_data as S
from . import table
from .solo_actions import past_sagrada_gr
from .solo_scoring import GAUDI, gr_value, is_v2, winners


# i18n: Gaudí: zh 高迪 as the RULEBOOK prints it (高迪米宝); zh_Hant 高第, the Taiwanese name. «Gaudí Rewards» (solo): no rules text names them, term chosen
_GAUDI = msg("bcn.gaudi")


def view(g, seat, player_view) -> dict:
    """Everything of Gaudí's that the table shows: his board, pawn, GR, the revealed cards (face
    up), the deck's size (its order is secret; with 2.0 the top card's back shows)."""
    s = g.solo
    p = g.players[GAUDI]
    c = s["card"]
    top = s["deck"][-1] if s["deck"] else None
    return {
        "name": _GAUDI,  # a message: his name is translated (高迪 in Chinese)
        "seat": GAUDI,
        "difficulty": g.options["difficulty"],
        "rules": g.options["rules"],
        "sagrada_gr": past_sagrada_gr(g),  # the optional variant (1 GR per step past the end)
        "gr": s["gr"],
        "gr_value": gr_value(g),
        "vp": p.vp,
        # his VP so far plus his GR at their value (GR are scored at the end)
        **_scores(g, p.vp, p.breakdown, s["gr"]),
        "pawn": B.cross_id(s["pawn"]),
        "card": None if c is None else _card_view(c),
        "revealed": [_card_view(x) for x in s["discard"]],
        "deck_size": len(s["deck"]),
        "next_back": (S.CARDS[top]["back"] if (top is not None and is_v2(g)) else None),
        "sagrada_tiles": _reserve_view(s["sagrada_tiles"].items()),
        "turns": s["turns"],
        # his last turn step by step, each with the table as it stood after it (_step_view)
        "last_turn": [
            _step_view(g, x, s["steps"][i - 1]["table"] if i else None, seat) for i, x in enumerate(s["steps"])
        ],
        "score_history": list(s["history"]),
        "won": (None if not g.over else not winners(g)),
        "board": player_view,
    }


def _step_view(g, x, prev, seat) -> dict:
    """One step of his last turn for view(): its words, its mark and, in ``table``, the view
    parts (``board``, ``side``, ``tracks``, ``player_boards``, ``gaudi``...) that the step changed
    (the first step: all of them). The app lays the parts of the steps shown over the live view
    (web/session.as_of_step), so every region shows the table as it stood after the step."""
    out = {k: v for k, v in x.items() if k != "table"}
    snap = x.get("table")
    if not snap:
        return out

    def changed(key):
        return prev is None or snap[key] is not prev[key]

    parts = {}
    if changed("board"):
        parts["board"] = dict(table.board_view(snap["board"]), active_cross=None)
    side = {}
    if changed("pavement"):
        side["pavement"] = table.pavement_view(snap["pavement"])
    if changed("side"):
        side.update(table.side_view(snap["side"]))
    if side:
        parts["side"] = side
    if changed("tracks"):
        parts["tracks"] = table.tracks_view(g, snap["tracks"])
    bag, ended, rounds = snap["misc"]
    if changed("misc"):
        parts.update(bag_size=bag, end_triggered=ended, score_history=[list(r) for r in g.score_history[:rounds]])
    humans = snap["players"]
    if changed("players"):
        boards = [table.player_view(p, None) for p in humans]
        for b in boards:
            del b["hand"]  # the live view's (the viewer's own hand, drawn before his turn)
        parts.update(player_boards=boards, scores=[p[1] for p in humans], score_breakdown=[dict(p[-1]) for p in humans])
    if seat is not None and changed("preview"):
        parts["modernisme_preview"] = list(snap["preview"])
    pawn, card, revealed, deck_size, next_back, gr, reserve = snap["gaudi"]
    him = snap["him"]
    gaudi = {
        "pawn": B.cross_id(pawn),
        "card": None if card is None else _card_view(card),
        "deck_size": deck_size,
        "next_back": next_back,
        "gr": gr,
        "vp": him[1],
        **_scores(g, him[1], dict(him[-1]), gr),
    }
    if changed("gaudi"):
        gaudi.update(revealed=[_card_view(c) for c in revealed], sagrada_tiles=_reserve_view(reserve))
    if changed("him"):
        gaudi["board"] = table.player_view(him, None)
    if changed("misc"):
        gaudi["score_history"] = list(g.solo["history"][:rounds])
    parts["gaudi"] = gaudi
    out["table"] = parts
    return out


def _scores(g, vp_now, breakdown, gr) -> dict:
    """His score so far (his VP plus his GR at their value: GR are scored at the end) and its
    breakdown, for view() and each step of his last turn."""
    over = g.over
    return {
        "score": vp_now + (0 if over else gr * gr_value(g)),
        "breakdown": dict(breakdown, **({} if over or not gr else {"gr": gr * gr_value(g)})),
    }


def _reserve_view(reserve) -> dict:
    """His Sagrada tiles still to take, by level."""
    return {k: [[list(x) for x in D.SAGRADA_TILES[int(k)][i]] for i in v] for k, v in reserve}


def _card_view(c):
    card = S.CARDS[c]
    name = S.ACTION_NAMES[card["action"]]
    return {
        "id": c,
        "action": card["action"],
        "name": msg(name),
        "arrow": card["arrow"],
        "back": card["back"],
        "slot": card["slot"],
        "priority": list(card["priority"]),
    }
