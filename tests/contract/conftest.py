"""The contract suite runs over every registered game and each of its player counts.

A test that takes an argument named ``spec`` runs once per registered game; one that takes
``spec`` and ``players`` runs once per (game, player count). Ids read ``barcelona-3p``.
"""

from engine.core import registry


def registered_specs():
    """Every registered GameSpec; registers the built-in games first if nothing has yet
    (engine/__init__.py does this once the registry is wired, this keeps the suite working
    before and after)."""
    if not registry.specs():
        registry._register_builtins()
    return registry.specs()


def pytest_generate_tests(metafunc):
    names = metafunc.fixturenames
    if "spec" not in names:
        return
    specs = registered_specs()
    if "players" in names:
        cases = [(s, n) for s in specs for n in s.player_counts]
        metafunc.parametrize(("spec", "players"), cases, ids=[f"{s.name}-{n}p" for s, n in cases])
    else:
        metafunc.parametrize("spec", specs, ids=[s.name for s in specs])
