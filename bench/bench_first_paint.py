"""First-visit paint benchmark of built sites in Chromium (not a test: pytest does not collect it).

Run as ``python bench/bench_first_paint.py [--rounds N] [DIST [DIST ...]]`` (default: ``dist/``);
each folder is served by ``web/serve.py`` and loaded in turn, interleaved, in an order shuffled
per round, so that two builds (say, the runtime's preloads at two priorities) are compared
under the same load.

Each load is a *first visit*: a new browser context (no cache, no storage, no service worker),
headless Chromium with the e2e flags. An init script notes (``performance.now()``, from the
navigation's start) the first animation frame at which a face-up card (``.hm-card`` outside a
face-down ``.hm-static`` board) is in the page, and when ``<html data-ready>`` appears; the
page's own entries give the first contentful paint, the largest contentful paint (the last
candidate before ``data-ready``...) and the layout shifts (their sum, as CLS counts them within
the load). Pages: the game, the rules and the embed, at 412×823 and 1350×940.

It prints the load average at start and end and, per site, page and size, the median (and range)
of FCP, LCP, the first card, ``data-ready`` and CLS, and the ratio FCP / ``data-ready``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "web"), str(ROOT / "e2e")]

import serve  # noqa: E402 - web/serve.py
from harness import CHROMIUM_ARGS, READY_SELECTOR, chromium_executable  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PAGES = {
    "game": "index.html",
    "rules": "rules.html",
    "embed": "embed.html?deal=HM1-N-AAAAAAB&labels=1",
}
SIZES = {"phone": {"width": 412, "height": 823}, "desktop": {"width": 1350, "height": 940}}

#: Notes the marks in the page (the browser tests' script, e2e/first_paint_marks.js).
WATCH = (ROOT / "e2e" / "first_paint_marks.js").read_text(encoding="utf-8")

#: Read once the page is ready and two frames later (a last layout shift or paint counted).
READ = """async () => {
  for (let i = 0; i < 2; i += 1) await new Promise((done) => requestAnimationFrame(done));
  const marks = window.__firstPaint;
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {
    fcp: fcp ? fcp.startTime : null,
    lcp: marks.lcp.length ? marks.lcp[marks.lcp.length - 1] : null,
    card: marks.cards,
    ready: marks.ready,
    cls: marks.shifts.reduce((sum, shift) => sum + shift.value, 0),
  };
}"""


RUNTIME_PART = re.compile(r'  <template id="runtime-start">\n(.*?)\n  </template>', re.S)


def variant(site: Path, name: str, out: Path) -> Path:
    """A copy of ``site`` whose pages start the runtime while they are parsed, as before early.js
    started it (``parse``), or so and at low fetch priority (``low``)."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(site, out)
    for page in PAGES.values():
        path = out / page.split("?")[0]
        text = path.read_text(encoding="utf-8")
        match = RUNTIME_PART.search(text)
        assert match, f"{page}: no runtime part"
        part = match.group(1)
        if name == "low":
            part = re.sub(
                r"<(link rel=\"(?:module)?preload\"|script type=\"module\")",
                r'<\1 fetchpriority="low"',
                part,
            )
        path.write_text(text.replace(match.group(0), part), encoding="utf-8")
    return out


def load_once(browser: Any, url: str, size: dict[str, int]) -> dict[str, float | None]:
    """One first visit of ``url``: its figures."""
    context = browser.new_context(viewport=size, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(WATCH)
        page.goto(url)
        page.wait_for_selector(READY_SELECTOR, state="attached", timeout=120_000)
        return page.evaluate(READ)
    finally:
        context.close()


def summary(values: list[float | None], digits: int = 0) -> str:
    """``median (min–max)`` of the values that are there."""
    seen = [v for v in values if v is not None]
    if not seen:
        return "—"
    low, mid, high = (
        f"{value:.{digits}f}" for value in (min(seen), statistics.median(seen), max(seen))
    )
    return f"{mid} ({low}–{high})"


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("sites", nargs="*", type=Path, default=[ROOT / "dist"])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--variants",
        action="store_true",
        help="also load copies of the first site starting the runtime while the page is "
        "parsed, at its priority and at low priority (variant())",
    )
    args = parser.parse_args(argv)
    if args.variants:
        scratch = Path(tempfile.mkdtemp(prefix="bench-first-paint-"))
        args.sites += [variant(args.sites[0], name, scratch / name) for name in ("parse", "low")]
    rng = random.Random(args.seed)
    print(f"load average at start: {os.getloadavg()}")
    results: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    with sync_playwright() as playwright:
        executable = chromium_executable()
        browser = playwright.chromium.launch(
            headless=True,
            args=CHROMIUM_ARGS,
            **({"executable_path": executable} if executable else {}),
        )
        servers = [serve.serve_in_thread(site) for site in args.sites]
        urls = [server.__enter__() for server in servers]
        try:
            for _ in range(args.rounds):
                jobs = [
                    (str(site), url, page, size)
                    for site, url in zip(args.sites, urls, strict=True)
                    for page in PAGES
                    for size in SIZES
                ]
                rng.shuffle(jobs)
                for site, url, page, size in jobs:
                    figures = load_once(browser, url + PAGES[page], SIZES[size])
                    results.setdefault((site, page, size), []).append(figures)
        finally:
            for server in servers:
                server.__exit__(None, None, None)
            browser.close()
    print(f"load average at end: {os.getloadavg()}")
    print(f"{args.rounds} rounds; ms from the navigation's start, median (min–max)")
    for (site, page, size), runs in sorted(results.items()):
        ratio = [
            r["fcp"] / r["ready"] if r["fcp"] is not None and r["ready"] else None for r in runs
        ]
        print(
            f"{site} {page:5} {size:7} FCP {summary([r['fcp'] for r in runs])}"
            f"  LCP {summary([r['lcp'] for r in runs])}"
            f"  card {summary([r['card'] for r in runs])}"
            f"  ready {summary([r['ready'] for r in runs])}"
            f"  FCP/ready {summary(ratio, 2)}"
            f"  CLS {summary([r['cls'] for r in runs], 3)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
