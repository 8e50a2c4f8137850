"""Judging one decision (docs/review.md "The evaluation"): the played move and the strongest
level's preferred moves, each played on the same re-dealt worlds (common random numbers), the way
the Hard level's paired search compares its candidates (engine/core/search.py).

The game says how (``GameSpec.search_hooks``, the very hooks its Hard level searches with): which
candidates are worth a look (best guess first), how the rest of the horizon is played (the
rollout policy), where a rollout stops (``cutoff``) and what a position is worth to the deciding
seat (``evaluate``: its estimated final score minus its best rival's, in VP). A world is the
game's own determinisation for the deciding seat (``determinize``: what that seat could not see
re-dealt from the world's seed), so a move is judged by what its player could know.

Each world is one step of the review (``Judge.step``); after the last, ``result`` gives the move
the worlds prefer, the loss of the played move against it (mean paired difference, VP) and the
spread (standard error of that difference over the worlds).
"""

import math

from engine.core import search as S
from engine.core.rng import Rng

# The review's budget per judged decision (docs/review.md "Budget"), unless the game's hooks
# name their own (``review_candidates``, ``review_worlds``: a decision whose rollouts are dear,
# Barcelona's placements, gets fewer): the candidates besides the played move (the search's best
# guesses first) and the worlds every candidate is played on (the spread needs two at least).
CANDIDATES = 5
WORLDS = 3
ROLLOUT_LIMIT = 2000  # decisions a rollout may play before it is cut (a guard: the hooks' cutoffs end far sooner)

_MASK = (1 << 64) - 1


def world_seed(seed, at, w) -> int:
    """The seed of world ``w`` of the decision at action ``at``: a function of the record's seed
    and the decision only, so a resumed review meets the same worlds."""
    r = Rng((seed * 0x9E3779B97F4A7C15 + at * 0xBF58476D1CE4E5B9 + w * 0x94D049BB133111EB + 1) & _MASK)
    return r.next64()


class Judge:
    """One decision: ``game`` is the true position before it (not changed), ``played`` the
    record's action id there. ``hooks`` (the game's ``search_hooks`` for it, or None: the
    generic search's defaults)."""

    def __init__(self, game, at, played, seed, hooks=None, worlds=WORLDS):
        self.game, self.at, self.played, self.seed = game, at, played, seed
        self.seat = game.current_player
        h = dict(hooks or {})
        self.rollout = h.get("review_rollout") or h.get("rollout") or S.random_rollout
        self.evaluate = h.get("review_evaluate") or h.get("evaluate") or S.margin
        self.determinize = h.get("determinize") or S.masked_determinization
        self.cutoff = h.get("cutoff")
        legal = game.legal_actions()
        ranked = h.get("candidates")
        order = [a.id for a in (ranked(game, legal, None) if ranked is not None else legal)] or [a.id for a in legal]
        k = h.get("review_candidates", CANDIDATES)
        self.candidates = [c for c in order if c != played][:k] + [played]  # the played move last
        self.worlds = max(2, h.get("review_worlds", worlds))
        self.values = []  # per world: [value of each candidate]
        self._base = None  # the current world's determinisation (one candidate per unit)

    def done(self) -> bool:
        return len(self.values) >= self.worlds and self._row is None

    def units(self) -> int:
        """Rollouts in all (candidates x worlds)."""
        return len(self.candidates) * self.worlds

    _row = None

    def step(self) -> None:
        """One unit: the next candidate played on the current world (a new world after the last)."""
        if self._row is None:
            self._row = []
            self._seed = world_seed(self.seed, self.at, len(self.values))
            self._base = self.determinize(self.game, self.seat, Rng(self._seed))
        cid = self.candidates[len(self._row)]
        world = self._base.clone()
        world.apply(cid)
        rng = Rng(self._seed ^ 0x5DEECE66D)  # the same stream for every candidate
        steps = 0
        cutoff = self.cutoff
        while not world.is_over and steps < ROLLOUT_LIMIT and (cutoff is None or not cutoff(world)):
            world.apply(self.rollout(world, rng).id)
            steps += 1
        self._row.append(float(self.evaluate(world, self.seat)))
        if len(self._row) == len(self.candidates):
            self.values.append(self._row)
            self._row, self._base = None, None

    def result(self) -> dict:
        """{"at", "seat", "played", "better", "loss", "spread", "worlds"}: ``better`` the candidate
        with the best mean over the worlds (ties: the played move, then the candidates' order),
        ``loss`` its mean paired difference with the played move (0 when the played move is the
        best), ``spread`` the standard error of that difference."""
        n = len(self.values)
        k = len(self.candidates)
        p = self.candidates.index(self.played)
        means = [sum(row[j] for row in self.values) / n for j in range(k)]
        best = max(range(k), key=lambda j: (means[j], j == p, -j))
        diffs = [row[best] - row[p] for row in self.values]
        loss = sum(diffs) / n
        if n > 1:
            var = sum((d - loss) ** 2 for d in diffs) / (n - 1)
            spread = math.sqrt(var / n)
        else:
            spread = 0.0
        return {
            "at": self.at,
            "seat": self.seat,
            "played": self.played,
            "better": self.candidates[best],
            "loss": loss,
            "spread": spread,
            "worlds": n,
        }
