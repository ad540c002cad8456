"""Cold and warm start-up of the app: time to data-ready and bytes over the network."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import serve
from harness import PageGuard, open_app
from playwright.sync_api import Page, Request

#: Loose bounds: a regression guard, not a benchmark (the machine has 2 cores and may be busy).
COLD_LIMIT_S = 45.0
MAX_COLD_BYTES = 20_000_000


def test_cold_and_warm_load(
    page: Page,
    guard: PageGuard,
    site_dir: Path,
    load_metrics: dict[str, Any],
) -> None:
    """A first visit downloads the runtime once; a second one is served by the service worker."""
    # Playwright's request events, not a CDP session on the page: they include what a worker
    # fetches (the runtime, when the page's Python runs in one: docs/worker.md).
    transferred: list[int] = []

    def finished(request: Request) -> None:
        sizes = request.sizes()
        transferred.append(sizes["responseHeadersSize"] + sizes["responseBodySize"])

    page.on("requestfinished", finished)

    with serve.serve_in_thread(site_dir) as url:  # a fresh origin: nothing cached yet
        guard.allow_origin(url)
        start = time.perf_counter()
        open_app(page, "index.html", base_url=url)
        cold = time.perf_counter() - start
        cold_bytes, cold_requests = sum(transferred), len(transferred)

        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        transferred.clear()
        start = time.perf_counter()
        open_app(page, "index.html", base_url=url)
        warm = time.perf_counter() - start

    load_metrics["cold load to data-ready (s)"] = round(cold, 2)
    load_metrics["cold load bytes transferred"] = cold_bytes
    load_metrics["cold load requests"] = cold_requests
    load_metrics["warm load to data-ready (s)"] = round(warm, 2)
    assert cold < COLD_LIMIT_S
    assert 1_000_000 < cold_bytes < MAX_COLD_BYTES
