"""Barcelona's entry in the game registry (engine/core/registry.py)."""
from ..core.registry import GameSpec, OptionSpec

SPEC = GameSpec(
    name="barcelona",
    title="Barcelona",
    player_counts=(2, 3, 4),
    module="engine.legacy.v1.barcelona",
    renderer="web.boards.barcelona",
    # "printed": the rulebook's first-game layout of the action tiles; "shuffled": a random layout.
    options=(OptionSpec("layout", "printed", ("printed", "shuffled")),),
    # policy(game, rng) -> Action; rng an engine.core.rng.Rng, or None for a deterministic choice
    bots={"easy": "engine.legacy.v1.barcelona.bot:choose", "normal": "engine.legacy.v1.barcelona.bot:plan"},
)
