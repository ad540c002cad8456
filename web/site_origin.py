"""The site's own public origins, when the build is told them (docs/hosting.md, "The site's
own origin").

The pages' Content-Security-Policy allows the site's own files by ``'self'``. In a sandboxed
frame (``<iframe sandbox="allow-scripts">``) the embed's origin is opaque, and WebKit (Safari)
matches ``'self'`` to nothing there, so it refuses every file of the embed. Naming the site's
origin beside ``'self'`` lets the embed load its files there too. The build reads the origins
from its environment:

- ``HALFMOON_SITE_ORIGIN``: one or more origins, separated by spaces
  (``https://halfmoon.example https://www.halfmoon.example``), for any host;
- on Netlify's build (``NETLIFY=true``): its ``URL``, ``DEPLOY_URL`` and ``DEPLOY_PRIME_URL``;
- on Cloudflare Pages' build (``CF_PAGES=1``): its ``CF_PAGES_URL``.

With none of them, the policy says ``'self'`` alone, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

VARIABLE = "HALFMOON_SITE_ORIGIN"
"""The environment variable that names the site's origins, for any host."""

NETLIFY_VARIABLES = ("URL", "DEPLOY_URL", "DEPLOY_PRIME_URL")
"""The addresses Netlify's build gives of the site (its main address and this deploy's)."""

CLOUDFLARE_VARIABLES = ("CF_PAGES_URL",)
"""The address Cloudflare Pages' build gives of this deployment."""


class SiteOriginError(ValueError):
    """An address given as the site's origin is not one (the message says which and why)."""


def origin_of(address: str, variable: str = VARIABLE) -> str:
    """The origin (``scheme://host[:port]``, lower case) of ``address``, an http(s) URL with no
    path but ``/``, no query, no fragment and no user name."""
    parts = urlsplit(address.strip())
    problem = ""
    try:
        port = parts.port
    except ValueError:
        port, problem = None, "its port is not a number from 0 to 65535"
    if parts.scheme not in ("http", "https"):
        problem = "it does not start with https:// or http://"
    elif not parts.hostname:
        problem = "it names no host"
    elif parts.username is not None or parts.password is not None:
        problem = "it holds a user name or password"
    elif parts.path not in ("", "/") or parts.query or parts.fragment:
        problem = "it holds more than scheme, host and port (a path, a query or a fragment)"
    if problem:
        raise SiteOriginError(f"{variable}: {address!r} is not an origin: {problem}")
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


def origins_from(environment: Mapping[str, str]) -> tuple[str, ...]:
    """The site's origins that ``environment`` names (see the module's docstring), each once,
    in order; raises :class:`SiteOriginError` on an address that is not an origin."""
    named = [(VARIABLE, text) for text in environment.get(VARIABLE, "").split()]
    if environment.get("NETLIFY") == "true":
        named += [(name, environment.get(name, "")) for name in NETLIFY_VARIABLES]
    if environment.get("CF_PAGES") == "1":
        named += [(name, environment.get(name, "")) for name in CLOUDFLARE_VARIABLES]
    origins = [origin_of(text, name) for name, text in named if text.strip()]
    return tuple(dict.fromkeys(origins))
