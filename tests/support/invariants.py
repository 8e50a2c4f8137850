"""The engine contract as checks on a live game, shared by the soak (tests/support/soak.py,
bench/soak.py) and tests/contract.

Only the public interface is used (new_game / replay / legal_actions / apply / view /
masked_for / record / clone / can_undo / undo / scores / winners / current_player /
is_over), so the checks hold for any registered game and survive refactors of the engines.

Each check returns a list of problems (short strings; empty = fine) instead of asserting, so
the soak can count violations and go on; the tests assert the list is empty.
"""

import json

from engine.core.errors import EngineError
from engine.core.rng import Rng

# Inputs apply() must refuse (with an EngineError) at any moment, changing nothing.
LONG_ID = "x" * 100_000
BAD_INPUTS = ("no-such-action", "", " ", 7, 3.5, True, False, None, ["a"], {"id": "a"}, b"a", LONG_ID)

# Top-level view keys every game's view(seat) has, with the same meaning (docs/engine-interface.md).
CORE_VIEW_KEYS = frozenset(
    {
        "game",
        "players",
        "seat",
        "current_player",
        "is_over",
        "phase",
        "prompt",
        "scores",
        "score_breakdown",
        "score_history",
        "winners",
        "log",
        "start_player",
    }
)


def seats_of(g):
    return list(range(len(g.record()["players"])))


def all_views(g):
    """{seat: view(seat)} for the spectator (None) and every seat."""
    return {s: g.view(s) for s in [None] + seats_of(g)}


def legal_ids(g):
    return [a.id for a in g.legal_actions()]


def snapshot(g, seats="all"):
    """What must not change when nothing happens: the record, the legal ids and the views of
    ``seats`` (a list; "all" = the spectator and every seat)."""
    views = all_views(g) if seats == "all" else {s: g.view(s) for s in seats}
    return (g.record(), legal_ids(g), views)


def _short(x, n=60):
    r = repr(x)
    return r if len(r) <= n else r[:n] + "..."


# ----- the checks -------------------------------------------------------------------------
def check_legal(g, ids=None):
    """Legal actions: non-empty with unique ids (strings) while the game runs; empty once over."""
    ids = legal_ids(g) if ids is None else ids
    if g.is_over:
        return [f"game over but {len(ids)} legal actions"] if ids else []
    out = []
    if not ids:
        out.append("no legal action in a running game")
    if len(set(ids)) != len(ids):
        out.append(f"duplicate legal ids {sorted({i for i in ids if ids.count(i) > 1})[:3]}")
    if not all(isinstance(i, str) and i for i in ids):
        out.append("a legal id is not a non-empty string")
    if g.current_player not in seats_of(g):
        out.append(f"current_player {g.current_player!r} is not a seat")
    return out


def _round_trips(x):
    """x after a JSON round trip, and whether that gave x back unchanged."""
    y = json.loads(json.dumps(x, allow_nan=False))
    return y, y == x


def _json_problem(seat, v, memo):
    """Why view(seat) is not JSON-safe (None if it is). ``memo`` (a dict kept by the caller
    across the actions of one game, or None) makes the check incremental for the log, which
    grows with every action and would make each check cost as much as the whole game so far:
    memo[seat] holds the round-tripped copy of the log already checked (fresh objects, so an
    entry changed in place later still shows), and only entries past an unchanged prefix are
    round-tripped again. Same verdict as a full round trip, at a fraction of the cost."""
    try:
        log = v.get("log") if memo is not None else None
        if not isinstance(log, list):
            return None if _round_trips(v)[1] else "changes in a JSON round trip (tuple, non-string key...)"
        rest = {k: x for k, x in v.items() if k != "log"}
        ok = _round_trips(rest)[1]
        done = memo.get(seat, [])
        n = len(done) if len(done) <= len(log) and log[: len(done)] == done else 0
        tail, tail_ok = _round_trips(log[n:])
        memo[seat] = (done[:n] if n else []) + tail
        if not (ok and tail_ok):
            memo.pop(seat, None)
            return "changes in a JSON round trip (tuple, non-string key...)"
        return None
    except (TypeError, ValueError) as e:
        if memo is not None:
            memo.pop(seat, None)
        return f"is not JSON: {_short(str(e))}"


def check_views(g, views, memo=None):
    """Views are JSON-safe (a JSON round trip gives them back unchanged), say who they are for,
    agree with the game, and show no other seat's private log entries. ``memo``: see
    _json_problem (the soak passes one per game; tests check every view in full)."""
    out = []
    for seat, v in views.items():
        problem = _json_problem(seat, v, memo)
        if problem:
            out.append(f"view({seat}) {problem}")
            if problem.startswith("is not JSON"):
                continue
        if v.get("seat") != seat:
            out.append(f"view({seat}) says seat {v.get('seat')!r}")
        if v.get("current_player") != g.current_player or v.get("is_over") != g.is_over:
            out.append(f"view({seat}) disagrees with current_player/is_over")
        for e in v.get("log") or ():
            if isinstance(e, dict) and e.get("private_to") not in (None, seat):
                out.append(f"view({seat}) shows a log entry private to seat {e.get('private_to')}")
                break
    return out


def check_view_keys(views, game_name):
    out = []
    for seat, v in views.items():
        missing = CORE_VIEW_KEYS - set(v)
        if missing:
            out.append(f"view({seat}) lacks {sorted(missing)}")
        if v.get("game") != game_name:
            out.append(f"view({seat}) says game {v.get('game')!r}")
    keysets = {frozenset(v) for v in views.values()}
    if len(keysets) > 1:
        out.append("top-level view keys differ between seats")
    return out


def check_illegal(g, stale_ids=(), inputs=BAD_INPUTS, seats="all", before=None):
    """Each bad input (and each id that was legal at another moment but is not now) raises an
    EngineError from apply() and leaves record, legal ids and the views of ``seats`` exactly
    as they were. ``before``: snapshot(g, seats) if the caller already has it."""
    before = snapshot(g, seats) if before is None else before
    legal = set(before[1])
    bad = list(inputs) + [i for i in stale_ids if i not in legal]
    out = []
    for x in bad:
        try:
            g.apply(x)
        except EngineError:
            continue
        except Exception as e:  # noqa: BLE001 - any other error type is the violation
            out.append(f"apply({_short(x)}) raised {type(e).__name__}, not an EngineError")
            continue
        out.append(f"apply({_short(x)}) was accepted")
        break  # the game has changed; later comparisons would only repeat this
    if snapshot(g, seats) != before:
        out.append("a refused input changed the game")
    return out


def check_masked(g, views, seed, seats=None, spectator=None):
    """masked_for(seat, seed) is a valid game for ``seat``: the seat's view and the spectator
    view are unchanged, and for the deciding seat the legal actions are the game's. Because a
    masked copy replaces every other seat's secrets, equal views also show that view(seat)
    holds none of them. The original is not touched. ``seats``/``spectator``: the seats whose
    masked copy is checked / whose copy's spectator view is too (default: every seat)."""
    out = []
    rec = g.record()
    legal = legal_ids(g)
    seats = seats_of(g) if seats is None else seats
    spectator = seats if spectator is None else spectator
    for seat in seats:
        try:
            m = g.masked_for(seat, seed)
            if m.view(seat) != views[seat]:
                out.append(f"masked_for({seat}).view({seat}) differs from view({seat})")
            if seat in spectator and m.view(None) != views[None]:
                out.append(f"masked_for({seat}).view(None) differs from view(None)")
            if m.is_over != g.is_over or m.current_player != g.current_player:
                out.append(f"masked_for({seat}) disagrees on is_over/current_player")
            elif seat == g.current_player and legal_ids(m) != legal:
                out.append(f"masked_for({seat}) has other legal actions than the game")
        except Exception as e:  # noqa: BLE001 - a crash is the violation being looked for
            out.append(f"masked_for({seat}) failed: {type(e).__name__}: {_short(str(e))}")
    if g.record() != rec:
        out.append("masked_for changed the original")
    return out


def check_clone(g, pick, steps=10**9):
    """A clone played forward (up to ``steps`` actions, ``pick(ids) -> id``) never changes
    the original: record, legal ids and views stay as they were."""
    before = snapshot(g)
    c = g.clone()
    n = 0
    while not c.is_over and n < steps:
        c.apply(pick(legal_ids(c)))
        n += 1
    return [] if snapshot(g) == before else [f"playing {n} actions on a clone changed the original"]


def check_replay(g, spec, views=None):
    """replay(record) after a JSON round trip is the same game: views, legal ids, scores."""
    views = all_views(g) if views is None else views
    try:
        r = spec.replay(json.loads(json.dumps(g.record())))
    except Exception as e:  # noqa: BLE001
        return [f"replay failed: {type(e).__name__}: {_short(str(e))}"]
    out = []
    if all_views(r) != views:
        out.append("replayed game has other views")
    if legal_ids(r) != legal_ids(g):
        out.append("replayed game has other legal actions")
    if (r.scores(), r.current_player, r.is_over) != (g.scores(), g.current_player, g.is_over):
        out.append("replayed game has other scores/current_player/is_over")
    if r.record() != g.record():
        out.append("replayed game has another record")
    return out


def check_undo(g, actor, view_before):
    """After ``actor`` played an action: undo is offered only while the same seat decides
    next, and gives back the game as that seat saw it before the action."""
    if not g.can_undo():
        return []
    if g.is_over or g.current_player != actor:
        return [f"undo offered across a seat change ({actor} -> {g.current_player})"]
    return _one_back(g, g.undo, "undo", actor, view_before)


def check_take_back(g, actor, view_before, barrier):
    """After ``actor`` played an action (``barrier``: False, "own" when it only drew into the
    actor's own hidden hand, True when it revealed something else or used chance otherwise):
    take_back is offered exactly when the turn passed to another seat with no barrier and the game
    goes on; with ``unseen=True`` (the page never showed the actor's view since) an own draw is no
    bar either; either way it gives back the game as ``actor`` saw it before the action."""
    turn_passed = not g.is_over and g.current_player != actor
    passed, unseen = turn_passed and barrier is False, turn_passed and barrier in (False, "own")
    out = []
    if g.can_take_back() != passed or g.can_take_back(unseen=True) != unseen:
        out.append(
            f"take_back offered={g.can_take_back()}, unseen={g.can_take_back(unseen=True)} after a move of seat "
            f"{actor} (turn passed: {turn_passed}, barrier: {barrier!r})"
        )
    if passed:
        out += _one_back(g, g.take_back, "take_back", actor, view_before)
    if unseen:
        out += _one_back(g, lambda: g.take_back(unseen=True), "take_back(unseen)", actor, view_before)
    return out


def check_own_draw(g, actor, seeds=(11, 12, 13)):
    """The action just applied to ``g`` drew only into ``actor``'s own hand (``barrier(own=True)``):
    replayed with other chance (the game before it, reseeded), every view but the actor's is the
    same, so nobody else learns anything from it (what ``can_take_back(unseen=True)`` rests on)."""
    rec = g.record()
    before = type(g).from_record(dict(rec, actions=rec["actions"][:-1]))
    others = [None] + [s for s in range(len(g.names)) if s != actor]
    views = []
    for seed in seeds:
        h = before.clone()
        h.rng = Rng(seed)
        h.apply(rec["actions"][-1])
        views.append({s: repr(h.view(s)) for s in others})
    return [f"an own draw changed what seat {s} sees" for s in others if len({v[s] for v in views}) > 1]


def _one_back(g, back, name, actor, view_before):
    """``back()`` (undo or take_back) gives ``actor`` the game one action earlier, as it saw it,
    and leaves ``g`` as it was."""
    out = []
    rec = g.record()
    b = back()
    if b.current_player != actor:
        out.append(f"{name} went back to seat {b.current_player}, not {actor}")
    if b.record()["actions"] != rec["actions"][:-1]:
        out.append(f"{name} did not remove exactly the last action")
    if b.view(actor) != view_before:
        out.append(f"{name} did not restore the seat's view")
    if g.record() != rec:
        out.append(f"{name} changed the original")
    return out
