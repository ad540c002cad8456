"""The HTTP headers of the published site, defined once (docs/deploys.md, "Headers").

``web/build.py`` writes them into the published folder as ``_headers``, the file Netlify reads
from the publish directory after the build; ``web/serve.py`` serves a folder's ``_headers`` the
same way, so the local server and the e2e tests run under these exact headers.

Every rule whose path matches applies. No two rules that can match one path set the same
header (tests/test_netlify_headers.py checks it): hosts disagree on how they combine two values
of one header, and two Content-Security-Policy headers would both be enforced.

For hosts that read no ``_headers`` (docs/hosting.md): :func:`meta_tags` is the part of the
headers a page can carry itself (the build puts it in every page's ``<head>``), and
``python3 web/site_headers.py nginx|apache|caddy [--base /PATH/]`` prints the same headers as
an nginx or an Apache configuration, or a Caddyfile's lines.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import os
import re
import sys
from pathlib import Path

import shared_facts  # web/shared_facts.py
import site_origin  # web/site_origin.py

FILE_NAME = "_headers"
#: The one inline script of the pages (web/build.py writes it into each page's ``<head>``, its
#: shared facts filled: ``shared_facts.start_guard``).
START_GUARD = shared_facts.START_GUARD


def inline_script_hash(text: str) -> str:
    """The CSP source that allows an inline script of exactly ``text``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def csp_directives(site_origins: tuple[str, ...] = ()) -> dict[str, str]:
    """The pages' Content-Security-Policy: nothing from another origin, no inline script but the
    start guard (allowed by its hash), no eval (WebAssembly compiles: ``'wasm-unsafe-eval'``),
    and no framing. The site's own files are allowed by ``'self'`` and by ``site_origins``, the
    origins the build was told (``web/site_origin.py``: WebKit matches ``'self'`` to nothing in
    a sandboxed frame)."""
    own = " ".join(["'self'", *site_origins])
    return {
        "default-src": own,
        "script-src": f"{own} 'wasm-unsafe-eval' " + inline_script_hash(shared_facts.start_guard()),
        "style-src": own,
        "img-src": own,
        "connect-src": own,
        # data: the worker a sandboxed embed makes to import the site's (docs/worker.md); only
        # the page's own scripts can make one.
        "worker-src": f"{own} data:",
        "manifest-src": own,
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }


def origins_of_this_build() -> tuple[str, ...]:
    """The site's origins named by this process's environment (``web/site_origin.py``); an
    address that is not an origin stops the program with a message saying why."""
    try:
        return site_origin.origins_from(os.environ)
    except site_origin.SiteOriginError as error:
        raise SystemExit(f"web/site_headers.py: {error}") from None


SITE_ORIGINS = origins_of_this_build()
"""The site's own origins, as this build was told them (none unless told)."""

CSP = csp_directives(SITE_ORIGINS)
"""The pages' Content-Security-Policy (:func:`csp_directives`)."""

FRAMED_BY = {"index": "'none'", "rules": "'none'", "embed": "*"}
"""Each page (``NAME.html``) and who may frame it (``frame-ancestors``): the game and the rules
refuse to be framed; the embeddable board may be framed by any site."""

ISOLATED = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
"""Every page is cross-origin isolated when it is the top page (docs/hosting.md, "Cross-origin
isolation"): Pyodide makes a shared WebAssembly memory at start, which a page that is not
isolated is warned about. Nothing the pages load comes from another origin, so nothing breaks;
the opener policy acts only on a top page, so it never stops a site from framing the embed.
Every URL of the site says it, not only the pages: a top-level move between two of its URLs then
stays in one browsing context group, so the page left finishes saving before the next reads."""

FRAMED_ANYWHERE = {"Cross-Origin-Resource-Policy": "cross-origin"}
"""The page that any site may frame says so to isolated sites too: a cross-origin isolated page
may frame only documents that allow it by this header (and that are isolated themselves)."""

LOADED_ANYWHERE = {
    "Access-Control-Allow-Origin": "*",
    "Cross-Origin-Resource-Policy": "cross-origin",
}
"""The build's files and the runtime (``app/``, ``vendor/``) may be loaded from any origin, for
an embed in a sandboxed frame (``<iframe sandbox="allow-scripts">``, docs/hosting.md,
"Embedding on another site"): its origin is opaque, so every file it loads is cross-origin.
Its module scripts, fetches and preloads are CORS requests (the allowed origin ``*``); its style
sheets, classic scripts and pictures are not, and its own embedder policy (``require-corp``)
lets them in only with this resource policy. They are public, immutable files, fetched without
credentials: nothing is shared that any visitor could not download."""

META_LOST = ("frame-ancestors", "report-uri", "report-to", "sandbox")
"""CSP directives a ``<meta http-equiv>`` policy cannot carry (browsers ignore them there)."""

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
        (path, {"Content-Security-Policy": content_security_policy(framing)} | page_extra(framing))
        for page, framing in FRAMED_BY.items()
        for path in page_paths(page)
    ]
    return [
        ("/*", {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"} | ISOLATED),
        *pages,
        ("/sw.js", always_fresh() | {"Content-Type": JAVASCRIPT}),
        # A build's own files sit under app/<build-id>/ and the runtime under versioned folders
        # (web/build.py): a URL there never changes content.
        ("/app/*", {"Cache-Control": IMMUTABLE} | LOADED_ANYWHERE),
        ("/vendor/*", {"Cache-Control": IMMUTABLE} | LOADED_ANYWHERE),
        ("/*.wasm", {"Content-Type": "application/wasm"}),
        ("/*.mjs", {"Content-Type": JAVASCRIPT}),
        ("/*.webmanifest", {"Content-Type": "application/manifest+json"}),
    ]


def always_fresh() -> dict[str, str]:
    """The pages and the service worker are revalidated on every visit."""
    return {"Cache-Control": REVALIDATED}


def page_extra(frame_ancestors: str) -> dict[str, str]:
    """A page's headers besides its CSP (and those of every URL): revalidated, and for the page
    any site may frame, the resource policy that lets isolated sites frame it too."""
    framed = FRAMED_ANYWHERE if frame_ancestors == "*" else {}
    return always_fresh() | framed


def meta_policy() -> str:
    """The CSP a ``<meta http-equiv>`` can carry: the pages' own, less :data:`META_LOST`."""
    return "; ".join(f"{name} {value}" for name, value in CSP.items() if name not in META_LOST)


def meta_tags() -> str:
    """What every page's ``<head>`` says of its headers, for hosts that send none: its CSP
    (:func:`meta_policy`) and its referrer policy."""
    referrer = rules()[0][1]["Referrer-Policy"]
    return (
        f'<meta http-equiv="Content-Security-Policy" content="{attribute(meta_policy())}">'
        f'\n  <meta name="referrer" content="{attribute(referrer)}">'
    )


def attribute(value: str) -> str:
    """``value`` as a double-quoted HTML attribute's text."""
    return html.escape(value, quote=False).replace('"', "&quot;")


def served_headers(url_path: str) -> dict[str, str]:
    """The headers ``_headers`` gives ``url_path`` (every matching rule, later ones winning),
    read by web/serve.py's own parser: exactly what Netlify and the local server send."""
    import serve  # web/serve.py (imported here: it is the reader, this module the source)

    return serve.headers_for(serve.parse_header_rules(render()), url_path)


#: The kinds of URL of the site, for servers configured by location: a name, the location
#: (below the base), and a URL path of that kind whose headers it gets.
LOCATIONS = (
    ("app", "app/", "/app/x/style.css"),
    ("vendor", "vendor/", "/vendor/x/pyodide.mjs"),
    ("service worker", "sw.js", "/sw.js"),
    ("anything else", "", "/manifest.webmanifest"),
)
#: MIME types that ``_headers`` sets by extension (servers' own tables may lack them), and
#: JavaScript's current name (``sw.js`` has it in ``_headers``).
TYPES = {
    "wasm": "application/wasm",
    "js": "text/javascript",
    "mjs": "text/javascript",
    "webmanifest": "application/manifest+json",
}


def compressed_types() -> set[str]:
    """The MIME types a server compresses: those web/serve.py compresses."""
    import serve  # web/serve.py

    return set(serve.COMPRESSED_TYPES)


def location_headers(example: str) -> dict[str, str]:
    """The headers of a location, less Content-Type (set by :data:`TYPES` instead)."""
    found = served_headers(example)
    return {name: value for name, value in found.items() if name.lower() != "content-type"}


def nginx(base: str = "/") -> str:
    """The site's headers as nginx configuration, for the ``server { }`` that serves ``dist/``
    at the URL path ``base`` (nginx's ``add_header`` is not inherited by a location that has
    its own, so each location lists all of its headers)."""
    out = [
        "# Half Moon's headers for nginx, generated by `python3 web/site_headers.py nginx"
        f" --base {base}`",
        "# from web/site_headers.py (the headers of dist/_headers). Inside the server { } block",
        f"# that serves dist/ at {base} (docs/hosting.md).",
        "include mime.types;",
        "types {",
        *(f"    {kind} {ext};" for ext, kind in TYPES.items()),
        "}",
        "# Compressed as web/serve.py, Netlify and Cloudflare compress (text/html always is).",
        "gzip on;",
        "gzip_vary on;",
        f"gzip_types {' '.join(sorted(compressed_types() - {'text/html'}))};",
    ]

    def block(location: str, headers: dict[str, str], try_files: str) -> None:
        out.extend(["", f"location {location} {{", f"    try_files {try_files};"])
        for name, value in headers.items():
            out.append(f"    add_header {name} {nginx_quote(value)} always;")
        out.append("}")

    for page in FRAMED_BY:
        for path in page_paths(page):
            uri = base + path.lstrip("/")
            block(f"= {uri}", location_headers(path), f"{base}{page}.html =404")
    for _name, where, example in LOCATIONS:
        kind = "^~ " if where.endswith("/") else ("= " if where else "")
        block(f"{kind}{base}{where}", location_headers(example), "$uri $uri.html =404")
    return "\n".join(out) + "\n"


def nginx_quote(value: str) -> str:
    """A header value as one nginx argument."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def apache(base: str = "/") -> str:
    """The site's headers as an Apache configuration (``mod_headers``, ``mod_mime``,
    ``mod_rewrite``; ``mod_brotli`` or ``mod_deflate`` if loaded): for the server or the
    ``<VirtualHost>`` whose document root holds ``dist/`` at ``base``."""
    out = [
        "# Half Moon's headers for Apache, generated by `python3 web/site_headers.py apache"
        f" --base {base}`",
        f"# from web/site_headers.py (the headers of dist/_headers), for the site served at {base}",
        "# (docs/hosting.md), in the server's or the <VirtualHost>'s configuration (not an",
        "# .htaccess). Needs mod_headers, mod_mime and mod_rewrite.",
        *(f"AddType {kind} .{ext}" for ext, kind in TYPES.items()),
        "<IfModule mod_brotli.c>",
        f"    AddOutputFilterByType BROTLI_COMPRESS {' '.join(sorted(compressed_types()))}",
        "</IfModule>",
        "<IfModule mod_deflate.c>",
        f"    AddOutputFilterByType DEFLATE {' '.join(sorted(compressed_types()))}",
        "</IfModule>",
        "RewriteEngine On",
        "RewriteCond %{DOCUMENT_ROOT}%{REQUEST_URI} !-f",
        "RewriteCond %{DOCUMENT_ROOT}%{REQUEST_URI}.html -f",
        "RewriteRule ^(.*)$ $1.html [L]",
    ]

    def block(pattern: str, headers: dict[str, str]) -> None:
        out.extend(["", f'<If "%{{REQUEST_URI}} =~ m#^{pattern}#">'])
        for name, value in headers.items():
            out.append(f"    Header always set {name} {apache_quote(value)}")
        out.append("</If>")

    escaped = re.escape(base)
    for page in FRAMED_BY:
        names = [p.lstrip("/") for p in page_paths(page)]
        alternatives = "|".join(re.escape(name) for name in names)
        block(f"{escaped}({alternatives})$", location_headers(page_paths(page)[-1]))
    for _name, where, example in LOCATIONS:
        if where.endswith("/"):
            block(f"{escaped}{re.escape(where)}", location_headers(example))
        elif where:
            block(f"{escaped}{re.escape(where)}$", location_headers(example))
    # Anything else: the headers every URL gets (those of "/*"), outside any <If>, which the
    # blocks above then override where they set the same header.
    out.extend(["", "# Every other URL"])
    for name, value in location_headers(LOCATIONS[-1][2]).items():
        out.append(f"Header always set {name} {apache_quote(value)}")
    return "\n".join(out) + "\n"


def apache_quote(value: str) -> str:
    """A header value as one Apache argument."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def caddy(base: str = "/") -> str:
    """The site's headers as Caddyfile lines, for the site block that serves ``dist/`` at the
    URL path ``base`` (its ``root`` holds ``dist/`` at that path, with a ``file_server``): one
    named matcher and one ``header`` per rule of ``_headers`` (Caddy's ``header`` runs before
    the rewrite, so the pretty URLs match as they are asked), the pretty URLs (``/rules``
    serves ``rules.html``) and gzip for the types web/serve.py compresses (Caddy's own list
    lacks WebAssembly; Debian's Caddy 2.6 has no brotli encoder)."""
    out = [
        "# Half Moon's headers for Caddy, generated by `python3 web/site_headers.py caddy"
        f" --base {base}`",
        "# from web/site_headers.py (the headers of dist/_headers). Inside the site block whose",
        f"# root holds dist/ at {base}, beside its file_server (docs/hosting.md).",
        "try_files {path} {path}.html",
        "encode gzip {",
        "    match {",
        *(f"        header Content-Type {kind}*" for kind in sorted(compressed_types())),
        "    }",
        "}",
    ]
    for index, (pattern, values) in enumerate(rules()):
        out.extend(
            [
                "",
                f"@halfmoon_{index} {caddy_matcher(base, pattern)}",
                f"header @halfmoon_{index} {{",
            ]
        )
        out.extend(f"    {name} {caddy_quote(value)}" for name, value in values.items())
        out.append("}")
    return "\n".join(out) + "\n"


def caddy_matcher(base: str, pattern: str) -> str:
    """A ``_headers`` path pattern below ``base`` as a Caddy request matcher: an exact path,
    a prefix (``/app/*``) or an extension anywhere below the base (``/*.wasm``)."""
    if pattern.startswith("/*."):
        return f"path_regexp ^{re.escape(base)}.*{re.escape(pattern[2:])}$"
    return f"path {base}{pattern.lstrip('/')}"


def caddy_quote(value: str) -> str:
    """A header value as one Caddyfile token."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


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


def main(argv: list[str] | None = None) -> int:
    """``python3 web/site_headers.py nginx|apache|caddy|headers [--base /PATH/]``: print the
    site's headers as that server's configuration (``headers``: the ``_headers`` file)."""
    parser = argparse.ArgumentParser(description="Print the site's headers for a server.")
    parser.add_argument("server", choices=("nginx", "apache", "caddy", "headers"))
    parser.add_argument("--base", default="/", help="the URL path dist/ is served at")
    args = parser.parse_args(argv)
    base = "/" + args.base.strip("/") + "/" if args.base.strip("/") else "/"
    made = {"nginx": nginx, "apache": apache, "caddy": caddy, "headers": lambda _base: render()}
    sys.stdout.write(made[args.server](base))
    return 0


if __name__ == "__main__":
    sys.exit(main())
