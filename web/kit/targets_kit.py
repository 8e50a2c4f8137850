"""Shared by the games' ``targets`` modules: which board place an action id or region name points
at, and the legal actions indexed by place. Each game supplies its own id reader (``parse``)."""


def anchor_of(element, regions, parse, place_key, seat=None):
    """The anchor key of what an id or region name points at (a game's ``targets.anchor_key``):
    one of the game's ``regions`` -> ("region", name); "seat:N" -> ("seat", N); an id ->
    ``place_key(kind, where, seat)`` from the game's own reading of its ids (``parse``)."""
    element = str(element)
    if element in regions:
        return ("region", element)
    if element.startswith("seat:") and element[5:].isdigit():
        return ("seat", int(element[5:]))
    p = parse(element)
    if p is None:
        return None
    kind, where, _ = p
    return place_key(kind, where, seat)


def target_index(legal_actions, parse):
    """{(kind, where): [(option, id), ...]} of the legal actions that have a board place; ``parse``
    is the game's one reader of its id format (``targets.parse``: id -> (kind, where, option) or None)."""
    out = {}
    for a in legal_actions:
        p = parse(a)
        if p is not None:
            out.setdefault(p[:2], []).append((p[2], a.id))
    return out
