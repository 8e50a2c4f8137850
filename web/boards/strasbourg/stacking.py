"""Stacking with many choices on a narrow screen (issue 51): a seat with several drawn cards and
several stacks has up to 6 values x 7 places (42 ``put:V,K`` / ``rest:K`` ids), drawn as chips on
its own board, below the main board on a phone. More than the tray's TRAY_MAX: the tray offers
the first step, which card (``tray_picks``: ``ui:pick:put:V``, ``ui:pick:put:rest``), and
``pick_options`` the second, which stack (the legal ids themselves, with the engine's labels).
docs/architecture.md "Page layout"."""

from engine.core.msg import msg

from .targets import parse

KEY = "put:"
REST = "rest"


def tray_picks(legal_actions, ids):
    """[(pick key, label, the ids it stands for)] of the stacking choices among ``ids``: one per
    card value (highest first), then "put all"; [] when ``ids`` hold no stacking choice."""
    by = {}
    for a in legal_actions:
        if a.id not in ids:
            continue
        p = parse(a.id)
        if not p or p[0] != "put":
            return []  # another kind of choice among them: not a stacking decision
        by.setdefault(REST if p[2] is None else p[2], []).append(a.id)
    values = sorted((v for v in by if v != REST), key=lambda v: -int(v))
    out = [(KEY + str(v), msg("str.ui.tray_put", value=v), tuple(by[v])) for v in values]
    if REST in by:
        out.append((KEY + REST, msg("str.ui.tray_rest"), tuple(by[REST])))
    return out


def pick_options(legal_actions, key):
    """The second step (``Renderer.pick_options``): (sentence, [the legal Actions putting that card,
    or all the rest, on each stack]); None for a key that is no stacking pick."""
    key = str(key)
    if not key.startswith(KEY):
        return None
    what = key[len(KEY) :]
    acts = []
    for a in legal_actions:
        p = parse(a.id)
        if p and p[0] == "put" and (REST if p[2] is None else str(p[2])) == what:
            acts.append(a)
    if not acts:
        return None
    return (msg("str.ui.which_stack_rest") if what == REST else msg("str.ui.which_stack", value=what)), acts
