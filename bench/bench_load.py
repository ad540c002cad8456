"""Page-load benchmark of the built site in Chromium (not a test: pytest does not collect it).

Run as ``python bench/bench_load.py [--rounds N] [--out DIR] [--json FILE] [--seed S]
[--ref REV]``; takes a few minutes.

It builds the site (``web/build.py`` of the working tree, or of git revision ``--ref``) into a
temporary folder (``--out DIR``: into DIR, which is replaced and kept) and adds two *floor*
pages: ``floor-pyodide.html`` (bare Pyodide: load it, run ``1+1``) and ``floor-pyscript.html``
(PyScript's hello world). They load stock Pyodide files copied from ``node_modules/pyodide``
and the PyScript files the build shipped, from ``floor-vendor/``, so the floors stay the same
whatever the build does to its own runtime. A *reference* page, ``runtime-only.html``, starts
the build's own runtime with the game page's standard library set and runs ``1+1``, with no
PyScript and no page: the share of a page's start that is Pyodide's own, as the site makes it.
The folder is served by ``web/serve.py`` with the headers the build published (``_headers``;
``netlify.toml``'s for a revision from before ``web/site_headers.py``), plus rules giving the
floors and the reference the game page's headers (its CSP) and ``floor-vendor/`` those of
``vendor/``.

Headless Chromium (Debian's, with the e2e flags) loads every page once per round, in an order
shuffled per round: a *cold* load in a new browser with an empty profile (no cache, no service
worker), then, once the page's service worker controls it (pages that register one), a *warm*
load in the same browser, then a *steady* load (the third). The second visit is the first a
service worker serves: Chromium then makes its compiled-code caches of the runtime's JavaScript
modules (about 0.1 s of main thread, on the floors too), which the third and later visits use.
An init script notes in the page (``performance.now()``, from the navigation's start) when
``<html data-ready>`` appears, and the first animation frame after a board card (``.hm-card``
or ``.card``) is in the DOM. The bytes of a cold load are those of the
files it downloaded before ``data-ready`` (Resource Timing), measured on disk: raw, gzip (levels
6 and 9, Python's ``gzip``) and brotli (quality 11, Node's ``zlib``: no Python package needed).

It prints the load average at start and end, the Chromium version and, per page: the time to
``data-ready`` (cold, warm and steady, median and range), its ratio to each floor measured in
the same round, the time to the first painted card, and the bytes. ``--json FILE`` writes every
raw figure.
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import io
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from harness import CHROMIUM_ARGS, chromium_executable  # noqa: E402 - e2e/harness.py
from playwright.sync_api import (  # noqa: E402
    BrowserType,
    ConsoleMessage,
    Page,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

#: A deal code the e2e tests use (e2e/test_embed.py).
DEAL = "HM1-N-AAAAAAB"
#: A page that reloads itself into a new build says ``data-reloading``: not that one.
READY_SELECTOR = "html[data-ready]:not([data-reloading]), html[data-error]:not([data-reloading])"
#: A card of the board (board_view.py draws ``hm-card``; ``card`` for a pre-Python board).
CARD_SELECTOR = ".hm-card, .card"
#: Any place of a board, a card or a face-down placeholder (the static board of the HTML).
BOARD_SELECTOR = ".hm-place"
READY_TIMEOUT_S = 120.0
WORKER_TIMEOUT_S = 90.0
CARD_TIMEOUT_S = 15.0
PHASES = ("cold", "warm", "steady")
#: Stock Pyodide files the floor pages load (node_modules/pyodide).
FLOOR_PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
FLOOR_VENDOR = "floor-vendor"
SOURCE_MAP_COMMENT = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")
#: Node one-liner: brotli (quality 11) sizes of the files named in the JSON list on stdin.
BROTLI_JS = """
const zlib = require("zlib"), fs = require("fs");
const out = {};
for (const path of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const data = fs.readFileSync(path);
  out[path] = zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).length;
}
process.stdout.write(JSON.stringify(out));
"""

# Runs before any page script in every document (CDP, so the page's CSP does not apply): notes
# when data-ready / data-error appear and the first frame after a card is in the DOM.
MARKS_SCRIPT = """
(() => {
  if (window.top !== window) return;
  performance.setResourceTimingBufferSize(2000);
  const marks = {
    ready: null, error: null, errorAt: null, cardInDom: null, card: null, board: null, csp: [],
  };
  Object.defineProperty(window, "__hmBench", { value: marks });
  document.addEventListener("securitypolicyviolation", (e) => {
    marks.csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`);
  });
  const check = () => {
    const root = document.documentElement;
    if (root && marks.ready === null && root.hasAttribute("data-ready")) {
      marks.ready = performance.now();
    }
    if (root && marks.errorAt === null && root.hasAttribute("data-error")) {
      marks.errorAt = performance.now();
      marks.error = root.getAttribute("data-error");
    }
    if (marks.cardInDom === null && document.querySelector(CARD_SELECTOR)) {
      marks.cardInDom = performance.now();
      requestAnimationFrame(() => { marks.card = performance.now(); });
    }
    if (marks.board === null && document.querySelector(BOARD_SELECTOR)) {
      marks.board = -1;
      requestAnimationFrame(() => { marks.board = performance.now(); });
    }
    return marks.ready !== null && marks.cardInDom !== null && marks.board !== null;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, {
    childList: true, subtree: true, attributes: true,
    attributeFilter: ["data-ready", "data-error"],
  });
  document.addEventListener("DOMContentLoaded", check);
})();
""".replace("CARD_SELECTOR", json.dumps(CARD_SELECTOR)).replace(
    "BOARD_SELECTOR", json.dumps(BOARD_SELECTOR)
)

# Reads the marks once the page is ready, waiting up to `cardMs` for the first card frame; and
# the page's Resource Timing entries that started before data-ready.
READ_MARKS_JS = """
async ([cardMs]) => {
  const marks = window.__hmBench;
  if (!marks) return null;
  const deadline = performance.now() + cardMs;
  while (cardMs > 0 && marks.card === null && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const until = marks.ready ?? marks.errorAt ?? performance.now();
  const entries = [
    ...performance.getEntriesByType("navigation"),
    ...performance.getEntriesByType("resource"),
  ].filter((e) => e.startTime <= until);
  const navigation = performance.getEntriesByType("navigation")[0];
  return {
    ...marks,
    navigation: navigation ? navigation.type : null,
    resources: entries.map((e) => ({
      url: e.name, start: e.startTime, end: e.responseEnd, transfer: e.transferSize,
      encoded: e.encodedBodySize, status: e.responseStatus ?? null,
    })),
  };
}
"""

# Waits until a service worker controls the page (or `ms` pass); says which.
WORKER_JS = """
async ([ms]) => {
  const workers = navigator.serviceWorker;
  if (!workers) return "unsupported";
  if (workers.controller) return "controlled";
  return await new Promise((resolve) => {
    const timer = setTimeout(() => resolve("timeout"), ms);
    workers.addEventListener("controllerchange", () => {
      clearTimeout(timer);
      resolve("controlled");
    });
  });
}
"""

FLOOR_WATCH_JS = """\
// Benchmark floor: mark <html data-error> when the runtime fails, as the site's boot.js does.
"use strict";
(() => {
  const root = document.documentElement;
  const fail = (why) => {
    if (!root.hasAttribute("data-ready") && !root.hasAttribute("data-error")) {
      root.setAttribute("data-error", String(why || "unknown error"));
    }
  };
  addEventListener("error", (e) => {
    const target = e.target || {};
    fail(e.message || e.error || `could not load ${target.src || target.href}`);
  }, true);
  addEventListener("unhandledrejection", (e) => fail(e.reason && (e.reason.message || e.reason)));
  new MutationObserver(() => {
    const error = document.querySelector(".py-error");
    if (error) fail(error.textContent.trim().split("\\n").pop());
  }).observe(root, { childList: true, subtree: true });
})();
"""

# The two pages that start Pyodide alone, run 1+1 and set data-ready: the bare floor (stock
# files) and the reference (the build's runtime and the game page's standard library set).
BARE_PYODIDE_HTML = """\
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>%TITLE%</title>
  <link rel="icon" href="./icon.svg" type="image/svg+xml">
  <script src="./floor-watch.js"></script>
  <script type="module" src="./%NAME%.mjs"></script>
</head>
<body><p>%TITLE%: load, run 1+1, set data-ready.</p></body>
</html>
"""

BARE_PYODIDE_MJS = """\
// Benchmark page: %TITLE%, 1+1, then <html data-ready>.
import { loadPyodide } from "./%PYODIDE%/pyodide.mjs";

const root = document.documentElement;
try {
  const indexURL = new URL("./%PYODIDE%/", document.baseURI).href;
  const pyodide = await loadPyodide({ indexURL%OPTIONS% });
  const two = pyodide.runPython("1+1");
  if (two !== 2) throw new Error(`1+1 gave ${two}`);
  root.setAttribute("data-ready", "");
} catch (error) {
  root.setAttribute("data-error", String((error && error.message) || error));
}
"""

FLOOR_PYSCRIPT_HTML = """\
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Floor: PyScript hello world</title>
  <link rel="icon" href="./icon.svg" type="image/svg+xml">
  %CSS%<script src="./floor-watch.js"></script>
  <script type="module" src="./floor-pyscript.mjs"></script>
</head>
<body>
<script type="py" config="./floor-pyscript.json">
from pyscript import document
document.documentElement.setAttribute("data-ready", "")
</script>
</body>
</html>
"""

# As web/site/start.mjs: the CSP forbids the Function() that PyScript's worker hooks need.
FLOOR_PYSCRIPT_MJS = """\
// Benchmark floor: start stock PyScript within the CSP (see web/site/start.mjs).
import { hooks } from "./%PYSCRIPT%/core.js";

hooks.worker.onBeforeRunAsync.clear();
"""


class BenchError(RuntimeError):
    """The benchmark cannot go on (a page failed, timed out, or the site cannot be built)."""


@dataclass(frozen=True)
class PageSpec:
    """One page to measure: its name, URL path, and what it is expected to do."""

    name: str
    path: str
    floor: bool
    worker: bool


PAGES = (
    PageSpec("floor-pyodide", "floor-pyodide.html", floor=True, worker=False),
    PageSpec("floor-pyscript", "floor-pyscript.html", floor=True, worker=False),
    PageSpec("runtime-only", "runtime-only.html", floor=True, worker=False),
    PageSpec("game", "index.html", floor=False, worker=True),
    PageSpec("rules", "rules.html", floor=False, worker=True),
    PageSpec("embed", f"embed.html?deal={DEAL}", floor=False, worker=True),
)


@dataclass
class Load:
    """What one load of a page measured (times in seconds from the navigation's start)."""

    ready: float
    card_in_dom: float | None
    card: float | None
    board: float | None
    resources: list[dict[str, Any]]
    problems: list[str] = field(default_factory=list)


@dataclass
class PageRun:
    """One round of one page: the cold, warm and steady loads, the worker's state after the
    cold one."""

    cold: Load
    warm: Load
    steady: Load
    worker: str


@dataclass(frozen=True)
class Source:
    """The sources measured: their ``web/build.py`` and ``web/serve.py`` modules."""

    build: ModuleType
    serve: ModuleType
    label: str


# -- the site ------------------------------------------------------------------------------


def extract_revision(ref: str, dest: Path) -> Path:
    """Write the files of git revision ``ref`` that the build reads into ``dest`` (with a link
    to this checkout's node_modules); return ``dest``."""
    paths = ["web", "halfmoon_core", "netlify.toml", "package.json", "package-lock.json"]
    done = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", ref, "--", *paths],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        raise BenchError(f"git archive {ref}: {done.stderr.decode(errors='replace').strip()}")
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        archive.extractall(dest)
    (dest / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return dest


def load_source(ref: str | None, workspace: Path) -> Source:
    """Import ``web/build.py`` and ``web/serve.py`` of the working tree (``ref`` None) or of
    git revision ``ref`` (extracted into ``workspace``)."""
    root = ROOT if ref is None else extract_revision(ref, workspace / "src")
    sys.path.insert(0, str(root / "web"))
    try:
        build = importlib.import_module("build")
        serve = importlib.import_module("serve")
    finally:
        sys.path.remove(str(root / "web"))
    return Source(build, serve, "working tree" if ref is None else f"git {ref}")


def copy_stripped(src: Path, dest: Path) -> None:
    """Copy a runtime file, dropping a JS source-map comment as the build does."""
    data = src.read_bytes()
    if src.suffix in {".js", ".mjs"}:
        data = SOURCE_MAP_COMMENT.sub(b"\n", data)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(data)


def copy_floor_runtime(site: Path, pyodide_version: str, pyscript_version: str) -> None:
    """Put the floors' runtime under ``floor-vendor/``: stock Pyodide files from node_modules
    and the PyScript files the build shipped in ``vendor/pyscript/<version>/``."""
    stock = ROOT / "node_modules" / "pyodide"
    for name in FLOOR_PYODIDE_FILES:
        if not (stock / name).is_file():
            raise BenchError(f"{stock / name} is missing: run `npm ci`")
        copy_stripped(stock / name, site / FLOOR_VENDOR / "pyodide" / pyodide_version / name)
    shipped = site / "vendor" / "pyscript" / pyscript_version
    if not (shipped / "core.js").is_file():
        raise BenchError(f"the build shipped no {shipped / 'core.js'}")
    shutil.copytree(shipped, site / FLOOR_VENDOR / "pyscript" / pyscript_version)


def write_floor_pages(site: Path, build: ModuleType) -> None:
    """Write ``floor-pyodide.html``, ``floor-pyscript.html`` and ``runtime-only.html`` (with
    their scripts and the PyScript config) into the built site ``site``."""
    pyodide_version = build.package_version("pyodide")
    pyscript_version = build.package_version("@pyscript/core")
    copy_floor_runtime(site, pyodide_version, pyscript_version)
    pyodide = f"{FLOOR_VENDOR}/pyodide/{pyodide_version}"
    pyscript = f"{FLOOR_VENDOR}/pyscript/{pyscript_version}"
    css = ""
    if (site / pyscript / "core.css").is_file():
        css = f'<link rel="stylesheet" href="./{pyscript}/core.css">\n  '
    config = {"interpreter": f"./{pyodide}/pyodide.mjs"}
    texts = {
        "floor-watch.js": FLOOR_WATCH_JS,
        **bare_pyodide_page("floor-pyodide", "Floor: bare Pyodide", pyodide, ""),
        **bare_pyodide_page(
            "runtime-only",
            "Reference: the site's runtime alone",
            f"vendor/pyodide/{pyodide_version}",
            runtime_only_options(site, build),
        ),
        "floor-pyscript.html": FLOOR_PYSCRIPT_HTML.replace("%CSS%", css),
        "floor-pyscript.mjs": FLOOR_PYSCRIPT_MJS.replace("%PYSCRIPT%", pyscript),
        "floor-pyscript.json": json.dumps(config, indent=2) + "\n",
    }
    for name, text in texts.items():
        (site / name).write_text(text, encoding="utf-8")


def bare_pyodide_page(name: str, title: str, pyodide: str, options: str) -> dict[str, str]:
    """The HTML and script of a page that starts Pyodide from ``pyodide`` (a folder of the
    site) with ``options`` added to ``loadPyodide``'s, and runs 1+1."""
    return {
        f"{name}.html": BARE_PYODIDE_HTML.replace("%TITLE%", title).replace("%NAME%", name),
        f"{name}.mjs": BARE_PYODIDE_MJS.replace("%TITLE%", title)
        .replace("%PYODIDE%", pyodide)
        .replace("%OPTIONS%", options),
    }


def runtime_only_options(site: Path, build: ModuleType) -> str:
    """The reference page's extra options, as runtime.mjs gives them: the game page's standard
    library set (``data-stdlib`` of index.html; the stock one for a build from before that) and
    no package list to fetch."""
    options = f", lockFileContents: {{ info: {json.dumps(build.lock_info())}, packages: {{}} }}"
    found = re.search(r'data-stdlib="([^"]+)"', (site / "index.html").read_text("utf-8"))
    if found:
        options += f", stdLibURL: new URL({json.dumps(found.group(1))}, document.baseURI).href"
    return options


def prepare_site(site: Path, build: ModuleType) -> str:
    """Build the site into ``site`` (replaced) and add the floor pages; return the build id."""
    try:
        build_id = str(build.build(site))
    except build.BuildError as exc:
        raise BenchError(f"the build failed: {exc}") from exc
    write_floor_pages(site, build)
    return build_id


def floor_rules(serve: ModuleType, rules: list[Any]) -> list[tuple[str, dict[str, str]]]:
    """Header rules for the floors: each floor page gets the game page's headers (its CSP
    included) and ``floor-vendor/`` those of ``vendor/``; Content-Type is left to the server."""

    def own(url_path: str) -> dict[str, str]:
        return {
            name: value
            for name, value in serve.headers_for(rules, url_path).items()
            if name.lower() != "content-type"
        }

    page_headers = own("/index.html")
    if not any(name.lower() == "content-security-policy" for name in page_headers):
        raise BenchError("the site's headers give /index.html no Content-Security-Policy")
    floors = [(f"/{spec.path}", page_headers) for spec in PAGES if spec.floor]
    return [*floors, (f"/{FLOOR_VENDOR}/*", own("/vendor/x/y.wasm"))]


def add_floor_headers(site: Path, serve: ModuleType) -> None:
    """Append :func:`floor_rules` to the built site's ``_headers``."""
    headers_file = site / serve.HEADERS_FILE
    rules = serve.load_header_rules(headers_file)
    if not rules:
        raise BenchError(f"{headers_file} is missing or has no rules")
    text = headers_file.read_text(encoding="utf-8")
    for path, values in floor_rules(serve, rules):
        text += f"\n{path}\n" + "".join(f"  {name}: {value}\n" for name, value in values.items())
    serve.parse_header_rules(text)  # fail here, not in the server, if the file is not valid
    headers_file.write_text(text, encoding="utf-8")


def write_bench_toml(dest: Path, serve: ModuleType) -> Path:
    """For a revision whose headers were in netlify.toml (before web/site_headers.py): write a
    copy of it with :func:`floor_rules` added; return its path."""
    text = serve.NETLIFY_TOML.read_text(encoding="utf-8")
    for path, values in floor_rules(serve, serve.load_header_rules(serve.NETLIFY_TOML)):
        lines = ["", "[[headers]]", f"  for = {json.dumps(path)}", "  [headers.values]"]
        lines += [
            f"    {json.dumps(k)} = {json.dumps(v, ensure_ascii=False)}" for k, v in values.items()
        ]
        text += "\n".join(lines) + "\n"
    tomllib.loads(text)  # fail here, not in the server, if the copy is not valid TOML
    dest.write_text(text, encoding="utf-8")
    return dest


# -- measuring -----------------------------------------------------------------------------


def seconds(ms: float | None) -> float | None:
    """Milliseconds (or None) as seconds."""
    return None if ms is None else ms / 1000.0


def read_load(page: Page, url: str, spec: PageSpec, problems: list[str]) -> Load:
    """Read the marks of the page's current document, once it is ready or failed."""
    card_wait_ms = 0 if spec.floor else int(CARD_TIMEOUT_S * 1000)
    marks = page.evaluate(READ_MARKS_JS, [card_wait_ms])
    if marks is None:
        raise BenchError(f"{url}: the benchmark's init script did not run")
    if marks["error"] is not None or marks["ready"] is None:
        raise BenchError(f"{url} failed to start: data-error={marks['error']!r}")
    problems += [f"CSP: {line}" for line in marks["csp"]]
    if marks["navigation"] != "navigate":
        problems.append(f"the page reloaded itself ({marks['navigation']}): timed from there")
    if not spec.floor and marks["card"] is None:
        problems.append(f"no {CARD_SELECTOR} painted within {CARD_TIMEOUT_S:.0f} s of data-ready")
    ready = seconds(marks["ready"])
    assert ready is not None
    return Load(
        ready=ready,
        card_in_dom=seconds(marks["cardInDom"]),
        card=seconds(marks["card"]),
        board=seconds(marks["board"]) if (marks["board"] or 0) > 0 else None,
        resources=marks["resources"],
        problems=list(problems),
    )


def timed_load(page: Page, url: str, spec: PageSpec) -> Load:
    """Navigate ``page`` to ``url`` and measure that load (see :data:`MARKS_SCRIPT`)."""
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console error: {message.text}")

    def on_page_error(error: PlaywrightError) -> None:
        problems.append(f"page error: {error}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    timeout_ms = READY_TIMEOUT_S * 1000
    try:
        try:
            page.goto(url, wait_until="commit", timeout=timeout_ms)
            page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout_ms)
        except PlaywrightTimeout as exc:
            raise BenchError(
                f"{url}: no data-ready or data-error within {READY_TIMEOUT_S:.0f} s"
                + (f" ({'; '.join(problems)})" if problems else "")
            ) from exc
        return read_load(page, url, spec, problems)
    finally:
        page.remove_listener("console", on_console)
        page.remove_listener("pageerror", on_page_error)


def wait_for_worker(page: Page, spec: PageSpec) -> str:
    """Wait until the page's service worker controls it (pages that register one); return
    ``controlled``, ``timeout``, ``unsupported`` or ``none`` (no worker expected)."""
    if not spec.worker:
        return "none"
    state = str(page.evaluate(WORKER_JS, [int(WORKER_TIMEOUT_S * 1000)]))
    if state != "controlled":
        print(f"  warning: {spec.name}: no service worker controls the page ({state})")
    return state


@dataclass(frozen=True)
class Launcher:
    """How to start Chromium: Playwright's browser type and the executable (None: its own)."""

    chromium: BrowserType
    executable: str | None

    def options(self) -> dict[str, Any]:
        """The launch options: headless, the e2e flags, the executable."""
        options: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS}
        if self.executable:
            options["executable_path"] = self.executable
        return options

    def version(self) -> str:
        """The browser's version (from a short launch)."""
        browser = self.chromium.launch(**self.options())
        try:
            return browser.version
        finally:
            browser.close()


@contextmanager
def fresh_page(launcher: Launcher) -> Iterator[Page]:
    """A page of a new Chromium with a new, empty profile (no cache, no service worker); the
    browser is closed and the profile removed afterwards.

    A profile on disk, not an incognito context: an incognito context keeps its HTTP cache in
    memory and does not store an entry as large as Pyodide's wasm (9.6 MB), so a warm load of
    a page without a service worker would download it again, which no real visitor does.
    """
    profile = tempfile.mkdtemp(prefix="halfmoon-bench-profile-")
    try:
        context = launcher.chromium.launch_persistent_context(
            profile, viewport={"width": 1280, "height": 800}, **launcher.options()
        )
        try:
            context.add_init_script(MARKS_SCRIPT)
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def measure_page(launcher: Launcher, base_url: str, spec: PageSpec) -> PageRun:
    """Measure one page once: a cold load in a fresh context, then a warm and a steady load."""
    url = urljoin(base_url, spec.path)
    with fresh_page(launcher) as page:
        cold = timed_load(page, url, spec)
        worker = wait_for_worker(page, spec)
        warm = timed_load(page, url, spec)
        steady = timed_load(page, url, spec)
    return PageRun(cold=cold, warm=warm, steady=steady, worker=worker)


def run_rounds(
    launcher: Launcher, base_url: str, rounds: int, rng: random.Random
) -> list[dict[str, PageRun]]:
    """Measure every page once per round, in an order shuffled per round."""
    results: list[dict[str, PageRun]] = []
    for number in range(1, rounds + 1):
        order = rng.sample(PAGES, len(PAGES))
        names = ", ".join(spec.name for spec in order)
        print(f"round {number}/{rounds} (load {load_average()}): {names}", flush=True)
        measured: dict[str, PageRun] = {}
        for spec in order:
            run = measure_page(launcher, base_url, spec)
            measured[spec.name] = run
            times = "   ".join(f"{p} {getattr(run, p).ready:6.2f} s" for p in PHASES)
            print(f"  {spec.name:<15} {times}")
            for problem in run.cold.problems + run.warm.problems + run.steady.problems:
                print(f"    warning: {problem}")
        results.append(measured)
    return results


# -- bytes ---------------------------------------------------------------------------------


def local_file(site: Path, base_url: str, url: str) -> Path | None:
    """The file of ``site`` that serve.py answers ``url`` with (None: another origin/none)."""
    if not url.startswith(base_url):
        return None
    rel = unquote(urlsplit(url).path).lstrip("/")
    if rel == "" or rel.endswith("/"):
        rel += "index.html"
    path = site / rel
    if not path.is_file() and path.with_name(path.name + ".html").is_file():
        path = path.with_name(path.name + ".html")
    return path if path.is_file() else None


def gzip_size(data: bytes, level: int) -> int:
    """Size of ``data`` gzipped at ``level``."""
    return len(gzip.compress(data, compresslevel=level, mtime=0))


def brotli_sizes(paths: Sequence[Path]) -> dict[Path, int] | None:
    """Brotli (quality 11) sizes of ``paths``, by Node's zlib; None when Node is missing."""
    node = shutil.which("node")
    if node is None:
        print("  note: no `node` on PATH: brotli sizes are n/a")
        return None
    done = subprocess.run(
        [node, "-e", BROTLI_JS],
        input=json.dumps([str(p) for p in paths]),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode != 0:
        raise BenchError(f"brotli by Node failed: {done.stderr.strip()}")
    return {Path(name): int(size) for name, size in json.loads(done.stdout).items()}


def file_sizes(paths: Sequence[Path]) -> dict[Path, dict[str, int | None]]:
    """Raw, gzip-6, gzip-9 and brotli-11 sizes of each file."""
    brotli = brotli_sizes(paths)
    sizes: dict[Path, dict[str, int | None]] = {}
    for path in paths:
        data = path.read_bytes()
        sizes[path] = {
            "raw": len(data),
            "gzip6": gzip_size(data, 6),
            "gzip9": gzip_size(data, 9),
            "brotli11": None if brotli is None else brotli[path],
        }
    return sizes


def bytes_by_page(
    results: list[dict[str, PageRun]], site: Path, base_url: str
) -> dict[str, dict[str, Any]]:
    """Per page, the files its first cold load fetched before data-ready, with their sizes
    totalled (a file downloaded twice counts twice), and the network bytes of every load."""
    files: dict[str, list[Path]] = {}
    unmapped: dict[str, list[str]] = {}
    for spec in PAGES:
        resources = [r for r in results[0][spec.name].cold.resources if downloaded(r)]
        mapped = [(r["url"], local_file(site, base_url, r["url"])) for r in resources]
        files[spec.name] = [path for _, path in mapped if path is not None]
        unmapped[spec.name] = [url for url, path in mapped if path is None]
    unique = sorted({path for paths in files.values() for path in paths})
    sizes = file_sizes(unique)
    table: dict[str, dict[str, Any]] = {}
    for spec in PAGES:
        paths = files[spec.name]
        totals: dict[str, Any] = {"requests": len(paths), "unmapped": unmapped[spec.name]}
        for kind in ("raw", "gzip6", "gzip9", "brotli11"):
            values = [sizes[path][kind] for path in paths]
            totals[kind] = None if None in values else sum(v for v in values if v is not None)
        totals["duplicates"] = len(paths) - len(set(paths))
        totals["requests_per_round"] = [
            sum(map(downloaded, r[spec.name].cold.resources)) for r in results
        ]
        totals["cold_transfer"] = [transferred(r[spec.name].cold) for r in results]
        totals["warm_transfer"] = [transferred(r[spec.name].warm) for r in results]
        totals["files"] = [path.relative_to(site).as_posix() for path in paths]
        table[spec.name] = totals
    return table


def downloaded(resource: dict[str, Any]) -> bool:
    """Whether a Resource Timing entry came over the network, body included: not from the
    cache, and not revalidated (a 304: only its headers are transferred, e.g. the favicon's
    second request)."""
    transfer, encoded = int(resource["transfer"] or 0), int(resource["encoded"] or 0)
    return transfer > 0 and transfer >= encoded


def transferred(load: Load) -> int:
    """Bytes the load took from the network (headers included; 0 for a cache hit)."""
    return sum(int(r["transfer"] or 0) for r in load.resources)


# -- report --------------------------------------------------------------------------------


def spread(values: Sequence[float | None], digits: int = 2) -> str:
    """``median [min–max]`` of the known values; ``n/a`` when there are none."""
    known = [v for v in values if v is not None]
    if not known:
        return "n/a"
    median = statistics.median(known)
    text = f"{median:.{digits}f} [{min(known):.{digits}f}–{max(known):.{digits}f}]"
    return text + ("" if len(known) == len(values) else f" ({len(known)}/{len(values)})")


def ratios(results: list[dict[str, PageRun]], name: str, floor: str, phase: str) -> list[float]:
    """Per round, the page's time to data-ready divided by the floor's (same round, phase)."""
    return [
        getattr(r[name], phase).ready / getattr(r[floor], phase).ready
        for r in results
        if getattr(r[floor], phase).ready > 0
    ]


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Print a plain-text table with a title."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    print(f"\n{title}")
    for row in [header, *rows]:
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))


def megabytes(value: int | None) -> str:
    """Bytes as MB with two decimals (n/a for None)."""
    return "n/a" if value is None else f"{value / 1e6:.2f}"


def report_times(results: list[dict[str, PageRun]]) -> None:
    """Print the times to data-ready and their ratios to the floors."""
    names = [spec.name for spec in PAGES]
    print_table(
        f"Time to data-ready, s: median [min–max] over {len(results)} rounds",
        ["page", *PHASES],
        [
            [name, *(spread([getattr(r[name], p).ready for r in results]) for p in PHASES)]
            for name in names
        ],
    )
    for floor in ("floor-pyodide", "floor-pyscript"):
        print_table(
            f"Ratio to {floor} (per round, same phase): median [min–max]",
            ["page", *PHASES],
            [[name, *(spread(ratios(results, name, floor, p)) for p in PHASES)] for name in names],
        )


def report_cards(results: list[dict[str, PageRun]]) -> None:
    """Print the times to the first painted card (n/a for the floors)."""
    rows = []
    for spec in PAGES:
        if spec.floor:
            rows.append([spec.name, "n/a", "n/a", "n/a"])
            continue
        runs = [r[spec.name] for r in results]
        rows.append(
            [
                spec.name,
                spread([run.cold.card for run in runs]),
                spread([run.warm.card for run in runs]),
                spread([run.cold.card_in_dom for run in runs]),
            ]
        )
    print_table(
        "First painted card, s (first frame after a card is in the DOM): median [min–max]",
        ["page", "cold", "warm", "cold: card in DOM"],
        rows,
    )
    boards = [
        [
            spec.name,
            spread([r[spec.name].cold.board for r in results]),
            spread([r[spec.name].warm.board for r in results]),
        ]
        for spec in PAGES
        if not spec.floor
    ]
    print_table(
        "First painted board, s (first frame with a board place, face down or not)",
        ["page", "cold", "warm"],
        boards,
    )


def report_bytes(sizes: dict[str, dict[str, Any]]) -> None:
    """Print the bytes of the cold loads, and the network bytes of the warm loads."""
    rows = []
    for spec in PAGES:
        page = sizes[spec.name]
        requests = str(page["requests"])
        if page["duplicates"]:
            requests += f" ({page['duplicates']} twice)"
        rows.append(
            [
                spec.name,
                requests,
                *(megabytes(page[kind]) for kind in ("raw", "gzip6", "gzip9", "brotli11")),
                megabytes(int(statistics.median(page["cold_transfer"]))),
            ]
        )
    print_table(
        "Cold load: files downloaded before data-ready (first round), MB measured on disk",
        ["page", "requests", "raw", "gzip-6", "gzip-9", "brotli-11", "network (median)"],
        rows,
    )
    for spec in PAGES:
        counts = sizes[spec.name]["requests_per_round"]
        if min(counts) != max(counts):
            print(f"  note: {spec.name}: {min(counts)}–{max(counts)} downloads per cold load")
        for url in sizes[spec.name]["unmapped"]:
            print(f"  note: {spec.name}: {url} is not a file of the served folder")
    warm = ", ".join(
        f"{spec.name} {statistics.median(sizes[spec.name]['warm_transfer']) / 1e3:.1f} kB"
        for spec in PAGES
    )
    print(f"Warm load, bytes from the network (median): {warm}")


def report(results: list[dict[str, PageRun]], sizes: dict[str, dict[str, Any]]) -> None:
    """Print the tables: times, ratios to the floors, first card, bytes."""
    report_times(results)
    report_cards(results)
    report_bytes(sizes)


def load_average() -> str:
    """``os.getloadavg()`` as text."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def write_json(
    path: Path, meta: dict[str, Any], results: list[dict[str, PageRun]], sizes: dict[str, Any]
) -> None:
    """Write every raw figure to ``path``."""
    document = {
        "meta": meta,
        "rounds": [{name: asdict(run) for name, run in r.items()} for r in results],
        "bytes": sizes,
    }
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


# -- main ----------------------------------------------------------------------------------


def run_benchmark(
    site: Path, serve: ModuleType, toml: Path | None, rounds: int, seed: int
) -> dict[str, Any]:
    """Serve ``site`` (with the headers of ``toml`` for an older revision), drive Chromium
    through the rounds, and return the figures."""
    options = {"toml_path": toml} if toml else {}
    with serve.serve_in_thread(site, **options) as base_url, sync_playwright() as pw:
        launcher = Launcher(pw.chromium, chromium_executable())
        version = launcher.version()
        where = launcher.executable or "Playwright's build"
        print(f"Chromium {version} ({where}), {rounds} rounds", flush=True)
        began = time.perf_counter()
        results = run_rounds(launcher, base_url, rounds, random.Random(seed))
        elapsed = time.perf_counter() - began
        print(f"measured in {elapsed:.0f} s; computing compressed sizes…", flush=True)
        sizes = bytes_by_page(results, site, base_url)
    return {"chromium": version, "results": results, "sizes": sizes, "elapsed": elapsed}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Build, serve and measure as ``args`` say; return the figures and their context."""
    workspace = Path(tempfile.mkdtemp(prefix="halfmoon-bench-"))
    try:
        source = load_source(args.ref, workspace)
        site = args.out.resolve() if args.out else workspace / "site"
        build_id = prepare_site(site, source.build)
        print(f"built {site} ({source.label}, build {build_id}) with the floor pages", flush=True)
        toml = None
        if hasattr(source.serve, "HEADERS_FILE"):
            add_floor_headers(site, source.serve)
        else:  # a revision from before web/site_headers.py
            toml = write_bench_toml(workspace / "netlify.toml", source.serve)
        figures = run_benchmark(site, source.serve, toml, args.rounds, args.seed)
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
    return {**figures, "build": build_id, "source": source.label}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description="Half Moon page-load benchmark (Chromium).")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (each page once per round)")
    parser.add_argument("--out", type=Path, help="build into DIR (replaced) and keep it")
    parser.add_argument("--json", type=Path, help="write every raw figure to FILE")
    parser.add_argument("--seed", type=int, default=1, help="seed of the page order")
    parser.add_argument("--ref", help="measure git revision REF (default: the working tree)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    start_load = load_average()
    print(f"load average at start: {start_load}", flush=True)
    try:
        figures = measure(args)
    except (BenchError, PlaywrightError, subprocess.SubprocessError) as exc:
        print(f"bench_load: {exc}", file=sys.stderr)
        return 1
    end_load = load_average()
    print(f"\nChromium {figures['chromium']}; {args.rounds} rounds; {figures['source']}")
    print(f"load average (1, 5, 15 min): {start_load} at start, {end_load} at end")
    report(figures["results"], figures["sizes"])
    if args.json:
        meta = {
            "chromium": figures["chromium"],
            "rounds": args.rounds,
            "seed": args.seed,
            "source": figures["source"],
            "build": figures["build"],
            "loadavg_start": start_load,
            "loadavg_end": end_load,
            "elapsed_s": figures["elapsed"],
        }
        write_json(args.json, meta, figures["results"], figures["sizes"])
        print(f"raw figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
