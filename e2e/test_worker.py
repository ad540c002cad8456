"""The pages whose Python runs in a worker (docs/worker.md): the rules page and the embed. Their
main thread runs no Python; what must be decided inside an event is decided there from the
rules Python sent ahead; Python's changes reach the page in order, after every kind of input."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from game_support import card
from harness import open_app
from playwright.sync_api import BrowserContext, Page, Route, expect

from halfmoon_core import Game

DEAL = "HM1-N-AAAAAAB"

#: Records each keydown's key and whether its default was prevented, once every listener ran.
RECORD_KEYS = """() => {
  window.keysSeen = [];
  window.addEventListener("keydown", (event) => {
    window.keysSeen.push([event.key, event.defaultPrevented]);
  });
}"""


@pytest.mark.parametrize("address", [f"embed.html?deal={DEAL}&lang=en", "rules.html?lang=en"])
def test_the_page_runs_its_python_in_a_worker_not_on_the_main_thread(
    module_page: Page, address: str
) -> None:
    open_app(module_page, address)
    assert any(worker.url.endswith("/worker.mjs") for worker in module_page.workers)
    on_main = module_page.evaluate(
        "() => [typeof window.pyscript, document.querySelectorAll('script[type=py]').length]"
    )
    assert on_main == ["undefined", 0]


def test_the_boards_keys_are_prevented_at_once_and_move_the_focus(module_page: Page) -> None:
    open_app(module_page, f"embed.html?deal={DEAL}&lang=en")
    module_page.evaluate(RECORD_KEYS)
    game = Game.from_code(DEAL)
    first = card(module_page, game, "1")
    first.focus()
    module_page.keyboard.press("ArrowRight")
    expect(card(module_page, game, "2")).to_be_focused()
    module_page.keyboard.press("k")  # a rank: the next king, pile 3
    expect(card(module_page, game, "3")).to_be_focused()
    module_page.keyboard.press("x")  # not one of the board's keys
    seen = module_page.evaluate("() => window.keysSeen")
    assert seen == [["ArrowRight", True], ["k", True], ["x", False]]


def test_a_key_with_ctrl_is_left_to_the_page(module_page: Page) -> None:
    open_app(module_page, f"embed.html?deal={DEAL}&lang=en")
    module_page.evaluate(RECORD_KEYS)
    game = Game.from_code(DEAL)
    card(module_page, game, "1").focus()
    module_page.keyboard.press("Control+ArrowRight")
    seen = module_page.evaluate("() => window.keysSeen")
    assert seen == [["Control", False], ["ArrowRight", False]]
    expect(card(module_page, game, "1")).to_be_focused()


def test_the_step_viewers_slider_moves_the_rules_example(module_page: Page) -> None:
    open_app(module_page, "rules.html?lang=en")
    slider = module_page.locator("article[data-lang-block=en] .step-slider")
    slider.fill("2")  # an input event, with the slider's new value
    count = module_page.locator("article[data-lang-block=en] .step-count")
    expect(count).to_have_text(re.compile(r"^Step 2 of \d+$"))


@pytest.mark.allow_page_errors  # the start that cannot load the runtime reports it
def test_a_runtime_module_the_worker_could_not_fetch_is_fetched_once_more_by_a_new_worker(
    new_context: Callable[..., BrowserContext],
) -> None:
    """docs/worker.md, "Start": a module import that fails (as Chromium fails one whose file a
    page that went away was still fetching) starts a new worker, which plays; failing twice,
    the page says which file did not load."""
    page = new_context(service_workers="block").new_page()  # every file from the network
    aborted: list[str] = []

    def abort_first(route: Route) -> None:
        if aborted:
            route.continue_()
        else:
            aborted.append(route.request.url)
            route.abort()

    page.route("**/pyodide.asm.mjs", abort_first)
    open_app(page, f"embed.html?deal={DEAL}&lang=en")
    assert len(aborted) == 1
    expect(card(page, Game.from_code(DEAL), "4")).to_be_visible()
    page.unroute("**/pyodide.asm.mjs")
    page.route("**/pyodide.asm.mjs", lambda route: route.abort())
    error = open_app(page, "embed.html?deal=HM1-N-AAAAAAC&lang=en", expect_error=True)
    assert error is not None and re.search(r"could not load \S+/pyodide\.asm\.mjs", error), error


#: What each frame of the host page is doing, by the attributes on its <html>.
FRAME_STATES = """() => [...document.querySelectorAll("iframe")].map((frame) => {
  const root = frame.contentDocument && frame.contentDocument.documentElement;
  if (!root) return "none";
  if (root.hasAttribute("data-ready")) return "ready";
  if (root.hasAttribute("data-error")) return "error";
  if (root.hasAttribute("data-queued")) return "queued";
  const stage = root.getAttribute("data-boot-stage");
  return stage === "runtime" || stage === "python" ? "starting" : "other";
})"""


def test_boards_of_one_site_on_one_page_start_two_at_a_time(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """docs/worker.md, "Many boards on one page": five embeds in view on a page of the site;
    at no time do more than two load their Python, the others wait (data-queued), and all
    five play."""
    context = new_context(service_workers="block")
    frames = "".join(
        f'<iframe src="embed.html?deal=HM1-N-AAAAAA{letter}&lang=en" width="240" height="170">'
        "</iframe>"
        for letter in "BCDEF"
    )
    host = site_url + "five-boards.html"
    context.route(host, lambda route: route.fulfill(content_type="text/html", body=frames))
    page = context.new_page()
    page.goto(host)
    seen: list[list[str]] = []
    while not seen or any(state not in ("ready", "error") for state in seen[-1]):
        seen.append(page.evaluate(FRAME_STATES))
        assert len(seen) < 2000, seen[-1]  # 2000 looks, some 100 s at the least
    assert seen[-1] == ["ready"] * 5
    assert max(states.count("starting") for states in seen) <= 2
    assert any("queued" in states for states in seen)
    for frame in page.frames[1:]:
        expect(frame.locator("button[data-place='4']")).to_be_visible()
