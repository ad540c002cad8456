"""Serve the published folder ``dist/`` locally, the way Netlify serves it.

Every response carries explicit MIME types (Python's own table depends on the OS) and the
headers of the folder's ``_headers`` file (written by ``web/build.py`` from
``web/site_headers.py``; Netlify reads the same file): every rule whose path matches applies, in
file order, a later rule overriding a header an earlier one set (as ``netlify dev`` does). So the
app runs locally under the real Content-Security-Policy. Like Netlify, ``/name`` serves
``name.html`` when that file exists.

It compresses as Netlify and Cloudflare do, so that what a page downloads here is what it
downloads from them (docs/hosting.md, "Compression"): a text type (HTML, CSS, JavaScript, JSON,
the manifest, SVG, icons, WebAssembly) is sent brotli-encoded when the request's
``Accept-Encoding`` allows it, else gzip, else as it is, with ``Vary: Accept-Encoding``; the
zip archives and PNGs are sent as they are. Brotli is Node's (``web/brotli.mjs``: Python's
standard library has none); each compressed file is kept under :data:`CACHE_DIR`, named after
a hash of its content, so a file is compressed once whatever the folder or the server.

With ``--cloudflare-redirects`` it also answers as Cloudflare Pages' pretty URLs do (its default
HTML handling): a request for an HTML page under a name other than its canonical one gets
``308 Permanent Redirect`` to it, the query kept (:func:`cloudflare_redirect` lists the cases:
``/index.html`` -> ``/``, ``/rules.html`` and ``/rules/`` -> ``/rules``, ``/embed.html?deal=X`` ->
``/embed?deal=X``), and the canonical name serves the page (``/rules`` is ``rules.html``). The
tests use it to hold the service worker to a host that redirects (e2e/test_pretty_urls.py).

Usage: ``python3 web/serve.py [--port 8000] [--host 127.0.0.1] [--dir dist]
[--cloudflare-redirects]``; ``--port 0`` listens on any free port, and the first line printed
names it.
The e2e tests reuse :func:`make_server` and :func:`serve_in_thread`.
"""

from __future__ import annotations

import argparse
import errno
import functools
import gzip
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "dist"
HEADERS_FILE = "_headers"
_COMMA = re.compile(r"\s*,\s*")
#: Where compressed copies are kept (content-addressed, so shared by every folder served).
CACHE_DIR = ROOT / "node_modules" / ".cache" / "halfmoon-serve"
BROTLI_JOB = ROOT / "web" / "brotli.mjs"
#: Brotli's quality: what a host compressing on the fly affords (11, the best, takes a minute
#: on Pyodide's 9.6 MB WebAssembly here, and saves another 15 %: docs/hosting.md).
BROTLI_QUALITY = 5
#: gzip's level: zlib's default, as most servers use.
GZIP_LEVEL = 6
#: The types Cloudflare compresses (its published list), of those this site serves.
COMPRESSED_TYPES = frozenset(
    {
        "text/html",
        "text/css",
        "text/javascript",
        "text/plain",
        "application/javascript",
        "application/json",
        "application/manifest+json",
        "application/wasm",
        "image/svg+xml",
        "image/x-icon",
    }
)

#: MIME types set explicitly, whatever the OS's mime table says.
MIME_TYPES = {
    "": "application/octet-stream",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


@dataclass(frozen=True)
class HeaderRule:
    """One rule of a ``_headers`` file: a path (``for``), its pattern and the headers it sets."""

    for_path: str
    pattern: re.Pattern[str]
    values: dict[str, str]


def path_regex(for_path: str) -> re.Pattern[str]:
    """Translate a Netlify ``for`` path (``/*``, ``/*.wasm``, ``/a/:name``) to a regex."""
    parts = []
    for part in filter(None, (p.rstrip() for p in for_path.split("/"))):
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        else:
            parts.append("(.*)".join(re.escape(piece) for piece in part.split("*")))
    return re.compile("^/" + "/".join(parts) + "/?$", re.I)


def load_header_rules(headers_path: Path) -> list[HeaderRule]:
    """Read the rules of a ``_headers`` file (none if the file is absent)."""
    if not headers_path.is_file():
        return []
    return parse_header_rules(headers_path.read_text(encoding="utf-8"), str(headers_path))


def parse_header_rules(text: str, where: str = HEADERS_FILE) -> list[HeaderRule]:
    """Parse Netlify's ``_headers`` syntax: a line starting with ``/`` opens a rule, each
    ``Name: value`` line after it adds a header (a name given twice joins its values with
    ``, ``), blank lines and ``#`` comments are skipped. A rule without headers is dropped."""
    found: list[tuple[str, dict[str, str]]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("/"):
            found.append((line, {}))
            continue
        name, colon, value = (part.strip() for part in line.partition(":"))
        if not (found and colon and name and value):
            raise ValueError(f"{where}:{number}: not a path nor 'Name: value' after a path")
        values = found[-1][1]
        values[name] = f"{values[name]}, {value}" if name in values else value
    return [
        HeaderRule(path, path_regex(path), {name: header_value(v) for name, v in values.items()})
        for path, values in found
        if values
    ]


def header_value(raw: str) -> str:
    """A header value as Netlify's headers parser writes it: trimmed, and the spacing around
    every comma made ``, `` (``tests/test_netlify_parser.py`` checks that they agree)."""
    return _COMMA.sub(", ", raw.strip())


def headers_for(rules: list[HeaderRule], url_path: str) -> dict[str, str]:
    """Return the headers of every rule matching ``url_path``; later rules win."""
    merged: dict[str, str] = {}
    for rule in rules:
        if rule.pattern.match(url_path):
            for name, value in rule.values.items():
                for old in [k for k in merged if k.lower() == name.lower()]:
                    del merged[old]
                merged[name] = value
    return merged


def folder_rules(directory: str) -> list[HeaderRule]:
    """The rules of ``directory``'s ``_headers`` as the file is now (none without one)."""
    path = os.path.join(directory, HEADERS_FILE)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return []
    return _rules_of(path, info.st_ino, info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=16)
def _rules_of(path: str, inode: int, mtime_ns: int, size: int) -> list[HeaderRule]:
    return load_header_rules(Path(path))


@functools.lru_cache(maxsize=512)
def _etag_of(path: str, mtime_ns: int, size: int) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return f'"{digest.hexdigest()[:32]}"'


def file_etag(path: str) -> str:
    """A strong ETag for the file at ``path``: a hash of its bytes."""
    info = os.stat(path)
    return _etag_of(path, info.st_mtime_ns, info.st_size)


def accepted_encoding(accept_encoding: str, *, brotli: bool = True) -> str | None:
    """The encoding to send for an ``Accept-Encoding`` header: ``br`` if accepted (and
    ``brotli`` is available), else ``gzip``, else None (as it is). ``*`` accepts both, a
    ``q=0`` refuses."""
    weights: dict[str, float] = {}
    for item in accept_encoding.split(","):
        name, *params = (part.strip() for part in item.split(";"))
        weight = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if name:
            weights[name.lower()] = weight
    star = weights.get("*", 0.0)
    for encoding in ("br", "gzip") if brotli else ("gzip",):
        if weights.get(encoding, star) > 0:
            return encoding
    return None


def node_executable() -> str | None:
    """Node, which compresses with brotli (None if it is not installed)."""
    return shutil.which("node")


def compressed(path: str, encoding: str) -> bytes:
    """The file at ``path`` encoded with ``br`` or ``gzip``, from :data:`CACHE_DIR` when it
    was compressed before (by this server or any other)."""
    digest = file_etag(path).strip('"')
    suffix = f"br{BROTLI_QUALITY}" if encoding == "br" else f"gz{GZIP_LEVEL}"
    cached = CACHE_DIR / f"{digest}.{suffix}"
    with suppress(OSError):
        return cached.read_bytes()
    if encoding == "gzip":
        with open(path, "rb") as handle:
            data = gzip.compress(handle.read(), GZIP_LEVEL, mtime=0)
        with suppress(OSError):
            CACHE_DIR.mkdir(parents=True, exist_ok=True)
            temporary = cached.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            temporary.write_bytes(data)
            os.replace(temporary, cached)
        return data
    return brotli_files([path])[path]


def brotli_files(paths: list[str]) -> dict[str, bytes]:
    """Brotli-compress ``paths`` with Node in one run (the copies kept in :data:`CACHE_DIR`,
    or in a temporary folder if that cannot be written); return each file's bytes."""
    node = node_executable()
    if node is None:
        raise RuntimeError("node is not installed: no brotli")
    targets = {path: f"{file_etag(path).strip(chr(34))}.br{BROTLI_QUALITY}" for path in paths}
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        folder, scratch = CACHE_DIR, None
    except OSError:
        scratch = tempfile.TemporaryDirectory(prefix="halfmoon-serve-")
        folder = Path(scratch.name)
    try:
        todo = [arg for path in paths for arg in (path, str(folder / targets[path]))]
        if any(not (folder / name).is_file() for name in targets.values()):
            subprocess.run(
                [node, str(BROTLI_JOB), str(BROTLI_QUALITY), *todo],
                check=True,
                capture_output=True,
                timeout=600,
            )
        return {path: (folder / name).read_bytes() for path, name in targets.items()}
    finally:
        if scratch is not None:
            scratch.cleanup()


def compressible_files(directory: str | Path) -> list[str]:
    """Every file of ``directory`` that the server compresses (by its type)."""
    types = SiteHandler.extensions_map
    return sorted(
        str(path)
        for path in Path(directory).rglob("*")
        if path.is_file() and types.get(path.suffix.lower(), "").split(";")[0] in COMPRESSED_TYPES
    )


def warm_cache(directory: str | Path) -> int:
    """Brotli-compress every compressible file of ``directory`` not yet in :data:`CACHE_DIR`,
    in one run of Node, so that no request waits for it; return how many were compressed."""
    missing = [
        path
        for path in compressible_files(directory)
        if not (CACHE_DIR / f"{file_etag(path).strip(chr(34))}.br{BROTLI_QUALITY}").is_file()
    ]
    if missing and node_executable():
        brotli_files(missing)
        return len(missing)
    return 0


def cloudflare_redirect(directory: str | Path, url_path: str, query: str = "") -> str | None:
    """Where Cloudflare Pages redirects a request for ``url_path`` (decoded, from the root) of
    the folder ``directory``, or None when it serves it as it is. Only the names of HTML pages
    redirect, with 308, to the page's canonical name, ``query`` (the request's, without ``?``)
    kept:

    * a folder's page, ``D/index.html``: ``/D/index.html`` and ``/D/index`` -> ``/D/``, and
      ``/D`` -> ``/D/`` (the root's: ``/index.html`` and ``/index`` -> ``/``);
    * any other page, ``P.html``: ``/P.html`` and ``/P/`` -> ``/P`` (served as ``P.html``).
    """
    root = Path(directory)

    def page(path: str) -> bool:
        local = root / path.strip("/")
        return path.endswith(".html") and local.is_file() and root in local.resolve().parents

    target = None
    last = url_path.rsplit("/", 1)[-1]
    if last in ("index.html", "index") and page(url_path[: -len(last)] + "index.html"):
        target = url_path[: -len(last)]  # a folder's page: the folder, with its slash
    elif last.endswith(".html") and page(url_path):
        target = url_path[: -len(".html")]
    elif not last and url_path != "/" and page(url_path[:-1] + ".html"):
        target = None if page(url_path + "index.html") else url_path[:-1]
    elif last and "." not in last and page(url_path + "/index.html"):
        target = None if page(url_path + ".html") else url_path + "/"
    if target is None or target == url_path:
        return None
    return f"{target}?{query}" if query else target


class SiteHandler(SimpleHTTPRequestHandler):
    """Static file handler with explicit MIME types and the headers of the folder's
    ``_headers`` (read again when it changes: a deployment replaces the folder's files)."""

    protocol_version = "HTTP/1.1"
    extensions_map = MIME_TYPES
    quiet = False
    #: Answer as Cloudflare Pages' pretty URLs do (:func:`cloudflare_redirect`).
    cloudflare_redirects = False
    _etag: str | None = None

    def _url_path(self) -> str:
        return unquote(urlsplit(self.path).path)

    def _headers(self) -> dict[str, str]:
        """The ``_headers`` rules' headers for this request's path."""
        return headers_for(folder_rules(self.directory), self._url_path())

    def translate_path(self, path: str) -> str:
        """Map ``/name`` to ``name.html`` when only the latter exists (Netlify's pretty URLs)."""
        local = super().translate_path(path)
        if not os.path.exists(local) and os.path.isfile(local + ".html"):
            return local + ".html"
        return local

    def send_head(self):  # type: ignore[no-untyped-def] - the base class's own signature
        """Validate cached copies by content, as Netlify does (an ETag made of the file's bytes),
        never by date: two deployments can share a modification time, and a rollback is older
        than what it replaces, so ``If-Modified-Since`` would wrongly answer 304."""
        del self.headers["If-Modified-Since"]
        self._etag = None
        if self.cloudflare_redirects:
            query = urlsplit(self.path).query
            target = cloudflare_redirect(self.directory, self._url_path(), query)
            if target is not None:
                self.send_response(HTTPStatus.PERMANENT_REDIRECT)
                self.send_header("Location", target)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
        local = self._local_file()
        if local is None:
            return super().send_head()
        content_type = self._content_type(local)
        encoding = None
        if content_type.split(";")[0].strip().lower() in COMPRESSED_TYPES:
            encoding = accepted_encoding(
                self.headers.get("Accept-Encoding", ""), brotli=node_executable() is not None
            )
        else:
            content_type = ""
        self._etag = file_etag(local)
        if encoding:  # a representation of its own, with a validator of its own
            self._etag = f'{self._etag[:-1]}-{encoding}"'
        if self._etag in self.headers.get("If-None-Match", ""):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("ETag", self._etag)
            if content_type:
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        if not content_type:
            return super().send_head()
        return self._send_representation(local, content_type, encoding)

    def _local_file(self) -> str | None:
        """The file a GET of this path sends (a folder's ``index.html``), or None when the
        base class answers (a folder without a slash is redirected, a missing file is 404)."""
        local = self.translate_path(self.path)
        if os.path.isdir(local):
            if not urlsplit(self.path).path.endswith("/"):
                return None
            local = os.path.join(local, "index.html")
        return local if os.path.isfile(local) else None

    def _content_type(self, local: str) -> str:
        """The Content-Type sent for ``local``: its MIME type, or a ``_headers`` rule's."""
        content_type = self.guess_type(local)
        for name, override in self._headers().items():
            if name.lower() == "content-type":
                content_type = override
        return content_type

    def _send_representation(
        self, local: str, content_type: str, encoding: str | None
    ) -> io.BufferedIOBase:
        """Send the status and headers of a compressible file, encoded as chosen; return
        the body to copy."""
        if encoding:
            body: io.BufferedIOBase = io.BytesIO(compressed(local, encoding))
            length = len(body.getvalue())  # type: ignore[attr-defined]
        else:
            body = open(local, "rb")  # noqa: SIM115 - the base class copies and closes it
            length = os.fstat(body.fileno()).st_size
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(length))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", self._etag or "")
        self.end_headers()
        return body

    def end_headers(self) -> None:
        """Add the ``_headers`` headers (Content-Type is handled in ``send_header``)."""
        for name, value in self._headers().items():
            if name.lower() != "content-type":
                super().send_header(name, value)
        super().end_headers()

    def send_header(self, keyword: str, value: str) -> None:
        """Let a ``_headers`` rule override the Content-Type of a response; send the content
        ETag (see ``send_head``) where the base class would send Last-Modified."""
        if keyword.lower() == "last-modified":
            if not self._etag:
                return
            keyword, value = "ETag", self._etag
        if keyword.lower() == "content-type":
            for name, override in self._headers().items():
                if name.lower() == "content-type":
                    value = override
        super().send_header(keyword, value)

    def log_message(self, format: str, *args: object) -> None:
        """Log like the base class unless the server is quiet."""
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """A threading HTTP server that takes a client closing its connection in silence."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore a connection the browser reset or closed (it does so on every navigation);
        report anything else as the base class does."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    directory: Path = DEFAULT_DIR,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    quiet: bool = False,
    cloudflare_redirects: bool = False,
) -> SiteServer:
    """Create (but do not start) a server for ``directory``; port 0 picks a free port;
    ``cloudflare_redirects``: redirect as Cloudflare Pages does (:func:`cloudflare_redirect`)."""
    options = {"quiet": quiet, "cloudflare_redirects": cloudflare_redirects}
    handler = type("BoundSiteHandler", (SiteHandler,), options)
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


@contextmanager
def serve_in_thread(
    directory: Path = DEFAULT_DIR,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    quiet: bool = True,
    cloudflare_redirects: bool = False,
) -> Iterator[str]:
    """Serve ``directory`` from a background thread; yield the base URL (ending in ``/``);
    ``cloudflare_redirects`` as for :func:`make_server`.

    The server is shut down and its socket closed when the block exits, so later requests to
    that URL are refused.
    """
    server = make_server(
        directory, host, port, quiet=quiet, cloudflare_redirects=cloudflare_redirects
    )
    thread = threading.Thread(target=server.serve_forever, name="halfmoon-serve", daemon=True)
    thread.start()
    try:
        bound_host, bound_port = server.server_address[:2]
        yield f"http://{bound_host}:{bound_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: serve until interrupted.

    A port that cannot be had (already in use, say) is told in one line on stderr, exit 1.
    """
    parser = argparse.ArgumentParser(description="Serve dist/ like Netlify does.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=port_number, default=8000, help="0 picks any free port")
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    parser.add_argument(
        "--cloudflare-redirects",
        action="store_true",
        help="redirect pages as Cloudflare Pages' pretty URLs do (/index.html -> /, 308)",
    )
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"{args.dir}/index.html is missing: run `npm run build` first", file=sys.stderr)
        return 1
    try:
        server = make_server(
            args.dir, args.host, args.port, cloudflare_redirects=args.cloudflare_redirects
        )
    except OSError as exc:
        print(f"serve.py: {bind_problem(exc, args.host, args.port)}", file=sys.stderr)
        return 1
    if not (args.dir / HEADERS_FILE).is_file():
        print(f"warning: no {args.dir / HEADERS_FILE}: no site headers", file=sys.stderr)
    if node_executable() is None:
        print("warning: node is not installed: gzip only, no brotli", file=sys.stderr)
    else:  # compress what no request has asked for yet, while the first page loads
        threading.Thread(target=warm_cache, args=(args.dir,), daemon=True).start()
    with server:
        url = f"http://{args.host}:{server.server_address[1]}/"
        print(f"Half Moon at {url} (Ctrl+C stops)", flush=True)
        with suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


def port_number(text: str) -> int:
    """An argparse type: a TCP port number, 0 to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535)")
    return port


def bind_problem(exc: OSError, host: str, port: int) -> str:
    """One line saying why the server could not listen on ``host:port``, and what to try."""
    if exc.errno == errno.EADDRINUSE:
        hint = "--port 0" if port >= 65535 else f"--port {port + 1} (or --port 0 for any free port)"
        return f"port {port} on {host} is already in use; try {hint}"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"no permission to listen on port {port} of {host}; try --port 8000 or --port 0"
    reason = exc.strerror or str(exc)
    return f"cannot listen on {host} port {port}: {reason}"


if __name__ == "__main__":
    sys.exit(main())
