"""Barcelona words of the frozen 1.x engine that today's English no longer has (web/i18n/legacy_words.py
reads a 1.x sentence back into a catalog key; these are the sentences it could not find).

(1.x sentence with {placeholders}, key). A key of its own (``bcn.v1.*``) only where no key of
today's game says the same thing."""
from engine.core.msg import N_

ALIASES = (
    ("Coins or cloth", N_("bcn.v1.action.goods")),          # the 1.x goods tile: one action, two choices
    ("Sagrada Família +2", N_("bcn.v1.action.sagrada")),    # a 1.x action tile today's board has not
    ("Coins or cloth?", N_("bcn.v1.prompt.goods")),
    ("Gain 2 coins", N_("bcn.action.coins")),
    ("Gain 1 cloth and 3 VP", N_("bcn.action.cloth")),
    ("a level-{level} building needs a {cls} citizen on top", N_("bcn.why.needs_class")),  # today: "of the {cls} class"
)

# Action tiles of the 1.x board that today's board has not (a 1.x game's view names them by id).
ACTION_NAMES = {
    "goods": N_("bcn.v1.action.goods"), "sagrada": N_("bcn.v1.action.sagrada"),
    "streets": N_("bcn.gaudi_action.streets"),
}
# ... and the words printed on them (lines of <= 9 characters, like words.ACTION_TILE_WORDS).
TILE_WORDS = {
    "goods": N_("bcn.v1.tile.goods"), "sagrada": N_("bcn.v1.tile.sagrada"),
    "streets": N_("bcn.gaudi_action.streets"),
}
