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
    # the game review (review/): Hard's search; the five rounds (a turn: one seat's run of decisions)
    search_hooks="engine.strasbourg.bots_hard:search_hooks",
    round_count="engine.strasbourg.spec:rounds_done",
    # margins run about a fifth of Barcelona's (winners ~45 VP, Hard's lead over Normal +3.5-5.5 VP)
    review_scale=5.0,
)


def rounds_done(game) -> int:
    """Rounds completed (each ends with its council phase, SEED § 3)."""
    return game.st.round
