"""Where a Strasbourg action id points on the table: the one place on the web side that reads
the id format (the engine writes it). Drawing code asks ``ctx.legal_at(kind, where)`` instead
of rebuilding id strings; last moves and tutorial notes find their element via ``anchor_key``.

parse(id) -> (kind, where, option) or None (ids without a board place: panel buttons):
  shop:R,C  -> ("shop", "R,C", None)     build:R,C -> ("build", "R,C", None)
  chapel:R,C -> ("chapel", "R,C", None)  goods     -> ("goods", None, None)
  sell:GUILD -> ("sell", GUILD, None)    draw      -> ("draw", None, None)
  sell:T1,T2,... (a sale of several tiles, rules 2.4.0) -> None: the sale picker's (sale.py)
  put:V,K   -> ("put", K, V)             rest:K    -> ("put", K, None)      (K: "1".. or "new")
  bid:K     -> ("bid", K, None)          drop:TASK -> ("drop", TASK, None)
  return:V  -> ("return", None, V)
"""

from engine.core.action import Action
from web.kit.targets_kit import anchor_of, target_index

REGIONS = ("status", "city", "rounds", "council", "prestige", "auction", "supply")


def parse(aid):
    # duck-typed: an Action of a frozen older engine (engine/legacy) is another class
    a = aid if isinstance(aid, Action) else Action(str(getattr(aid, "id", aid)), "")
    kind, arg = a.kind, a.arg
    if kind == "sell" and "," in arg:
        return None  # several tiles: no one place (sale.py picks them on the goods rows)
    if kind in ("shop", "build", "chapel", "sell", "bid", "drop") and arg:
        return kind, arg, None
    if kind in ("goods", "draw") and not arg:
        return kind, None, None
    if kind == "put" and "," in arg:
        v, k = arg.split(",")
        return kind, k, int(v)
    if kind == "rest" and arg:
        return "put", arg, None
    if kind == "return" and arg.lstrip("-").isdigit():
        return kind, None, int(arg)
    return None


def index(legal_actions, seat=None):
    """{(kind, where): [(option, id), ...]} of the legal actions that have a board place."""
    return target_index(legal_actions, parse)


def anchor_key(element, seat=None):
    """The key under which the drawing registered the element an id (or a region name such as
    "council" or "seat:1") points at; ``seat`` is the seat that acts (own-board places)."""
    return anchor_of(element, REGIONS, parse, _place_key, seat)


def _place_key(kind, where, seat):
    if kind in ("shop", "build"):
        return ("cell", where)
    if kind == "chapel":
        return ("point", where)
    if kind == "goods":
        return ("goods",)
    if kind == "sell":
        return ("goodsrow", seat, where)
    if kind in ("draw", "return"):
        return ("deck", seat)
    if kind in ("put", "bid"):
        return ("stack", seat, where)
    return ("task", seat, where)  # drop
