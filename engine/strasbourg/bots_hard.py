"""Strasbourg's level "hard": determinised search (engine/core/search.py) over copies of the
game in which the other seats' unseen cards and the seat's own deck order are re-dealt, with the
round planner (bots.plan, level "normal") playing every seat to the end of the round. Sees only
what ``view(seat)`` shows the acting seat (``determinize``)."""

from ..core import search as S
from ..core.rng import Rng
from . import data, scoring
from .bots import COIN_VP, plan

HARD_ITERATIONS = 8  # rollouts per option of a decision ...
HARD_MAX_ITERATIONS = 24  # ... and at most this many per decision (docs/bots.md)
CARD_VP = 1.0  # an influence card kept for a later round, in VP
# The decisions the search takes over; the rest follow the planner: task cards pay only at the
# end; a stack is one card of a partition the planner makes as a whole (searching each card on
# its own breaks the partition up with too few rollouts per option); and how many cards to draw
# trades this round against later ones, which a rollout to the end of the round cannot weigh.
SEARCHED = ("bid", "shop", "apprentice", "build", "chapel")
REVIEW_WORLDS = 6  # the game review's worlds per judged decision (review/judge.py, docs/review.md)


def determinize(game, seat, rng):
    """A copy for one search iteration: ``masked_for`` blanks the other seats' cards; here
    they get random values 1-6 and the seat's own deck (whose order it cannot see) is
    shuffled, all from ``rng``: a function of ``view(seat)`` and the rng only."""
    h = game.masked_for(seat, rng.next64())
    for i, q in enumerate(h.st.players):
        if i == seat:
            q.deck = sorted(q.deck)
            rng.shuffle(q.deck)
            continue
        q.deck = [1 + rng.below(6) for _ in q.deck]
        q.hand = [1 + rng.below(6) for _ in q.hand]
        q.stacks = [[1 + rng.below(6) for _ in s] for s in q.stacks]
    return h


def position_value(game, seat):
    """The seat's estimated final score minus its best rival's. Task cards count for the
    seat only (the rivals' cards in a determinisation are guesses)."""
    st = game.st

    def est(s):
        b = scoring.breakdown(st, s, with_tasks=False)
        p = st.players[s]
        v = (
            sum(b.values())
            + COIN_VP * p.coins
            + 0.5 * COIN_VP * sum(p.goods[g] * data.GOODS_VALUE[g] for g in data.GUILDS)
        )
        v += CARD_VP * len(p.deck)  # cards kept for later rounds (stacks left are lost at the council)
        return v

    mine = est(seat)
    for t in st.players[seat].tasks:
        done = scoring.task_done(st, seat, t)
        mine += data.TASKS[t][3] if done else data.FAILED_TASK_VP * (st.round + 1) / data.ROUNDS
    rival = max(est(o) for o in range(st.n) if o != seat)
    return mine - rival


def search_hooks(game):
    """Hard's search for the pending decision: the keywords of ``engine.core.search.search``
    (``candidates``, ``rollout``, ``evaluate``, ``determinize``, ``cutoff``) and its default budget
    (``iterations``); None when Hard does not search this kind of decision (it follows the
    planner). ``hard`` runs them; the game review (review/, docs/review.md) plays the same
    rollouts to judge a played move."""
    acts = game.legal_actions()
    st = game.st
    if st.decision.kind not in SEARCHED:
        return None
    start_round = st.round

    def cutoff(w):
        return w.st.round != start_round

    def candidates(g, legal, rng):
        first = plan(g, None)
        return [first] + [a for a in legal if a.id != first.id]

    return dict(
        candidates=candidates,
        rollout=plan,
        evaluate=position_value,
        determinize=determinize,
        cutoff=cutoff,
        iterations=min(HARD_ITERATIONS * len(acts), HARD_MAX_ITERATIONS),
        review_worlds=REVIEW_WORLDS,
    )


def hard(game, rng=None, should_stop=None, iterations=None, **kw):
    """Level "hard": search each decision with ``plan`` rollouts to the end of the round."""
    acts = game.legal_actions()
    if len(acts) == 1:
        return acts[0]
    hooks = search_hooks(game)
    if hooks is None:
        return plan(game, rng)
    budget = hooks.pop("iterations")
    hooks.pop("review_worlds")
    return S.search(
        game,
        rng if rng is not None else Rng(S.NO_RNG_SEED),
        iterations=budget if iterations is None else iterations,
        should_stop=should_stop,
        **hooks,
    )
