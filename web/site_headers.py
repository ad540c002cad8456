"""The HTTP headers of the published site, defined once (docs/deploys.md, "Headers").

``web/build.py`` writes them into the published folder as ``_headers``, the file Netlify reads
from the publish directory after the build; ``web/serve.py`` serves a folder's ``_headers`` the
same way, so the local server and the e2e tests run under these exact headers.

Every rule whose path matches applies. No two rules that can match one path set the same
header (tests/test_netlify_headers.py checks it): hosts disagree on how they combine two values
of one header, and two Content-Security-Policy headers would both be enforced.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

FILE_NAME = "_headers"
#: The one inline script of the pages (web/build.py writes it into each page's ``<head>``).
START_GUARD = Path(__file__).resolve().parent / "site" / "start_guard.js"


def inline_script_hash(text: str) -> str:
    """The CSP source that allows an inline script of exactly ``text``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


CSP = {
    "default-src": "'self'",
    "script-src": "'self' 'wasm-unsafe-eval' "
    + inline_script_hash(START_GUARD.read_text(encoding="utf-8")),
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
"""The pages' Content-Security-Policy: nothing from another origin, no inline script but the start
guard (allowed by its hash), no eval (WebAssembly compiles: ``'wasm-unsafe-eval'``), and no
framing."""

FRAMED_BY = {"index": "'none'", "rules": "'none'", "embed": "*"}
"""Each page (``NAME.html``) and who may frame it (``frame-ancestors``): the game and the rules
refuse to be framed; the embeddable board may be framed by any site."""

REVALIDATED = "no-cache"
IMMUTABLE = "public, max-age=31536000, immutable"
JAVASCRIPT = "text/javascript; charset=utf-8"


def content_security_policy(frame_ancestors: str) -> str:
    """The pages' CSP as one header value, with ``frame-ancestors`` as given."""
    directives = CSP | {"frame-ancestors": frame_ancestors}
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def page_paths(page: str) -> list[str]:
    """The URL paths of a page: ``/NAME.html``, its pretty URL ``/NAME``, and ``/`` for index."""
    return [*(["/"] if page == "index" else []), f"/{page}", f"/{page}.html"]


def rules() -> list[tuple[str, dict[str, str]]]:
    """Every rule, in order: a URL path pattern (Netlify's syntax) and the headers it sets."""
    pages = [
        (path, {"Content-Security-Policy": content_security_policy(framing)} | always_fresh())
        for page, framing in FRAMED_BY.items()
        for path in page_paths(page)
    ]
    return [
        ("/*", {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}),
        *pages,
        ("/sw.js", always_fresh() | {"Content-Type": JAVASCRIPT}),
        # A build's own files sit under app/<build-id>/ and the runtime under versioned folders
        # (web/build.py): a URL there never changes content.
        ("/app/*", {"Cache-Control": IMMUTABLE}),
        ("/vendor/*", {"Cache-Control": IMMUTABLE}),
        ("/*.wasm", {"Content-Type": "application/wasm"}),
        ("/*.mjs", {"Content-Type": JAVASCRIPT}),
        ("/*.webmanifest", {"Content-Type": "application/manifest+json"}),
    ]


def always_fresh() -> dict[str, str]:
    """The pages and the service worker are revalidated on every visit."""
    return {"Cache-Control": REVALIDATED}


def render() -> str:
    """The text of ``_headers`` (Netlify's syntax: a path, then indented ``Name: value``)."""
    lines = [
        "# Written by web/build.py from web/site_headers.py: change that file, not this one.",
    ]
    for path, values in rules():
        lines += ["", path, *(f"  {name}: {value}" for name, value in values.items())]
    return "\n".join(lines) + "\n"


def write(folder: Path) -> Path:
    """Write ``_headers`` into the published ``folder``; return its path."""
    target = folder / FILE_NAME
    target.write_text(render(), encoding="utf-8")
    return target
