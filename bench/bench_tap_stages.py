"""Where a tap's time goes on the game page: each stage of select, removal, undo and redo.

Run as ``python bench/bench_tap_stages.py [--taps N] [--rates 1,4]`` (never part of
``npm test``; docs/performance.md shows its table). The taps are those of
``bench/bench_taps.py`` (same deals, same seed). To see inside the page, the benchmark serves
``runtime.mjs`` with one line added that keeps Pyodide in ``globalThis.__hmPyodide`` (the
service worker is blocked so the route applies), then wraps the methods of each stage in the
page's Python with a timer (``time.perf_counter``, which Pyodide reads from
``performance.now()``). Each stage's time is inclusive (a stage holds the stages it calls);
``click`` is the whole ``element.click()`` as bench_taps.py measures it, and ``outside Python``
is what is left of it: the event's dispatch, the proxies, and what the browser does in the
click itself. Prints p50 and p95 per stage and the load average.
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
from playwright.sync_api import Locator, Page, Route, sync_playwright

from halfmoon_core import Game, format_code

#: Where runtime.mjs returns the interpreter it started.
_RETURNED = "  return pyodide;\n})();"

#: The stages, as (label, module, class or None, attribute): wrapped in the page's Python.
STAGES = (
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

#: Time a click, then take the stages' times that ran inside it.
_TIMED_CLICK = """(el) => {
  const py = globalThis.__hmPyodide;
  py.runPython("_hm_take()");
  const t0 = performance.now();
  el.click();
  const click = performance.now() - t0;
  const inside = JSON.parse(py.runPython("_hm_take()"));
  return { click, inside };
}"""

#: The work left for later (after the frame), taken once it ran.
_TAKE_LATER = """() => JSON.parse(globalThis.__hmPyodide.runPython("_hm_take()"))"""


def serve_exposed_runtime(route: Route) -> None:
    """Serve runtime.mjs with Pyodide kept in ``globalThis.__hmPyodide``."""
    response = route.fetch()
    body = response.text()
    if _RETURNED not in body:
        raise SystemExit("runtime.mjs changed: update bench_tap_stages.py's _RETURNED")
    exposed = body.replace(_RETURNED, "  globalThis.__hmPyodide = pyodide;\n" + _RETURNED)
    route.fulfill(response=response, body=exposed)


def instrument(page: Page) -> None:
    """Wrap the stages in the page's Python (once per page load)."""
    stages = json.dumps([list(stage) for stage in STAGES])
    code = f"STAGES_JSON = {json.dumps(stages)}\n{_INSTRUMENT}"
    page.evaluate("(code) => globalThis.__hmPyodide.runPython(code)", code)


def timed(page: Page, locator: Locator, record: dict[str, list[float]]) -> None:
    """Click ``locator``, record the click and each stage inside it; then, after two frames
    and a task, the work that ran later (``later: ...``)."""
    measured = locator.evaluate(_TIMED_CLICK)
    record.setdefault("click", []).append(measured["click"])
    inside = measured["inside"]
    handler = inside.get("python handler", 0.0)
    record.setdefault("outside Python", []).append(measured["click"] - handler)
    for label, *_ in STAGES:
        record.setdefault(label, []).append(inside.get(label, 0.0))
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame("
        "() => setTimeout(done, 50))))"
    )
    later = page.evaluate(_TAKE_LATER)
    for label, spent in later.items():
        record.setdefault(f"later: {label}", []).append(spent)


def measure(page: Page, url: str, taps: int, rng: random.Random) -> dict[str, dict]:
    """Play deals (as bench_taps.py) until each kind has ``taps`` measures."""
    times: dict[str, dict[str, list[float]]] = {kind: {} for kind in KINDS}
    undo = page.locator('button.tool[data-action="undo"]')
    redo = page.locator('button.tool[data-action="redo"]')
    game: Game | None = None
    while min(len(v.get("click", [])) for v in times.values()) < taps:
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
            context.route("**/runtime.mjs", serve_exposed_runtime)
            page = context.new_page()
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
            times = measure(page, url, args.taps, random.Random(args.seed))
            context.close()
            print(f"\nCPU {rate:g}x: p50 / p95 ms (n = taps of each kind)")
            labels = list(dict.fromkeys(["click", "outside Python", *(s[0] for s in STAGES)]))
            labels += sorted({k for kind in KINDS for k in times[kind] if k.startswith("later")})
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
            print("n = " + ", ".join(f"{k} {len(times[k]['click'])}" for k in KINDS))
        browser.close()
    print(f"\nload average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
