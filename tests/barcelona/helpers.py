"""Build exact Barcelona positions for rule and scenario tests.

A test creates a game, then assigns state fields directly. These helpers keep the
72 citizens accounted for (every citizen put on the board or in a hand is taken
out of the bag) and clear the legal-action cache (``g._legal``) after each edit.

    g = position(players=2, seed=0)               # printed layout by default
    set_turn(g, 0, "WM")                          # seat 0 to place a working + middle
    put(g, (1, 2), "MU")                          # citizens on an intersection, bottom..top
    start_action(g, 0, "streets")                 # seat 0 is taking the streets action

Note: ``undo()`` and ``replay()`` rebuild a game from its record (seed + action ids), so
they do not reproduce hand-edited positions; test them on played games.
"""

from engine.barcelona import new_game
from engine.barcelona import board as B
from engine.barcelona import data as D
from engine.barcelona import effects, turn

TOTAL_CITIZENS = sum(D.CITIZENS.values())


def position(players=2, seed=0, layout="printed", **overrides):
    """A fresh game with any top-level state fields replaced by ``overrides``."""
    g = new_game(players, seed=seed, layout=layout)
    for key, value in overrides.items():
        if not hasattr(g, key):
            raise AttributeError(f"BarcelonaGame has no state field {key!r}")
        setattr(g, key, value)
    g._legal = None
    return g


def take(g, cls, k=1):
    """Remove ``k`` citizens of class ``cls`` from the bag (to place them elsewhere)."""
    for _ in range(k):
        g.bag.remove(cls)
    g._legal = None


def give_back(g, classes):
    g.bag.extend(classes)
    g._legal = None


def set_hand(g, seat, hand):
    """Seat's hidden citizens become ``hand`` (a string like "WM", bottom..top irrelevant)."""
    p = g.players[seat]
    give_back(g, p.hand)
    p.hand = []
    for c in hand:
        take(g, c)
    p.hand = list(hand)
    g._legal = None


def put(g, rc, classes):
    """Citizens on intersection ``rc``, listed bottom .. top (taken from the bag)."""
    give_back(g, g.citizens.pop(rc, []))
    for c in classes:
        take(g, c)
    if classes:
        g.citizens[rc] = list(classes)
    g._legal = None


def fill_track(g, cls, n):
    """Track ``cls`` holds n citizens (taken from / returned to the bag)."""
    diff = n - g.tracks[cls]
    if diff > 0:
        take(g, cls, diff)
    else:
        give_back(g, [cls] * -diff)
    g.tracks[cls] = n
    g._legal = None


def clear_board_citizens(g):
    for rc in list(g.citizens):
        put(g, rc, "")


def set_turn(g, seat, hand=None):
    """It is ``seat``'s turn, at the placing step (the turn's 3 frames on the stack)."""
    if hand is not None:
        set_hand(g, seat, hand)
    g.stack = []
    turn.begin_turn(g, seat)
    g._legal = None


def start_action(g, seat, key, **flags):
    """``seat`` is in the middle of its turn and starts action ``key`` (as from a street).
    Below it on the stack: the build step and the end of the turn. Mid-turn the seat's
    hand is empty (its citizens were placed), so the hand goes back to the bag."""
    set_hand(g, seat, "")
    g.stack = []
    effects.push(g, "endturn", seat)
    effects.push(g, "build_step", seat)
    effects.start_action(g, seat, key, flags)
    g._legal = None
    g._run()
    g._legal = None


def push_frame(g, seat, t, **data):
    """Put one decision frame on top of a fresh turn stack (build step and end below);
    the seat's hand is emptied as mid-turn."""
    set_hand(g, seat, "")
    g.stack = []
    effects.push(g, "endturn", seat)
    effects.push(g, "build_step", seat)
    effects.push(g, t, seat, **data)
    g._legal = None


def ids(g):
    return [a.id for a in g.legal_actions()]


def kinds(g):
    return {a.kind for a in g.legal_actions()}


def phase(g):
    return None if g.is_over else g.stack[-1].kind


def cid(rc):
    return B.cross_id(rc)
