"""Deployments never mix two builds (docs/deploys.md): a player's page runs the HTML, config,
Python and runtime of one build, across a deployment and a rollback, and the game survives.

Build A is the repository as it is. Build B is a later release made from a copy of the sources:
it adds a Python module (which marks ``<html data-release="B">``) and renames an element the
Python view writes (``#moves`` becomes ``#move-count``), so a page that mixed A and B files would
fail to start. The deployments are published the way Netlify publishes: the whole folder is
replaced at once and the old build's files are gone from the server.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import build
import pytest
import serve
from game_support import DEAL, play
from harness import CONTROLLED, PageGuard, wait_for_app
from playwright.sync_api import Page, Route, expect

from halfmoon_core import Game

ROOT = Path(__file__).resolve().parent.parent
RELOADS = 3
RELEASE_MODULE = '''"""Marks the page as release B (written by e2e/test_updates.py)."""


def mark(dom):
    """Mark ``<html>`` through the page's DOM, on either thread (docs/worker.md)."""
    dom.document.documentElement.setAttribute("data-release", "B")
'''


def make_release_b(tmp: Path) -> tuple[Path, Path]:
    """Sources of build B: a new module imported by the game page, and #moves renamed."""
    site, core = tmp / "site", tmp / "core"
    shutil.copytree(ROOT / "web" / "site", site, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "halfmoon_core", core, ignore=shutil.ignore_patterns("__pycache__"))
    (site / "halfmoon_web" / "game_page" / "release.py").write_text(
        RELEASE_MODULE, encoding="utf-8"
    )
    app = site / "halfmoon_web" / "game_page" / "app.py"
    text = app.read_text(encoding="utf-8")
    future = "from __future__ import annotations\n"
    assert future in text
    built = "        dom, data, state = ctx.dom, ctx.stores.data, ctx.state\n"
    assert built in text
    text = text.replace(future, future + "from halfmoon_web.game_page import release\n", 1)
    app.write_text(text.replace(built, built + "        release.mark(dom)\n", 1), "utf-8")
    info_bar = (
        site / "halfmoon_web" / "game_page" / "parts" / "info_bar.py"
    )  # the module that writes #moves
    text = info_bar.read_text(encoding="utf-8")
    assert '("moves", ' in text
    info_bar.write_text(text.replace('("moves", ', '("move-count", '), "utf-8")
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    assert html.count('id="moves"') == 1
    page.write_text(html.replace('id="moves"', 'id="move-count"'), encoding="utf-8")
    return site, core


class Host:
    """A folder served like Netlify, whose whole content a deployment replaces at once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.live = root / "live"
        self.builds: dict[str, Path] = {}

    def add_build(self, name: str, **sources: Path) -> str:
        """Build a release into its own folder; return its build id."""
        self.builds[name] = self.root / f"build-{name}"
        return build.build(self.builds[name], **sources)

    def publish(self, name: str) -> None:
        """Make release ``name`` the live site, atomically; the previous one is gone."""
        staged = self.root / "staged"
        shutil.copytree(self.builds[name], staged)
        if self.live.exists():
            gone = self.root / "gone"
            os.replace(self.live, gone)
            os.replace(staged, self.live)
            shutil.rmtree(gone)
        else:
            os.replace(staged, self.live)


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Host, str, dict[str, str]]]:
    """Builds A and B, with A published, served from one URL for the whole module."""
    root = tmp_path_factory.mktemp("deploys")
    hosting = Host(root)
    ids = {"A": hosting.add_build("A")}
    site, core = make_release_b(root / "sources-b")
    ids["B"] = hosting.add_build("B", site=site, core=core)
    assert ids["A"] != ids["B"]
    hosting.publish("A")
    with serve.serve_in_thread(hosting.live) as url:
        yield hosting, url, ids


def running_build(page: Page) -> str:
    """The build id of the page on screen."""
    return page.locator('meta[name="halfmoon-build"]').get_attribute("content") or ""


def counters(page: Page, release: str) -> tuple[str, str]:
    """Score and moves as the page shows them (B calls the moves element #move-count)."""
    moves = "#move-count" if release == "B" else "#moves"
    return page.locator("#score").inner_text(), page.locator(moves).inner_text()


def card_names(page: Page) -> list[str]:
    """The accessible names of the board's cards, in page order (not those of the cards still
    leaving the board, whose animation may or may not be over)."""
    return page.locator("#board [aria-label]").evaluate_all(
        "(els) => els.filter((el) => !el.closest('.hm-leaving'))"
        ".map((el) => el.getAttribute('aria-label'))"
    )


def reload_until(page: Page, release: str, ids: dict[str, str]) -> list[str]:
    """Reload :data:`RELOADS` times; every load must start. Returns the build of each load.
    After the first load, the test waits until the page offers the new version."""
    seen = []
    for attempt in range(RELOADS):
        # A page not started when a new worker takes over reloads itself (boot.js).
        page.reload(wait_until="commit")
        wait_for_app(page)
        seen.append(running_build(page))
        if attempt == 0 and seen[0] != ids[release]:
            offer = page.locator("#update-offer")
            expect(offer).to_be_visible(timeout=60_000)
            expect(offer.get_by_role("button", name="Reload", exact=True)).to_be_visible()
    return seen


def test_deploy_then_rollback_never_mixes_builds(
    page: Page, guard: PageGuard, host: tuple[Host, str, dict[str, str]]
) -> None:
    """Play on A; publish B; three reloads: all start, the last runs B, the game is kept and
    the player was offered the new version. Then roll back to A: the same, back to A."""
    hosting, url, ids = host
    guard.allow_origin(url)
    page.goto(url + f"index.html?deal={DEAL}&lang=en")
    wait_for_app(page)
    assert running_build(page) == ids["A"]
    game = Game.from_code(DEAL)
    play(page, game, "4-7")
    assert page.evaluate(CONTROLLED)
    before = (counters(page, "A"), card_names(page))
    assert before[0] == ("10", "1")

    hosting.publish("B")
    seen = reload_until(page, "B", ids)
    assert seen[-1] == ids["B"], seen
    assert set(seen) <= {ids["A"], ids["B"]}
    expect(page.locator("html")).to_have_attribute("data-release", "B")
    assert (counters(page, "B"), card_names(page)) == before
    expect(page.locator("#update-offer")).to_be_hidden()

    hosting.publish("A")
    seen = reload_until(page, "A", ids)
    assert seen[-1] == ids["A"], seen
    expect(page.locator("html")).not_to_have_attribute("data-release", "B")
    assert (counters(page, "A"), card_names(page)) == before


def test_offer_reloads_into_the_new_build_while_playing(
    page: Page, guard: PageGuard, host: tuple[Host, str, dict[str, str]]
) -> None:
    """With the game open when a deployment lands, the page keeps running its own build and
    offers the new one; choosing "Reload" starts the new build with the game kept."""
    hosting, url, ids = host
    hosting.publish("A")
    guard.allow_origin(url)
    page.goto(url + f"index.html?deal={DEAL}&lang=en")
    wait_for_app(page)
    assert page.evaluate(CONTROLLED)
    play(page, Game.from_code(DEAL), "4-7")
    hosting.publish("B")
    # The page looks for a new build when it starts; a later visit would too.
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    offer = page.locator("#update-offer")
    expect(offer).to_be_visible(timeout=60_000)
    assert running_build(page) == ids["A"]
    offer.get_by_role("button", name="Reload", exact=True).click()
    new_build = f'meta[name="halfmoon-build"][content="{ids["B"]}"]'
    page.wait_for_selector(new_build, state="attached")
    wait_for_app(page)
    assert counters(page, "B") == ("10", "1")
    page.context.close()  # before A is back, for the module's next test
    hosting.publish("A")


def lose_files_of(page: Page, build_id: str, times: int) -> list[str]:
    """Answer the first ``times`` requests for the game page's Python (its app archive, which
    a page fetches on either thread: docs/worker.md) of build ``build_id`` with HTTP 404, as
    if a deployment had removed that build after the page was fetched (Python files are
    fetched seconds after the page); return the status given to each request."""
    answers: list[str] = []

    def handle(route: Route) -> None:
        if len(answers) < times:
            answers.append("gone")
            route.fulfill(status=404, body="gone")
        else:
            answers.append("live")
            route.fallback()

    page.route(f"**/app/{build_id}/python-game.zip", handle)
    return answers


@pytest.mark.allow_page_errors
def test_a_deployment_during_a_first_start_loads_the_page_again_once(
    page: Page, guard: PageGuard, host: tuple[Host, str, dict[str, str]]
) -> None:
    """On a first visit (no service worker yet) a page whose build is replaced while it starts
    finds its files gone (HTTP 404): it loads itself again, once, and starts whole."""
    hosting, url, ids = host
    hosting.publish("A")
    guard.allow_origin(url)
    answers = lose_files_of(page, ids["A"], times=1)
    page.goto(url + "index.html?lang=en")
    wait_for_app(page)
    assert answers == ["gone", "live"]
    assert page.evaluate("sessionStorage.length") == 0


@pytest.mark.allow_page_errors
def test_a_build_still_missing_after_one_reload_is_reported(
    page: Page, guard: PageGuard, host: tuple[Host, str, dict[str, str]]
) -> None:
    """No reload loop: when the files are still missing after one more load, the player sees
    which file could not be loaded."""
    hosting, url, ids = host
    hosting.publish("A")
    guard.allow_origin(url)
    answers = lose_files_of(page, ids["A"], times=10)
    page.goto(url + "index.html?lang=en")
    message = wait_for_app(page, expect_error=True)
    assert answers == ["gone", "gone"]
    assert message is not None and f"app/{ids['A']}/python-game.zip" in message and "404" in message
    expect(page.locator("#boot-error")).to_be_visible()
