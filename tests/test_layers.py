"""The architecture as pyproject.toml's [tool.importlinter] contracts (docs/architecture.md draws
it): the house (engine -> review -> web -> tutorial -> scripts -> tests -> bench | e2e: each imports only
those below it, nothing imports bench/), web/'s own layers, the boards and the engines independent
of each other, js/pyscript only in the page glue and the worker. import-linter checks them on the
real imports; a contract broken fails the suite with import-linter's report of the imports that
break it."""

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# import-linter's command line, run by this interpreter (the venv's lint-imports console script)
LINT = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def lint_imports(*args):
    try:
        import importlinter  # noqa: F401
    except ImportError:
        pytest.fail("import-linter is not installed: scripts/setup.sh installs the test extras (pyproject.toml)")
    out = subprocess.run(
        [sys.executable, "-c", LINT, "--no-cache", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    return out.returncode, out.stdout + out.stderr


def test_every_import_contract_is_kept():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    code, report = lint_imports()
    assert code == 0, report
    assert f"Contracts: {len(contracts)} kept, 0 broken." in report, report


def test_a_broken_contract_fails(tmp_path):
    """The check can fail, and it sees the packages the house puts on top: contracts that forbid
    imports that exist (the tests' shared checks use the engine; a bench uses them) are broken."""
    config = tmp_path / "broken.toml"
    config.write_text(
        '[tool.importlinter]\nroot_packages = ["engine", "tests", "bench"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "tests.support without the engine"\ntype = "forbidden"\n'
        'source_modules = ["tests.support"]\nforbidden_modules = ["engine"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "bench without tests"\ntype = "forbidden"\n'
        'source_modules = ["bench"]\nforbidden_modules = ["tests"]\n'
    )
    code, report = lint_imports("--config", str(config))
    assert code != 0 and "Contracts: 0 kept, 2 broken." in report, report
