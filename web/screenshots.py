"""Regenerate the screenshots from the built site (``npm run screenshots``, docs/images/).

Serves ``dist/`` (or ``--dir``) with ``web/serve.py --port 0``, opens each page in headless
Chromium (Debian's, through Playwright) with the settings a shot needs stored first, and writes
``web/screenshot.png`` (the README's desktop shot) and the images of ``docs/images/`` (PNG for
the README's two, JPEG at quality 85 for the rest): the game on a
phone (412×823) and a desktop (1350×940), light and dark, English and Vietnamese, the three card
faces, the blue and the wine tables, the rules page and an embed in dark. Nothing is drawn by
hand: a shot is the site as built.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
DEAL = "HM1-N-AAAAAAB"
PHONE = {"width": 412, "height": 823}
DESKTOP = {"width": 1350, "height": 940}
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run")
#: The pairs played before a game shot (deal HM1-N-AAAAAAB), then the card left selected.
MOVES = (("4", "7"), ("5", "6"))
SELECT = "2"


@dataclass(frozen=True)
class Shot:
    """One screenshot: a file name, a page address, a viewport and what is stored first."""

    name: str
    path: str
    viewport: dict[str, int]
    scheme: str = "light"
    settings: dict[str, Any] = field(default_factory=dict)
    play: bool = False
    hint: bool = False


def shots() -> list[Shot]:
    """Every shot ``npm run screenshots`` writes, README's first."""
    game = f"index.html?deal={DEAL}"
    out = []
    for lang in ("en", "vi"):
        for scheme in ("light", "dark"):
            for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
                readme = lang == "en" and scheme == "light"  # the README's two: PNG
                name = f"game-{size}-{scheme}-{lang}.{'png' if readme else 'jpg'}"
                out.append(Shot(name, f"{game}&lang={lang}", viewport, scheme, play=True))
    for faces in ("four", "large"):
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            settings = {"faces": faces}
            name = f"faces-{faces}-{size}.jpg"
            out.append(Shot(name, f"{game}&lang=en", viewport, settings=settings, play=True))
    for table, back, scheme in (("blue", "blue", "light"), ("wine", "black", "dark")):
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            settings = {"table": table, "back": back}
            name = f"table-{table}-{scheme}-{size}.jpg"
            out.append(Shot(name, f"{game}&lang=en", viewport, scheme, settings, play=True))
    for width, height in ((360, 740), (740, 360), (1280, 800), (1920, 1080)):  # docs/layout.md
        viewport = {"width": width, "height": height}
        out.append(Shot(f"game-{width}x{height}.jpg", f"{game}&lang=en", viewport, play=True))
    out.append(Shot("first-visit-hint-phone.jpg", f"{game}&lang=en", PHONE, hint=True))
    out.append(Shot("first-visit-hint-desktop.jpg", f"{game}&lang=en", DESKTOP, hint=True))
    out.append(Shot("rules-dark-desktop.jpg", "rules.html?lang=en", DESKTOP, "dark"))
    embed = f"embed.html?deal={DEAL}&labels=1&lang=en&theme=dark"
    out.append(Shot("embed-dark.jpg", embed, {"width": 720, "height": 520}))
    return out


@contextmanager
def served(site: Path) -> Iterator[str]:
    """Serve ``site`` on a free port; yield its address."""
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "web" / "serve.py"), "--port", "0", "--dir", str(site)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        found = re.search(r"http://[\w.]+:\d+/", line)
        if not found:
            raise SystemExit(f"web/serve.py did not say its address: {line!r}")
        yield found.group(0)
    finally:
        server.terminate()
        server.wait(timeout=10)


def take(browser: Browser, base: str, shot: Shot, out: Path) -> None:
    """Open the shot's page as a returning player with its settings, play, and save the PNG."""
    context = browser.new_context(viewport=shot.viewport, color_scheme=shot.scheme)
    settings = {"theme": "auto", "hint_seen": not shot.hint, **shot.settings}
    stored = json.dumps({"halfmoon.settings": json.dumps(settings)})
    context.add_init_script(
        f"for (const [k, v] of Object.entries({stored})) localStorage.setItem(k, v);"
    )
    page = context.new_page()
    page.goto(base + shot.path)
    page.wait_for_selector("html[data-ready]", timeout=120_000)
    if shot.play:
        for move in MOVES:
            for place in move:
                page.click(f'.hm-board button[data-place="{place}"]')
        page.click(f'.hm-board button[data-place="{SELECT}"]')
    page.wait_for_timeout(400)  # the removal's animation ends (a picture, not a test)
    out.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out), **({"quality": 85} if out.suffix == ".jpg" else {}))
    context.close()


def main(argv: list[str] | None = None) -> int:
    """Take every shot into docs/images/ and the README's into web/screenshot.png."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--only", default="", help="take only the shots whose name has this")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: the server stops too
    if not (args.dir / "index.html").is_file():
        raise SystemExit(f"{args.dir} has no built site: run `npm run build` first")
    with served(args.dir) as base, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=list(FLAGS))
        for shot in shots():
            if args.only in shot.name:
                take(browser, base, shot, IMAGES / shot.name)
                print(IMAGES / shot.name)
        browser.close()
    readme = IMAGES / "game-desktop-light-en.png"
    if readme.is_file():
        (ROOT / "web" / "screenshot.png").write_bytes(readme.read_bytes())
    return 0


if __name__ == "__main__":
    sys.exit(main())
