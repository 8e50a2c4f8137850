"""Regions already drawn, kept for the views that come back: History steps (issue 9's taps).

Why: a History step redraws the whole table (about 150 KB of SVG), yet a step changes one or two
regions: the main board and the acting seat's board, rarely the side boards; and stepping back
shows a position drawn a moment ago. Drawing is a pure function of the view (and of the
language, the seat colours and the highlight arguments), so a region whose inputs are equal to
an earlier drawing's is that drawing.

Which parts of the view a region depends on is *observed*, not declared: the region draws from a
``Tracked`` view that records the top-level keys read; the memo keeps those keys' values (deep
copies) beside the result, and a later view reuses the result only when every recorded key has
an equal value (a deterministic drawing that reads the same values draws the same). Reading the
view whole (iterating, ``keys()``, ``items()``, ``dict(view)``...) records every key.

Only static drawings are kept: no legal actions and no highlights (History, read-only boards);
a drawing with targets also depends on which ids earlier regions drew (``RenderContext.drawn``),
so live screens always draw afresh. ``common`` (the caller's key) holds everything else a drawing
reads: the language, the colours, the names and letters the context derived from the view.
"""

import copy

_ALL = object()  # recorded when the view was read whole
_MISSING = object()  # a key the view did not have (its absence was read)
SIZE = 6  # drawings kept per region name: a few steps back and forth


class Tracked(dict):
    """A view that records the top-level keys read (``reads``; ``_ALL`` for a whole read)."""

    def __init__(self, view):
        super().__init__(view)
        self.reads = set()

    def __getitem__(self, key):
        self.reads.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.reads.add(key)
        return super().get(key, default)

    def __contains__(self, key):
        self.reads.add(key)
        return super().__contains__(key)

    def _whole(self):
        self.reads.add(_ALL)

    def __iter__(self):
        self._whole()
        return super().__iter__()

    def keys(self):
        self._whole()
        return super().keys()

    def items(self):
        self._whole()
        return super().items()

    def values(self):
        self._whole()
        return super().values()

    def __len__(self):
        self._whole()
        return super().__len__()

    def copy(self):
        self._whole()
        return dict(super().items())

    def __eq__(self, other):
        self._whole()
        return dict(super().items()) == other

    __hash__ = None


def _snapshot(view, reads):
    if _ALL in reads:
        return {_ALL: copy.deepcopy(dict(view))}
    return {k: copy.deepcopy(view.get(k, _MISSING)) for k in reads}


def _matches(view, snap):
    if _ALL in snap:
        return snap[_ALL] == view
    return all(view.get(k, _MISSING) == v for k, v in snap.items())


class RegionMemo:
    """Per region name, the last ``SIZE`` static drawings: (common key, reads snapshot, result)."""

    def __init__(self, size=SIZE):
        self.size = size
        self.kept = {}
        self.hits = self.misses = 0  # read by tests and benches

    def draw(self, name, common, view, tracked, fn):
        """``fn()`` draws region ``name`` reading the view only through ``tracked`` (a ``Tracked``
        of ``view``); its result is reused for a later equal ``common`` and equal reads."""
        entries = self.kept.setdefault(name, [])
        for i, (c, snap, result) in enumerate(entries):
            if c == common and _matches(view, snap):
                if i:
                    entries.insert(0, entries.pop(i))
                self.hits += 1
                return result
        self.misses += 1
        tracked.reads = set()
        result = fn()
        entries.insert(0, (common, _snapshot(view, tracked.reads), result))
        del entries[self.size :]
        return result

    def clear(self):
        self.kept.clear()
