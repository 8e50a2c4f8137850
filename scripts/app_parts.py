"""The first visit's parts of app.zip (docs/build.md "First visit"): what a start without the memory
snapshot unpacks, split by a rule of paths so that a link downloads only what its first move needs.

The rule (``part_of``), by package, never by module, so a new package lands in a part without a
line here:
- ``engine/<game>/`` (a package with a ``spec.py``: a registered game) and ``web/boards/<game>/``:
  the part ``game-<game>``, but the game package's ``__init__`` and ``spec`` modules, which the
  registry imports for every game (cheap: they name modules), stay in ``core``;
- a package only some pages import (``ONLY_SOME``: the frozen engines, only for old records; the
  tutorial pages' boards): a part of its own;
- ``locale/<lang>/`` (one language's compiled catalogs): ``lang-<lang>``;
- everything else (the engine's core, the web packages, a new top-level package, PyScript's
  bytecode): ``core``.
In a part each module is either its bytecode alone (a sourceless ``x.pyc`` beside where its source
would be: the file system's import takes it) or its source alone, whichever costs less (the rule of
the trimmed standard library: its extra compressed bytes at a reference network against compiling
its source). A traceback through a module shipped as bytecode shows file and line, not the line's text.

``euro_parts`` (scripts/app_parts_loader.py, in ``core``) answers an import or a catalog of a part
that is not there yet: the page fetches the others in the background once the first move can be
made, and whatever is needed before (another game chosen, an old record, another language) is
fetched on demand, never an ImportError.
"""

import io
import json
import re
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = "web/parts"  # dist/web/parts/<part>.zip
LOADER = "euro_parts"  # scripts/app_parts_loader.py as shipped in core
ZIP_TIME = (2020, 1, 1, 0, 0, 0)
CORE = "core"
GAME_KEEP = ("__init__", "spec")  # what the registry imports of every game (as source or bytecode)
ONLY_SOME = {"engine/legacy/": "legacy", "web/embed/": "embed"}  # path prefix -> its part


def games_in(names) -> list:
    """The registered games' packages in app.zip's entries: engine/<game>/spec.py."""
    return sorted({m.group(1) for n in names if (m := re.fullmatch(r"engine/(\w+)/spec\.py", n))})


def part_of(name: str, games) -> str:
    """The part of app.zip's entry ``name`` (see the module's docstring)."""
    p = name.split("/")
    for prefix, part in ONLY_SOME.items():
        if name.startswith(prefix):
            return part
    if p[0] == "engine" and len(p) > 2 and p[1] in games:
        return CORE if len(p) == 3 and p[2].rsplit(".", 1)[0] in GAME_KEEP else f"game-{p[1]}"
    if p[:2] == ["web", "boards"] and len(p) > 3 and p[2] in games:
        return f"game-{p[2]}"
    if p[0] == "locale" and len(p) > 2:
        return f"lang-{p[1]}"
    return CORE


def roots(part: str) -> list:
    """The path prefixes whose files a part holds (the loader's way to tell which part to fetch)."""
    kind, _, what = part.partition("-")
    if kind == "game":
        return [f"engine/{what}/", f"web/boards/{what}/"]
    if kind == "lang":
        return [f"locale/{what}/"]
    return [prefix for prefix, name in ONLY_SOME.items() if name == part]


def _deflated(data: bytes) -> int:
    return len(zlib.compress(data, 6))


def one_form(entries: dict, ref_bytes_per_s: float, compile_bytes_per_s: float) -> dict:
    """app.zip's entries with each module once: its pyc as a sourceless ``x.pyc``, or its source."""
    out = {}
    for name, data in entries.items():
        if "/__pycache__/" in name and name.endswith(".pyc"):
            folder, _, file = name.rpartition("/__pycache__/")
            src = f"{folder}/{file.split('.', 1)[0]}.py"
            if src in entries:
                continue  # decided with its source below
        if name.endswith(".py"):
            folder, _, file = name.rpartition("/")
            pycs = [n for n in entries if n.startswith(f"{folder}/__pycache__/{file[:-3]}.cpython-")]
            if pycs:
                pyc = entries[pycs[0]]
                extra = _deflated(pyc) - _deflated(data)
                if extra / ref_bytes_per_s < len(data) / compile_bytes_per_s:
                    out[name[:-3] + ".pyc"] = pyc
                    continue
        out[name] = data
    return out


def write(dist: Path, app_zip: Path, ref_bytes_per_s: float, compile_bytes_per_s: float, prefixes: dict) -> dict:
    """dist/web/parts/<part>.zip from app.zip, and the manifest the loaders need: {"files": {part:
    dist path}, "bytes": {part: size}, "roots": {part: [path prefix]}, "games": {game: part},
    "prefixes": {message-key prefix: part}} (``prefixes``: {game: its key prefix}, the registry's)."""
    with zipfile.ZipFile(app_zip) as z:
        entries = {n: z.read(n) for n in z.namelist()}
    games = games_in(entries)
    entries = one_form(entries, ref_bytes_per_s, compile_bytes_per_s)
    entries[f"{LOADER}.py"] = (ROOT / "scripts/app_parts_loader.py").read_bytes()
    parts: dict = {}
    for name in sorted(entries):
        parts.setdefault(part_of(name, games), []).append(name)
    (dist / FOLDER).mkdir(parents=True, exist_ok=True)
    manifest = {"files": {}, "bytes": {}, "roots": {}, "games": {}, "prefixes": {}}
    for part, names in sorted(parts.items()):
        rel = f"{FOLDER}/{part}.zip"
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for name in names:
                info = zipfile.ZipInfo(name, ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, entries[name])
        (dist / rel).write_bytes(buf.getvalue())
        manifest["files"][part] = rel
        manifest["bytes"][part] = len(buf.getvalue())
        if part != CORE:
            manifest["roots"][part] = roots(part)
    for game in games:
        if f"game-{game}" in parts:
            manifest["games"][game] = f"game-{game}"
    for game, prefix in prefixes.items():
        if prefix and game in manifest["games"]:
            manifest["prefixes"][prefix] = manifest["games"][game]
    return manifest


def sizes(dist: Path, files) -> dict:
    """{dist path: [bytes, bytes gzipped]} (a zip: its bytes twice; hosts do not compress one)."""
    out = {}
    for rel in files:
        data = (dist / rel).read_bytes()
        out[rel] = [len(data), len(data) if rel.endswith(".zip") else len(zlib.compress(data, 6))]
    return out


def manifest_js(manifest: dict) -> str:
    return json.dumps(manifest, sort_keys=True, separators=(",", ":"))
