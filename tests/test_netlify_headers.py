"""netlify.toml's header rules never overlap on a header, so hosts that combine or override
matching rules serve the same thing (and web/serve.py serves what Netlify would); the CSP, written
once per page URL, is the same everywhere but for framing. tests/test_netlify_parser.py checks
the file with Netlify's own parser."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import serve

ROOT = Path(__file__).resolve().parents[1]

PATHS = [
    "/", "/index.html", "/rules.html", "/rules", "/embed.html", "/embed", "/sw.js",
    "/style.css", "/main.py", "/halfmoon_core/game.py", "/manifest.webmanifest",
    "/vendor/pyodide/314.0.7/pyodide.mjs", "/vendor/pyodide/314.0.7/pyodide.asm.wasm",
    "/vendor/pyscript/0.7.31/core.js", "/app/abc123/main.py", "/app/abc123/style.css",
    "/app/abc123/pyodide.asm.wasm",
]  # fmt: skip


@pytest.mark.parametrize("path", PATHS)
def test_no_header_is_set_by_two_matching_rules(path: str) -> None:
    seen: dict[str, str] = {}
    for rule in serve.load_header_rules(ROOT / "netlify.toml"):
        if rule.pattern.match(path):
            for name in rule.values:
                assert name.lower() not in seen, f"{path}: {name} set by {seen[name.lower()]}"
                seen[name.lower()] = rule.pattern.pattern


def csp_of(path: str) -> dict[str, list[str]]:
    headers = serve.headers_for(serve.load_header_rules(ROOT / "netlify.toml"), path)
    csp = next(v for k, v in headers.items() if k.lower() == "content-security-policy")
    return {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}


@pytest.mark.parametrize("path", ["/", "/index.html", "/rules.html", "/rules"])
def test_game_and_rules_pages_refuse_to_be_framed(path: str) -> None:
    assert csp_of(path)["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize("path", ["/embed.html", "/embed"])
def test_embed_may_be_framed_by_any_site(path: str) -> None:
    assert csp_of(path)["frame-ancestors"] == ["*"]
    assert csp_of(path)["script-src"] == ["'self'", "'wasm-unsafe-eval'"]


def csp_copies() -> dict[str, str]:
    """Every Content-Security-Policy of netlify.toml as TOML gives it, by the rule's path."""
    with (ROOT / "netlify.toml").open("rb") as handle:
        rules = tomllib.load(handle)["headers"]
    return {
        rule["for"]: value
        for rule in rules
        for name, value in rule.get("values", {}).items()
        if name.lower() == "content-security-policy"
    }


def test_each_csp_is_one_line() -> None:
    """A line break in a header value is invalid HTTP (Netlify's parser would keep it)."""
    copies = csp_copies()
    assert set(copies) == {"/", "/index.html", "/rules", "/rules.html", "/embed", "/embed.html"}
    for path, value in copies.items():
        assert "\n" not in value and "\r" not in value, f"{path}: {value!r}"
        assert value == value.strip(), f"{path}: {value!r}"


def test_csp_copies_differ_only_in_frame_ancestors() -> None:
    """The page CSP is repeated per page URL; a change to one copy must reach them all."""
    rest = {}
    for path, value in csp_copies().items():
        directives = [d.strip() for d in value.split(";")]
        framing = [d for d in directives if d.split()[0] == "frame-ancestors"]
        assert len(framing) == 1, f"{path}: {framing}"
        rest[path] = [d for d in directives if d not in framing]
    first = rest["/"]
    assert all(directives == first for directives in rest.values()), rest


@pytest.mark.parametrize("path", ["/app/abc123/main.py", "/vendor/pyodide/314.0.7/pyodide.mjs"])
def test_versioned_folders_are_cached_for_good(path: str) -> None:
    headers = serve.headers_for(serve.load_header_rules(ROOT / "netlify.toml"), path)
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("path", ["/", "/index.html", "/rules", "/embed.html", "/sw.js"])
def test_pages_and_service_worker_are_always_revalidated(path: str) -> None:
    headers = serve.headers_for(serve.load_header_rules(ROOT / "netlify.toml"), path)
    assert headers["Cache-Control"] == "no-cache"
