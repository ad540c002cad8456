"""web/build.py: what goes into dist/, the PyScript config and the service worker manifest."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import build
import pytest

ROOT = Path(__file__).resolve().parents[1]


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


def app_folder(site: Path) -> Path:
    """The one ``app/<build-id>/`` folder of a build."""
    (folder,) = (site / "app").iterdir()
    return folder


def test_placeholders_are_filled(site: Path) -> None:
    """No %NAME% placeholder is left in a published page, script or config."""
    app = app_folder(site)
    for path in [*site.glob("*.html"), app / "pyscript.json", app / "start.mjs"]:
        assert not re.search(r"%[A-Z_]+%", path.read_text(encoding="utf-8")), path
    config = json.loads((app / "pyscript.json").read_text(encoding="utf-8"))
    # PyScript resolves the interpreter against the page, the files against the config.
    assert (site / config["interpreter"]).is_file()
    assert all((app / name).is_file() for name in config["files"])


def test_config_lists_every_python_module_but_the_entry_scripts(site: Path) -> None:
    """Every published .py file reaches Pyodide's file system, except the page entry points."""
    app = app_folder(site)
    config = json.loads((app / "pyscript.json").read_text(encoding="utf-8"))
    published = {f"./{p.relative_to(app).as_posix()}" for p in app.rglob("*.py")}
    assert "./halfmoon_core/__init__.py" in config["files"]
    assert all(source == dest for source, dest in config["files"].items())
    assert set(config["files"]) == published - {"./main.py"}
    assert not [p for p in site.rglob("*.py") if app not in p.parents]


def test_app_files_live_in_one_versioned_folder(site: Path) -> None:
    """Pages, sw.js, the manifest and icons keep stable URLs; every other file of the build sits
    under app/<build-id>/, and every page names that folder and that build."""
    app = app_folder(site)
    stable = {p.name for p in site.iterdir() if p.is_file()}
    assert stable == {
        p.name for p in (ROOT / "web/site").iterdir() if build.STABLE_FILE.match(p.name)
    }
    # netlify.toml's "/app/*" and "/vendor/*" (immutable) also match "/apple.png", "/vendors".
    assert not [name for name in stable if name.startswith(("app", "vendor"))]
    assert {"style.css", "boot.js", "start.mjs", "pyscript.json", "main.py"} <= {
        p.name for p in app.iterdir()
    }
    for name in ("index.html", "rules.html", "embed.html"):
        page = (site / name).read_text(encoding="utf-8")
        assert f'<meta name="halfmoon-build" content="{app.name}">' in page, name
        assert set(re.findall(r"\./app/([0-9a-f]+)/", page)) == {app.name}, name


def test_service_worker_precaches_every_published_file(site: Path) -> None:
    """The precache manifest lists every file but sw.js: the build's own under a cache named
    after the build, the runtime under a cache named after a hash of the runtime files."""
    manifest = sw_manifest(site)
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(manifest["files"]) | set(manifest["runtime"]) == files - {"sw.js"}
    assert all(name.startswith("vendor/") for name in manifest["runtime"])
    assert not any(name.startswith("vendor/") for name in manifest["files"])
    assert manifest["build"] == app_folder(site).name
    assert manifest["cache"] == f"halfmoon-app-{manifest['build']}"
    assert manifest["runtimeCache"] == "halfmoon-runtime-" + build.content_hash(
        site, manifest["runtime"]
    )


def copy_sources(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of web/site and halfmoon_core to change, as a later release would."""
    site = tmp_path / "site"
    core = tmp_path / "core"
    shutil.copytree(ROOT / "web" / "site", site)
    shutil.copytree(ROOT / "halfmoon_core", core)
    return site, core


@needs_node_modules
def test_build_id_changes_with_any_published_byte(site: Path, tmp_path: Path) -> None:
    """One byte more in one CSS file, engine module or page gives another build id; the same
    sources give the same id."""
    before = sw_manifest(site)["build"]
    sources = copy_sources(tmp_path)
    assert build.build(tmp_path / "same", site=sources[0], core=sources[1]) == before
    for changed in (sources[0] / "style.css", sources[1] / "game.py", sources[0] / "embed.html"):
        changed.write_bytes(changed.read_bytes() + b"\n")
        after = build.build(tmp_path / "out", site=sources[0], core=sources[1])
        assert after != before, changed
        before = after


def test_unknown_placeholder_is_an_error() -> None:
    """A typo in a placeholder fails the build instead of publishing it."""
    with pytest.raises(build.BuildError, match="PYODIDE_VERSON"):
        build.fill_placeholders("x %PYODIDE_VERSON% y", {"PYODIDE_VERSION": "1"}, "index.html")


def test_staleness(site: Path) -> None:
    """A fresh build is not stale; a missing one is."""
    assert build.is_stale(site.parent / "nowhere")
    assert not build.is_stale(site)


def test_every_page_loads_the_runtime_from_its_versioned_folders(site: Path) -> None:
    """%RUNTIME_HEAD% gives each page the preloads, boot.js and the module that starts
    PyScript, which imports PyScript's core.js statically from its versioned folder."""
    pyodide = build.package_version("pyodide")
    pyscript = build.package_version("@pyscript/core")
    app = app_folder(site)
    for name in ("index.html", "rules.html", "embed.html"):
        page = (site / name).read_text(encoding="utf-8")
        assert f'href="./vendor/pyodide/{pyodide}/pyodide.asm.wasm"' in page, name
        assert f'<script src="./app/{app.name}/boot.js" defer></script>' in page, name
        assert f'<script type="module" src="./app/{app.name}/start.mjs"></script>' in page, name
    start = (app / "start.mjs").read_text(encoding="utf-8")
    core = f"../../vendor/pyscript/{pyscript}/core.js"
    assert f'import {{ hooks }} from "{core}";' in start
    assert (app / core).resolve().is_file()
