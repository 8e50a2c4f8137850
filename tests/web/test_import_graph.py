"""No import circle among the modules of engine/ and web/ (issue 27).

A circle hidden by a function-level import still ties the two modules together (each needs the
other to be whole), so the imports are read statically with ``ast``, module level and inside
functions alike. ``importlib.import_module`` with a computed name is not followed (the registry's
engine and renderer modules are looked up by name on purpose).

KNOWN_CIRCLES lists circles that other work is removing; empty it as they go. A circle not in it
fails, and so does an entry that no longer exists (so the list cannot go stale).
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "web")

# Circles still being removed elsewhere (each as the sorted tuple of its modules).
KNOWN_CIRCLES = {
    ("engine.barcelona.scoring", "engine.barcelona.solo"),
    ("web.i18n", "web.legacy_words"),
}


def modules():
    """{dotted name: path} of every .py file under the packages (frozen engine copies included)."""
    out = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def imports(name, path, known):
    """The modules of ``known`` that module ``name`` imports anywhere in its source."""
    is_pkg = path.name == "__init__.py"
    here = name if is_pkg else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # ``from pkg import sub`` imports the submodule; ``from mod import name`` the module.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for target in targets:
            # ``import a.b.c`` needs a.b.c; the nearest known module stands for it.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def graph():
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def circles(edges):
    """The strongly connected components with more than one module (Tarjan), each a sorted tuple."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(tuple(sorted(comp)))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return set(out)


def test_the_reader_sees_function_level_imports(tmp_path):
    """The checker itself: imports inside functions count, relative ones resolve, and a circle
    closed by one is found."""
    source = tmp_path / "a.py"
    source.write_text("from . import b\n\ndef f():\n    from .c import thing\n    import web.d.e\n")
    known = {"web.a", "web.b", "web.c", "web.d"}
    assert imports("web.a", source, known) == {"web.b", "web.c", "web.d"}
    edges = {"web.a": {"web.b"}, "web.b": set()}
    assert circles(edges) == set()
    edges["web.b"] = {"web.a"}
    assert circles(edges) == {("web.a", "web.b")}
    g = graph()
    assert "web.session" in g and "engine.versions" in g
    assert {"web.page", "web.session"} <= g["web.main"]


def test_no_import_circle_in_engine_and_web():
    found = circles(graph())
    new = found - KNOWN_CIRCLES
    assert not new, f"import circles: {sorted(new)} (break them: move the shared part into its own module)"
    gone = KNOWN_CIRCLES - found
    assert not gone, f"KNOWN_CIRCLES lists circles that no longer exist: {sorted(gone)} (remove them)"
