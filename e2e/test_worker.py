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
