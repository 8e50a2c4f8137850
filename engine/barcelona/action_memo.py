"""The memo of the street actions' options (RULEBOOK p.7-11) whose id and label depend only on
printed values, not on the position: each is made once and is the same immutable Action every
time (board_actions.py, tile_actions.py, tram_actions.py).
"""

from ..core.action import Action


_MEMO = {}


def memo_action(key, make) -> Action:
    """The Action for ``key``, made once by ``make()``: options whose id and label depend only
    on printed values (not on the position) are the same immutable object every time."""
    a = _MEMO.get(key)
    if a is None:
        a = _MEMO[key] = make()
    return a
