"""The one ``<head>`` of the site's pages, filled by the build (``web/build.py``).

Every page says ``<head>%HEAD%</head>``; :func:`head` writes it from :data:`HEAD` with the
page's own values (:data:`PAGES`: its title, description, style sheets, and whether it is a page
one installs). The order is the pages' start order (docs/startup.md): the charset first, then
what a page carries of its headers (the CSP meta), the start guard as the first script, the
style sheets, ``early.js`` (render-blocking) and the runtime's part, which early.js starts; last,
the preloads of the court cards' pictures (after the page's own CSS and scripts: a browser
opens only so many connections at once).
The placeholders left in (``%START_GUARD%``, ``%APP%``...) are the build's own.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import NamedTuple


class Page(NamedTuple):
    """What one page's head says of its own."""

    title: str
    description: str
    styles: tuple[str, ...]
    """Its own style sheets (``NAME.css`` of the app folder), after the shared ones."""
    installable: bool = True
    """A page of the installed app (theme colour, web manifest, home-screen icon)."""
    boards: tuple[str, ...] = ()
    """The boards the build writes into it with their cards (``FIRST_BOARD``: its
    ``%FIRST_BOARD_EN%``...): the art of their court cards is preloaded (:func:`art_preloads`)."""
    pictures: tuple[str, ...] = ()
    """Other pictures of its first paint, preloaded too (the embed's face-down board: the
    card back)."""
    worker: bool = False
    """Its Python runs in a worker (docs/worker.md): its head starts the worker's runtime
    (``%WORKER_RUNTIME_HEAD%``), not PyScript's on the main thread (``%RUNTIME_HEAD%``)."""


SHARED_STYLES = ("style", "board")
"""The style sheets of every page, first."""

PAGES = {
    "index": Page(
        "Half Moon",
        "Half Moon — trò chơi xếp bài / a solitaire card game",
        ("game", "stepper"),
        boards=("FIRST_BOARD",),
        worker=True,
    ),
    "rules": Page(
        "Half Moon — luật chơi / rules",
        "Luật chơi Half Moon, với ví dụ từng bước / The rules of Half Moon, with a step-by-step "
        "example",
        ("stepper", "rules"),
        boards=("LAYOUT_BOARD", "EXAMPLE_BOARD"),
        worker=True,
    ),
    "embed": Page(
        "Half Moon — board",
        "Một ván Half Moon, trò chơi xếp bài hai bộ / A board of Half Moon, a two-deck solitaire "
        "card game",
        ("stepper", "embed"),
        installable=False,
        pictures=("cards/back.svg",),
        worker=True,
    ),
}
"""Each page (``NAME.html``) and what its head says of its own."""

INSTALL = (
    '<meta name="theme-color" content="#14532d">',
    '<link rel="manifest" href="./manifest.webmanifest">',
)
HEAD = (
    '<meta charset="utf-8">',
    "%HEADERS_META%",
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "%START_GUARD%",
    "<title>{title}</title>",
    '<meta name="description" content="{description}">',
    "{install}",
    '<link rel="icon" href="./icon.svg" type="image/svg+xml">',
    "{apple_icon}",
    "{styles}",
    '<script src="%APP%/early.js" defer fetchpriority="high" blocking="render"></script>',
    "{runtime}",
    "{art}",
)
"""The head's lines; ``{name}`` are the page's values (an empty one leaves no line)."""


UPDATE_OFFER = (
    '<div id="update-offer" class="update-offer" aria-live="polite" hidden>',
    '  <span data-i18n="update_ready">Có phiên bản mới · New version</span>',
    '  <button type="button" id="update-reload" class="pill" data-i18n="update_reload">'
    "Tải lại · Reload</button>",
    "</div>",
)
"""What ``%UPDATE_OFFER%`` becomes: the offer of a page of the installed app to reload into a
new version (``boot.js`` shows it; Python writes its text in the page's language)."""


COURT_ART = {"k": "king", "q": "queen", "j": "jack"}
"""The picture of a court card, by its rank class (``hm-rank-k``): ``cards/king.svg`` and the
silhouette that lets its clothes take the suit's ink, ``cards/king-mask.svg`` (board.css,
"Faces")."""
COURT_CLASSES = re.compile(r'class="([^"]*\bhm-court\b[^"]*)"')
MASK_SUFFIX = "-mask.svg"
"""The end of a picture's name that board.css uses as a mask: fetched in CORS mode, so its
preload says ``crossorigin`` (else the browser would fetch it twice)."""


def court_art(markup: str) -> list[str]:
    """The pictures (``cards/NAME.svg`` and ``cards/NAME-mask.svg``, beside board.css) of the
    court cards a board's markup shows."""
    found: set[str] = set()
    for classes in COURT_CLASSES.findall(markup):
        tokens = classes.split()
        rank = next(
            token.removeprefix("hm-rank-") for token in tokens if token.startswith("hm-rank-")
        )
        found |= {f"cards/{COURT_ART[rank]}.svg", f"cards/{COURT_ART[rank]}{MASK_SUFFIX}"}
    return sorted(found)


def art_preloads(page: str, built: Mapping[str, str]) -> str:
    """The preloads of the court pictures of the boards ``page`` is built with, and of its
    other :attr:`Page.pictures` (``built``: the
    build's values, its boards' markup among them, ``FIRST_BOARD_EN``...). board.css would ask
    for each picture only once it lays the card out, after its style sheets and early.js: the
    picture would come a frame after the card, and with it the page's largest paint, after the
    runtime's downloads began (docs/startup.md, "Start order"). Preloaded, it is in the first
    paint."""
    boards = PAGES[page].boards
    markup = [value for key, value in built.items() if key.rsplit("_", 1)[0] in boards]
    if boards and not markup:
        raise HeadError(f"{page}.html: the build wrote none of its boards {', '.join(boards)}")
    art = sorted(
        {name for board in markup for name in court_art(board)} | set(PAGES[page].pictures)
    )
    return "\n  ".join(
        f'<link rel="preload" href="%APP%/{name}" as="image"'
        f'{" crossorigin" if name.endswith(MASK_SUFFIX) else ""} fetchpriority="high">'
        for name in art
    )


class HeadError(ValueError):
    """A page whose head cannot be written."""


def head(page: str, built: Mapping[str, str]) -> str:
    """The ``<head>`` content of ``NAME.html`` (``page`` is ``NAME``), indented as the pages';
    ``built``: the build's values (:func:`art_preloads`)."""
    if page not in PAGES:
        raise HeadError(f"{page}.html: web/page_head.py has no head for it (PAGES)")
    own = PAGES[page]
    values = {
        "title": html.escape(own.title, quote=False),
        "description": html.escape(own.description),
        "install": "\n  ".join(INSTALL) if own.installable else "",
        "apple_icon": '<link rel="apple-touch-icon" href="./icon-192.png">'
        if own.installable
        else "",
        "art": art_preloads(page, built),
        "runtime": "%WORKER_RUNTIME_HEAD%" if own.worker else "%RUNTIME_HEAD%",
        "styles": "\n  ".join(
            f'<link rel="stylesheet" href="%APP%/{name}.css">'
            for name in (*SHARED_STYLES, *own.styles)
        ),
    }
    lines = (line.format(**values) if "{" in line else line for line in HEAD)
    return "\n  ".join(line for line in lines if line)


def fill(text: str, name: str, built: Mapping[str, str]) -> str:
    """The page ``name`` (``NAME.html``) with its ``%HEAD%`` written (it must say it once), and
    its ``%UPDATE_OFFER%`` if it says it."""
    if text.count("%HEAD%") != 1:
        raise HeadError(f"{name}: a page says %HEAD% once, where its <head> goes")
    text = text.replace("%HEAD%", f"\n  {head(name.removesuffix('.html'), built)}\n")
    return text.replace("%UPDATE_OFFER%", "\n  ".join(UPDATE_OFFER))
