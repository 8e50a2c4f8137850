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
    bots={},  # filled in by the bots work (level -> "module:function")
)
