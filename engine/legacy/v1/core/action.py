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
    def label(self) -> str:
        lab = self._label
        if not isinstance(lab, str):
            lab = self._label = lab()
        return lab

    @property
    def kind(self) -> str:
        return self.id.split(":", 1)[0]

    @property
    def arg(self) -> str:
        parts = self.id.split(":", 1)
        return parts[1] if len(parts) > 1 else ""

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Action({self.id!r})"

    def __str__(self) -> str:
        return self.label
