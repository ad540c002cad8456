"""What every page carries for any host (docs/hosting.md): its CSP and referrer policy in its
``<head>`` (from web/site_headers.py, less what a meta tag cannot carry), a description, the
web manifest's id and maskable icon, and the cross-origin isolation headers."""

from __future__ import annotations

import json
import re
import struct
from html.parser import HTMLParser
from pathlib import Path

import pytest
import site_headers

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["index.html", "rules.html", "embed.html"]

pytestmark = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="run `npm ci` first"
)


class Head(HTMLParser):
    """The ``<head>``'s elements, in order: (tag, attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note an element of the head."""
        if not self.done and tag not in {"html", "head"}:
            self.elements.append((tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        """Stop at the end of the head."""
        self.done = self.done or tag == "head"


def head_of(page: Path) -> list[tuple[str, dict[str, str]]]:
    """The head elements of a built page."""
    parser = Head()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.elements


def directives(policy: str) -> dict[str, str]:
    """A CSP as ``{directive: sources}``."""
    parts = (d.strip().split(None, 1) for d in policy.split(";") if d.strip())
    return {p[0]: p[1] if len(p) > 1 else "" for p in parts}


@pytest.mark.parametrize("page", PAGES)
def test_every_page_carries_its_csp_in_its_head_before_anything_it_loads(
    site: Path, page: str
) -> None:
    """One ``<meta http-equiv>`` policy, first after the charset, equal to the page's header
    less ``frame-ancestors`` (a meta tag cannot carry it); and the referrer policy."""
    elements = head_of(site / page)
    metas = [
        a for t, a in elements if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"
    ]
    assert len(metas) == 1
    assert elements[1] == ("meta", metas[0])  # right after <meta charset>
    path = "/" + page
    header = directives(site_headers.served_headers(path)["Content-Security-Policy"])
    meta = directives(metas[0]["content"])
    assert meta == {k: v for k, v in header.items() if k not in site_headers.META_LOST}
    assert "frame-ancestors" in header and "frame-ancestors" not in meta
    referrer = [a["content"] for t, a in elements if t == "meta" and a.get("name") == "referrer"]
    assert referrer == [site_headers.served_headers(path)["Referrer-Policy"]]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_has_a_description_in_both_languages(site: Path, page: str) -> None:
    """Search engines show the description: every page has one, Vietnamese / English."""
    found = [a["content"] for t, a in head_of(site / page) if a.get("name") == "description"]
    assert len(found) == 1 and " / " in found[0] and "Half Moon" in found[0]


def png_size(path: Path) -> tuple[int, int]:
    """The width and height of a PNG file (its IHDR chunk)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_has_an_id_and_a_maskable_icon(site: Path) -> None:
    """An install keeps its identity (``id``: the start URL it had before, so installed apps
    stay the same app) and a launcher can mask the icon (a full-bleed PNG of its size)."""
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["id"] == manifest["start_url"] == "./index.html"
    maskable = [icon for icon in manifest["icons"] if "maskable" in icon["purpose"].split()]
    assert maskable, "no maskable icon"
    for icon in maskable + [i for i in manifest["icons"] if i["type"] == "image/png"]:
        width, height = png_size(site / icon["src"])
        assert icon["sizes"] == f"{width}x{height}"
    assert any(icon["purpose"] == "any" for icon in manifest["icons"])


@pytest.mark.parametrize("path", ["/", "/index", "/index.html", "/rules", "/rules.html"])
def test_the_game_and_the_rules_are_cross_origin_isolated(path: str) -> None:
    headers = site_headers.served_headers(path)
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    assert "Cross-Origin-Resource-Policy" not in headers


@pytest.mark.parametrize("path", ["/embed", "/embed.html"])
def test_the_embed_is_isolated_and_may_be_framed_by_any_site(path: str) -> None:
    """Isolated as a top page; framed, by any site (CSP ``frame-ancestors *``), isolated
    ones included (``Cross-Origin-Resource-Policy: cross-origin``)."""
    headers = site_headers.served_headers(path)
    assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    assert headers["Cross-Origin-Resource-Policy"] == "cross-origin"
    assert re.search(r"frame-ancestors \*(;|$)", headers["Content-Security-Policy"])
