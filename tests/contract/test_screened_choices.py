"""A choice taken behind a screen tells the table nothing (issue 50, item 1), for every game.

A decision whose rule is ``screened`` (engine/core/decision.py, asked through ``Game.screened()``)
is taken behind the deciding seat's screen: Strasbourg's sale, where the winner "從屏風後面，拿出
任意數量的貨物標示物賣掉" (takes any number of goods from behind the screen and sells them;
Strasbourg rulebook (zh-Hant), 步驟 C/E and G). The rule every game keeps: whichever legal option
the seat takes, the table sees the same, namely

* every other seat's view and the spectator's, the log with its action numbers included;
* the options of the next seat to decide, when that is another seat;
* the number of actions until the screen lifts (the seat no longer at a screened decision);
* and, playing the same actions on in every branch for a few more actions, all of that again.

Checked exhaustively: every legal option of every screened decision met in seeded random
playouts of every registered game at each player count. A game whose rule table
(``<module>.decisions.RULES``) declares a screened decision must meet enough of them, real choices
among them, so the check cannot pass by never looking.
"""

import importlib
import random

from tests.support import invariants as inv
from engine.core.game import VIEW_KEYS

GAMES = 40  # seeded random playouts per (game, player count)
FOLLOW = 4  # actions played on alike in every branch after the screen lifts, each compared
MIN_DECISIONS = 12  # screened decisions a game that declares some must meet per player count
LIMIT = 200  # a screened run longer than this is a bug of its own


def declared_screened(spec):
    """The decision kinds the game's rule table marks as screened (none without a table)."""
    try:
        rules = importlib.import_module(spec.module + ".decisions").RULES
    except (ImportError, AttributeError):
        return set()
    return {kind for kind, rule in rules.items() if getattr(rule, "screened", False)}


def lift(g, seat):
    """Play ``seat``'s screened decisions on (its last option each time) until the screen lifts;
    the number of actions that took."""
    steps = 0
    while not g.is_over and g.current_player == seat and g.screened() and steps < LIMIT:
        g.apply(g.legal_actions()[-1])
        steps += 1
    return steps


def table(g, seat):
    """What every seat but ``seat`` sees: the views of the others and of the spectator, and the
    options of the next seat to decide when it is one of them. Once the game is over every screen
    is down (the end view shows what stood behind them): then the views' common keys only, the
    log, scores and winners among them."""
    others = [None] + [s for s in range(g.num_players) if s != seat]
    views = {str(s): g.view(s) for s in others}
    if g.is_over:
        views = {s: {k: v[k] for k in VIEW_KEYS} for s, v in views.items()}
    nxt = g.current_player
    legal = inv.legal_ids(g) if nxt is not None and nxt != seat else None
    return {"views": views, "legal": legal, "over": g.is_over}


def _where(a, b):
    """The parts of two tables that differ (for the failure message)."""
    out = []
    for s in sorted(set(a["views"]) | set(b["views"])):
        va, vb = a["views"].get(s, {}), b["views"].get(s, {})
        keys = sorted(k for k in set(va) | set(vb) if va.get(k) != vb.get(k))
        if keys:
            out.append(f"view({s}): {', '.join(keys)}")
    if a["legal"] != b["legal"]:
        out.append("the next seat's options")
    return "; ".join(out) or "over"


def screened_problems(g, follow=FOLLOW, rng=None):
    """At a screened decision of ``g`` (not changed): every legal option on its own copy, taken
    and played on to where the screen lifts; [] when the table sees the same after each, else
    what differs, once for each option that parts from the first."""
    seat = g.current_player
    ids = inv.legal_ids(g)
    branches = []
    for aid in ids:
        h = g.clone()
        h.apply(aid)
        branches.append((aid, h, 1 + lift(h, seat)))
    first_id, first, first_steps = branches[0]
    problems = []
    want = table(first, seat)
    for aid, h, steps in branches[1:]:
        if steps != first_steps:
            problems.append(f"{aid!r}: {steps} actions until the screen lifts, {first_id!r}: {first_steps}")
        got = table(h, seat)
        if got != want:
            problems.append(f"{aid!r} vs {first_id!r}, after the screen lifts: {_where(want, got)}")
    if problems or follow <= 0:
        return problems
    # the same actions played on in every branch (one legal in all of them)
    rng = rng or random.Random(len(g.actions))
    games = [h for _, h, _ in branches]
    for k in range(follow):
        if games[0].is_over:
            break
        common = set(inv.legal_ids(games[0]))
        for h in games[1:]:
            common &= set(inv.legal_ids(h))
        if not common:
            problems.append(f"{k + 1} actions on: no option legal after every choice")
            break
        pick = sorted(common)[rng.randrange(len(common))]
        for h in games:
            h.apply(pick)
        want = table(games[0], seat)
        for (aid, _, _), h in zip(branches[1:], games[1:]):
            got = table(h, seat)
            if got != want:
                problems.append(f"{aid!r} vs {first_id!r}, {k + 1} actions on ({pick!r}): {_where(want, got)}")
        if problems:
            break
    return problems


def screened_decisions(spec, players, seeds):
    """(seed, game) at every screened decision of seeded uniform random playouts (the game is
    live: the caller must not apply to it)."""
    for seed in seeds:
        g, rng = spec.new_game(players, seed), random.Random(seed)
        while not g.is_over:
            if g.screened():
                yield seed, g
            ids = inv.legal_ids(g)
            g.apply(ids[rng.randrange(len(ids))])


def test_every_choice_behind_a_screen_leaves_the_table_the_same(spec, players):
    declared = declared_screened(spec)
    met, choices, real = {}, 0, 0
    for seed, g in screened_decisions(spec, players, range(GAMES)):
        kind = g.view(g.current_player)["decision"]
        met[kind] = met.get(kind, 0) + 1
        n = len(g.legal_actions())
        choices += n
        real += n >= 3
        problems = screened_problems(g)
        assert not problems, (
            f"{spec.name} {players}p seed {seed}, action {len(g.actions) + 1}, seat {g.current_player} "
            f"at {kind!r} ({', '.join(inv.legal_ids(g))}): " + " | ".join(problems[:4])
        )
    assert set(met) <= declared, f"screened decisions the rule table does not declare: {set(met) - declared}"
    for kind in declared:
        assert met.get(kind, 0) >= MIN_DECISIONS, f"only {met.get(kind, 0)} {kind!r} decisions met in {GAMES} games"
    if declared:
        assert real, "no screened decision with a real choice (3 options or more) was met"
    print(f"{spec.name} {players}p: {sum(met.values())} screened decisions, {choices} options")
