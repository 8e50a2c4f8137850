"""The soak (tests/support/soak.py; bench/soak.py runs it large) in short: a few hundred seeded
random games, the contract checked along the way (views and masked copies every few actions
instead of every one, to keep the suite fast; the bench's default run checks them after every
action)."""

from types import SimpleNamespace

from tests.support import soak as _soak

from .conftest import registered_specs

GAMES_PER_GAME = 40


def _soak_module():
    return _soak


def test_short_soak_finds_no_violation():
    names = [s.name for s in registered_specs()]
    res = _soak_module().soak(GAMES_PER_GAME, names, seed=50_000, clone_every=60, full_every=40, view_every=8)
    assert set(res) == set(names)
    for name, r in res.items():
        assert r["games"] == GAMES_PER_GAME and r["actions"] > 20 * GAMES_PER_GAME, name
        assert r["violations"] == 0, "\n".join(r["first"])


def test_soak_reports_a_violation():
    """The soak can fail: a game whose legal actions repeat an id is reported."""
    soak = _soak_module()
    real = registered_specs()[0]

    class Doubled:
        def __init__(self, g):
            self.g = g

        def __getattr__(self, name):
            return getattr(self.g, name)

        def legal_actions(self):
            acts = self.g.legal_actions()
            return acts + acts[:1]

    spec = SimpleNamespace(name=real.name, replay=real.replay, new_game=lambda *a, **k: Doubled(real.new_game(*a, **k)))
    actions, bad = soak.soak_game(spec, real.player_counts[0], 1, clone_every=0, full_every=10**9, view_every=10**9)
    assert actions > 0 and any("duplicate legal ids" in msg for _, msg in bad)


def test_incremental_view_check_still_sees_old_log_entries_change():
    """The soak checks a view's log incrementally (invariants._json_problem with a memo); an
    entry already checked that later turns into something JSON cannot carry (a tuple, a
    non-string key, NaN) must still be reported, exactly as the full round trip would."""
    from tests.support import invariants as inv

    def view(log):
        return {"seat": 0, "log": log, "scores": [1, 2]}

    for spoil in ({"a": (1, 2)}, {1: "a"}, {"a": float("nan")}, {"a": {1, 2}}):
        memo = {}
        log = [{"k": "x", "n": i} for i in range(5)]
        assert inv._json_problem(0, view(log), memo) is None
        log.append({"k": "y"})
        assert inv._json_problem(0, view(log), memo) is None  # a new entry: fine
        assert len(memo[0]) == 6
        log[2].update(spoil)  # an old entry changed in place
        assert inv._json_problem(0, view(log), memo) is not None, spoil
        assert inv._json_problem(0, view(log), None) is not None, spoil
    # the parts outside the log are checked in full every time
    memo = {}
    assert inv._json_problem(0, view([]), memo) is None
    assert inv._json_problem(0, {"seat": 0, "log": [], "scores": (1, 2)}, memo) is not None
