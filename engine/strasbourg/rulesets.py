"""Which Strasbourg rules a game is played by: the engine version its record was made with.

A record keeps the version that made it (``record["engine"]``), and a record of an older minor
version is played on by the rules it was made with, so it replays to the same game:

* 2.2.0: a step whose choice stands behind a screen is asked whenever the public tallies allow
  a choice (``screens.may_hold_goods``, an empty cell of the guild), with its empty option
  (sell nothing, buy no shop, take nothing); a sale ends only when its seller says so. Before,
  such a step was skipped when the hidden coins or goods left nothing to choose, and a sale
  ended by itself with the last tile sold, so the pace of the game told the others what stood
  behind the screen (CHANGELOG "Strasbourg 2.2.0", docs/strasbourg.md "Screens").
"""

SCREEN_ASKED = (2, 2)  # the first version that asks the screened steps every time


def parse(version) -> tuple:
    """(major, minor) of a version string ("2.1.0" -> (2, 1)); None if it has none."""
    try:
        major, minor = str(version).split(".")[:2]
        return int(major), int(minor)
    except ValueError:
        return None


def asks_screened(version) -> bool:
    """Whether games of ``version`` ask a screened step every time (2.2.0 on; a version without
    a readable minor is played by today's rules)."""
    v = parse(version)
    return v is None or v >= SCREEN_ASKED
