"""The one ``<head>`` of the pages (web/page_head.py): no page repeats it, and what the build
writes keeps the start order (docs/startup.md)."""

from __future__ import annotations

import re
from pathlib import Path

import build
import page_head
import pytest
import site_headers

SITE = Path(__file__).resolve().parents[1] / "web" / "site"
PAGE_FILES = sorted(SITE.glob("*.html"))


def test_every_page_has_a_head_and_every_head_a_page() -> None:
    assert {p.stem for p in PAGE_FILES} == set(page_head.PAGES) == set(site_headers.FRAMED_BY)


@pytest.mark.parametrize("path", PAGE_FILES, ids=lambda p: p.name)
def test_a_page_says_only_where_its_head_goes(path: Path) -> None:
    """The page's source holds no head of its own: no meta, link, title or script before
    its body."""
    text = path.read_text(encoding="utf-8")
    before_body = text.split("<body", 1)[0]
    assert re.search(r"<head>%HEAD%</head>", before_body)
    assert not re.search(r"<(meta|link|title|script)\b", before_body)


@pytest.mark.parametrize("page", sorted(page_head.PAGES))
def test_the_head_keeps_the_start_order(page: str) -> None:
    lines = page_head.head(page).split("\n  ")
    order = [
        '<meta charset="utf-8">',
        "%HEADERS_META%",  # the CSP, before any script
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "%START_GUARD%",  # the first script
    ]
    assert lines[:4] == order
    own = page_head.PAGES[page]
    sheets = [re.search(r"%APP%/(\w+)\.css", line) for line in lines]
    assert [m.group(1) for m in sheets if m] == [*page_head.SHARED_STYLES, *own.styles]
    early = lines.index(
        '<script src="%APP%/early.js" defer fetchpriority="high" blocking="render"></script>'
    )
    assert early > max(i for i, m in enumerate(sheets) if m)
    assert lines[-1] == "%RUNTIME_HEAD%"
    assert f"<title>{own.title}</title>" in lines
    assert ('<link rel="manifest" href="./manifest.webmanifest">' in lines) == own.installable


def test_a_page_fills_to_the_head_of_its_own() -> None:
    source = (SITE / "embed.html").read_text(encoding="utf-8")
    filled = page_head.fill(source, "embed.html")
    assert "%HEAD%" not in filled
    assert "<title>Half Moon — board</title>" in filled
    assert filled.index("<head>") < filled.index("<meta charset") < filled.index("</head>")


def test_a_page_without_its_head_is_a_build_error() -> None:
    with pytest.raises(build.BuildError, match="%HEAD%"):
        build.page_html("<!doctype html><head><title>x</title></head>", "index.html")
    with pytest.raises(build.BuildError, match="no head"):
        build.page_html("<head>%HEAD%</head>", "other.html")


def test_the_update_offer_is_written_where_a_page_asks() -> None:
    for name in ("index.html", "rules.html"):
        filled = page_head.fill((SITE / name).read_text(encoding="utf-8"), name)
        assert filled.count('id="update-offer"') == 1, name
    embed = page_head.fill((SITE / "embed.html").read_text(encoding="utf-8"), "embed.html")
    assert 'id="update-offer"' not in embed
