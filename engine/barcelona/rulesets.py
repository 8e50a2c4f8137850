"""Which Barcelona rules a game is played by: the engine version its record was made with.

A record keeps the version that made it (``record["engine"]``) and a record of an older minor
version goes on by the rules it was made with, so it replays to the same game
(``BarcelonaGame._made_with``; CHANGELOG.md says what each version changed):

* 2.2.0: in the solo game, the human's owner rewards come at once when Gaudí places on their
  intersection (solo_setup.py ``reward_at_once``).
* 2.3.0: the goods of one reward go into the warehouse together and an overflow asks "Warehouse
  full" once (p.7: goods over capacity go back to the supply; the reward is taken as a whole).
  Before, coins and cloth of one reward (a crossing, a Sagrada tile's goods in any mix) settled
  one kind at a time, so the player could be asked twice in a row with the same choice.
"""

SETTLE_ONCE = (2, 3)  # the first version that settles a reward's goods once


def parse(version) -> tuple | None:
    """(major, minor) of a version string ("2.1.0" -> (2, 1)); None if it has none."""
    try:
        major, minor = str(version).split(".")[:2]
        return int(major), int(minor)
    except ValueError:
        return None


def settles_once(version) -> bool:
    """Whether games of ``version`` settle a reward's goods once (2.3.0 on; a version without a
    readable minor is played by today's rules)."""
    v = parse(version)
    return v is None or v >= SETTLE_ONCE
