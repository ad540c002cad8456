"""The one ``<head>`` of the pages (web/page_head.py): no page repeats it, and what the build
writes keeps the start order (docs/startup.md)."""

from __future__ import annotations

import re
from pathlib import Path

import build
import page_head
import prerender
import pytest
import site_headers

from halfmoon_core import PLACES, Game

SITE = Path(__file__).resolve().parents[1] / "web" / "site"
PAGE_FILES = sorted(SITE.glob("*.html"))


@pytest.fixture(scope="module")
def built() -> dict[str, str]:
    """The boards the build writes into the pages (web/prerender.py), by placeholder."""
    return prerender.boards()


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
def test_the_head_keeps_the_start_order(page: str, built: dict[str, str]) -> None:
    lines = page_head.head(page, built).split("\n  ")
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
    preloads = [i for i, line in enumerate(lines) if 'as="image"' in line]
    runtime = lines.index("%WORKER_RUNTIME_HEAD%" if own.worker else "%RUNTIME_HEAD%")
    assert early < runtime and all(i > runtime for i in preloads)
    assert len(lines) == runtime + 1 + len(preloads)
    assert f"<title>{own.title}</title>" in lines
    assert ('<link rel="manifest" href="./manifest.webmanifest">' in lines) == own.installable


def test_a_page_fills_to_the_head_of_its_own(built: dict[str, str]) -> None:
    source = (SITE / "embed.html").read_text(encoding="utf-8")
    filled = page_head.fill(source, "embed.html", built)
    assert "%HEAD%" not in filled
    assert "<title>Half Moon — board</title>" in filled
    assert filled.index("<head>") < filled.index("<meta charset") < filled.index("</head>")


def test_a_page_without_its_head_is_a_build_error(built: dict[str, str]) -> None:
    with pytest.raises(build.BuildError, match="%HEAD%"):
        build.page_html("<!doctype html><head><title>x</title></head>", "index.html", built)
    with pytest.raises(build.BuildError, match="no head"):
        build.page_html("<head>%HEAD%</head>", "other.html", built)
    with pytest.raises(build.BuildError, match="FIRST_BOARD"):
        build.page_html("<head>%HEAD%</head>", "index.html", {})


def test_the_update_offer_is_written_where_a_page_asks(built: dict[str, str]) -> None:
    for name in ("index.html", "rules.html"):
        filled = page_head.fill((SITE / name).read_text(encoding="utf-8"), name, built)
        assert filled.count('id="update-offer"') == 1, name
    embed = page_head.fill((SITE / "embed.html").read_text(encoding="utf-8"), "embed.html", built)
    assert 'id="update-offer"' not in embed


# -- the court cards' pictures, preloaded so that they are in the first paint -----------------
def css_pictures(rank: str) -> set[str]:
    """The pictures board.css gives a court card's figure (``.hm-pip::before`` and
    ``::after``): the last background and mask images of the rules that match its rank."""
    css = (SITE / "board.css").read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for selector, body in re.findall(r"^([^{}\n]*\.hm-pip::before[^{}]*)\{([^}]*)\}", css, re.M):
        classes = set(re.findall(r"\.([\w-]+)", selector.split()[0]))
        if not classes <= {"hm-court", f"hm-rank-{rank}"}:
            continue
        pictures = r"(background|mask)[\w-]*:[^;]*url\((cards/[\w-]+\.svg)\)"
        for kind, picture in re.findall(pictures, body):
            found[kind] = picture
    assert set(found) == {"background", "mask"}, (rank, found)
    return set(found.values())


@pytest.mark.parametrize("rank", sorted(page_head.COURT_ART))
@pytest.mark.parametrize("red", [False, True])
def test_a_court_card_picture_is_the_one_board_css_draws(rank: str, red: bool) -> None:
    colour = "hm-red" if red else "hm-black"
    markup = f'<button class="hm-card hm-court {colour} hm-rank-{rank} hm-suit-s">'
    pictures = page_head.court_art(markup)
    assert set(pictures) == css_pictures(rank)
    assert all((SITE / picture).is_file() for picture in pictures)


def test_a_mask_is_preloaded_as_the_browser_fetches_it() -> None:
    """board.css uses the silhouettes as masks, which a browser fetches in CORS mode: their
    preloads say ``crossorigin``, the figures' do not."""
    built = {"FIRST_BOARD_EN": '<button class="hm-card hm-court hm-red hm-rank-q hm-suit-h">'}
    lines = page_head.art_preloads("index", built).splitlines()
    mask = [line for line in lines if "queen-mask.svg" in line]
    figure = [line for line in lines if "queen.svg" in line]
    assert len(mask) == 1 and " crossorigin " in mask[0]
    assert len(figure) == 1 and "crossorigin" not in figure[0]


def test_a_page_preloads_the_pictures_of_the_court_cards_its_boards_show(
    built: dict[str, str],
) -> None:
    first = Game.from_code(prerender.FIRST_DEAL)
    shown = [first.card_at(place) for place in PLACES]
    names = {11: "jack", 12: "queen", 13: "king"}
    wanted = {
        f"cards/{names[card.rank]}{end}"
        for card in shown
        if card is not None and card.is_court
        for end in (".svg", "-mask.svg")
    }
    preloads = re.findall(
        r'href="%APP%/([^"]+)" as="image"', page_head.art_preloads("index", built)
    )
    assert wanted and preloads == sorted(wanted)
    assert "cards/" in page_head.art_preloads("rules", built)


def test_the_embed_preloads_the_card_back_its_face_down_board_shows(
    built: dict[str, str],
) -> None:
    """Face down until Python: the back is the embed's largest paint (board.css, .hm-static)."""
    preloads = re.findall(
        r'href="%APP%/([^"]+)" as="image"', page_head.art_preloads("embed", built)
    )
    assert preloads == ["cards/back.svg"]
    assert (SITE / "cards/back.svg").is_file()
    css = (SITE / "board.css").read_text(encoding="utf-8")
    assert re.search(r"\.hm-static \.hm-face-holder \{[^}]*url\(cards/back\.svg\)", css)
