"""Which Strasbourg rules a game is played by: the engine version its record was made with.

A record keeps the version that made it (``record["engine"]``), and a record of an older minor
version is played on by the rules it was made with, so it replays to the same game:

* 2.2.0: a step whose choice stands behind a screen is asked whenever the public tallies allow
  a choice (``screens.may_hold_goods``, an empty cell of the guild), with its empty option
  (sell nothing, buy no shop, take nothing); a sale ends only when its seller says so. Before,
  such a step was skipped when the hidden coins or goods left nothing to choose, and a sale
  ended by itself with the last tile sold, so the pace of the game told the others what stood
  behind the screen (CHANGELOG "Strasbourg 2.2.0", docs/strasbourg.md "Screens").
* 2.4.0: a sale is one act: the seller names at once every tile it sells (``sell:<tiles>``,
  ``sell-all``) or none (``end-sale``), and the sale is over. Before, a sale took one action
  per tile sold one by one (``sell:<guild>``) and then ``end-sale``, so the number of actions,
  which the log's action numbers show to everyone, told how many tiles were sold (issue 50;
  docs/strasbourg.md "What a sale tells the others").
"""

SCREEN_ASKED = (2, 2)  # the first version that asks the screened steps every time
SALE_AT_ONCE = (2, 4)  # the first version whose sale is one act


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


def sells_at_once(version) -> bool:
    """Whether games of ``version`` sell in one act (2.4.0 on; a version without a readable
    minor is played by today's rules)."""
    v = parse(version)
    return v is None or v >= SALE_AT_ONCE
