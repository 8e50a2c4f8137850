"""The short words drawn on the Barcelona board. Words the engine already has (class names,
reward wording) are imported from it, so each lives in one place."""
from engine.barcelona import data as D
from engine.barcelona.effects import fmt_reward as _fmt_reward  # the engine's wording of rewards (labels, log)

CLASS_WORD = D.CLASS_NAMES

ACTION_SHORT = {
    "goods": "Goods", "cobble": "Cobble", "streets": "Streets", "cross": "Crossing",
    "improve": "Improve", "mtake": "Project", "service": "Service", "tram": "Tram",
    "cerda": "Cerdà", "sagrada": "Sagrada",
}
# The words on an action tile (one or two lines of <= 9 characters at 12 units in a 66-unit tile);
# the tile's data-info has the full rule.
ACTION_TILE_WORDS = {
    "goods": ("Coins or", "cloth"), "cobble": ("Cobble-", "stone"), "streets": ("Streets",),
    "cross": ("Inter-", "section"), "improve": ("Improve",), "mtake": ("Modern-", "isme"),
    "service": ("Public", "service"), "tram": ("Tram",), "cerda": ("Cerdà +2",), "sagrada": ("Sagrada", "+2"),
}
# A Modernisme condition in two lines of <= 10 characters (a 72-unit space at 12 units).
COND_LINES = {
    "block_line": ("Block", "line"), "coins": ("Coins",), "busy_cross": ("Busy", "crossings"),
    "cerda_mult": ("Cerdà ×",), "services": ("Services",), "busy_passengers": ("Busy", "passengers"),
    "improved": ("Improved",), "cobbles": ("Cobble-", "stones"), "cloth": ("Cloth",),
    "narrow_line": ("Narrow", "line"), "wide_line": ("Wide", "line"), "narrow": ("Narrow", "streets"),
    "wide": ("Wide", "streets"), "passengers": ("Passen-", "gers"), "crosses": ("Inter-", "sections"),
    "empty_stacks": ("Empty", "stacks"), "corners": ("Corners",), "modernisme": ("Modern-", "isme"),
    "bottom_markers": ("Bottom", "markers"),
}

# Why the order of two different citizens matters (rulebook 000 p.9, building: only the citizen
# on top of a stack counts, and building removes the top one of each intersection used).
UPPER_SENTENCE = ("The citizen on top is the one that counts (and leaves) when a building is built next to "
                  "this intersection; the one under it only counts once the top one has gone.")
COND_SHORT = {
    "block_line": "Block line", "coins": "Coins", "busy_cross": "Busy crossings",
    "cerda_mult": "Cerdà ×", "services": "Services", "busy_passengers": "Busy passengers",
    "improved": "Improved", "cobbles": "Cobblestones", "cloth": "Cloth",
    "narrow_line": "Narrow line", "wide_line": "Wide line", "narrow": "Narrow streets",
    "wide": "Wide streets", "passengers": "Passengers", "crosses": "Intersections",
    "empty_stacks": "Empty stacks", "corners": "Corners", "modernisme": "Modernisme",
    "bottom_markers": "Bottom markers",
}


def fmt_reward(items) -> str:
    """A reward in the engine's words ("+2 coin, +1 Cerdà"); the view gives lists of lists.
    A kind this build's data does not know (a game of an older rules version, engine/legacy)
    is shown by its name rather than breaking the board."""
    items = tuple(tuple(i) for i in items or ())
    try:
        return _fmt_reward(items)
    except (KeyError, TypeError, ValueError):
        return ", ".join(" ".join(str(x) for x in i) for i in items)


def fmt_cost(items) -> str:
    """A cost in words: the reward wording without its plus signs ("1 coin, 1 cloth")."""
    return fmt_reward(items).replace("+", "")


def cross_name(r, c) -> str:
    return f"{'ABCDE'[c]}{r + 1}"


def site_label(site) -> str:
    if site[0] == "b":
        return f"block {'ABCD'[int(site[2])]}{int(site[1]) + 1}"
    half = "upper" if site[2] == "u" else "lower"
    return f"{half} corner of block {'ABCD'[int(site[1])]}{int(site[1]) + 1}"


# Action kind -> heading of its group of buttons in the side panel (web/panels.actions_panel):
# one table per game, so no internal word ("act", "keep") reaches the screen. tests/web/test_web_panels.py
# checks that every kind the engine offers has a heading here.
ACTION_GROUPS = {
    "place": "Place a citizen", "owner": "Intersection rewards", "act": "Street actions",
    "goods": "Coins or cloth", "keep": "Warehouse full", "split": "Coins and cloth",
    "cobble": "Cobblestone", "streets": "Which streets", "street": "Build a street",
    "cross": "Intersection tile", "improve": "Improve a Modernisme space", "mtake": "Modernisme card",
    "service": "Public service", "tram": "Tram", "passenger": "Passenger", "pact": "The street's action",
    "stile": "Sagrada Família tile", "build": "Build",
}
