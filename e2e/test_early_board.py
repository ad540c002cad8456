"""The board before Python (docs/startup.md, "Before Python"): the first deal's board of a first
visit (adopted by Python), the snapshot board of a return visit, taps made on it before
``data-ready`` (played once, and only on the same game), hostile snapshots, the progress line
and the loading note.

Python is held back by holding the runtime's wasm (``HeldRuntime``); the pages run without a
service worker (``service_workers="block"``), whose cache the test's routes could not hold.
Screenshots go to ``e2e/artifacts/early-*.png``.
"""

from __future__ import annotations

import json
import re
from contextlib import suppress
from pathlib import Path

import pytest
from game_support import DEAL, card, card_name, play, set_setting, settle
from harness import open_app, python_on_main_thread, ready_state, wait_for_app
from playwright.sync_api import Error, Page, Route, expect

from halfmoon_core import Game, Move, save_game

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
RUNTIME_FILE = "**/pyodide.asm.wasm"
SNAPSHOT_KEY = "halfmoon.board-snapshot"
"""Where the game page keeps its board snapshot (its own detail, used to break it on purpose)."""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
pytestmark = pytest.mark.browser_context_args(service_workers="block", reduced_motion="reduce")
"""Desktop pages without a service worker, animations reduced (unless a test says otherwise)."""
VIEWPORTS = [
    pytest.param(
        size,
        id=name,
        marks=pytest.mark.browser_context_args(viewport=size, service_workers="block"),
    )
    for name, size in (("desktop", DESKTOP), ("phone", PHONE))
]
"""A desktop and a phone page without a service worker (animations not reduced)."""
DOUBLE_DEAL = "HM1-N-AAAAAAC"
"""A deal with a pile pair (1-6) whose cards underneath make a pair again: a tap sequence
played twice would remove two pairs."""

# The geometry of the board: its box and every place's, by the place's hm-at-* class.
GEOMETRY = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height];
  };
  const board = document.getElementById("board");
  const places = {};
  for (const place of board.querySelectorAll(".hm-place")) {
    places[[...place.classList].find((c) => c.startsWith("hm-at-"))] = box(place);
  }
  return { board: box(board), places };
}"""


class HeldRuntime:
    """Holds back every request for the runtime's wasm (Python cannot start) until released."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        page.route(RUNTIME_FILE, self._hold)

    def _hold(self, route: Route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        """Let the held requests (and any later one) through."""
        self.page.unroute(RUNTIME_FILE)
        for route in self.routes:
            with suppress(Error):  # a request of a document since left
                route.continue_()
        self.routes.clear()


def goto_held(page: Page, path: str) -> HeldRuntime:
    """Open ``path`` with Python held back; return once the document is parsed."""
    held = HeldRuntime(page)
    page.goto(page.site_url + path, wait_until="domcontentloaded")  # type: ignore[attr-defined]
    assert list(ready_state(page)) == [False, None], "Python started although it was held back"
    return held


def write_storage(page: Page, key: str, value: str) -> None:
    """Change stored data while no game page is open (the page saves itself when it closes)."""
    page.goto(page.site_url + "icon.svg", wait_until="commit")  # type: ignore[attr-defined]
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def read_storage(page: Page, key: str) -> str | None:
    """A stored value."""
    settle(page)  # what the page was told is written
    return page.evaluate("(k) => localStorage.getItem(k)", key)


#: Resolves with the stored snapshot once it counts `moves` moves (or the last one seen, after
#: a hundred frames): the page writes it as it saves the game, with the move.
SNAPSHOT_AFTER = """
async ([key, moves]) => {
  for (let frame = 0; frame < 100; frame += 1) {
    const text = localStorage.getItem(key);
    if (text && JSON.parse(text).moves === moves) return text;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return localStorage.getItem(key);
}
"""


def snapshot_after(page: Page, moves: int) -> dict[str, object]:
    """The stored board snapshot, once it shows the game after ``moves`` moves."""
    return json.loads(page.evaluate(SNAPSHOT_AFTER, [SNAPSHOT_KEY, moves]) or "{}")


def geometry(page: Page) -> dict[str, object]:
    """The board's box and every place's box."""
    return page.evaluate(GEOMETRY)


def assert_same_geometry(before: dict[str, object], after: dict[str, object]) -> None:
    """Nothing moved by more than half a pixel."""
    assert before["places"].keys() == after["places"].keys()  # type: ignore[union-attr]
    pairs = [("board", before["board"], after["board"])]
    pairs += [(k, v, after["places"][k]) for k, v in before["places"].items()]  # type: ignore
    for name, old, new in pairs:
        assert all(abs(a - b) <= 0.5 for a, b in zip(old, new, strict=True)), (name, old, new)


def doubled_pair(game: Game) -> Move:
    """A pile pair whose places hold a pair again once it is removed (checked by the engine)."""
    for move in game.legal_moves():
        if len(move.places) == 2 and not any(p.startswith("R") for p in move.places):
            after = game.copy()
            after.push(move)
            if after.is_legal(move):
                return move
    raise AssertionError("the deal has no pair that repeats at its places")


def bar_scale(page: Page) -> float:
    """How much of the progress line is filled (1.0 when full), once its transition is over."""
    transform = page.locator(".boot-progress-bar").evaluate(
        """async (bar) => {
          getComputedStyle(bar).transform;  // a stage just told starts its transition now
          await Promise.all(bar.getAnimations().map((a) => a.finished.catch(() => null)));
          return getComputedStyle(bar).transform;
        }"""
    )
    if transform == "none":
        return 1.0
    match = re.fullmatch(r"matrix\(([-\d.e]+), .*\)", transform)
    assert match, transform
    return float(match.group(1))


# -- (a) a first visit -------------------------------------------------------------------------
FIRST_DEAL = "HM1-N-WELCOME"
"""The deal the game page is built with (web/prerender.py): what a first visit is dealt."""
#: Marks every card of the board, so that a test can tell the same elements from new ones.
MARK_CARDS = (
    "() => { for (const el of document.querySelectorAll('#board .hm-card')) el.__early = 1; }"
)
#: The places of the marked cards still in the board.
MARKED = """() => [...document.querySelectorAll('#board .hm-card[data-place]')]
  .filter((el) => el.__early === 1).map((el) => el.getAttribute('data-place'))"""


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_first_visit_shows_the_first_deal_at_once(
    page: Page, site_url: str, viewport: dict[str, int]
) -> None:
    """The served page holds the first deal's cards, as Python draws them: on screen and
    playable before Python (three court cards tapped then are removed once it is up), and
    Python adopts that very board: the same elements, in exactly their place."""
    html = page.request.get(site_url + "index.html").text()
    assert 'class="hm-board hm-early"' in html  # in the HTML itself: there at first paint
    held = goto_held(page, "index.html?lang=en")
    board = page.locator("#board > .hm-board.hm-early")
    expect(board).to_be_visible()
    expect(board).not_to_have_attribute("aria-hidden", "true")
    expect(page.locator("#board button:visible")).to_have_count(20)
    game = Game.from_code(FIRST_DEAL)
    triple = Move.of("1", "6", "12")
    assert game.is_legal(triple) and len({game.card_at(p).rank for p in triple.places}) == 3
    tag = "desktop" if viewport == DESKTOP else "phone"
    page.screenshot(path=str(ARTIFACTS / f"early-first-{tag}.png"))
    before = geometry(page)
    page.evaluate(MARK_CARDS)
    for place in triple.places:
        card(page, game, place).click()
    expect(page.locator("#board .hm-tapped")).to_have_count(3)
    held.release()
    wait_for_app(page)
    expect(page.locator("#board > .hm-board:not(.hm-early)")).to_be_visible()
    expect(page.locator("#board")).not_to_have_attribute("aria-busy", "true")
    expect(page.locator("#deal-code")).to_have_text(FIRST_DEAL)
    expect(page.locator("#moves")).to_have_text("1")
    after = game.copy()
    after.push(triple)
    expect(card(page, after, "1")).to_be_visible()  # the card that was under it
    kept = page.evaluate(MARKED)
    assert sorted(kept) == sorted(p for p in game.playable() if p not in triple.places)
    assert_same_geometry(before, geometry(page))


# -- (b) a return visit ------------------------------------------------------------------------
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_taps_before_ready_on_the_snapshot_board_are_played_once(
    page: Page, site_url: str, viewport: dict[str, int]
) -> None:
    """After a move and a reload, the board the player left is painted before Python, with the
    same cards and info bar; a pair tapped on it then (one card by a tap, one by the keyboard)
    is removed exactly once after data-ready, and the keyboard focus stays at its place."""
    tag = "desktop" if viewport == DESKTOP else "phone"
    open_app(page, f"index.html?deal={DOUBLE_DEAL}&lang=en")
    game = Game.from_code(DOUBLE_DEAL)
    pair = doubled_pair(game)
    first = next(m for m in game.legal_moves() if not set(m.places) & set(pair.places))
    play(page, game, first)
    after = game.copy()
    after.push(pair)
    assert after.is_legal(pair), "the pair still repeats after the first move"

    held = goto_held(page, "index.html")
    board = page.locator("#board > .hm-board.hm-early")
    expect(board).to_be_visible()
    assert not ready_state(page)[0]
    for place in game.playable():  # the same cards, by their accessible names
        expect(card(page, game, place)).to_be_visible()
    expect(board.locator("button[data-place]")).to_have_count(len(game.playable()))
    expect(page.locator("#moves")).to_have_text("1")
    expect(page.locator("#score")).to_have_text(str(game.score))
    expect(page.locator("#deal-code")).to_have_text(DOUBLE_DEAL)
    before = geometry(page)

    one, two = pair.places
    card(page, game, one).click()  # a tap, and the keyboard for the other card
    card(page, game, two).focus()
    page.keyboard.press("Enter")
    for place in pair.places:
        expect(card(page, game, place)).to_have_class(re.compile(r"\bhm-tapped\b"))
    page.mouse.move(0, 0)
    # The look of a selection is a transition (board.css): let it end before the picture.
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
    page.screenshot(path=str(ARTIFACTS / f"early-snapshot-{tag}.png"))
    assert not ready_state(page)[0], "the taps must have been made before data-ready"

    held.release()
    wait_for_app(page)
    removed = [card_name(game, place) for place in pair.places]
    game.push(pair)
    expect(page.locator("#moves")).to_have_text("2")  # once: twice would make 3
    expect(page.locator("#score")).to_have_text(str(game.score))
    for name in removed:
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(0)
    for place in pair.places:  # the cards underneath, not taken
        expect(card(page, game, place)).to_be_visible()
    expect(card(page, game, two)).to_be_focused()  # the focus stays where it was
    expect(page.locator('#board [aria-pressed="true"]')).to_have_count(0)
    expect(page.get_by_role("status")).to_contain_text("Removed")
    assert_same_geometry(before, geometry(page))

    # The snapshot follows the game: the next reload paints the board after the pair.
    stored = snapshot_after(page, 2)
    assert stored.get("moves") == 2 and stored.get("score") == game.score


# -- (c) another game --------------------------------------------------------------------------
def test_a_deal_link_of_the_stored_game_paints_its_snapshot(page: Page) -> None:
    """A ?deal= link of the deal in progress resumes it (docs/formats.md): the board it left
    is painted before Python, taps on it are played, and Python adopts it."""
    open_app(page, f"index.html?deal={DEAL}&lang=en")
    game = Game.from_code(DEAL)
    play(page, game, "5-6")
    assert snapshot_after(page, 1)["moves"] == 1
    held = goto_held(page, f"index.html?deal={DEAL.lower()}&lang=en")
    expect(page.locator("#board > .hm-board.hm-early")).to_be_visible()
    expect(page.locator("#moves")).to_have_text("1")
    page.evaluate(MARK_CARDS)
    pair = Move.of("R7", "R8")
    assert game.is_legal(pair)
    for place in pair.places:
        card(page, game, place).click()
    held.release()
    wait_for_app(page)
    expect(page.locator("#moves")).to_have_text("2")
    expect(page.locator("#board .hm-early")).to_have_count(0)
    game.push(pair)
    assert sorted(page.evaluate(MARKED)) == sorted(game.playable())  # the same elements


def test_a_deal_link_shows_no_snapshot(page: Page) -> None:
    """A ?deal= link asks for another game: the static board shows, its taps do nothing; it
    takes the room of the player's labels (so the real board still takes its exact place)."""
    open_app(page, f"index.html?deal={DEAL}&lang=en")
    set_setting(page, "Diagram labels", True)
    game = Game.from_code(DEAL)
    play(page, game, "5-6")
    other = "HM1-N-BCDEFGH"
    held = goto_held(page, f"index.html?deal={other}&lang=en")
    expect(page.locator("#board > .hm-board.hm-static.hm-labels")).to_be_visible()
    expect(page.locator("#board .hm-early")).to_have_count(0)
    expect(page.locator("#board button:visible")).to_have_count(0)
    before = geometry(page)
    page.locator("#board .hm-at-5").click()
    held.release()
    wait_for_app(page)
    expect(page.locator("#deal-code")).to_have_text(other)
    expect(page.locator("#moves")).to_have_text("0")
    expect(page.locator('#board [aria-pressed="true"]')).to_have_count(0)
    expect(page.locator("#board > .hm-board.hm-labels")).to_be_visible()
    assert_same_geometry(before, geometry(page))


def test_taps_on_a_snapshot_of_another_game_are_not_played(page: Page) -> None:
    """A snapshot that is not of the saved game (here: one move behind it) may be painted, but
    Python drops the taps made on it, even a pair it could play: the game it loads is not the
    one they were made on."""
    open_app(page, f"index.html?deal={DEAL}&lang=en")
    game = Game.from_code(DEAL)
    play(page, game, "5-6")
    assert snapshot_after(page, 1)["moves"] == 1
    behind = read_storage(page, SNAPSHOT_KEY)
    assert behind and json.loads(behind)["moves"] == 1
    stale = game.copy()
    play(page, game, "R7-R8")
    write_storage(page, SNAPSHOT_KEY, behind)  # the saved game has 2 moves, the snapshot 1

    held = goto_held(page, "index.html")
    expect(page.locator("#board > .hm-board.hm-early")).to_be_visible()
    expect(page.locator("#moves")).to_have_text("1")
    tapped = Move.of("4", "7")
    assert stale.is_legal(tapped) and game.is_legal(tapped)  # a pair in both games
    for place in tapped.places:
        card(page, stale, place).click()
    held.release()
    wait_for_app(page)
    expect(page.locator("#moves")).to_have_text("2")  # 3 had the taps been played
    expect(page.locator("#score")).to_have_text("20")
    for place in tapped.places:
        expect(card(page, game, place)).to_be_visible()
    expect(page.locator('#board [aria-pressed="true"]')).to_have_count(0)
    expect(page.get_by_role("status")).to_have_text("")


# -- (d) hostile snapshots ---------------------------------------------------------------------
def test_a_hostile_snapshot_is_neither_painted_nor_run(page: Page) -> None:
    """Whatever is stored under the snapshot's key (huge, HTML with handlers or scripts,
    garbage, another version), nothing of it runs or loads, the static board shows, and the
    page starts normally; a genuine snapshot, for contrast, is painted."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_app(page, f"index.html?deal={DEAL}&lang=en")
    play(page, Game.from_code(DEAL), "5-6")
    genuine = snapshot_after(page, 1)
    assert genuine.get("v") == 1 and "hm-board" in genuine["html"]

    def variant(**changes: object) -> str:
        return json.dumps({**genuine, **changes})

    first_card = re.compile(r"<button ")
    hostile = {
        "huge": "x" * 1_000_000,
        "huge board": variant(html=genuine["html"] * 8),  # over 64 KiB
        "img onerror": variant(html='<img src="x-early-pwned.png" onerror="document.title=1">'),
        "script": variant(html="<script>document.title = 'pwned'</script>"),
        "handler on a card": variant(
            html=first_card.sub('<button onclick="document.title=1" ', genuine["html"], 1)
        ),
        "style on a card": variant(
            html=first_card.sub('<button style="color:red" ', genuine["html"], 1)
        ),
        "link in a card": variant(
            html=genuine["html"].replace(
                "</button>", '<a href="x-early-pwned.png">x</a></button>', 1
            )
        ),
        "board then an image": variant(html=genuine["html"] + '<img src="x-early-pwned.png">'),
        "deep": variant(html='<div class="hm-board">' + "<div>" * 2000),
        "garbage": "{{{ not json",
        "not an object": "[1, 2, 3]",
        "another version": variant(v=2),
        "bad language": variant(lang="<b>fr</b>"),
        "bad moves": variant(moves="1; drop"),
    }
    assert len(hostile["huge board"]) > 65536
    held = None
    for name, value in hostile.items():
        write_storage(page, SNAPSHOT_KEY, value)
        if held is not None:
            held.release()  # the held requests of the document just left
        held = goto_held(page, "index.html")
        # early.js has run once it has announced its loading note (a moment after parsing).
        expect(page.locator("#message .boot-note:not([aria-hidden])")).to_have_count(1)
        assert page.locator("#board > .hm-board.hm-static").count() == 1, name
        assert page.locator("#board .hm-early, img, #board a, #board script").count() == 0, name
        assert page.title() != "pwned" and page.title() != "1", name
        expect(page.locator("#moves")).to_have_text("0")
    assert not [url for url in requests if "x-early-pwned" in url]

    write_storage(page, SNAPSHOT_KEY, json.dumps(genuine))
    held.release()
    held = goto_held(page, "index.html")
    expect(page.locator("#board > .hm-board.hm-early")).to_be_visible()
    write_storage(page, SNAPSHOT_KEY, hostile["img onerror"])
    held.release()
    held = goto_held(page, "index.html")
    held.release()
    wait_for_app(page)  # the page starts normally, with the saved game
    expect(page.locator("#moves")).to_have_text("1")
    assert page.title() not in {"pwned", "1"}


# -- (e) the loading state ---------------------------------------------------------------------
# Records, from before any page script, every stage the page shows and every message of the
# game page's status line, and the progress line at the moment data-ready is set.
WATCH_LOADING = """
(() => {
  window.__hmStages = [];
  window.__hmMessages = [];
  new MutationObserver(() => {
    const root = document.documentElement;
    const stage = root.getAttribute("data-boot-stage");
    if (stage && window.__hmStages.at(-1) !== stage) window.__hmStages.push(stage);
    if (root.hasAttribute("data-ready") && !("__hmBarAtReady" in window)) {
      const bar = document.querySelector(".boot-progress-bar");
      window.__hmBarAtReady = bar ? getComputedStyle(bar).transform : null;
    }
  }).observe(document, {
    attributes: true,
    attributeFilter: ["data-boot-stage", "data-ready"],
    subtree: true,
  });
  document.addEventListener("readystatechange", () => {  // parsed, before the page's scripts
    if (document.readyState !== "interactive") return;
    const status = document.getElementById("message");
    if (!status) return;
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.addedNodes.length) window.__hmMessages.push(status.textContent);
      }
    }).observe(status, { childList: true, characterData: true, subtree: true });
  });
})();
"""


def test_the_progress_line_advances_and_ends_at_ready(page: Page) -> None:
    """The line moves on with each stage (never back), is full at data-ready, then goes; the
    loading note is the status line's one message before Python, whatever the stages."""
    page.context.add_init_script(WATCH_LOADING)
    held = goto_held(page, "index.html?lang=en")
    expect(page.locator(".boot-progress")).to_be_visible()
    # "page", or "runtime" if the runtime's loader already said it began (it is not held).
    expect(page.locator("html")).to_have_attribute("data-boot-stage", re.compile("page|runtime"))
    scales = [bar_scale(page)]
    # The stages the runtime's loader tells (docs/startup.md), here told by the test.
    for stage in ("runtime", "python", "runtime"):
        page.evaluate(
            "(name) => document.dispatchEvent(new CustomEvent('halfmoon:stage', {detail: name}))",
            stage,
        )
        scales.append(bar_scale(page))
    assert 0 < scales[0] <= scales[1] < scales[2] == scales[3] < 1, scales  # never back
    expect(page.get_by_role("status")).to_have_text("Loading the game…")
    held.release()
    wait_for_app(page)
    assert page.evaluate("window.__hmBarAtReady") == "none"  # full, at data-ready
    expect(page.locator(".boot-progress")).to_have_css("opacity", "0")
    stages = page.evaluate("window.__hmStages")
    # In order, never back; "page" only if early.js ran before the runtime's loader began.
    assert stages in (["page", "runtime", "python", "app"], ["runtime", "python", "app"]), stages
    # One message before Python (the note, in the page's language); Python then clears it.
    assert page.evaluate("window.__hmMessages") == ["Loading the game…"]
    expect(page.locator(".boot-note")).to_have_count(0)
    expect(page.get_by_role("status")).to_have_text("")


def test_the_progress_line_ends_at_ready_without_stage_events(page: Page, site_dir: Path) -> None:
    """With no stage event at all (the runtime's and main.py's are held back by the test), the
    line still ends full at data-ready (the runtime's loader also marks <html> itself; so does
    the applier of a page whose Python runs in a worker, at every stage: docs/worker.md)."""
    page.context.add_init_script(WATCH_LOADING)
    page.add_init_script(
        "document.addEventListener('halfmoon:stage', (e) => e.stopImmediatePropagation(), true)"
    )
    open_app(page, "index.html?lang=en")
    stages = page.evaluate("window.__hmStages")
    marked = [["page", "runtime", "python"], ["runtime", "python"]]
    if not python_on_main_thread(site_dir):
        marked = [[*kept, "app"] for kept in marked]
    assert stages in marked, stages
    assert page.evaluate("window.__hmBarAtReady") == "none"


@pytest.mark.parametrize(
    ("path", "note"),
    [("rules.html?lang=en", "Loading the diagrams…"), ("embed.html?deal=HM1-N-AAAAAAB", None)],
)
def test_rules_and_embed_show_their_boards_before_python(
    page: Page, path: str, note: str | None
) -> None:
    """The rules page shows its diagrams with their cards, the embed a face-down board (no
    blank), and the loading note."""
    held = goto_held(page, path)
    name = path.split(".")[0]
    if name == "rules":
        expect(page.locator(".hm-board:not(.hm-static) .hm-card:visible")).to_have_count(40)
    else:
        expect(page.locator(".hm-board.hm-static:visible").first).to_be_visible()
    # early.js has announced its loading note (a moment after the document is parsed).
    expect(page.locator(".boot-note:not([aria-hidden])")).to_have_count(1)
    if note:
        expect(page.get_by_role("status")).to_have_text(note)
        expect(page.locator('[data-lang-block="en"] h1')).to_be_visible()  # ?lang=en at once
    else:  # no language asked for: both
        expect(page.get_by_role("status")).to_have_text("Đang tải… Loading…")
    shot = ARTIFACTS / f"early-{name}-desktop.png"
    if name == "rules":  # the layout diagram and the step viewer
        diagrams = page.locator(".diagram:visible")
        expect(diagrams).to_have_count(2)
        diagrams.first.screenshot(path=str(shot))
        diagrams.last.screenshot(path=str(ARTIFACTS / "early-rules-stepper-desktop.png"))
    else:
        page.screenshot(path=str(shot))
    held.release()
    wait_for_app(page)
    expect(page.locator(".hm-board.hm-static")).to_have_count(0)


@pytest.mark.parametrize("minutes", [99_999, 100_000, 143_999])
def test_a_clock_of_any_length_python_writes_is_painted_before_python(
    page: Page, minutes: int
) -> None:
    """A game's clock counts up to 100 days (144000:00): however many digits of minutes the
    stored board's clock has, early.js paints it before Python (docs/startup.md)."""
    game = Game.from_code(DEAL)
    game.push(Move.of("5", "6"))
    saved = {**save_game(game, minutes * 60_000), "counted": False}
    open_app(page, "index.html?lang=en")
    write_storage(page, "halfmoon.game", json.dumps(saved))
    open_app(page, "index.html?lang=en")  # the saved game, its clock waiting for a tap
    shown = f"{minutes}:00"
    expect(page.locator("#time")).to_have_text(shown)
    page.goto(page.site_url + "icon.svg", wait_until="commit")  # type: ignore[attr-defined]
    stored = read_storage(page, SNAPSHOT_KEY)  # written as the page left
    assert stored is not None and json.loads(stored)["time"] == shown
    held = goto_held(page, "index.html?lang=en")
    expect(page.locator("#board > .hm-board.hm-early")).to_be_visible()
    expect(page.locator("#time")).to_have_text(shown)
    held.release()
    wait_for_app(page)
    expect(page.locator("#time")).to_have_text(shown)


# -- the language, before Python -------------------------------------------------------------
@pytest.mark.browser_context_args(service_workers="block", reduced_motion="reduce", locale="en-US")
@pytest.mark.parametrize(
    ("path", "saved", "lang"),
    [
        ("index.html?lang=vi", None, "vi"),
        ("index.html?lang=en", "vi", "en"),
        ("index.html", "vi", "vi"),
        ("index.html", None, "en"),
        ("rules.html?lang=vi", None, "vi"),
        ("rules.html", "vi", "vi"),
    ],
    ids=["game-asked-vi", "game-asked-en", "game-saved-vi", "game-browser-en", "rules-asked-vi",
         "rules-saved-vi"],
)  # fmt: skip
def test_before_python_a_page_speaks_the_language_python_chooses(
    page: Page, path: str, saved: str | None, lang: str
) -> None:
    """docs/i18n.md, "The page's language": ``?lang=``, else the saved setting, else the
    browser's (English here), chosen before Python by the start guard with the languages the
    build wrote: the game page's first deal in that language, the rules page's text and its
    pressed button, the loading note; Python then keeps that language."""
    from halfmoon_web.shared import i18n
    from halfmoon_web.storage.storage import SETTINGS_KEY

    if saved:
        write_storage(page, SETTINGS_KEY, json.dumps({"lang": saved}))
    held = goto_held(page, path)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    other = next(code for code in i18n.LANGS if code != lang)
    if path.startswith("index"):
        pile = page.locator('#board > .hm-board.hm-early [data-place="1"]')
        place = re.escape(i18n.place_name("1", lang))
        expect(pile).to_have_attribute("aria-label", re.compile(rf", {place}, "))
    else:
        expect(page.locator(f'[data-lang-block="{lang}"] h1')).to_be_visible()
        expect(page.locator(f'[data-lang-block="{other}"] h1')).to_be_hidden()
        expect(page.locator(f'[data-set-lang="{lang}"]')).to_have_attribute("aria-pressed", "true")
    note = page.locator(".boot-note:not([aria-hidden])")
    expect(note.locator(f"[lang='{lang}']")).to_have_count(1)
    expect(note.locator(f"[lang='{other}']")).to_have_count(0)
    held.release()
    wait_for_app(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
