"""Barcelona's entry in the game registry (engine/core/registry.py)."""

from ..core.registry import GameSpec, OptionSpec
from ..core.msg import msg

SPEC = GameSpec(
    name="barcelona",
    title="Barcelona",
    # 1: the solo game against Gaudí, a card-driven non-player (engine/barcelona/solo_setup.py)
    player_counts=(1, 2, 3, 4),
    module="engine.barcelona",
    renderer="web.boards.barcelona",
    catalog="barcelona",
    key_prefix="bcn",  # its words: locale/*/LC_MESSAGES/barcelona.po, keys bcn.*
    automaton="gaudi",  # the solo game's Gaudí: view["gaudi"] (engine/barcelona/solo_view.py)
    automaton_progress="engine.barcelona.solo_steps:progress",  # his turns, the steps of his last one
    # "printed": the rulebook's first-game layout of the action tiles; "shuffled": a random layout.
    # "difficulty" (the value of a Gaudí Reward) and "rules" (the solo booklet or the official
    # "Gaudí 2.0" update) and "sagrada_gr" (an optional variant) exist only in the solo game:
    # other player counts keep their defaults.
    options=(
        OptionSpec("layout", "printed", ("printed", "shuffled")),
        OptionSpec(
            "difficulty", "normal", ("easy", "normal", "hard"), players=(1,), label=msg("bcn.spec.difficulty")
        ),  # "Gaudí's difficulty (a GR is worth 2, 3 or 4 VP)"
        OptionSpec(
            "rules", "original", ("original", "2.0"), players=(1,), label=msg("bcn.spec.rules")
        ),  # "Gaudí's rules (the booklet or the 2.0 update)"
        # the solo booklet's optional variant (the solo summary, "Gaudí Rewards"):
        # once at the end of his Sagrada track, each further step gives him 1 GR
        OptionSpec("sagrada_gr", "off", ("off", "on"), players=(1,), label=msg("bcn.spec.sagrada_gr")),
    ),
    count_labels={1: msg("bcn.spec.solo")},  # "1 player (against Gaudí)"
    # policy(game, rng) -> Action; rng an engine.core.rng.Rng, or None for a deterministic choice
    explain="engine.barcelona.why:explain",  # the Hint's why line (engine/core/why.py)
    bots={
        "easy": "engine.barcelona.bot:easy",
        "normal": "engine.barcelona.bot:plan",
        "hard": "engine.barcelona.bot:hard",
    },
    # the game review (review/): Hard's search, and the turns and rounds as the game counts them
    search_hooks="engine.barcelona.bot:search_hooks",
    turn_count="engine.barcelona.spec:turns_done",
    round_count="engine.barcelona.spec:rounds_done",
    # Hard beats Normal heads-up by ~76 VP and wins 93% (docs/bots.md): about 25 VP a logistic unit
    review_scale=25.0,
)


def turns_done(game) -> int:
    """Turns completed (a turn: a seat's placement, street actions and building, p.6-8; in the
    solo game Gaudí's turn follows within it)."""
    return game.turn


def rounds_done(game) -> int:
    """Rounds completed: every seat has had a turn (Barcelona counts no rounds of its own; the
    review's chart marks these)."""
    return game.turn // game.num_players
