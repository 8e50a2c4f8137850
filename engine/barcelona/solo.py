"""The solo game against Gaudí (research/barcelona-solo.md; values in solo_data.py).

Gaudí is not a player: no seat decides for him and none of his steps is a legal action. His
whole turn runs inside the human's last action of their turn (turn.run_endturn), driven by his
card deck drawn from the game's seeded RNG; every step is logged (``gaudi=<step>``, with a
``mark``: an action id of the board place it touched) so the app can replay it step by step.

His board is a ``PlayerState`` at ``g.players[GAUDI]`` (index 1: the board's owner fields use
it, so his streets, intersections, markers and cobblestones are drawn like a second player's);
``g.num_players`` stays 1 and only seat 0 is a seat. Everything else of his (pawn, deck, GR)
is ``g.solo``, a dict. Sections quoted below are those of the research notes.
"""
from fractions import Fraction

from ..core.msg import N_, msg

from . import board as B
from . import data as D
from . import solo_data as S
from . import table
from .building import buildable, score_build_steps
from .actions import pavement_frontier, street_vp
from .effects import COND_MSG, SERVICE_MSG, cerda, citizens_msg, draw, refill_display, vp
# his scoring (read by scoring.py without importing this module) and what it shares with his turn
from .solo_scoring import (GAUDI, after_cerda_scoring, cerda_points, final_scoring, gr_value,  # noqa: F401
                           is_v2, reshuffle)
from .scoring import cerda_scoring

# i18n: Gaudí: zh 高迪 as seed 000 prints it (高迪米宝); zh_Hant 高第, the Taiwanese name. «Gaudí Rewards» (solo): no seed names them, term chosen
_GAUDI = msg("bcn.gaudi")


def is_solo(g) -> bool:
    return g.__dict__.get("solo") is not None


# The engine version from which the human's owner rewards come at once when he places on their
# intersection, inside his turn (000 line 144, 003 line 41); before it they waited for the
# human's next turn (docs/barcelona.md, solo decision 5; CHANGELOG.md 2.2.0).
REWARD_AT_ONCE_SINCE = (2, 2)


def reward_at_once(g) -> bool:
    """Whether this game follows the rules of 2.2.0 or later (a record keeps its version)."""
    try:
        made = tuple(int(x) for x in str(g.made_with).split(".")[:2])
    except ValueError:
        return True
    return made >= REWARD_AT_ONCE_SINCE


# ----------------------------------------------------------------- set-up ("Set-up")
def setup(g) -> None:
    """After the 2-player set-up: Gaudí's board (no coins or cloth), his VP-only Sagrada tiles,
    one random tile of each level removed, the shuffled deck, the pawn on the centre."""
    from .state import PlayerState
    gp = PlayerState(S.GAUDI_NAME)
    gp.coins = gp.cloth = 0
    g.players.append(gp)
    tiles = {}
    for level, idx in g.sagrada_supply.items():
        vp_only = [i for i in idx if all(k == "vp" for k, _ in D.SAGRADA_TILES[level][i])]
        if not vp_only:   # RECON: a level without a VP-only tile gives him its best VP tile
            vp_only = sorted(idx, key=lambda i: -_tile_vp(level, i))[:1]
        for i in vp_only:
            idx.remove(i)
        tiles[str(level)] = vp_only
        if idx:
            idx.remove(idx[g.rng.below(len(idx))])
    deck = list(range(len(S.CARDS)))
    g.rng.shuffle(deck)
    g.solo = {"pawn": S.PAWN_START, "deck": deck, "discard": [], "card": None, "gr": 0,
              "sagrada_tiles": tiles, "steps": [], "turns": 0, "owed": False, "won": None,
              "history": [0]}     # his VP at each entry of g.score_history


def _tile_vp(level, i) -> int:
    return sum(a for k, a in D.SAGRADA_TILES[level][i] if k == "vp")


def copy_state(s) -> dict:
    out = dict(s)
    out["deck"], out["discard"] = list(s["deck"]), list(s["discard"])
    out["sagrada_tiles"] = {k: list(v) for k, v in s["sagrada_tiles"].items()}
    out["steps"] = [dict(x) for x in s["steps"]]
    out["history"] = list(s["history"])
    return out


def mask(h, rng) -> None:
    """masked_for: his deck order is secret (its content is not: the revealed cards lie face up).
    With the 2.0 rules the top card's back (its direction) is public and identifies the card."""
    deck = h.solo["deck"]
    # A masked copy is for thinking (bots, hints, previews), never drawn step by step: its
    # turns keep no step tables (_close), which spares the bots' rollouts that work.
    h.solo["tables"] = False
    keep = deck[-1:] if (is_v2(h) and deck) else []
    rest = sorted(deck[:len(deck) - len(keep)])
    rng.shuffle(rest)
    h.solo["deck"] = rest + keep


# ---------------------------------------------------------------- directions (exact arithmetic)
def _pseudo_angle(dr, dc):
    """A number in [0, 4) growing with the clockwise angle from north (exact, no floats, so
    CPython and Pyodide order ties alike)."""
    x, y = Fraction(dc), Fraction(-dr)
    if x >= 0 and y > 0:
        return x / (x + y)
    if x > 0 and y <= 0:
        return 1 + (-y) / (x - y)
    if x <= 0 and y < 0:
        return 2 + (-x) / (-x - y)
    return 3 + y / (y - x)


def clockwise(arrow, origin, point):
    """(turn from the arrow, clockwise, in [0, 4); distance²) of ``point`` seen from ``origin``:
    the tie-break "the card's arrow, turning clockwise" (SOURCE, Gaudí's turn step 2)."""
    dr, dc = point[0] - origin[0], point[1] - origin[1]
    if dr == 0 and dc == 0:
        return (Fraction(0), 0)
    a = _pseudo_angle(*S.ARROW_VECTORS[arrow])
    return ((_pseudo_angle(dr, dc) - a) % 4, dr * dr + dc * dc)


def _centre(points):
    n = len(points)
    return (Fraction(sum(p[0] for p in points), n), Fraction(sum(p[1] for p in points), n))


def _seg_centre(seg):
    _, _, a, b = B.SEGMENTS[seg]
    return _centre((a, b))


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
    if g.solo.get("tables") is False:     # a masked copy (mask): nobody is shown its steps
        return
    steps = g.solo["steps"]
    if since is None:
        since = len(steps)
        while since and steps[since - 1]["table"] is None:
            since -= 1
    if since < len(steps):
        snap = _snapshot(g, steps[since - 1]["table"] if since else None,
                         touched=any(x.get("mark") for x in steps[since:]))
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
        "players": tuple(table.player_state(p) for p in g.players[:g.num_players]),   # the human's
        "him": table.player_state(g.players[GAUDI]),
        "misc": (len(g.bag), g.end_triggered, len(g.score_history)),
        "gaudi": (s["pawn"], s["card"], tuple(s["discard"]), len(deck),
                  S.CARDS[deck[-1]]["back"] if (deck and is_v2(g)) else None, s["gr"],
                  tuple((k, tuple(v)) for k, v in s["sagrada_tiles"].items())),
    }
    if prev:
        out = {k: (prev[k] if prev[k] == v else v) for k, v in out.items()}
    # the human's Modernisme preview (view()["modernisme_preview"]): his buildings can change it
    same = prev and out["board"] is prev["board"] and out["players"] is prev["players"]
    out["preview"] = (prev["preview"] if same else
                      tuple(condition_vp(g, 0, t) if t else 0 for t in g.players[0].mod_tiles))
    return out


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
            del b["hand"]           # the live view's (the viewer's own hand, drawn before his turn)
        parts.update(player_boards=boards, scores=[p[1] for p in humans],
                     score_breakdown=[dict(p[-1]) for p in humans])
    if seat is not None and changed("preview"):
        parts["modernisme_preview"] = list(snap["preview"])
    pawn, card, revealed, deck_size, next_back, gr, reserve = snap["gaudi"]
    him = snap["him"]
    gaudi = {"pawn": B.cross_id(pawn), "card": None if card is None else _card_view(card),
             "deck_size": deck_size, "next_back": next_back, "gr": gr, "vp": him[1],
             **_scores(g, him[1], dict(him[-1]), gr)}
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
    return {"score": vp_now + (0 if over else gr * gr_value(g)),
            "breakdown": dict(breakdown, **({} if over or not gr else {"gr": gr * gr_value(g)}))}


def _reserve_view(reserve) -> dict:
    """His Sagrada tiles still to take, by level."""
    return {k: [[list(x) for x in D.SAGRADA_TILES[int(k)][i]] for i in v] for k, v in reserve}


# ------------------------------------------------------------ gains: coins and cloth are GR
def gain(g, items, why) -> None:
    """Everything he gains, at once: coins and cloth (and goods) become Gaudí Rewards (SOURCE,
    "Gaudí Rewards"); track steps move his markers; an action bonus is his own version of it."""
    for kind, amt in items:
        if kind == "vp":
            vp(g, GAUDI, amt, why)
        elif kind in ("coin", "cloth", "goods"):
            g.solo["gr"] += amt
        elif kind == "cerda":
            cerda(g, GAUDI, amt)
        elif kind == "sagrada":
            for _ in range(amt):
                sagrada_step(g)
        elif kind == "action":
            key = _own_action(amt)
            if key and possible(g, key):
                perform(g, key, _arrow(g))


def _own_action(key):
    """RECON: a bonus naming a street action is his version of it (either street tile -> streets,
    the tram tile -> passenger)."""
    if key in S.ACTIONS:
        return key
    if "street" in str(key) or key in ("narrow", "wide"):
        return "streets"
    if key == "tram":
        return "passenger"
    return None


def past_sagrada_gr(g) -> bool:
    """The optional variant (SOURCE "Gaudí Rewards"): at the end of his Sagrada track each
    further step gives him 1 GR (option ``sagrada_gr``; records without it play without)."""
    return g.options.get("sagrada_gr", "off") == "on"


def sagrada_step(g) -> None:
    """One step on his Sagrada track; reaching a slot gives him the tile lying there (SOURCE)."""
    p = g.players[GAUDI]
    if p.sagrada >= D.SAGRADA_MAX:
        if past_sagrada_gr(g):
            g.solo["gr"] += S.PAST_SAGRADA_GR
            _log(g, "sagrada", msg("bcn.gaudi.sagrada_gr", n=S.PAST_SAGRADA_GR))
        return
    p.sagrada += 1
    level = D.SAGRADA_SLOTS.get(p.sagrada)
    tiles = g.solo["sagrada_tiles"].get(str(level)) if level else None
    if tiles:
        i = tiles.pop(0)
        p.sagrada_tiles.append([level, i])
        _log(g, "sagrada", msg("bcn.gaudi.sagrada_tile", level=level, vp=_tile_vp(level, i)))
        vp(g, GAUDI, _tile_vp(level, i), "sagrada")


# -------------------------------------------------------------------------- the deck
def _arrow(g):
    c = g.solo["card"]
    if c is None:
        return "N"
    card = S.CARDS[c]
    return card["back"] if is_v2(g) else card["arrow"]


def reveal(g):
    """The top card; an empty deck is reshuffled from the revealed ones (SOURCE, step 4)."""
    s = g.solo
    _close(g)
    if not s["deck"]:
        s["deck"], s["discard"] = s["discard"], []
        g.rng.shuffle(s["deck"])
    c = s["deck"].pop()
    s["discard"].append(c)
    s["card"] = c
    g.barrier()
    card = S.CARDS[c]
    action = S.ACTION_NAMES[card["action"]]
    arrow = S.ARROW_WORDS[card["back"] if is_v2(g) else card["arrow"]]
    _log(g, "card", msg("bcn.gaudi.reveal", card=c + 1, action=msg(action), arrow=msg(arrow)), card=c)
    return c


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
    intersection he placed on (their owner rewards are due at once, 000 line 144), else None."""
    s = g.solo
    s["steps"] = []
    s["turns"] += 1
    reveal(g)
    rc = place(g)
    if rc is not None and reward_at_once(g):
        _close(g)       # the place step shows the table before the human takes their rewards
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
    else:   # RECON: no card is possible (every stock spent): no action this turn
        _log(g, "skip", msg("bcn.gaudi.no_action"))
    build(g)
    if s["gr"] > gr:        # his rewards of the turn (VP and track steps follow in the log line)
        _log(g, "rewards", msg("bcn.gaudi.rewards", n=s['gr'] - gr, total=s['gr']))
    _close(g)           # the last step's table: his turn done, before the Cerdà check
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
    owner rewards at once (000 line 144: whenever anyone places there, on any turn): returns
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
    stack = sorted(drawn, key=lambda c: S.CLASS_RANK[c])     # bottom .. top
    rc = choose_intersection(g, stack, _arrow(g))
    if rc is None:
        g.bag += drawn
        _log(g, "place", msg("bcn.gaudi.no_room"))
        return
    g.citizens[rc] = stack
    g.solo["pawn"] = rc
    code = "".join(reversed(stack))
    _log(g, "place", msg("bcn.gaudi.place", where=B.cross_label(rc), citizens=citizens_msg(code)),
         mark=f"place:{B.cross_id(rc)}:{code}")
    owner = g.cross_owner.get(rc)
    if owner is not None and owner != GAUDI:
        if not reward_at_once(g):
            g.solo["owed"] = True
        return rc
    return None


# --------------------------------------------------------------------------- actions
def possible(g, key) -> bool:
    p = g.players[GAUDI]
    pawn = g.solo["pawn"]
    if key == "cobble":
        return p.cobbles_left > 0 and bool(pavement_frontier(g))
    if key == "streets":
        return bool(_street_spaces(g, pawn, "wide") or _street_spaces(g, pawn, "narrow"))
    if key == "cross":
        return p.crosses_built < len(D.INTERSECTION_TILE_COST) and len(g.cross_owner) < len(B.INTERSECTIONS)
    if key == "mtake":
        return bool(g.mod_display) and None in p.mod_tiles
    if key == "improve":
        return not all(p.mod_top)
    if key == "service":
        return any(t and k not in p.services for k, t in g.services.items())
    if key == "passenger":
        return p.passengers_placed < len(D.PASSENGER_COST) and bool(_passenger_spaces(g, pawn))
    if key == "sagrada":
        return p.sagrada < D.SAGRADA_MAX or past_sagrada_gr(g)
    if key == "market":
        return True
    return False


def perform(g, key, arrow) -> None:
    _close(g)        # an action (also one a bonus gives) is a step of its own
    {"cobble": do_cobble, "streets": do_streets, "cross": do_cross, "mtake": do_mtake,
     "improve": do_improve, "service": do_service, "passenger": do_passenger,
     "sagrada": do_sagrada, "market": do_market}[key](g, arrow)


def _bonus_rank(card, bonus):
    prio = card["priority"]
    kinds = [k for k, _ in bonus] or ["none"]
    best = min(prio.index(k) if k in prio else len(prio) for k in kinds)
    return (best, -sum(a for _, a in bonus if isinstance(a, int)))


def do_cobble(g, arrow, anywhere=False) -> None:
    """SOURCE: his leftmost cobblestone, usual adjacency, the space whose bonus ranks best on the
    card's priority list (RECON: then the bigger bonus, then reading order)."""
    _close(g)
    card = S.CARDS[g.solo["card"]]
    if anywhere:
        cells = [(r, c) for r in range(D.PAVEMENT_ROWS) for c in range(D.PAVEMENT_COLS) if (r, c) not in g.pavement]
    else:
        cells = sorted(pavement_frontier(g))
    if not cells or g.players[GAUDI].cobbles_left <= 0:
        return
    cell = min(cells, key=lambda rc: (_bonus_rank(card, D.PAVEMENT_BONUS[rc]), rc))
    g.players[GAUDI].cobbles_placed += 1
    g.pavement[cell] = GAUDI
    _log(g, "action", msg("bcn.gaudi.cobble", row=cell[0] + 1, col=cell[1] + 1),
         mark=f"cobble:{cell[0]},{cell[1]}")
    gain(g, D.PAVEMENT_BONUS[cell], "cobble_bonus")


def _street_spaces(g, rc, kind):
    p = g.players[GAUDI]
    left = p.wide if kind == "wide" else p.narrow_left
    if not left:
        return []
    return [s for s in B.CROSS_SEGMENTS[rc] if s not in g.streets and B.segment_kind(s) == kind]


def _by_bonus_then_arrow(g, segs, arrow):
    pawn = g.solo["pawn"]
    return sorted(segs, key=lambda s: (not D.STREET_BONUS[s], clockwise(arrow, pawn, _seg_centre(s))))


def do_streets(g, arrow) -> None:
    """SOURCE: next to his pawn, preferring spaces with a bonus, the arrow breaking ties. RECON:
    a wide street when a wide space touches the pawn, else up to 2 narrow ones there."""
    pawn = g.solo["pawn"]
    wide = _street_spaces(g, pawn, "wide")
    if wide:
        _street(g, _by_bonus_then_arrow(g, wide, arrow)[0], "wide")
        return
    for _ in range(2):
        narrow = _street_spaces(g, pawn, "narrow")
        if not narrow:
            break
        _street(g, _by_bonus_then_arrow(g, narrow, arrow)[0], "narrow")


def _street(g, seg, kind) -> None:
    _close(g)        # the second of two narrow streets is a step of its own
    p = g.players[GAUDI]
    g.streets[seg] = GAUDI
    if kind == "wide":
        p.wide -= 1
        if p.wide == 0:
            cerda(g, GAUDI, D.WIDE_EMPTY_CERDA)
    else:
        i = 0 if p.narrow_stacks[0] else 1
        p.narrow_stacks[i] -= 1
        if p.narrow_stacks[i] == 0:
            cerda(g, GAUDI, D.NARROW_EMPTY_CERDA)
    points = street_vp(g, seg)
    vp(g, GAUDI, points, "streets")
    _log(g, "action", msg(N_("bcn.gaudi.street_wide") if kind == "wide" else N_("bcn.gaudi.street_narrow"),
                          where=B.segment_label(seg), vp=points), mark=f"street:{seg}")
    gain(g, D.STREET_BONUS[seg], "street_bonus")


def _worth(items):
    return sum(S.BONUS_WORTH.get(k, 1) * (a if isinstance(a, int) else 1) for k, a in items)


def do_cross(g, arrow) -> None:
    """SOURCE: where the sum of the adjacent visible bonuses is highest (ties: clockwise from
    the arrow, RECON: then nearest). He pays nothing."""
    pawn = g.solo["pawn"]
    free = [rc for rc in B.INTERSECTIONS if rc not in g.cross_owner]
    if not free:
        return

    def bonus(rc):
        return [x for s in B.CROSS_SEGMENTS[rc] if s not in g.streets for x in D.STREET_BONUS[s]]
    rc = min(free, key=lambda rc: (-_worth(bonus(rc)), clockwise(arrow, pawn, rc)))
    items = bonus(rc)
    g.cross_owner[rc] = GAUDI
    g.players[GAUDI].crosses_built += 1
    _log(g, "action", msg("bcn.gaudi.cross", where=B.cross_label(rc)), mark=f"cross:{B.cross_id(rc)}")
    gain(g, items, "cross_bonus")


def do_mtake(g, arrow) -> None:
    """SOURCE: original: the display tile the card's arrow points to (RECON: the card prints a
    slot 1-4; fewer tiles: the last); 2.0: the highest-scoring tile, leftmost on a tie. On his
    rightmost empty space."""
    p = g.players[GAUDI]
    if not g.mod_display or None not in p.mod_tiles:
        return
    if is_v2(g):
        tile = max(g.mod_display, key=lambda k: (D.CONDITIONS[k][0], -g.mod_display.index(k)))
    else:
        slot = S.CARDS[g.solo["card"]]["slot"]
        tile = g.mod_display[min(slot, len(g.mod_display)) - 1]
    i = max(j for j, t in enumerate(p.mod_tiles) if t is None)
    p.mod_tiles[i] = tile
    g.mod_display.remove(tile)
    _log(g, "action", msg("bcn.gaudi.mtake", project=COND_MSG[tile], space=i + 1))
    refill_display(g)


def do_improve(g, arrow) -> None:
    """SOURCE: original: the leftmost marker still at the bottom goes up; 2.0: right to left."""
    p = g.players[GAUDI]
    spaces = [i for i in range(D.MODERNISME_SPACES) if not p.mod_top[i]]
    if not spaces:
        return
    i = spaces[-1] if is_v2(g) else spaces[0]
    p.mod_top[i] = True
    _log(g, "action", msg("bcn.gaudi.improve", space=i + 1))


def do_service(g, arrow) -> None:
    """SOURCE: the most expensive service he lacks, left to right (2.0: the leftmost one); he
    gets its VP and Cerdà steps, then reveals another card and does that action instead of the
    service's effect (2.0: he performs the service's action, his version of it)."""
    p = g.players[GAUDI]
    keys = [k for k, t in g.services.items() if t and k not in p.services]
    if not keys:
        return
    key = keys[0] if is_v2(g) else max(keys, key=lambda k: (g.services[k][0][0], -keys.index(k)))
    cost, points = g.services[key].pop(0)
    p.services.append(key)
    vp(g, GAUDI, points, "services")
    cerda(g, GAUDI, D.SERVICE_CERDA)
    _log(g, "action", msg("bcn.gaudi.service", service=SERVICE_MSG[key], vp=points, cerda=D.SERVICE_CERDA),
         mark=f"service:{key}")
    if is_v2(g):
        then = S.SERVICE_ACTIONS.get(key)
        if key == "university":
            if p.cobbles_left > 0:
                do_cobble(g, arrow, anywhere=True)
        elif then and possible(g, then):
            perform(g, then, arrow)
    else:
        _instead(g)


def _instead(g) -> None:
    """Reveal another card and do its action instead (RECON: a card whose action is impossible,
    or another service/passenger card, is passed over, at most once round the deck)."""
    for _ in range(len(S.CARDS)):
        c = reveal(g)
        key = S.CARDS[c]["action"]
        if key not in ("service", "passenger") and possible(g, key):
            perform(g, key, _arrow(g))
            return
    _log(g, "skip", msg("bcn.gaudi.no_further"))


def _passenger_spaces(g, rc):
    trams = {q.tram for q in g.players if q.tram}
    return [s for s in B.CROSS_SEGMENTS[rc] if s not in g.passengers and s not in trams]


def do_passenger(g, arrow) -> None:
    """SOURCE: on a street next to his pawn, his own streets first, avoiding the human's (RECON:
    then empty spaces, then the human's, each clockwise from the arrow); a built street scores
    for its owner as usual; then another card's action instead of the street's (no tram)."""
    p = g.players[GAUDI]
    pawn = g.solo["pawn"]
    spaces = _passenger_spaces(g, pawn)
    if not spaces or p.passengers_placed >= len(D.PASSENGER_COST):
        return

    def rank(s):
        owner = g.streets.get(s)
        return (0 if owner == GAUDI else 1 if owner is None else 2, clockwise(arrow, pawn, _seg_centre(s)))
    seg = min(spaces, key=rank)
    p.passengers_placed += 1
    g.passengers[seg] = GAUDI
    _log(g, "action", msg("bcn.gaudi.passenger", where=B.segment_label(seg)), mark=f"tram:{seg}")
    owner = g.streets.get(seg)
    if owner is not None:
        vp(g, owner, street_vp(g, seg), "streets")
    _instead(g)


def do_sagrada(g, arrow) -> None:
    _log(g, "action", msg("bcn.gaudi.sagrada"))
    sagrada_step(g)


def do_market(g, arrow) -> None:
    blocks = {B.site_block(s) for s, b in g.sites.items() if GAUDI in b["markers"]}
    _log(g, "action", msg("bcn.gaudi.market", n=len(blocks)))
    g.solo["gr"] += len(blocks)


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
    built = len(g.solo["steps"])      # the build step's index (its board is settled below)
    _log(g, "build", msg("bcn.gaudi.build_corner", site=B.site_label(site), using=using) if level == "corner"
         else msg("bcn.gaudi.build", level=level, site=B.site_label(site), using=using),
         mark=f"build:{site}:{level}:{cs}")
    score_build_steps(g, GAUDI, site, combo)
    _, _, cerda_steps, sagrada, level_vp = D.LEVEL_RULES[level]
    if cerda_steps > 0 or is_v2(g):
        cerda(g, GAUDI, cerda_steps)
    vp(g, GAUDI, level_vp, "buildings")
    gain(g, tuple(D.BUILDING_TILES[level][tile]) + ((("sagrada", sagrada),) if sagrada else ()), "buildings")
    for i, n in enumerate(p.marker_stacks):      # step 6: his leftmost building marker
        if n:
            p.marker_stacks[i] -= 1
            entry["markers"].append(GAUDI)
            if p.marker_stacks[i] == 0:
                cerda(g, GAUDI, D.MARKER_EMPTY_CERDA)
            break
    _close(g, built)         # the build step shows the citizens gone and his marker placed
    if is_v2(g):    # SOURCE (2.0): after building he moves the pawn again in the card's direction
        dr, dc = S.ARROW_VECTORS[_arrow(g)]
        r, c = g.solo["pawn"][0] + dr, g.solo["pawn"][1] + dc
        if 0 <= r < D.SIZE and 0 <= c < D.SIZE:
            _close(g)
            g.solo["pawn"] = (r, c)
            _log(g, "move", msg("bcn.gaudi.move", where=B.cross_label((r, c))))


# --------------------------------------------------------------------------- scoring
def owner_reward(g) -> None:
    """The human placed on his intersection (p.8): RECON, he takes 1 GR."""
    g.solo["gr"] += S.OWNER_REWARD_GR
    g.log_event(msg("bcn.log.gaudi_owner", n=S.OWNER_REWARD_GR), seat=GAUDI)


def winners(g) -> list:
    """SOURCE: ties go to Gaudí. [0] when the human beat him, [] when he won."""
    return [0] if g.players[0].vp > g.players[GAUDI].vp else []


def view(g, seat, player_view) -> dict:
    """Everything of Gaudí's that the table shows: his board, pawn, GR, the revealed cards (face
    up), the deck's size (its order is secret; with 2.0 the top card's back shows)."""
    s = g.solo
    p = g.players[GAUDI]
    c = s["card"]
    top = s["deck"][-1] if s["deck"] else None
    return {
        "name": _GAUDI,             # a message: his name is translated (高迪 in Chinese)
        "seat": GAUDI,
        "difficulty": g.options["difficulty"],
        "rules": g.options["rules"],
        "sagrada_gr": past_sagrada_gr(g),     # the optional variant (1 GR per step past the end)
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
        "last_turn": [_step_view(g, x, s["steps"][i - 1]["table"] if i else None, seat)
                      for i, x in enumerate(s["steps"])],
        "score_history": list(s["history"]),
        "won": (None if not g.over else not winners(g)),
        "board": player_view,
    }


def _card_view(c):
    card = S.CARDS[c]
    name = S.ACTION_NAMES[card["action"]]
    return {"id": c, "action": card["action"], "name": msg(name),
            "arrow": card["arrow"], "back": card["back"], "slot": card["slot"],
            "priority": list(card["priority"])}
