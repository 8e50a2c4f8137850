"""Strasbourg's entry in the game registry (engine/core/registry.py)."""
from ..core.registry import GameSpec

SPEC = GameSpec(
    name="strasbourg",
    title="Strasbourg",
    player_counts=(3, 4, 5),
    module="engine.strasbourg",
    renderer="web.render_strasbourg",
    options=(),
    bots={},  # filled in by the bots work (level -> "module:function")
)
