"""Compile the site's Python to bytecode inside the Pyodide it ships (run by web/build.py).

``node web/pyodide_run.mjs web/bytecode_job.py WORKDIR`` runs this program in Pyodide on Node,
with WORKDIR mounted at ``/job``. Because the compiler is the runtime's own CPython, the
bytecode's magic number is the one the browser checks; the program also refuses to run in a
Python other than the one the build expects (docs/startup.md, "Bytecode").

``/job/request.json`` says what to do::

    {"python": "3.14",                 # the Python of the shipped runtime (pyodide-lock.json)
     "pyodide": "314.0.7",             # the shipped Pyodide
     "app": "app",                     # folder with main.py, halfmoon_web/, halfmoon_core/
     "pages": ["game", "rules", "embed"],  # pages to bundle (main.py's PAGES names them)
     "always": ["halfmoon_web.runtime.lazy_stdlib"], # app modules every page loads first
     "interpreter": ["sitecustomize"],  # app modules in every standard library archive
     "pyscript": "pyscript",           # PyScript's own Python package, as PyScript writes it
     "bootstrap": ["os", "pathlib"],   # modules PyScript's start-up code imports
     "stdlib_cache": "cache/stdlib-all.zip",  # reused if present, else written
     "data": ["halfmoon_web/locale/vi.mo", ...]}  # files of the app put in every app archive

and ``/job/out/`` receives:

* ``stdlib-all.zip``: the whole standard library as bytecode (the lazy fallback);
* ``stdlib-<page>.zip``: the part of it a page imports at start (see :func:`import_closure`),
  and the request's ``interpreter`` modules (app modules that must be importable while the
  interpreter starts, before the app archive is on ``sys.path``: ``sitecustomize``);
* ``app-<page>.zip``: the app modules the page imports, as bytecode, ``stdlib-names.txt``
  (the standard library's top-level names, for halfmoon_web/runtime/lazy_stdlib.py) and
  ``pyscript-pycache/`` (PyScript's package as checked bytecode, for
  halfmoon_web/runtime/pyscript_bytecode.py) and the request's ``data`` (the translation catalogs);
* ``report.json``: Python version, magic number and the module lists.

Every ``.pyc`` is an unchecked hash-based pyc (PEP 552) with no source beside it: the
interpreter runs it as it is, or refuses it (bad magic number) — it never quietly compiles.
The import analysis is plain ``ast`` and works on CPython too (tests/test_web_bytecode.py).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath

#: Where Pyodide mounts the standard library zip in the browser (and in this job).
STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
#: Modules of the standard library zip never worth shipping to a page.
STDLIB_SKIP = ("idlelib", "turtledemo", "test", "tkinter", "lib2to3", "ensurepip")
#: Standard library modules that import others by name while they work (no import statement
#: shows it): ``zipfile`` decodes member names with the cp437 codec.
RUNTIME_IMPORTS = {"zipfile": ("encodings.cp437",)}
#: Standard library packages no page's set holds, though Pyodide's start-up reaches them, each
#: imported only if it can be (``try: import bz2`` ... ``except ImportError``) by modules that
#: work without it: the compressors ``shutil`` and ``zipfile`` offer for archive formats no page
#: reads, and ``ssl``, which ``asyncio`` offers for sockets a page has none of. Importing them
#: costs about 40 ms of a cold start; a page that imports one later gets it from the lazy
#: fallback.
LEFT_OUT = frozenset({"bz2", "lzma", "compression", "ssl"})
#: Where the app archive keeps the bytecode of PyScript's own package.
PYSCRIPT_PYCACHE = "pyscript-pycache"
#: A fixed date for the zip entries, so that the same input gives the same bytes.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


class JobError(RuntimeError):
    """The request cannot be carried out (wrong runtime, missing module, syntax error)."""


# -- finding modules ---------------------------------------------------------------------------
def module_name(rel: str) -> tuple[str, bool] | None:
    """``json/decoder.py`` -> (``json.decoder``, False); ``json/__init__.py`` -> (``json``,
    True); None for what is not a module."""
    path = PurePosixPath(rel)
    if path.suffix != ".py" or not all(part.isidentifier() for part in path.parent.parts):
        return None
    if path.stem == "__init__":
        return (".".join(path.parent.parts), True) if path.parent.parts else None
    if not path.stem.isidentifier():
        return None
    return ".".join((*path.parent.parts, path.stem)), False


def index_sources(files: Iterable[tuple[str, str]]) -> dict[str, tuple[str, bool, str]]:
    """Map module name -> (relative path, is package, source) for ``(rel, source)`` pairs."""
    index: dict[str, tuple[str, bool, str]] = {}
    for rel, source in files:
        named = module_name(rel)
        if named:
            index[named[0]] = (rel, named[1], source)
    return index


def read_folder(folder: Path) -> Iterator[tuple[str, str]]:
    """Yield ``(relative path, source)`` of the ``.py`` files below ``folder``."""
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" not in path.parts:
            yield path.relative_to(folder).as_posix(), path.read_text(encoding="utf-8")


def read_zip(archive: str) -> Iterator[tuple[str, str]]:
    """Yield ``(relative path, source)`` of the ``.py`` files of a zip archive."""
    with zipfile.ZipFile(archive) as zf:
        for rel in sorted(zf.namelist()):
            if rel.endswith(".py") and rel.split("/", 1)[0] not in STDLIB_SKIP:
                yield rel, zf.read(rel).decode("utf-8")


# -- what a module imports when it is imported -----------------------------------------------
#: ``if`` tests that are false whenever a page imports a module in the browser.
FALSE_IN_BROWSER = frozenset(
    {
        "TYPE_CHECKING",
        "typing.TYPE_CHECKING",
        "__name__ == '__main__'",
        "sys.platform == 'win32'",
        "_sys.platform == 'win32'",
        "os.name == 'nt'",
        "_os.name == 'nt'",
        "sys.platform.startswith('win')",
    }
)


def _false_in_browser(test: ast.expr) -> bool:
    """Tell whether an ``if`` test is one of :data:`FALSE_IN_BROWSER`."""
    return ast.unparse(test) in FALSE_IN_BROWSER


def _run_at_import(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of ``body`` that run when the module is imported: every branch of
    ``if``/``try``/``with``/loops and class bodies, but no function body."""
    for node in body:
        yield node
        if isinstance(node, ast.If):
            if not _false_in_browser(node.test):
                yield from _run_at_import(node.body)
            yield from _run_at_import(node.orelse)
        elif isinstance(node, ast.Try | ast.TryStar):
            for part in (node.body, node.orelse, node.finalbody):
                yield from _run_at_import(part)
            for handler in node.handlers:
                yield from _run_at_import(handler.body)
        elif isinstance(node, ast.With | ast.For | ast.While | ast.ClassDef):
            yield from _run_at_import(node.body)
            yield from _run_at_import(getattr(node, "orelse", []))


def top_level_imports(
    source: str, name: str, is_package: bool, *, everywhere: bool = False
) -> set[str]:
    """Names a module may import at import time (absolute; for ``from X import Y`` both ``X``
    and ``X.Y``, since ``Y`` may be a submodule). With ``everywhere``, the imports inside its
    functions too (for the app's own modules: what they import later also counts)."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise JobError(f"{name}: {exc}") from exc
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    nodes = ast.walk(tree) if everywhere else _run_at_import(tree.body)
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".") if package else []
                base_parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*base_parts, node.module] if node.module else base_parts)
            else:
                base = node.module or ""
            if base:
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return found


def codec_modules(source: str) -> set[str]:
    """The ``encodings`` modules a module's code may look up by name: the string literals of
    ``.encode("...")``, ``.decode("...")`` and ``encoding="..."`` anywhere in it (codecs are
    imported on first use, where no import statement shows them)."""
    import encodings.aliases

    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ("encode", "decode") and node.args:
            names.add(ast.unparse(node.args[0]))
        names.update(ast.unparse(k.value) for k in node.keywords if k.arg == "encoding")
    modules = set()
    for name in names:
        if name[:1] in "'\"" and name[-1:] == name[:1]:
            normal = encodings.normalize_encoding(ast.literal_eval(name)).lower()
            modules.add("encodings." + encodings.aliases.aliases.get(normal, normal))
    return modules


def with_parents(name: str) -> list[str]:
    """``a.b.c`` -> ``[a, a.b, a.b.c]`` (importing a submodule imports its packages)."""
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def import_closure(
    roots: Iterable[str],
    index: dict[str, tuple[str, bool, str]],
    memo: dict[str, set[str]] | None = None,
    everywhere: frozenset[str] = frozenset(),
) -> set[str]:
    """Every module of ``index`` reached from ``roots`` through imports run at import time
    (anywhere in the modules named in ``everywhere``). Names not in the index (built-in and
    JavaScript modules, optional imports) are skipped. ``memo`` keeps each module's imports
    between calls (parsing is the slow part)."""
    memo = {} if memo is None else memo
    seen: set[str] = set()
    todo = [parent for root in roots for parent in with_parents(root)]
    while todo:
        name = todo.pop()
        if name in seen or name not in index:
            continue
        seen.add(name)
        if name not in memo:
            _rel, is_package, source = index[name]
            memo[name] = top_level_imports(source, name, is_package, everywhere=name in everywhere)
        for imported in (*memo[name], *RUNTIME_IMPORTS.get(name, ())):
            todo.extend(with_parents(imported))
    return seen


def page_table(main_source: str) -> dict[str, str]:
    """The ``PAGES`` literal of main.py: page name -> module that starts the page."""
    for node in ast.parse(main_source).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "PAGES" for t in node.targets
        ):
            return dict(ast.literal_eval(node.value))
    raise JobError("main.py has no PAGES table")


# -- bytecode ----------------------------------------------------------------------------------
def to_pyc(source: str, filename: str, *, checked: bool = False) -> bytes:
    """Compile ``source`` to a hash-based pyc (PEP 552): unchecked (run as it is, for modules
    shipped without source) or ``checked`` (used only while its source is unchanged)."""
    from importlib import _bootstrap_external  # the stdlib's own pyc writer

    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise JobError(f"{filename}: {exc}") from exc
    data = bytes(
        _bootstrap_external._code_to_hash_pyc(
            code, importlib.util.source_hash(source.encode("utf-8")), checked=checked
        )
    )
    if data[:4] != importlib.util.MAGIC_NUMBER:
        raise JobError(f"{filename}: bytecode magic {data[:4].hex()} is not this Python's")
    return data


def pyc_name(rel: str) -> str:
    """``json/decoder.py`` -> ``json/decoder.pyc`` (a sourceless module in a zip)."""
    return rel[: -len(".py")] + ".pyc"


def write_zip(path: Path, members: dict[str, bytes]) -> None:
    """Write ``members`` (name -> bytes) to a deflated zip, sorted, with fixed dates."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, members[name])


def compile_stdlib(index: dict[str, tuple[str, bool, str]]) -> dict[str, bytes]:
    """Every module of the standard library index as bytecode, by zip member name."""
    return {
        pyc_name(rel): to_pyc(source, f"{STDLIB_ZIP}/{rel}")
        for rel, _is_package, source in index.values()
    }


def load_or_compile_stdlib(
    index: dict[str, tuple[str, bool, str]], cache: Path | None
) -> dict[str, bytes]:
    """The compiled standard library, from ``cache`` when it holds it (written otherwise)."""
    if cache is not None and cache.is_file():
        with zipfile.ZipFile(cache) as zf:
            members = {name: zf.read(name) for name in zf.namelist()}
        if all(m[:4] == importlib.util.MAGIC_NUMBER for m in members.values()):
            return members
    members = compile_stdlib(index)
    if cache is not None:
        write_zip(cache, members)
    return members


# -- the job ----------------------------------------------------------------------------------
def check_runtime(request: dict[str, object], pyodide_version: str | None) -> None:
    """Refuse to compile with any Python but the one the site ships."""
    python = "{}.{}".format(*sys.version_info[:2])
    if python != request["python"]:
        raise JobError(f"the compiler is Python {python}, the runtime ships {request['python']}")
    if pyodide_version is not None and pyodide_version != request["pyodide"]:
        raise JobError(f"the compiler is Pyodide {pyodide_version}, not {request['pyodide']}")


def write_stdlib_all(
    out: Path, stdlib: dict[str, tuple[str, bool, str]], cache: Path | None
) -> dict[str, bytes]:
    """Write ``out/stdlib-all.zip``, the whole standard library as bytecode (from ``cache``
    when it holds it); return its members."""
    compiled = load_or_compile_stdlib(stdlib, cache)
    if cache is not None:  # the same bytes: no need to deflate 4 MB again
        out.mkdir(parents=True, exist_ok=True)
        (out / "stdlib-all.zip").write_bytes(cache.read_bytes())
    else:
        write_zip(out / "stdlib-all.zip", compiled)
    return compiled


def pyscript_pycache(pyscript: dict[str, tuple[str, bool, str]]) -> dict[str, bytes]:
    """PyScript's package as checked bytecode, by member name under ``pyscript-pycache/``.
    PyScript writes its package as source at every start, then imports it: this bytecode,
    checked against that source, spares the compiling
    (halfmoon_web/runtime/pyscript_bytecode.py)."""
    tag = sys.implementation.cache_tag
    return {
        f"{PYSCRIPT_PYCACHE}/{rel[: -len('.py')].rpartition('/')[2]}.{tag}.pyc": to_pyc(
            source, rel, checked=True
        )
        for rel, _is_package, source in pyscript.values()
    }


class PageArchives:
    """Writes each page's two archives: the standard library modules and the app modules it
    imports (each app module compiled once for all pages)."""

    def __init__(
        self,
        out: Path,
        indexes: tuple[dict[str, tuple[str, bool, str]], dict[str, tuple[str, bool, str]]],
        compiled: dict[str, bytes],
        extra: dict[str, bytes],
        interpreter: dict[str, bytes],
    ) -> None:
        self.out = out
        self.stdlib, self.app = indexes
        self.compiled = compiled
        self.extra = extra
        """Members every app archive holds besides its modules."""
        self.interpreter = interpreter
        """Members every standard library archive holds besides its modules."""
        self._app_pyc: dict[str, bytes] = {}

    def write(self, page: str, modules: set[str]) -> dict[str, list[str]]:
        """Write ``stdlib-<page>.zip`` and ``app-<page>.zip`` of ``modules``; their lists."""
        stdlib_part = sorted(m for m in modules if m in self.stdlib)
        app_part = sorted(m for m in modules if m in self.app)
        names = [pyc_name(self.stdlib[m][0]) for m in stdlib_part]
        stdlib_members = {n: self.compiled[n] for n in names}
        write_zip(self.out / f"stdlib-{page}.zip", {**stdlib_members, **self.interpreter})
        for m in app_part:
            if m not in self._app_pyc:
                self._app_pyc[m] = to_pyc(self.app[m][2], self.app[m][0])
        members = {pyc_name(self.app[m][0]): self._app_pyc[m] for m in app_part}
        write_zip(self.out / f"app-{page}.zip", {**members, **self.extra})
        return {"stdlib": stdlib_part, "app": app_part}


def run(
    job: Path, pyodide_version: str | None, startup_modules: Iterable[str]
) -> dict[str, object]:
    """Carry out ``job/request.json``; return the report (also written to ``job/out``)."""
    request = json.loads((job / "request.json").read_text(encoding="utf-8"))
    check_runtime(request, pyodide_version)
    out = job / "out"
    app_root = job / str(request["app"])
    stdlib = index_sources(read_zip(STDLIB_ZIP))
    app = index_sources(read_folder(app_root))
    pyscript = index_sources(read_folder(job / str(request["pyscript"])))
    everything = {
        name: module
        for name, module in {**stdlib, **pyscript, **app}.items()
        if name.partition(".")[0] not in LEFT_OUT
    }
    ours, memo = frozenset(app), {}

    def closure(roots: Iterable[str]) -> set[str]:
        return import_closure(roots, everything, memo, ours)

    # What runs before any page code: Pyodide's own start-up (what this interpreter had
    # imported before the job began) and PyScript's start-up code and package.
    runtime = closure([*startup_modules, *request["bootstrap"], *pyscript])
    main_source = (app_root / "main.py").read_text(encoding="utf-8")
    roots = [*request.get("always", []), *top_level_imports(main_source, "__main__", False)]
    cache = request.get("stdlib_cache")
    compiled = write_stdlib_all(out, stdlib, job / str(cache) if cache else None)
    names = "\n".join(sorted({m.partition(".")[0] for m in stdlib})) + "\n"
    data = {name: (app_root / name).read_bytes() for name in request.get("data", [])}
    extra = {"stdlib-names.txt": names.encode(), **pyscript_pycache(pyscript), **data}
    interpreter = {}
    for name in request.get("interpreter", []):
        if name not in app:
            raise JobError(f"interpreter module {name} is not in the app")
        interpreter[pyc_name(app[name][0])] = to_pyc(app[name][2], app[name][0])
    archives = PageArchives(out, (stdlib, app), compiled, extra, interpreter)
    pages: dict[str, object] = {}
    for page, module in page_table(main_source).items():
        if page not in request["pages"]:
            continue
        if module not in app:
            raise JobError(f"page {page}: module {module} is not in the app")
        modules = runtime | closure([*roots, module])
        codecs = {c for m in modules if m in app for c in codec_modules(app[m][2])}
        pages[page] = archives.write(page, modules | closure(codecs))
    magic = importlib.util.MAGIC_NUMBER.hex()
    report = {"python": sys.version.split()[0], "magic": magic, "pages": pages}
    (out / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    return report


if __name__ == "__main__":
    run(Path("/job"), globals().get("PYODIDE_VERSION"), globals().get("STARTUP_MODULES", ()))
