"""The standard library beyond the trimmed one, loaded on demand inside the page's runtime (docs/build.md
"Trimmed standard library"). scripts/build.py ships this file in dist's trimmed python_stdlib.zip as
``euro_stdlib_fallback`` with NAMES filled in (every top-level name of the full standard library);
the loaders (web/pyodide-snap.mjs, web/embed-board.js) call ``install`` with the URL of the full zip
right after the runtime starts.

An import the trimmed zip cannot answer, of a name the full library has, downloads the full zip once
(a synchronous request: an import cannot wait), writes it beside the trimmed one, puts it on
``sys.path`` (after the trimmed zip) and on the ``__path__`` of the packages already imported from
the trimmed zip, and answers the import from it: never an ImportError in front of a player, only a
2.5 MB wait. ``globalThis.euroStdlib`` says what happened (e2e/test_stdlib_e2e.py reads it).
Plain Python with no import of the app: it runs in the page, the bots' worker and the tutorial pages."""

import importlib
import sys
from importlib.machinery import PathFinder

NAMES = frozenset()  # filled in by scripts/build.py: the full library's top-level module names
FULL = "/lib/python_stdlib_full.zip"
_state = {"url": None, "mounted": False, "asked": []}
# the browser's "x-user-defined" text: bytes 0x80-0xFF arrive as U+F780-U+F7FF
_BYTES = {0xF780 + i: 0x80 + i for i in range(128)}


def _sign():
    try:
        import js

        js.globalThis.euroStdlib = js.JSON.parse(
            __import__("json").dumps({"mounted": _state["mounted"], "asked": _state["asked"]})
        )
    except Exception:  # noqa: BLE001 - outside a browser: no sign
        pass


def _download(url) -> bytes:
    from js import XMLHttpRequest

    req = XMLHttpRequest.new()
    req.open("GET", url, False)
    req.overrideMimeType("text/plain; charset=x-user-defined")
    req.send(None)
    if req.status != 200:
        raise ImportError(f"the full standard library ({url}): HTTP {req.status}")
    return req.responseText.translate(_BYTES).encode("latin-1")


def _mount():
    with open(FULL, "wb") as fh:
        fh.write(_download(_state["url"]))
    sys.path.append(FULL)
    _state["mounted"] = True
    importlib.invalidate_caches()


def _trimmed_dirs(path):
    """The full zip's folders for the trimmed zip's ones in a package's ``__path__``."""
    trimmed = [p for p in sys.path if p.endswith(".zip") and p != FULL]
    out = []
    for entry in path:
        for zip_path in trimmed:
            if entry == zip_path or entry.startswith(zip_path + "/"):
                out.append(FULL + entry[len(zip_path) :])
    return out


class FullStdlib:
    """Last on ``sys.meta_path``: asked only when no other finder found the module."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if _state["url"] is None or name.partition(".")[0] not in NAMES:
            return None
        if not _state["mounted"]:
            _mount()
        _state["asked"].append(name)
        if path is not None:  # a submodule: look in the full zip's copy of its package too
            for extra in _trimmed_dirs(list(path)):
                if extra not in path:
                    path.append(extra)
        spec = PathFinder.find_spec(name, path)
        _sign()
        return spec

    @classmethod
    def invalidate_caches(cls):
        pass


def install(url):
    """Answer the imports the trimmed zip cannot from the full one at ``url`` (fetched when first needed)."""
    _state["url"] = str(url)
    if FullStdlib not in sys.meta_path:
        sys.meta_path.append(FullStdlib)
    _sign()
