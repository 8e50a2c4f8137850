"""Strasbourg's entry in the game registry (engine/core/registry.py)."""
from ..core.registry import GameSpec

SPEC = GameSpec(
    name="strasbourg",
    title="Strasbourg",
    player_counts=(3, 4, 5),           # RESEARCH §8 (3-5 only; no official 2p variant)
    module="engine.legacy.v1.strasbourg",
    renderer="web.boards.strasbourg",
    options=(),
    # policy(game, rng) -> Action; rng an engine.core.rng.Rng, or None for a deterministic choice
    bots={"easy": "engine.legacy.v1.strasbourg.bots:easy_policy", "normal": "engine.legacy.v1.strasbourg.bots:greedy"},
)
