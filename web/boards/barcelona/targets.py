"""Where a Barcelona action id points on the board: the one place on the web side that reads
the id format (the engine writes it). Drawing code asks ``ctx.legal_at(kind, where)`` instead
of rebuilding id strings; last moves and tutorial notes find their element via ``anchor_key``.

parse(id) -> (kind, where, option) or None (ids without a board place: panel buttons):
  place:R,C:CODE  -> ("place", "R,C", CODE)      street:SEG -> ("street", SEG, None)
  act:h|v|d       -> ("act", "h", None)          tram:SEG   -> ("tram", SEG, None)
  cross:R,C       -> ("cross", "R,C", None)      cobble:R,C -> ("cobble", "R,C", None)
  build:SITE:LVL[:..] -> ("build", SITE, LVL)     improve:K  -> ("improve", K, None)
  mtake:TILE@SP   -> ("mtake", (TILE, SP), None) service:KEY -> ("service", KEY, None)
  stile:LVL.I     -> ("stile", LVL, I)
"""

from engine.core.action import Action
from web.kit.targets_kit import anchor_of, target_index

REGIONS = ("tracks", "cerda", "services", "sagrada", "pavement", "scores", "display")


def _split(aid):
    # duck-typed: an Action of a frozen older engine (engine/legacy) is another class
    a = aid if isinstance(aid, Action) else Action(str(getattr(aid, "id", aid)), "")
    return a.kind, a.arg


def parse(aid):
    kind, arg = _split(aid)
    if kind == "place" and arg.count(":") == 1:
        rc, code = arg.split(":")
        return kind, rc, code
    if kind == "act" and arg in ("h", "v", "d"):
        return kind, arg, None
    if kind in ("street", "tram", "cross", "cobble", "service") and arg:
        return kind, arg, None
    if kind == "build" and ":" in arg:  # build:SITE:LEVEL[:crossings used]
        site, lvl = arg.split(":")[:2]
        return kind, site, lvl
    if kind == "improve" and arg.isdigit():
        return kind, int(arg), None
    if kind == "mtake" and "@" in arg:
        tile, sp = arg.split("@")
        return kind, (tile, int(sp)), None
    if kind == "stile" and "." in arg:
        lvl, i = arg.split(".")
        return kind, lvl, int(i)
    return None


def pick_id(key):
    """The ``ui:`` step of a two-step choice at board place ``key`` (an intersection "R,C")."""
    return "ui:pick:" + str(key)


def handoff_place(aid):
    """The public place of a placement, the hand-off card's choice (web/model/handoff_choices.py
    ``public_places``): its intersection "R,C", which is the same whatever the seat holds; the
    order (the CODE) names the two citizens in hand, a secret with hidden hands. None for any
    other id."""
    got = parse(aid)
    return got[1] if got is not None and got[0] == "place" else None


def site_key(site):
    """The pick key of a building site with several ways to build ("site:<site>")."""
    return "site:" + str(site)


def at_place(legal_actions, key):
    """The legal actions behind pick ``key``: the place: actions at intersection "R,C", or the
    build: actions at a building site ("site:<site>")."""
    key = str(key)
    if key.startswith("site:"):
        return [a for a in legal_actions if (parse(a) or (None, None))[:2] == ("build", key[5:])]
    return [a for a in legal_actions if (parse(a) or (None, None))[:2] == ("place", key)]


def index(legal_actions, seat=None):
    """{(kind, where): [(option, id), ...]} of the legal actions that have a board place."""
    return target_index(legal_actions, parse)


def anchor_key(element, seat=None):
    """The key under which the drawing registered the element an id (or a region name such as
    "tracks" or "seat:1") points at; ``seat`` is the seat that acts (own-board places)."""
    return anchor_of(element, REGIONS, parse, _place_key, seat)


def _place_key(kind, where, seat):
    if kind in ("place", "cross"):
        return ("cross", where)
    if kind == "build":
        return ("site", where)
    if kind == "cobble":
        return ("pavement", where)
    if kind == "improve":
        return ("modspace", seat, where)
    if kind == "mtake":
        return ("modspace", seat, where[1])
    if kind == "stile":
        return ("sagrada", seat)
    return (kind, where)  # street, tram, act, service
