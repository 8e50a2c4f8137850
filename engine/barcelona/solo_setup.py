"""The solo game against Gaudí (the solo summary "Set-up"; values in solo_data.py): his
set-up, the copy and the masked copy of his state, and which rules a record plays by.

Gaudí is not a player: no seat decides for him and none of his steps is a legal action. His
board is a ``PlayerState`` at ``g.players[GAUDI]`` (index 1: the board's owner fields use
it, so his streets, intersections, markers and cobblestones are drawn like a second player's);
``g.num_players`` stays 1 and only seat 0 is a seat. Everything else of his (pawn, deck, GR)
is ``g.solo``, a dict (``setup``). Sections quoted in the solo_*.py modules are those of the
research notes.

The rest of him, one job a module: solo_turn.py (his turn: reveal, placement, action, building),
solo_actions.py (his version of each action, ``do_*``, and his gains), solo_cards.py (his deck
and the card's arrow), solo_steps.py (each step's log line and the table after it), solo_view.py
(his part of the view), solo_scoring.py (his scoring and the winners).
"""

from . import data as D
from . import solo_data as S
from .solo_scoring import is_v2


def is_solo(g) -> bool:
    return g.__dict__.get("solo") is not None


# The engine version from which the human's owner rewards come at once when he places on their
# intersection, inside his turn (RULEBOOK p.8, Spanish rules sheet, line 41); before it they waited for the
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
        if not vp_only:  # RECON: a level without a VP-only tile gives him its best VP tile
            vp_only = sorted(idx, key=lambda i: -_tile_vp(level, i))[:1]
        for i in vp_only:
            idx.remove(i)
        tiles[str(level)] = vp_only
        if idx:
            idx.remove(idx[g.rng.below(len(idx))])
    deck = list(range(len(S.CARDS)))
    g.rng.shuffle(deck)
    g.solo = {
        "pawn": S.PAWN_START,
        "deck": deck,
        "discard": [],
        "card": None,
        "gr": 0,
        "sagrada_tiles": tiles,
        "steps": [],
        "turns": 0,
        "owed": False,
        "won": None,
        "history": [0],
    }  # his VP at each entry of g.score_history


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
    # turns keep no step tables (solo_steps._close), which spares the bots' rollouts that work.
    h.solo["tables"] = False
    keep = deck[-1:] if (is_v2(h) and deck) else []
    rest = sorted(deck[: len(deck) - len(keep)])
    rng.shuffle(rest)
    h.solo["deck"] = rest + keep
