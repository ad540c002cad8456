"""web/serve.py: the ``_headers`` rules, MIME types and pretty URLs, as Netlify serves them."""

from __future__ import annotations

import gzip
import os
import re
import select
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import serve

ROOT = Path(__file__).resolve().parents[1]

HEADERS = """# a comment
/*
  X-Frame: DENY
  Cache-Control: max-age=0

/embed.html
  X-Frame: ALLOW
/*.wasm
  Content-Type: application/wasm
/nothing-set
/vendor/*
  cache-control: public
  cache-control:   immutable
"""


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/vendor/pyodide/1/pyodide.asm.wasm", True),
        ("/*.wasm", "/vendor/pyodide/1/pyodide.asm.wasm", True),
        ("/*.wasm", "/pyodide.wasm.js", False),
        ("/vendor/*", "/vendor/pyscript/0.7.31/core.js", True),
        ("/vendor/*", "/vendor", True),
        ("/vendor/*", "/index.html", False),
        ("/embed.html", "/embed.html", True),
        ("/embed.html", "/EMBED.HTML", True),
        ("/embed.html", "/embed.htmlx", False),
        ("/a/:id/b", "/a/42/b", True),
        ("/a/:id/b", "/a/4/2/b", False),
    ],
)
def test_path_patterns(pattern: str, path: str, matches: bool) -> None:
    """`for` paths match as Netlify's headers parser matches them."""
    assert bool(serve.path_regex(pattern).match(path)) is matches


def test_every_matching_rule_applies_and_later_rules_win(tmp_path: Path) -> None:
    """Rules merge in file order; a later rule overrides a header, whatever its case; a header
    given twice in one rule joins its values; a rule without headers is dropped."""
    headers = tmp_path / "_headers"
    headers.write_text(HEADERS, encoding="utf-8")
    rules = serve.load_header_rules(headers)
    assert [rule.for_path for rule in rules] == ["/*", "/embed.html", "/*.wasm", "/vendor/*"]
    assert serve.headers_for(rules, "/index.html") == {
        "X-Frame": "DENY",
        "Cache-Control": "max-age=0",
    }
    assert serve.headers_for(rules, "/embed.html")["X-Frame"] == "ALLOW"
    vendor = serve.headers_for(rules, "/vendor/p/1/pyodide.asm.wasm")
    assert vendor == {
        "X-Frame": "DENY",
        "cache-control": "public, immutable",
        "Content-Type": "application/wasm",
    }


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("  max-age=0,  no-cache ,no-store  ", "max-age=0, no-cache, no-store"),
        ("default-src 'self'; img-src 'self'", "default-src 'self'; img-src 'self'"),
        ("text/html; charset=utf-8", "text/html; charset=utf-8"),
    ],
)
def test_values_are_written_as_netlify_writes_them(raw: str, value: str) -> None:
    """Trimmed, and commas spaced as Netlify's parser spaces them."""
    assert serve.header_value(raw) == value


@pytest.mark.parametrize("text", ["X-Frame: DENY\n", "/*\n  no colon here\n", "/*\n  X-Frame:\n"])
def test_a_header_line_out_of_place_is_an_error(text: str) -> None:
    """A header before any path, a line that is no header, a header without a value."""
    with pytest.raises(ValueError, match=r"_headers:\d+: "):
        serve.parse_header_rules(text)


def test_the_server_reads_the_folders_headers_file_as_it_is_now(tmp_path: Path) -> None:
    """Without a ``_headers`` file the server adds no header; a deployment that brings one, or
    changes it, applies at once."""
    assert serve.load_header_rules(tmp_path / "_headers") == []
    (tmp_path / "index.html").write_text("<!doctype html><title>i</title>", encoding="utf-8")
    with serve.serve_in_thread(tmp_path) as url:
        status, headers = get(url + "index.html")
        assert status == 200 and "x-frame" not in headers
        (tmp_path / "_headers").write_text("/*\n  X-Frame: DENY\n", encoding="utf-8")
        assert get(url + "index.html")[1]["x-frame"] == "DENY"
        (tmp_path / "_headers").write_text("/*\n  X-Frame: SAMEORIGIN\n", encoding="utf-8")
        assert get(url + "index.html")[1]["x-frame"] == "SAMEORIGIN"


@pytest.fixture
def served(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A tiny site with the ``_headers`` above, served."""
    site = tmp_path / "site"
    (site / "vendor").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>i</title>", encoding="utf-8")
    (site / "embed.html").write_text("<!doctype html><title>e</title>", encoding="utf-8")
    (site / "vendor" / "x.wasm").write_bytes(b"\0asm")
    (site / "vendor" / "x.mjs").write_text("export {};", encoding="utf-8")
    (site / "_headers").write_text(HEADERS, encoding="utf-8")
    with serve.serve_in_thread(site) as url:
        yield url


def get(url: str) -> tuple[int, dict[str, str]]:
    """Status and headers (lower-case names) of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}


def test_mime_types_and_headers_on_the_wire(served: str) -> None:
    """The server sends explicit MIME types and the matching rules' headers."""
    status, headers = get(served + "vendor/x.wasm")
    assert status == 200 and headers["content-type"] == "application/wasm"
    assert headers["cache-control"] == "public, immutable"
    assert get(served + "vendor/x.mjs")[1]["content-type"].startswith("text/javascript")
    status, headers = get(served)
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert headers["x-frame"] == "DENY"


def test_pretty_urls(served: str) -> None:
    """/embed serves embed.html, with the headers of the /embed path."""
    status, headers = get(served + "embed")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert get(served + "nothing")[0] == 404


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Hand a redirect back as it is (urllib would follow it)."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def get_unfollowed(url: str) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of a GET, a redirect not followed."""
    opener = urllib.request.build_opener(_NoRedirects)
    try:
        with opener.open(url, timeout=10) as response:
            headers = {k.lower(): v for k, v in response.headers.items()}
            return response.status, headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


@pytest.fixture
def cloudflare_site(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Pages at the root, a page in a folder, and a file that is no page, served with
    Cloudflare Pages' redirects."""
    site = tmp_path / "site"
    (site / "guide").mkdir(parents=True)
    for name in ("index.html", "rules.html", "embed.html", "guide/index.html"):
        (site / name).write_text(f"<!doctype html><title>{name}</title>", encoding="utf-8")
    (site / "sw.js").write_text("'use strict';", encoding="utf-8")
    (site / "_headers").write_text("/*\n  X-Frame: DENY\n", encoding="utf-8")
    with serve.serve_in_thread(site, cloudflare_redirects=True) as url:
        yield url


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("index.html", "/"),
        ("index", "/"),
        ("rules.html", "/rules"),
        ("rules/", "/rules"),
        ("embed.html?deal=HM1-N-AAAAAAB&steps=4-7", "/embed?deal=HM1-N-AAAAAAB&steps=4-7"),
        ("embed/?lang=en", "/embed?lang=en"),
        ("guide", "/guide/"),
        ("guide/index.html", "/guide/"),
        ("guide/index?x=1", "/guide/?x=1"),
    ],
)
def test_cloudflare_redirects_a_page_to_its_canonical_name(
    cloudflare_site: str, path: str, location: str
) -> None:
    """A page asked for by another name than its canonical one: 308 to it, the query kept."""
    status, headers, body = get_unfollowed(cloudflare_site + path)
    assert (status, headers["location"], body) == (308, location, b"")


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("", "index.html"),
        ("?deal=HM1-N-AAAAAAB", "index.html"),
        ("rules", "rules.html"),
        ("embed?deal=HM1-N-AAAAAAB", "embed.html"),
        ("guide/", "guide/index.html"),
    ],
)
def test_cloudflare_serves_a_page_at_its_canonical_name(
    cloudflare_site: str, path: str, title: str
) -> None:
    """The canonical name serves the page itself, with the site's headers."""
    status, headers, body = get_unfollowed(cloudflare_site + path)
    assert status == 200 and headers["x-frame"] == "DENY"
    assert f"<title>{title}</title>".encode() in body


def test_cloudflare_redirects_only_pages(cloudflare_site: str) -> None:
    """Files that are not pages, and names of no page, are answered as without the option."""
    assert get_unfollowed(cloudflare_site + "sw.js")[0] == 200
    assert get_unfollowed(cloudflare_site + "nothing.html")[0] == 404
    assert get_unfollowed(cloudflare_site + "nothing/")[0] == 404


def test_without_the_option_nothing_redirects(served: str) -> None:
    """The default server (Netlify's behaviour) serves /index.html and /embed.html as they
    are."""
    assert get_unfollowed(served + "index.html")[0] == 200
    assert get_unfollowed(served + "embed.html?deal=x")[0] == 200


def test_the_command_takes_the_option() -> None:
    """``--cloudflare-redirects`` is an option of the command line."""
    result = subprocess.run(
        [sys.executable, str(serve.ROOT / "web" / "serve.py"), "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--cloudflare-redirects" in result.stdout


def test_server_refuses_after_shutdown(tmp_path: Path) -> None:
    """Leaving serve_in_thread closes the socket: the URL is refused afterwards."""
    with serve.serve_in_thread(tmp_path) as url:
        pass
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=5)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder the command line accepts (it has an index.html)."""
    (tmp_path / "index.html").write_text("<!doctype html><title>i</title>", encoding="utf-8")
    return tmp_path


def test_busy_port_is_told_in_one_line(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A port in use gives one line on stderr naming it and what to try, exit 1, no traceback."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = serve.main(["--port", str(port), "--dir", str(site)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err == (
        f"serve.py: port {port} on 127.0.0.1 is already in use; "
        f"try --port {port + 1} (or --port 0 for any free port)\n"
    )


def test_busy_port_is_told_by_the_command_too(site: Path) -> None:
    """Run as a program, the busy port gives the same one line and exit status 1."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, str(ROOT / "web" / "serve.py"), "--port", str(port)]
        done = subprocess.run(
            [*command, "--dir", str(site)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"serve.py: port {port} on 127.0.0.1 is already in use; "
        f"try --port {port + 1} (or --port 0 for any free port)"
    ]


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_a_port_out_of_range_is_a_usage_error(
    site: Path, port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A port that is no port number is refused by the argument parser (exit 2)."""
    with pytest.raises(SystemExit) as stopped:
        serve.main(["--port", port, "--dir", str(site)])
    assert stopped.value.code == 2
    assert "is not a port number (0 to 65535)" in capsys.readouterr().err


def test_port_zero_prints_the_port_it_really_listens_on(site: Path) -> None:
    """``--port 0`` names the port chosen, at once (not held in a pipe's buffer), and serves."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "web" / "serve.py"), "--port", "0", "--dir", str(site)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        readable, _, _ = select.select([server.stdout], [], [], 20)
        assert readable, "serve.py printed nothing within 20 s (is the line flushed?)"
        line = server.stdout.readline()
        found = re.fullmatch(r"Half Moon at http://127\.0\.0\.1:(\d+)/ \(Ctrl\+C stops\)\n", line)
        assert found, f"unexpected first line: {line!r}"
        port = int(found.group(1))
        assert port != 0
        status, _headers = get(f"http://127.0.0.1:{port}/index.html")
        assert status == 200
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize(
    ("error", "reported"),
    [(ConnectionResetError(104, "reset"), False), (BrokenPipeError(), False), (ValueError(), True)],
)
def test_a_client_closing_its_connection_is_no_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], error: Exception, reported: bool
) -> None:
    """Browsers reset connections on every navigation: no traceback for that; other errors
    are still reported."""
    server = serve.make_server(tmp_path, port=0, quiet=True)
    try:
        try:
            raise error
        except Exception:
            server.handle_error(None, ("127.0.0.1", 1))  # type: ignore[arg-type]
    finally:
        server.server_close()
    assert ("Traceback" in capsys.readouterr().err) is reported


# --- Compression, as Netlify and Cloudflare compress (docs/hosting.md, "Compression") ---


@pytest.mark.parametrize(
    ("accept", "brotli", "chosen"),
    [
        ("gzip, deflate, br, zstd", True, "br"),
        ("gzip, deflate, br, zstd", False, "gzip"),
        ("gzip, deflate", True, "gzip"),
        ("br;q=0, gzip;q=0.5", True, "gzip"),
        ("BR", True, "br"),
        ("*", True, "br"),
        ("*;q=0, gzip", True, "gzip"),
        ("identity", True, None),
        ("", True, None),
        ("gzip;q=0", True, None),
        ("gzip;q=bad", True, None),
    ],
)
def test_the_encoding_follows_accept_encoding(
    accept: str, brotli: bool, chosen: str | None
) -> None:
    """Brotli where accepted, else gzip, else none; ``q=0`` refuses, ``*`` accepts."""
    assert serve.accepted_encoding(accept, brotli=brotli) == chosen


@pytest.fixture
def text_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A site of each kind of file, served with an empty compression cache of its own."""
    monkeypatch.setattr(serve, "CACHE_DIR", tmp_path / "cache")
    site = tmp_path / "site"
    (site / "app").mkdir(parents=True)
    page = "<!doctype html><title>i</title>" + "<p>Half Moon, a solitaire.</p>" * 400
    (site / "index.html").write_text(page, encoding="utf-8")
    (site / "app" / "x.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 64)
    (site / "app" / "x.mjs").write_text("export const a = 1;\n" * 300, encoding="utf-8")
    (site / "app" / "x.zip").write_bytes(b"PK" + b"z" * 5000)
    (site / "_headers").write_text("/*\n  X-Frame: DENY\n", encoding="utf-8")
    with serve.serve_in_thread(site) as url:
        yield url, site


def fetch(url: str, accept: str | None, method: str = "GET", **headers: str):  # type: ignore[no-untyped-def]
    """Status, headers (lower-case names) and the raw body of a request."""
    request = urllib.request.Request(url, method=method, headers=headers)
    if accept is not None:
        request.add_header("Accept-Encoding", accept)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            found = {k.lower(): v for k, v in response.headers.items()}
            return response.status, found, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, b""


@pytest.mark.parametrize("path", ["", "index.html", "app/x.wasm", "app/x.mjs"])
def test_text_types_are_sent_brotli_or_gzip_and_decode_to_the_file(text_site, path: str) -> None:  # type: ignore[no-untyped-def]
    """Brotli to a browser, gzip to a client without brotli, the file as it is to one that
    accepts neither: each the same bytes once decoded, each saying so, all with Vary and the
    site's headers."""
    url, site = text_site
    original = (site / (path or "index.html")).read_bytes()
    status, headers, body = fetch(url + path, "gzip, deflate, br, zstd")
    assert status == 200 and headers["content-encoding"] == "br"
    assert int(headers["content-length"]) == len(body) < len(original)
    assert brotli_decoded(body) == original
    status, headers, body = fetch(url + path, "gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == original
    assert int(headers["content-length"]) == len(body)
    status, headers, body = fetch(url + path, None)
    assert status == 200 and "content-encoding" not in headers and body == original
    for accept in ("br", "gzip", None):
        sent = fetch(url + path, accept)[1]
        assert sent["vary"] == "Accept-Encoding" and sent["x-frame"] == "DENY"


def test_archives_are_sent_as_they_are(text_site) -> None:  # type: ignore[no-untyped-def]
    """A zip archive is compressed already: no encoding, no Vary, as the hosts do."""
    url, site = text_site
    status, headers, body = fetch(url + "app/x.zip", "gzip, deflate, br")
    assert status == 200 and "content-encoding" not in headers and "vary" not in headers
    assert body == (site / "app" / "x.zip").read_bytes()


def test_each_encoding_has_its_own_validator(text_site) -> None:  # type: ignore[no-untyped-def]
    """A brotli, a gzip and a plain copy have different ETags, and each revalidates (304)
    only as itself; HEAD sends the headers of the GET without a body."""
    url, _site = text_site
    tags = {accept: fetch(url + "app/x.mjs", accept)[1]["etag"] for accept in ("br", "gzip", None)}
    assert len(set(tags.values())) == 3
    assert fetch(url + "app/x.mjs", "br", **{"If-None-Match": tags["br"]})[0] == 304
    assert fetch(url + "app/x.mjs", "br", **{"If-None-Match": tags["gzip"]})[0] == 200
    status, headers, body = fetch(url + "app/x.mjs", "br", "HEAD")
    assert status == 200 and headers["content-encoding"] == "br" and body == b""
    assert int(headers["content-length"]) == len(fetch(url + "app/x.mjs", "br")[2])


def test_a_compressed_file_is_kept_and_a_changed_file_is_compressed_again(
    text_site,  # type: ignore[no-untyped-def]
) -> None:
    """The cache is named by content: a second request reads it, a new deployment of the same
    path is compressed anew."""
    url, site = text_site
    fetch(url + "app/x.mjs", "br")
    assert len(list(serve.CACHE_DIR.glob("*.br*"))) == 1
    (site / "app" / "x.mjs").write_text("export const b = 2;\n" * 300, encoding="utf-8")
    body = fetch(url + "app/x.mjs", "br")[2]
    assert brotli_decoded(body) == (site / "app" / "x.mjs").read_bytes()
    assert len(list(serve.CACHE_DIR.glob("*.br*"))) == 2


def test_warming_compresses_every_text_file_once(text_site) -> None:  # type: ignore[no-untyped-def]
    """``warm_cache`` compresses the folder's text files in one go, and nothing the second
    time."""
    _url, site = text_site
    assert serve.warm_cache(site) == 3  # index.html, x.wasm, x.mjs (not the zip)
    assert serve.warm_cache(site) == 0


def brotli_decoded(data: bytes) -> bytes:
    """Decode brotli with Node's zlib (the Python standard library has no brotli)."""
    script = (
        "const z=require('zlib');const c=[];process.stdin.on('data',d=>c.push(d));"
        "process.stdin.on('end',()=>process.stdout.write(z.brotliDecompressSync(Buffer.concat(c))))"
    )
    return subprocess.run(
        ["node", "-e", script], input=data, capture_output=True, check=True, timeout=60
    ).stdout
