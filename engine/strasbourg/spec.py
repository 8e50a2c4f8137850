"""Strasbourg's entry in the game registry (engine/core/registry.py)."""

from ..core.registry import GameSpec

SPEC = GameSpec(
    name="strasbourg",
    title="Strasbourg",
    player_counts=(3, 4, 5),  # RESEARCH §8 (3-5 only; no official 2p variant)
    module="engine.strasbourg",
    renderer="web.boards.strasbourg",
    catalog="strasbourg",
    key_prefix="str",  # its words: locale/*/LC_MESSAGES/strasbourg.po, keys str.*
    options=(),
    # policy(game, rng) -> Action; rng an engine.core.rng.Rng, or None for a deterministic choice
    explain="engine.strasbourg.why:explain",  # the Hint's why line (engine/core/why.py)
    bots={
        "easy": "engine.strasbourg.bots:easy_policy",
        "normal": "engine.strasbourg.bots:plan",
        "hard": "engine.strasbourg.bots_hard:hard",
    },
)
