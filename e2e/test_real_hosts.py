"""The site on the real hosts a site owner runs (docs/hosting.md; docs/testing.md, "The host
matrix"): Cloudflare's local runtime (``wrangler pages dev``), Debian's nginx, Apache and Caddy
with the configurations ``web/site_headers.py`` generates, and a plain ``python3 -m
http.server`` with the site under a sub-path (``e2e/real_hosts.py`` starts them).

For each host: the three pages start and a pair plays, a reload resumes the game; after one
visit the game, the rules and the embed start offline; every kind of file gets the headers
``dist/_headers`` gives it (or, from http.server, none of them); the big files come compressed
as the host is documented to compress them; a page of another site frames the embed and it
plays there.

Each host is a module fixture of its own, started on a free port the first time a test of
this module asks for it and stopped at the module's end: a test asks for its host through
``host`` and never relies on what another test did to it (each browser test has a new
context), so any test passes alone (``-k``), in any order, and in any pytest-xdist worker
(each worker starts the hosts its tests ask for).
"""

from __future__ import annotations

import http.client
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import pytest
import real_hosts
import serve
import site_headers
from game_support import DEAL, play
from harness import CONTROLLED, PageGuard, open_app, wait_for_app
from playwright.sync_api import BrowserContext, Page, expect

from halfmoon_core import Game

GAME = f"index.html?lang=en&deal={DEAL}"
RULES = "rules.html?lang=en"
EMBED = f"embed.html?deal={DEAL}&labels=1&lang=en"
#: Every header ``_headers`` may set: http.server must send none of them.
SITE_HEADER_NAMES = {name.lower() for _path, values in site_headers.rules() for name in values} - {
    "content-type"
}


class Served(NamedTuple):
    """A host started by the tests: what it is documented to do, and where the site is."""

    host: real_hosts.Host
    url: str


def start_host(
    name: str, site_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    """Start host ``name`` serving ``site_dir``; fail (not skip) if it is not installed where
    tests/run_all.sh could have installed it (as root, with apt-get)."""
    folder = tmp_path_factory.mktemp(name.replace(".", "-"))
    try:
        with real_hosts.STARTERS[name](site_dir, folder) as url:
            yield Served(real_hosts.HOSTS[name], url)
    except FileNotFoundError as error:
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            pytest.skip(f"{error}; not root or no apt-get here, so it could not be installed")
        pytest.fail(str(error))


@pytest.fixture(scope="module")
def wrangler_host(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from start_host("wrangler", site_dir, tmp_path_factory)


@pytest.fixture(scope="module")
def nginx_host(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from start_host("nginx", site_dir, tmp_path_factory)


@pytest.fixture(scope="module")
def apache_host(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from start_host("apache", site_dir, tmp_path_factory)


@pytest.fixture(scope="module")
def caddy_host(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from start_host("caddy", site_dir, tmp_path_factory)


@pytest.fixture(scope="module")
def plain_host(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from start_host("http.server", site_dir, tmp_path_factory)


FIXTURES = {
    "wrangler": "wrangler_host",
    "nginx": "nginx_host",
    "apache": "apache_host",
    "caddy": "caddy_host",
    "http.server": "plain_host",
}


@pytest.fixture(params=list(FIXTURES))
def host(request: pytest.FixtureRequest) -> Served:
    """Each host in turn (the test's parameter), started if it is not yet, and answering."""
    served: Served = request.getfixturevalue(FIXTURES[request.param])
    where = urlsplit(served.url)
    assert real_hosts.answers(where.port, where.path), f"{served.host.name} does not answer"
    return served


@pytest.fixture
def host_page(page: Page, guard: PageGuard, host: Served) -> Page:
    """The test's guarded page (a new context: nothing cached, no worker, empty storage),
    allowed to load from the host."""
    guard.allow_origin(host.url)
    return page


def pretty(host: real_hosts.Host, path: str) -> str:
    """Where ``path`` (below the base) ends up on ``host``: Cloudflare's pretty URLs drop
    ``index.html`` and ``.html``, the query kept."""
    if not host.pretty_redirects:
        return path
    name, _, query = path.partition("?")
    name = "" if name == "index.html" else name.removesuffix(".html")
    return name + (f"?{query}" if query else "")


def same_page(url: str, expected: str) -> bool:
    """Whether ``url`` is the page ``expected`` names (a page rewrites its query as it
    starts: the game drops the deal it has opened)."""
    return urlsplit(url)[:3] == urlsplit(expected)[:3]


def test_the_pages_start_a_pair_plays_and_a_reload_resumes(host_page: Page, host: Served) -> None:
    """The game page starts (its URL as the host names it), a pair plays, a reload resumes
    it; the rules and the embed start; a host that sends the site's headers makes the top
    page cross-origin isolated, one that sends none does not."""
    page = host_page
    game = Game.from_code(DEAL)
    open_app(page, GAME, base_url=host.url)
    assert same_page(page.url, host.url + pretty(host.host, GAME))
    pair = next(move for move in game.legal_moves() if len(move.places) == 2)
    play(page, game, pair)
    page.reload()
    wait_for_app(page)
    expect(page.locator("#moves")).to_have_text("1")
    assert page.evaluate("() => crossOriginIsolated") is host.host.sends_headers
    for path in (RULES, EMBED):
        open_app(page, path, base_url=host.url)
        # The service worker (it took the page on the first visit) answers every name of a
        # page itself, so the host's redirect is not asked for again (docs/deploys.md).
        names = {host.url + path, host.url + pretty(host.host, path)}
        assert any(same_page(page.url, name) for name in names), page.url


PROBE = "not-kept.txt"


def test_after_one_visit_every_page_starts_offline(
    host_page: Page, context: BrowserContext, guard: PageGuard, host: Served
) -> None:
    """A first visit plays a pair and the service worker takes the page; then, offline (the
    browser's network cut, its HTTP cache emptied), the game resumes, the rules and the embed
    start, all from the worker; the network is really cut (a file the worker has not kept
    fails)."""
    page = host_page
    game = Game.from_code(DEAL)
    open_app(page, GAME, base_url=host.url)
    play(page, game, next(move for move in game.legal_moves() if len(move.places) == 2))
    assert page.evaluate(CONTROLLED)
    page.wait_for_load_state("networkidle")  # nothing of the first visit still loading
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)
    try:
        open_app(page, GAME, base_url=host.url)
        expect(page.locator("#moves")).to_have_text("1")
        refused = page.evaluate(
            """async (probe) => {
                try { await fetch(`./${probe}?${Math.random()}`); return false; }
                catch { return true; }
            }""",
            PROBE,
        )
        assert refused, "a file the worker does not keep was fetched: the network is not cut"
        # The probe's own failure, logged by the browser, is the one console error expected.
        guard.console_errors[:] = [line for line in guard.console_errors if PROBE not in line]
        for path in (RULES, EMBED):
            # The page before has stopped loading first. Without these waits, offline, the
            # next page's module preloads (pyodide.mjs, pyodide.asm.mjs) were seen aborted
            # (net::ERR_ABORTED) in 7 of 75 runs of this test, on every host alike: Chromium
            # drops them as the page finishes parsing, and the start guard told "could not
            # load" until it learnt to check (docs/testing.md, "An aborted module preload").
            page.wait_for_load_state("networkidle")
            open_app(page, path, base_url=host.url)
    finally:
        context.set_offline(False)


class Answer(NamedTuple):
    status: int
    headers: dict[str, str]  # lower-case names, repeated headers joined by ", "
    length: int


def fetch(url: str, accept_encoding: str = "identity") -> Answer:
    """GET ``url``, following no redirect."""
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    try:
        target = where.path + (f"?{where.query}" if where.query else "")
        connection.request("GET", target, headers={"Accept-Encoding": accept_encoding})
        response = connection.getresponse()
        body = response.read()
        headers: dict[str, str] = {}
        for name, value in response.getheaders():
            key = name.lower()
            headers[key] = f"{headers[key]}, {value}" if key in headers else value
        return Answer(response.status, headers, len(body))
    finally:
        connection.close()


def one(site: Path, pattern: str) -> str:
    """The path (below the site) of the one file of ``site`` that ``pattern`` names first."""
    found = sorted(site.glob(pattern))
    assert found, f"no {pattern} in {site}"
    return found[0].relative_to(site).as_posix()


def kinds_of_file(site: Path, host: real_hosts.Host) -> list[str]:
    """One URL path (below the base) of each kind the site serves (the pretty name of a page
    where the host serves one)."""
    return [
        "", GAME, RULES, *(["rules"] if host.pretty_names else []), EMBED, "sw.js",
        "manifest.webmanifest", "icon.svg", "favicon.ico", "icon-192.png",
        one(site, "app/*/*.css"), one(site, "app/*/boot.js"), one(site, "app/*/start.mjs"),
        one(site, "app/*/python-game.zip"), one(site, "vendor/pyodide/*/pyodide.asm.wasm"),
        one(site, "vendor/pyodide/*/pyodide.asm.mjs"),
        one(site, "vendor/python/*/stdlib-*.zip"), one(site, "vendor/pyscript/*/core-*.js"),
    ]  # fmt: skip


#: Two names of one media type, either of which a host's own table may give a file whose type
#: ``_headers`` does not set (JavaScript's current and former names; the icon's registered and
#: common names).
SAME_TYPE = {
    "application/javascript": "text/javascript",
    "image/vnd.microsoft.icon": "image/x-icon",
}


def expected_type(path: str) -> str:
    """The media type of ``path`` as ``_headers`` and web/serve.py give it."""
    name = urlsplit(path).path.rsplit("/", 1)[-1]
    suffix = Path(name).suffix if "." in name else ".html"
    return serve.MIME_TYPES[suffix].split(";")[0]


def type_problem(path: str, site_path: str, got: str) -> str | None:
    """What is wrong with the media type ``got`` of ``path``: the one ``_headers`` sets must be
    sent as it is; for any other file, the host's table may say it by another of its names."""
    expected = expected_type(path)
    set_by_headers = "Content-Type" in site_headers.served_headers(site_path)
    if got == expected or (not set_by_headers and SAME_TYPE.get(got) == expected):
        return None
    return f"{path}: Content-Type {got}, not {expected}"


def test_every_kind_of_file_gets_the_headers_of_dist_headers(host: Served, site_dir: Path) -> None:
    """Each kind of file answers 200 (a host with pretty URLs: after its one 308, to the
    pretty URL, the query kept) with the media type ``_headers`` says and every header it
    gives that path; from http.server, none of the site's headers (it is documented to send
    none: the pages carry their policy in their ``<head>``), the media types from its own table."""
    problems = []
    for path in kinds_of_file(site_dir, host.host):
        url = host.url + path
        answer = fetch(url)
        final = pretty(host.host, path)
        if final != path:
            assert answer.status == 308, f"{path}: {answer.status}"
            assert answer.headers["location"] == host.host.base + final, f"{path}: {answer.headers}"
            answer = fetch(host.url + final)
        assert answer.status == 200, f"{path}: {answer.status}"
        site_path = "/" + urlsplit(final).path
        got_type = answer.headers.get("content-type", "").split(";")[0]
        problems.append(type_problem(path, site_path, got_type))
        if host.host.sends_headers:
            for name, value in site_headers.served_headers(site_path).items():
                if name.lower() != "content-type" and answer.headers.get(name.lower()) != value:
                    problems.append(f"{path}: {name} is {answer.headers.get(name.lower())!r}")
        else:
            sent = SITE_HEADER_NAMES & set(answer.headers)
            if sent:
                problems.append(f"{path}: sends {sorted(sent)}")
    problems = [problem for problem in problems if problem]
    assert problems == [], "\n".join(problems)


def test_the_big_files_come_compressed_as_the_host_compresses(host: Served, site_dir: Path) -> None:
    """Asked with ``Accept-Encoding: br, gzip``: the WebAssembly and the JavaScript come with
    the host's encoding (brotli from Cloudflare and Apache, gzip from nginx and Caddy, none
    from http.server), the Python archives (deflated inside) as they are; a compressed answer
    says ``Vary: Accept-Encoding`` (but from wrangler's local runtime: Cloudflare's edge,
    which compresses in production, adds it) and is smaller than the file."""
    big = {
        "text": [
            one(site_dir, "vendor/pyodide/*/pyodide.asm.wasm"),
            one(site_dir, "vendor/pyodide/*/pyodide.asm.mjs"),
            one(site_dir, "vendor/pyscript/*/core-*.js"),
        ],
        "archive": [
            one(site_dir, "vendor/python/*/stdlib-*.zip"),
            one(site_dir, "app/*/python-game.zip"),
        ],
    }
    found = {}
    for kind, paths in big.items():
        expected = host.host.text_encoding if kind == "text" else host.host.archive_encoding
        for path in paths:
            answer = fetch(host.url + path, "br, gzip")
            assert answer.status == 200, f"{path}: {answer.status}"
            encoding = answer.headers.get("content-encoding")
            found[path] = encoding
            if encoding is not None:
                vary = {v.strip().lower() for v in answer.headers.get("vary", "").split(",")}
                assert ("accept-encoding" in vary) is host.host.vary, f"{path}: Vary {vary}"
                assert answer.length < (site_dir / path).stat().st_size, path
            assert encoding == expected, f"{host.host.name} {path}: {found}"


def test_a_page_of_another_site_frames_the_embed_and_it_plays(
    host_page: Page, guard: PageGuard, host: Served, tmp_path: Path
) -> None:
    """A page at ``localhost`` (another site than the host's ``127.0.0.1``: third-party
    storage blocked, Chromium's default) frames the embed from the host: it starts there and
    a pair plays."""
    page = host_page
    with serve.serve_in_thread(tmp_path) as framing:
        cross = framing.replace("//127.0.0.1:", "//localhost:")
        guard.allow_origin(cross)
        html = f'<!doctype html><title>host</title><iframe src="{host.url}{EMBED}"></iframe>\n'
        (tmp_path / "host.html").write_text(html, encoding="utf-8")
        page.goto(cross + "host.html")
        embedded = page.locator("iframe").element_handle().content_frame()
        assert embedded is not None
        wait_for_app(embedded)  # type: ignore[arg-type] - a Frame has the same API as a Page
        assert same_page(embedded.url, host.url + pretty(host.host, EMBED))
        frame = page.frame_locator("iframe")
        frame.get_by_role("button", name="9 of hearts, pile 4, 8 cards").click()
        frame.get_by_role("button", name="2 of diamonds, pile 7, 8 cards").click()
        expect(frame.get_by_role("status")).to_have_text("Removed 9 of hearts and 2 of diamonds")
        expect(frame.get_by_role("button", name="8 of hearts, pile 4, 7 cards")).to_be_visible()
