"""Strasbourg's decisions, as data: every kind of pending decision with how its options
are listed, how a chosen one is carried out and what the prompt says (engine/core/decision.py).

The game machine (game.py) only ever asks this table. A prompt is a message key
(locale/*/LC_MESSAGES/strasbourg.po); PROMPT_WORDS names its parameters: {name} the deciding
player, {round}, {step} and {what} (the lobbying step), {role}, {guild}, {edifice}; view.py
computes them.
"""

from ..core.decision import Rule
from ..core.msg import N_
from . import auction, lobbying, plotting, selling

RULES = {
    # before round 1 (SEED § 遊戲回合 "第一輪開始前")
    "tasks": Rule(plotting.legal_tasks, plotting.do_tasks, N_("str.prompt.tasks")),
    # 1. 密謀階段 plotting
    "draw": Rule(plotting.legal_draw, plotting.do_draw, N_("str.prompt.draw")),
    "stack": Rule(plotting.legal_stack, plotting.do_stack, N_("str.prompt.stack")),
    # 2. 關說階段 lobbying: the auction of steps A-G
    "bid": Rule(auction.legal_bid, auction.do_bid, N_("str.prompt.bid")),
    "return": Rule(auction.legal_return, auction.do_return, N_("str.prompt.return")),
    # the step effects A-I won in the auction
    "shop": Rule(lobbying.legal_shop, lobbying.do_shop, N_("str.prompt.shop")),
    "apprentice": Rule(lobbying.legal_apprentice, lobbying.do_apprentice, N_("str.prompt.apprentice")),
    # behind the screen (SEED § 步驟 C/E/G "從屏風後面"): every option leaves the table the same
    "sell": Rule(selling.legal_sell, selling.do_sell, N_("str.prompt.sell"), screened=True),
    "build": Rule(lobbying.legal_build, lobbying.do_build, N_("str.prompt.build")),
    "chapel": Rule(lobbying.legal_chapel, lobbying.do_chapel, N_("str.prompt.chapel")),
}

# The parameters each prompt names (view.PROMPT_WORDS computes them).
PROMPT_WORDS = {
    "tasks": ("name",),
    "draw": ("name", "round"),
    "stack": ("name",),
    "bid": ("name", "step", "what"),
    "return": ("name",),
    "shop": ("name", "role", "guild"),
    "apprentice": ("name", "guild"),
    "sell": ("name",),
    "build": ("name", "edifice"),
    "chapel": ("name",),
}

# Queued lobbying items: starter(game, item) -> the item if it needs a choice (it becomes
# the pending decision, kind in RULES), else None (it ran by itself).
STARTERS = {
    "seat": lobbying.start_seat,
    "goods": lobbying.start_goods,
    "shop": lobbying.start_shop,
    "apprentice": lobbying.start_apprentice,
    "sell": selling.start_sell,
    "build": lobbying.start_build,
    "chapel": lobbying.start_chapel,
    "return": auction.start_return,
}


def start_item(game, item):
    """Run a queued item, or make it the pending decision if it needs a choice."""
    game.st.decision = STARTERS[item.kind](game, item)
