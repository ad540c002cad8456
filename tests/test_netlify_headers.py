"""The site's headers (web/site_headers.py, published as ``_headers``): no two matching rules set
one header, so hosts that combine or override matching rules serve the same thing (and
web/serve.py serves what Netlify would); one CSP, the same on every page but for framing.
tests/test_netlify_parser.py checks the file with Netlify's own parser."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import serve
import shared_facts
import site_headers

ROOT = Path(__file__).resolve().parents[1]

PATHS = [
    "/", "/index", "/index.html", "/rules.html", "/rules", "/embed.html", "/embed", "/sw.js",
    "/style.css", "/main.py", "/halfmoon_core/game.py", "/manifest.webmanifest",
    "/vendor/pyodide/314.0.7/pyodide.mjs", "/vendor/pyodide/314.0.7/pyodide.asm.wasm",
    "/vendor/pyscript/0.7.31/core.js", "/app/abc123/main.py", "/app/abc123/style.css",
    "/app/abc123/pyodide.asm.wasm",
]  # fmt: skip
PAGE_PATHS = ["/", "/index", "/index.html", "/rules", "/rules.html", "/embed", "/embed.html"]


@pytest.fixture(scope="module")
def rules() -> list[serve.HeaderRule]:
    """The rules of the published ``_headers``, as web/serve.py reads them."""
    return serve.parse_header_rules(site_headers.render())


def test_the_published_file_holds_every_rule_as_defined(rules: list[serve.HeaderRule]) -> None:
    """``_headers`` reads back to web/site_headers.py's rules, values unchanged."""
    assert [(rule.for_path, rule.values) for rule in rules] == site_headers.rules()


@pytest.mark.parametrize("path", PATHS)
def test_no_header_is_set_by_two_matching_rules(rules: list[serve.HeaderRule], path: str) -> None:
    seen: dict[str, str] = {}
    for rule in rules:
        if rule.pattern.match(path):
            for name in rule.values:
                assert name.lower() not in seen, f"{path}: {name} set by {seen[name.lower()]}"
                seen[name.lower()] = rule.for_path


def csp_of(rules: list[serve.HeaderRule], path: str) -> dict[str, list[str]]:
    """The directives of the CSP served at ``path``."""
    headers = serve.headers_for(rules, path)
    csp = next(v for k, v in headers.items() if k.lower() == "content-security-policy")
    return {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}


@pytest.mark.parametrize("path", ["/", "/index", "/index.html", "/rules.html", "/rules"])
def test_game_and_rules_pages_refuse_to_be_framed(rules: list[serve.HeaderRule], path: str) -> None:
    assert csp_of(rules, path)["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize("path", ["/embed.html", "/embed"])
def test_embed_may_be_framed_by_any_site(rules: list[serve.HeaderRule], path: str) -> None:
    assert csp_of(rules, path)["frame-ancestors"] == ["*"]
    # No inline script but the start guard, allowed by its hash (web/site/start_guard.js).
    guard = site_headers.inline_script_hash(shared_facts.start_guard())
    assert csp_of(rules, path)["script-src"] == ["'self'", "'wasm-unsafe-eval'", guard]


def test_every_page_has_the_same_csp_but_for_framing(rules: list[serve.HeaderRule]) -> None:
    """One policy: a page differs from the game page in frame-ancestors only."""
    game = csp_of(rules, "/index.html")
    for path in PAGE_PATHS:
        policy = csp_of(rules, path)
        assert policy | {"frame-ancestors": []} == game | {"frame-ancestors": []}, path


def test_every_page_of_the_site_has_its_csp() -> None:
    """Each ``web/site/*.html`` says who may frame it (the build refuses a page that does not)."""
    pages = {page.stem for page in (ROOT / "web" / "site").glob("*.html")}
    assert pages == set(site_headers.FRAMED_BY)


def test_each_value_is_one_line() -> None:
    """A line break in a header value is invalid HTTP (and would end the line in _headers)."""
    for path, values in site_headers.rules():
        for name, value in values.items():
            assert "\n" not in value and "\r" not in value, f"{path} {name}: {value!r}"
            assert value == value.strip(), f"{path} {name}: {value!r}"


def test_netlify_toml_sets_no_header() -> None:
    """The headers have one home: web/site_headers.py, not netlify.toml."""
    with (ROOT / "netlify.toml").open("rb") as handle:
        assert "headers" not in tomllib.load(handle)


@pytest.mark.parametrize("path", ["/app/abc123/main.py", "/vendor/pyodide/314.0.7/pyodide.mjs"])
def test_versioned_folders_are_cached_for_good(rules: list[serve.HeaderRule], path: str) -> None:
    headers = serve.headers_for(rules, path)
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("path", ["/", "/index.html", "/rules", "/embed.html", "/sw.js"])
def test_pages_and_service_worker_are_always_revalidated(
    rules: list[serve.HeaderRule], path: str
) -> None:
    headers = serve.headers_for(rules, path)
    assert headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("path", [p for p in PATHS if p.startswith(("/app/", "/vendor/"))])
def test_versioned_files_may_be_loaded_from_any_origin(
    rules: list[serve.HeaderRule], path: str
) -> None:
    """An embed in a sandboxed frame (an opaque origin) loads every file cross-origin: CORS for
    its modules and fetches, a resource policy for its style sheets under its embedder policy
    (docs/hosting.md, "Embedding on another site")."""
    headers = serve.headers_for(rules, path)
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert headers["Cross-Origin-Resource-Policy"] == "cross-origin"


@pytest.mark.parametrize("path", [*PAGE_PATHS, "/sw.js", "/manifest.webmanifest"])
def test_pages_and_stable_files_are_not_opened_to_other_origins(
    rules: list[serve.HeaderRule], path: str
) -> None:
    """Only the versioned files are readable by any origin; the pages are not (the embed's page
    keeps its resource policy, for isolated framing sites)."""
    assert "Access-Control-Allow-Origin" not in serve.headers_for(rules, path)
