"""The real hosts a site owner publishes ``dist/`` on, each started by the tests on 127.0.0.1
(docs/testing.md, "The host matrix"): Cloudflare's local runtime (``wrangler pages dev``, from
``node_modules``), Debian's nginx, Apache and Caddy with the configurations that
``web/site_headers.py`` generates (in folders ``web/server_folders.py`` writes), and a plain
``python3 -m http.server`` with the site copied under a sub-path. Each runs in the foreground,
as a process of its own in a temporary folder, until its ``with`` block ends; :func:`start`
waits until it answers HTTP.

:data:`HOSTS` says what each host is documented to do (docs/hosting.md), which the tests check:
where the site sits, whether it sends the site's headers, whether it redirects to pretty URLs,
and which encoding it gives a big file to a client that accepts ``br, gzip``.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import server_folders  # web/server_folders.py

ROOT = Path(__file__).resolve().parent.parent
WRANGLER = ROOT / "node_modules" / ".bin" / "wrangler"
#: The compatibility date wrangler runs the Pages runtime at: fixed, so that a newer workerd
#: never changes what the tests see (4.84.0's workerd supports dates up to 2026-04-20).
COMPATIBILITY_DATE = "2026-04-01"
SUB_PATH = "/games/halfmoon/"
#: How long a host may take to answer its first request (wrangler starts workerd: 3-5 s here).
START_TIMEOUT_S = 60


@dataclass(frozen=True)
class Host:
    """What a host is documented to do (docs/hosting.md)."""

    name: str
    #: The URL path where ``dist/`` is served.
    base: str
    #: Whether it sends the headers of ``dist/_headers`` (http.server sends none).
    sends_headers: bool
    #: Whether it redirects ``/NAME.html`` to ``/NAME`` (Cloudflare Pages' pretty URLs, 308).
    pretty_redirects: bool
    #: Whether it serves ``NAME.html`` at ``/NAME`` (the configurations' pretty URLs).
    pretty_names: bool
    #: The Content-Encoding it gives WebAssembly and JavaScript for ``Accept-Encoding: br,
    #: gzip`` (None: sent as they are), and the Python archives (already deflated inside).
    text_encoding: str | None
    archive_encoding: str | None
    #: Whether a compressed answer says ``Vary: Accept-Encoding`` (wrangler's local runtime
    #: does not: Cloudflare's edge, which compresses in production, adds it).
    vary: bool
    #: The Debian package or npm package it comes from (what tests/run_all.sh installs).
    package: str


HOSTS = {
    "wrangler": Host("wrangler", "/", True, True, True, "br", None, False, "npm wrangler"),
    "nginx": Host("nginx", "/", True, False, True, "gzip", None, True, "Debian nginx"),
    "apache": Host("apache", SUB_PATH, True, False, True, "br", None, True, "Debian apache2"),
    "caddy": Host("caddy", "/", True, False, True, "gzip", None, True, "Debian caddy"),
    "http.server": Host("http.server", SUB_PATH, False, False, False, None, None, True, "Python"),
}


def free_port() -> int:
    """A port nobody listens on now (on 127.0.0.1)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answers(port: int, path: str) -> bool:
    """Whether an HTTP server on 127.0.0.1:``port`` answers a GET of ``path`` (any status)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path)
        connection.getresponse().read()
        return True
    except OSError:
        return False
    finally:
        connection.close()


def missing(what: str, package: str) -> str:
    """Why a host cannot start, for the test's message (tests/run_all.sh installs them)."""
    return f"{what} is not installed ({package}: tests/run_all.sh installs it)"


@contextlib.contextmanager
def start(
    command: list[str], port: int, base: str, folder: Path, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Run ``command`` (a server in the foreground, in ``folder``, its output in
    ``folder/server.log``) until it answers on ``port``; yield the site's URL; then stop it and
    wait until it has exited."""
    log = folder / "server.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            command, cwd=folder, stdout=output, stderr=subprocess.STDOUT, env=env,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not answers(port, base):
            if server.poll() is not None:
                raise RuntimeError(
                    f"{command[0]} exited ({server.returncode}): {log.read_text()[-3000:]}"
                )
            if time.monotonic() > deadline:
                raise RuntimeError(f"{command[0]} did not answer within {START_TIMEOUT_S} s")
            # Wait on the process itself (it may exit: then the check above says why), at
            # most 0.1 s before the port is tried again.
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(timeout=0.1)
        yield f"http://127.0.0.1:{port}{base}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, 15)  # its own session: workerd, wrangler's child, too
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait(timeout=20)


def executable(name: str, *fallbacks: str) -> str | None:
    """The path of program ``name``, or None."""
    found = shutil.which(name)
    return found or next((path for path in fallbacks if Path(path).is_file()), None)


@contextlib.contextmanager
def wrangler(site: Path, folder: Path) -> Iterator[str]:
    """``wrangler pages dev`` serving ``site`` at ``/``: Cloudflare Pages' runtime (workerd),
    which reads ``site/_headers`` and redirects to pretty URLs. Nothing reaches the network:
    no metrics, no error reports, no banner (its update check), no fetch of ``Request.cf``."""
    if not WRANGLER.exists():
        raise FileNotFoundError(missing("wrangler", "npm ci"))
    port, inspector = free_port(), free_port()
    home = folder / "home"
    home.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "WRANGLER_SEND_METRICS": "false",
        "WRANGLER_SEND_ERROR_REPORTS": "false",
        "WRANGLER_HIDE_BANNER": "true",
        "WRANGLER_LOG_PATH": str(folder / "logs"),
        "CLOUDFLARE_CF_FETCH_ENABLED": "false",
        "NO_UPDATE_NOTIFIER": "1",
        "CI": "true",
    }
    command = [
        str(WRANGLER), "pages", "dev", str(site), "--ip", "127.0.0.1", "--port", str(port),
        "--inspector-port", str(inspector), f"--compatibility-date={COMPATIBILITY_DATE}",
        "--persist-to", str(folder / "state"), "--show-interactive-dev-session=false",
        "--log-level", "warn",
    ]  # fmt: skip
    with start(command, port, "/", folder, env) as url:
        yield url


@contextlib.contextmanager
def nginx(site: Path, folder: Path) -> Iterator[str]:
    """Debian's nginx serving ``site`` at ``/`` with ``site_headers.py nginx``."""
    binary = executable("nginx", "/usr/sbin/nginx")
    if binary is None:
        raise FileNotFoundError(missing("nginx", "Debian nginx"))
    port = free_port()
    main = server_folders.nginx(folder, site, port, "/")
    with start([binary, "-p", str(folder), "-c", str(main)], port, "/", folder):
        yield f"http://127.0.0.1:{port}/"


@contextlib.contextmanager
def apache(site: Path, folder: Path) -> Iterator[str]:
    """Debian's Apache (one process, ``-X``) serving ``site`` at :data:`SUB_PATH` with
    ``site_headers.py apache --base SUB_PATH`` (``mod_brotli`` and ``mod_deflate`` loaded)."""
    binary = executable("apache2", "/usr/sbin/apache2")
    if binary is None or not server_folders.APACHE_MODULES.is_dir():
        raise FileNotFoundError(missing("Apache", "Debian apache2"))
    port = free_port()
    root = folder / "root"
    (root / SUB_PATH.strip("/")).parent.mkdir(parents=True)
    (root / SUB_PATH.strip("/")).symlink_to(site, target_is_directory=True)
    main = server_folders.apache(folder, root, port, SUB_PATH)
    with start([binary, "-X", "-f", str(main)], port, SUB_PATH, folder) as url:
        yield url


@contextlib.contextmanager
def caddy(site: Path, folder: Path) -> Iterator[str]:
    """Debian's Caddy serving ``site`` at ``/`` with ``site_headers.py caddy`` in its site block
    (no admin endpoint, no automatic HTTPS, its data in ``folder``)."""
    binary = executable("caddy", "/usr/bin/caddy")
    if binary is None:
        raise FileNotFoundError(missing("Caddy", "Debian caddy"))
    port = free_port()
    main = server_folders.caddy(folder, site, port, "/")
    command = [binary, "run", "--adapter", "caddyfile", "--config", str(main)]
    with start(command, port, "/", folder, server_folders.caddy_env(folder)) as url:
        yield url


@contextlib.contextmanager
def plain(site: Path, folder: Path) -> Iterator[str]:
    """``python3 -m http.server`` with the site copied to ``folder/root`` + :data:`SUB_PATH`:
    a plain folder, no header added, nothing compressed."""
    root = folder / "root"
    shutil.copytree(site, root / SUB_PATH.strip("/"))
    port = free_port()
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
               "--directory", str(root)]  # fmt: skip
    with start(command, port, SUB_PATH, folder):
        yield f"http://127.0.0.1:{port}{SUB_PATH}"


STARTERS = {
    "wrangler": wrangler,
    "nginx": nginx,
    "apache": apache,
    "caddy": caddy,
    "http.server": plain,
}
