"""The site hosted anywhere (docs/hosting.md): from a plain static folder under a sub-path, with
no headers at all, every page starts and the game plays, under the CSP its own ``<head>``
carries; served with the site's headers, every page is cross-origin isolated."""

from __future__ import annotations

import functools
import threading
import urllib.request
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import site_headers
from game_support import DEAL
from harness import PageGuard, open_app
from playwright.sync_api import Page, expect

SUB_PATH = "games/halfmoon/"


class QuietHandler(SimpleHTTPRequestHandler):
    """Python's own static file handler, as it is (its MIME table, no header added), silent."""

    def log_message(self, format: str, *args: object) -> None:
        """Say nothing."""


@pytest.fixture(scope="module")
def plain_url(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site at ``/games/halfmoon/`` of a plain static server: the address of that
    folder. No ``_headers`` is read, no header is added, nothing is compressed."""
    root = tmp_path_factory.mktemp("plain-host")
    (root / "games").mkdir()
    (root / "games" / "halfmoon").symlink_to(site_dir, target_is_directory=True)
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(root))
    )
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture
def plain_page(page: Page, guard: PageGuard, plain_url: str) -> Page:
    """The test's guarded page, allowed to load from the plain server."""
    guard.allow_origin(plain_url)
    return page


def test_the_plain_server_sends_no_site_header(plain_url: str) -> None:
    """The premise: the page comes without CSP, framing, caching or isolation headers."""
    with urllib.request.urlopen(plain_url + "index.html", timeout=10) as response:
        names = {name.lower() for name in response.headers}
    assert not names & {
        "content-security-policy",
        "cross-origin-opener-policy",
        "cross-origin-embedder-policy",
        "referrer-policy",
        "cache-control",
    }


def test_the_game_plays_under_a_sub_path_without_headers(plain_page: Page, plain_url: str) -> None:
    """The game page at the folder's own address starts, and a pair is played."""
    open_app(plain_page, f"?lang=en&deal={DEAL}", base_url=plain_url)
    assert plain_page.url.startswith(plain_url)
    plain_page.get_by_role("button", name="9 of hearts, pile 4, 8 cards").click()
    plain_page.get_by_role("button", name="2 of diamonds, pile 7, 8 cards").click()
    status = plain_page.get_by_role("status").filter(has_text="Removed")
    expect(status).to_have_text("Removed 9 of hearts and 2 of diamonds")
    expect(plain_page.get_by_role("button", name="8 of hearts, pile 4, 7 cards")).to_be_visible()


@pytest.mark.parametrize("path", ["rules.html?lang=en", f"embed.html?deal={DEAL}&lang=en"])
def test_the_rules_and_the_embed_start_under_a_sub_path_without_headers(
    plain_page: Page, plain_url: str, path: str
) -> None:
    """The rules page and the embed reach ``data-ready`` from the plain folder."""
    open_app(plain_page, path, base_url=plain_url)
    assert plain_page.evaluate("() => crossOriginIsolated") is False  # no headers, no isolation


@pytest.mark.allow_page_errors
def test_without_headers_the_pages_own_csp_still_applies(plain_page: Page, plain_url: str) -> None:
    """The policy in the page's ``<head>`` is the site's (less what a meta tag cannot carry),
    and the browser enforces it: an inline script is refused."""
    open_app(plain_page, "rules.html?lang=en", base_url=plain_url)
    meta = plain_page.locator('meta[http-equiv="Content-Security-Policy"]')
    assert meta.get_attribute("content") == site_headers.meta_policy()
    refused = lambda message: "inline script" in message.text and "script-src" in message.text  # noqa: E731
    with plain_page.expect_console_message(refused, timeout=10_000):
        ran = plain_page.evaluate(
            """() => {
                const script = document.createElement("script");
                script.textContent = "window.__inlineRan = true";
                document.head.append(script);
                return window.__inlineRan === true;
            }"""
        )
    assert ran is False


@pytest.mark.parametrize(
    "path", [f"index.html?lang=en&deal={DEAL}", "rules.html?lang=en", f"embed.html?deal={DEAL}"]
)
def test_served_with_its_headers_a_page_is_cross_origin_isolated(page: Page, path: str) -> None:
    """With the site's headers (COOP and COEP) the top page is cross-origin isolated, so the
    runtime's shared memory raises no deprecation; the page still starts and plays."""
    open_app(page, path)
    assert page.evaluate("() => crossOriginIsolated") is True
