"""web/bytecode_job.py's import analysis and halfmoon_web/runtime/lazy_stdlib.py, on CPython."""

from __future__ import annotations

import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import bytecode_job as job
import pytest

from halfmoon_web.runtime import lazy_stdlib


def index(**modules: str) -> dict[str, tuple[str, bool, str]]:
    """An index of made-up modules: ``pkg__init`` names a package, ``a__b`` module ``a.b``."""
    files = []
    for key, source in modules.items():
        parts = key.split("__")
        rel = "/".join(parts[:-1]) + "/__init__.py" if parts[-1] == "init" else "/".join(parts)
        files.append((rel if rel.endswith(".py") else rel + ".py", source))
    return job.index_sources(files)


def test_module_names_follow_the_file_layout() -> None:
    """Packages, modules and what is not a module."""
    assert job.module_name("json/decoder.py") == ("json.decoder", False)
    assert job.module_name("json/__init__.py") == ("json", True)
    assert job.module_name("os.py") == ("os", False)
    assert job.module_name("site-packages/README.txt") is None
    assert job.module_name("bad-name/x.py") is None


def test_imports_that_run_at_import_time_are_found() -> None:
    """Top level, every branch of if/try/with and class bodies count; function bodies, type
    checking blocks, ``__main__`` blocks and Windows-only branches do not."""
    source = """
import a, b.c
from d import e
from . import sibling
from .sub import thing
try:
    import f
except ImportError:
    import g
if sys.platform == "win32":
    import windows_only
else:
    import posix_only
if TYPE_CHECKING:
    import typing_only
class K:
    import in_class
def later():
    import in_function
if __name__ == "__main__":
    import doctest
"""
    found = job.top_level_imports(source, "pkg.mod", False)
    assert {"a", "b.c", "d", "d.e", "pkg", "pkg.sibling", "pkg.sub", "pkg.sub.thing"} <= found
    assert {"f", "g", "posix_only", "in_class"} <= found
    assert not {"windows_only", "typing_only", "in_function", "doctest"} & found


def test_the_apps_own_modules_count_their_imports_everywhere() -> None:
    """An app module's function-level imports run later in play: they count too."""
    source = "def later():\n    import in_function\n"
    assert "in_function" in job.top_level_imports(source, "m", False, everywhere=True)
    modules = index(main="def f():\n    import pkg\n", pkg__init="import json\n", json="")
    assert job.import_closure(["main"], modules) == {"main"}
    assert job.import_closure(["main"], modules, everywhere=frozenset({"main"})) == {
        "main",
        "pkg",
        "json",
    }


def test_relative_imports_of_a_package_resolve_inside_it() -> None:
    """In ``pkg/__init__.py``, ``from . import x`` is ``pkg.x``."""
    assert "pkg.x" in job.top_level_imports("from . import x", "pkg", True)
    assert "top.y" in job.top_level_imports("from ..y import z", "top.pkg.mod", False)


def test_closure_follows_imports_and_parents_and_skips_the_unknown() -> None:
    """A submodule brings its package; names outside the index are left out."""
    modules = index(
        main="import pkg.a\nimport js\n",
        pkg__init="",
        pkg__a="from . import b\n",
        pkg__b="import json\n",
        pkg__unused="",
        json="",
    )
    assert job.import_closure(["main"], modules) == {"main", "pkg", "pkg.a", "pkg.b", "json"}


def test_page_table_is_read_from_main() -> None:
    """main.py's PAGES literal names the pages to bundle."""
    source = (Path(job.__file__).parent / "site" / "main.py").read_text(encoding="utf-8")
    assert job.page_table(source)["game"] == "halfmoon_web.game_page.app"
    with pytest.raises(job.JobError, match="PAGES"):
        job.page_table("x = 1")


def test_syntax_errors_name_the_module() -> None:
    """A module that does not parse stops the build with its name."""
    with pytest.raises(job.JobError, match="broken"):
        job.top_level_imports("def (:", "broken", False)


def test_another_python_is_refused() -> None:
    """The job compiles only with the Python the runtime ships."""
    other = "3.0" if sys.version_info[:2] != (3, 0) else "3.1"
    with pytest.raises(job.JobError, match="runtime ships"):
        job.check_runtime({"python": other, "pyodide": "x"}, None)
    here = "{}.{}".format(*sys.version_info[:2])
    with pytest.raises(job.JobError, match="Pyodide"):
        job.check_runtime({"python": here, "pyodide": "1.0"}, "2.0")


def test_pyc_is_unchecked_hash_based_for_this_python() -> None:
    """The bytecode header: this Python's magic number, flags 0b01 (hash-based, unchecked)."""
    import importlib.util

    data = job.to_pyc("x = 1\n", "x.py")
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(data[4:8], "little") == 0b01


# -- the lazy standard library -----------------------------------------------------------------
@pytest.fixture
def lazy(tmp_path: Path) -> Iterator[tuple[lazy_stdlib.LazyStdlib, list[str]]]:
    """A finder over a made-up 'whole standard library' archive, with a counting fake fetch."""
    whole = tmp_path / "whole.zip"
    with zipfile.ZipFile(whole, "w") as zf:
        zf.writestr("hm_lazy_mod.py", "VALUE = 42\n")
        zf.writestr("hm_lazy_pkg/__init__.py", "")
        zf.writestr("hm_lazy_pkg/sub.py", "VALUE = 'sub'\n")
    app = tmp_path / "app.zip"
    with zipfile.ZipFile(app, "w") as zf:
        zf.writestr(lazy_stdlib.NAMES_FILE, "hm_lazy_mod\nhm_lazy_pkg\nhm_lazy_missing\n")
    fetched: list[str] = []

    def fetch(url: str) -> bytes | None:
        fetched.append(url)
        return whole.read_bytes() if url == "whole.zip" else None

    finder = lazy_stdlib.install("whole.zip", str(app), fetch)
    finder.archive = str(tmp_path / "fetched.zip")
    try:
        yield finder, fetched
    finally:
        sys.meta_path.remove(finder)
        if finder.archive in sys.path:
            sys.path.remove(finder.archive)
        for name in ("hm_lazy_mod", "hm_lazy_pkg", "hm_lazy_pkg.sub"):
            sys.modules.pop(name, None)


def test_a_module_the_page_lacks_is_fetched_once(
    lazy: tuple[lazy_stdlib.LazyStdlib, list[str]],
) -> None:
    """The first import of a missing standard library module fetches the archive; later ones,
    and submodules, come from it without another fetch."""
    _finder, fetched = lazy
    import hm_lazy_mod  # type: ignore[import-not-found]
    import hm_lazy_pkg.sub  # type: ignore[import-not-found]

    assert hm_lazy_mod.VALUE == 42
    assert hm_lazy_pkg.sub.VALUE == "sub"
    assert fetched == ["whole.zip"]


def test_names_outside_the_standard_library_fetch_nothing(
    lazy: tuple[lazy_stdlib.LazyStdlib, list[str]],
) -> None:
    """An optional import of a package nobody ships fails at once, as it would anyway."""
    _finder, fetched = lazy
    with pytest.raises(ModuleNotFoundError):
        import hm_not_stdlib  # type: ignore[import-not-found]  # noqa: F401
    assert fetched == []


def test_a_failed_fetch_is_an_import_error_that_names_the_file(
    lazy: tuple[lazy_stdlib.LazyStdlib, list[str]],
) -> None:
    """Offline with nothing cached, the import fails with a message saying what was missing."""
    finder, _fetched = lazy
    finder.url = "gone.zip"
    with pytest.raises(ImportError, match=r"gone\.zip"):
        import hm_lazy_mod  # type: ignore[import-not-found]  # noqa: F401


def test_codecs_named_in_app_code_are_found() -> None:
    """``text.encode("utf-16-le")`` looks up ``encodings.utf_16_le`` at run time."""
    source = (
        'def f(t):\n    return t.encode("UTF-16-LE"), open("x", encoding="latin-1"), t.decode(x)\n'
    )
    assert job.codec_modules(source) == {"encodings.utf_16_le", "encodings.latin_1"}


def test_modules_that_import_by_name_bring_what_they_import() -> None:
    """Reading a zip archive's member names needs the cp437 codec: it comes with zipfile."""
    modules = index(main="import zipfile\n", zipfile="", encodings__init="", encodings__cp437="")
    assert job.import_closure(["main"], modules) >= {"zipfile", "encodings.cp437"}


def test_pyscript_bytecode_is_copied_where_pyscript_writes_its_package(tmp_path: Path) -> None:
    """prime() puts the archive's pyscript-pycache/*.pyc into <home>/pyscript/__pycache__/."""
    from halfmoon_web.runtime import pyscript_bytecode

    archive = tmp_path / "app.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("pyscript-pycache/web.cpython-314.pyc", b"pyc")
        zf.writestr("halfmoon_web/game_page/app.pyc", b"other")
    assert pyscript_bytecode.prime(str(archive), str(tmp_path)) == 1
    cached = tmp_path / "pyscript" / "__pycache__"
    assert [p.name for p in cached.iterdir()] == ["web.cpython-314.pyc"]
    assert (cached / "web.cpython-314.pyc").read_bytes() == b"pyc"
