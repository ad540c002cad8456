"""A host that redirects pages to pretty URLs, as Cloudflare Pages does (``/index.html`` -> ``/``,
``/rules.html`` -> ``/rules``, ``/embed.html?...`` -> ``/embed?...``, 308; emulated by
``web/serve.py --cloudflare-redirects``): each page starts on a first visit, on a returning
visit (the service worker in control) under each of its names, and offline; a pair plays on
the game page each time (docs/deploys.md, "Hosts that redirect")."""

from __future__ import annotations

import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import serve
from game_support import DEAL, play
from harness import CONTROLLED, PageGuard, open_app
from playwright.sync_api import BrowserContext, Page, expect

from halfmoon_core import Game

#: Each page: its first visit (a name the host redirects), where the host sends it, and the
#: names a returning player uses (the pretty one, the file's, a folder's slash).
PAGES = {
    "game": (f"index.html?lang=en&deal={DEAL}", "/", ["?lang=en", "index.html?lang=en"]),
    "rules": ("rules.html?lang=en", "/rules", ["rules?lang=en", "rules.html?lang=en", "rules/"]),
    "embed": (
        f"embed.html?deal={DEAL}&steps=4-7",
        "/embed",
        [f"embed?deal={DEAL}", f"embed.html?deal={DEAL}&lang=en", f"embed/?deal={DEAL}"],
    ),
}


def visit(page: Page, url: str, name: str, game: Game | None) -> None:
    """Open ``name`` of the site at ``url`` and wait for its start; on the game page the saved
    game goes on (as many moves as ``game``) and one more pair plays."""
    open_app(page, name, base_url=url)
    if game is not None:
        expect(page.locator("#moves")).to_have_text(str(game.moves))
        pair = next(move for move in game.legal_moves() if len(move.places) == 2)
        play(page, game, pair)


@pytest.mark.parametrize("kind", PAGES)
def test_every_visit_starts_on_a_host_that_redirects(
    page: Page, context: BrowserContext, guard: PageGuard, site_dir: Path, kind: str
) -> None:
    """First visit through the redirect, the worker installs; every name of the page starts
    from the worker; then with the server gone, every name starts offline."""
    first, pretty_path, names = PAGES[kind]
    game = Game.from_code(DEAL) if kind == "game" else None
    with serve.serve_in_thread(site_dir, cloudflare_redirects=True) as url:
        guard.allow_origin(url)
        visit(page, url, first, game)
        assert urlsplit(page.url).path == pretty_path  # the host redirected the first visit
        assert page.evaluate(CONTROLLED)  # the worker installed and took this page
        for name in names:
            visit(page, url, name, game)
            assert page.evaluate("navigator.serviceWorker.controller !== null")
        context.new_cdp_session(page).send("Network.clearBrowserCache")
    where = urlsplit(url)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((where.hostname, where.port), timeout=5).close()
    for name in [first, *names]:
        visit(page, url, name, game)
