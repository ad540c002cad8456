"""Each page starts from bytecode: its own archives, fetched at once, and nothing else.

docs/startup.md, "Bytecode": the build compiles the standard library and the app with the
runtime's own Python; each page loads the standard library set it imports and its app
modules; any other standard library module is fetched on demand, so no import fails.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import build
import page_head
import pytest
import serve
from harness import PageGuard, open_app, python_on_main_thread
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("index.html", "rules.html", "embed.html?deal=HM1-N-AAAAAAB")


@pytest.mark.parametrize("address", PAGES)
def test_a_page_fetches_its_own_archives_and_no_source(page: Page, address: str) -> None:
    """Starting a page fetches its standard library set and its app archive, no stock
    standard library, no package list, no Python source but a PyScript page's entry script,
    and not the rest of the standard library (the page's set is complete)."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0]))
    open_app(page, address)
    names = [url.rsplit("/", 1)[-1] for url in requested]
    assert any(n.startswith("stdlib-") and not n.startswith("stdlib-all-") for n in names)
    assert any(n.startswith("python-") and n.endswith(".zip") for n in names)
    assert not [n for n in names if n.startswith("stdlib-all-")]
    assert "python_stdlib.zip" not in names
    assert "pyodide-lock.json" not in names
    # A PyScript page's entry script is its one source file; a worker page has none: its worker
    # imports the page's module from the app archive (docs/worker.md).
    entry = [] if page_head.PAGES[address.split(".")[0]].worker else ["main.py"]
    assert [n for n in names if n.endswith(".py")] == entry


#: A module added to a copy of the game page's package, run as the page is built: what the
#: page's Python reports about its own start, on ``<html>``, through the page's DOM (so on
#: either thread: docs/worker.md).
PROBE = """
import importlib as _importlib, importlib.util as _util, os as _os, sys as _sys
import zipimport as _zipimport


def _stale_pyscript():
    if not _os.path.isdir("pyscript"):  # Python in a worker: no PyScript
        return "no pyscript"
    stale = []
    for name in sorted(_os.listdir("pyscript")):
        if name.endswith(".py"):
            source = open("pyscript/" + name, "rb").read()
            cached = "pyscript/__pycache__/%s.%s.pyc" % (name[:-3], _sys.implementation.cache_tag)
            pyc = open(cached, "rb").read()
            if pyc[4:8] != bytes([3, 0, 0, 0]) or pyc[8:16] != _util.source_hash(source):
                stale.append(name)
    return " ".join(stale) or "none"


def mark(dom):
    root = dom.document.documentElement
    names = [_importlib.import_module(n).__name__ for n in
             ("decimal", "email.mime.text", "xml.dom.minidom")]
    root.setAttribute("data-lazy", " ".join(names))
    root.setAttribute("data-stale-pyc", _stale_pyscript())
    zips = [i for i in _sys.path_importer_cache.values() if isinstance(i, _zipimport.zipimporter)]
    kinds = sorted({type(i).__module__ + "." + type(i).__qualname__ for i in zips})
    kept = sum(len(getattr(i, "found_code", {})) for i in zips)
    root.setAttribute("data-zip-importers", " ".join(kinds) + f" kept={kept}")
"""


@pytest.fixture(scope="module")
def probed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build whose game page also runs :data:`PROBE` as it is built."""
    root = tmp_path_factory.mktemp("probed")
    site = root / "site"
    shutil.copytree(ROOT / "web" / "site", site)
    package = site / "halfmoon_web" / "game_page"
    (package / "probe.py").write_text(PROBE, encoding="utf-8")
    app = package / "app.py"
    text = app.read_text(encoding="utf-8")
    future = "from __future__ import annotations\n"
    built = "        dom, data, state = ctx.dom, ctx.stores.data, ctx.state\n"
    assert future in text and built in text
    text = text.replace(future, future + "from halfmoon_web.game_page import probe\n", 1)
    app.write_text(text.replace(built, built + "        probe.mark(dom)\n", 1), "utf-8")
    build.build(root / "dist", site=site)
    return root / "dist"


def probed(page: Page, guard: PageGuard, site: Path, attribute: str) -> str | None:
    """Open the probed build's game page and return what :data:`PROBE` wrote in ``attribute``
    of ``<html>``."""
    with serve.serve_in_thread(site) as url:
        guard.allow_origin(url)
        open_app(page, "index.html", base_url=url)
        page.wait_for_selector(f"html[{attribute}]", state="attached")
        return page.get_attribute("html", attribute)


def test_a_module_the_page_lacks_is_fetched_when_imported(
    page: Page, guard: PageGuard, probed_site: Path
) -> None:
    """A standard library module outside the page's set (imported in a way the build cannot
    see) still imports: the rest of the standard library is fetched once, then used."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    lazy = probed(page, guard, probed_site, "data-lazy")
    assert lazy == "decimal email.mime.text xml.dom.minidom"
    assert len([u for u in requested if "/stdlib-all-" in u]) == 1


def test_pyscript_imports_its_package_from_the_builds_bytecode(
    page: Page, guard: PageGuard, probed_site: Path
) -> None:
    """The bytecode the build made of PyScript's package matches, byte for byte, the source
    PyScript writes at start (its hash), so Python imports it without compiling."""
    if not python_on_main_thread(probed_site):
        pytest.skip("the game page's Python runs in a worker: no PyScript there")
    assert probed(page, guard, probed_site, "data-stale-pyc") == "none"


def test_zipped_modules_are_read_once(page: Page, guard: PageGuard, probed_site: Path) -> None:
    """Every zip archive on the page's path is read by the build's ``sitecustomize`` importer,
    which loads a module's code once (the stock one loads it twice), and keeps no code once
    the modules have run."""
    importers = probed(page, guard, probed_site, "data-zip-importers")
    assert importers == "sitecustomize.ZipImporter kept=0"
