"""Generic search for the "hard" computer level: determinised Monte Carlo search over the
root options, for any game that implements the engine interface (engine/core/game.py).

Why this shape. The games have hidden information (other seats' hands, the bag, deck
orders), so a search may not read the true state. Each iteration therefore plays on a
*determinisation*: a copy in which everything the deciding seat cannot see is re-dealt
at random (``game.masked_for(seat, seed)`` by default, so the result is a function of
``view(seat)`` and the legal actions only). Over many determinisations the statistics of
each root option average over what the seat does not know. The tree is one level deep
(flat UCB1 over the root options): deeper trees need thousands of iterations to beat a
good rollout policy, and a decision gets a few hundred at most in the browser.

An iteration: pick a root option by UCB1, apply it on a fresh determinisation, let the
rollout policy play on (to the game's end, or ``horizon`` decisions / until a
``cutoff(game) -> bool`` says stop), then score the position with ``evaluate`` for the
deciding seat. The answer is the most visited option (ties: best mean, then the
candidates' order).

No clocks (the engine has none): the budget is ``iterations`` (deterministic given the
rng) plus an optional ``should_stop()`` the caller may pass (the browser's worker passes
a time check). Every candidate is tried once before ``should_stop`` is asked, so a
stopped search still compares them all (unless a paired search's ``min_rollouts`` says fewer); with ``should_stop`` true from the start the
answer is the first candidate (the game's own ordering of candidates puts its best guess
first). Default budgets and their measurements: docs/bots.md.

Hooks (all optional, so a new game gets a working Hard level with none of them):

* ``rollout(game, rng) -> Action``: the policy that plays every seat in the rollouts
  (default: uniformly random);
* ``evaluate(game, seat) -> float``: the value of a position for ``seat`` (default:
  ``margin``: its score minus the best other score, +1 per shared win at the end);
* ``determinize(game, seat, rng) -> Game``: a copy with the hidden information re-dealt
  (default: ``game.masked_for(seat, rng.next64())``);
* ``candidates(game, legal, rng) -> list``: the root options worth searching, best guess
  first (default: all legal options in their order);
* ``horizon`` / ``cutoff``: where a rollout stops (default: the end of the game);
* ``paired``: instead of UCB1, rounds in which every candidate is played on the SAME
  determinisation (common random numbers): the candidates are then compared on equal
  worlds, which removes most of the noise of the re-dealt hidden information from their
  differences; the answer is the best mean (ties: the candidates' order). Worth it when the
  rollout policy is deterministic and the candidates are few (a planner's best handful).
"""

import math

from .rng import Rng

DEFAULT_ITERATIONS = 200  # generic default; each game's bot module sets its own (docs/bots.md)
NO_RNG_SEED = 0x4A5D  # rng=None means "deterministic": a fixed stream


def random_rollout(game, rng):
    acts = game.legal_actions()
    return acts[rng.below(len(acts))]


def margin(game, seat) -> float:
    """The seat's score minus the best other score (a win counts +1 more once over)."""
    s = game.scores()
    others = max((v for i, v in enumerate(s) if i != seat), default=0)
    bonus = 1.0 if game.is_over and seat in game.winners() else 0.0
    return s[seat] - others + bonus


def masked_determinization(game, seat, rng):
    return game.masked_for(seat, rng.next64())


def search(
    game,
    rng=None,
    *,
    iterations=DEFAULT_ITERATIONS,
    should_stop=None,
    rollout=None,
    evaluate=None,
    determinize=None,
    candidates=None,
    horizon=None,
    cutoff=None,
    exploration=0.7,
    stats=None,
    paired=False,
    min_rollouts=None,
):
    """The chosen root Action for ``game.current_player`` (see the module docstring).

    ``stats`` (a dict, optional) is filled with what the search did: ``iterations`` run and
    ``options``: [(action id, visits, mean value)] in candidate order (for tests and the bench).
    ``min_rollouts``: how many rollouts run before ``should_stop`` is first asked (default: one
    per candidate). Fewer (``paired`` only) lets a caller's time check end the first round: the
    answer is then the best of the candidates played so far on that round's one world (the first
    candidate, the game's best guess, always among them)."""
    legal = game.legal_actions()
    if not legal:
        raise ValueError("search: the game has no pending decision")
    rng = Rng(NO_RNG_SEED) if rng is None else rng
    cands = list(candidates(game, legal, rng)) if candidates is not None else list(legal)
    if not cands:
        cands = list(legal)
    if stats is not None:
        stats.update(iterations=0, options=[(a.id, 0, 0.0) for a in cands])
    if len(cands) == 1:
        return cands[0]
    seat = game.current_player
    rollout = rollout or random_rollout
    evaluate = evaluate or margin
    determinize = determinize or masked_determinization
    k = len(cands)
    visits = [0] * k
    total = [0.0] * k
    lo, hi = math.inf, -math.inf
    done = 0
    first_ask = k if min_rollouts is None or not paired else max(1, min(k, min_rollouts))
    base = None  # paired: this round's determinisation
    full = [0.0] * k  # paired: totals over the completed rounds
    while done < iterations:
        if done >= first_ask and should_stop is not None and should_stop():
            break
        if paired:
            i = done % k  # rounds: every candidate on one shared world
            if i == 0:
                base = determinize(game, seat, rng)
            world = base.clone()
        else:
            if done < k:
                i = done  # every candidate once, in order
            else:
                spread = (hi - lo) or 1.0
                log_n = math.log(done)
                i = max(
                    range(k), key=lambda j: total[j] / visits[j] + exploration * spread * math.sqrt(log_n / visits[j])
                )
            world = determinize(game, seat, rng)
        world.apply(cands[i].id)
        steps = 0
        while not world.is_over and (horizon is None or steps < horizon) and (cutoff is None or not cutoff(world)):
            world.apply(rollout(world, rng).id)
            steps += 1
        value = evaluate(world, seat)
        visits[i] += 1
        total[i] += value
        lo, hi = min(lo, value), max(hi, value)
        done += 1
        if paired and i == k - 1:
            full = total[:]
    if stats is not None:
        stats.update(
            iterations=done,
            options=[(a.id, visits[j], total[j] / visits[j] if visits[j] else 0.0) for j, a in enumerate(cands)],
        )
    if done == 0:
        return cands[0]
    if paired and done >= k:  # equal worlds: compare on the full rounds only
        best = max(range(k), key=lambda j: (full[j], -j))
        return cands[best]
    if paired:  # stopped within the first round: the candidates played on its world
        best = max(range(done), key=lambda j: (total[j], -j))
        return cands[best]
    best = max(range(k), key=lambda j: (visits[j], total[j] / visits[j] if visits[j] else -math.inf, -j))
    return cands[best]


def policy(game, rng=None, **kw):
    """The generic Hard level: ``policy(game, rng, **kw) -> Action`` (kw as ``search``)."""
    return search(game, rng, **kw)
