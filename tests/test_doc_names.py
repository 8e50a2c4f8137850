"""Docs that stay true: every dotted ``module.name`` that docs/, the README and the code's comments
and docstrings cite names something that exists.

A citation is a dotted word whose first part is one of the project's modules, by its full name
(``web.model.session.Session``) or its last part (``session.Session``, ``svgkit.target``): the rest
must be a name that module defines (a top-level function, class or assignment, an import, a
method or attribute of one of its classes) or a submodule. Where several modules share a last part
(``words``, ``board``), a name any of them defines counts. ``store.js``-like file names are not
citations. What is checked: Markdown in docs/ and README.md, every comment and triple-quoted string
of the Python under engine/, web/, scripts/, bench/, tests/, e2e/ and tutorial/, and every ``//``
comment of web/static/*.js."""

import ast
import io
import re
import tokenize
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "review", "web", "scripts", "bench", "tests", "e2e", "tutorial")
SKIP = ("web/vendor", "engine/legacy")  # the runtime's files; the frozen 1.x engine cites its own time
FILE_ENDINGS = {
    "py",
    "js",
    "mjs",
    "css",
    "json",
    "html",
    "md",
    "svg",
    "png",
    "po",
    "pot",
    "mo",
    "zip",
    "txt",
    "toml",
    "sh",
    "snap",
    "woff2",
    "webmanifest",
    "pyc",
    "wasm",
    "gz",
    "br",
}
CITATION = re.compile(r"(?<![\w./-])([a-z_][a-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)")


def _python_files():
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            rel = p.relative_to(ROOT).as_posix()
            if "__pycache__" not in p.parts and not rel.startswith(SKIP):
                yield p


@lru_cache(maxsize=None)
def modules():
    """dotted module name -> path."""
    out = {}
    for p in _python_files():
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    for p in sorted((ROOT / "engine" / "legacy").rglob("*.py")):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


@lru_cache(maxsize=None)
def by_last_part():
    out = {}
    for name in modules():
        out.setdefault(name.rpartition(".")[2], []).append(name)
    return out


@lru_cache(maxsize=None)
def defined(module):
    """Every name ``module`` defines: top level, its classes' members, self.attributes, imports."""
    tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).partition(".")[0] for a in node.names)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    for node in tree.body:  # a module's __getattr__ (engine.GAME_NAMES): the names it answers
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__":
            names.update(c.value for c in ast.walk(node) if isinstance(c, ast.Constant) and isinstance(c.value, str))
    prefix = module + "."
    names.update(m[len(prefix) :].partition(".")[0] for m in modules() if m.startswith(prefix))
    return names


# Names that by this project's convention hold an instance, not a module: ``spec`` a GameSpec,
# ``page`` a Playwright page (where that is what the name after it is: e2e and the benches)
INSTANCES = {"spec": "engine.core.registry:GameSpec", "page": "playwright.sync_api:Page"}
VIEW_KEYS = {"view", "views"}  # ``view.auction``: a key of a seat's view (a dict), not a module's name
MESSAGE_KEY_PREFIXES = ("core", "app", "bcn", "str", "tut")  # "core.err.x" is a message key


@lru_cache(maxsize=None)
def _instance_names(first):
    import importlib

    mod, _, cls = INSTANCES[first].partition(":")
    cls = getattr(importlib.import_module(mod), cls)
    return frozenset(dir(cls)) | frozenset(getattr(cls, "__dataclass_fields__", ()))


def problem(citation):
    """None when ``citation`` names what exists (or is no citation); else why not."""
    parts = citation.split(".")
    if parts[-1] in FILE_ENDINGS or any(p.startswith("__") for p in parts):
        return None
    if parts[0] in INSTANCES and parts[1] in _instance_names(parts[0]) or parts[0] in VIEW_KEYS:
        return None
    if parts[:2] == ["engine", "legacy"] and len(parts) > 2 and re.fullmatch(r"v(\d+|N)", parts[2]):
        return None  # the frozen engines' package pattern (engine.legacy.vN)
    full = [".".join(parts[:k]) for k in range(len(parts), 0, -1) if ".".join(parts[:k]) in modules()]
    if full:
        module = full[0]
        rest = parts[len(module.split(".")) :]
    elif parts[0] in PACKAGES:
        return "no such module"
    elif parts[0] in by_last_part():
        candidates = by_last_part()[parts[0]]
        rest = parts[1:]
        if any(_resolves(m, rest) for m in candidates):
            return None
        if parts[0] in MESSAGE_KEY_PREFIXES:
            return None  # a message key, not a module's name
        return f"none of {', '.join(candidates)} defines {rest[0]}"
    else:
        return None  # not a module of ours: a variable, a host name, an abbreviation
    if _resolves(module, rest):
        return None
    return f"{module} defines no {rest[0]}"


def _resolves(module, rest):
    """``rest`` names something ``module`` defines: a submodule is followed into."""
    if not rest:
        return True
    if f"{module}.{rest[0]}" in modules():
        return _resolves(f"{module}.{rest[0]}", rest[1:])
    return rest[0] in defined(module)


def _python_texts(path):
    """The comments and docstrings of a Python file, with their line numbers (other strings are
    code: JavaScript handed to a page, a snippet run in Pyodide)."""
    src = path.read_text(encoding="utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    for i, line in enumerate(body[0].value.value.splitlines()):
                        yield body[0].lineno + i, line


def _texts():
    for p in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            yield p, i, line
    for p in _python_files():
        for i, line in _python_texts(p):
            yield p, i, line
    for p in sorted((ROOT / "web" / "static").glob("*.*js")):
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if "//" in line:
                yield p, i, line[line.index("//") :]


# A file of the repository cited by its path (not a built one: dist/web/..., a URL)
FILE_PATH = re.compile(
    r"(?<![\w./-])((?:engine|web|scripts|bench|tests|e2e|tutorial|docs|locale)/[\w/.<>*-]*[\w*>]"
    r"\.(?:py|js|mjs|css|md|json|html|svg|po|pot|sh))\b"
)
BUILT = ("web/vendor/", "web/pyscript.json", "web/app", "web/start.js", "web/preboot/", "web/fonts/")


def path_problem(rel):
    if rel.startswith(BUILT) or "<" in rel or "*" in rel or rel.startswith("tutorial/") and rel.endswith(".html"):
        return None  # built into dist/ (the tutorial pages too), or a pattern
    if (ROOT / rel).exists():
        return None
    if rel.startswith("web/") and (ROOT / "web" / "static" / rel[4:]).exists():
        return None  # a shipped static file by its URL (scripts/build.py ``source``)
    return "no such file"


def stale_citations():
    out = []
    for path, line_no, text in _texts():
        text = re.sub(r"https?://\S+", " ", text)
        for m in CITATION.finditer(text):
            why = problem(m.group(1))
            if why:
                out.append(f"{path.relative_to(ROOT)}:{line_no}: {m.group(1)} ({why})")
        for m in FILE_PATH.finditer(text):
            why = path_problem(m.group(1))
            if why:
                out.append(f"{path.relative_to(ROOT)}:{line_no}: {m.group(1)} ({why})")
    return out


def test_every_cited_name_exists():
    stale = stale_citations()
    assert stale == [], "\n".join(stale)


def test_the_check_sees_a_stale_name():
    assert problem("svgkit.stack_regions") is not None  # a function that no longer exists
    assert problem("web.model.session.Session") is None
    assert problem("session.Session") is None
    assert problem("web.nowhere.thing") is not None
    assert problem("store.js") is None and problem("e.g") is None
