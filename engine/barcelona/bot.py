"""Barcelona's computer players, one signature for every level: ``policy(game, rng, **kw)
-> Action`` (``rng`` an engine.core.rng.Rng, or None for a deterministic choice; extra
keywords such as ``should_stop`` are accepted by every level and used by "hard").

* ``easy`` (level "easy"): ``choose``, the one-step greedy player, with noise from the rng
  so it misjudges close options;
* ``plan`` (level "normal"): a turn planner: a placement is judged by playing the whole
  turn after it greedily (the placement decides which actions the turn gets);
* ``hard`` (level "hard"): determinised search (engine/core/search.py). A placement is
  chosen among the planner's best few by rollouts that finish the turn and play every
  other seat's next turn as the planner would (``plan``) on copies with the hidden citizens
  re-dealt, then compare the seat's estimated final score with its best rival's
  (``evaluate_late``: resources worth less as the game runs out) plus what the seat's next turn is worth by the planner
  (``relative_next``: a two-turn plan for the seat, the rivals' turn between); the smaller
  decisions inside a turn are searched to the end of the turn. Budgets and measured
  strength: docs/bots.md.

They never look at hidden information they could not know: they evaluate positions with
heuristics of public data and the seat's own hand, the options come from
``legal_actions()`` like any other client, and the search plays only on re-dealt copies
(``masked_for``). Also used for hints and by the simulation checks (docs/barcelona.md).
"""

from ..core import search as S
from . import data as D
from .solo_scoring import GAUDI
from .conditions import condition_vp


# What the levels' position value counts for what a seat holds, in VP (``_estimate``; hand-set,
# screened in docs/bots.md "Position weights": bench/barcelona_weights.py changes these names).
COIN_VP = 0.6  # per coin
CLOTH_VP = 0.4  # per cloth (screened with coins: docs/bots.md "Position weights")
SAGRADA_VP = 0.8  # per step on the Sagrada track
CROSS_VP = 1.5  # per intersection tile built
CERDA_PREVIEW = 0.6  # the share of the next Cerdà scoring's value (at today's position) counted
EMPTY_TOP_VP = 3  # an improved empty Modernisme space: worth a future tile


def evaluate(g, seat) -> float:
    """VP now plus what the end of the game would add, plus a value for resources."""
    return _estimate(g, seat, 1.0)


def _estimate(g, seat, keep) -> float:
    """``evaluate`` with the resources' value scaled by ``keep`` (1: the levels easy/normal)."""
    p = g.players[seat]
    est = p.vp
    if g.over:  # final scoring done: the VP are the whole story
        return float(est)
    est += D.COBBLE_END_VP[p.cobbles_placed] + D.PASSENGER_END_VP[p.passengers_placed]
    for i, tile in enumerate(p.mod_tiles):
        if tile is not None:
            mult = D.MODERNISME_MULT_TOP[i] if p.mod_top[i] else D.MODERNISME_MULT_BOTTOM
            est += condition_vp(g, seat, tile) * mult
        elif p.mod_top[i]:
            est += EMPTY_TOP_VP
    if g.cerda_scored < D.CERDA_SCORINGS:
        key = g.cerda_tiles[g.cerda_scored]
        est += CERDA_PREVIEW * condition_vp(g, seat, key) * D.cerda_multiplier(p.cerda)
    est += keep * (COIN_VP * p.coins + CLOTH_VP * p.cloth + SAGRADA_VP * p.sagrada + CROSS_VP * p.crosses_built)
    return est


def remaining(g) -> float:
    """The share of the game still to play, from public data only: 1 minus the share of the
    three citizen-track sections filled (the Cerdà scorings done and how far the fullest class
    track is into the next section; below 1 at the start with 2-3 players, whose tracks are
    pre-filled), 0 once the end is triggered."""
    k = g.cerda_scored
    if g.end_triggered or k >= D.CERDA_SCORINGS:
        return 0.0
    lo = D.SECTION_ENDS[k - 1] if k else 0
    hi = D.SECTION_ENDS[k]
    frac = min(1.0, max(0.0, (max(g.tracks.values()) - lo) / (hi - lo)))
    return 1.0 - (k + frac) / D.CERDA_SCORINGS


HARD_KEEP_FLOOR = 0.25  # share of the resources' value left when the end is triggered


def evaluate_late(g, seat) -> float:
    """Hard's evaluation: ``evaluate`` with coins, cloth, Sagrada steps and intersection tiles
    worth less as the game runs out (leftover goods score nothing at the end, p.16; a late
    coin buys fewer future actions), from full value (``remaining`` 1) to a quarter (0)."""
    return _estimate(g, seat, HARD_KEEP_FLOOR + (1.0 - HARD_KEEP_FLOOR) * remaining(g))


PASSIVE = ("act:done", "passenger:no", "pact:no")
EASY_NOISE = 4.0  # VP of random error per option at level "easy"


def choose(g, rng=None, noise=0.1, value=evaluate, **kw):
    """The option with the best evaluation (``value``) for the deciding seat (ties: first;
    passive options lose ties so the bot takes actions it can afford). ``noise``: a
    uniform error of up to that many VP per option (needs an rng)."""
    seat = g.current_player
    best, best_val = None, None
    scale = int(noise * 10000)
    for a in g.legal_actions():
        h = g.clone()
        h.apply(a)
        val = value(h, seat) - (0.5 if a.id in PASSIVE else 0.0)
        if rng is not None and scale:
            val += rng.below(scale) / 10000.0
        if best_val is None or val > best_val:
            best, best_val = a, val
    return best


def easy(g, rng=None, **kw):
    """Level "easy": ``choose`` with noise, so close options are often misjudged."""
    return choose(g, rng, noise=EASY_NOISE)


def _finish_turn_greedily(h, seat, turn, rng, value=evaluate):
    """Play the rest of ``seat``'s turn with ``choose`` (stops at the turn's end or when
    another seat must decide, e.g. an owner reward)."""
    while not h.is_over and h.turn == turn and h.current_player == seat:
        h.apply(choose(h, rng, value=value))


def _turn_values(g, rng, value=evaluate):
    """[(value, Action)] of the placements: each played, then the turn finished greedily."""
    seat = g.current_player
    out = []
    for a in g.legal_actions():
        h = g.clone()
        h.apply(a)
        _finish_turn_greedily(h, seat, g.turn, rng, value)
        val = value(h, seat)
        if rng is not None:
            val += rng.below(1000) / 10000.0
        out.append((val, a))
    return out


def plan(g, rng=None, **kw):
    """Like ``choose``, but a placement is judged by playing the whole turn after it
    greedily: the placement decides which actions the turn gets, so one-step
    evaluation undervalues it."""
    legal = g.legal_actions()
    if not legal or not legal[0].id.startswith("place:"):
        return choose(g, rng)
    best, best_val = None, None
    for val, a in _turn_values(g, rng):
        if best_val is None or val > best_val:
            best, best_val = a, val
    return best


# ----- level "hard" ------------------------------------------------------------------------
HARD_PLACE_CANDIDATES = 6  # the planner's best placements that the search compares heads-up
HARD_PLACE_CANDIDATES_SOLO = 4  # ... solo (against Gaudí)
HARD_PLACE_CANDIDATES_MULTI = 3  # ... with 3+ players (every rollout plays 2-3 rivals' planned turns)
HARD_PLACE_ROUNDS = 16  # worlds per placement decision, divided by the player count squared
# (at most 4: 4 heads-up and solo, 1 with 3+ players); in each every
# candidate is played (paired rollouts, engine/core/search.py), a
# rollout plays one round: every seat's turn
HARD_LEAF_PLACEMENTS = 360  # heads-up, candidates x worlds x the seat's next placements (estimated)
# stay within this (worlds cut to one, then fewer candidates, at least
# two): each leaf is one planner pass over the seat's next placements
# (the CPU bound, docs/bots.md)
HARD_LEAF_PLACEMENTS_OTHER = 120  # ... solo and with 3+ players (a solo turn and 3+ players' rounds
# cost more)
HARD_RIVALS_PLAN = True  # rivals in the placement rollouts play as the planner (level "normal")
HARD_NEXT_WEIGHT = 1.0  # the leaf's weight of the seat's next turn (relative_next); 0: relative
HARD_MIN_ROLLOUTS = 2  # rollouts of a placement search before should_stop is asked: the time
# check may end the first round (the slowest searches have one world)
HARD_STEP_ITERATIONS = 4  # rollouts per option for a decision inside the turn (to its end)
HARD_STEP_MAX = 40  # ... at most this many for one such decision
REVIEW_PLACE_CANDIDATES = 2  # the game review's placement candidates besides the played one ...
REVIEW_PLACE_WORLDS = 3  # ... and its worlds (review/judge.py; the budget: docs/review.md)


def relative(g, seat) -> float:
    """The seat's estimated final score minus its best rival's (what winning is about),
    both by Hard's evaluation (``evaluate_late``)."""
    mine = evaluate_late(g, seat)
    if g.solo is not None:  # the solo game: the rival is Gaudí (no seat; his VP as they stand)
        return mine - g.players[GAUDI].vp
    rival = max(evaluate_late(g, o) for o in range(g.num_players) if o != seat)
    return mine - rival


def _next_turn_gain(g, seat) -> float:
    """What the seat's next turn is worth by the planner: the best placement's value (the turn
    played greedily after it, by ``evaluate_late``) minus the position's own; 0 when it is not
    the seat's placement (the game over, another seat deciding)."""
    if g.is_over or g.current_player != seat:
        return 0.0
    legal = g.legal_actions()
    if not legal or not legal[0].id.startswith("place:"):
        return 0.0
    return max(v for v, _ in _turn_values(g, None, evaluate_late)) - evaluate_late(g, seat)


def relative_next(g, seat) -> float:
    """``relative`` plus the seat's next turn (``_next_turn_gain``, weighted HARD_NEXT_WEIGHT):
    Hard's leaf for a placement, so a placement that leaves the seat a good next turn (coins
    kept for a dear intersection, a reward the rival cannot take) is preferred."""
    return relative(g, seat) + HARD_NEXT_WEIGHT * _next_turn_gain(g, seat)


def _rollout(g, rng):
    """Every seat plays greedily (by Hard's evaluation) without noise: the determinisations
    (re-dealt hands, bag and decks) are the only randomness, so each rollout of the seat's own
    turn is the planner's."""
    return choose(g, None, value=evaluate_late)


def _rollout_rivals_plan(seat):
    """The placement rollouts' policy: the seat plays greedily by Hard's evaluation (its own
    turn as the planner plays it), every other seat as the planner (``plan`` without noise: a
    placement judged by its whole turn, the steps one-step greedy by ``evaluate``), the
    strongest cheap model of a rival (one-step greedy placement mostly just avoids a cost)."""

    def rollout(g, rng):
        if g.current_player != seat:
            return plan(g, None)
        return choose(g, None, value=evaluate_late)

    return rollout


def search_hooks(g):
    """Hard's search for the pending decision (two or more options): the keywords of
    ``engine.core.search.search`` (``candidates``, ``rollout``, ``evaluate``, ``cutoff``,
    ``paired``, ``min_rollouts``) and its default budget (``iterations``). ``hard`` runs them; the
    game review (review/, docs/review.md) plays the same rollouts to judge a played move."""
    legal = g.legal_actions()
    seat, turn = g.current_player, g.turn
    if legal[0].id.startswith("place:"):
        leaf = relative_next if HARD_NEXT_WEIGHT else relative
        rollout = _rollout_rivals_plan(seat) if HARD_RIVALS_PLAN else _rollout

        def candidates(game, legal, rng):
            ranked = sorted(_turn_values(game, rng, evaluate_late), key=lambda va: -va[0])
            return [a for _, a in ranked[:k]]

        def cutoff(w):  # the seat's next placement: every rival has played a turn
            if w.turn <= turn or w.current_player != seat:
                return False
            # (not an owner reward the seat decides in a rival's turn: the leaf values a placement)
            return not HARD_NEXT_WEIGHT or w.legal_actions()[0].id.startswith("place:")

        n = g.num_players
        k = min(
            HARD_PLACE_CANDIDATES if n == 2 else HARD_PLACE_CANDIDATES_SOLO if n == 1 else HARD_PLACE_CANDIDATES_MULTI,
            len(legal),
        )
        cap = HARD_LEAF_PLACEMENTS if n == 2 else HARD_LEAF_PLACEMENTS_OTHER
        worlds = max(1, min(4, HARD_PLACE_ROUNDS // n**2))
        if HARD_NEXT_WEIGHT:  # a leaf costs about one turn per placement of the next hand (two
            # citizens: two orders on each free intersection it can pay for, about as many as now)
            est = 2 * len({a.id.split(":")[1] for a in legal})
            k = min(k, max(2, cap // est))
            worlds = max(1, min(worlds, cap // (k * est)))
        return dict(
            candidates=candidates,
            rollout=rollout,
            evaluate=leaf,
            cutoff=cutoff,
            paired=True,
            min_rollouts=HARD_MIN_ROLLOUTS,
            iterations=k * worlds,
            # the review's budget (docs/review.md): the planner's two best other placements
            # against the played one on three worlds, each rollout a step of its own (0.05-0.2 s),
            # the rivals' turns played greedily and the position scored after them without the
            # seat's planned next turn (relative, not relative_next): Hard's full rollouts (every
            # rival's planned turn, a planner pass over the next hand) cost a 2-player review
            # twice its budget
            review_candidates=REVIEW_PLACE_CANDIDATES,
            review_worlds=REVIEW_PLACE_WORLDS,
            review_step="rollout",
            review_evaluate=relative,
            review_rollout=_rollout,
        )

    def cutoff(w):  # the end of this turn
        return w.turn != turn

    k = len(legal)
    return dict(
        candidates=None,
        rollout=_rollout,
        evaluate=relative,
        cutoff=cutoff,
        paired=True,
        min_rollouts=None,
        iterations=k * max(1, min(HARD_STEP_ITERATIONS, HARD_STEP_MAX // k)),
    )


def hard(g, rng=None, should_stop=None, iterations=None, **kw):
    """Level "hard": see the module docstring. ``iterations`` overrides the budget of a
    placement decision; ``should_stop()`` ends a search early (the browser's time limit)."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    hooks = search_hooks(g)
    budget = hooks.pop("iterations")
    for key in ("review_candidates", "review_worlds", "review_step", "review_evaluate", "review_rollout"):
        hooks.pop(key, None)
    # paired: the candidates meet the same re-dealt worlds, so their differences are the moves'
    return S.search(
        g,
        rng,
        iterations=budget if iterations is None else iterations,
        should_stop=should_stop,
        **hooks,
    )
