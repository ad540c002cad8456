"""Each page starts from bytecode: its own archives, fetched at once, and nothing else.

docs/startup.md, "Bytecode": the build compiles the standard library and the app with the
runtime's own Python; each page loads the standard library set it imports and its app
modules; any other standard library module is fetched on demand, so no import fails.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import build
import pytest
import serve
from harness import PageGuard, open_app
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("index.html", "rules.html", "embed.html?deal=HM1-N-AAAAAAB")


@pytest.mark.parametrize("address", PAGES)
def test_a_page_fetches_its_own_archives_and_no_source(page: Page, address: str) -> None:
    """Starting a page fetches its standard library set and its app archive, no stock
    standard library, no package list, no Python source but the entry script, and not the
    rest of the standard library (the page's set is complete)."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0]))
    open_app(page, address)
    names = [url.rsplit("/", 1)[-1] for url in requested]
    assert any(n.startswith("stdlib-") and not n.startswith("stdlib-all-") for n in names)
    assert any(n.startswith("python-") and n.endswith(".zip") for n in names)
    assert not [n for n in names if n.startswith("stdlib-all-")]
    assert "python_stdlib.zip" not in names
    assert "pyodide-lock.json" not in names
    assert [n for n in names if n.endswith(".py")] == ["main.py"]


def test_a_module_the_page_lacks_is_fetched_when_imported(
    page: Page, guard: PageGuard, tmp_path: Path
) -> None:
    """A standard library module outside the page's set (imported in a way the build cannot
    see) still imports: the rest of the standard library is fetched once, then used."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "web" / "site", site)
    main = site / "main.py"
    main.write_text(
        main.read_text(encoding="utf-8")
        + "\nimport importlib as _importlib\n"
        + "_names = [_importlib.import_module(n).__name__ for n in"
        + " ('decimal', 'email.mime.text', 'xml.dom.minidom')]\n"
        + "document.documentElement.setAttribute('data-lazy', ' '.join(_names))\n",
        encoding="utf-8",
    )
    out = tmp_path / "dist"
    build.build(out, site=site)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    with serve.serve_in_thread(out) as url:
        guard.allow_origin(url)
        open_app(page, "index.html", base_url=url)
        page.wait_for_selector("html[data-lazy]", state="attached")
        lazy = page.get_attribute("html", "data-lazy")
    assert lazy == "decimal email.mime.text xml.dom.minidom"
    assert len([u for u in requested if "/stdlib-all-" in u]) == 1
