"""After one visit the app starts with no network at all (service worker precache)."""

from __future__ import annotations

import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import serve
from harness import PageGuard, open_app, wait_for_app
from playwright.sync_api import BrowserContext, Page, Response


def from_worker(response: Response) -> bool:
    """Whether ``response`` came from the service worker, as Playwright says; a document is
    taken as from it (the server refuses connections: see the test)."""
    return response.from_service_worker or response.request.resource_type == "document"


def test_works_offline_after_first_visit(
    page: Page, context: BrowserContext, guard: PageGuard, site_dir: Path
) -> None:
    """Visit once, let the service worker take control, drop the HTTP cache, stop the server:
    a reload (with a query string) still reaches data-ready, every file from the worker."""
    with serve.serve_in_thread(site_dir) as url:  # a server of our own, to stop mid-test
        guard.allow_origin(url)
        open_app(page, "index.html", base_url=url)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cached = page.evaluate(
            """async () => {
                const names = await caches.keys();
                const cache = await caches.open(names.find((n) => n.startsWith("halfmoon-")));
                return (await cache.keys()).length;
            }"""
        )
        assert cached > 10
        cdp = context.new_cdp_session(page)
        cdp.send("Network.clearBrowserCache")
    # The server is closed: any request that reaches the network is refused.
    where = urlsplit(url)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((where.hostname, where.port), timeout=5).close()
    responses: list[Response] = []
    page.on("response", lambda r: responses.append(r))
    page.goto(url + "index.html?deal=HM1-N-AAAAAAB")
    wait_for_app(page)
    assert responses
    # Every file from the worker. The document itself can only have come from it (the server
    # refuses connections, above), although on a loaded machine Playwright has reported it
    # once in a while as not from the worker (twice in a run at a load average of 11).
    assert [r.url for r in responses if not from_worker(r)] == []
    # The rules page and the embed were precached too: they start offline as well.
    page.goto(url + "rules.html?lang=en")
    wait_for_app(page)
    page.goto(url + "embed.html?deal=HM1-N-AAAAAAB&steps=4-7")
    wait_for_app(page)
    assert [r.url for r in responses if not from_worker(r)] == []
