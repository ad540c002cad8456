"""Build the published site folder ``dist/`` for Half Moon.

Plain CPython, standard library only. The published folder is made of:

* the static sources in ``web/site/`` (HTML, CSS, the Python view modules, JSON config,
  ``sw.js``, the web manifest and the icons);
* the ``halfmoon_core`` package, as plain ``.py`` files under ``dist/halfmoon_core/``;
* only the runtime files the app really uses, copied from ``node_modules`` into
  ``dist/vendor/pyodide/<version>/`` and ``dist/vendor/pyscript/<version>/``.

Text sources may use the placeholders ``%PYODIDE_VERSION%`` and ``%PYSCRIPT_VERSION%``; the
build replaces them with the installed versions, so the runtime lives under versioned URLs
that can be cached for ever. A page's ``<head>`` says ``%RUNTIME_HEAD%`` where every page loads
the runtime (:data:`RUNTIME_HEAD`: the preloads, ``boot.js`` and PyScript's ``core.js``).

The build also completes the PyScript config (``pyscript.json``): it adds every Python module
of ``halfmoon_core`` and of ``web/site/`` (except the entry scripts named by
``<script type="py" src=...>`` in the HTML pages) to its ``files`` table. Finally it writes the
service worker's precache list with a cache name derived from a hash of every published file.

Usage: ``python3 web/build.py [--out DIR]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "web" / "site"
CORE = ROOT / "halfmoon_core"
NODE_MODULES = ROOT / "node_modules"
DEFAULT_OUT = ROOT / "dist"

#: Files of the ``pyodide`` npm package that Pyodide fetches at start-up.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Files in web/site that are not published.
SITE_EXCLUDE = re.compile(r"(^|/)(__pycache__|\.[^/]*)(/|$)|\.pyc$")
#: Where the service worker's precache manifest sits inside sw.js (valid JS either way).
SW_MANIFEST = re.compile(r"/\*PRECACHE\*/.*?/\*END\*/", re.S)
SOURCE_MAP = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")
TEXT_SUFFIXES = {".html", ".json", ".js", ".mjs", ".css", ".webmanifest", ".svg", ".txt"}
PLACEHOLDER = re.compile(r"%([A-Z_]+)%")
_PYODIDE = "./vendor/pyodide/%PYODIDE_VERSION%"
RUNTIME_HEAD = "\n  ".join(
    (
        "<!-- The runtime: its big downloads start at once, in parallel with PyScript. -->",
        f'<link rel="modulepreload" href="{_PYODIDE}/pyodide.mjs">',
        f'<link rel="preload" href="{_PYODIDE}/pyodide.asm.wasm" as="fetch" crossorigin>',
        f'<link rel="preload" href="{_PYODIDE}/python_stdlib.zip" as="fetch" crossorigin>',
        '<script src="./boot.js" defer></script>',
        '<script type="module" id="pyscript-core"'
        ' src="./vendor/pyscript/%PYSCRIPT_VERSION%/core.js"></script>',
    )
)
"""What every page's ``%RUNTIME_HEAD%`` becomes (its own placeholders filled in)."""
PY_SCRIPT_SRC = re.compile(r"""<script\b[^>]*\btype=["']py["'][^>]*>""", re.I)
SRC_ATTR = re.compile(r"""\bsrc=["']([^"']+)["']""", re.I)


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


def fill_placeholders(text: str, values: dict[str, str], where: str) -> str:
    """Replace ``%NAME%`` placeholders; unknown ones are a build error."""

    def replace(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise BuildError(f"{where}: unknown placeholder %{key}%")
        return values[key]

    return PLACEHOLDER.sub(replace, text)


def entry_scripts(site: Path) -> set[str]:
    """Return the ``src`` of every ``<script type="py">`` in the site's HTML pages."""
    entries: set[str] = set()
    for page in site.glob("*.html"):
        for tag in PY_SCRIPT_SRC.findall(page.read_text(encoding="utf-8")):
            src = SRC_ATTR.search(tag)
            if src:
                entries.add(src.group(1).removeprefix("./"))
    return entries


def python_modules(out: Path, entries: set[str]) -> list[str]:
    """Return the published ``.py`` files (relative to ``out``) to put in Pyodide's file system."""
    modules = []
    for path in sorted(out.rglob("*.py")):
        rel = path.relative_to(out).as_posix()
        if rel not in entries and not rel.startswith("vendor/"):
            modules.append(rel)
    return modules


def complete_config(out: Path, entries: set[str]) -> None:
    """Add the Python modules to the ``files`` table of ``out/pyscript.json``."""
    config_path = out / "pyscript.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    files: dict[str, str] = dict(config.get("files", {}))
    for rel in python_modules(out, entries):
        url = f"./{rel}"
        if url in files:
            raise BuildError(f"pyscript.json already lists {url}; the build adds .py files itself")
        files[url] = url
    config["files"] = files
    config_path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


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


def write_service_worker(out: Path) -> str:
    """Fill the precache manifest of ``out/sw.js``; return the cache name."""
    sw = out / "sw.js"
    text = sw.read_text(encoding="utf-8")
    if not SW_MANIFEST.search(text):
        raise BuildError("web/site/sw.js has no /*PRECACHE*/ ... /*END*/ manifest")
    files = [name for name in published_files(out) if name != "sw.js"]
    cache = f"halfmoon-{content_hash(out, files)}"
    manifest = json.dumps({"cache": cache, "files": files}, indent=1)
    sw.write_text(SW_MANIFEST.sub(lambda _: f"/*PRECACHE*/ {manifest} /*END*/", text), "utf-8")
    return cache


def copy_vendor(src: Path, dest: Path, names: Iterable[str]) -> None:
    """Copy runtime files, dropping source-map comments (the maps are not published)."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in names:
        data = (src / name).read_bytes()
        if name.endswith((".js", ".mjs")):
            data = SOURCE_MAP.sub(b"\n", data)
        (dest / name).write_bytes(data)


def build(out: Path = DEFAULT_OUT) -> str:
    """Build the whole site into ``out`` (replaced atomically); return the cache name."""
    versions = {
        "PYODIDE_VERSION": package_version("pyodide"),
        "PYSCRIPT_VERSION": package_version("@pyscript/core"),
    }
    versions["RUNTIME_HEAD"] = fill_placeholders(RUNTIME_HEAD, versions, "RUNTIME_HEAD")
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".dist-", dir=out.parent))
    try:
        for path in iter_files(SITE):
            rel = path.relative_to(SITE).as_posix()
            target = stage / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix in TEXT_SUFFIXES:
                text = fill_placeholders(path.read_text(encoding="utf-8"), versions, rel)
                target.write_text(text, encoding="utf-8")
            else:
                shutil.copyfile(path, target)
        for path in iter_files(CORE):
            if path.suffix == ".py":
                target = stage / "halfmoon_core" / path.relative_to(CORE)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)

        pyscript_dist = NODE_MODULES / "@pyscript" / "core" / "dist"
        chunks = pyscript_files(pyscript_dist)
        copy_vendor(pyscript_dist, stage / "vendor/pyscript" / versions["PYSCRIPT_VERSION"], chunks)
        copy_vendor(
            NODE_MODULES / "pyodide",
            stage / "vendor/pyodide" / versions["PYODIDE_VERSION"],
            PYODIDE_FILES,
        )
        complete_config(stage, entry_scripts(SITE))
        cache = write_service_worker(stage)
        stage.chmod(0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=".dist-old-", dir=out.parent))
            os.replace(out, old / "dist")
            os.replace(stage, out)
            shutil.rmtree(old)
        else:
            os.replace(stage, out)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return cache


def build_inputs() -> list[Path]:
    """Return every file whose change makes ``dist/`` stale."""
    return [
        *iter_files(SITE),
        *(p for p in iter_files(CORE) if p.suffix == ".py"),
        Path(__file__).resolve(),
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
        cache = build(args.out)
    except BuildError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    files = published_files(args.out)
    size = sum((args.out / f).stat().st_size for f in files)
    print(f"built {args.out}: {len(files)} files, {size / 1e6:.1f} MB, cache {cache}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
