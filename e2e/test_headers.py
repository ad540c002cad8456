"""web/serve.py sends the headers of the built dist/_headers (so local tests run under the
headers a deployment sends)."""

from __future__ import annotations

import urllib.request

import pytest
import shared_facts
import site_headers


def fetch_headers(url: str) -> dict[str, str]:
    """Return the response headers of a GET (lower-cased names)."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return {k.lower(): v for k, v in response.headers.items()}


@pytest.mark.parametrize("path", ["index.html", "", "embed.html", "embed"])
def test_pages_carry_the_csp(site_url: str, path: str) -> None:
    """Pages carry a CSP without inline script (but the start guard, by its hash) or eval; only
    the embed may be framed by all."""
    csp = fetch_headers(site_url + path)["content-security-policy"]
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    guard = site_headers.inline_script_hash(shared_facts.start_guard())
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'", guard]
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    expected = ["*"] if path.startswith("embed") else ["'none'"]
    assert directives["frame-ancestors"] == expected
