"""Strasbourg's player aid and turn-flow words (web/turnflow.py, panels.help_panel).

LEGEND: the abbreviations drawn on the table; RULES: a short summary of the rules translation
(/work/shared/seeds/002, the authority for Strasbourg). FIELD_NAMES: readable names of the numbers
of a seat's entry in the view (``player_states``) for the preview of a selected move.
SECRET_ID_KINDS: action kinds whose id names a secret (the value of a plotted card, a removed task
card, the guild of a tile sold from behind the screen), so another seat's last-move mark never
carries them."""
from .glyphs import SEAT_CHIP, chapel_glyph, coin, edifice_glyph
from .words import GUILD_ABBR, KIND_MARK

TITLE = "Strasbourg"
TUTORIAL = ""                 # no tutorial page yet
SEAT_ENTRY = "player_states"
FIELD_NAMES = {
    "coins": "coins", "goods": "{key} goods", "privileges": "privileges", "family_supply": "family members in supply",
    "deck_size": "cards in your deck", "hand_size": "cards drawn", "prestige": "prestige", "shops": "shops",
    "council_seats": "council seats", "task_count": "task cards", "spent_cards": "cards spent",
}
# deck_counts: which values are left in the own deck; a draw would show the card drawn, and the
# seat number is not a quantity.
IGNORE_FIELDS = ("deck_counts", "seat", "screened")
SECRET_ID_KINDS = ("put", "drop", "sell")
END_TURN_QUESTION = "End your turn?"
END_TURN_QUESTIONS = {"put": "Lock your stacks and end your turn?", "rest": "Lock your stacks and end your turn?",
                      "stop": "Stop drawing and end your turn?", "keep": "Keep these task cards and end your turn?"}

_MEANING = {"nobility": "Nobility & Church auction (step A)", "trade": "trade auction: buy a shop",
            "election": "trade auction, and the winner takes the Merchants council seat",
            "edifice": "the Nobility seat builds the round's edifice (step H)",
            "chapel": "the Church seat places a chapel (step I)"}


def _svg(body, w=44, h=36):
    return (f'<svg class="legend-icon sxb" viewBox="{-w / 2} {-h / 2} {w} {h}" width="{w}" height="{h}" '
            f'aria-hidden="true"><style>.sxb text{{font-family:system-ui,sans-serif;fill:#1d1d1d}}</style>{body}</svg>')


def legend():
    rows = [(_svg(f'<text x="0" y="5" font-size="15" text-anchor="middle" font-weight="700">{mark}</text>'),
             mark, _MEANING[kind]) for kind, mark in KIND_MARK.items()]
    rows += [("", f"{abbr}", f"the {guild.capitalize()} guild auction or area") for guild, abbr in GUILD_ABBR.items()]
    for key, (fill, letter) in SEAT_CHIP.items():
        rows.append((_svg(f'<rect x="-17" y="-15" width="34" height="30" rx="5" fill="{fill}" stroke="#1d1d1d"/>'
                          f'<text x="0" y="6" font-size="15" text-anchor="middle" font-weight="700">{letter}</text>'),
                     letter, f"the {key.capitalize()} council seat"))
    rows += [
        (_svg(coin(0, 0, 5)), "Yellow coin", "coins"),
        (_svg(edifice_glyph(0, 0, 4, 14)), "Edifice with a number", "an edifice: that many VP per adjacent shop at the end"),
        (_svg(chapel_glyph(0, 2, 12)), "Chapel", "a chapel: shops inside a parish score 1 VP at the end"),
        ("", "A … I", "the 9 steps of a round (round boards); the marker shows the current step"),
        ("", "Stacks", "your plotted cards: the number of cards is public, their values are secret until you bid"),
        ("", "Seat token (colour, shape, letter)", "a player's pieces; a small token on a white ring marks "
         "that player's last move"),
    ]
    return rows


RULES = [
    "5 rounds; each round has 3 phases: plotting, lobbying (steps A–I), council.",
    "Before round 1 keep 1–5 of your 5 task cards; a kept card scores its VP if met, −3 VP if not.",
    "Plotting: draw influence cards one by one from your deck (stop when you like); every card drawn must be used.",
    "Put the drawn cards into face-down stacks: each stack is one bid, worth the sum of its cards.",
    "Lobbying: for each step A–G, from the start player on, reveal a stack to bid or pass.",
    "Highest bid wins (ties: closest to the start player); the winner becomes start player.",
    "A: Nobility & Church seats; guild steps: guild seats and goods; trade ($): buy a shop in the city.",
    "G ($+M): a trade auction whose winner also takes the Merchants seat.",
    "H: the Nobility builds the round's edifice; I: the Church places a chapel.",
    "A losing bid: you may put one of its cards back under your deck; all other plotted cards leave the game.",
    "Your coins, goods and privileges stay behind your screen: the others see them only at the end.",
    "Council: each seat you hold scores 1 prestige; the most seats takes a privilege.",
    "End: +1 per shop, +1 per shop in a parish, +1 per privilege, edifice points per adjacent shop,"
    " task cards (+VP or −3). Most points wins; ties: most shops.",
]
