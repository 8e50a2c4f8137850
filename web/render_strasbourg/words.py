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
