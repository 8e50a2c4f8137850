"""Soak: many seeded random games of every registered game, the engine contract checked after
every action. The driver of bench/soak.py (the large runs) and tests/contract/test_soak_short.py
(a short one in the suite).

After every action: the game's own invariants (tests/support/game_checks.py); legal actions
non-empty and unique unless over; bad inputs and an id legal at another moment raise an
EngineError and change nothing; every view (each seat and the spectator) JSON-safe and free of
other seats' secrets; masked copies valid for every seat, finished games included. Every
clone_every actions: a clone played on never changes the original. At the end of each game:
replay(record) equals the game.

The checks are tests/support/invariants.py (the engine contract, the same ones tests/contract
runs) and each game's own invariants (tests/support/game_checks.py, shared with the game's
tests). Player counts are cycled; game k of a game uses seed k (+ seed), so a violation's seed
and step reproduce it: new_game(players, seed), then the random playout of that seed.
"""

import random
import time

from engine.core import registry
from tests.support import game_checks, invariants as inv


def soak_game(spec, players, seed, clone_every=50, full_every=1, view_every=1):
    """Play one seeded random game, checking the contract. Returns (actions, violations),
    violations being (step, message). Legal actions and refused inputs are checked after
    every action; views and masked copies of the deciding seat and the spectator after every
    ``view_every``-th, those of every seat after every ``full_every``-th (and at the end).
    The defaults (1, 1) check everything after every action; larger values are for the
    short soak of the test suite."""
    rng = random.Random(seed)
    crng = random.Random(-seed - 1)  # the clone's own moves: the playout does not depend on them
    g = spec.new_game(players, seed)
    bad = []
    step = 0
    previous = []  # the legal ids of the decision before: mostly illegal now
    memo = {}  # per seat, the log entries already found JSON-safe (check_views)
    state = {}  # what the game's own checks keep between actions
    while True:
        ids = inv.legal_ids(g)
        probs = inv.check_legal(g, ids) + game_checks.problems(spec.name, g, state)
        full = g.is_over or step % full_every == 0
        cp = g.current_player
        if full or step % view_every == 0:
            views = inv.all_views(g) if full else {s: g.view(s) for s in (None, cp)}
            probs += inv.check_views(g, views, memo)
            # every seat's masked copy (its own view); one seat's (in turn) also the spectator view
            n = len(views) - 1 if full else 1
            probs += inv.check_masked(
                g, views, seed * 1000 + step, seats=None if full else [cp], spectator=[step % n] if full else [cp]
            )
            # refused inputs: record, legal ids, and the spectator's and the deciding seat's views
            some = [None] if cp is None else [None, cp]
            probs += inv.check_illegal(
                g, previous[:3], seats=some, before=(g.record(), ids, {s: views[s] for s in some})
            )
        else:
            probs += inv.check_illegal(g, previous[:3], seats=[], before=(g.record(), ids, {}))
        if clone_every and step % clone_every == clone_every - 1:
            probs += inv.check_clone(g, lambda xs: xs[crng.randrange(len(xs))], steps=20)
        bad += [(step, p) for p in probs]
        if g.is_over or not ids:
            break
        previous = ids
        g.apply(ids[rng.randrange(len(ids))])
        step += 1
    bad += [(step, p) for p in inv.check_replay(g, spec)]
    return step, bad


def _chunk(args):
    """Soak games [lo, hi) of one game (one task of a worker process)."""
    name, lo, hi, seed, clone_every, full_every, view_every = args
    if not registry.specs():
        registry._register_builtins()
    spec = registry.get(name)
    r = {"games": 0, "actions": 0, "violations": 0, "first": []}
    for k in range(lo, hi):
        players = spec.player_counts[k % len(spec.player_counts)]
        actions, bad = soak_game(spec, players, seed + k, clone_every, full_every, view_every)
        r["games"] += 1
        r["actions"] += actions
        r["violations"] += len(bad)
        for step, msg in bad[: 5 - len(r["first"])]:
            r["first"].append(f"{name} players={players} seed={seed + k} step={step}: {msg}")
    return name, lo, r


def soak(games, names=None, seed=0, clone_every=50, full_every=1, view_every=1, progress=0, jobs=1, out=print):
    """Soak ``games`` games of each named (default: every registered) game, in ``jobs``
    processes; returns {name: {"games", "actions", "violations", "first", "seconds"}}."""
    if not registry.specs():
        registry._register_builtins()
    chunk = max(1, min(50, progress or 50))
    # chunks of the games interleaved, so a soak stopped early has covered every game
    tasks = [
        (spec.name, lo, min(games, lo + chunk), seed, clone_every, full_every, view_every)
        for lo in range(0, games, chunk)
        for spec in registry.specs()
        if not names or spec.name in names
    ]
    results = {t[0]: {"games": 0, "actions": 0, "violations": 0, "first": [], "seconds": 0.0} for t in tasks}
    t0 = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.Pool(jobs)
        done = pool.imap(_chunk, tasks)
    else:
        pool, done = None, map(_chunk, tasks)
    for name, lo, part in done:
        r = results[name]
        for key in ("games", "actions", "violations"):
            r[key] += part[key]
        r["first"] = (r["first"] + part["first"])[:5]
        r["seconds"] = time.perf_counter() - t0  # when its last chunk finished (wall clock)
        if progress and r["games"] % progress == 0:
            out(
                f"  {name}: {r['games']} games, {r['actions']} actions, {r['violations']} violations, "
                f"{time.perf_counter() - t0:.0f} s",
                flush=True,
            )
    if pool:
        pool.close()
    return results
