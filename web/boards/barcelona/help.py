"""Barcelona's player aid and turn-flow words (web/model/turnflow.py, help_panel.help_panel).

LEGEND: every icon and abbreviation drawn on the board, with what it means (the symbols are
drawn with the board's own glyphs, so the legend cannot drift from the board). RULES: a short
summary of the Barcelona rulebook (zh-Hans, the official Simplified Chinese edition: the
authority for Barcelona; pages cited).
FIELD_NAMES: readable names of the numbers of a seat's entry in the view (``player_boards``),
used by the preview of a selected move ("+2 coins, +1 Cerdà")."""

from engine.core.msg import N_
from web.i18n import t

from .glyphs import action_glyph, citizen, icon
from .targets import handoff_place
from .words import ACTION_SHORT, class_word, tile_words

TUTORIAL = "tutorial/barcelona.html"
SEAT_ENTRY = "player_boards"
_FIELD_KEYS = {
    "vp": N_("bcn.field.vp"),
    "coins": N_("bcn.field.coins"),
    "cloth": N_("bcn.field.cloth"),
    "capacity": N_("bcn.field.capacity"),
    "cobbles_left": N_("bcn.field.cobbles_left"),
    "cobbles_placed": N_("bcn.field.cobbles_placed"),
    "wide": N_("bcn.field.wide"),
    "crosses_built": N_("bcn.field.crosses_built"),
    "passengers_placed": N_("bcn.field.passengers_placed"),
    "sagrada": N_("bcn.field.sagrada"),
    "cerda": N_("bcn.field.cerda"),
    "cerda_multiplier": N_("bcn.field.cerda_multiplier"),
    "hand_size": N_("bcn.field.hand_size"),
    "breakdown": N_("bcn.field.breakdown"),
}
# The VP total says the breakdown; the hand refill is not a gain; the count of intersection tiles
# built repeats what the move's own label says.
IGNORE_FIELDS = ("breakdown", "hand_size", "crosses_built")
# The turn's own end-turn button: when "Finish actions" ends the turn (no building step follows),
# its tap is the confirmation (web/session.Session.end_turn_buttons).
END_TURN_IDS = ("act:done",)
SECRET_ID_KINDS = ()  # no Barcelona action id names a secret (placed citizens are public)
# No decision is on the hand-off card as it is (web/model/handoff_choices.py): a turn starts with
# a placement whose id and words name the two citizens the seat holds (rulebook p.6). Its
# intersection alone is public: the card draws the board with the free intersections as its
# choices (``public_places``: an action id -> its place, "R,C"; the board draws them as
# ``ui:pick:R,C``, board.draw_cross), and the seat's placements there follow the tap.
HANDOFF_KINDS = ()
HANDOFF_PLACES = handoff_place
# The log lines that open a scoring: each is a banner of its own (web/model/banners.py).
SCORING_KEYS = ("bcn.log.cerda_scoring", "bcn.log.over", "bcn.log.over_solo_win", "bcn.log.over_solo_lose")
_RULE_KEYS = tuple("bcn.help.rule%d" % i for i in range(1, 14))
_KEYS = (
    N_("bcn.help.rule1"),
    N_("bcn.help.rule2"),
    N_("bcn.help.rule3"),
    N_("bcn.help.rule4"),
    N_("bcn.help.rule5"),
    N_("bcn.help.rule6"),
    N_("bcn.help.rule7"),
    N_("bcn.help.rule8"),
    N_("bcn.help.rule9"),
    N_("bcn.help.rule10"),
    N_("bcn.help.rule11"),
    N_("bcn.help.rule12"),
    N_("bcn.help.rule13"),
)


# TITLE, FIELD_NAMES, END_TURN_QUESTION(S) and RULES are read by the web shell (help_panel.help_panel,
# web/model/turnflow.py) as module attributes: computed when read, in the active language (web/i18n/__init__.py).
_LAZY = ("TITLE", "FIELD_NAMES", "END_TURN_QUESTION", "END_TURN_QUESTIONS", "RULES")


def __getattr__(name):
    if name == "TITLE":
        # i18n: zh_Hant: the RULEBOOK's terms in Traditional characters with Taiwanese usage (巴塞隆納, 高第, 公共設施, 點選): no Traditional Chinese Barcelona rulebook is at hand
        return t("bcn.help.title")
    if name == "FIELD_NAMES":
        return {k: t(v) for k, v in _FIELD_KEYS.items()}
    if name == "END_TURN_QUESTION":
        return t("bcn.help.end_turn")
    if name == "END_TURN_QUESTIONS":
        return {"act": t("bcn.help.end_turn_act")}
    if name == "RULES":
        return [t(k) for k in _RULE_KEYS]
    raise AttributeError(name)


def __dir__():
    return sorted(list(globals()) + list(_LAZY))


def _svg(body, w=44, h=36):
    return (
        f'<svg class="legend-icon bcn" viewBox="{-w / 2} {-h / 2} {w} {h}" width="{w}" height="{h}" '
        f'aria-hidden="true"><style>.bcn text{{font-family:var(--euro-cjk,system-ui),system-ui,sans-serif;fill:#1d1d1d}}</style>{body}</svg>'
    )


def legend():
    """[(symbol svg, term, meaning)] for every icon and abbreviation on the Barcelona board."""
    rows = [
        # i18n: legend of the app's own icons and marks: no seed names them, terms chosen
        (_svg(icon("coin", 2, 0, 0)), t("bcn.legend.coin"), t("bcn.legend.coin_means")),
        (_svg(icon("cloth", 1, 0, 0)), t("bcn.legend.cloth"), t("bcn.legend.cloth_means")),
        (_svg(icon("vp", 3, 0, 0)), t("bcn.legend.vp"), t("bcn.legend.vp_means")),
        (_svg(icon("cerda", 1, 0, 0)), t("bcn.legend.cerda"), t("bcn.legend.cerda_means")),
        (_svg(icon("sagrada", 1, 0, 0)), t("bcn.legend.sagrada"), t("bcn.legend.sagrada_means")),
        (_svg(icon("goods", 2, 0, 0)), t("bcn.legend.goods"), t("bcn.legend.goods_means")),
        (_svg(citizen(0, 0, "W", 14)), "W", t("bcn.legend.citizen", cls=class_word("W"))),
        (_svg(citizen(0, 0, "M", 14)), "M", t("bcn.legend.citizen", cls=class_word("M"))),
        (_svg(citizen(0, 0, "U", 14)), "U", t("bcn.legend.citizen", cls=class_word("U"))),
        ("", t("bcn.legend.stack"), t("bcn.legend.stack_means")),
        ("", "A1 … E5", t("bcn.legend.coords_means")),
        ("", t("bcn.legend.levels"), t("bcn.legend.levels_means")),
        ("", "×2, ×3", t("bcn.legend.mult_means")),
    ]
    for key, short in ACTION_SHORT.items():  # the action tiles, named by the words printed on them
        words = " ".join(tile_words(key)).replace("- ", "")
        rows.append(
            (
                _svg(action_glyph(key, 0, 0, 12)),
                t("bcn.legend.tile", words=words),
                t(_ACTION_MEANING[key]) if key in _ACTION_MEANING else t(short),
            )
        )
    rows.append(("", t("bcn.legend.seat"), t("bcn.legend.seat_means")))
    return rows


_ACTION_MEANING = {
    "coins": N_("bcn.legend.act.coins"),
    "cloth": N_("bcn.legend.act.cloth"),
    "mtake": N_("bcn.legend.act.mtake"),
    "improve": N_("bcn.legend.act.improve"),
    "service": N_("bcn.legend.act.service"),
    "cross": N_("bcn.legend.act.cross"),
    "narrow": N_("bcn.legend.act.narrow"),
    "wide": N_("bcn.legend.act.wide"),
    "cobble": N_("bcn.legend.act.cobble"),
    "cerda": N_("bcn.legend.act.cerda"),
    "tram": N_("bcn.legend.act.tram"),
}
