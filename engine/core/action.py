"""Actions: one decision, identified by a stable string id.

An id is ``kind`` or ``kind:args`` (e.g. ``place:2,3``); it is unique among the
options of one decision, JSON-safe, and stable across engine minor versions so
records keep replaying. ``label`` is the human wording shown in the app and
log. ``kind`` lets the UI group or highlight options without parsing rules.

The label may be given as a zero-argument callable: it is then computed only
when read. Random playouts and bots never read labels, and formatting them was
the largest cost of move generation.
"""


class Action:
    __slots__ = ("id", "_label")

    def __init__(self, id: str, label):
        self.id = id
        self._label = label

    @property
    def label(self):
        lab = self._label
        if callable(lab):  # a lazy label; a made one is a message (dict) or, in 1.x, words
            lab = self._label = lab()
        return lab

    @property
    def kind(self) -> str:
        return self.id.partition(":")[0]

    @property
    def arg(self) -> str:
        return self.id.partition(":")[2]

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Action({self.id!r})"

    # A lazy label is a closure, which pickle cannot carry (the masked state sent to the bot
    # worker, engine/core/masked_state.py): a pickled Action carries its label as text.
    def __reduce__(self):
        return (Action, (self.id, self.label))

    # Actions are never changed once made: copies share them (and never compute a lazy label).
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __str__(self) -> str:
        lab = self.label
        if isinstance(lab, str):
            return lab
        from .msg import key_text

        return key_text(lab)


_MEMO: dict = {}


def memo_action(key, make) -> Action:
    """The Action for ``key`` (a tuple led by the game and decision, e.g. ("strasbourg", "draw",
    12, 3)), made once by ``make()``. For options whose id and label depend only on the values
    in ``key``: they are then the same immutable object every time they are offered, and move
    generation does no formatting at all once warm."""
    a = _MEMO.get(key)
    if a is None:
        if len(_MEMO) > 50000:  # bounded: a long session never grows it without end
            _MEMO.clear()
        a = _MEMO[key] = make()
    return a


# ``memo_action``'s lookup alone, for move generation on the hot path:
# ``memo_lookup(key) or memo_action(key, make)`` makes no ``make`` closure or partial when the
# Action is known already (the memo is cleared in place, never replaced: this stays valid).
memo_lookup = _MEMO.get
