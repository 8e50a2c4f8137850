"""The one shape of a pending decision, shared by every game, and of a game's rule table.

A ``Decision`` says who decides (``seat``), what kind of decision it is (``kind``) and
the facts the rules need to offer and carry out the options, as named fields::

    Decision("shop", 2, guild="bakers", role="master")   # .kind, .seat, .guild, .role

Decisions are immutable (a changed decision is a new one: ``d.replace(left=1)``), so a
clone of a game may share them. Games also use the shape for queued automatic steps
(Barcelona's "gain" frames, Strasbourg's "goods" items), which no seat decides.

Each game keeps ONE table from decision kind to a ``Rule``: how to list the options,
how to carry one out, the prompt (a ``str.format`` template whose words the game's
view fills in) and whether the choice is taken behind the seat's screen (``screened``).
Reading that table is reading the list of the game's decisions.
"""

from typing import Callable, NamedTuple

_set = object.__setattr__  # Decision blocks its own __setattr__


class Rule(NamedTuple):
    options: Callable  # options(game, decision) -> list[Action]
    apply: Callable  # apply(game, decision, action) -> None (action is one of options())
    prompt: str  # "Choose a street space"; may name words such as {name}
    # The choice stands behind the deciding seat's screen (Strasbourg's sale): whichever option
    # is taken, every other seat's view, the public log and the number of actions until the
    # screen lifts are the same (Game.screened; tests/contract/test_screened_choices.py).
    screened: bool = False


class Decision:
    """One pending decision: ``kind``, ``seat`` and named facts (read-only attributes)."""

    def __init__(self, kind: str, seat, **facts):
        facts["kind"] = kind
        facts["seat"] = seat
        _set(self, "__dict__", facts)  # the fresh kwargs dict becomes the attributes (hot path)

    def __setattr__(self, name, value):
        raise AttributeError("a Decision is immutable; use replace()")

    __delattr__ = __setattr__

    def replace(self, **changes) -> "Decision":
        new = object.__new__(Decision)
        _set(new, "__dict__", {**self.__dict__, **changes})
        return new

    def get(self, name, default=None):
        """A fact that some decisions of this kind carry and others do not (e.g. ``free``)."""
        return self.__dict__.get(name, default)

    @property
    def facts(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in ("kind", "seat")}

    def __eq__(self, other):
        return isinstance(other, Decision) and other.__dict__ == self.__dict__

    __hash__ = None  # facts may hold lists

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self  # immutable: sharing is copying

    def __reduce__(self):  # pickling (deepcopy returns self anyway)
        return (_rebuild, (self.__dict__,))

    def __repr__(self):
        facts = "".join(f", {k}={v!r}" for k, v in self.facts.items())
        return f"Decision({self.kind!r}, {self.seat!r}{facts})"


def _rebuild(attrs):
    d = object.__new__(Decision)
    _set(d, "__dict__", dict(attrs))
    return d
