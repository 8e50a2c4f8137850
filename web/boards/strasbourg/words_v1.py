"""Strasbourg words of the frozen 1.x engine that today's English no longer has (web/i18n/legacy_words.py
reads a 1.x sentence back into a catalog key; these are the sentences it could not find).

(1.x sentence with {placeholders}, key). A key of its own (``str.v1.*``) only where no key of
today's game says the same thing."""
from engine.core.msg import N_

ALIASES = (
    ("{who} cannot buy a {guild} shop", N_("str.v1.log.cannot_buy")),
    ("{who} has no goods to sell", N_("str.v1.log.no_goods")),
    ("3+ of your shops inside parishes", N_("str.v1.task.parish3")),   # task cards 1.x had
    ("a shop in each of the 5 guild areas", N_("str.v1.task.guilds5")),
)
