"""Whether the game is available offline here: boot.js's ``<html data-offline>`` (and
``data-offline-why``) and the Settings panel's line (``#offline-status``) in English and
Vietnamese, in each state: being saved, ready, not available because the page is not HTTPS,
not available because the quota is smaller than the offline copy (the install fails, leaves no
cache, and a later visit with room installs, or the open page ten minutes later).
docs/deploys.md, "Available offline here?"."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import serve
from game_support import DEAL, open_settings, play
from harness import CONTROLLED, TEST_CHROMIUM_ARGS, PageGuard, open_app, origin_of
from playwright.sync_api import BrowserContext, BrowserType, ConsoleMessage, Page, expect

from halfmoon_core import Game

TEXTS = {
    "saving": ("Offline: being saved.", "Ngoại tuyến: đang lưu."),
    "ready": ("Offline: ready.", "Ngoại tuyến: sẵn sàng."),
    "insecure": (
        "Offline: not available here. The site is not served over HTTPS",
        "Ngoại tuyến: không dùng được ở đây. Trang không được phục vụ qua HTTPS",
    ),
    "storage": (
        "Offline: not available. This browser does not let the site keep an offline copy",
        "Ngoại tuyến: không dùng được. Trình duyệt này không cho trang giữ bản ngoại tuyến",
    ),
    "quota": (
        "Offline: not available. There is not enough storage space",
        "Ngoại tuyến: không dùng được. Thiết bị này không đủ dung lượng",
    ),
}
#: Cache Storage names of the site (the service worker's).
OUR_CACHES = "async () => (await caches.keys()).filter((name) => name.startsWith('halfmoon-'))"


def offline_warnings(page: Page) -> list[str]:
    """Start recording the console warnings of ``page`` that are boot.js's offline notice."""
    found: list[str] = []

    def seen(message: ConsoleMessage) -> None:
        if message.type == "warning" and "offline play is not available" in message.text:
            found.append(message.text)

    page.on("console", seen)
    return found


def expect_line(page: Page, case: str) -> None:
    """The Settings panel says ``case`` in English, then in Vietnamese (the Language setting),
    then the page goes back to English."""
    open_settings(page)
    line = page.locator("#offline-status")
    english, vietnamese = TEXTS[case]
    expect(line).to_be_visible()
    expect(line).to_contain_text(english)
    page.select_option("#set-language", "vi")
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    expect(line).to_contain_text(vietnamese)
    page.select_option("#set-language", "en")
    expect(line).to_contain_text(english)


@contextmanager
def holding_server(site_dir: Path, held: str) -> Iterator[tuple[str, threading.Event]]:
    """``site_dir`` served, each request for the path ``held`` answered only once the event
    yielded with the URL is set (it is at the end)."""
    release = threading.Event()

    class Holding(serve.SiteHandler):
        quiet = True

        def do_GET(self) -> None:
            if urlsplit(self.path).path == held:
                release.wait(timeout=120)
            super().do_GET()

    server = serve.SiteServer(("127.0.0.1", 0), functools.partial(Holding, directory=str(site_dir)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", release
    finally:
        release.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_being_saved_then_ready(new_context: Any, guard: PageGuard, site_dir: Path) -> None:
    """A first visit: while the worker's install waits for a file (held by the server), the
    line says the game is being saved; once it is in, ready."""
    # rules.html is precached by the worker and not loaded by the game page: held, the
    # install waits for it.
    with holding_server(site_dir, "/rules.html") as (url, release):
        guard.allow_origin(url)
        context: BrowserContext = new_context()
        page = context.new_page()
        open_app(page, "index.html?lang=en", base_url=url)
        root = page.locator("html")
        expect(root).to_have_attribute("data-offline", "saving")
        expect_line(page, "saving")
        release.set()
        expect(root).to_have_attribute("data-offline", "ready", timeout=60_000)
        assert page.evaluate(CONTROLLED)
        expect_line(page, "ready")
        open_app(page, "index.html?lang=en", base_url=url)  # a returning visit: ready at once
        expect(root).to_have_attribute("data-offline", "ready")
        assert page.evaluate("document.documentElement.hasAttribute('data-offline-why')") is False


def test_not_https(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    site_url: str,
) -> None:
    """Plain http at a name other than localhost (as a LAN address): no service worker; the
    line says why, the console tells it once (a warning), and the game plays."""
    port = urlsplit(site_url).port
    named = f"http://halfmoon.test:{port}/"
    args = [*TEST_CHROMIUM_ARGS, "--host-resolver-rules=MAP halfmoon.test 127.0.0.1"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    guard = PageGuard.for_site(named)
    try:
        context = guard.watch(browser.new_context(viewport={"width": 1280, "height": 800}))
        page = context.new_page()
        warnings = offline_warnings(page)
        open_app(page, f"index.html?lang=en&deal={DEAL}", base_url=named)
        assert page.evaluate("window.isSecureContext") is False
        root = page.locator("html")
        expect(root).to_have_attribute("data-offline", "unavailable")
        expect(root).to_have_attribute("data-offline-why", "insecure")
        play(page, Game.from_code(DEAL), "4-7")
        expect_line(page, "insecure")
        assert len(warnings) == 1 and "secure context" in warnings[0]
        context.close()
    finally:
        browser.close()
    # Chromium's own notice that a non-secure origin gets no Cross-Origin-Opener-Policy (the
    # site's header, docs/hosting.md): the browser's, about plain http, not the page's error.
    ignored = "The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin"
    guard.console_errors[:] = [e for e in guard.console_errors if not e.startswith(ignored)]
    guard.fail_on_problems()


def test_a_quota_too_small(new_context: Any, guard: PageGuard, site_dir: Path) -> None:
    """A quota smaller than the offline copy: the install fails, no cache of ours is left,
    the line says why and the console tells it once; the game plays. A later visit with room
    installs, and the line says ready."""
    with serve.serve_in_thread(site_dir) as url:
        guard.allow_origin(url)
        context: BrowserContext = new_context()
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send(
            "Storage.overrideQuotaForOrigin", {"origin": origin_of(url), "quotaSize": 2_000_000}
        )
        warnings = offline_warnings(page)
        open_app(page, f"index.html?lang=en&deal={DEAL}", base_url=url)
        root = page.locator("html")
        expect(root).to_have_attribute("data-offline-why", "quota", timeout=60_000)
        expect(root).to_have_attribute("data-offline", "unavailable")
        assert page.evaluate(OUR_CACHES) == []
        assert page.evaluate("navigator.serviceWorker.controller") is None
        play(page, Game.from_code(DEAL), "4-7")
        expect_line(page, "quota")
        assert len(warnings) == 1 and "quota" in warnings[0]
        # Room again (the quota as the browser sets it): the next visit installs.
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin_of(url)})
        open_app(page, "index.html?lang=en", base_url=url)
        expect(root).to_have_attribute("data-offline", "ready", timeout=60_000)
        assert page.evaluate(CONTROLLED)
        assert len(page.evaluate(OUR_CACHES)) == 2
        expect_line(page, "ready")


def test_a_failed_install_is_tried_again_while_the_page_stays_open(
    new_context: Any, guard: PageGuard, site_dir: Path
) -> None:
    """An install refused for want of room is tried again after ten minutes by the page that
    stays open (boot.js's ``RETRY_MS``), not only at the next visit: with room by then, the
    offline copy is saved and the line says ready, with no reload."""
    with serve.serve_in_thread(site_dir) as url:
        guard.allow_origin(url)
        context: BrowserContext = new_context()
        page = context.new_page()
        page.clock.install()
        cdp = context.new_cdp_session(page)
        cdp.send(
            "Storage.overrideQuotaForOrigin", {"origin": origin_of(url), "quotaSize": 2_000_000}
        )
        open_app(page, f"index.html?lang=en&deal={DEAL}", base_url=url)
        root = page.locator("html")
        expect(root).to_have_attribute("data-offline-why", "quota", timeout=60_000)
        page.evaluate("() => { window.sameDocument = true; }")
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin_of(url)})
        page.clock.run_for("09:00")
        expect(root).to_have_attribute("data-offline", "unavailable")
        page.clock.run_for("01:01")
        expect(root).to_have_attribute("data-offline", "ready", timeout=60_000)
        assert len(page.evaluate(OUR_CACHES)) == 2
        assert page.evaluate("() => window.sameDocument === true")  # no reload
        expect_line(page, "ready")


def test_service_worker_refused(new_context: Any) -> None:
    """A browser that refuses the page its service worker in a secure context (register()
    rejects with a SecurityError, as Chromium's does when the site's data is blocked): not
    available, why, one warning, and the game plays."""
    context: BrowserContext = new_context()
    context.add_init_script(
        """if (navigator.serviceWorker) {
            navigator.serviceWorker.register = () => Promise.reject(new DOMException(
                "Failed to register a ServiceWorker: The user denied permission to use "
                + "Service Worker.", "SecurityError"));
        }"""
    )
    page = context.new_page()
    warnings = offline_warnings(page)
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    root = page.locator("html")
    expect(root).to_have_attribute("data-offline", "unavailable")
    expect(root).to_have_attribute("data-offline-why", "storage")
    play(page, Game.from_code(DEAL), "4-7")
    expect_line(page, "storage")
    assert len(warnings) == 1 and "refused the service worker" in warnings[0]
