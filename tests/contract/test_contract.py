"""The engine contract (docs/architecture.md), for every registered game and each of
its player counts, on small seeded random playouts. The checks themselves live in
tests/support/invariants.py, shared with the soak (tests/support/soak.py, bench/soak.py).
"""

import json
import random
import sys
from pathlib import Path

import pytest

import engine
from engine.core.errors import EngineError, RecordError

from tests.support import invariants as inv

SEEDS = (3,)  # one seeded playout per (game, player count) per test keeps the suite fast

# Differences between the games that the shape work removes. A listed check is
# expected to fail for that game (strict: once it passes, delete its line here).
KNOWN_GAPS = {}


def known_gap(request, spec, what):
    reason = KNOWN_GAPS.get((spec.name, what))
    if reason:
        request.applymarker(pytest.mark.xfail(reason=reason, strict=True))


def playout(spec, players, seed):
    """The positions of a seeded random playout: yields (step, game) before each action and
    once more for the finished game. The game is live: a test must not apply to it."""
    g, rng = spec.new_game(players, seed), random.Random(seed)
    step = 0
    while True:
        yield step, g
        if g.is_over:
            return
        ids = inv.legal_ids(g)
        g.apply(ids[rng.randrange(len(ids))])
        step += 1


def sampled(spec, players, seed, every):
    """Every ``every``-th position of the playout, and always the finished game."""
    for step, g in playout(spec, players, seed):
        if step % every == 0 or g.is_over:
            yield step, g


def test_legal_actions_non_empty_and_unique_unless_over(spec, players):
    for seed in SEEDS:
        for step, g in playout(spec, players, seed):
            assert inv.check_legal(g) == [], f"seed {seed} step {step}"
        assert g.is_over and g.legal_actions() == [] and g.current_player is None
        with pytest.raises(EngineError):
            g.apply("anything")


def test_replay_equals_game(spec, players):
    for seed in SEEDS:
        for step, g in sampled(spec, players, seed, 10):
            assert inv.check_replay(g, spec) == [], f"seed {seed} step {step}"


def test_record_replays_through_engine_replay_and_bad_records_are_refused(spec, players):
    """engine.replay dispatches on record["game"]; a record with an action that is not legal
    where it stands, or with a bad seed, is refused with a RecordError."""
    *_, (step, g) = sampled(spec, players, SEEDS[0], 10**9)
    rec = json.loads(json.dumps(g.record()))
    assert inv.all_views(engine.replay(rec)) == inv.all_views(g)
    half = dict(rec, actions=rec["actions"][: len(rec["actions"]) // 2])
    for bad in (
        dict(half, actions=half["actions"] + ["no-such-action"]),
        dict(rec, actions=rec["actions"] + [rec["actions"][-1]]),
        dict(rec, seed="1"),
        # one player fewer (a 1-player record: none at all)
        dict(rec, players=rec["players"][: len(rec["players"]) - 1]),
    ):
        with pytest.raises(RecordError):
            spec.replay(bad)


def test_clone_is_independent(spec, players):
    """Playing on a clone (to the end, or a few actions) never changes the original."""
    for seed in SEEDS:
        pick = random.Random(seed + 1)
        for step, g in sampled(spec, players, seed, 20):
            steps = 10**9 if step % 40 == 0 else 15
            assert inv.check_clone(g, lambda ids: ids[pick.randrange(len(ids))], steps) == [], (
                f"seed {seed} step {step}"
            )


def test_illegal_input_raises_and_changes_nothing(spec, players):
    """Unknown ids, wrong types, bool, None, an over-long string and ids legal at an earlier
    moment: an EngineError each, and record, legal actions and every view stay the same."""
    stale_tried = 0
    for seed in SEEDS:
        earlier = []
        for step, g in playout(spec, players, seed):
            now = set(inv.legal_ids(g))
            stale = [i for i in earlier if i not in now][:4]
            if step % 4 == 0 or g.is_over:
                assert inv.check_illegal(g, stale) == [], f"seed {seed} step {step}"
                stale_tried += len(stale)
            earlier = (earlier + sorted(now))[-30:]
    assert stale_tried > 0, "no id legal at another moment was tried"


def test_views_json_safe_and_free_of_other_seats_secrets(spec, players):
    """Every view round-trips through JSON unchanged, and a masked copy for each seat (all
    other seats' secrets replaced) shows that seat, and the spectator, the same view."""
    for seed in SEEDS:
        for step, g in sampled(spec, players, seed, 3):
            views = inv.all_views(g)
            assert inv.check_views(g, views) == [], f"seed {seed} step {step}"
            assert inv.check_masked(g, views, seed + step) == [], f"seed {seed} step {step}"


def test_views_do_not_move_when_other_seats_secrets_are_shaken(spec, players):
    """The same, with secrets changed by tests/web/secrets_shaker.py, written independently of
    the engines' masked_for (so masked_for is not checked against itself); running games."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
    from secrets_shaker import SHAKE

    if spec.name not in SHAKE:
        pytest.skip(f"no secrets shaker for {spec.name}")
    for seed in SEEDS:
        for step, g in sampled(spec, players, seed, 7):
            if g.is_over:  # the shaker changes secrets that the end of a game reveals
                continue
            for seat in inv.seats_of(g):
                want = g.view(seat)
                for k in range(2):
                    assert SHAKE[spec.name](g, seat, seed * 100 + k).view(seat) == want, (
                        f"seed {seed} step {step} seat {seat}"
                    )


def test_masked_copy_depends_only_on_what_the_seat_sees(spec, players):
    """Two games that differ only in other seats' secrets (tests/web/secrets_shaker.py) give
    the same masked copy for that seat: every seat's view of the copies is equal, so bots and
    hints running on it cannot tell the two apart."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
    from secrets_shaker import SHAKE

    if spec.name not in SHAKE:
        pytest.skip(f"no secrets shaker for {spec.name}")
    for step, g in sampled(spec, players, SEEDS[0], 11):
        if g.is_over:
            continue
        for seat in inv.seats_of(g):
            shaken = SHAKE[spec.name](g, seat, step + 1)
            assert inv.all_views(shaken.masked_for(seat, 5)) == inv.all_views(g.masked_for(seat, 5)), (
                f"step {step} seat {seat}"
            )


def test_masked_copies_are_valid_games_for_every_seat(spec, players):
    """masked_for(seat): same views for that seat and the spectator, the game's legal actions
    for the deciding seat, and playable to the end."""
    for seed in SEEDS:
        rng = random.Random(seed)
        for step, g in sampled(spec, players, seed, 25):
            assert inv.check_masked(g, inv.all_views(g), seed * 7 + step) == [], f"seed {seed} step {step}"
            if g.is_over:
                continue
            m = g.masked_for(g.current_player, seed + step)
            while not m.is_over:
                assert inv.check_legal(m) == []
                ids = inv.legal_ids(m)
                m.apply(ids[rng.randrange(len(ids))])
            assert m.legal_actions() == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_masked_copies_of_finished_games_for_every_seat(spec, players, seed):
    """Issue 13: masked_for(seat, seed).view(seat) raised KeyError '?' in every finished
    Strasbourg game (the kept task cards, public at the end, had been blanked)."""
    *_, (step, g) = playout(spec, players, seed)
    assert g.is_over
    views = inv.all_views(g)
    assert inv.check_masked(g, views, seed) == []
    for seat in inv.seats_of(g):
        m = g.masked_for(seat, seed + 1)
        assert m.scores() == g.scores() and m.winners() == g.winners()


def test_undo_never_crosses_a_seat_change(spec, players):
    """Undo is offered only while the seat that just played decides again, and gives that seat
    back exactly the position it had; refused undo raises an EngineError."""
    for seed, g in _fresh_games(spec, players):
        assert not g.can_undo()
        with pytest.raises(EngineError):
            g.undo()
        for actor, before in _random_steps(g, seed):
            assert inv.check_undo(g, actor, before) == [], f"seed {seed} step {len(g.actions)}"
        assert not g.can_undo()


def _fresh_games(spec, players):
    """(seed, a new game) for each of SEEDS."""
    return [(seed, spec.new_game(players, seed)) for seed in SEEDS]


def _random_steps(g, seed):
    """Play ``g`` to its end by seeded random legal actions, yielding after each the seat that
    made it and that seat's view before it."""
    rng = random.Random(seed)
    while not g.is_over:
        actor, before = g.current_player, g.view(g.current_player)
        ids = inv.legal_ids(g)
        g.apply(ids[rng.randrange(len(ids))])
        yield actor, before


def test_a_passed_turn_is_taken_back_until_the_next_seat_decides(spec, players):
    """A move that passed the turn and revealed nothing can be taken back (the table's custom: a
    move stands once the next player has moved), giving its seat back exactly its position; one
    that revealed something or used chance (the engine's barrier: undo's floor moved past it
    while the same seat decides, or a reveal that also passed the turn) cannot, unless all it did
    was draw into the mover's own hand, no other seat's view telling what (checked by replaying
    it with other chance), and the page vouches the mover has not looked (``unseen``); the next
    seat's first decision ends the chance (which games' turns end how: their own tests)."""
    for seed, g in _fresh_games(spec, players):
        assert not g.can_take_back()
        with pytest.raises(EngineError):
            g.take_back()
        for actor, before in _random_steps(g, seed):
            barrier = _revealed(g)
            assert inv.check_take_back(g, actor, before, barrier) == [], f"seed {seed} step {len(g.actions)}"
            if barrier == "own" and g.can_take_back(unseen=True):
                assert inv.check_own_draw(g, actor) == [], f"seed {seed} step {len(g.actions)}"
        assert not g.can_take_back()


def _revealed(g):
    """Whether the action just applied to ``g`` revealed something or used chance (True), drew only
    into its mover's own hand ("own") or neither (False): replayed again on the game without it,
    the engine's barrier flag as ``apply`` hands it to ``_floors`` (every apply path, the games'
    fast ones included, ends there)."""
    rec = g.record()
    before = type(g).from_record(dict(rec, actions=rec["actions"][:-1]))
    seen = []
    floors = before._floors

    def spy(seat_changed):
        seen.append(before._barrier_pending)
        floors(seat_changed)

    before._floors = spy
    before.apply(rec["actions"][-1])
    (barrier,) = seen
    return barrier


def test_views_share_the_core_keys(spec, players, request):
    """Every game's view has the same top-level core keys, for every seat."""
    known_gap(request, spec, "view_keys")
    for step, g in sampled(spec, players, SEEDS[0], 40):
        assert inv.check_view_keys(inv.all_views(g), spec.name) == [], f"step {step}"


@pytest.mark.parametrize("bad", [-1, "0", True, 99, 1.0])
def test_view_of_a_bad_seat_raises_an_engine_error(spec, request, bad):
    known_gap(request, spec, "bad_seat")
    g = spec.new_game(spec.player_counts[0], 1)
    with pytest.raises(EngineError):
        g.view(bad)
