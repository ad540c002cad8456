"""The site's own origin told to the build (web/site_origin.py): read from the environment of
any host, of Netlify's build and of Cloudflare Pages' build; named beside ``'self'`` in the
pages' CSP so that WebKit's sandboxed embed may load the site's files; an address that is not an
origin stops the build with a sentence saying why (docs/hosting.md, "The site's own origin")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import site_headers
import site_origin

WEB = Path(__file__).resolve().parents[1] / "web"


def test_no_origin_is_named_unless_told() -> None:
    assert site_origin.origins_from({}) == ()
    assert (
        site_origin.origins_from({"URL": "https://a.example", "CF_PAGES_URL": "https://b.example"})
        == ()
    )


def test_origins_named_for_any_host_each_once_in_order() -> None:
    told = " https://Halfmoon.Example/ http://127.0.0.1:8080 https://halfmoon.example "
    environment = {"HALFMOON_SITE_ORIGIN": told}
    assert site_origin.origins_from(environment) == (
        "https://halfmoon.example",
        "http://127.0.0.1:8080",
    )


def test_netlify_and_cloudflare_builds_name_their_addresses() -> None:
    netlify = {
        "NETLIFY": "true",
        "URL": "https://halfmoon.example",
        "DEPLOY_URL": "https://5f1e--halfmoon.netlify.app",
        "DEPLOY_PRIME_URL": "https://main--halfmoon.netlify.app",
    }
    assert site_origin.origins_from(netlify) == (
        "https://halfmoon.example",
        "https://5f1e--halfmoon.netlify.app",
        "https://main--halfmoon.netlify.app",
    )
    cloudflare = {
        "CF_PAGES": "1",
        "CF_PAGES_URL": "https://abc.halfmoon.pages.dev",
        "HALFMOON_SITE_ORIGIN": "https://halfmoon.example",
    }
    assert site_origin.origins_from(cloudflare) == (
        "https://halfmoon.example",
        "https://abc.halfmoon.pages.dev",
    )


def test_an_ipv6_origin_keeps_its_brackets() -> None:
    assert site_origin.origin_of("http://[::1]:8000") == "http://[::1]:8000"


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("halfmoon.example", "does not start with https:// or http://"),
        ("ftp://halfmoon.example", "does not start with https:// or http://"),
        ("https://", "names no host"),
        ("https://halfmoon.example/games/", "more than scheme, host and port"),
        ("https://halfmoon.example/?a=1", "more than scheme, host and port"),
        ("https://me:secret@halfmoon.example", "user name or password"),
        ("https://halfmoon.example:99999", "port is not a number"),
        ("'self'; script-src *", "does not start with https:// or http://"),
    ],
)
def test_an_address_that_is_not_an_origin_is_refused_saying_why(address: str, why: str) -> None:
    with pytest.raises(site_origin.SiteOriginError, match=why) as raised:
        site_origin.origins_from({"HALFMOON_SITE_ORIGIN": address})
    assert "HALFMOON_SITE_ORIGIN" in str(raised.value)


def test_the_origins_stand_beside_self_where_the_site_loads_its_own_files() -> None:
    told = site_headers.csp_directives(("https://halfmoon.example",))
    plain = site_headers.csp_directives()
    for name in (
        "default-src",
        "script-src",
        "style-src",
        "img-src",
        "connect-src",
        "worker-src",
        "manifest-src",
    ):
        assert told[name] == plain[name].replace("'self'", "'self' https://halfmoon.example"), name
        assert "https://halfmoon.example" not in plain[name]
    for name in ("object-src", "base-uri", "form-action", "frame-ancestors"):
        assert told[name] == plain[name], name


def test_a_bad_origin_stops_the_headers_with_a_sentence_not_a_traceback() -> None:
    environment = os.environ | {"HALFMOON_SITE_ORIGIN": "halfmoon.example"}
    result = subprocess.run(
        [sys.executable, str(WEB / "site_headers.py"), "headers"],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "HALFMOON_SITE_ORIGIN: 'halfmoon.example' is not an origin" in result.stderr


def test_a_told_origin_reaches_the_published_headers() -> None:
    environment = os.environ | {"HALFMOON_SITE_ORIGIN": "https://halfmoon.example"}
    result = subprocess.run(
        [sys.executable, str(WEB / "site_headers.py"), "headers"],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    policies = [line for line in result.stdout.splitlines() if "Content-Security-Policy" in line]
    assert policies, result.stdout
    assert all(
        "script-src 'self' https://halfmoon.example 'wasm-unsafe-eval'" in line for line in policies
    )
