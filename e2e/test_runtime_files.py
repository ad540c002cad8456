"""The runtime files as the browser receives them: MIME types and caching headers."""

from __future__ import annotations

from harness import FirstVisit

EXPECTED_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".html": "text/html",
    ".css": "text/css",
    ".py": "text/x-python",
}


def test_runtime_is_served_with_correct_mime_types(first_visit: FirstVisit) -> None:
    """Every response of a start-up (a first visit) has the right Content-Type for its
    extension."""
    responses = first_visit.responses
    seen = set()
    for response in responses:
        path = response.url.split("?", 1)[0]
        suffix = "." + path.rsplit(".", 1)[-1] if "." in path.rsplit("/", 1)[-1] else ".html"
        if suffix in EXPECTED_TYPES:
            content_type = response.headers.get("content-type", "")
            assert content_type.startswith(EXPECTED_TYPES[suffix]), (path, content_type)
            seen.add(suffix)
    # No JSON is fetched to start: PyScript's config is inline in the page (docs/deploys.md).
    # The entry script (main.py) is fetched only by a page whose Python runs on the main
    # thread; a worker page's Python comes whole in its archive (docs/worker.md).
    page = next(r for r in responses if r.url.split("?", 1)[0].endswith("index.html"))
    entry = {".py"} if "main.py" in page.text() else set()
    assert {".wasm", ".mjs", ".js", ".zip", *entry} <= seen


def test_versioned_runtime_is_cached_for_ever(first_visit: FirstVisit) -> None:
    """The runtime under /vendor/ is immutable; pages are revalidated on every visit."""
    responses = first_visit.responses
    vendor = [r for r in responses if "/vendor/" in r.url]
    assert vendor
    for response in vendor:
        assert "immutable" in response.headers.get("cache-control", ""), response.url
    page_response = next(r for r in responses if r.url.endswith("index.html"))
    assert page_response.headers.get("cache-control") == "no-cache"
