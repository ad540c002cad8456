"""Start-up of the app in the browser: ready, self-contained, clean, and loud when it fails."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from harness import FirstVisit, PageGuard, open_app, origin_of, python_on_main_thread
from playwright.sync_api import Page, Route, expect


def test_app_reaches_ready(first_visit: FirstVisit) -> None:
    """The page gets <html data-ready> and the board container holds what Python drew."""
    page = first_visit.page
    expect(page.locator("html")).to_have_attribute("data-ready", "")
    expect(page.locator("#board")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#boot-error")).to_be_hidden()


def test_no_request_leaves_the_origin(first_visit: FirstVisit) -> None:
    """Every request of a full start-up goes to the site's own origin (no CDN, no telemetry)."""
    requests = first_visit.requests
    site = origin_of(first_visit.page.site_url)  # type: ignore[attr-defined]
    assert requests, "no request recorded"
    assert {origin_of(r.url) for r in requests if r.url.startswith("http")} == {site}
    assert first_visit.guard is not None and first_visit.guard.foreign_requests == []


def test_no_console_error_nor_csp_violation(first_visit: FirstVisit) -> None:
    """A start-up under the real CSP logs no error and violates nothing, its service worker
    (registered once the page is ready) installed under the CSP too."""
    assert first_visit.guard is not None and first_visit.guard.problems() == []


PAGES = sorted(p.name for p in (Path(__file__).parents[1] / "web" / "site").glob("*.html"))


@pytest.mark.parametrize("name", PAGES)
def test_every_page_starts_cleanly(page: Page, guard: PageGuard, name: str) -> None:
    """Every published page reaches data-ready under the CSP, with no error of any kind."""
    open_app(page, f"{name}?deal=HM1-N-AAAAAAB")
    assert guard.problems() == []


@pytest.mark.allow_page_errors
def test_runtime_failure_shows_a_message(page: Page, guard: PageGuard) -> None:
    """With Pyodide's wasm missing, the player sees a message (data-error), not a blank page."""
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    message = open_app(page, expect_error=True)
    assert message
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error-detail")).to_have_text(message)
    expect(page.locator(".loader")).to_be_hidden()
    assert guard.console_errors, "the failure should also reach the console"


def with_broken_engine(archive: bytes) -> bytes:
    """The page's app archive with an engine package that raises when imported."""
    broken = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as source, zipfile.ZipFile(broken, "w") as zf:
        for name in source.namelist():
            if name != "halfmoon_core/__init__.pyc":
                zf.writestr(name, source.read(name))
        zf.writestr("halfmoon_core/__init__.py", 'raise RuntimeError("engine broken")\n')
    return broken.getvalue()


@pytest.mark.allow_page_errors
def test_python_exception_at_start_shows_a_message(page: Page) -> None:
    """A Python exception while starting (here: a broken engine module) reaches the player."""

    def fulfill(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=with_broken_engine(response.body()))

    page.route("**/python-game.zip", fulfill)
    message = open_app(page, expect_error=True)
    assert message is not None and "engine broken" in message
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error-detail")).to_contain_text("engine broken")


@pytest.mark.allow_page_errors
def test_uncaught_python_exception_shows_a_message(
    page: Page, guard: PageGuard, site_dir: Path
) -> None:
    """An exception the entry script does not catch still reaches the player, in one line."""
    if not python_on_main_thread(site_dir):
        pytest.skip(
            "the game page's Python runs in a worker: no main.py (an exception the "
            "page's module raises: test_python_exception_at_start_shows_a_message)"
        )
    broken = 'raise ValueError("boom")\n'
    page.route("**/main.py", lambda route: route.fulfill(status=200, body=broken))
    message = open_app(page, expect_error=True)
    assert message == "ValueError: boom"
    expect(page.locator("#boot-error-detail")).to_have_text("ValueError: boom")
    assert guard.py_errors, "PyScript's own error banner is expected too"
