"""netlify.toml's header rules never overlap on a header, so hosts that combine or override
matching rules serve the same thing (and web/serve.py serves what Netlify would)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("halfmoon_serve_rules", ROOT / "web" / "serve.py")
assert _spec is not None and _spec.loader is not None
serve = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = serve
_spec.loader.exec_module(serve)

PATHS = [
    "/", "/index.html", "/rules.html", "/rules", "/embed.html", "/embed", "/sw.js",
    "/style.css", "/main.py", "/halfmoon_core/game.py", "/manifest.webmanifest",
    "/vendor/pyodide/314.0.7/pyodide.mjs", "/vendor/pyodide/314.0.7/pyodide.asm.wasm",
    "/vendor/pyscript/0.7.31/core.js",
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
