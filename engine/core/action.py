"""Actions: one decision, identified by a stable string id.

An id is ``kind`` or ``kind:args`` (e.g. ``place:2,3``); it is unique among the
options of one decision, JSON-safe, and stable across engine minor versions so
records keep replaying. ``label`` is the human wording shown in the app and
log. ``kind`` lets the UI group or highlight options without parsing rules.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Action:
    id: str
    label: str

    @property
    def kind(self) -> str:
        return self.id.split(":", 1)[0]

    @property
    def arg(self) -> str:
        parts = self.id.split(":", 1)
        return parts[1] if len(parts) > 1 else ""

    def __str__(self) -> str:
        return self.label

    def to_json(self) -> dict:
        return {"id": self.id, "label": self.label, "kind": self.kind}
