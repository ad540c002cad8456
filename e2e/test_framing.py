"""embed.html can be framed by any site; the other pages refuse to be framed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serve
from harness import TEST_CHROMIUM_ARGS, PageGuard, wait_for_app
from playwright.sync_api import BrowserType, Page, expect


@pytest.fixture
def host_page(page: Page, guard: PageGuard, tmp_path: Path) -> Iterator[Callable[..., None]]:
    """Yield a function that opens, on another origin, a page framing a page of the site.

    The other origin is a second local server (another port; Chromium's Local Network Access
    checks stop a public origin from framing a loopback one), without the site's headers: at
    127.0.0.1 (the same site as the site's server), or at ``localhost`` (``cross_site``: another
    site, whose frames get third-party storage: Chromium blocks it by default). ``sandbox``
    is the frame's ``sandbox`` attribute (``"allow-scripts"``: an opaque origin, no storage).
    """
    with serve.serve_in_thread(tmp_path) as host:  # no _headers there
        framing_page(page, guard, tmp_path, host)
        yield lambda target, **how: framing_page(page, guard, tmp_path, host, target, **how)


def framing_page(
    page: Page,
    guard: PageGuard,
    folder: Path,
    host: str,
    target: str | None = None,
    *,
    cross_site: bool = False,
    sandbox: str | None = None,
) -> None:
    """Open on ``page`` the host page (served from ``folder`` at ``host``) framing ``target``
    of the site; with no ``target``, only let the host's origins through ``guard``."""
    cross = host.replace("//127.0.0.1:", "//localhost:")
    if target is None:
        guard.allow_origin(host)
        guard.allow_origin(cross)
        return
    sandboxed = "" if sandbox is None else f' sandbox="{sandbox}"'
    html = f'<!doctype html><title>host</title><iframe{sandboxed} src="{page.site_url}{target}">'
    (folder / "host.html").write_text(html + "</iframe>\n", encoding="utf-8")
    page.goto((cross if cross_site else host) + "host.html")


def play_a_pair_in_the_frame(page: Page) -> None:
    """The embed in the page's one frame starts (``data-ready``), and a pair plays there."""
    embedded = page.locator("iframe").element_handle().content_frame()
    assert embedded is not None
    wait_for_app(embedded)  # type: ignore[arg-type] - a Frame has the same API as a Page
    frame = page.frame_locator("iframe")
    nine = frame.get_by_role("button", name="9 of hearts, pile 4, 8 cards")  # deal 1's pile 4
    two = frame.get_by_role("button", name="2 of diamonds, pile 7, 8 cards")
    nine.click()
    two.click()
    expect(frame.get_by_role("status")).to_have_text("Removed 9 of hearts and 2 of diamonds")
    expect(frame.get_by_role("button", name="8 of hearts, pile 4, 7 cards")).to_be_visible()


EMBED = "embed.html?deal=HM1-N-AAAAAAB&labels=1&lang=en"


def test_embed_can_be_framed_by_another_site(page: Page, host_page) -> None:
    """The embed board starts inside an iframe of a page of another origin."""
    host_page(EMBED)
    play_a_pair_in_the_frame(page)
    frame = page.frame_locator("iframe")
    # In a frame the embed stays a bare board: its heading for screen readers only, no link.
    expect(frame.get_by_role("heading", name="Half Moon board")).to_have_css("position", "absolute")
    expect(frame.get_by_role("link")).to_have_count(0)


def frame_storage(page: Page) -> dict[str, bool]:
    """Which storage the page's frame may use (``localStorage``, ``indexedDB.open``)."""
    return page.frames[1].evaluate(
        """async () => {
          const used = async (use) => { try { await use(); return true; } catch { return false; } };
          return {
            localStorage: await used(() => localStorage.getItem("x")),
            indexedDB: await used(() => new Promise((resolve, reject) => {
              const request = indexedDB.open("probe");
              request.onsuccess = resolve;
              request.onerror = (event) => { event.preventDefault(); reject(request.error); };
            })),
          };
        }"""
    )


def test_embed_framed_by_another_site_plays_with_third_party_storage_blocked(
    page: Page, host_page
) -> None:
    """A page of another site (``localhost`` framing ``127.0.0.1``) frames the embed: its frame
    gets no storage (Chromium blocks third-party storage by default, as in every incognito
    window and for anyone who blocks third-party cookies), and it plays."""
    host_page(EMBED, cross_site=True)
    play_a_pair_in_the_frame(page)
    assert frame_storage(page) == {"localStorage": False, "indexedDB": False}


def test_embed_framed_by_another_site_plays_with_third_party_storage_allowed(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    guard: PageGuard,
    site_url: str,
    tmp_path: Path,
) -> None:
    """The same with third-party storage allowed, as a player who allows third-party cookies
    has it (partitioned by the top site): Chromium started without its third-party cookie
    blocking (``TrackingProtection3pcd``, on by default in this Chromium)."""
    args = [*TEST_CHROMIUM_ARGS, "--disable-features=TrackingProtection3pcd"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        context = guard.watch(browser.new_context())
        page = context.new_page()
        page.site_url = site_url  # type: ignore[attr-defined]
        with serve.serve_in_thread(tmp_path) as host:
            framing_page(page, guard, tmp_path, host)
            framing_page(page, guard, tmp_path, host, EMBED, cross_site=True)
            play_a_pair_in_the_frame(page)
            assert frame_storage(page) == {"localStorage": True, "indexedDB": True}
        context.close()
    finally:
        browser.close()
    guard.fail_on_problems()


@pytest.mark.parametrize("cross_site", [False, True], ids=["same-site", "cross-site"])
def test_a_sandboxed_embed_plays(page: Page, host_page, cross_site: bool) -> None:
    """``<iframe sandbox="allow-scripts">``: an opaque origin with no storage at all (reading
    ``localStorage``, ``sessionStorage``, ``indexedDB``, ``document.cookie`` or
    ``navigator.serviceWorker`` throws), every file it loads cross-origin: it starts and plays."""
    host_page(EMBED, cross_site=cross_site, sandbox="allow-scripts")
    play_a_pair_in_the_frame(page)
    assert page.frames[1].evaluate("() => origin") == "null"


@pytest.mark.allow_page_errors
@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", "This board is in a sandboxed frame, and its site does not let the board's files"),
        ("vi", "Bảng này nằm trong một khung sandbox, và trang web của nó không cho các tệp"),
    ],
)
def test_a_sandboxed_embed_on_a_site_without_its_headers_says_so(
    page: Page, guard: PageGuard, site_dir: Path, tmp_path: Path, lang: str, told: str
) -> None:
    """Served with no header at all (a plain folder), a sandboxed embed's module scripts are
    refused (no CORS): the start error says the frame is sandboxed, not that the connection
    is down; Repair loads the frame once more, which says the same (no session storage there,
    no automatic reload: it cannot loop)."""
    bare = tmp_path / "site"
    bare.mkdir()
    for entry in site_dir.iterdir():
        if entry.name != "_headers":
            (bare / entry.name).symlink_to(entry)
    with serve.serve_in_thread(bare) as site, serve.serve_in_thread(tmp_path) as host:
        guard.allow_origin(site)
        guard.allow_origin(host)
        page.site_url = site  # type: ignore[attr-defined]
        target = f"embed.html?deal=HM1-N-AAAAAAB&lang={lang}"
        framing_page(page, guard, tmp_path, host, target, sandbox="allow-scripts")
        embedded = page.locator("iframe").element_handle().content_frame()
        assert embedded is not None
        error = wait_for_app(embedded, expect_error=True)  # type: ignore[arg-type]
        assert error and "could not load" in error
        message = page.frame_locator("iframe").locator("#boot-error")
        expect(message).to_contain_text(told)
        expect(message).not_to_contain_text("connection is down")
        expect(message).not_to_contain_text("mất kết nối")
        # Repair, with no storage to clear or remember in the frame, loads the frame once more,
        # and the new document tells the same thing again.
        embedded.evaluate("() => { window.beforeRepair = true; }")
        message.locator("[data-repair]").click()
        embedded.wait_for_function(
            "() => !window.beforeRepair && document.documentElement.hasAttribute('data-error')"
        )
        expect(message).to_contain_text(told)
        expect(message).not_to_contain_text("connection is down")


@pytest.mark.allow_page_errors
def test_game_page_refuses_to_be_framed(page: Page, guard: PageGuard, host_page) -> None:
    """index.html sends frame-ancestors 'none': the browser blocks it inside another site."""
    with page.expect_event("console", lambda m: "frame-ancestors" in m.text, timeout=30_000):
        host_page("index.html")
    assert not any(f.url.endswith("index.html") for f in page.frames[1:])
