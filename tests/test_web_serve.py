"""web/serve.py: the ``_headers`` rules, MIME types and pretty URLs, as Netlify serves them."""

from __future__ import annotations

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
