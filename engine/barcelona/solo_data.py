"""The solo game against Gaudí: every value of his 8 cards and of the automa side of his board.

Provenance (the solo summary, docs/sources.md; tags as in data.py):
  RULEBOOK  - p.2-3 (components): 8 solo cards and a Gaudí pawn.
  SOURCE    - the secondary summary of the solo booklet and of the "Gaudí 2.0" update (MeepleLM
              data set), cited by its section names (docs/sources.md).
  RECON     - not public; reconstructed here, each with its reason. docs/barcelona.md ("Solo game
              against Gaudí") lists them with every rules decision so an owner of the physical
              game can correct them here.

Gaudí's actions are named by this module's own keys (not data.ACTION_TILES): the street-line
action tiles may change without changing his cards.
"""

from ..core.msg import N_

GAUDI_NAME = "Gaudí"          # his name on his board (a name; the screen shows the key bcn.gaudi)

# SOURCE (Gaudí Rewards and difficulty): one GR is worth 2/3/4 VP; that is the whole difficulty.
DIFFICULTIES = ("easy", "normal", "hard")
GR_VALUE = {"easy": 2, "normal": 3, "hard": 4}
# The rules of his turn: the solo booklet ("original") or the official "Gaudí 2.0" update.
RULES = ("original", "2.0")

# SOURCE (set-up): his pawn starts on the central intersection; back there after each Cerdà scoring.
PAWN_START = (2, 2)
# SOURCE (set-up): set up as for 2 players (citizen-track pre-fill, public-service stacks).
SETUP_AS_PLAYERS = 2

# His actions (SOURCE, "The card actions"): 8 kinds, one per card (RECON: "presumably one per card").
ACTIONS = ("cobble", "streets", "cross", "mtake", "improve", "service", "passenger", "sagrada")
ACTION_NAMES = {     # message keys
    "cobble": N_("bcn.gaudi_action.cobble"), "streets": N_("bcn.gaudi_action.streets"),
    "cross": N_("bcn.gaudi_action.cross"), "mtake": N_("bcn.gaudi_action.mtake"),
    "improve": N_("bcn.gaudi_action.improve"), "service": N_("bcn.gaudi_action.service"),
    "passenger": N_("bcn.gaudi_action.passenger"), "sagrada": N_("bcn.gaudi_action.sagrada"),
}

# Arrows: 8 compass points, clockwise from north (RECON: the diagonal street makes diagonal
# arrows plausible; the summary says only "arrow"). North is up (row 0).
ARROWS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ARROW_VECTORS = {"N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1), "S": (1, 0),
                 "SW": (1, -1), "W": (0, -1), "NW": (-1, -1)}
ARROW_WORDS = {"N": N_("bcn.arrow.N"), "NE": N_("bcn.arrow.NE"), "E": N_("bcn.arrow.E"), "SE": N_("bcn.arrow.SE"),
               "S": N_("bcn.arrow.S"), "SW": N_("bcn.arrow.SW"), "W": N_("bcn.arrow.W"), "NW": N_("bcn.arrow.NW")}

# The 8 cards (RECON: what each prints is not public). Each card:
#   action    his action on the front
#   arrow     the front arrow (ties, original rules)
#   back      the arrow on the back ("2.0": the deck is used for the direction on the card backs);
#             8 different backs, so in 2.0 the top card of his deck is known to the human
#   priority  the cobblestone bonus priority printed on the card (reward kinds, best first;
#             "none" = a blank space)
#   slot      the Modernisme display slot (1-4, left to right) the arrow points at
# Arrows are spread so that every direction appears once on a front and once on a back.
CARDS = (
    {"action": "cobble", "arrow": "N", "back": "SE", "priority": ("vp", "sagrada", "cerda", "coin", "cloth", "goods", "action", "none"), "slot": 1},
    {"action": "streets", "arrow": "NE", "back": "W", "priority": ("sagrada", "vp", "coin", "cloth", "cerda", "goods", "action", "none"), "slot": 2},
    {"action": "cross", "arrow": "E", "back": "NW", "priority": ("cerda", "vp", "sagrada", "cloth", "coin", "goods", "action", "none"), "slot": 3},
    {"action": "mtake", "arrow": "SE", "back": "N", "priority": ("coin", "cloth", "vp", "sagrada", "cerda", "goods", "action", "none"), "slot": 4},
    {"action": "improve", "arrow": "S", "back": "NE", "priority": ("vp", "cerda", "sagrada", "coin", "cloth", "goods", "action", "none"), "slot": 1},
    {"action": "service", "arrow": "SW", "back": "E", "priority": ("sagrada", "cerda", "vp", "cloth", "coin", "goods", "action", "none"), "slot": 2},
    {"action": "passenger", "arrow": "W", "back": "S", "priority": ("vp", "coin", "cloth", "sagrada", "cerda", "goods", "action", "none"), "slot": 3},
    {"action": "sagrada", "arrow": "NW", "back": "SW", "priority": ("cerda", "sagrada", "vp", "coin", "cloth", "goods", "action", "none"), "slot": 4},
)

# The automa side of his board (RECON: not public). Stocks as on a player's board (data.py):
# cobblestones, narrow/wide streets, 5 intersection tiles, 5 passengers, 5 Modernisme spaces
# with the player board's multipliers, building markers, a Sagrada track with the players'
# slots. He pays no cost anywhere (no coins or cloth in his warehouse, SOURCE set-up), so
# printed costs (intersections, passengers, Modernisme, services) are ignored for him.
OWNER_REWARD_GR = 1          # RECON: the human placing on his intersection gives him 1 GR
EMPTY_MODERNISME_GR = 1      # SOURCE (2.0): an empty Modernisme space scores as a 1-GR tile

# Citizen order on his stack (SOURCE: higher class on top: upper > middle > working).
CLASS_RANK = {"U": 3, "M": 2, "W": 1}

# Which of his actions a public service's effect becomes ("2.0": he performs its action).
# RECON: the service effects mapped onto his own card actions; the market gives 1 GR per
# block with his marker (its cloth becomes GR).
SERVICE_ACTIONS = {
    "station": "passenger", "hospital": "cross", "companys": "streets", "university": "cobble",
    "museum": "sagrada", "pavilion": "mtake", "market": "market",
}

# What the value of a bonus is when he compares intersection sites (SOURCE: "the sum of
# adjacent bonuses"; RECON: each printed number counts as printed, an action as 1).
BONUS_WORTH = {"vp": 1, "coin": 1, "cloth": 1, "goods": 1, "cerda": 1, "sagrada": 1}
PAST_SAGRADA_GR = 1          # SOURCE "Gaudí Rewards" (optional variant): each step past the end of his Sagrada track
