"""The interpreter's zip importer reads each module once (web/site/sitecustomize.py).

docs/startup.md, "Bytecode": every page imports its modules from zip archives; the build's
``sitecustomize`` replaces the zip path hook so that a module's code is loaded once, not twice.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import zipfile
import zipimport
from collections.abc import Iterator
from pathlib import Path

import pytest

SITECUSTOMIZE = Path(__file__).resolve().parent.parent / "web" / "site" / "sitecustomize.py"


def load_sitecustomize():
    """The module, loaded by path (this interpreter's ``site`` has run already)."""
    spec = importlib.util.spec_from_file_location("halfmoon_sitecustomize", SITECUSTOMIZE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def archive(tmp_path: Path) -> Iterator[Path]:
    """A zip with a module and a package on ``sys.path``; the import state restored after."""
    path = tmp_path / "mods.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("hm_zip_plain.py", "VALUE = 42\n")
        zf.writestr("hm_zip_pkg/__init__.py", "NAME = 'pkg'\n")
        zf.writestr("hm_zip_pkg/inner.py", "from . import NAME\nINNER = NAME + '.inner'\n")
    hooks, cache = list(sys.path_hooks), dict(sys.path_importer_cache)
    sys.path.insert(0, str(path))
    yield path
    sys.path.remove(str(path))
    sys.path_hooks[:] = hooks
    sys.path_importer_cache.clear()
    sys.path_importer_cache.update(cache)
    for name in ("hm_zip_plain", "hm_zip_pkg", "hm_zip_pkg.inner"):
        sys.modules.pop(name, None)


def count_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record each read of a zip member by ``zipimport``."""
    reads: list[str] = []
    read = zipimport._get_data

    def counting(archive: str, toc_entry: tuple) -> bytes:
        reads.append(toc_entry[0].rsplit("/", 1)[-1])
        return read(archive, toc_entry)

    monkeypatch.setattr(zipimport, "_get_data", counting)
    return reads


def import_all() -> tuple[int, str]:
    """Import the archive's modules; what they hold."""
    plain = importlib.import_module("hm_zip_plain")
    inner = importlib.import_module("hm_zip_pkg.inner")
    return plain.VALUE, inner.INNER


def test_the_stock_importer_reads_each_module_twice(
    archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cost this module removes: the stock ``zipimporter`` reads every module twice."""
    sys.path_importer_cache.pop(str(archive), None)
    reads = count_reads(monkeypatch)
    assert import_all() == (42, "pkg.inner")
    assert sorted(reads) == sorted(["hm_zip_plain.py", "__init__.py", "inner.py"] * 2)


def test_the_installed_importer_reads_each_module_once(
    archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once installed, each module is read once, runs as before and has its archive path."""
    module = load_sitecustomize()
    assert module.install()
    reads = count_reads(monkeypatch)
    assert import_all() == (42, "pkg.inner")
    assert sorted(reads) == ["__init__.py", "hm_zip_plain.py", "inner.py"]
    assert isinstance(sys.path_importer_cache[str(archive)], module.ZipImporter)
    assert sys.modules["hm_zip_plain"].__file__ == f"{archive}{os.sep}hm_zip_plain.py"
    assert sys.modules["hm_zip_pkg"].__path__ == [f"{archive}{os.sep}hm_zip_pkg"]


def test_no_code_is_kept_after_the_modules_ran(archive: Path) -> None:
    """The code kept between finding and running a module is handed over, not hoarded."""
    module = load_sitecustomize()
    module.install()
    import_all()
    importer = sys.path_importer_cache[str(archive)]
    assert importer.found_code == {}


def test_code_asked_for_without_finding_is_loaded(archive: Path) -> None:
    """``get_code`` on its own (as ``runpy`` does) still loads the module."""
    module = load_sitecustomize()
    importer = module.ZipImporter(str(archive))
    namespace: dict[str, object] = {}
    exec(importer.get_code("hm_zip_plain"), namespace)
    assert namespace["VALUE"] == 42


def test_a_zipimport_without_the_expected_function_is_left_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a Python whose ``zipimport`` lacks the function it relies on, nothing changes."""
    monkeypatch.delattr(zipimport, "_get_module_code")
    hooks = list(sys.path_hooks)
    module = load_sitecustomize()
    assert module.install() is False
    assert sys.path_hooks == hooks
