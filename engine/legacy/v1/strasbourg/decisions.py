"""Strasbourg's decisions, as data: every kind of pending decision with how its options
are listed, how a chosen one is carried out and what the prompt says (engine/core/decision.py).

The game machine (game.py) only ever asks this table. Prompt words: {name} the deciding
player, {round}, {step} and {what} (the lobbying step), {role}, {guild}, {edifice}; view.py
fills them in.
"""
from ..core.decision import Rule
from . import auction, lobbying, plotting

RULES = {
    # before round 1 (SEED § 遊戲回合 "第一輪開始前")
    "tasks": Rule(plotting.legal_tasks, plotting.do_tasks,
                  "{name}: choose which task cards to keep (at least 1)"),
    # 1. 密謀階段 plotting
    "draw": Rule(plotting.legal_draw, plotting.do_draw,
                 "{name}: draw influence cards one at a time, or stop (round {round})"),
    "stack": Rule(plotting.legal_stack, plotting.do_stack,
                  "{name}: put every drawn card on a face-down stack"),
    # 2. 關說階段 lobbying: the auction of steps A-G
    "bid": Rule(auction.legal_bid, auction.do_bid,
                "{name}: step {step} ({what}): reveal a stack, pass or use a privilege"),
    "return": Rule(auction.legal_return, auction.do_return,
                   "{name}: choose a card of your losing stack to put under your deck"),
    # the step effects A-I won in the auction
    "shop": Rule(lobbying.legal_shop, lobbying.do_shop,
                 "{name} ({role}): buy a {guild} shop or not"),
    "apprentice": Rule(lobbying.legal_apprentice, lobbying.do_apprentice,
                       "{name} (Apprentice): take a {guild} goods tile or buy a shop"),
    "sell": Rule(lobbying.legal_sell, lobbying.do_sell, "{name}: sell goods"),
    "build": Rule(lobbying.legal_build, lobbying.do_build,
                  "{name} (Nobility): build the {edifice}-point edifice on an empty lot"),
    "chapel": Rule(lobbying.legal_chapel, lobbying.do_chapel,
                   "{name} (Church): place a chapel on a white point"),
}

# Queued lobbying items: starter(game, item) -> the item if it needs a choice (it becomes
# the pending decision, kind in RULES), else None (it ran by itself).
STARTERS = {
    "seat": lobbying.start_seat,
    "goods": lobbying.start_goods,
    "shop": lobbying.start_shop,
    "apprentice": lobbying.start_apprentice,
    "sell": lobbying.start_sell,
    "build": lobbying.start_build,
    "chapel": lobbying.start_chapel,
    "return": auction.start_return,
}


def start_item(game, item):
    """Run a queued item, or make it the pending decision if it needs a choice."""
    game.st.decision = STARTERS[item.kind](game, item)
