"""``python3 web/site_headers.py nginx|apache|caddy``: the site's headers as server configuration,
tried on the real servers (Debian's ``nginx``, ``apache2`` and ``caddy``, which
``tests/run_all.sh`` installs as root; a missing one fails the test, or skips it, saying so,
where it could not have been installed: not root, or no apt-get).
Under a sub-path, every kind of URL gets the headers ``_headers`` gives it, pretty URLs
included, and text is compressed: brotli before gzip where the server has it (Apache's
``mod_brotli``), gzip otherwise."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import server_folders
import site_headers

ROOT = Path(__file__).resolve().parents[1]
BASE = "/games/halfmoon/"
#: The URL paths tried (below the base), one of each kind.
PATHS = [
    "", "index", "index.html", "rules", "rules.html", "embed", "embed.html", "sw.js",
    "manifest.webmanifest", "icon.svg", "app/b1/runtime.mjs", "app/b1/style.css",
    "vendor/pyodide/1/pyodide.asm.wasm", "vendor/pyodide/1/pyodide.mjs",
]  # fmt: skip
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").is_file() else None)
APACHE = shutil.which("apache2") or (
    "/usr/sbin/apache2" if Path("/usr/sbin/apache2").is_file() else None
)
CADDY = shutil.which("caddy") or ("/usr/bin/caddy" if Path("/usr/bin/caddy").is_file() else None)


def absent(what: str, package: str) -> None:
    """A server is not installed: skip, saying so, only where tests/run_all.sh could not have
    installed it (not root, or no apt-get); fail elsewhere."""
    why = f"{what} is not installed (Debian: apt-get install {package}; tests/run_all.sh does)"
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        pytest.skip(f"{why}; not root or no apt-get here")
    pytest.fail(why)


def make_site(root: Path) -> None:
    """A tiny site at ``root`` + BASE with a file behind every path of PATHS."""
    site = root / BASE.strip("/")
    for path in PATHS:
        if "." in path.rsplit("/", 1)[-1]:
            target = site / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(f"/* {path} */ " + "Half Moon " * 200, encoding="utf-8")


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_listening(port: int, server: subprocess.Popen[bytes], log: Path) -> None:
    """Wait until the server accepts connections (fail, with its log, if it exits first)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server exited ({server.returncode}): {log.read_text()[-2000:]}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    pytest.fail("the server did not listen within 20 s")


def run_server(
    command: list[str], port: int, log: Path, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Run ``command`` (a server in the foreground, its output to ``log``) until the caller is
    done; yield its base."""
    with log.open("wb") as output:
        server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)
    try:
        wait_listening(port, server, log)
        yield f"http://127.0.0.1:{port}{BASE}"
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture(scope="module")
def nginx_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The tiny site served by nginx with ``site_headers.py nginx --base BASE``."""
    if NGINX is None:
        absent("nginx", "nginx")
    folder = tmp_path_factory.mktemp("nginx")
    make_site(folder / "root")
    port = free_port()
    main = server_folders.nginx(folder, folder / "root", port, BASE)
    yield from run_server([NGINX, "-p", str(folder), "-c", str(main)], port, folder / "server.log")


@pytest.fixture(scope="module")
def apache_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The tiny site served by Apache with ``site_headers.py apache --base BASE``."""
    if APACHE is None or not server_folders.APACHE_MODULES.is_dir():
        absent("Apache", "apache2")
    folder = tmp_path_factory.mktemp("apache")
    make_site(folder / "root")
    port = free_port()
    main = server_folders.apache(folder, folder / "root", port, BASE)
    yield from run_server([APACHE, "-X", "-f", str(main)], port, folder / "server.log")


@pytest.fixture(scope="module")
def caddy_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The tiny site served by Caddy with ``site_headers.py caddy --base BASE``."""
    if CADDY is None:
        absent("Caddy", "caddy")
    folder = tmp_path_factory.mktemp("caddy")
    make_site(folder / "root")
    port = free_port()
    main = server_folders.caddy(folder, folder / "root", port, BASE)
    command = [CADDY, "run", "--adapter", "caddyfile", "--config", str(main)]
    yield from run_server(command, port, folder / "server.log", server_folders.caddy_env(folder))


def response(url: str, accept: str = "gzip") -> tuple[int, dict[str, str]]:
    """Status and headers (lower-case names) of a GET whose Accept-Encoding is ``accept``."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}


def check_served_as_headers_say(url: str) -> None:
    """Every path of PATHS answers 200 with every header ``_headers`` gives it (its MIME type
    as ``_headers`` or web/serve.py says), compressed with gzip."""
    import serve  # web/serve.py: the MIME types of the local server

    for path in PATHS:
        status, got = response(url + path)
        assert status == 200, f"{path}: {status}"
        for name, value in site_headers.served_headers("/" + path).items():
            if name.lower() == "content-type":
                continue
            assert got.get(name.lower()) == value, f"{path}: {name} is {got.get(name.lower())}"
        file = path if "." in path.rsplit("/", 1)[-1] else f"{path or 'index'}.html"
        expected = serve.MIME_TYPES[Path(file).suffix].split(";")[0]
        assert got["content-type"].split(";")[0] == expected, f"{path}: {got['content-type']}"
        assert got.get("content-encoding") == "gzip", f"{path} is not compressed"


def test_nginx_serves_the_sites_headers(nginx_url: str) -> None:
    check_served_as_headers_say(nginx_url)


def test_apache_serves_the_sites_headers(apache_url: str) -> None:
    check_served_as_headers_say(apache_url)


def test_caddy_serves_the_sites_headers(caddy_url: str) -> None:
    check_served_as_headers_say(caddy_url)


#: What each server sends a client that accepts both: Apache compresses with brotli first
#: (``mod_brotli``'s filter before ``mod_deflate``'s, each only where the client accepts it);
#: Debian's nginx has no brotli module, Debian's Caddy 2.6 no brotli encoder.
PREFERRED = {"nginx_url": "gzip", "apache_url": "br", "caddy_url": "gzip"}


@pytest.mark.parametrize("server", sorted(PREFERRED))
@pytest.mark.parametrize("path", ["vendor/pyodide/1/pyodide.asm.wasm", "app/b1/runtime.mjs", ""])
def test_compression_order_brotli_before_gzip(
    request: pytest.FixtureRequest, server: str, path: str
) -> None:
    """Asked with ``Accept-Encoding: br, gzip`` a server sends its best (brotli where it has
    it); with ``gzip`` alone, gzip; with neither, the file as it is; always with
    ``Vary: Accept-Encoding``, so that a cache keeps the encodings apart."""
    url = request.getfixturevalue(server) + path
    for accept, encoding in [("br, gzip", PREFERRED[server]), ("gzip", "gzip"), ("identity", None)]:
        status, got = response(url, accept)
        assert status == 200, f"{path}: {status}"
        assert got.get("content-encoding") == encoding, f"{server} {path} for {accept}: {got}"
        vary = {part.strip().lower() for part in got.get("vary", "").split(",")}
        if encoding is not None:
            assert "accept-encoding" in vary, f"{server} {path} for {accept}: Vary {vary}"


@pytest.mark.parametrize("server", ["nginx", "apache", "caddy", "headers"])
def test_the_command_prints_the_configuration(server: str) -> None:
    """``python3 web/site_headers.py SERVER --base PATH`` prints what the functions make
    (the base normalised to one leading and one trailing slash)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "web" / "site_headers.py"), server, "--base", "games/halfmoon"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    made = {
        "nginx": site_headers.nginx(BASE),
        "apache": site_headers.apache(BASE),
        "caddy": site_headers.caddy(BASE),
        "headers": site_headers.render(),
    }
    assert done.stdout == made[server]
