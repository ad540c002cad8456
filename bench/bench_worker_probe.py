"""Would Python in a worker help? A probe of PyScript's worker mode (issue 20's experiment).

Run as ``python bench/bench_worker_probe.py [--rates 1,4] [--runs 3]`` (never part of
``npm test``; docs/performance.md, "Python in a worker"). It serves, cross-origin isolated
(PyScript's worker needs ``SharedArrayBuffer`` to reach the DOM synchronously), two probe
pages that start the stock Pyodide and PyScript from ``node_modules`` (not the site's build: the
app's modules reach the DOM through ``js``, which a worker does not have), the same Python in
each: on the main thread, and in a worker (``<script type="py" worker>``). It prints, at each
CPU slow-down in Debian's Chromium:

- the main thread's blocking time from navigation to Python's first line (the sum of each long
  task's time over 50 ms, as Lighthouse's TBT counts it) and the longest task;
- what one DOM call costs from Python, there and from the worker: ``setAttribute`` and
  ``getElementById``, each 500 times;

and the load average beside them. A tap on the game page makes about 25-60 DOM calls
(docs/performance.md): multiply.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from harness import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CALLS = 500
PYTHON = f"""
import time
from pyscript import document
started = time.perf_counter()
probe = document.getElementById("probe")
t0 = time.perf_counter()
for i in range({CALLS}):
    probe.setAttribute("data-i", str(i))
t1 = time.perf_counter()
for i in range({CALLS}):
    document.getElementById("probe")
t2 = time.perf_counter()
document.documentElement.setAttribute(
    "data-result", f"{{(t1 - t0) * 1000 / {CALLS}:.4f}},{{(t2 - t1) * 1000 / {CALLS}:.4f}}"
)
"""
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<script type="module" src="./pyscript/core.js"></script></head>
<body><p id="probe">probe</p>
<script type="py" {worker} config='{{"interpreter": "./pyodide/pyodide.mjs"}}'>{python}</script>
</body></html>"""
#: Notes every long task from the navigation on (an init script, before the page's own).
LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__long.push(entry.duration);
}).observe({ type: "longtask", buffered: true });"""


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, cross-origin isolated (as the site is served, docs/hosting.md)."""

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def log_message(self, *_args: object) -> None:
        """Quiet."""


def probe_site(folder: Path) -> None:
    """The two probe pages, and the stock runtime beside them."""
    (folder / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide")
    (folder / "pyscript").symlink_to(ROOT / "node_modules" / "@pyscript" / "core" / "dist")
    for name, worker in (("main", ""), ("worker", "worker")):
        page = PAGE.format(worker=worker, python=PYTHON)
        (folder / f"{name}.html").write_text(page, encoding="utf-8")


def blocking(tasks: list[float]) -> tuple[float, float]:
    """The long tasks' time over 50 ms each (as TBT counts it), and the longest task."""
    return sum(max(0.0, t - 50) for t in tasks), max(tasks, default=0.0)


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rates", default="1,4", help="CPU slow-down factors, comma-separated")
    parser.add_argument("--runs", type=int, default=3, help="loads of each page at each rate")
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        folder = Path(tmp)
        probe_site(folder)
        handler = functools.partial(IsolatedHandler, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        executable = chromium_executable()
        browser = pw.chromium.launch(
            args=CHROMIUM_ARGS, **({"executable_path": executable} if executable else {})
        )
        for rate in (float(r) for r in args.rates.split(",")):
            figures: dict[str, list[tuple[float, ...]]] = {"main": [], "worker": []}
            for _ in range(args.runs):
                for name in figures:  # interleaved: the machine's load falls on both alike
                    context = browser.new_context()
                    context.add_init_script(LONG_TASKS)
                    page = context.new_page()
                    context.new_cdp_session(page).send(
                        "Emulation.setCPUThrottlingRate", {"rate": rate}
                    )
                    page.goto(f"{url}{name}.html")
                    page.wait_for_selector("html[data-result]", state="attached", timeout=180_000)
                    result = page.get_attribute("html", "data-result") or "nan,nan"
                    set_ms, get_ms = (float(v) for v in result.split(","))
                    tbt, longest = blocking(page.evaluate("window.__long"))
                    figures[name].append((tbt, longest, set_ms, get_ms))
                    context.close()
            for name, runs in figures.items():
                medians = [statistics.median(run[i] for run in runs) for i in range(4)]
                rows.append((f"{rate:g}x", name, *medians))
        browser.close()
        server.shutdown()
    print(f"{'cpu':>4} {'python':<7} {'TBT ms':>8} {'longest':>8} {'set µs':>8} {'get µs':>8}")
    for rate, name, tbt, longest, set_ms, get_ms in rows:
        print(
            f"{rate:>4} {name:<7} {tbt:8.0f} {longest:8.0f} "
            f"{set_ms * 1000:8.1f} {get_ms * 1000:8.1f}"
        )
    print(f"medians of {args.runs} loads each; load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
