"""Netlify's own headers parser reads the site's headers as web/serve.py does, into valid
values.

``tests/netlify_headers.mjs`` runs ``parseAllHeaders`` of ``@netlify/headers-parser`` (the npm
dev dependency: the code of Netlify's build and of ``netlify dev``) on the ``_headers`` file that
``web/build.py`` publishes (written here from ``web/site_headers.py``) together with
netlify.toml, as a deployment reads them, and applies the rules to each path below with the
parser's own ``forRegExp``. For every path, Netlify's headers must be valid HTTP header values
(Node's ``Headers.set`` keeps them unchanged) and equal to what ``web/serve.py`` serves, so the
local e2e runs see what a deployment sends.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import serve
import site_headers

ROOT = Path(__file__).resolve().parents[1]
NETLIFY_TOML = ROOT / "netlify.toml"
SCRIPT = ROOT / "tests" / "netlify_headers.mjs"
PARSER = ROOT / "node_modules" / "@netlify" / "headers-parser" / "package.json"

PATHS = [
    "/", "/index", "/index.html", "/rules", "/rules.html", "/embed", "/embed.html", "/sw.js",
    "/vendor/pyodide/X/pyodide.asm.wasm", "/vendor/pyodide/X/pyodide.mjs",
    "/vendor/pyscript/X/core.js", "/app/abc123/main.py", "/app/abc123/style.css",
    "/app/abc123/halfmoon_core/game.py", "/manifest.webmanifest", "/icon.svg", "/icon-192.png",
    "/style.css", "/main.py", "/pyscript.json", "/nothing-here",
]  # fmt: skip
"""Representative URL paths: each page and its pretty URL, the service worker, the runtime,
the versioned app files, the manifest, icons, old unversioned files and a missing one."""


@pytest.fixture(scope="module")
def headers_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``_headers`` file a build publishes."""
    return site_headers.write(tmp_path_factory.mktemp("published"))


@pytest.fixture(scope="module")
def netlify(headers_file: Path) -> dict[str, Any]:
    """The report of tests/netlify_headers.mjs on ``_headers``, netlify.toml and
    :data:`PATHS`."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: cannot run Netlify's headers parser")
    if not PARSER.is_file():
        pytest.skip("node_modules/@netlify/headers-parser is missing: run `npm ci` first")
    done = subprocess.run(
        [node, str(SCRIPT), str(headers_file), str(NETLIFY_TOML), *PATHS],
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
    """Netlify reads every rule of web/site_headers.py, in order, with its values as written
    (none is dropped, none is changed); netlify.toml adds none."""
    assert netlify["rules"] == [
        {"for": path, "values": values} for path, values in site_headers.rules()
    ]


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
def test_serve_matches_the_rules_netlify_matches(
    netlify: dict[str, Any], headers_file: Path, path: str
) -> None:
    """serve.path_regex matches a path exactly when Netlify's forRegExp does, rule by rule."""
    rules = serve.load_header_rules(headers_file)
    assert [rule.for_path for rule in rules] == [rule["for"] for rule in netlify["rules"]]
    matched = [i for i, rule in enumerate(rules) if rule.pattern.match(path)]
    assert matched == netlify["paths"][path]["rules"]


@pytest.mark.parametrize("path", PATHS)
def test_serve_gives_the_headers_netlify_gives(
    netlify: dict[str, Any], headers_file: Path, path: str
) -> None:
    served = serve.headers_for(serve.load_header_rules(headers_file), path)
    assert lower(served) == lower(netlify["paths"][path]["headers"])
