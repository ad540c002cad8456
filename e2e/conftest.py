"""Fixtures for the Half Moon browser tests (Playwright, headless Chromium).

* ``site_dir`` (session): the built ``dist/``, rebuilt first when missing or stale.
* ``site_url`` (session): ``http://127.0.0.1:PORT/``, ``dist/`` served by ``web/serve.py`` (the
  netlify.toml headers and CSP included) from a thread, on a free port.
* ``browser`` (session): one Chromium for the whole run (Debian's ``/usr/bin/chromium`` with
  the flags of :data:`harness.CHROMIUM_ARGS`; Playwright's own build if Debian's is absent).
* ``guard`` (per test): the :class:`harness.PageGuard` of the test's context.
* ``context`` / ``page`` (per test): a fresh context and page that record console errors,
  uncaught page errors, ``.py-error`` nodes, CSP violations and every request off the test
  origin (aborted). At teardown the test fails if any of these happened, unless it is marked
  ``@pytest.mark.allow_page_errors``. ``page.site_url`` is the site's base URL.

Open the app with ``harness.open_app(page, "index.html?deal=...")``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT / "web" / "site"))  # DOM-free modules such as halfmoon_web.seed_example

import build  # noqa: E402 - web/build.py
import serve  # noqa: E402 - web/serve.py
from harness import CHROMIUM_ARGS, PageGuard, chromium_executable, origin_of  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    """Register the opt-out marker."""
    config.addinivalue_line(
        "markers",
        "allow_page_errors: the test expects console/page/Python errors or blocked requests; "
        "the guard still records them (see the `guard` fixture) but does not fail the test",
    )


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The published site, built now if ``dist/`` is missing or older than its sources."""
    if build.is_stale(build.DEFAULT_OUT):
        build.build(build.DEFAULT_OUT)
    return build.DEFAULT_OUT


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Base URL (ending in ``/``) of ``dist/`` served like Netlify, for the whole session."""
    with serve.serve_in_thread(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One headless Chromium for the whole session."""
    executable = chromium_executable()
    launched = playwright.chromium.launch(
        headless=True,
        args=CHROMIUM_ARGS,
        **({"executable_path": executable} if executable else {}),
    )
    yield launched
    launched.close()


@pytest.fixture
def guard(site_url: str) -> PageGuard:
    """The problem recorder of this test's context."""
    return PageGuard(allowed_origins={origin_of(site_url)})


@pytest.fixture
def context(
    browser: Browser, guard: PageGuard, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    """A fresh browser context (own cache, storage and service workers) with the recorders."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    guard.attach_context(ctx)
    yield ctx
    ctx.close()
    if request.node.get_closest_marker("allow_page_errors") is None:
        problems = guard.problems()
        if problems:
            pytest.fail("the page reported problems:\n  " + "\n  ".join(problems))


@pytest.fixture
def page(context: BrowserContext, guard: PageGuard, site_url: str) -> Page:
    """A page in the test's context; ``page.site_url`` is the served site's base URL."""
    new_page = context.new_page()
    guard.attach_page(new_page)
    new_page.site_url = site_url  # type: ignore[attr-defined] - read by harness.open_app
    return new_page


@pytest.fixture(scope="session")
def load_metrics(pytestconfig: pytest.Config) -> dict[str, Any]:
    """Figures measured by the tests (load times, bytes): printed at the end of the run and
    written to ``e2e/artifacts/load-metrics.json``."""
    return pytestconfig.__dict__.setdefault("_halfmoon_metrics", {})


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Print and save the load figures the e2e tests measured, if any."""
    metrics = config.__dict__.get("_halfmoon_metrics")
    if not metrics:
        return
    terminalreporter.section("Half Moon load figures")
    for name, value in metrics.items():
        terminalreporter.write_line(f"{name}: {value}")
    artifacts = ROOT / "e2e" / "artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "load-metrics.json").write_text(json.dumps(metrics, indent=2) + "\n")
