"""Where a tap's time goes on the game page: each stage of select, removal, undo and redo.

Run as ``python bench/bench_tap_stages.py [--taps N] [--rates 1,4]`` (never part of
``npm test``; docs/performance.md shows its table). The taps are those of
``bench/bench_taps.py`` (same deals, same seed). The page's Python runs in a worker
(docs/worker.md): to see inside it, the benchmark serves ``worker.mjs`` with one line added
that keeps Pyodide in the worker's ``globalThis.__hmPyodide`` (the service worker is blocked so
the route applies), then wraps the methods of each stage in the worker's Python with a timer
(``time.perf_counter``, which Pyodide reads from the worker's ``performance.now()``). Each
stage's time is inclusive (a stage holds the stages it calls); ``worker: message played`` is
the whole of Python's answer to one forwarded event, ``worker: settle`` what ran once no
message waited (the save after the frame). ``click → painted`` is the page's side, as
bench_main_thread.py measures it: from ``element.click()`` to the end of the frame that shows
the change. Prints p50 and p95 per stage and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_taps import (
    KINDS,
    ROOT,
    open_deal,
    percentile,
)

sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT / "e2e"))
import build
import serve
from game_support import card
from harness import CHROMIUM_ARGS, chromium_executable
from playwright.sync_api import Locator, Page, Route, Worker, sync_playwright

from halfmoon_core import Game, format_code

#: Where worker.mjs has started the interpreter (the line that follows ``loadPyodide``).
_STARTED = '  post({ kind: "stage", name: "python" });\n'

#: The stages, as (label, module, class or None, attribute): wrapped in the page's Python.
STAGES = (
    ("worker: message played", "halfmoon_web.remote.worker_main", "WorkerPage", "dispatch"),
    ("worker: settle", "halfmoon_web.remote.worker_main", "WorkerPage", "settle"),
    ("python handler", "halfmoon_web.board.board", "Board", "tap"),
    ("python handler", "halfmoon_web.game_page.parts.play", "GamePlay", "undo"),
    ("python handler", "halfmoon_web.game_page.parts.play", "GamePlay", "redo"),
    ("engine", "halfmoon_web.model.board_model", "BoardModel", "tap"),
    ("engine", "halfmoon_web.model.board_model", "BoardModel", "undo"),
    ("engine", "halfmoon_web.model.board_model", "BoardModel", "redo"),
    ("board patch", "halfmoon_web.board.board", "Board", "render"),
    ("patch: place states", "halfmoon_web.board.board_view", None, "place_states"),
    ("patch: changed places", "halfmoon_web.board.board_view", "BoardView", "_draw_place"),
    ("patch: tab stop", "halfmoon_web.board.board_view", "BoardView", "_settle"),
    ("patch: focused card", "halfmoon_web.board.board_view", "BoardView", "focused_place"),
    ("placement assist", "halfmoon_web.model.board_model", "BoardModel", "dimmed"),
    ("status line", "halfmoon_web.game_page.frame.page_dom", "PageDom", "say"),
    ("status line", "halfmoon_web.shared.i18n", None, "cards_words"),
    ("after change", "halfmoon_web.game_page.parts.play", "GamePlay", "after_change"),
    ("statistics", "halfmoon_web.model.session", "GameSession", "record_win"),
    ("statistics", "halfmoon_web.game_page.stats.stats_panel", "StatsPanel", "render"),
    ("info bar", "halfmoon_web.game_page.parts.info_bar", "InfoBar", "update"),
    (
        "save (all)",
        "halfmoon_web.game_page.parts.tabs",
        "TabSync",
        "save_game",
    ),  # before the funnel
    ("save (all)", "halfmoon_web.game_page.parts.saver", "Saver", "save_game"),
    ("save: game", "halfmoon_web.storage.game_store", "GameStore", "save"),
    ("save: snapshot", "halfmoon_web.game_page.parts.saver", "Saver", "save_snapshot"),
    ("snapshot: markup", "halfmoon_web.board.board_view", "BoardView", "markup"),
    ("save: indicator", "halfmoon_web.game_page.parts.saver", "Saver", "show_saving"),
    ("end check", "halfmoon_web.game_page.parts.end_dialog", "EndDialog", "check"),
    ("focus", "halfmoon_web.game_page.parts.dialogs", "Dialogs", "keep_focus"),
    ("save: scheduled", "halfmoon_web.game_page.parts.saver", "Saver", "changed"),
)

#: Python run once in the page: wrap every stage that exists in this build with a timer.
_INSTRUMENT = """
import importlib, json, time
_hm_times = {}
def _hm_wrap(label, module, owner, name):
    holder = importlib.import_module(module)
    if owner is not None:
        holder = getattr(holder, owner, None)
    original = getattr(holder, name, None) if holder is not None else None
    if original is None:
        return
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent = (time.perf_counter() - start) * 1000
            _hm_times[label] = _hm_times.get(label, 0.0) + spent
    setattr(holder, name, timed)
for _stage in json.loads(STAGES_JSON):
    _hm_wrap(*_stage)
def _hm_take():
    taken = json.dumps(_hm_times)
    _hm_times.clear()
    return taken
"""

#: Click an element; resolve once the frame that shows the first change to the page is painted
#: and the page has no message in flight to the worker (its changes and its save are in).
_TIMED_CLICK = """(el) => new Promise((resolve) => {
  const t0 = performance.now();
  let painted = null;
  const done = () => {
    if (painted !== null && !window.halfmoonBusy) resolve(painted);
    else setTimeout(done, 5);
  };
  const seen = new MutationObserver(() => {
    seen.disconnect();
    requestAnimationFrame(() => setTimeout(() => {
      painted = performance.now() - t0;
      done();
    }, 0));
  });
  const all = { subtree: true, attributes: true, childList: true, characterData: true };
  seen.observe(document.body, all);
  el.click();
})"""

#: The stages' times taken in the worker since the last take.
_TAKE = """() => JSON.parse(globalThis.__hmPyodide.runPython("_hm_take()"))"""


def serve_exposed_worker(route: Route) -> None:
    """Serve worker.mjs with Pyodide kept in the worker's ``globalThis.__hmPyodide``."""
    response = route.fetch()
    body = response.text()
    if _STARTED not in body:
        raise SystemExit("worker.mjs changed: update bench_tap_stages.py's _STARTED")
    exposed = body.replace(_STARTED, "  globalThis.__hmPyodide = pyodide;\n" + _STARTED)
    route.fulfill(response=response, body=exposed)


def python_worker(page: Page) -> Worker:
    """The page's Python worker (the one that holds ``__hmPyodide``)."""
    for worker in page.workers:
        if worker.url.endswith("/worker.mjs"):
            return worker
    raise SystemExit(f"no Python worker among {[w.url for w in page.workers]}")


def instrument(page: Page) -> None:
    """Wrap the stages in the worker's Python (once per page load)."""
    stages = json.dumps([list(stage) for stage in STAGES])
    code = f"STAGES_JSON = {json.dumps(stages)}\n{_INSTRUMENT}"
    python_worker(page).evaluate("(code) => globalThis.__hmPyodide.runPython(code)", code)


def timed(page: Page, locator: Locator, record: dict[str, list[float]]) -> None:
    """Click ``locator``; record the click → painted change and each stage the worker ran for
    it, the save after the frame included."""
    worker = python_worker(page)
    worker.evaluate(_TAKE)  # what ran before this tap is not its
    record.setdefault("click → painted", []).append(locator.evaluate(_TIMED_CLICK))
    inside = worker.evaluate(_TAKE)
    for label, *_ in STAGES:
        record.setdefault(label, []).append(inside.get(label, 0.0))


def measure(page: Page, url: str, taps: int, rng: random.Random) -> dict[str, dict]:
    """Play deals (as bench_taps.py) until each kind has ``taps`` measures."""
    times: dict[str, dict[str, list[float]]] = {kind: {} for kind in KINDS}
    undo = page.locator('button.tool[data-action="undo"]')
    redo = page.locator('button.tool[data-action="redo"]')
    game: Game | None = None
    while min(len(v.get("click → painted", [])) for v in times.values()) < taps:
        if game is None or not game.legal_moves():
            game = open_deal(page, url, format_code(rng.randrange(1, 10**6)))
            instrument(page)
            continue
        move = rng.choice(game.legal_moves())
        for i, place in enumerate(move.places):
            kind = "removal" if i == len(move.places) - 1 else "select"
            timed(page, card(page, game, place), times[kind])
        game.push(move)
        page.wait_for_selector(f"#moves:text-is('{game.moves}')", timeout=30_000)
        timed(page, undo, times["undo"])
        page.wait_for_selector(f"#moves:text-is('{game.moves - 1}')", timeout=30_000)
        timed(page, redo, times["redo"])
        page.wait_for_selector(f"#moves:text-is('{game.moves}')", timeout=30_000)
    return times


def main(argv: list[str] | None = None) -> int:
    """Measure and print one table per CPU rate."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=40, help="measures of each kind (>= 30)")
    parser.add_argument("--rates", default="1,4", help="CPU slow-down factors, comma-separated")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    if build.is_stale(build.DEFAULT_OUT):
        build.build(build.DEFAULT_OUT)
    executable = chromium_executable()
    print(f"load average before: {os.getloadavg()}")
    with serve.serve_in_thread(build.DEFAULT_OUT) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(
            headless=True,
            args=CHROMIUM_ARGS,
            **({"executable_path": executable} if executable else {}),
        )
        for rate in (float(r) for r in args.rates.split(",")):
            context = browser.new_context(
                viewport={"width": 412, "height": 823}, service_workers="block"
            )
            context.route("**/worker.mjs", serve_exposed_worker)
            page = context.new_page()
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
            times = measure(page, url, args.taps, random.Random(args.seed))
            context.close()
            print(f"\nCPU {rate:g}x: p50 / p95 ms (n = taps of each kind)")
            labels = list(dict.fromkeys(["click → painted", *(s[0] for s in STAGES)]))
            print(f"{'stage':<24}" + "".join(f"{kind:>16}" for kind in KINDS))
            for label in labels:
                cells = []
                for kind in KINDS:
                    values = times[kind].get(label)
                    if not values or not any(values):
                        cells.append(f"{'-':>16}")
                        continue
                    p50, p95 = statistics.median(values), percentile(values, 0.95)
                    cells.append(f"{p50:>7.1f} /{p95:>7.1f}")
                print(f"{label:<24}" + "".join(cells))
            print("n = " + ", ".join(f"{k} {len(times[k]['click → painted'])}" for k in KINDS))
        browser.close()
    print(f"\nload average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
