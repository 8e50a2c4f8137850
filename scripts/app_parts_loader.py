"""The parts of the app a first visit has not downloaded yet, fetched when needed (docs/build.md
"First visit"). scripts/app_parts.py ships this file in the ``core`` part as ``euro_parts``; the
loaders (web/pyodide-snap.mjs, web/embed-board.js) call ``install`` right after unpacking the parts
they fetched, and ``unpacked`` for each part their background download unpacks later.

An import of a module under a part that is not here yet (another game's engine or board, the frozen
engine of an old record), or a catalog of a language not here yet (``ensure_path``, called by the
page before it switches language), downloads that part at once (a synchronous request: an import
cannot wait) and unpacks it into the working folder: never an ImportError in front of a player, only
a short wait. ``globalThis.euroParts.fetched`` lists the parts fetched so (e2e/test_first_visit_e2e.py).
Plain Python with no import of the app."""

import io
import json
import sys
import zipfile
from importlib.machinery import PathFinder

_state = {"base": "", "files": {}, "roots": {}, "here": set(), "fetched": []}
# the browser's "x-user-defined" text: bytes 0x80-0xFF arrive as U+F780-U+F7FF
_BYTES = {0xF780 + i: 0x80 + i for i in range(128)}


def _sign():
    try:
        import js

        sign = js.globalThis.euroParts
        if sign is None or str(type(sign)) == "<class 'pyodide.ffi.JsNull'>":
            return
        sign.here = js.JSON.parse(json.dumps(sorted(_state["here"])))
        sign.fetched = js.JSON.parse(json.dumps(_state["fetched"]))
    except Exception:  # noqa: BLE001 - outside a browser, or no sign object: nothing to say
        pass


def _download(url) -> bytes:
    from js import XMLHttpRequest

    req = XMLHttpRequest.new()
    req.open("GET", url, False)
    req.overrideMimeType("text/plain; charset=x-user-defined")
    req.send(None)
    if req.status != 200:
        raise ImportError(f"{url}: HTTP {req.status}")
    return req.responseText.translate(_BYTES).encode("latin-1")


def fetch(part):
    """Download ``part`` now and unpack it into the working folder (where the others are)."""
    data = _download(_state["base"] + _state["files"][part])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        z.extractall(".")
    _state["fetched"].append(part)
    unpacked(part)


def _forget_listings():
    """The file finders forget the folders' listings (new files are there). Not
    ``importlib.invalidate_caches``: in 3.14 it imports importlib.metadata, which the trimmed standard
    library leaves out."""
    for name, finder in list(sys.path_importer_cache.items()):
        if finder is None or not name.startswith("/"):
            del sys.path_importer_cache[name]
        elif hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()


def unpacked(part):
    """``part`` is on disk now (a loader's background download unpacked it)."""
    _state["here"].add(str(part))
    _forget_listings()
    _sign()


def is_here(part) -> bool:
    return str(part) in _state["here"]


def _missing(path):
    for part, prefixes in _state["roots"].items():
        if part not in _state["here"] and any(path.startswith(p) for p in prefixes):
            return part
    return None


def ensure_path(path):
    """Fetch the part that holds ``path`` (relative to the working folder) if it is not here yet."""
    part = _missing(str(path))
    if part is not None:
        fetch(part)


class Parts:
    """On ``sys.meta_path`` (last): asked only when no other finder found the module."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        part = _missing(name.replace(".", "/") + "/")
        if part is None:
            return None
        fetch(part)
        return PathFinder.find_spec(name, path)

    @classmethod
    def invalidate_caches(cls):
        pass


def install(base, manifest, here):
    """``manifest``: the build's JSON (scripts/app_parts.py: "files" {part: its path from ``base``},
    "roots" {part: the path prefixes it holds}); ``here``: a JSON list of the parts unpacked already."""
    manifest = json.loads(str(manifest))
    _state["base"] = str(base)
    _state["files"] = dict(manifest["files"])
    _state["roots"] = {k: list(v) for k, v in manifest["roots"].items()}
    _state["here"] = set(json.loads(str(here)))
    if Parts not in sys.meta_path:
        sys.meta_path.append(Parts)
    _forget_listings()
    _sign()
