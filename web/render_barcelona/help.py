"""Barcelona's player aid and turn-flow words (web/turnflow.py, panels.help_panel).

LEGEND: every icon and abbreviation drawn on the board, with what it means (the symbols are
drawn with the board's own glyphs, so the legend cannot drift from the board). RULES: a short
summary of the rulebook (/work/shared/seeds/000, the authority for Barcelona; pages cited).
FIELD_NAMES: readable names of the numbers of a seat's entry in the view (``player_boards``),
used by the preview of a selected move ("+2 coins, +1 Cerdà")."""
from engine.barcelona import data as D

from .glyphs import CLASS_FILL, action_glyph, citizen, icon
from .words import ACTION_SHORT, ACTION_TILE_WORDS

TITLE = "Barcelona"
TUTORIAL = "tutorial/barcelona.html"
SEAT_ENTRY = "player_boards"
FIELD_NAMES = {
    "vp": "VP", "coins": "coins", "cloth": "cloth", "capacity": "warehouse capacity",
    "cobbles_left": "cobblestones left", "cobbles_placed": "cobblestones placed",
    "wide": "wide streets left", "crosses_built": "intersection tiles built",
    "passengers_placed": "passengers placed", "sagrada": "Sagrada Família steps", "cerda": "Cerdà steps",
    "cerda_multiplier": "Cerdà multiplier", "hand_size": "citizens in hand",
    "breakdown": "{key} VP",
}
IGNORE_FIELDS = ("breakdown", "hand_size")  # the VP total says it; the hand refill is not a gain
SECRET_ID_KINDS = ()           # no Barcelona action id names a secret (placed citizens are public)
END_TURN_QUESTION = "End your turn?"
END_TURN_QUESTIONS = {"act": "Finish your actions and end your turn?"}


def _svg(body, w=44, h=36):
    return (f'<svg class="legend-icon bcn" viewBox="{-w / 2} {-h / 2} {w} {h}" width="{w}" height="{h}" '
            f'aria-hidden="true"><style>.bcn text{{font-family:system-ui,sans-serif;fill:#1d1d1d}}</style>{body}</svg>')


def legend():
    """[(symbol svg, term, meaning)] for every icon and abbreviation on the Barcelona board."""
    c = D.CLASS_NAMES
    rows = [
        (_svg(icon("coin", 2, 0, 0)), "Yellow coin with a number", "coins (money)"),
        (_svg(icon("cloth", 1, 0, 0)), "Red cloth with a number (red 1)", "cloth, kept in your warehouse"),
        (_svg(icon("vp", 3, 0, 0)), "Dark pentagon with a number", "victory points (VP)"),
        (_svg(icon("cerda", 1, 0, 0)), "C1, C2 (blue square)", "steps on the Cerdà track"),
        (_svg(icon("sagrada", 1, 0, 0)), "S1, S2 (gold triangle)", "steps on the Sagrada Família track"),
        (_svg(icon("goods", 2, 0, 0)), "Coin and cloth", "coins or cloth, your choice"),
        (_svg(citizen(0, 0, "W", 14)), "W", f"a {c['W']} class citizen"),
        (_svg(citizen(0, 0, "M", 14)), "M", f"a {c['M']} class citizen"),
        (_svg(citizen(0, 0, "U", 14)), "U", f"an {c['U']} class citizen"),
        ("", "Upper on top of working", "two citizens on one intersection: when a building uses the "
         "intersection, the one on top leaves for its citizen track (that class advances) and the one "
         "below stays on the intersection"),
        ("", "A1 … E5", "intersections: column letter A–E, row number 1–5"),
        ("", "L1, L2, L3, Corner", "building levels (stacks of building tiles) and the corner buildings"),
        ("", "×2, ×3", "multipliers (Modernisme spaces, Cerdà multiplier)"),
    ]
    for key, short in ACTION_SHORT.items():     # the action tiles, named by the words printed on them
        words = " ".join(ACTION_TILE_WORDS.get(key, (short,))).replace("- ", "")
        rows.append((_svg(action_glyph(key, 0, 0, 12)), f"Action tile: {words}", _ACTION_MEANING.get(key, short)))
    rows.append(("", "Seat token (colour, shape, letter)", "a player's pieces; a small token on a white ring "
                 "marks that player's last move"))
    return rows


_ACTION_MEANING = {
    "coins": "gain 2 coins", "cloth": "gain 1 cloth and 3 VP",
    "mtake": "take a Modernisme project card", "improve": "improve a Modernisme space",
    "service": "take a public service", "cross": "build an intersection tile",
    "narrow": "build 2 narrow streets", "wide": "build 1 wide street",
    "cobble": "place a cobblestone on the pavement", "cerda": "advance 2 steps on the Cerdà track",
    "tram": "place or move your tram, then you may drop a passenger for that street's action",
}

RULES = [
    "Goal: the most VP after the end of the game is triggered (rulebook p.16).",
    "Your turn: place one or two citizens from your hand on an intersection of the Eixample grid (p.6);"
    " some intersections cost coins.",
    "Two citizens: the one on top goes to its citizen track when a building uses the intersection (p.12-13);"
    " the one below stays.",
    "Then carry out the actions of the action tiles next to that intersection, one after the other (p.6-11):"
    " 2 coins, 1 cloth and 3 VP, 2 narrow streets, 1 wide street, an intersection tile, a cobblestone,"
    " a Modernisme project or improvement, a public service, the tram, Cerdà +2.",
    "Other players' intersections next to yours give their owners a reward (p.8).",
    "Your warehouse holds only so many coins and cloth: keep what fits; you may return goods to the supply (p.7).",
    "Finish your actions, then build one building if you can: a block next to your streets, paying its cost;"
    " the building gives VP and track effects (p.12-13). No building possible: the turn simply ends.",
    "At the end of your turn you draw citizens back up to your hand size.",
    "Citizen tracks: the classes you place advance; each section scores when it fills (p.14).",
    "Cerdà track: steps give a multiplier for the Cerdà tiles' conditions, scored during the game (p.14).",
    "Sagrada Família: steps give tiles with rewards.",
    "Public services and Modernisme projects give lasting effects and VP at the end.",
    "The game ends when the end is triggered on the tracks or stacks; finish the round, then final scoring (p.16).",
]
