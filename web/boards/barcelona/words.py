"""The words drawn on the Barcelona board, through the catalogs (web/i18n/__init__.py, keys ``bcn.*`` in
locale/<lang>/LC_MESSAGES/barcelona.po). Words the engine already has (class names, reward
wording) are its messages, translated here, so each lives in one place. Every function reads
the active language when called: renderers stay pure functions of the view."""
from engine.barcelona import board as B
from engine.barcelona import data as D
from engine.barcelona.effects import fmt_cost as _fmt_cost, fmt_reward as _fmt_reward
from engine.core.msg import N_
from web.i18n import join as i18n_join, t, tr

from .words_v1 import ACTION_NAMES as V1_ACTION_NAMES, TILE_WORDS as V1_TILE_WORDS

# Short names of the action tiles (the legend), and the words on a tile: one or two lines of
# <= 9 characters at 12 units in a 66-unit tile, lines separated by "\n" in the catalog (the
# tile's data-info has the full rule).
ACTION_SHORT = {
    # i18n: short tile words and abbreviations sized for a 66-unit tile: chosen, no seed prints them
    "coins": N_("bcn.short.coins"), "cloth": N_("bcn.short.cloth"), "mtake": N_("bcn.short.mtake"),
    "improve": N_("bcn.short.improve"), "service": N_("bcn.short.service"), "cross": N_("bcn.short.cross"),
    "narrow": N_("bcn.short.narrow"), "wide": N_("bcn.short.wide"), "cobble": N_("bcn.short.cobble"),
    "cerda": N_("bcn.short.cerda"), "tram": N_("bcn.short.tram"),
}
ACTION_TILE_WORDS = {
    "coins": N_("bcn.tile.coins"), "cloth": N_("bcn.tile.cloth"), "mtake": N_("bcn.tile.mtake"),
    "improve": N_("bcn.tile.improve"), "service": N_("bcn.tile.service"), "cross": N_("bcn.tile.cross"),
    "narrow": N_("bcn.tile.narrow"), "wide": N_("bcn.tile.wide"), "cobble": N_("bcn.tile.cobble"),
    "cerda": N_("bcn.tile.cerda"), "tram": N_("bcn.tile.tram"),
}
# A Modernisme condition in two lines of <= 10 characters (a 72-unit space at 12 units).
COND_LINES = {k: "bcn.cond_lines." + k for k in D.CONDITIONS}
COND_SHORT = {k: "bcn.cond_short." + k for k in D.CONDITIONS}
_KEYS = (   # the keys above, listed for the extractor
    N_("bcn.cond_lines.block_line"), N_("bcn.cond_lines.coins"), N_("bcn.cond_lines.busy_cross"),
    N_("bcn.cond_lines.cerda_mult"), N_("bcn.cond_lines.services"), N_("bcn.cond_lines.busy_passengers"),
    N_("bcn.cond_lines.improved"), N_("bcn.cond_lines.cobbles"), N_("bcn.cond_lines.cloth"),
    N_("bcn.cond_lines.narrow_line"), N_("bcn.cond_lines.wide_line"), N_("bcn.cond_lines.narrow"),
    N_("bcn.cond_lines.wide"), N_("bcn.cond_lines.passengers"), N_("bcn.cond_lines.crosses"),
    N_("bcn.cond_lines.empty_stacks"), N_("bcn.cond_lines.corners"), N_("bcn.cond_lines.modernisme"),
    N_("bcn.cond_lines.bottom_markers"),
    N_("bcn.cond_short.block_line"), N_("bcn.cond_short.coins"), N_("bcn.cond_short.busy_cross"),
    N_("bcn.cond_short.cerda_mult"), N_("bcn.cond_short.services"), N_("bcn.cond_short.busy_passengers"),
    N_("bcn.cond_short.improved"), N_("bcn.cond_short.cobbles"), N_("bcn.cond_short.cloth"),
    N_("bcn.cond_short.narrow_line"), N_("bcn.cond_short.wide_line"), N_("bcn.cond_short.narrow"),
    N_("bcn.cond_short.wide"), N_("bcn.cond_short.passengers"), N_("bcn.cond_short.crosses"),
    N_("bcn.cond_short.empty_stacks"), N_("bcn.cond_short.corners"), N_("bcn.cond_short.modernisme"),
    N_("bcn.cond_short.bottom_markers"),
)

# Action kind -> heading of its group of buttons in the side panel (web/decision_panels.actions_panel):
# one table per game, so no internal word ("act", "keep") reaches the screen. tests/web/test_web_panels.py
# checks that every kind the engine offers has a heading here. Keys; ``action_groups()`` translates.
ACTION_GROUP_KEYS = {
    "place": N_("bcn.group.place"), "owner": N_("bcn.group.owner"), "act": N_("bcn.group.act"),
    "discard": N_("bcn.group.discard"), "keep": N_("bcn.group.keep"), "split": N_("bcn.group.split"),
    "cobble": N_("bcn.group.cobble"), "streets": N_("bcn.group.streets"), "street": N_("bcn.group.street"),
    "cross": N_("bcn.group.cross"), "improve": N_("bcn.group.improve"), "mtake": N_("bcn.group.mtake"),
    "service": N_("bcn.group.service"), "tram": N_("bcn.group.tram"), "passenger": N_("bcn.group.passenger"),
    "pact": N_("bcn.group.pact"), "stile": N_("bcn.group.stile"), "build": N_("bcn.group.build"),
}


def action_groups() -> dict:
    return {k: t(v) for k, v in ACTION_GROUP_KEYS.items()}


def class_word(cls) -> str:
    """A citizen class's name ("working")."""
    key = D.CLASS_NAMES.get(cls)
    return t(key) if key else str(cls)


def lines(key) -> list:
    """A catalog text drawn on several lines (separated by "\\n")."""
    return t(key).split("\n")


def tile_words(action) -> list:
    key = ACTION_TILE_WORDS.get(action) or V1_TILE_WORDS.get(action)
    return lines(key) if key else [str(action)]


def cond_lines(cond) -> list:
    return lines(COND_LINES[cond]) if cond in COND_LINES else [str(cond)]


def cond_short(cond) -> str:
    return t(COND_SHORT[cond]) if cond in COND_SHORT else str(cond)


def cond_text(cond) -> str:
    """A Modernisme/Cerdà condition in full."""
    entry = D.CONDITIONS.get(cond)
    return t(entry[1]) if entry else str(cond)


def action_name(action) -> str:
    key = D.ACTION_NAMES.get(action) or V1_ACTION_NAMES.get(action)
    return t(key) if key else str(action)


def action_rule(action) -> str:
    key = D.ACTION_RULES.get(action)
    return t(key) if key else ""


def service_name(key) -> str:
    entry = D.SERVICES.get(key)
    return t(entry[0]) if entry else str(key)


def upper_sentence() -> str:
    """Why the order of two different citizens matters (RULEBOOK p.9, building: only the
    citizen on top of a stack counts, and building removes the top one of each intersection used)."""
    # i18n: citizen stacks (RULEBOOK p.6, p.12): wording chosen
    return t("bcn.ui.upper_sentence")


def fmt_reward(items) -> str:
    """A reward in the engine's words ("+2 coins, +1 Cerdà"); the view gives lists of lists.
    A kind this build's data does not know (a game of an older rules version, engine/legacy)
    is shown by its name rather than breaking the board."""
    items = tuple(tuple(i) for i in items or ())
    try:
        return tr(_fmt_reward(items))
    except (KeyError, TypeError, ValueError):
        return i18n_join([_reward_item(i) for i in items])


def _reward_item(item) -> str:
    """One reward item, in words where this build knows them: a 1.x bonus action ("action",
    "streets") by its name, another known item as the engine words it, else its parts."""
    if len(item) == 2 and item[0] == "action":
        return action_name(item[1])
    try:
        return tr(_fmt_reward((item,)))
    except (KeyError, TypeError, ValueError):
        return " ".join(str(x) for x in item)


def fmt_cost(items) -> str:
    """A cost in words ("1 coin and 1 cloth")."""
    items = tuple(tuple(i) for i in items or ())
    try:
        return tr(_fmt_cost(items))
    except (KeyError, TypeError, ValueError):
        return ", ".join(" ".join(str(x) for x in i) for i in items)


def cross_name(r, c) -> str:
    return f"{'ABCDE'[c]}{r + 1}"


def site_label(site) -> str:
    return tr(B.site_label(site))
