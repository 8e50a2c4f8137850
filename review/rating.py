"""From judged decisions to what a player reads (docs/review.md "Classes and accuracy"): each
decision's class (best, good, inaccuracy, mistake, blunder), each player's accuracy and counts,
and the game's turning points.

The unit is the VP of the estimated final margin (the deciding seat's score minus its best
rival's). A game's ``review_scale`` (GameSpec; Barcelona's margins run about five times
Strasbourg's) turns VP into the win chance an even position would lose: a logistic win chance
``1 / (1 + exp(-margin / scale))`` falls by ``25 / scale`` percentage points per VP at an even
margin. The thresholds and lichess's accuracy formula are applied to that win-chance loss.
"""

import math

from engine.core import registry

DEFAULT_SCALE = 10.0  # VP: a game that names no review_scale
# Win-chance loss (percentage points at an even position) from which a loss is an inaccuracy,
# a mistake, a blunder: lichess's 5 / 10 / 15 (its 0.1 / 0.2 / 0.3 of winning chances on -1..1)
THRESHOLDS = (("inaccuracy", 5.0), ("mistake", 10.0), ("blunder", 15.0))
Z = 2.0  # a loss counts as an inaccuracy or worse only when it exceeds Z spreads (the noise)
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
TURNING_PER_SEAT = 2  # turning points: at most this many per player ...
TURNING_MAX = 6  # ... and in all


def scale_of(spec) -> float:
    """The game's ``review_scale``; a frozen engine's spec has none: the current one's of the same
    game (the same game's margins), else DEFAULT_SCALE."""
    scale = getattr(spec, "review_scale", 0.0)
    if not scale:
        current = registry.specs()
        scale = next((getattr(s, "review_scale", 0.0) for s in current if s.name == spec.name), 0.0)
    return float(scale or DEFAULT_SCALE)


def win_points(vp, scale) -> float:
    """A margin change of ``vp`` as percentage points of win chance at an even position."""
    return 25.0 * vp / scale


def thresholds_vp(scale) -> dict:
    return {name: round(pts * scale / 25.0, 3) for name, pts in THRESHOLDS}


def classify(loss, spread, scale) -> str:
    """best: the played move is the one the worlds prefer; good: another is preferred, but by less
    than an inaccuracy or within the noise (loss <= Z x spread); else by the thresholds."""
    if loss <= 0:
        return "best"
    if loss <= Z * spread:
        return "good"
    name = "good"
    pts = win_points(loss, scale)
    for cls, limit in THRESHOLDS:
        if pts >= limit:
            name = cls
    return name


def move_accuracy(loss, spread, scale) -> float:
    """lichess's per-move accuracy, 103.1668 exp(-0.04354 x) - 3.1669 clamped to 0-100, of the
    win-chance loss x of ``loss - spread`` (the loss less one standard error: the best of a few
    noisy means is biased upward, and a move within the noise is not charged for it)."""
    x = win_points(max(0.0, loss - spread), scale)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * x) - 3.1669))


def players(results, seats, scale) -> list:
    """Per seat: {"accuracy" (mean of the per-move accuracies, one decimal; None before the
    first judged decision), "counts" {class: n}, "rated"}."""
    out = []
    for s in range(seats):
        mine = [r for r in results if r["seat"] == s]
        counts = {c: 0 for c in CLASSES}
        for r in mine:
            counts[classify(r["loss"], r["spread"], scale)] += 1
        acc = None
        if mine:
            acc = round(sum(move_accuracy(r["loss"], r["spread"], scale) for r in mine) / len(mine), 1)
        out.append({"accuracy": acc, "counts": counts, "rated": len(mine)})
    return out


def turning_points(results, turns, scale) -> list:
    """The largest losses classed an inaccuracy or worse (at most TURNING_PER_SEAT a player,
    TURNING_MAX in all), in the order they were played."""
    bad = [r for r in results if classify(r["loss"], r["spread"], scale) not in ("best", "good")]
    bad.sort(key=lambda r: (-r["loss"], r["at"]))
    picked, per_seat = [], {}
    for r in bad:
        if len(picked) >= TURNING_MAX:
            break
        if per_seat.get(r["seat"], 0) >= TURNING_PER_SEAT:
            continue
        per_seat[r["seat"]] = per_seat.get(r["seat"], 0) + 1
        picked.append(r)
    picked.sort(key=lambda r: r["at"])
    return [
        {
            "at": r["at"],
            "seat": r["seat"],
            "played": r["played"],
            "better": r["better"],
            "loss": round(r["loss"], 1),
            "spread": round(r["spread"], 1),
            "turn": turn_of(turns, r["at"]),
        }
        for r in picked
    ]


def turn_of(turns, at) -> int:
    """The index of the turn in which action ``at`` (0-based) was played."""
    for t, turn in enumerate(turns):
        if turn["at"] > at:
            return t
    return len(turns) - 1
