"""Regenerate tests/fixtures/records/: recorded games of every registered game with their outcome.

    .venv/bin/python scripts/make_record_fixtures.py            # new records and outcomes
    .venv/bin/python scripts/make_record_fixtures.py --refresh  # same records, outcomes recomputed
    .venv/bin/python scripts/make_record_fixtures.py --game strasbourg  # new records of one game only

--refresh stamps each record with the current ENGINE_VERSION (it is run for a deliberate change);
a record whose actions the current rules no longer accept is played again from its seed.

The fixture pins behaviour: tests/contract/test_record_fixtures.py replays every file and
checks that the game comes out the same (scores, winners, current player, legal actions,
and a hash of every seat's view). Regenerate ONLY when the rules deliberately change, and
bump ENGINE_VERSION (engine/core/version.py) in the same commit, since old records then no
longer mean the same game. A refactor must never need it: if the fixture test fails after a
refactor, the refactor changed behaviour.

Per game and player count: a finished and a mid-game random playout and a finished and a
mid-game bot playout, each from a fixed seed.
"""

import hashlib
import json
import os
import random
import sys

from engine.core import registry
from engine.core.errors import IllegalAction, RecordError
from engine.core.version import ENGINE_VERSION

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


OUT = os.path.join(ROOT, "tests", "fixtures", "records")


def sha(obj) -> str:
    """Short stable hash of a JSON value (sort_keys, so dict order does not matter)."""
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:16]


def outcome(g) -> dict:
    """What a replay of the record must reproduce (also used by the fixture test)."""
    seats = [None] + list(range(len(g.record()["players"])))
    views = {str(s): g.view(s) for s in seats}
    legal = [a.id for a in g.legal_actions()]
    return {
        "is_over": g.is_over,
        "current_player": g.current_player,
        "scores": list(g.scores()),
        "winners": list(g.winners()) if g.is_over else None,
        "legal_count": len(legal),
        "legal_sha": sha(legal),
        # whole view per seat ("None" = spectator), and per top-level key so a failure says where
        "view_sha": {s: sha(v) for s, v in views.items()},
        "view_key_sha": {s: {k: sha(x) for k, x in v.items()} for s, v in views.items()},
    }


def _bot(spec):
    """The game's strongest bot as ``policy(game, rng) -> Action or id``; the registry's
    once it lists bots, else the bots the games shipped with when the fixture was made."""
    if spec.bots:
        from engine.core.rng import Rng

        level = sorted(spec.bots)[-1]
        return spec.bot(level), Rng
    if spec.name == "barcelona":
        from engine.barcelona.bot import choose
        from engine.core.rng import Rng

        return choose, Rng
    if spec.name == "strasbourg":
        from engine.strasbourg.bots import greedy_policy

        return greedy_policy, random.Random
    return None, None


def play(spec, players, seed, kind):
    g = spec.new_game(players, seed)
    if kind == "random":
        rng = random.Random(seed)
        policy = lambda g, r: r.choice(g.legal_actions())  # noqa: E731
    else:
        policy, rng_type = _bot(spec)
        rng = rng_type(seed)
    while not g.is_over:
        g.apply(policy(g, rng))
    return g


def _fixture_game(spec, players, kind, label, seed):
    """The game of one fixture: a whole playout ("end") or the first half of its actions ("mid")."""
    full = play(spec, players, seed, kind)
    if label == "end":
        return full
    rec = full.record()
    rec["actions"] = rec["actions"][: len(rec["actions"]) // 2]
    return spec.replay(rec)


def refresh():
    """Keep every stored record, recompute only what a replay must give. For a deliberate change
    of what a view shows (a new or changed view key) that leaves the meaning of records alone.
    The record is stamped with the current ENGINE_VERSION: use it after a version bump only for
    a game whose records still mean the same game (regenerate the others with --game first)."""
    import engine  # noqa: F401 (fills the registry)

    for name in sorted(os.listdir(OUT)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(OUT, name)
        with open(path) as f:
            data = json.load(f)
        data["record"]["engine"] = ENGINE_VERSION
        spec = registry.get(data["record"]["game"])
        try:
            g = spec.replay(data["record"])
        except (RecordError, IllegalAction):  # the rules changed what its ids mean: play it anew
            _, players, kind, label = name[: -len(".json")].rsplit("-", 3)
            g = _fixture_game(spec, int(players[:-1]), kind, label, data["record"]["seed"])
            data["record"] = g.record()
            print(f"{name}: re-recorded ({len(g.record()['actions'])} actions)")
        data["expected"] = outcome(g)
        with open(path, "w") as f:
            f.write(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
        print(f"{name}: refreshed")


def main():
    args = sys.argv[1:]
    if "--refresh" in args:
        return refresh()
    only = args[args.index("--game") + 1] if "--game" in args else None
    if not registry.specs():
        registry._register_builtins()
    os.makedirs(OUT, exist_ok=True)
    for old in os.listdir(OUT):
        if old.endswith(".json") and (only is None or old.startswith(only + "-")):
            os.remove(os.path.join(OUT, old))
    total = 0
    for spec in registry.specs():
        if only is not None and spec.name != only:
            continue
        for players in spec.player_counts:
            for kind in ("random", "bot"):
                if kind == "bot" and _bot(spec)[0] is None:
                    continue
                seed = 1000 * players + (1 if kind == "random" else 2)
                for label in ("end", "mid"):
                    g = _fixture_game(spec, players, kind, label, seed)
                    name = f"{spec.name}-{players}p-{kind}-{label}.json"
                    data = {"record": g.record(), "expected": outcome(g)}
                    text = json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"
                    with open(os.path.join(OUT, name), "w") as f:
                        f.write(text)
                    total += len(text)
                    print(f"{name}: {len(g.record()['actions'])} actions, {len(text)} bytes")
    print(f"total {total} bytes in {OUT}")


if __name__ == "__main__":
    main()
