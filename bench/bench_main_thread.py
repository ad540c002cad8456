"""Is the main thread free? Its long tasks while each page starts, and a tap's time to paint.

Run as ``python bench/bench_main_thread.py [--rate 4] [--runs 3] [--taps 30] [--site DIR ...]``
(never part of ``npm test``; docs/performance.md, "The main thread"). Builds ``dist/`` if stale
(or takes the built sites ``--site`` names, to compare builds: each round measures every site in
turn, so the machine's load falls on each alike), serves each compressed with ``web/serve.py``,
and drives Debian's Chromium (the e2e flags) with the CPU throttled (4x is Lighthouse's phone).

For the game, rules and embed pages, a first visit (a fresh profile) and a return visit (the
same profile, its service worker in control): every long task from the navigation to 3 s after
``<html data-ready>``, reported as the longest task and the blocking time (each long task's time
over 50 ms, summed, as Lighthouse's Total Blocking Time counts it). Then, on the embed and on
the game page, taps of legal moves (chosen by the engine in this process): the time from
``element.click()`` to the end of the frame that shows the change (a ``setTimeout`` queued in
the first animation frame after the board changed runs once that frame is painted), p50 and p95
for selects and removals (and undos on the game page). Prints the load average beside it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
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
from playwright.sync_api import Browser, Locator, Page, sync_playwright  # noqa: E402

from halfmoon_core import Game, format_code  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from bench_taps import percentile  # noqa: E402 - the same quantile as the other tap figures

DEAL = "HM1-N-AAAAAAB"
PAGES = {
    "game": f"index.html?lang=en&deal={DEAL}",
    "rules": "rules.html?lang=en",
    "embed": f"embed.html?lang=en&deal={DEAL}",
}
#: How long after ``data-ready`` the long tasks still count (the issue's window).
AFTER_READY_MS = 3000

#: Before the page's own scripts: note every long task and when ``data-ready`` came.
WATCH = """window.__long = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  if (window.__readyAt === undefined && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });"""

#: Click an element; resolve once the frame showing the first change to its board is painted.
TAP_TO_PAINT = """(el) => new Promise((resolve) => {
  const board = el.closest(".hm-board") || document.body;
  const t0 = performance.now();
  const seen = new MutationObserver(() => {
    seen.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
  });
  seen.observe(board, { subtree: true, attributes: true, childList: true, characterData: true });
  el.click();
})"""


def throttle(page: Page, rate: float) -> None:
    """Slow ``page``'s CPU ``rate`` times."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def start_figures(page: Page, url: str) -> tuple[float, float]:
    """Open ``url``; the blocking time and the longest task from the navigation to 3 s after
    ``data-ready``."""
    page.goto(url)
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=180_000)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=10_000)
    page.wait_for_timeout(AFTER_READY_MS)  # a benchmark's window, not a test's wait
    ready = float(page.evaluate("window.__readyAt"))
    tasks = [d for start, d in page.evaluate("window.__long") if start <= ready + AFTER_READY_MS]
    return sum(max(0.0, d - 50) for d in tasks), max(tasks, default=0.0)


def visits(browser: Browser, url: str, rate: float) -> dict[str, tuple[float, float]]:
    """A first and a return visit of ``url`` in one fresh profile."""
    context = browser.new_context(viewport={"width": 412, "height": 823})
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        throttle(page, rate)
        first = start_figures(page, url)
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=180_000)
        page.close()
        again = context.new_page()
        throttle(again, rate)
        return {"first": first, "return": start_figures(again, url)}
    finally:
        context.close()


def tap_to_paint(locator: Locator) -> float:
    """Milliseconds from the click of ``locator``'s element to its change painted."""
    return float(locator.evaluate(TAP_TO_PAINT))


def play_taps(page: Page, base: str, name: str, taps: int, rng: random.Random) -> dict[str, list]:
    """Tap legal moves on ``name``'s page until each kind has ``taps`` figures."""
    kinds = ("select", "removal", "undo") if name == "game" else ("select", "removal")
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    undo = page.locator('button.tool[data-action="undo"]')
    game: Game | None = None
    while min(len(v) for v in times.values()) < taps:
        if game is None or not game.legal_moves():
            code = format_code(rng.randrange(1, 10**6))
            page.goto(f"{base}{PAGES[name].split('?')[0]}?lang=en&deal={code}")
            page.wait_for_selector(READY_SELECTOR, state="attached", timeout=180_000)
            game = Game.from_code(code)
            continue
        move = rng.choice(game.legal_moves())
        for i, place in enumerate(move.places):
            kind = "removal" if i == len(move.places) - 1 else "select"
            times[kind].append(tap_to_paint(card(page, game, place)))
        game.push(move)
        if "undo" in times:
            page.wait_for_selector(f"#moves:text-is('{game.moves}')", timeout=30_000)
            times["undo"].append(tap_to_paint(undo))
            game.pop()
            page.wait_for_selector(f"#moves:text-is('{game.moves}')", timeout=30_000)
        else:
            card(page, game, next(iter(game.legal_moves()), move).places[0]).wait_for()
    return times


#: A host page of the same site with ``{count}`` embeds, each of its own deal, all in view (an
#: embed out of view waits to start: docs/startup.md, "Start order"); a 10 ms timer
#: notes how late it runs (the host's main thread is the embeds' when they are same-site).
HOST = """<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body>
<p>{count} embeds</p>{frames}
<script>
window.__late = 0;
let last = performance.now();
setInterval(() => {{
  const now = performance.now();
  window.__late = Math.max(window.__late, now - last - 10);
  last = now;
}}, 10);
</script></body></html>"""


def pss_kib() -> int:
    """The proportional set size of every Chromium process on the machine, in KiB."""
    total = 0
    for status in Path("/proc").glob("[0-9]*/smaps_rollup"):
        try:
            if b"chrom" not in (status.parent / "cmdline").read_bytes():
                continue
            for line in status.read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue  # a process that ended meanwhile
    return total


def embeds_figures(browser: Browser, base: str, count: int, rate: float) -> dict[str, float]:
    """A same-site host page of ``count`` embeds: its longest task, its blocking time and its
    timer's worst lateness until every embed is ready (+3 s), and the memory each embed adds."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH)
    frames = "".join(
        f'<iframe src="embed.html?deal={format_code(n + 1)}" width="240" height="180"'
        ' loading="eager"></iframe>'
        for n in range(count)
    )
    host = base + "bench-host.html"
    context.route(
        host,
        lambda route: route.fulfill(
            content_type="text/html", body=HOST.format(count=count, frames=frames)
        ),
    )
    try:
        page = context.new_page()
        throttle(page, rate)
        before = pss_kib()
        began = time.perf_counter()
        page.goto(host)
        page.wait_for_function(
            "(n) => [...document.querySelectorAll('iframe')].filter((f) =>"
            " f.contentDocument && f.contentDocument.documentElement.hasAttribute('data-ready'))"
            ".length === n",
            arg=count,
            timeout=600_000,
            polling=500,
        )
        all_ready = time.perf_counter() - began
        page.wait_for_timeout(AFTER_READY_MS)
        after = pss_kib()
        tasks = [d for _, d in page.evaluate("window.__long")]
        return {
            "longest task": max(tasks, default=0.0),
            "blocking": sum(max(0.0, d - 50) for d in tasks),
            "timer late": float(page.evaluate("window.__late")),
            "MB per embed": (after - before) / 1024 / count,
            "s until all ready": all_ready,
        }
    finally:
        context.close()


def spread(values: list[float]) -> str:
    """Median and range of ``values``, in ms."""
    return f"{statistics.median(values):6.0f} ({min(values):.0f}-{max(values):.0f})"


def main(argv: list[str] | None = None) -> int:
    """Measure and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=4.0, help="CPU slow-down factor")
    parser.add_argument("--runs", type=int, default=3, help="profiles per page and site")
    parser.add_argument("--taps", type=int, default=30, help="taps of each kind (>= 30)")
    parser.add_argument("--pages", default="game,rules,embed", help="pages, comma-separated")
    parser.add_argument("--embeds", type=int, default=20, help="embeds on the host page (0: none)")
    parser.add_argument(
        "--site", action="append", type=Path, help="a built site (repeat to compare builds)"
    )
    args = parser.parse_args(argv)
    sites = args.site or [build.DEFAULT_OUT]
    if not args.site and build.is_stale(build.DEFAULT_OUT):
        build.build(build.DEFAULT_OUT)
    names = [name for name in args.pages.split(",") if name]
    labels = [site.name for site in sites] if len(sites) > 1 else ["dist"]
    print(f"load average before: {os.getloadavg()}", flush=True)
    starts: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    taps: dict[tuple[str, str, str], list[float]] = {}
    executable = chromium_executable()
    with ExitStack() as stack, sync_playwright() as pw:
        urls = [stack.enter_context(serve.serve_in_thread(site)) for site in sites]
        browser = pw.chromium.launch(
            args=CHROMIUM_ARGS, **({"executable_path": executable} if executable else {})
        )
        for _ in range(args.runs):
            for name in names:
                for i, url in enumerate(urls):  # interleaved: the load falls on each alike
                    for visit, figures in visits(browser, url + PAGES[name], args.rate).items():
                        starts.setdefault((name, visit, labels[i]), []).append(figures)
        print(f"starts measured, load average {os.getloadavg()}", flush=True)
        hosts = {}
        if args.embeds:
            for i, url in enumerate(urls):
                hosts[labels[i]] = embeds_figures(browser, url, args.embeds, args.rate)
            print(f"embeds measured, load average {os.getloadavg()}", flush=True)
        for name in (n for n in names if n in ("game", "embed") and args.taps > 0):
            for i, url in enumerate(urls):
                context = browser.new_context(viewport={"width": 412, "height": 823})
                page = context.new_page()
                throttle(page, args.rate)
                for kind, values in play_taps(page, url, name, args.taps, random.Random(7)).items():
                    taps[(name, kind, labels[i])] = values
                context.close()
        browser.close()
    print(f"\nAt {args.rate:g}x CPU, {args.runs} profiles each: median (range), ms")
    print(f"{'page':<6} {'visit':<7} {'site':<14} {'blocking':>20} {'longest task':>20}")
    for (name, visit, site), runs in starts.items():
        blocking = spread([r[0] for r in runs])
        longest = spread([r[1] for r in runs])
        print(f"{name:<6} {visit:<7} {site:<14} {blocking:>20} {longest:>20}")
    for site, figures in hosts.items():
        said = ", ".join(f"{key} {value:.0f}" for key, value in figures.items())
        said += " (ms unless said)"
        print(f"\nA host page of {args.embeds} same-site embeds ({site}): {said}")
    print("\nClick to the painted change, ms")
    print(f"{'page':<6} {'tap':<8} {'site':<14} {'n':>4} {'p50':>7} {'p95':>7} {'max':>7}")
    for (name, kind, site), values in taps.items():
        print(
            f"{name:<6} {kind:<8} {site:<14} {len(values):>4} {statistics.median(values):7.1f}"
            f" {percentile(values, 0.95):7.1f} {max(values):7.1f}"
        )
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
