"""Netlify's own headers parser reads netlify.toml as web/serve.py does, into valid values.

``tests/netlify_headers.mjs`` runs ``parseAllHeaders`` of ``@netlify/headers-parser`` (the npm
dev dependency: the code of Netlify's build and of ``netlify dev``) on netlify.toml and applies
the rules to each path below with the parser's own ``forRegExp``. For every path, Netlify's
headers must be valid HTTP header values (Node's ``Headers.set`` keeps them unchanged) and equal
to what ``web/serve.py`` serves, so the local e2e runs see what a deployment sends.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import serve

ROOT = Path(__file__).resolve().parents[1]
NETLIFY_TOML = ROOT / "netlify.toml"
SCRIPT = ROOT / "tests" / "netlify_headers.mjs"
PARSER = ROOT / "node_modules" / "@netlify" / "headers-parser" / "package.json"

PATHS = [
    "/", "/index.html", "/rules", "/rules.html", "/embed", "/embed.html", "/sw.js",
    "/vendor/pyodide/X/pyodide.asm.wasm", "/vendor/pyodide/X/pyodide.mjs",
    "/vendor/pyscript/X/core.js", "/app/abc123/main.py", "/app/abc123/style.css",
    "/app/abc123/halfmoon_core/game.py", "/manifest.webmanifest", "/icon.svg", "/icon-192.png",
    "/style.css", "/main.py", "/pyscript.json", "/nothing-here",
]  # fmt: skip
"""Representative URL paths: each page and its pretty URL, the service worker, the runtime,
the versioned app files, the manifest, icons, old unversioned files and a missing one."""


@pytest.fixture(scope="module")
def netlify() -> dict[str, Any]:
    """The report of tests/netlify_headers.mjs on netlify.toml and :data:`PATHS`."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: cannot run Netlify's headers parser")
    if not PARSER.is_file():
        pytest.skip("node_modules/@netlify/headers-parser is missing: run `npm ci` first")
    done = subprocess.run(
        [node, str(SCRIPT), str(NETLIFY_TOML), *PATHS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, f"{SCRIPT.name} failed:\n{done.stderr}"
    return json.loads(done.stdout)


def lower(headers: dict[str, str]) -> dict[str, str]:
    """Header names in lower case (HTTP names are case-insensitive)."""
    return {name.lower(): value for name, value in headers.items()}


def test_parser_reports_no_errors(netlify: dict[str, Any]) -> None:
    assert netlify["errors"] == []


def test_parser_keeps_every_rule(netlify: dict[str, Any]) -> None:
    """No rule of the file is dropped (a rule without values would be)."""
    with NETLIFY_TOML.open("rb") as handle:
        declared = [rule["for"] for rule in tomllib.load(handle)["headers"]]
    assert [rule["for"] for rule in netlify["rules"]] == declared


def test_every_rule_is_exercised_by_some_path(netlify: dict[str, Any]) -> None:
    """PATHS reach every rule, so the per-path checks below cover every value."""
    used = {index for report in netlify["paths"].values() for index in report["rules"]}
    unused = [rule["for"] for i, rule in enumerate(netlify["rules"]) if i not in used]
    assert unused == [], f"add a path for these rules to PATHS: {unused}"


@pytest.mark.parametrize("path", PATHS)
def test_values_are_valid_http_header_values(netlify: dict[str, Any], path: str) -> None:
    """No CR, LF or NUL, no surrounding whitespace; Headers.set keeps each value as it is."""
    report = netlify["paths"][path]
    assert report["problems"] == {}
    for name, value in report["headers"].items():
        assert not set(value) & {"\r", "\n", "\0"}, f"{name}: {value!r}"
        assert value == value.strip(" \t"), f"{name}: {value!r}"
        assert value, f"{name} is empty"


@pytest.mark.parametrize("path", PATHS)
def test_serve_matches_the_rules_netlify_matches(netlify: dict[str, Any], path: str) -> None:
    """serve.path_regex matches a path exactly when Netlify's forRegExp does, rule by rule."""
    rules = serve.load_header_rules(NETLIFY_TOML)
    matched = [i for i, rule in enumerate(rules) if rule.pattern.match(path)]
    assert matched == netlify["paths"][path]["rules"]


@pytest.mark.parametrize("path", PATHS)
def test_serve_gives_the_headers_netlify_gives(netlify: dict[str, Any], path: str) -> None:
    served = serve.headers_for(serve.load_header_rules(NETLIFY_TOML), path)
    assert lower(served) == lower(netlify["paths"][path]["headers"])
