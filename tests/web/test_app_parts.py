"""The first visit's parts of app.zip (scripts/app_parts.py) and their loader
(scripts/app_parts_loader.py, shipped as euro_parts): docs/build.md "First visit"."""

import importlib
import io
import sys
import zipfile

import pytest

from scripts import app_parts

GAMES = ["barcelona", "strasbourg"]


@pytest.mark.parametrize(
    "name, part",
    [
        ("engine/core/game.pyc", "core"),
        ("engine/versions.py", "core"),
        ("engine/strasbourg/spec.pyc", "core"),  # the registry imports every game's spec
        ("engine/strasbourg/__init__.py", "core"),
        ("engine/strasbourg/game.pyc", "game-strasbourg"),
        ("web/boards/strasbourg/__init__.pyc", "game-strasbourg"),
        ("web/boards/barcelona/board.pyc", "game-barcelona"),
        ("engine/legacy/v1/barcelona/game.pyc", "legacy"),
        ("web/embed/board.pyc", "embed"),
        ("locale/de/LC_MESSAGES/app.mo", "lang-de"),
        ("pyscript/__pycache__/web.cpython-314.pyc", "core"),
        ("review/notes.pyc", "core"),  # a new package lands in the core without a line for it
        ("web/boards/__init__.pyc", "core"),
    ],
)
def test_the_rule_by_package(name, part):
    assert app_parts.part_of(name, GAMES) == part
    # the loader finds a part's files by its roots
    assert part == "core" or any(name.startswith(r) for r in app_parts.roots(part))


def test_a_game_is_a_package_with_a_spec():
    assert app_parts.games_in(
        ["engine/barcelona/spec.py", "engine/core/registry.py", "engine/legacy/v1/x/spec.py"]
    ) == ["barcelona"]


def test_each_module_once_as_bytecode_or_source():
    big = ("x = 1\n" * 2000).encode()  # long to compile, its bytecode small: bytecode
    entries = {
        "web/a.py": big,
        "web/__pycache__/a.cpython-314.pyc": b"P" * 40,
        "web/b.py": b"y = 2\n",  # no pyc: its source
        "pyscript/__pycache__/c.cpython-314.pyc": b"C" * 10,  # no source (PyScript writes it): kept
        "locale/en/LC_MESSAGES/app.mo": b"mo",
    }
    out = app_parts.one_form(entries, 1.25e6, 1.6e6)
    assert out == {
        "web/a.pyc": b"P" * 40,
        "web/b.py": b"y = 2\n",
        "pyscript/__pycache__/c.cpython-314.pyc": b"C" * 10,
        "locale/en/LC_MESSAGES/app.mo": b"mo",
    }
    # a pyc that costs more bytes than its compile saves at the reference network: the source
    src = b"z = 3\n"
    noise = bytes(range(256)) * 40
    assert app_parts.one_form({"web/z.py": src, "web/__pycache__/z.cpython-314.pyc": noise}, 1.25e6, 1.6e6) == {
        "web/z.py": src
    }


def _zip(files):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return buf.getvalue()


@pytest.fixture
def loader(tmp_path, monkeypatch):
    """euro_parts in a folder of its own, with a part it has not got: its downloads are counted."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "pkgx").mkdir()
    (tmp_path / "pkgx/__init__.py").write_text("")
    (tmp_path / "pkgx/spec.py").write_text("NAME = 'x'\n")
    mod = importlib.import_module("scripts.app_parts_loader")
    mod = importlib.reload(mod)
    asked = []
    parts = {
        "game-x": _zip({"pkgx/rules.py": "RULE = 42\n"}),
        "lang-de": _zip({"locale/de/LC_MESSAGES/app.mo": "mo"}),
    }
    monkeypatch.setattr(mod, "_download", lambda url: asked.append(url) or parts[url.rsplit("/", 1)[1][:-4]])
    manifest = {
        "files": {"core": "p/core.zip", "game-x": "p/game-x.zip", "lang-de": "p/lang-de.zip"},
        "roots": {"game-x": ["pkgx/rules"], "lang-de": ["locale/de/"]},
    }
    import json

    mod.install("https://site/", json.dumps(manifest), json.dumps(["core"]))
    yield mod, asked
    sys.meta_path.remove(mod.Parts)
    for name in [n for n in sys.modules if n == "pkgx" or n.startswith("pkgx.")]:
        del sys.modules[name]


def test_an_import_of_a_part_not_here_fetches_it_once(loader):
    mod, asked = loader
    import pkgx.spec  # noqa: F401  (in the core: nothing fetched)

    assert asked == []
    rules = importlib.import_module("pkgx.rules")
    assert rules.RULE == 42 and asked == ["https://site/p/game-x.zip"]
    assert mod.is_here("game-x") and mod._state["fetched"] == ["game-x"]
    importlib.import_module("pkgx.rules")
    assert len(asked) == 1
    with pytest.raises(ImportError):  # a name no part holds is still an ImportError
        importlib.import_module("pkgx.nothing")
    assert len(asked) == 1


def test_a_language_is_fetched_before_it_is_read(loader):
    mod, asked = loader
    mod.ensure_path("locale/en/LC_MESSAGES/app.mo")  # in no part the loader lacks
    assert asked == []
    mod.ensure_path("locale/de/")
    assert asked == ["https://site/p/lang-de.zip"] and open("locale/de/LC_MESSAGES/app.mo").read() == "mo"
    mod.unpacked("game-x")  # a background download unpacked it: never fetched again
    mod.ensure_path("locale/de/")
    importlib.import_module("pkgx.spec")
    assert len(asked) == 1
