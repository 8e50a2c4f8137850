"""The short words drawn on the Strasbourg table. The auction's role names come from the engine
(the same words as its action labels and log)."""
from engine.strasbourg.lobbying import ROLE_NAMES

ROLE_WORD = ROLE_NAMES
GUILD_ABBR = {"smiths": "Sm", "vintners": "Vi", "shoemakers": "Sh", "butchers": "Bu", "bakers": "Ba"}
KIND_MARK = {"nobility": "N/C", "trade": "$", "election": "$+M", "edifice": "Ed", "chapel": "Ch"}
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
CATEGORY_WORD = {"council": "Council", "shops": "Shops", "parishes": "Parishes", "privileges": "Privileges",
                 "edifices": "Edifices", "tasks": "Task cards"}


def ordinal(i):
    return ORDINAL[i] if i < len(ORDINAL) else f"{i + 1}th"


# Action kind -> heading of its group of buttons in the side panel (web/panels.actions_panel):
# one table per game, so no internal word ("keep", "no-shop") reaches the screen. tests/web/test_web_panels.py
# checks that every kind the engine offers has a heading here.
ACTION_GROUPS = {
    "drop": "Remove a task", "keep": "Keep your tasks", "draw": "Draw cards", "stop": "Stop drawing",
    "put": "Put a card on a stack", "rest": "Put the remaining cards", "bid": "Bid", "pass": "Pass",
    "privilege": "Privilege", "return": "Return a card to your deck", "build": "Build an edifice",
    "chapel": "Place a chapel", "shop": "Buy a shop", "no-shop": "No shop", "goods": "Goods tile",
    "sell": "Sell goods", "sell-all": "Sell all goods", "end-sale": "Stop selling",
}
