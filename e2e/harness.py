"""Helpers for the Half Moon browser tests (imported by ``conftest.py`` and the tests).

The fixtures live in ``conftest.py``; this module holds what a test imports by name:
``open_app``, ``wait_for_app``, ``PageGuard`` and the constants.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Request,
    Response,
    Route,
)

#: Pyodide takes 4–6 s to start on the reference machine; leave room for a loaded CI box.
READY_TIMEOUT_MS = 60_000
#: A page that reloads itself into a new build (boot.js) says ``data-reloading``: not that one.
READY_SELECTOR = "html[data-ready]:not([data-reloading]), html[data-error]:not([data-reloading])"
#: In a page: true once a service worker controls it (at once, or at its next change of
#: controller): the worker has installed, its cache is filled. False if none has after 90 s
#: (an evaluation has no time limit of its own: docs/testing.md, "A test that hangs").
CONTROLLED = """() => navigator.serviceWorker.controller ? true : new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true));
    setTimeout(() => resolve(false), 90000);
})"""
#: The runtime's WebAssembly: every page start asks for it once (from the network, the HTTP
#: cache or the service worker), so its requests by pages (not the worker's precache) count the
#: run's page starts, the unit of a browser test's cost (docs/testing.md, "Time").
RUNTIME_WASM = "/pyodide.asm.wasm"
#: The page starts of this process so far (``page_starts[0]``), counted by every guard.
page_starts = [0]
#: Flags for Chromium as root, headless, on a machine whose only network is loopback.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The browser tests' flags: :data:`CHROMIUM_ARGS`, and V8 compiling WebAssembly with its
#: baseline compiler only (Liftoff, no optimising tier-up). Which tier runs Pyodide is not
#: behaviour under test, and the optimising compiler's background work cost a start here a
#: fifth of its CPU time (3.3 s against 2.6 s, docs/testing.md, "Time"). The benchmarks
#: (bench/) keep :data:`CHROMIUM_ARGS`: the engine as players have it.
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]

# Runs in every frame before any page script (Playwright injects it over CDP, so the page's CSP
# does not apply to it): reports CSP violations and PyScript's .py-error nodes to the test.
_WATCH_SCRIPT = """
(() => {
  const report = (kind, text) => { try { window.__hmReport(kind, String(text)); } catch {} };
  document.addEventListener("securitypolicyviolation", (e) => {
    report("csp", `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} `
      + `(${e.sourceFile || ""}:${e.lineNumber || 0})`);
  });
  const seen = new WeakSet();
  const scan = (node) => {
    if (node.nodeType !== 1) return;
    const found = node.matches(".py-error") ? [node] : [...node.querySelectorAll(".py-error")];
    for (const el of found) {
      if (!seen.has(el)) { seen.add(el); report("py-error", el.textContent); }
    }
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) scan(n);
  });
  observer.observe(document, { childList: true, subtree: true });
})();
"""


def chromium_executable() -> str | None:
    """Return the Chromium to drive: ``$HALFMOON_CHROMIUM``, else Debian's, else None.

    None means Playwright's own browser build (when one is installed).
    """
    for candidate in (os.environ.get("HALFMOON_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and shutil.which(candidate):
            return candidate
    return None


def page_function(module: str, name: str) -> str:
    """The text of the function ``name`` exported by the JavaScript module ``module`` of
    ``e2e/`` (in-page functions shared with the smoke scenario), for ``page.evaluate``."""
    text = (Path(__file__).resolve().parent / module).read_text(encoding="utf-8")
    found = re.search(rf"^export ((?:async )?function {name}\(.*?^}}$)", text, re.M | re.S)
    if not found:
        raise LookupError(f"e2e/{module} exports no function {name}")
    return found.group(1)


def python_on_main_thread(site_dir: Path, page: str = "index.html") -> bool:
    """Whether the built ``page`` runs its Python on the main thread (PyScript's entry script,
    ``main.py``) rather than in a worker (docs/worker.md): the few tests of what only one of
    the two has (``main.py`` itself) ask."""
    return "/main.py" in (site_dir / page).read_text(encoding="utf-8")


def origin_of(url: str) -> str:
    """Return ``scheme://host:port`` of ``url``."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class PageGuard:
    """Records everything that must not happen on a page, for one test.

    ``console_errors``, ``page_errors``, ``py_errors``, ``csp_violations`` and
    ``foreign_requests`` (requests to an origin not in ``allowed_origins``, which are aborted).
    """

    allowed_origins: set[str]
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    py_errors: list[str] = field(default_factory=list)
    csp_violations: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)

    @classmethod
    def for_site(cls, site_url: str) -> PageGuard:
        """A guard that lets through the requests to the origin of ``site_url`` only."""
        return cls(allowed_origins={origin_of(site_url)})

    def allow_origin(self, url: str) -> None:
        """Let requests to the origin of ``url`` through (e.g. a second test server)."""
        self.allowed_origins.add(origin_of(url))

    def watch(self, context: BrowserContext) -> BrowserContext:
        """Record the problems of ``context`` and of every page opened in it; return it.

        At context level: the routes (requests off the allowed origins are aborted), the
        binding and the init script that report CSP violations and ``.py-error`` nodes. On each
        page, as it opens: console errors and uncaught exceptions."""
        context.expose_binding("__hmReport", self._on_report)
        context.add_init_script(_WATCH_SCRIPT)
        context.route(self._is_foreign, self._abort_foreign)
        context.on("page", self._watch_page)
        context.on("request", _count_start)
        return context

    def fail_on_problems(self) -> None:
        """Fail the test, listing them, if any problem was recorded."""
        problems = self.problems()
        if problems:
            pytest.fail("the page reported problems:\n  " + "\n  ".join(problems))

    def clear(self) -> None:
        """Forget what was recorded so far (a page shared by several tests, between two)."""
        for items in self._lists():
            items.clear()

    def _lists(self) -> list[list[str]]:
        return [
            self.console_errors,
            self.page_errors,
            self.py_errors,
            self.csp_violations,
            self.foreign_requests,
        ]

    def problems(self) -> list[str]:
        """Return every recorded problem, one line each."""
        kinds = {
            "console error": self.console_errors,
            "page error": self.page_errors,
            "Python error (.py-error)": self.py_errors,
            "CSP violation": self.csp_violations,
            "request off the test origin": self.foreign_requests,
        }
        return [f"{kind}: {item}" for kind, items in kinds.items() for item in items]

    def _watch_page(self, page: Page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)

    def _is_foreign(self, url: str) -> bool:
        return urlsplit(url).scheme in {"http", "https", "ws", "wss"} and (
            origin_of(url) not in self.allowed_origins
        )

    def _abort_foreign(self, route: Route) -> None:
        self.foreign_requests.append(route.request.url)
        route.abort("blockedbyclient")

    def _on_report(self, _source: object, kind: str, text: str) -> None:
        (self.csp_violations if kind == "csp" else self.py_errors).append(text.strip())

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.console_errors.append(f"{message.text} [{where}]")

    def _on_page_error(self, error: Error) -> None:
        self.page_errors.append(f"{error.name}: {error.message}")


@dataclass
class FirstVisit:
    """One first visit of the game page, as the tests that only read it share it: the page
    (left open on the game), every request and response of its start, its guard."""

    page: Page
    requests: list[Request] = field(default_factory=list)
    responses: list[Response] = field(default_factory=list)
    guard: PageGuard | None = None


def _count_start(request: Request) -> None:
    if request.url.endswith(RUNTIME_WASM) and request.service_worker is None:  # not a precache
        page_starts[0] += 1


def ready_state(page: Page) -> tuple[bool, str | None]:
    """Return ``(ready, error_message)`` from the ``<html>`` attributes."""
    return page.evaluate(
        """() => {
            const root = document.documentElement;
            return [root.hasAttribute("data-ready"), root.getAttribute("data-error")];
        }"""
    )


def open_site_file(page: Page, base_url: str | None = None) -> None:
    """Show a file of the site that runs no app (``icon.svg``): the page is on the site's origin,
    so ``page.evaluate`` reaches its storage, and no game page is open to write it (a game
    page leaving saves as it closes)."""
    page.goto(urljoin(base_url or page.site_url, "icon.svg"))  # type: ignore[attr-defined]


def keeper_of(context: BrowserContext, site_url: str) -> Page:
    """The context's keeper: a tab left open on a file of the site (:func:`open_site_file`),
    from which :func:`empty_tab` opens the new tabs. Made when first asked for, and again if it
    was closed or its renderer crashed."""
    keeper: Page | None = getattr(context, "keeper", None)
    if keeper is None or keeper.is_closed() or getattr(keeper, "crashed", False):
        keeper = context.new_page()
        keeper.on("crash", lambda crashed: setattr(crashed, "crashed", True))
        open_site_file(keeper, site_url)
        context.keeper = keeper  # type: ignore[attr-defined]
    return keeper


def empty_tab(context: BrowserContext, site_url: str) -> Page:
    """A new tab of ``context`` on ``about:blank``, the site's localStorage emptied first.

    The context's keeper (:func:`keeper_of`) empties the storage and opens the tab
    (``window.open``), so the tab shares the keeper's renderer process: a start there costs
    about a third less CPU than in a tab of a process of its own (docs/testing.md, "Time").
    The tab's ``window.opener`` is the keeper; its sessionStorage starts empty, a copy of the
    keeper's, in which nothing writes."""
    assert keeper_of(context, site_url).evaluate("localStorage.clear() ?? localStorage.length") == 0
    return new_tab(context, site_url)


def new_tab(context: BrowserContext, site_url: str) -> Page:
    """A new tab of ``context`` on ``about:blank``, opened by the context's keeper
    (:func:`keeper_of`, ``window.open``) in its renderer process: the storage as it is."""
    with context.expect_page() as opened:
        keeper_of(context, site_url).evaluate("window.open('about:blank') !== null")
    return opened.value


def store_texts(page: Page, texts: dict[str, str]) -> None:
    """Write ``texts`` (key: stored text) into the site's localStorage from a file of the site
    (:func:`open_site_file`): no game page is open to write over them as it leaves."""
    open_site_file(page)
    page.evaluate(
        "(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        texts,
    )


def settle(page: Page) -> None:
    """Wait until a page whose Python runs in a worker has played every event sent to it (its
    changes carried out: a dialog a click opens is open, a save written), as a page whose
    Python runs on the main thread has once the click returns (docs/worker.md, "Messages":
    ``played``). Before ``data-ready`` there is nothing to wait for: a tap then is an early
    one, played at the start."""
    page.wait_for_function(
        "() => !window.halfmoonBusy || !document.documentElement.hasAttribute('data-ready')"
    )


def stored_texts(page: Page) -> dict[str, str]:
    """Everything in the localStorage of the page's origin, key: text (once the page has
    written what it was told: :func:`settle`)."""
    settle(page)
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def open_app(
    page: Page,
    path: str = "index.html",
    *,
    base_url: str | None = None,
    expect_error: bool = False,
    timeout_ms: int = READY_TIMEOUT_MS,
) -> str | None:
    """Open ``path`` (relative to ``base_url``, default the page's ``site_url``) and wait for
    ``<html data-ready>`` or ``<html data-error>``.

    Fails the test with the page's message on ``data-error``, unless ``expect_error`` is true,
    in which case it fails on ``data-ready`` instead and returns the error message.
    Returns None when the page is ready.
    """
    base = base_url or getattr(page, "site_url", None)
    if base is None:
        raise ValueError("open_app needs base_url (or a page from the `page` fixture)")
    settle(page)  # what the page shown was told is played first (its save stored)
    page.goto(urljoin(base, path))
    return wait_for_app(page, expect_error=expect_error, timeout_ms=timeout_ms)


def wait_for_app(
    page: Page, *, expect_error: bool = False, timeout_ms: int = READY_TIMEOUT_MS
) -> str | None:
    """Wait on the current document as :func:`open_app` does (after a reload, say)."""
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout_ms)
    ready, error = ready_state(page)
    if expect_error:
        if error is None:
            pytest.fail(f"{page.url} started (data-ready) but a start-up error was expected")
        return error
    if error is not None:
        pytest.fail(f"{page.url} failed to start: data-error={error!r}")
    assert ready
    return None
