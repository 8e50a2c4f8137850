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
    "privilege": "Privilege", "return": "Return a card to your deck", "no-return": "Return no card", "build": "Build an edifice",
    "chapel": "Place a chapel", "shop": "Buy a shop", "no-shop": "No shop", "goods": "Goods tile",
    "sell": "Sell goods", "sell-all": "Sell all goods", "end-sale": "Stop selling",
}


# ---------------------------------------------------------------- what the inspector says (data-info)
# The marks printed on the round-board steps, and what they stand for (the board's legend).
ABBREVIATIONS = (
    ("N/C", "Nobility & Church auction: 1st takes the Nobility seat, 2nd the Church seat"),
    ("$", "trade auction: the 1st sells goods"),
    ("$+M", "trade auction: the 1st sells goods and takes the Merchants council seat"),
    ("Ed", "the Nobility seat builds the round's edifice on an empty lot"),
    ("Ch", "the Church seat places a chapel on a white point"),
    ("Sm Vi Sh Bu Ba", "a guild auction (Smiths, Vintners, Shoemakers, Butchers, Bakers): "
                       "Master, Journeyman, Apprentice"),
)
# What a step does beyond its auction rewards (the rewards come from the engine, per player count).
STEP_INFO = {
    "nobility": "Everyone may reveal one face-down stack; the highest bids win.",
    "guild": "Everyone may reveal one face-down stack; the highest bids win guild roles.",
    "trade": "Everyone may reveal one face-down stack; the highest bid sells goods.",
    "election": "Everyone may reveal one face-down stack; the highest bid sells goods and takes the "
                "Merchants council seat.",
    "edifice": "No auction: the player on the Nobility seat builds this round's edifice on an empty lot. "
               "At the end, every shop next to it (up, down, left, right) scores its value.",
    "chapel": "No auction: the player on the Church seat places a chapel on a white point; the (up to 4) "
              "cells around it become a parish, where each shop scores 1 more VP at the end.",
}
COUNCIL_INFO = {
    "nobility": "won at step A (1st); builds the round's edifice at step H",
    "church": "won at step A (2nd); places a chapel at step I",
    "merchants": "won by the 1st of the step G trade auction",
}
COUNCIL_RULE = ("At each council (end of a round) every seat held gives its owner 1 VP; whoever holds the most "
                "seats takes a privilege (ties: each one).")
STAT_INFO = {
    "prestige": "prestige: victory points scored so far at the councils",
    "coins": "coins: pay for shops; goods sell for coins",
    "privileges": "privilege tiles: 1 VP each at the end; spend one to decide later in an auction lap",
    "family": "family members not on the board yet (shops and council seats use them)",
    "shops": "shops in the city (1 VP each at the end; +1 in a parish; edifice values next to them)",
    "council": "council seats held (1 VP each at every council)",
    "deck": "influence cards left in the deck (their values are secret)",
}
