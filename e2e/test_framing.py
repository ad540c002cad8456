"""embed.html can be framed by any site; the other pages refuse to be framed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import serve
from harness import PageGuard, wait_for_app
from playwright.sync_api import Page, expect


@pytest.fixture
def host_page(page: Page, guard: PageGuard, tmp_path: Path) -> Iterator[tuple[Page, PageGuard]]:
    """Yield a function that opens, on another origin, a page framing a page of the site.

    The other origin is a second local server (another port; Chromium's Local Network Access
    checks stop a public origin from framing a loopback one), without the site's headers.
    """
    with serve.serve_in_thread(tmp_path) as host:  # no _headers there
        guard.allow_origin(host)

        def open_framing(target: str) -> None:
            html = f'<!doctype html><title>host</title><iframe src="{page.site_url}{target}">'
            (tmp_path / "host.html").write_text(html + "</iframe>\n", encoding="utf-8")
            page.goto(host + "host.html")

        yield open_framing


def test_embed_can_be_framed_by_another_site(page: Page, host_page) -> None:
    """The embed board starts inside an iframe of a page of another origin."""
    host_page("embed.html?deal=HM1-N-AAAAAAB&labels=1&lang=en")
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
    # In a frame the embed stays a bare board: its heading for screen readers only, no link.
    expect(frame.get_by_role("heading", name="Half Moon board")).to_have_css("position", "absolute")
    expect(frame.get_by_role("link")).to_have_count(0)


@pytest.mark.allow_page_errors
def test_game_page_refuses_to_be_framed(page: Page, guard: PageGuard, host_page) -> None:
    """index.html sends frame-ancestors 'none': the browser blocks it inside another site."""
    with page.expect_event("console", lambda m: "frame-ancestors" in m.text, timeout=30_000):
        host_page("index.html")
    assert not any(f.url.endswith("index.html") for f in page.frames[1:])
