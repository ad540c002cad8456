"""web/build.py: what goes into dist/, the PyScript config and the service worker manifest."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(f"halfmoon_{name}", ROOT / "web" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = _load("build")
needs_node_modules = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="run `npm ci` first"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A full build into a temporary folder."""
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("run `npm ci` first")
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


def sw_manifest(site: Path) -> dict:
    """The precache manifest the build wrote into sw.js."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"/\*PRECACHE\*/(.*?)/\*END\*/", text, re.S)
    assert match
    return json.loads(match.group(1))


def test_runtime_is_versioned_and_minimal(site: Path) -> None:
    """Only the runtime files a page loads are published, under versioned folders."""
    pyodide = site / "vendor" / "pyodide" / build.package_version("pyodide")
    pyscript = site / "vendor" / "pyscript" / build.package_version("@pyscript/core")
    assert sorted(p.name for p in pyodide.iterdir()) == sorted(build.PYODIDE_FILES)
    names = {p.name for p in pyscript.iterdir()}
    assert "core.js" in names and any(n.startswith("error-") for n in names)
    assert not any(n.startswith(("codemirror", "xterm", "toml", "zip", "mpy-")) for n in names)
    assert not any(n.endswith(".map") for n in names)
    assert b"sourceMappingURL" not in (pyscript / "core.js").read_bytes()


def test_placeholders_are_filled(site: Path) -> None:
    """No %NAME% placeholder is left in a published page or config."""
    for path in [*site.glob("*.html"), site / "pyscript.json"]:
        assert "%PYODIDE_VERSION%" not in path.read_text(encoding="utf-8")
        assert "%PYSCRIPT_VERSION%" not in path.read_text(encoding="utf-8")
        assert "%RUNTIME_HEAD%" not in path.read_text(encoding="utf-8")
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    assert (site / config["interpreter"]).is_file()


def test_config_lists_every_python_module_but_the_entry_scripts(site: Path) -> None:
    """Every published .py file reaches Pyodide's file system, except the page entry points."""
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    published = {f"./{p.relative_to(site).as_posix()}" for p in site.rglob("*.py")}
    assert "./halfmoon_core/__init__.py" in config["files"]
    assert all(source == dest for source, dest in config["files"].items())
    assert set(config["files"]) == published - {"./main.py"}


def test_service_worker_precaches_every_published_file(site: Path) -> None:
    """The precache list is every file but sw.js; the cache name hashes their contents."""
    manifest = sw_manifest(site)
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(manifest["files"]) == files - {"sw.js"}
    assert manifest["cache"] == "halfmoon-" + build.content_hash(site, manifest["files"])


@needs_node_modules
def test_cache_name_changes_with_any_published_byte(site: Path, tmp_path: Path) -> None:
    """Changing one byte of one published file gives another cache name."""
    before = sw_manifest(site)["cache"]
    files = sw_manifest(site)["files"]
    copy = tmp_path / "copy"
    for name in files:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).write_bytes((site / name).read_bytes())
    (copy / "style.css").write_bytes((copy / "style.css").read_bytes() + b"\n")
    assert "halfmoon-" + build.content_hash(copy, files) != before


def test_unknown_placeholder_is_an_error() -> None:
    """A typo in a placeholder fails the build instead of publishing it."""
    with pytest.raises(build.BuildError, match="PYODIDE_VERSON"):
        build.fill_placeholders("x %PYODIDE_VERSON% y", {"PYODIDE_VERSION": "1"}, "index.html")


def test_staleness(site: Path) -> None:
    """A fresh build is not stale; a missing one is."""
    assert build.is_stale(site.parent / "nowhere")
    assert not build.is_stale(site)


def test_every_page_loads_the_runtime_from_its_versioned_folders(site: Path) -> None:
    """%RUNTIME_HEAD% gives each page the preloads, boot.js and PyScript's core.js."""
    pyodide = build.package_version("pyodide")
    pyscript = build.package_version("@pyscript/core")
    for name in ("index.html", "rules.html", "embed.html"):
        page = (site / name).read_text(encoding="utf-8")
        assert f'href="./vendor/pyodide/{pyodide}/pyodide.asm.wasm"' in page, name
        assert '<script src="./boot.js" defer></script>' in page, name
        assert f'src="./vendor/pyscript/{pyscript}/core.js"' in page, name
