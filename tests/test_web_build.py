"""web/build.py: what goes into dist/, the PyScript config and the service worker manifest."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import zipfile
from html import unescape
from pathlib import Path

import build
import bytecode_job as job
import page_head
import pytest
import shared_facts
import site_headers

ROOT = Path(__file__).resolve().parents[1]


needs_node_modules = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="run `npm ci` first"
)


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


PYSCRIPT_PAGES = tuple(f"{name}.html" for name, page in page_head.PAGES.items() if not page.worker)
"""The pages whose Python PyScript runs on the main thread (the others' runs in a worker:
docs/worker.md)."""
WORKER_PAGES = tuple(f"{name}.html" for name, page in page_head.PAGES.items() if page.worker)


def app_folder(site: Path) -> Path:
    """The one ``app/<build-id>/`` folder of a build."""
    (folder,) = (site / "app").iterdir()
    return folder


def pyscript_config(site: Path, name: str) -> dict:
    """The PyScript config written inline in page ``name``'s ``<script type="py">``."""
    page = (site / name).read_text(encoding="utf-8")
    tags = build.PY_SCRIPT_SRC.findall(page)
    assert len(tags) == 1, name
    config = re.search(r'\bconfig="([^"]*)"', tags[0])
    assert config, name
    return json.loads(unescape(config.group(1)))


def test_placeholders_are_filled(site: Path) -> None:
    """No %NAME% placeholder is left in a published page or script."""
    app = app_folder(site)
    for path in [*site.glob("*.html"), *(app / n for n in ("start.mjs", "runtime.mjs"))]:
        assert not re.search(r"%[A-Z_]+%", path.read_text(encoding="utf-8")), path
    runtime = (app / "runtime.mjs").read_text(encoding="utf-8")
    vendor = f"../../vendor/pyodide/{build.package_version('pyodide')}/pyodide.mjs"
    assert f'from "{vendor}"' in runtime and (app / vendor).resolve().is_file()


def test_pyscript_config_is_inline_in_every_page(site: Path) -> None:
    """Each page carries PyScript's config in its ``config`` attribute (PyScript reads it without
    a fetch: web/build.py, pyscript_config); no config file is published."""
    app = app_folder(site)
    for name in PYSCRIPT_PAGES:
        config = pyscript_config(site, name)
        # PyScript resolves the interpreter against the page.
        assert config["interpreter"] == f"./app/{app.name}/runtime.mjs", name
    assert not list(site.rglob("pyscript.json"))


def test_start_module_imports_every_pyscript_chunk_statically(site: Path) -> None:
    """start.mjs imports every PyScript chunk the build ships, so that none is fetched by an
    ``import()`` once the page's modules are being evaluated (web/build.py, pyscript_imports)."""
    pyscript = build.package_version("@pyscript/core")
    start = (app_folder(site) / "start.mjs").read_text(encoding="utf-8")
    imported = set(
        re.findall(rf'^import .*"\.\./\.\./vendor/pyscript/{pyscript}/([^"]+)";$', start, re.M)
    )
    assert imported == {p.name for p in (site / "vendor" / "pyscript" / pyscript).iterdir()}


def test_python_is_published_as_bytecode_only(site: Path) -> None:
    """Of the Python, only the entry script is published as source; PyScript fetches no other
    file: every module arrives as bytecode in the page's archives."""
    app = app_folder(site)
    for name in PYSCRIPT_PAGES:
        assert pyscript_config(site, name)["files"] == {}, name
    # main.py, where a page runs it on the main thread (none, once every page's Python runs
    # in a worker: docs/worker.md).
    entries = build.entry_scripts(ROOT / "web" / "site")
    assert entries <= {"main.py"}
    assert [p.relative_to(site).as_posix() for p in site.rglob("*.py")] == [
        f"app/{app.name}/{name}" for name in sorted(entries)
    ]


def page_python(site: Path, name: str) -> dict[str, str]:
    """The ``data-*`` of a page's ``<meta name="halfmoon-python">``."""
    page = (site / name).read_text(encoding="utf-8")
    meta = re.search(r'<meta name="halfmoon-python" ([^>]*)>', page)
    assert meta, name
    return dict(re.findall(r'(?:data-)?([a-z]+)="([^"]*)"', meta.group(1)))


def pyc_members(archive: Path) -> dict[str, bytes]:
    """The ``.pyc`` members of a zip archive."""
    with zipfile.ZipFile(archive) as zf:
        return {n: zf.read(n) for n in zf.namelist() if n.endswith(".pyc")}


def test_each_page_names_its_bytecode_archives(site: Path) -> None:
    """Each page's meta tag names its app archive, its standard library set and the whole
    standard library, all published and all preloaded (but the lazy fallback)."""
    app = app_folder(site)
    for name, page_name in (
        ("index.html", "game"),
        ("rules.html", "rules"),
        ("embed.html", "embed"),
    ):
        python = page_python(site, name)
        assert python["content"] == page_name
        assert python["app"] == f"./app/{app.name}/python-{page_name}.zip"
        page = (site / name).read_text(encoding="utf-8")
        for key in ("app", "stdlib", "fallback"):
            assert (site / python[key]).is_file(), (name, key)
        preloaded = name in PYSCRIPT_PAGES  # a worker fetches its own (docs/worker.md)
        for key in ("app", "stdlib"):
            preload = f'<link rel="preload" href="{python[key]}" as="fetch" crossorigin>'
            assert (preload in page) == preloaded, (name, key)
        assert f'href="{python["fallback"]}"' not in page


def test_bytecode_is_sourceless_unchecked_and_of_one_python(site: Path) -> None:
    """Every module is an unchecked hash-based pyc (PEP 552) of one magic number, with no
    source beside it: the browser runs it or refuses it, and never compiles."""
    archives = [*site.glob("vendor/python/*/*.zip"), *app_folder(site).glob("python-*.zip")]
    assert len(archives) >= 4
    magics = set()
    for archive in archives:
        members = pyc_members(archive)
        assert members, archive
        with zipfile.ZipFile(archive) as zf:
            assert not [n for n in zf.namelist() if n.endswith(".py")], archive
        for name, data in members.items():
            magics.add(data[:4])
            assert data[2:4] == b"\r\n", name
            # Hash-based: unchecked for modules shipped alone; checked against its source for
            # PyScript's package, which PyScript writes as source (pyscript_bytecode.py).
            flags = 0b11 if name.startswith("pyscript-pycache/") else 0b01
            assert int.from_bytes(data[4:8], "little") == flags, name
    assert len(magics) == 1


def test_pages_get_only_the_modules_they_import(site: Path) -> None:
    """The CLI and test-only code never reach the browser; the rules page's archive has no
    game page, the game page's no step viewer; the page's standard library set is a fraction
    of the whole, which stays reachable."""
    app = app_folder(site)
    game = pyc_members(app / "python-game.zip")
    rules = pyc_members(app / "python-rules.zip")
    embed = pyc_members(app / "python-embed.zip")
    for members in (game, rules, embed):
        assert "halfmoon_core/game.pyc" in members
        assert "halfmoon_web/runtime/lazy_stdlib.pyc" in members
        assert "halfmoon_core/cli.pyc" not in members
        assert "halfmoon_core/__main__.pyc" not in members
    assert (
        "halfmoon_web/game_page/app.pyc" in game and "halfmoon_web/game_page/app.pyc" not in rules
    )
    assert (
        "halfmoon_web/embed_page/embed_app.pyc" in embed
        and "halfmoon_web/embed_page/embed_app.pyc" not in game
    )
    assert (
        "halfmoon_web/board/stepper.pyc" in embed and "halfmoon_web/board/stepper.pyc" in game
    )  # Replay
    python = page_python(site, "index.html")
    part = pyc_members(site / python["stdlib"])
    whole = pyc_members(site / python["fallback"])
    assert set(part) - {"sitecustomize.pyc"} < set(whole)
    assert {"json/__init__.pyc", "pyodide/ffi/__init__.pyc", "asyncio/__init__.pyc"} <= set(part)
    assert "email/__init__.pyc" in whole and "email/__init__.pyc" not in part
    assert len(part) < len(whole) / 2
    with zipfile.ZipFile(app / "python-game.zip") as zf:
        names = zf.read("stdlib-names.txt").decode().split()
    assert {"email", "json", "asyncio", "decimal"} <= set(names)


def test_every_standard_library_set_starts_the_interpreter_with_its_zip_importer(
    site: Path,
) -> None:
    """Each page's standard library set holds the build's ``sitecustomize`` (zip imports that
    read each module once), which is no standard library module, and leaves out the optional
    compressors Pyodide's start-up would import for nothing (docs/startup.md, "Bytecode")."""
    for html in ("index.html", "rules.html", "embed.html"):
        part = pyc_members(site / page_python(site, html)["stdlib"])
        assert "sitecustomize.pyc" in part
        assert not [m for m in part if m.split("/")[0].split(".")[0] in job.LEFT_OUT]
    whole = pyc_members(site / page_python(site, "index.html")["fallback"])
    assert "sitecustomize.pyc" not in whole
    assert {"bz2.pyc", "lzma.pyc", "compression/zstd/__init__.pyc"} <= set(whole)


@needs_node_modules
def test_bytecode_of_another_python_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the runtime's Python is not the one its package list says, nothing is published."""
    real = build.lock_info()
    monkeypatch.setattr(build, "lock_info", lambda: {**real, "python": "3.13.0"})
    with pytest.raises(build.BuildError, match=r"3\.13"):
        build.build(tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_app_files_live_in_one_versioned_folder(site: Path) -> None:
    """Pages, sw.js, the manifest, the icons and _headers keep stable URLs; every other file of
    the build sits under app/<build-id>/, and every page names that folder and that build."""
    app = app_folder(site)
    stable = {p.name for p in site.iterdir() if p.is_file()}
    assert stable == {"_headers"} | {
        p.name for p in (ROOT / "web/site").iterdir() if build.STABLE_FILE.match(p.name)
    }
    # The headers' "/app/*" and "/vendor/*" (immutable) also match "/apple.png", "/vendors".
    assert not [name for name in stable if name.startswith(("app", "vendor"))]
    entries = build.entry_scripts(ROOT / "web" / "site")
    assert {"style.css", "boot.js", "start.mjs", *entries} <= {p.name for p in app.iterdir()}
    for name in ("index.html", "rules.html", "embed.html"):
        page = (site / name).read_text(encoding="utf-8")
        assert f'<meta name="halfmoon-build" content="{app.name}">' in page, name
        assert set(re.findall(r"\./app/([0-9a-f]+)/", page)) == {app.name}, name


def test_service_worker_precaches_every_published_file(site: Path) -> None:
    """The precache manifest lists every file but sw.js, ``_headers`` (the host's) and the lazy
    standard library: the build's own under a cache named after the build, the runtime under a
    cache named after a hash of the runtime files."""
    manifest = sw_manifest(site)
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    lazy = {name for name in files if build.LAZY_FILE.search(name)}
    assert len(lazy) == 1
    assert {"sw.js", "_headers"} <= files
    unfetched = {"sw.js", "_headers"} | lazy
    assert set(manifest["files"]) | set(manifest["runtime"]) == files - unfetched
    assert all(name.startswith("vendor/") for name in manifest["runtime"])
    assert not any(name.startswith("vendor/") for name in manifest["files"])
    assert manifest["build"] == app_folder(site).name
    assert manifest["cache"] == f"halfmoon-app-{manifest['build']}"
    assert manifest["runtimeCache"] == "halfmoon-runtime-" + build.content_hash(
        site, manifest["runtime"]
    )


def test_the_manifest_has_the_size_and_sha256_of_every_precached_file(site: Path) -> None:
    """What the service worker may cache is checked against the build's own sizes and hashes
    (docs/deploys.md, "Damaged caches"): one check per precached file, equal to the file."""
    manifest = sw_manifest(site)
    precached = set(manifest["files"]) | set(manifest["runtime"])
    assert set(manifest["checks"]) == precached
    for name in precached:
        data = (site / name).read_bytes()
        assert manifest["checks"][name] == [len(data), hashlib.sha256(data).hexdigest()], name


def test_every_page_starts_with_the_start_guard_inline(site: Path) -> None:
    """The start guard is the first script of each page, inline, exactly the text whose hash
    the CSP allows (its shared facts filled); it is not published as a file."""
    guard = shared_facts.start_guard()
    assert not re.search(r"%[A-Z_]+%", guard)
    allowed = site_headers.inline_script_hash(guard)
    assert allowed in site_headers.CSP["script-src"]
    for page in ("index.html", "rules.html", "embed.html"):
        html = (site / page).read_text(encoding="utf-8")
        first = html.index("<script")
        assert html[first:].startswith(f"<script>{guard}</script>"), page
    assert not list(site.rglob("start_guard.js"))


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


def test_the_site_headers_are_published(site: Path) -> None:
    """dist/_headers is web/site_headers.py's rules, for Netlify (and web/serve.py) to read."""
    assert (site / "_headers").read_text(encoding="utf-8") == site_headers.render()


def test_a_page_without_a_csp_fails_the_build(tmp_path: Path) -> None:
    """A new page must say in web/site_headers.py who may frame it before it is published."""
    for name in ("index.html", "rules.html", "embed.html"):
        (tmp_path / name).write_text("<!doctype html>", encoding="utf-8")
    build.publish_headers(tmp_path)
    assert (tmp_path / "_headers").is_file()
    (tmp_path / "scores.html").write_text("<!doctype html>", encoding="utf-8")
    with pytest.raises(build.BuildError, match=r"no CSP to the page\(s\) scores"):
        build.publish_headers(tmp_path)


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
    boot = f'<script src="./app/{app.name}/boot.js" defer fetchpriority="high"></script>'
    for name in PYSCRIPT_PAGES:
        page = (site / name).read_text(encoding="utf-8")
        assert f'href="./vendor/pyodide/{pyodide}/pyodide.asm.wasm"' in page, name
        assert boot in page, name
        assert f'<script type="module" src="./app/{app.name}/start.mjs"></script>' in page, name
    for name in WORKER_PAGES:
        page = (site / name).read_text(encoding="utf-8")
        assert boot in page, name
        applier = f'<script type="module" src="./app/{app.name}/applier.mjs" async></script>'
        assert applier in page and "start.mjs" not in page and "pyscript" not in page, name
    worker = (app / "worker.mjs").read_text(encoding="utf-8")
    assert f'const PYODIDE = "../../vendor/pyodide/{pyodide}/";' in worker
    start = (app / "start.mjs").read_text(encoding="utf-8")
    core = f"../../vendor/pyscript/{pyscript}/core.js"
    assert f'import {{ hooks }} from "{core}";' in start
    assert (app / core).resolve().is_file()


# -- the facts the JavaScript shares with Python, filled by the build (web/shared_facts.py) ---
def js_constants(text: str) -> dict[str, object]:
    """The ``const NAME = <JSON literal>;`` of a built script, by name."""
    found: dict[str, object] = {}
    for name, literal in re.findall(r"\bconst ([A-Z_]+) = (.+?);\n", text):
        try:
            found[name] = json.loads(literal)
        except ValueError:
            continue  # not a literal (an expression of the script's own)
    return found


def test_early_js_reads_the_snapshot_and_the_settings_python_writes(site: Path) -> None:
    """The storage keys, the snapshot's version and limits in the built early.js are
    storage.py's and snapshot.py's values."""
    from halfmoon_web.model import snapshot
    from halfmoon_web.storage import storage

    early = (app_folder(site) / "early.js").read_text(encoding="utf-8")
    assert not re.search(r"%[A-Z_]+%", early)
    assert js_constants(early) | {"CHOICES": None, "STAGES": None} == {
        "CHOICES": None,
        "STAGES": None,
        "SETTINGS_KEY": storage.SETTINGS_KEY,
        "GAME_KEY": storage.GAME_KEY,
        "SNAPSHOT_KEY": storage.SNAPSHOT_KEY,
        "SNAPSHOT_VERSION": snapshot.SNAPSHOT_VERSION,
        "MAX_SNAPSHOT_CHARS": snapshot.MAX_SNAPSHOT_CHARS,
        "MAX_EARLY_TAPS": snapshot.MAX_EARLY_TAPS,
        "MAX_ELEMENTS": snapshot.MAX_SNAPSHOT_ELEMENTS,
    }


def test_early_js_checks_a_snapshot_against_python_allowlist(site: Path) -> None:
    """The tags, places and attribute patterns early.js rebuilds a snapshot from are
    snapshot.py's, as one JSON literal each."""
    from halfmoon_web.model import snapshot

    early = (app_folder(site) / "early.js").read_text(encoding="utf-8")
    count = re.search(r"\bconst PLACE_COUNT = (\[.*?\])\.length;", early)
    assert count and json.loads(count.group(1)) == list(snapshot.PLACES)
    tags = re.search(r"\bconst TAGS = new Set\((\[.*?\])\.map", early)
    assert tags and json.loads(tags.group(1)) == list(snapshot.SNAPSHOT_TAGS)
    table = re.search(r"\bconst ATTRIBUTES = new Map\(\s*Object\.entries\((\{.*?\})\)", early)
    assert table and json.loads(table.group(1)) == snapshot.SNAPSHOT_ATTRIBUTES


def built_guard(site: Path, page: str = "index.html") -> str:
    """The start guard a built page holds inline, its first script."""
    html = (site / page).read_text(encoding="utf-8")
    return html.split("<script>", 1)[1].split("</script>", 1)[0]


def test_the_built_scripts_hold_the_languages_choices_stages_and_guard_texts(site: Path) -> None:
    """What the sources never spell (tests/test_shared_facts.py) the built files hold, from
    Python: i18n.py's languages and default, settings.py's choices, the stages, and the start
    guard's texts from the catalogs, in both languages."""
    from halfmoon_web.model import settings
    from halfmoon_web.shared import i18n

    app = app_folder(site)
    early = js_constants((app / "early.js").read_text(encoding="utf-8"))
    runtime = js_constants((app / "runtime.mjs").read_text(encoding="utf-8"))
    stages = list(shared_facts.BOOT_STAGES)
    assert early["CHOICES"] == {name: list(values) for name, values in settings.CHOICES.items()}
    assert early["STAGES"] == runtime["STAGES"] == stages == ["page", "runtime", "python", "app"]
    for page in ("index.html", "rules.html", "embed.html"):
        guard = js_constants(built_guard(site, page))
        assert guard["LANGS"] == list(i18n.LANGS) == ["en", "vi"], page
        assert guard["DEFAULT_LANG"] == i18n.DEFAULT_LANG, page
        texts = guard["TEXTS"]
        assert set(texts) == {"en", "vi"}, page
        for lang in ("en", "vi"):
            assert texts[lang] == {
                name: i18n.t(lang, key) for name, key in shared_facts.START_GUARD_TEXTS.items()
            }
        assert texts["vi"]["repair"] == "Sửa và tải lại"
        assert texts["en"]["damaged"] == "A file of the game kept by the browser is damaged."


def test_the_rules_page_says_the_engine_s_win(site: Path) -> None:
    """The rules page's prose says a win's moves and points from halfmoon_core, in both
    languages."""
    from halfmoon_core import WIN_MOVES, WIN_SCORE

    text = " ".join((site / "rules.html").read_text(encoding="utf-8").split())
    assert f"{WIN_MOVES} nước và {WIN_SCORE} điểm" in text
    assert f"{WIN_MOVES} moves and {WIN_SCORE} points" in text
    assert text.count(f"the whole win, {WIN_MOVES} moves") == 1
    assert text.count(f"cả ván thắng, {WIN_MOVES} nước") == 1


def test_the_inline_start_guard_uses_python_storage_keys(site: Path) -> None:
    """The start guard each page holds names the keys storage.py names."""
    from halfmoon_web.storage import storage

    html = (site / "index.html").read_text(encoding="utf-8")
    guard = html.split("<script>", 1)[1].split("</script>", 1)[0]
    keys = {"RETRIED_BUILD", "SELF_REPAIRED", "SETTINGS_KEY"}
    assert {name: value for name, value in js_constants(guard).items() if name in keys} == {
        "RETRIED_BUILD": storage.RETRIED_BUILD_KEY,
        "SELF_REPAIRED": storage.SELF_REPAIRED_KEY,
        "SETTINGS_KEY": storage.SETTINGS_KEY,
    }


def test_the_published_pyscript_core_carries_each_patch(site: Path) -> None:
    """PyScript's core chunk is published with every patch of ``build.PYSCRIPT_PATCHES`` applied
    (docs/upgrading.md, R9), and the service worker's manifest checks the patched file."""
    folder = site / "vendor" / "pyscript" / build.package_version("@pyscript/core")
    (core,) = folder.glob("core-*.js")
    text = core.read_text(encoding="utf-8")
    for patch in build.PYSCRIPT_PATCHES:
        assert text.count(patch.new) == 1, patch.name
        assert patch.old not in text, patch.name
    name = core.relative_to(site).as_posix()
    assert sw_manifest(site)["checks"][name] == build.file_check(core)


def test_a_patch_whose_text_is_not_found_once_stops_the_build() -> None:
    """A vendored file that changed (the patch's text missing, or found twice) is refused by
    name, never published unpatched or patched twice."""
    patch = build.VendorPatch(name="probe", file="core-*.js", old="a()", new="b()")
    assert build.patch_vendor("core-X.js", "x;a();y", [patch]) == ("x;b();y", ["probe"])
    assert build.patch_vendor("other.js", "a();a()", [patch]) == ("a();a()", [])
    for text, times in (("x;y", 0), ("a();a()", 2)):
        with pytest.raises(build.BuildError, match=rf"patch 'probe' {times} times, not once"):
            build.patch_vendor("core-X.js", text, [patch])


def test_a_patch_that_matches_no_file_stops_the_build(tmp_path: Path) -> None:
    """A patch must be applied to exactly one of the files copied (its file renamed: refused)."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "core.js").write_text("a()", encoding="utf-8")
    patch = build.VendorPatch(name="probe", file="core-*.js", old="a()", new="b()")
    with pytest.raises(build.BuildError, match=r"patch 'probe' applied to 0 files"):
        build.copy_vendor(tmp_path / "src", tmp_path / "out", ["core.js"], [patch])
    renamed = build.VendorPatch(name="probe", file="core.js", old="a()", new="b()")
    build.copy_vendor(tmp_path / "src", tmp_path / "out", ["core.js"], [renamed])
    assert (tmp_path / "out" / "core.js").read_text(encoding="utf-8") == "b()"
