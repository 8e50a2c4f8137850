"""The short words drawn on the Strasbourg table, as catalog keys (locale/*/LC_MESSAGES/strasbourg.po),
translated when read (web/i18n/__init__.py ``t``) so every table here speaks the active language. The
auction's role names come from the engine (the same keys as its action labels and log)."""
from collections.abc import Mapping

from engine.core.msg import N_
from engine.strasbourg.lobbying import ROLE_NAMES
from web.i18n import t


class Words(Mapping):
    """A table of catalog keys read as words in the active language (``table[k]`` -> ``t(key)``)."""

    def __init__(self, keys):
        self.keys_ = dict(keys)

    def __getitem__(self, k):
        return t(self.keys_[k])

    def __iter__(self):
        return iter(self.keys_)

    def __len__(self):
        return len(self.keys_)


ROLE_WORD = Words(ROLE_NAMES)
# The guilds' and steps' short marks drawn on the board (the legend explains them): catalog words
# too, so each language abbreviates its own guild names (a German player reads "Sc" for Schmiede).
GUILD_ABBR = Words({"smiths": N_("str.mark.smiths"), "vintners": N_("str.mark.vintners"),
                    "shoemakers": N_("str.mark.shoemakers"), "butchers": N_("str.mark.butchers"),
                    "bakers": N_("str.mark.bakers")})
KIND_MARK = Words({"nobility": N_("str.mark.nobility"), "trade": N_("str.mark.trade"),
                   "election": N_("str.mark.election"), "edifice": N_("str.mark.edifice"),
                   "chapel": N_("str.mark.chapel")})
CATEGORY_WORD = Words({"council": N_("str.score.council"), "shops": N_("str.score.shops"),
                       "parishes": N_("str.score.parishes"), "privileges": N_("str.score.privileges"),
                       "edifices": N_("str.score.edifices"), "tasks": N_("str.score.tasks")})


_ORDINALS = (N_("str.ui.ord1"), N_("str.ui.ord2"), N_("str.ui.ord3"), N_("str.ui.ord4"), N_("str.ui.ord5"))


def ordinal(i):
    """"1st", "2nd"... (rank ``i`` counted from 0) in the active language."""
    return t(_ORDINALS[i]) if 0 <= i < len(_ORDINALS) else t("str.ui.ordinal", n=i + 1)


# Action kind -> heading of its group of buttons in the side panel (web/decision_panels.actions_panel):
# one table per game, so no internal word ("keep", "no-shop") reaches the screen. tests/web/test_web_panels.py
# checks that every kind the engine offers has a heading here.
ACTION_GROUPS = Words({
    "drop": N_("str.group.drop"), "keep": N_("str.group.keep"), "draw": N_("str.group.draw"),
    "stop": N_("str.group.stop"), "put": N_("str.group.put"), "rest": N_("str.group.rest"),
    "bid": N_("str.group.bid"), "pass": N_("str.group.pass"), "privilege": N_("str.group.privilege"),
    "return": N_("str.group.return"), "no-return": N_("str.group.no_return"), "build": N_("str.group.build"),
    "chapel": N_("str.group.chapel"), "shop": N_("str.group.shop"), "no-shop": N_("str.group.no_shop"),
    "goods": N_("str.group.goods"), "sell": N_("str.group.sell"), "sell-all": N_("str.group.sell_all"),
    "end-sale": N_("str.group.end_sale"),
})


# ---------------------------------------------------------------- what the inspector says (data-info)
# The marks printed on the round-board steps, and what they stand for (the board's legend).
class _Abbreviations:
    """(mark, meaning key) pairs, the marks read in the active language when iterated."""

    def __iter__(self):
        for kind in ("nobility", "trade", "election", "edifice", "chapel"):
            yield KIND_MARK[kind], "str.abbr." + kind
        yield " ".join(GUILD_ABBR.values()), "str.abbr.guild"


ABBREVIATIONS = _Abbreviations()
# the meanings, named for Babel's extractor: N_("str.abbr.nobility") N_("str.abbr.trade")
# N_("str.abbr.election") N_("str.abbr.edifice") N_("str.abbr.chapel") N_("str.abbr.guild")
# What a step does beyond its auction rewards (the rewards come from the engine, per player count).
STEP_INFO = Words({
    "nobility": N_("str.stepinfo.nobility"), "guild": N_("str.stepinfo.guild"),
    "trade": N_("str.stepinfo.trade"), "election": N_("str.stepinfo.election"),
    "edifice": N_("str.stepinfo.edifice"), "chapel": N_("str.stepinfo.chapel"),
})
COUNCIL_INFO = Words({
    "nobility": N_("str.councilinfo.nobility"), "church": N_("str.councilinfo.church"),
    "merchants": N_("str.councilinfo.merchants"),
})
COUNCIL_RULE = N_("str.ui.council_rule")
STAT_INFO = Words({
    "prestige": N_("str.stat.prestige"), "coins": N_("str.stat.coins"), "privileges": N_("str.stat.privileges"),
    "family": N_("str.stat.family"), "shops": N_("str.stat.shops"), "council": N_("str.stat.council"),
    "deck": N_("str.stat.deck"),
})
