"""Barcelona's entry in the game registry (engine/core/registry.py)."""
from ..core.registry import GameSpec, OptionSpec

SPEC = GameSpec(
    name="barcelona",
    title="Barcelona",
    player_counts=(2, 3, 4),
    module="engine.barcelona",
    renderer="web.render_barcelona",
    # "printed": the rulebook's first-game layout of the action tiles; "shuffled": a random layout.
    options=(OptionSpec("layout", "printed", ("printed", "shuffled")),),
    # policy(game, rng) -> Action; rng an engine.core.rng.Rng, or None for a deterministic choice
    bots={"easy": "engine.barcelona.bot:easy", "normal": "engine.barcelona.bot:plan",
          "hard": "engine.barcelona.bot:hard"},
)
