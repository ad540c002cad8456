"""Build the published site folder ``dist/`` for Half Moon.

Plain CPython, standard library only (and Node, to run the shipped Pyodide). The published
folder holds three kinds of files (docs/deploys.md explains why):

* **stable URLs**, fetched fresh on every visit: the pages (``*.html``), ``sw.js``, the web
  manifest and the icons;
* **one build's app files**, under ``dist/app/<build-id>/``: CSS, scripts, the entry script
  ``main.py`` and each page's Python archive (``python-<page>.zip``). The build id is a hash of
  everything published outside ``vendor/``, so a page always names the Python and CSS of its own
  build, and never another build's;
* **the runtime**, only the files the app really uses: from ``node_modules`` into
  ``dist/vendor/pyodide/<version>/`` and ``dist/vendor/pyscript/<version>/``, and the standard
  library as bytecode in ``dist/vendor/python/<version>/``.

The Python is published as bytecode only, compiled by the runtime's own Python
(:func:`compile_python`, docs/startup.md). Text sources may use the placeholders
``%PYODIDE_VERSION%`` and ``%PYSCRIPT_VERSION%``; a page says ``%HEAD%`` for the one ``<head>``
of every page (``web/page_head.py``), and may also say ``%STATIC_BOARD_PLACES%``
(:func:`static_board_places`), a pre-rendered board such as ``%FIRST_BOARD_EN%`` and the first
deal ``%FIRST_DEAL%`` (:func:`prerendered_boards`), ``%APP%`` (the folder of its build's app files,
``./app/<build-id>``), ``%BUILD%``, ``%RUNTIME_HEAD%`` (:data:`RUNTIME_HEAD`: the build id,
the page's Python, and the preloads and the scripts that start the runtime and PyScript, which
early.js starts after the first paint or when an embed comes near the viewport) and
``%PYSCRIPT_CONFIG%`` (PyScript's config, inline: :func:`pyscript_config`); ``start.mjs`` says
``%PYSCRIPT_IMPORTS%`` (:func:`pyscript_imports`).
The facts the site's JavaScript shares with its Python (storage keys, the board snapshot's
version, limits and allowlist) are placeholders too, filled from the Python that owns them
(``web/shared_facts.py``), the start guard's included.
Finally the build writes the service worker's precache manifest: the build id, the app files
with their cache name, and the runtime files with theirs (named after a hash of their contents).
The site's HTTP headers (``web/site_headers.py``) are published as ``_headers``, which
Netlify reads.

Usage: ``python3 web/build.py [--out DIR]``.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import catalogs  # web/catalogs.py
import page_head  # web/page_head.py
import serve  # web/serve.py
import shared_facts  # web/shared_facts.py
import site_headers  # web/site_headers.py

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "web" / "site"
CORE = ROOT / "halfmoon_core"
NODE_MODULES = ROOT / "node_modules"
DEFAULT_OUT = ROOT / "dist"

#: Files of the ``pyodide`` npm package that Pyodide fetches at start-up. Its standard library
#: (``python_stdlib.zip``, Python source) is replaced by bytecode (:func:`compile_python`), and
#: its package list (``pyodide-lock.json``) by an empty one: the app installs no package.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: The program that compiles the site's Python inside Pyodide, and what runs it on Node.
BYTECODE_JOB = ROOT / "web" / "bytecode_job.py"
PYODIDE_RUN = ROOT / "web" / "pyodide_run.mjs"
#: The program that writes the boards a first visit shows before Python.
PRERENDER = ROOT / "web" / "prerender.py"
#: Where the compiled standard library is kept between builds (it takes a while to make).
BYTECODE_CACHE = NODE_MODULES / ".cache" / "halfmoon-bytecode"
#: Modules PyScript's start-up code imports before its own package (its ``import os``...).
PYSCRIPT_BOOTSTRAP = ("os", "pathlib")
#: PyScript's own Python package, kept as ``"name.py":"source"`` string literals in its core.
PYSCRIPT_PY_FILE = re.compile(r'"(\w+\.py)":"((?:[^"\\]|\\.)*)"')
#: The start guard (docs/startup.md, "A start that always ends"): written inline into every
#: page's ``%START_GUARD%``, never published as a file; its hash is in the pages' CSP
#: (``web/site_headers.py``).
START_GUARD = site_headers.START_GUARD.name
#: PyScript's config: written inline into every page's ``%PYSCRIPT_CONFIG%``, never published
#: as a file (:func:`pyscript_config`).
PYSCRIPT_CONFIG = "pyscript.json"
#: Files in web/site that are not published.
SITE_EXCLUDE = re.compile(r"(^|/)(__pycache__|\.[^/]*)(/|$)|\.pyc$|^halfmoon_web/locale/")
#: Files of web/site published at a stable URL (everything else goes under app/<build-id>/).
STABLE_FILE = re.compile(r"^[^/]+\.(html|webmanifest|png|svg|ico)$|^sw\.js$")
#: Published but not precached: fetched only if some code imports what its page lacks.
LAZY_FILE = re.compile(r"/stdlib-all-[0-9a-f]+\.zip$")
#: Where the service worker's precache manifest sits inside sw.js (valid JS either way).
SW_MANIFEST = re.compile(r"/\*PRECACHE\*/.*?/\*END\*/", re.S)
SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")
TEXT_SUFFIXES = {".html", ".json", ".js", ".mjs", ".css", ".webmanifest", ".svg", ".txt"}
PLACEHOLDER = re.compile(r"%([A-Z_]+)%")
#: Placeholders that name the build itself: filled last, once the build id is known.
BUILD_PLACEHOLDERS = ("APP", "BUILD")
#: Placeholders of a page's own Python files: filled once the Python is compiled.
PAGE_PLACEHOLDERS = ("PAGE", "PYTHON_STDLIB", "PYTHON_FALLBACK")
_PYODIDE = "./vendor/pyodide/%PYODIDE_VERSION%"
_RUNTIME_META = (
    '<meta name="halfmoon-build" content="%BUILD%">',
    '<meta name="halfmoon-python" content="%PAGE%" data-stdlib="%PYTHON_STDLIB%" '
    'data-fallback="%PYTHON_FALLBACK%" data-app="%APP%/python-%PAGE%.zip">',
)
_RUNTIME_START = (
    "<!-- The runtime and the page's Python: every download starts at once, in parallel, and",
    "     Python starts as soon as they are in (runtime.mjs: async, it waits for nothing). -->",
    '<script type="module" src="%APP%/runtime.mjs" async></script>',
    f'<link rel="modulepreload" href="{_PYODIDE}/pyodide.mjs">',
    f'<link rel="modulepreload" href="{_PYODIDE}/pyodide.asm.mjs">',
    f'<link rel="preload" href="{_PYODIDE}/pyodide.asm.wasm" as="fetch" crossorigin>',
    '<link rel="preload" href="%PYTHON_STDLIB%" as="fetch" crossorigin>',
    '<link rel="preload" href="%APP%/python-%PAGE%.zip" as="fetch" crossorigin>',
    '<link rel="preload" href="%APP%/main.py" as="fetch" crossorigin>',
    "<!-- PyScript: its modules all at once (they import each other, one after another). -->",
    "%PYSCRIPT_PRELOADS%",
    '<script type="module" src="%APP%/start.mjs"></script>',
)
RUNTIME_HEAD = "\n  ".join(
    (
        *_RUNTIME_META,
        '<!-- Started by early.js (docs/startup.md, "Start order"): right away on a visit the',
        "     service worker serves, else right after the first paint, which it never delays;",
        "     a framed embed's once it comes near the viewport. -->",
        '<template id="runtime-start">',
        *_RUNTIME_START,
        "</template>",
        '<script src="%APP%/boot.js" defer fetchpriority="high"></script>',
    )
)
"""What every page's ``%RUNTIME_HEAD%`` becomes (its own placeholders filled in): the runtime's
part inert in a ``<template>`` until early.js starts it."""
WORKER_RUNTIME_HEAD = "\n  ".join(
    (
        *_RUNTIME_META,
        "<!-- Python runs in a worker (docs/worker.md): applier.mjs starts it, when early.js",
        "     starts the runtime, and carries out the changes it sends. -->",
        '<template id="runtime-start">',
        '<script type="module" src="%APP%/applier.mjs" async></script>',
        "</template>",
        '<script src="%APP%/boot.js" defer fetchpriority="high"></script>',
    )
)
"""What the ``%WORKER_RUNTIME_HEAD%`` of a page whose Python runs in a worker becomes
(``web/page_head.py``'s ``Page.worker``)."""
PY_SCRIPT_SRC = re.compile(r"""<script\b[^>]*\btype=["']py["'][^>]*>""", re.I)
SRC_ATTR = re.compile(r"""\bsrc=["']([^"']+)["']""", re.I)
APP_PREFIX = re.compile(r"^(%APP%|\.)/")


def static_board_places() -> str:
    """What ``%STATIC_BOARD_PLACES%`` becomes: the face-down places of a board before Python
    draws it (docs/startup.md, "Before Python"): the twelve piles of the arc, then the eight
    reserve slots, with the classes and order of halfmoon_web/board/board_view.py."""
    face = '<div class="hm-face-holder"></div>'
    piles = [
        f'<div class="hm-place hm-pile hm-at-{n}" data-count="8">{face}</div>' for n in range(1, 13)
    ]
    slots = [f'<div class="hm-place hm-slot hm-at-r{n}">{face}</div>' for n in range(1, 9)]
    return "".join(piles) + '<div class="hm-reserve">' + "".join(slots) + "</div>"


def prerendered_boards(site: Path, core: Path) -> dict[str, str]:
    """The boards a first visit shows with their cards, by placeholder name (``FIRST_BOARD_EN``,
    ``LAYOUT_BOARD_VI``..., and ``FIRST_DEAL``): written by ``web/prerender.py`` with the
    site's own view and engine (docs/startup.md, "Before Python")."""
    done = subprocess.run(
        [sys.executable, str(PRERENDER), "--site", str(site), "--core", str(core)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise BuildError(f"pre-rendering the boards failed:\n{done.stderr.strip()}")
    return {str(k): str(v) for k, v in json.loads(done.stdout).items()}


class BuildError(RuntimeError):
    """Raised when the build cannot produce a correct ``dist/``."""


def package_version(name: str) -> str:
    """Return the installed version of the npm package ``name`` (from node_modules)."""
    manifest = NODE_MODULES / name / "package.json"
    if not manifest.is_file():
        raise BuildError(f"{manifest} is missing: run `npm ci` first")
    return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


def iter_files(folder: Path) -> Iterator[Path]:
    """Yield every file below ``folder`` (sorted), skipping caches and dot files."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_file() and not SITE_EXCLUDE.search(rel):
            yield path


@dataclass(frozen=True)
class VendorPatch:
    """A named change the build makes to a vendored runtime file (docs/upgrading.md, R9): its
    text ``old`` must be found exactly once in the file, else the build refuses."""

    name: str
    file: str
    """A glob of the file's name (``core-*.js``)."""
    old: str
    new: str


PYSCRIPT_PATCHES = (
    VendorPatch(
        name="idbmap-refused",
        file="core-*.js",
        # PyScript's IDBMap (its ``pyscript.fs`` store, opened when the core is evaluated):
        # ``onerror`` is a method of the open request, so its ``this.dispatchEvent(e)`` throws
        # "The event is already being dispatched", and the store's promise, rejected where
        # IndexedDB is refused (or ``indexedDB.open`` throws, or there is no ``indexedDB``), is
        # never handled. The fix: the handler an arrow function (``this`` is the map, as meant),
        # the error marked handled, and the store's promise marked handled: a use of
        # ``pyscript.fs`` still rejects, nothing else notices.
        old=(
            "onerror(e){n(e),this.dispatchEvent(e)}})}).then(e=>{const t=this.dispatchEvent"
            '.bind(this);for(const n in e)n.startsWith("on")&&(e[n]=t);return e})}'
        ),
        new=(
            "onerror:e=>{e.preventDefault(),n(e),this.dispatchEvent(e)}})}).then(e=>{const t="
            'this.dispatchEvent.bind(this);for(const n in e)n.startsWith("on")&&(e[n]=t);'
            "return e}),this.#e.catch(()=>{})}"
        ),
    ),
    VendorPatch(
        name="idbmapsync-refused",
        file="core-*.js",
        # PyScript's IDBMapSync (a Map kept in an IDBMap: its Pyodide engine's package cache,
        # read before Pyodide is loaded, whatever ``packages_cache`` says): where its store
        # cannot be read, the engine's ``await sync()`` rejects and Pyodide never loads. The
        # fix: the map then works in memory, its store a no-op.
        old=(
            "this.#s=new y(...e),this.#o=this.#s.entries().then(e=>{for(const[t,n]of e)super.set"
            "(t,n)})}"
        ),
        new=(
            "this.#s=new y(...e),this.#o=this.#s.entries().then(e=>{for(const[t,n]of e)super.set"
            "(t,n)},()=>{this.#s={clear(){},delete(){},set(){},close(){}}})}"
        ),
    ),
    VendorPatch(
        name="broadcastchannel-refused",
        file="core-*.js",
        # coincident's stand-in for a SharedArrayBuffer (a page that is not cross-origin
        # isolated: an embed framed by an ordinary page) opens a BroadcastChannel on the main
        # thread when the core is evaluated; Firefox refuses one to a frame whose storage is
        # blocked (third-party cookies blocked: "SecurityError: The operation is insecure").
        # It serves Python workers only, which the app never starts: the fix, a channel that
        # cannot be had is one that hears nothing.
        old='replace(/\\W/g,"-"),r=new BroadcastChannel("dc78209b-186c-4f83-80e9-406becb7d9f3");',
        new=(
            'replace(/\\W/g,"-"),r=(()=>{try{return new BroadcastChannel("dc78209b-186c-4f83-'
            '80e9-406becb7d9f3")}catch{return{postMessage(){}}}})();'
        ),
    ),
)
"""The changes made to PyScript's files as they are copied (docs/upgrading.md, R9)."""


def patch_vendor(name: str, text: str, patches: Iterable[VendorPatch]) -> tuple[str, list[str]]:
    """``text`` of the vendored file ``name`` with the patches for that file applied; and the
    names of those applied. A patch whose text is not found exactly once stops the build."""
    applied = []
    for patch in patches:
        if not fnmatch.fnmatchcase(name, patch.file):
            continue
        found = text.count(patch.old)
        if found != 1:
            raise BuildError(
                f"the vendored {name} holds the text of patch {patch.name!r} {found} times, "
                "not once: the runtime changed; see docs/upgrading.md (R9) before building"
            )
        text = text.replace(patch.old, patch.new)
        applied.append(patch.name)
    return text, applied


def pyscript_files(dist_core: Path) -> list[str]:
    """Choose the PyScript files to ship: the ones a page can load without a PyScript editor,
    terminal, TOML config, zip archive or Python packages.

    That is ``core.js`` and everything it imports statically, plus every plugin chunk named in
    core's plugin table (PyScript imports all of them at start-up: a ``"!name"`` entry in the
    ``py`` config does not stop the ``mpy`` side from importing it) with their static imports.
    The lazily imported extras (CodeMirror, xterm.js, the TOML parser, the zip reader, the
    package graph) stay out.
    """
    chunks = {p.name: p.read_text(encoding="utf-8") for p in dist_core.glob("*.js")}
    static_import = re.compile(r"""(?:\bfrom|\bimport)\s*["']\./([^"']+\.js)["']""")
    # The plugin table of core-*.js: `name:()=>import("./chunk.js")`.
    plugin_import = re.compile(r"""(?:"[\w-]+"|\b[\w-]+):\(\)=>import\("\./([^"]+\.js)"\)""")

    todo = ["core.js"]
    wanted: list[str] = []
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        if name not in chunks:
            raise BuildError(f"@pyscript/core/dist/{name} is missing")
        wanted.append(name)
        todo.extend(static_import.findall(chunks[name]))
        todo.extend(plugin_import.findall(chunks[name]))
    if not any(name.startswith("error-") for name in wanted):
        raise BuildError("PyScript's error plugin was not found in @pyscript/core")
    return sorted(wanted)


def start_guard_script(site: Path) -> str:
    """What ``%START_GUARD%`` becomes: the start guard as an inline script, its shared facts
    filled (``web/shared_facts.py``), byte for byte the text whose hash the pages' CSP allows
    (``site_headers.inline_script_hash``)."""
    try:
        text = shared_facts.fill((site / START_GUARD).read_text(encoding="utf-8"), START_GUARD)
    except ValueError as error:
        raise BuildError(str(error)) from None
    if "</script" in text.lower():
        raise BuildError(f"{START_GUARD} holds </script>: it is inlined as is")
    if site_headers.inline_script_hash(text) not in site_headers.CSP["script-src"]:
        raise BuildError(f"{START_GUARD} differs from the file whose hash is in the pages' CSP")
    return f"<script>{text}</script>"


def pyscript_config(site: Path) -> str:
    """What ``%PYSCRIPT_CONFIG%`` becomes: PyScript's config (``web/site/pyscript.json``) as the
    text of a page's ``config="..."``, so that PyScript's core reads it without a fetch.

    Why inline: the core reads its config with its one top-level ``await``. A config to fetch
    keeps the core's evaluation waiting across tasks, and a page that WebKit leaves meanwhile
    (the start guard's repair reload) freezes WebKit's web process for good: its module loader
    then retries the evaluation without end, in microtasks (docs/deploys.md, "Why PyScript starts
    in every browser"). Inline, the ``await`` settles within the evaluation.
    """
    text = (site / PYSCRIPT_CONFIG).read_text(encoding="utf-8")
    try:
        config = json.loads(text)
    except ValueError as error:
        raise BuildError(f"{PYSCRIPT_CONFIG}: {error}") from None
    return site_headers.attribute(json.dumps(config, separators=(",", ":")))


def pyscript_imports(chunks: Iterable[str], version: str) -> str:
    """What ``start.mjs``'s ``%PYSCRIPT_IMPORTS%`` becomes: a static import of every PyScript
    chunk the build ships but ``core.js`` (which ``start.mjs`` imports by name).

    PyScript imports its plugin chunks with ``import()`` once its core has read the config. They
    import the core, whose top-level ``await`` makes their evaluation asynchronous too, and an
    ``import()`` fetches them first: a page that WebKit leaves meanwhile freezes as with a config
    to fetch (:func:`pyscript_config`). Imported statically, they are fetched and linked with
    ``start.mjs``, before any module of the page is evaluated, so that their evaluation, whoever
    asks first, waits for no task.
    """
    path = f"../../vendor/pyscript/{version}"
    return "\n".join(f'import "{path}/{chunk}";' for chunk in chunks if chunk != "core.js")


def fill_placeholders(text: str, values: dict[str, str], where: str) -> str:
    """Replace ``%NAME%`` placeholders; unknown ones are a build error."""

    def replace(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise BuildError(f"{where}: unknown placeholder %{key}%")
        return values[key]

    return PLACEHOLDER.sub(replace, text)


def entry_scripts(site: Path) -> set[str]:
    """Return the ``src`` of every ``<script type="py">`` of the site's HTML pages, relative to
    the app folder (``%APP%/main.py`` gives ``main.py``)."""
    entries: set[str] = set()
    for page in site.glob("*.html"):
        for tag in PY_SCRIPT_SRC.findall(page.read_text(encoding="utf-8")):
            src = SRC_ATTR.search(tag)
            if src:
                entries.add(APP_PREFIX.sub("", src.group(1)))
    return entries


def page_names(site: Path) -> dict[str, str]:
    """Map each HTML page that runs Python to its ``<body data-page>`` name."""
    pages: dict[str, str] = {}
    for page in sorted(site.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        own = page_head.PAGES.get(page.stem)
        if not PY_SCRIPT_SRC.search(text) and not (own and own.worker):
            continue
        name = re.search(r"<body\b[^>]*\bdata-page=[\"']([\w-]+)[\"']", text)
        if not name:
            raise BuildError(f"{page.name} runs Python but its <body> has no data-page")
        pages[page.name] = name.group(1)
    return pages


def pyscript_python(core_js: str) -> dict[str, str]:
    """PyScript's own Python package (``pyscript/*.py``), as PyScript writes it at start-up."""
    files = {
        name: json.loads('"' + body.replace("\\'", "'") + '"')
        for name, body in PYSCRIPT_PY_FILE.findall(core_js)
    }
    if "__init__.py" not in files:
        raise BuildError("PyScript's Python package was not found in its core")
    return files


def lock_info() -> dict[str, str]:
    """The ``info`` of Pyodide's ``pyodide-lock.json`` (its ABI and Python versions)."""
    info = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text("utf-8"))["info"]
    if not isinstance(info, dict) or "abi_version" not in info or "python" not in info:
        raise BuildError("node_modules/pyodide/pyodide-lock.json has no ABI or Python version")
    return {str(k): str(v) for k, v in info.items()}


def bytecode_cache_key(pyodide_version: str) -> str:
    """Name the compiled standard library after the runtime and the compiler program."""
    digest = hashlib.sha256(BYTECODE_JOB.read_bytes()).hexdigest()[:12]
    return f"{pyodide_version}-{digest}"


def run_bytecode_job(workdir: Path) -> dict[str, object]:
    """Run :data:`BYTECODE_JOB` in Pyodide on Node on ``workdir``; return its report."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed: it compiles the Python to bytecode")
    done = subprocess.run(
        [node, str(PYODIDE_RUN), str(BYTECODE_JOB), str(workdir)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise BuildError(f"compiling Python in Pyodide failed:\n{done.stderr.strip()}")
    return dict(json.loads((workdir / "out" / "report.json").read_text(encoding="utf-8")))


def stage_python_sources(workdir: Path, site: Path, core: Path) -> None:
    """Copy the site's and the engine's Python, and PyScript's, into the job's folder, and
    the compiled translation catalogs (``web/catalogs.py``)."""
    for folder, target in ((site, workdir / "app"), (core, workdir / "app" / "halfmoon_core")):
        for path in iter_files(folder):
            if path.suffix == ".py":
                copy = target / path.relative_to(folder)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, copy)
    locale = workdir / "app" / catalogs.TARGET
    catalogs.write_catalogs(locale)
    core_js = "".join(
        p.read_text("utf-8") for p in (NODE_MODULES / "@pyscript/core/dist").glob("core-*.js")
    )
    package = workdir / "pyscript" / "pyscript"
    package.mkdir(parents=True)
    for name, source in pyscript_python(core_js).items():
        (package / name).write_text(source, encoding="utf-8")


def compile_python(
    stage: Path, app: Path, site: Path, core: Path, pyodide_version: str
) -> dict[str, dict[str, str]]:
    """Compile the Python of every page to bytecode with the runtime's own Python and publish
    it (docs/startup.md, "Bytecode"): per page an archive of its app modules
    (``app/<id>/python-<page>.zip``) and of the standard library modules it imports
    (``vendor/python/<version>/stdlib-<hash>.zip``, shared by pages that need the same), plus
    the whole standard library for the lazy fallback. Return each page's placeholder values."""
    pages = page_names(site)
    if entry_scripts(site) - {"main.py"}:
        raise BuildError(
            "a page runs an entry script other than main.py, the one the bytecode "
            "is made for (a page whose Python runs in a worker runs none)"
        )
    with tempfile.TemporaryDirectory(prefix="halfmoon-bytecode-") as tmp:
        workdir = Path(tmp)
        stage_python_sources(workdir, site, core)
        report = run_cached_bytecode_job(workdir, sorted(set(pages.values())), pyodide_version)
        vendor = stage / "vendor" / "python" / pyodide_version
        return publish_bytecode(workdir / "out", vendor, app, pages, report)


def run_cached_bytecode_job(
    workdir: Path, pages: list[str], pyodide_version: str
) -> dict[str, object]:
    """Run the bytecode job for ``pages`` in ``workdir``, the compiled standard library taken
    from (or kept in) :data:`BYTECODE_CACHE`; check the Python that made it."""
    info = lock_info()
    cached = BYTECODE_CACHE / bytecode_cache_key(pyodide_version) / "stdlib-all.zip"
    (workdir / "cache").mkdir()
    if cached.is_file():
        shutil.copyfile(cached, workdir / "cache" / "stdlib-all.zip")
    request = {
        "python": ".".join(info["python"].split(".")[:2]),
        "pyodide": pyodide_version,
        "app": "app",
        "pages": pages,
        "always": [
            "halfmoon_web.runtime.lazy_stdlib",
            "halfmoon_web.runtime.pyscript_bytecode",
            "halfmoon_web.remote.worker_main",
        ],
        "interpreter": ["sitecustomize"],  # read each zipped module once (docs/startup.md)
        "data": [  # in every app archive: the compiled catalogs (docs/i18n.md)
            path.relative_to(workdir / "app").as_posix()
            for path in sorted((workdir / "app" / catalogs.TARGET).iterdir())
        ],
        "pyscript": "pyscript",
        "bootstrap": list(PYSCRIPT_BOOTSTRAP),
        "stdlib_cache": "cache/stdlib-all.zip",
    }
    (workdir / "request.json").write_text(json.dumps(request), encoding="utf-8")
    report = run_bytecode_job(workdir)
    if report.get("python") != info["python"]:
        raise BuildError(f"bytecode made by Python {report.get('python')}, not {info['python']}")
    if not cached.is_file():
        cached.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(workdir / "cache" / "stdlib-all.zip", cached)
    return report


def publish_bytecode(
    out: Path, vendor: Path, app: Path, pages: dict[str, str], report: dict[str, object]
) -> dict[str, dict[str, str]]:
    """Copy the job's archives into the build: each page's app archive into ``app``, the
    standard library archives into ``vendor`` named by their hash. Each page's values."""
    vendor.mkdir(parents=True, exist_ok=True)

    def publish(archive: Path, stem: str) -> str:
        digest = hashlib.sha256(archive.read_bytes()).hexdigest()[:12]
        shutil.copyfile(archive, vendor / f"{stem}-{digest}.zip")
        return f"./vendor/python/{vendor.name}/{stem}-{digest}.zip"

    fallback = publish(out / "stdlib-all.zip", "stdlib-all")
    values: dict[str, dict[str, str]] = {}
    for html, page in pages.items():
        if page not in report["pages"]:  # type: ignore[operator]
            raise BuildError(f"{html}: main.py's PAGES has no page {page!r}")
        shutil.copyfile(out / f"app-{page}.zip", app / f"python-{page}.zip")
        values[html] = {
            "PAGE": page,
            "PYTHON_STDLIB": publish(out / f"stdlib-{page}.zip", "stdlib"),
            "PYTHON_FALLBACK": fallback,
        }
    return values


def fill_pages(stage: Path, values: dict[str, dict[str, str]]) -> None:
    """Fill each page's :data:`PAGE_PLACEHOLDERS` (pages without Python have none)."""
    keep = {key: f"%{key}%" for key in BUILD_PLACEHOLDERS}
    for page in stage.glob("*.html"):
        text = page.read_text("utf-8")
        if page.name in values:
            text = fill_placeholders(text, values[page.name] | keep, page.name)
            page.write_text(text, "utf-8")


def published_files(out: Path) -> list[str]:
    """Return every file of ``out`` as a URL path relative to the site root, sorted."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def content_hash(out: Path, names: Iterable[str]) -> str:
    """Hash the names and contents of the given files of ``out``."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256((out / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def file_check(path: Path) -> list[object]:
    """What the service worker checks a cached copy of ``path`` against: size, SHA-256."""
    data = path.read_bytes()
    return [len(data), hashlib.sha256(data).hexdigest()]


def precache_manifest(out: Path, build_id: str) -> dict[str, object]:
    """The service worker's manifest: the build id, the build's own files (pages, app files,
    icons) with their cache name, and the runtime files with theirs (a hash of their contents,
    so builds that share a runtime share its cache); and the size and SHA-256 of every one of
    them (``checks``), which the worker compares with what it caches (docs/deploys.md). The
    whole standard library (4 MB, for the lazy fallback that no page needs to start or play) is
    not precached, nor is ``_headers`` (read by the host, never by a page)."""
    unfetched = {"sw.js", site_headers.FILE_NAME}
    files = [name for name in published_files(out) if name not in unfetched]
    files = [name for name in files if not LAZY_FILE.search(name)]
    vendor = [name for name in files if name.startswith("vendor/")]
    return {
        "build": build_id,
        "cache": f"halfmoon-app-{build_id}",
        "files": [name for name in files if not name.startswith("vendor/")],
        "runtimeCache": f"halfmoon-runtime-{content_hash(out, vendor)}",
        "runtime": vendor,
        "checks": {name: file_check(out / name) for name in files},
    }


def write_service_worker(out: Path, build_id: str) -> str:
    """Fill the precache manifest of ``out/sw.js``; return the app cache name."""
    sw = out / "sw.js"
    text = sw.read_text(encoding="utf-8")
    if not SW_MANIFEST.search(text):
        raise BuildError("web/site/sw.js has no /*PRECACHE*/ ... /*END*/ manifest")
    manifest = precache_manifest(out, build_id)
    body = json.dumps(manifest, indent=1)
    sw.write_text(SW_MANIFEST.sub(lambda _: f"/*PRECACHE*/ {body} /*END*/", text), "utf-8")
    return str(manifest["cache"])


def copy_vendor(
    src: Path, dest: Path, names: Iterable[str], patches: Iterable[VendorPatch] = ()
) -> None:
    """Copy runtime files, dropping source-map comments (the maps are not published) and
    applying ``patches``, each to exactly one file (else :class:`BuildError`)."""
    dest.mkdir(parents=True, exist_ok=True)
    patches = tuple(patches)
    applied: list[str] = []
    for name in names:
        data = (src / name).read_bytes()
        if name.endswith((".js", ".mjs")):
            data = SOURCE_MAP.sub(b"\n", data)
            text, done = patch_vendor(name, data.decode("utf-8"), patches)
            if done:
                data = text.encode("utf-8")
                applied.extend(done)
        (dest / name).write_bytes(data)
    for patch in patches:
        if applied.count(patch.name) != 1:
            raise BuildError(
                f"patch {patch.name!r} applied to {applied.count(patch.name)} files of {src} "
                f"matching {patch.file}, not one: see docs/upgrading.md (R9)"
            )


def copy_sources(stage: Path, site: Path, values: dict[str, str]) -> Path:
    """Copy the site into ``stage``, placeholders filled but for the build's and the pages'
    own (:data:`BUILD_PLACEHOLDERS`, :data:`PAGE_PLACEHOLDERS`); return the app folder,
    ``stage/app/_``. Of the Python, only the entry scripts are published as source: every
    module arrives as bytecode (:func:`compile_python`)."""
    app = stage / "app" / "_"
    keep = {key: f"%{key}%" for key in (*BUILD_PLACEHOLDERS, *PAGE_PLACEHOLDERS)}
    entries = entry_scripts(site)
    for path in iter_files(site):
        rel = path.relative_to(site).as_posix()
        if (path.suffix == ".py" and rel not in entries) or rel in (START_GUARD, PYSCRIPT_CONFIG):
            continue
        target = (stage if STABLE_FILE.match(rel) else app) / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix in TEXT_SUFFIXES:
            text = path.read_text(encoding="utf-8")
            if path.suffix == ".html":
                text = page_html(text, rel, values)
            text = fill_placeholders(text, values | keep, rel)
            target.write_text(text, encoding="utf-8")
        else:
            shutil.copyfile(path, target)
    return app


def page_html(text: str, name: str, values: dict[str, str]) -> str:
    """A page with its one ``<head>`` written (``web/page_head.py``) from the build's ``values``,
    before the placeholders are filled: the head holds some."""
    try:
        return page_head.fill(text, name, values)
    except page_head.HeadError as error:
        raise BuildError(str(error)) from None


def publish_headers(stage: Path) -> None:
    """Write the site's headers (``web/site_headers.py``) as ``_headers``, once every page is
    known to have its Content-Security-Policy there."""
    missing = sorted(p.stem for p in stage.glob("*.html") if p.stem not in site_headers.FRAMED_BY)
    if missing:
        raise BuildError(f"web/site_headers.py gives no CSP to the page(s) {', '.join(missing)}")
    site_headers.write(stage)


def seal_build(stage: Path, app: Path) -> str:
    """Name the build after a hash of everything published outside ``vendor/`` (pages still
    saying ``%APP%``), move the app files to ``app/<build-id>/`` and fill in the pages'
    ``%APP%`` and ``%BUILD%``; return the build id."""
    own = [name for name in published_files(stage) if not name.startswith("vendor/")]
    build_id = content_hash(stage, own)[:12]
    app.rename(app.parent / build_id)
    values = {"APP": f"./app/{build_id}", "BUILD": build_id}
    for page in stage.glob("*.html"):
        page.write_text(fill_placeholders(page.read_text("utf-8"), values, page.name), "utf-8")
    return build_id


def replace_folder(stage: Path, out: Path) -> None:
    """Put ``stage`` in the place of ``out`` (the old one removed)."""
    stage.chmod(0o755)
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=".dist-old-", dir=out.parent))
        os.replace(out, old / "dist")
        os.replace(stage, out)
        shutil.rmtree(old)
    else:
        os.replace(stage, out)


def build(out: Path = DEFAULT_OUT, *, site: Path = SITE, core: Path = CORE) -> str:
    """Build the site of ``site`` and ``core`` into ``out`` (replaced at once, never left half
    written); return the build id."""
    values = {
        "PYODIDE_VERSION": package_version("pyodide"),
        "PYSCRIPT_VERSION": package_version("@pyscript/core"),
        "PYODIDE_LOCK_INFO": json.dumps(lock_info(), sort_keys=True),
        "STATIC_BOARD_PLACES": static_board_places(),
        "START_GUARD": start_guard_script(site),
        **prerendered_boards(site, core),
        **shared_facts.values(),
    } | hosting_values()
    if re.search(r"['\\]", values["PYODIDE_LOCK_INFO"]):  # runtime.mjs quotes it with '...'
        raise BuildError("pyodide-lock.json's info holds a quote or a backslash")
    keep = {key: f"%{key}%" for key in (*BUILD_PLACEHOLDERS, *PAGE_PLACEHOLDERS)}
    pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    chunks = pyscript_files(pyscript_dist)
    values["PYSCRIPT_PRELOADS"] = "\n  ".join(
        f'<link rel="modulepreload" href="./vendor/pyscript/%PYSCRIPT_VERSION%/{chunk}">'
        for chunk in chunks
    )
    values["PYSCRIPT_IMPORTS"] = pyscript_imports(chunks, values["PYSCRIPT_VERSION"])
    values["PYSCRIPT_CONFIG"] = pyscript_config(site)
    head = fill_placeholders(RUNTIME_HEAD, values | keep, "RUNTIME_HEAD")
    values["RUNTIME_HEAD"] = fill_placeholders(head, values | keep, "RUNTIME_HEAD")
    values["WORKER_RUNTIME_HEAD"] = WORKER_RUNTIME_HEAD
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".dist-", dir=out.parent))
    try:
        app = copy_sources(stage, site, values)
        fill_pages(stage, compile_python(stage, app, site, core, values["PYODIDE_VERSION"]))
        copy_vendor(
            pyscript_dist,
            stage / "vendor/pyscript" / values["PYSCRIPT_VERSION"],
            chunks,
            PYSCRIPT_PATCHES,
        )
        copy_vendor(
            NODE_MODULES / "pyodide",
            stage / "vendor/pyodide" / values["PYODIDE_VERSION"],
            PYODIDE_FILES,
        )
        publish_headers(stage)
        build_id = seal_build(stage, app)
        write_service_worker(stage, build_id)
        replace_folder(stage, out)
        compress_for_serving(out)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return build_id


def hosting_values() -> dict[str, str]:
    """The placeholders of hosting (docs/hosting.md): ``%HEADERS_META%``, what a page's
    ``<head>`` carries of its headers for hosts that send none (``site_headers.meta_tags``)."""
    return {"HEADERS_META": site_headers.meta_tags()}


def compress_for_serving(out: Path) -> None:
    """Brotli-compress the published text files for ``web/serve.py`` now (its cache, kept
    outside ``out``: hosts compress themselves), so that no first visit served locally waits
    for it (docs/hosting.md, "Compression")."""
    serve.warm_cache(out)


def build_inputs() -> list[Path]:
    """Return every file whose change makes ``dist/`` stale."""
    return [
        *iter_files(SITE),
        *(p for p in iter_files(CORE) if p.suffix == ".py"),
        *iter_files(catalogs.LOCALE),
        Path(catalogs.__file__).resolve(),
        Path(__file__).resolve(),
        Path(site_headers.__file__).resolve(),
        Path(site_headers.site_origin.__file__).resolve(),
        Path(shared_facts.__file__).resolve(),
        Path(page_head.__file__).resolve(),
        BYTECODE_JOB,
        PYODIDE_RUN,
        PRERENDER,
        ROOT / "package-lock.json",
    ]


def is_stale(out: Path = DEFAULT_OUT) -> bool:
    """Tell whether ``out`` is missing or older than any build input."""
    stamp = out / "sw.js"  # written last by build()
    if not stamp.is_file():
        return True
    built = stamp.stat().st_mtime
    return any(p.stat().st_mtime > built for p in build_inputs() if p.exists())


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    try:
        build_id = build(args.out)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    files = published_files(args.out)
    size = sum((args.out / f).stat().st_size for f in files)
    print(f"built {args.out}: {len(files)} files, {size / 1e6:.1f} MB, build {build_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
