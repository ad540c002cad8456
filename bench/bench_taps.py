"""How long a tap takes on the game page: select, removal, undo and redo, p50 and p95.

Run as ``python bench/bench_taps.py [--taps N] [--rates 1,4] [--site DIR ...]``
(``npm run bench:taps``; never part of ``npm test``). Builds ``dist/`` if stale (or takes the
built sites ``--site`` names, to compare builds: at each rate they are measured in turn, so the
machine's load falls on each alike), serves it with ``web/serve.py``, and drives
Debian's Chromium (the e2e flags) with the CPU throttled by each rate in turn (4x is the speed
Lighthouse uses for a mid-range phone). Each figure is measured in the page around
``element.click()``, inside which the Python handler runs: the time from the tap to the
handler's return, before the browser paints.

The taps: deals are played with legal moves chosen by the engine in this process (the page
decides nothing here); after each removal, Undo then Redo. The first tap of a move is a
select, the tap that completes it a removal. Prints the load average beside the figures (the
machine is shared: compare runs made together, docs/performance.md).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - web/build.py
import serve  # noqa: E402 - web/serve.py
from game_support import card  # noqa: E402 - e2e/game_support.py
from harness import CHROMIUM_ARGS, READY_SELECTOR, chromium_executable  # noqa: E402
from playwright.sync_api import Locator, Page, sync_playwright  # noqa: E402

from halfmoon_core import Game, format_code  # noqa: E402

KINDS = ("select", "removal", "undo", "redo")
#: Time a click in the page: the Python handler runs inside ``click()``.
TIMED_CLICK = "(el) => { const t0 = performance.now(); el.click(); return performance.now() - t0; }"


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def timed(locator: Locator) -> float:
    """Milliseconds spent in the click of ``locator``'s element."""
    return float(locator.evaluate(TIMED_CLICK))


def open_deal(page: Page, url: str, code: str) -> Game:
    """Open ``code`` on a fresh game page (nothing stored); its game, as the engine deals it."""
    page.goto(f"{url}index.html?lang=en&deal={code}")
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=120_000)
    return Game.from_code(code)


def measure(page: Page, url: str, taps: int, rng: random.Random) -> dict[str, list[float]]:
    """Play deals until each kind has ``taps`` measures."""
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    undo = page.locator('button.tool[data-action="undo"]')
    redo = page.locator('button.tool[data-action="redo"]')
    game: Game | None = None
    while min(len(v) for v in times.values()) < taps:
        if game is None or not game.legal_moves():
            game = open_deal(page, url, format_code(rng.randrange(1, 10**6)))
            continue
        move = rng.choice(game.legal_moves())
        for i, place in enumerate(move.places):
            kind = "removal" if i == len(move.places) - 1 else "select"
            times[kind].append(timed(card(page, game, place)))
        game.push(move)
        page.wait_for_selector(f"#moves:text-is('{game.moves}')", timeout=30_000)
        times["undo"].append(timed(undo))
        page.wait_for_selector(f"#moves:text-is('{game.moves - 1}')", timeout=30_000)
        times["redo"].append(timed(redo))
        page.wait_for_selector(f"#moves:text-is('{game.moves}')", timeout=30_000)
    return times


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=40, help="measures of each kind (>= 30)")
    parser.add_argument("--rates", default="1,4", help="CPU slow-down factors, comma-separated")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--site",
        action="append",
        type=Path,
        help="a built site to measure (repeat to compare builds, measured in turn at each rate;"
        " default dist/, rebuilt if stale)",
    )
    args = parser.parse_args(argv)
    sites = args.site or [build.DEFAULT_OUT]
    if not args.site and build.is_stale(build.DEFAULT_OUT):
        build.build(build.DEFAULT_OUT)
    rates = [float(r) for r in args.rates.split(",")]
    executable = chromium_executable()
    print(f"load average before: {os.getloadavg()}")
    rows = []
    with ExitStack() as stack, sync_playwright() as pw:
        urls = [stack.enter_context(serve.serve_in_thread(site)) for site in sites]
        browser = pw.chromium.launch(
            headless=True,
            args=CHROMIUM_ARGS,
            **({"executable_path": executable} if executable else {}),
        )
        for rate in rates:
            for number, url in enumerate(urls):
                context = browser.new_context(viewport={"width": 412, "height": 823})
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                times = measure(page, url, args.taps, random.Random(args.seed))
                for kind in KINDS:
                    values = times[kind]
                    rows.append(
                        (
                            f"{rate:g}x",
                            sites[number].name if len(sites) > 1 else "",
                            kind,
                            len(values),
                            statistics.median(values),
                            percentile(values, 0.95),
                            max(values),
                        )
                    )
                context.close()
                print(f"measured {sites[number]} at {rate:g}x, load average {os.getloadavg()}")
        browser.close()
    print(f"{'cpu':>4} {'site':<12} {'tap':<8} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for rate, site, kind, n, p50, p95, top in rows:
        print(f"{rate:>4} {site:<12} {kind:<8} {n:>4} {p50:8.1f} {p95:8.1f} {top:8.1f}")
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
