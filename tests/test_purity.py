"""The engine is pure standard-library Python: it must run on CPython and in Pyodide alike."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "halfmoon_core"
SOURCES = sorted(ENGINE.glob("*.py"))
BROWSER_MODULES = {"js", "pyodide", "pyscript"}


def imported_modules(path: Path) -> set[tuple[str, int]]:
    """Top-level module names a file imports, with the relative level (0 = absolute)."""
    found: set[tuple[str, int]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update((alias.name.split(".")[0], 0) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.add(((node.module or "").split(".")[0], node.level))
    return found


def test_the_engine_has_sources_to_scan() -> None:
    assert len(SOURCES) >= 10 and ENGINE / "game.py" in SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_engine_modules_import_only_the_standard_library_and_themselves(path: Path) -> None:
    for name, level in imported_modules(path):
        if level > 0:
            continue  # a relative import inside halfmoon_core
        assert name in sys.stdlib_module_names or name == "halfmoon_core", (path.name, name)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_engine_modules_never_import_browser_modules(path: Path) -> None:
    names = {name for name, _ in imported_modules(path)}
    assert not names & BROWSER_MODULES, path.name


def test_the_scan_notices_a_browser_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import json\nfrom js import document\nimport numpy.linalg\n", encoding="utf-8")
    assert imported_modules(bad) == {("json", 0), ("js", 0), ("numpy", 0)}


def test_importing_the_engine_loads_no_third_party_module() -> None:
    import subprocess

    code = (
        "import sys; before = set(sys.modules); import halfmoon_core; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "print(sorted(new - set(sys.stdlib_module_names) - {'halfmoon_core'}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"
