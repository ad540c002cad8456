"""Fixtures for the Half Moon browser tests: pytest-playwright's own, configured for the site.

The browser, the contexts and the pages are the plugin's fixtures (``browser``, ``new_context``,
``context``, ``page``); this file sets them up through the plugin's hooks:

* ``browser_type_launch_args``: Debian's ``/usr/bin/chromium`` (or ``$HALFMOON_CHROMIUM``;
  Playwright's own build only if neither exists) with the flags of
  :data:`harness.TEST_CHROMIUM_ARGS`, headless unless ``--headed`` (which needs a display:
  ``xvfb-run -a pytest e2e --headed`` on a machine without one). Nothing needs ``playwright
  install``. Chromium only: Firefox and WebKit are driven by the smoke tests (``e2e/smoke/``),
  so ``--browser firefox`` is refused.
* ``browser_context_args``: a 1280×800 desktop viewport, and ``base_url``, the served site
  (``page.goto("rules.html")`` works). A test that needs other context
  options (viewport, locale, reduced motion...) says so with the plugin's marker,
  ``@pytest.mark.browser_context_args(locale="vi-VN")``, on the test, on one of its parameters
  (``pytest.param(..., marks=...)``) or on the module (``pytestmark``); the closest marker
  applies, whole, over these defaults.
* ``new_context`` (so ``context`` and ``page`` too): every context is **guarded** by the test's
  ``guard`` (:class:`harness.PageGuard`), which records console errors, uncaught page errors,
  ``.py-error`` nodes, CSP violations and every request off the test origin (aborted), on every
  page of the context. At teardown the contexts are closed and the test fails if any of these
  happened, unless it is marked ``@pytest.mark.allow_page_errors``. Every page's ``site_url``
  is the served site's base URL (read by :func:`harness.open_app`).
* ``shared_page`` (per module): one guarded page for a whole module, so that Pyodide starts once
  for many tests; made with the same context options (the module's marker included).
* ``game_page`` (per module): ``shared_page`` with the game page open on deal ``DEAL``.
* ``deal_page`` (per test): ``game_page`` reset for one test through the page itself (no new
  start): no dialog open, the settings at their defaults, the module's viewport, no forced
  colours, deal ``DEAL`` opened again at its start; the test fails on any problem the page
  reported during it. ``game`` (per test): that deal, computed by the engine in the test
  process.
* ``module_page`` (per test): ``shared_page`` for a test that opens what it reads itself
  (``open_app``): a new document, but a warm start (the module's context keeps its HTTP cache,
  service worker and compiled code), for tests that neither write the storage nor need it
  empty. Its viewport goes back to the module's after the test, which fails on any problem
  the page reported meanwhile.
* ``first_visit`` (session): one first visit of the game page (a new context), its requests
  and responses recorded, for the tests that only read what a first visit did.
* ``warm_context`` (per module, shared by the modules with the same context options) /
  ``warm_page`` (per test): a new tab, its site storage empty, in a context that has been to
  the site before (warm caches and service worker): a cheaper start than ``page``'s first
  visit, for tests that need empty storage but no first visit.
* ``site_dir`` / ``site_url`` (session): ``dist/`` (rebuilt first when missing or stale, by one
  process at a time), served by ``web/serve.py`` (with the site's headers and CSP) from a thread,
  on a free port.
* ``load_metrics`` (session): figures the tests measure, printed at the end of the run, with
  the run's page starts (``harness.page_starts``: each worker's, under pytest-xdist).

Under ``pytest -n 2`` (pytest-xdist; ``tests/run_all.sh`` runs ``e2e/`` so) each worker is a
session of its own: its own Chromium, its own server on its own free port, its own temporary
folders; ``dist/`` is shared, read only (a stale one is rebuilt by the first worker to look, the
others wait on a lock), and the workers' load figures are printed by the controller.

Open the app with ``harness.open_app(page, "index.html?deal=...")``.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon_core import Game

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(
    0, str(ROOT / "web" / "site")
)  # DOM-free modules such as halfmoon_web.rules_page.seed_example

import build  # noqa: E402 - web/build.py
import serve  # noqa: E402 - web/serve.py
from game_support import DEAL, at_rest, button, open_deal, set_setting, settle  # noqa: E402
from harness import (  # noqa: E402
    CONTROLLED,
    TEST_CHROMIUM_ARGS,
    FirstVisit,
    PageGuard,
    chromium_executable,
    empty_tab,
    open_app,
    page_starts,
)

DESKTOP = {"width": 1280, "height": 800}


def pytest_configure(config: pytest.Config) -> None:
    """Register the opt-out marker; refuse a browser other than Chromium."""
    config.addinivalue_line(
        "markers",
        "allow_page_errors: the test expects console/page/Python errors or blocked requests; "
        "the guard still records them (see the `guard` fixture) but does not fail the test",
    )
    config.addinivalue_line(
        "markers",
        "alone: a test bounded by a time: tests/run_all.sh runs it after the others, in one "
        "process, so that no other worker's browser shares the cores (docs/testing.md)",
    )
    others = set(config.getoption("--browser", default=None) or []) - {"chromium"}
    if others:
        raise pytest.UsageError(
            f"e2e/ runs in Chromium only, not {', '.join(sorted(others))}: Playwright's Firefox "
            "and WebKit builds are not installed; `npm run test:smoke` drives Debian's"
        )


#: The modules that take longest (each run lists its slowest tests), started first: the two
#: workers of ``pytest -n 2 --dist loadfile`` then end close together (docs/testing.md, "Time").
LONGEST_FIRST = (
    "test_daily_stats.py",
    "test_nothing_lost.py",
    "test_start_repair.py",
    "test_early_board.py",
    "test_updates.py",
    "test_game_state.py",
    "test_real_hosts.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the modules of :data:`LONGEST_FIRST` first, in that order; the rest as collected."""
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The published site, built now if ``dist/`` is missing or older than its sources; one
    process at a time looks (the workers of ``pytest -n`` share ``dist/``)."""
    out = build.DEFAULT_OUT
    key = hashlib.sha256(str(out.resolve()).encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir()) / f"halfmoon-build-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if build.is_stale(out):
            build.build(out)
    return out


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Base URL (ending in ``/``) of ``dist/`` served like Netlify, for the whole session."""
    with serve.serve_in_thread(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """The plugin's base URL (contexts resolve relative URLs against it): the served site."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """The plugin's launch options (``--headed``, ``--slowmo``...) on Debian's Chromium."""
    executable = chromium_executable()
    return {
        "headless": True,
        **browser_type_launch_args,
        "args": TEST_CHROMIUM_ARGS,
        **({"executable_path": executable} if executable else {}),
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The plugin's context options (``--device``...) over a desktop viewport."""
    return {"viewport": DESKTOP, **browser_context_args}


@pytest.fixture
def guard(site_url: str) -> PageGuard:
    """The problem recorder of this test's contexts."""
    return PageGuard.for_site(site_url)


def guarded(context: BrowserContext, guard: PageGuard, site_url: str) -> BrowserContext:
    """Watch ``context`` with ``guard``; every page opened in it knows ``site_url``."""
    guard.watch(context)
    context.on("page", lambda page: setattr(page, "site_url", site_url))
    return context


@pytest.fixture
def new_context(
    new_context: Callable[..., BrowserContext],
    guard: PageGuard,
    site_url: str,
    request: pytest.FixtureRequest,
) -> Iterator[Callable[..., BrowserContext]]:
    """The plugin's ``new_context``, each context guarded. At teardown the contexts still open
    are closed (what their pages report meanwhile counts), then the test fails on any problem
    unless it is marked ``allow_page_errors``."""
    open_contexts: list[BrowserContext] = []

    def guarded_context(**options: Any) -> BrowserContext:
        context = guarded(new_context(**options), guard, site_url)
        open_contexts.append(context)
        context.on("close", lambda closed: open_contexts.remove(closed))
        return context

    yield guarded_context
    for context in list(open_contexts):
        context.close()
    if request.node.get_closest_marker("allow_page_errors") is None:
        guard.fail_on_problems()


@pytest.fixture(scope="module")
def module_context_args(
    browser_context_args: dict[str, Any], request: pytest.FixtureRequest
) -> dict[str, Any]:
    """The context options of the module's own contexts: as ``new_context``'s, the module's
    ``browser_context_args`` marker over the defaults."""
    marker = request.node.get_closest_marker("browser_context_args")
    return {**browser_context_args, **(marker.kwargs if marker else {})}


def module_context(browser: Browser, options: dict[str, Any], site_url: str) -> BrowserContext:
    """A guarded context made with ``options``; ``context.guard`` is its recorder."""
    guard = PageGuard.for_site(site_url)
    context = guarded(browser.new_context(**options), guard, site_url)
    context.guard = guard  # type: ignore[attr-defined] - read by the fixtures and after tests
    return context


@pytest.fixture(scope="module")
def shared_page(
    browser: Browser, module_context_args: dict[str, Any], site_url: str
) -> Iterator[Page]:
    """One guarded page for the whole module, in a context made as ``new_context`` makes them
    (the module's ``browser_context_args`` marker applies). ``page.guard`` is its recorder;
    the module's last test fails if it recorded any problem."""
    context = module_context(browser, module_context_args, site_url)
    page = context.new_page()
    page.guard = context.guard  # type: ignore[attr-defined] - for a check after each test
    yield page
    context.close()
    page.guard.fail_on_problems()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def game_page(shared_page: Page) -> Page:
    """The module's one page (``shared_page``) with the game page open on deal DEAL."""
    open_app(shared_page, f"index.html?lang=en&deal={DEAL}")
    return shared_page


#: The settings that are checkboxes, each off by default: what ``deal_page`` puts back.
DEFAULT_OFF_SETTINGS = ("Move errors", "Placement assist", "Diagram labels", "Sound")


@pytest.fixture
def deal_page(game_page: Page, module_context_args: dict[str, Any]) -> Iterator[Page]:
    """The module's game page (``game_page``), reset for a test through the page itself, not by
    a new start: no dialog open, the settings at their defaults, the module's viewport and no
    forced colours, deal DEAL opened again (the Open deal dialog) at its start, its cards dealt
    (at rest). The test fails
    if the page reported a problem during it."""
    page = game_page
    guard: PageGuard = page.guard  # type: ignore[attr-defined]
    guard.clear()  # a problem of an earlier test failed that test
    page.set_viewport_size(module_context_args["viewport"])
    page.emulate_media(forced_colors="none")
    settle(page)  # what the last test's last click opens is open
    while page.get_by_role("dialog").count():
        page.keyboard.press("Escape")
    changed = [
        name for name in DEFAULT_OFF_SETTINGS if page.get_by_label(name, exact=True).is_checked()
    ]
    for label in changed:  # the panel opened only if a setting is not at its default
        set_setting(page, label, False)
    if changed or page.locator(".panel:visible").count():  # a panel left open
        button(page, "Close").click()
    open_deal(page, DEAL)
    expect(page.locator("#deal-code")).to_have_text(DEAL)
    expect(page.locator("#moves")).to_have_text("0")
    at_rest(page)  # the deal's cards dealt: a test measures them where they lie
    yield page
    guard.fail_on_problems()


@pytest.fixture
def game() -> Game:
    """Deal DEAL (``game_page``'s and ``deal_page``'s), computed by the engine in the test
    process."""
    return Game.from_code(DEAL)


@pytest.fixture
def module_page(shared_page: Page) -> Iterator[Page]:
    """The module's one page (``shared_page``) for a test that opens its own document on it;
    the test fails if the page reported a problem during it."""
    guard: PageGuard = shared_page.guard  # type: ignore[attr-defined]
    viewport = shared_page.viewport_size
    guard.clear()  # a problem of an earlier test failed that test
    yield shared_page
    if viewport is not None:
        shared_page.set_viewport_size(viewport)
    guard.fail_on_problems()
    guard.clear()


@pytest.fixture(scope="session")
def first_visit(
    browser: Browser, browser_context_args: dict[str, Any], site_url: str
) -> Iterator[FirstVisit]:
    """One first visit of ``index.html`` (a new context: nothing cached, no service worker),
    made once per session for the tests that only read what it did (``test_startup``,
    ``test_runtime_files``), instead of a first visit each: it waits until the page is ready
    and its service worker has installed (under the CSP too). Its problems are failed by the
    tests that read them, and at the end of the session."""
    context = module_context(browser, browser_context_args, site_url)
    page = context.new_page()
    visit = FirstVisit(page=page, guard=context.guard)  # type: ignore[attr-defined]
    page.on("request", lambda request: visit.requests.append(request))
    page.on("response", lambda response: visit.responses.append(response))
    open_app(page, "index.html")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    yield visit
    context.close()
    context.guard.fail_on_problems()  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def warm_contexts(browser: Browser, site_url: str) -> Iterator[dict[str, BrowserContext]]:
    """The session's warm contexts (``warm_context``), one per set of context options, so that
    the modules whose options are the same share one: closed at the end of the session."""
    contexts: dict[str, BrowserContext] = {}
    yield contexts
    for context in contexts.values():
        context.close()


def warmed(browser: Browser, options: dict[str, Any], site_url: str) -> BrowserContext:
    """A guarded context made with ``options`` that has been to the site once (the game page
    started in it, then closed): its HTTP cache, service worker and Cache Storage are warm."""
    context = module_context(browser, options, site_url)
    first = context.new_page()
    open_app(first, "index.html?lang=en")
    assert first.evaluate(CONTROLLED)  # the service worker installed: its cache is full
    first.close()
    context.guard.fail_on_problems()  # type: ignore[attr-defined]
    return context


@pytest.fixture(scope="module")
def warm_context(
    browser: Browser,
    module_context_args: dict[str, Any],
    site_url: str,
    warm_contexts: dict[str, BrowserContext],
) -> BrowserContext:
    """A guarded context that has been to the site once (``warmed``), made as ``new_context``
    makes them (the module's ``browser_context_args`` marker applies) and shared by every
    module of the session with the same options (``warm_contexts``: its first visit is paid
    once). ``context.guard`` is its recorder. Tests reach it through ``warm_page``."""
    key = json.dumps(module_context_args, sort_keys=True, default=str)
    if key not in warm_contexts:
        warm_contexts[key] = warmed(browser, module_context_args, site_url)
    return warm_contexts[key]


@pytest.fixture
def warm_page(
    warm_context: BrowserContext, site_url: str, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A new tab in the module's ``warm_context``, on ``about:blank``, the site's localStorage
    emptied (``harness.empty_tab``: opened by the context's keeper tab, in its renderer
    process): what a player has after a visit and "clear site data" that kept the cached
    files, and sessionStorage new as in any new tab. A return visit's start,
    not a first visit's (docs/testing.md, "Time"). For a test that neither installs
    Playwright's clock nor changes the context (both would outlive the test, and the context
    serves other modules too), nor routes a request of the site (the service worker answers it
    first); the page's own init scripts and routes of another origin are fine. (Setting the
    clock's time, not installing it, is fine in a module whose context options are its own and
    whose every test sets it: test_daily_stats.py.) Every page the test opened in the context
    is closed after it (but the keeper); the test fails on any problem they reported (unless
    marked ``allow_page_errors``)."""
    guard: PageGuard = warm_context.guard  # type: ignore[attr-defined]
    guard.clear()
    page = empty_tab(warm_context, site_url)
    yield page
    keeper = getattr(warm_context, "keeper", None)
    for opened in list(warm_context.pages):
        if opened is not keeper:
            opened.close()
    if request.node.get_closest_marker("allow_page_errors") is None:
        guard.fail_on_problems()
    guard.clear()


@pytest.fixture(scope="session")
def load_metrics(pytestconfig: pytest.Config) -> dict[str, Any]:
    """Figures measured by the tests (load times, bytes): printed at the end of the run and
    written to ``e2e/artifacts/load-metrics.json``."""
    return pytestconfig.__dict__.setdefault("_halfmoon_metrics", {})


METRICS_KEY = "halfmoon_metrics"


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Note the page starts of the run (of this worker, under pytest-xdist); in a pytest-xdist
    worker, hand the load figures it measured to the controller."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if page_starts[0]:
        workerinput = getattr(session.config, "workerinput", None)  # pytest-xdist's
        worker = f" ({workerinput['workerid']})" if workerinput is not None else ""
        metrics = session.config.__dict__.setdefault("_halfmoon_metrics", {})
        metrics[f"page starts{worker}"] = page_starts[0]
    metrics = session.config.__dict__.get("_halfmoon_metrics")
    if workeroutput is not None and metrics:
        workeroutput[METRICS_KEY] = json.dumps(metrics)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """In the pytest-xdist controller: gather the load figures of a worker that finished."""
    figures = getattr(node, "workeroutput", {}).get(METRICS_KEY)
    if figures:
        node.config.__dict__.setdefault("_halfmoon_metrics", {}).update(json.loads(figures))


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
