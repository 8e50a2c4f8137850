"""The game review (docs/review.md): ``Review(record)`` replays the record at once (``quick``),
then judges its decisions a step at a time (``step``), so a worker can post progress and honour
a Cancel between steps; ``state`` saves the judged decisions and ``Review(record, state=...)``
resumes from them (a state made for another record, engine or method is ignored).

Deterministic: the same record gives the same review on CPython and Pyodide, in one go or
resumed. No clock, no global random: each decision's worlds are seeded from the record's seed and
the decision's index (judge.world_seed).
"""

import json
import math

from . import rating
from .judge import Judge
from .replay import Replay, hook, load_empty, play

# The method's version: a saved state of another version is judged again (judge.py's budget, the
# rating's scale) rather than mixed with this one's figures.
METHOD = "review-2"


def _fnv64(text) -> str:
    """FNV-1a, 64 bits, of a string: the record's fingerprint (no hashlib in the trimmed stdlib)."""
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def fingerprint(record, engine_version) -> str:
    core = {k: record[k] for k in ("game", "engine", "players", "options", "seed", "actions")}
    return _fnv64(json.dumps([METHOD, engine_version, core], sort_keys=True, separators=(",", ":")))


class Review:
    """The review of one finished game record (see the module docstring)."""

    def __init__(self, record, state=None, *, seats=None):
        self._replay = Replay(record)  # ReviewError: damaged, or not a finished game
        self.record = record
        spec = self._replay.spec
        self._hooks = hook(spec, "search_hooks")
        self.scale = rating.scale_of(spec)
        self._seed = record["seed"]
        # [(at, seat)] in the order played; ``seats``: judge only these seats' decisions (a bench
        # that needs one seat's accuracy; each decision's figures do not depend on the others)
        self._judged = [(at, s) for at, s in self._replay.judged if seats is None or s in seats]
        self._key = fingerprint(record, self._replay.engine_version)
        self._results = {}  # at -> result dict
        self._judge = None
        self._cursor = None  # the true game before the next judged decision
        if state is not None:
            self._results = self._check_state(state)

    # ----- progress -----------------------------------------------------------------------------
    def total(self) -> int:
        """Decisions the evaluation judges (two or more options, searched by the game's Hard level)."""
        return len(self._judged)

    def done(self) -> int:
        return len(self._results)

    def quick(self) -> dict:
        """The replay's part (docs/review.md): scores per turn, sources, turns, rounds, events."""
        return json.loads(json.dumps(self._replay.quick))  # a copy the caller may keep

    def step(self) -> bool:
        """Judge a bit more: the next decision whole, or, where its rollouts are dear (the game's
        hooks say ``review_step="rollout"``), its candidates' ranking or one rollout of it. False
        when nothing is left."""
        if self._judge is None:
            nxt = next(((at, s) for at, s in self._judged if at not in self._results), None)
            if nxt is None:
                return False
            at = nxt[0]
            game = self._advance(at)
            hooks = self._hooks(game) if self._hooks is not None else None
            self._judge = Judge(game, at, self.record["actions"][at], self._seed, hooks)  # ranks its candidates
            self._one_unit = bool(hooks) and hooks.get("review_step") == "rollout"
            if self._one_unit:
                return True  # the ranking was this step (Barcelona's: a planner pass over every placement)
        judge = self._judge
        judge.step()
        while not self._one_unit and not judge.done():
            judge.step()
        if judge.done():
            self._results[judge.at] = judge.result()
            self._judge = None
        return True

    def _advance(self, at):
        """The true game right before action ``at`` (played on from the last one)."""
        g = self._cursor
        if g is None or len(g.actions) > at:
            _, g = load_empty(self.record)
        actions = self.record["actions"]
        while len(g.actions) < at:
            play(g, len(g.actions), actions[len(g.actions)])
        self._cursor = g
        return g

    # ----- results -------------------------------------------------------------------------------
    def result(self) -> dict:
        """``quick()`` plus each player's accuracy, counts and rated decisions, the turning points,
        whether every decision is judged, and the method (unit, scale, thresholds)."""
        out = self.quick()
        results = [self._results[at] for at, _ in self._judged if at in self._results]
        per = rating.players(results, out["seats"], self.scale)
        for p, extra in zip(out["players"], per):
            p.update(extra)
        out["turning_points"] = rating.turning_points(results, out["turns"], self.scale)
        out["complete"] = len(results) == len(self._judged)
        out["method"] = {
            "unit": "vp",
            "scale": self.scale,
            "thresholds": rating.thresholds_vp(self.scale),
            "noise_z": rating.Z,
            "accuracy": "lichess",
            "version": METHOD,
        }
        return out

    def decisions(self) -> list:
        """Every judged decision so far: {"at", "seat", "played", "better", "loss", "spread",
        "worlds", "class"} in the order played (the bench and the tests read it)."""
        out = []
        for at, _ in self._judged:
            r = self._results.get(at)
            if r is not None:
                out.append(dict(r, **{"class": rating.classify(r["loss"], r["spread"], self.scale)}))
        return out

    # ----- saving and resuming -------------------------------------------------------------------
    def state(self) -> dict:
        """JSON-safe: the judged decisions, with the fingerprint of the record, engine and method."""
        rows = [
            [at, r["better"], r["loss"], r["spread"], r["worlds"]]
            for at, _ in self._judged
            if (r := self._results.get(at)) is not None
        ]
        return {"method": METHOD, "key": self._key, "judged": rows}

    def _check_state(self, state) -> dict:
        """The results a saved state holds, or {} unless it is this record's, this engine's and
        this method's, and every row names a judged decision and an option legal there."""
        if not isinstance(state, dict) or state.get("method") != METHOD or state.get("key") != self._key:
            return {}
        rows = state.get("judged")
        if not isinstance(rows, list):
            return {}
        seats = dict(self._judged)
        legal = self._replay.legal
        actions = self.record["actions"]
        out = {}
        for row in rows:
            if not (isinstance(row, list) and len(row) == 5):
                return {}
            at, better, loss, spread, worlds = row
            ok = (
                isinstance(at, int)
                and not isinstance(at, bool)
                and at in seats
                and at not in out
                and isinstance(better, str)
                and better in legal[at]
                and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (loss, spread))
                and math.isfinite(loss)
                and math.isfinite(spread)
                and loss >= 0
                and spread >= 0
                and (loss == 0) == (better == actions[at])
                and isinstance(worlds, int)
                and worlds >= 1
            )
            if not ok:
                return {}
            out[at] = {
                "at": at,
                "seat": seats[at],
                "played": actions[at],
                "better": better,
                "loss": float(loss),
                "spread": float(spread),
                "worlds": worlds,
            }
        return out


def analyse(record) -> dict:
    """The whole review of ``record`` at once: what ``./run.sh review`` prints."""
    r = Review(record)
    while r.step():
        pass
    return r.result()
