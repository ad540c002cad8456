"""The rules page (docs/interface.md): the seed's example as a step viewer, the seed's tapping
examples on the seed's diagram, both languages, the live snippet, and that reading never saves
a game.

The tests share one page (Pyodide starts once); each starts from step 0 of the example in
English. Positions are computed by the engine in the test process, never read from the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from game_support import assert_arc_reads_3_7_2, button, card, card_name, status
from harness import open_app, open_site_file
from playwright.sync_api import Page, expect

from halfmoon_core import Game, parse_moves, replay
from halfmoon_web.rules_page.seed_example import MOVES, START

pytestmark = pytest.mark.browser_context_args(viewport={"width": 1280, "height": 900})
"""The module's pages are 1280×900, unless a test says otherwise (its own marker)."""
LINE = parse_moves(MOVES)


def at_step(step: int) -> Game:
    """The example's position after ``step`` moves."""
    return replay(START, LINE[:step])


@pytest.fixture(scope="module")
def shared(shared_page: Page) -> Page:
    """The module's one page (conftest's ``shared_page``), the rules page open on it."""
    open_app(shared_page, "rules.html?lang=en")
    return shared_page


@pytest.fixture
def rules_page(shared: Page) -> Iterator[Page]:
    """The shared rules page in English at step 0; the test fails on any page problem."""
    button(shared, "English").click()
    start = button(shared, "Start")
    if start.is_enabled():
        start.click()
    expect(shared.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    yield shared
    assert shared.guard.problems() == []  # type: ignore[attr-defined]


def expect_position(page: Page, game: Game) -> None:
    """Every playable card of ``game`` is a button on the step viewer, with its count."""
    for place in game.playable():
        expect(card(page, game, place)).to_be_visible()


def test_step_zero_shows_5s_on_pile_1_and_6d_on_pile_8(rules_page: Page) -> None:
    game = at_step(0)
    assert card_name(game, "1") == "5 of spades, pile 1, 8 cards"
    assert card_name(game, "8") == "6 of diamonds, pile 8, 8 cards"
    expect_position(rules_page, game)
    expect(button(rules_page, "Previous step")).to_be_disabled()
    expect(button(rules_page, "Start")).to_be_disabled()


def test_step_1_is_the_seed_diagram(rules_page: Page) -> None:
    button(rules_page, "Next step").click()
    expect(rules_page.get_by_text("Step 1 of 48", exact=True)).to_be_visible()
    expect(rules_page.get_by_text("Step 1: 5♠ (pile 1) + 6♦ (pile 8) = 11")).to_be_visible()
    seed = {
        "1": "7 of hearts, pile 1, 7 cards", "2": "ace of hearts, pile 2, 8 cards",
        "3": "king of hearts, pile 3, 8 cards", "4": "4 of clubs, pile 4, 8 cards",
        "5": "queen of hearts, pile 5, 8 cards", "6": "5 of hearts, pile 6, 8 cards",
        "7": "7 of spades, pile 7, 8 cards", "8": "jack of clubs, pile 8, 7 cards",
        "9": "10 of diamonds, pile 9, 8 cards", "10": "10 of clubs, pile 10, 8 cards",
        "11": "2 of diamonds, pile 11, 8 cards", "12": "king of hearts, pile 12, 8 cards",
        "R1": "10 of hearts, reserve R1", "R2": "6 of spades, reserve R2",
        "R3": "3 of diamonds, reserve R3", "R4": "4 of spades, reserve R4",
        "R5": "7 of diamonds, reserve R5", "R6": "5 of spades, reserve R6",
        "R7": "jack of hearts, reserve R7", "R8": "ace of clubs, reserve R8",
    }  # fmt: skip
    for name in seed.values():
        expect(rules_page.get_by_role("button", name=name, exact=True)).to_be_visible()


def test_next_previous_and_start_walk_the_line(rules_page: Page) -> None:
    button(rules_page, "Next step").click()
    button(rules_page, "Next step").click()
    expect(rules_page.get_by_text("Step 2 of 48", exact=True)).to_be_visible()
    expect(
        rules_page.get_by_text(re.compile(r"Step 2: J♣ \(pile 8\) \+ Q♥ \(pile 5\) \+ K♥"))
    ).to_be_visible()
    expect_position(rules_page, at_step(2))
    button(rules_page, "Previous step").click()
    expect(rules_page.get_by_text("Step 1 of 48", exact=True)).to_be_visible()
    expect_position(rules_page, at_step(1))
    button(rules_page, "Start").click()
    expect(rules_page.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    expect_position(rules_page, at_step(0))


def test_picking_the_last_step_shows_the_won_table(rules_page: Page) -> None:
    slider = rules_page.get_by_role("slider", name="Step")
    slider.fill("48")
    expect(rules_page.get_by_text("Step 48 of 48", exact=True)).to_be_visible()
    expect(button(rules_page, "Next step")).to_be_disabled()
    board = rules_page.locator('[data-lang-block="en"] [data-diagram="example"]')
    expect(board.locator("button[data-place]")).to_have_count(0)
    expect(status(rules_page)).to_have_text("You won!")  # the game page's words for a win
    button(rules_page, "Tiếng Việt").click()
    expect(status(rules_page)).to_have_text("Bạn đã thắng!")
    button(rules_page, "English").click()
    slider.fill("20")
    expect(rules_page.get_by_text("Step 20 of 48", exact=True)).to_be_visible()
    expect_position(rules_page, at_step(20))
    expect(rules_page.locator("#rules-status")).to_have_text("")  # by id: empty, it has no size


@pytest.mark.parametrize(
    ("first", "second"),
    [("R6", "2"), ("R6", "3")],
    ids=["5S-then-AH-sum-6", "5S-then-KH-number-and-court"],
)
def test_seed_tapping_example_cancels_with_e1(rules_page: Page, first: str, second: str) -> None:
    button(rules_page, "Next step").click()
    game = at_step(1)
    card(rules_page, game, first).click()
    expect(card(rules_page, game, first)).to_have_attribute("aria-pressed", "true")
    card(rules_page, game, second).click()
    expect(status(rules_page)).to_have_text("The sum must be 11")
    for place in (first, second):
        expect(card(rules_page, game, place)).to_have_attribute("aria-pressed", "false")
    expect(rules_page.get_by_text("Step 1 of 48", exact=True)).to_be_visible()


def test_seed_tapping_example_second_king_is_selected(rules_page: Page) -> None:
    button(rules_page, "Next step").click()
    game = at_step(1)
    card(rules_page, game, "3").click()
    card(rules_page, game, "12").click()
    expect(card(rules_page, game, "12")).to_have_attribute("aria-pressed", "true")
    expect(card(rules_page, game, "3")).to_have_attribute("aria-pressed", "false")
    expect(status(rules_page)).to_have_text("You need a J, a Q and a K")


def test_reader_may_play_on_a_step_and_next_returns_to_the_line(rules_page: Page) -> None:
    button(rules_page, "Next step").click()
    game = at_step(1)
    own = next(m for m in game.legal_moves() if m != LINE[1])
    for place in own.places:
        card(rules_page, game, place).click()
    expect(status(rules_page)).to_have_text(re.compile(r"^Removed "))
    game.push(own)
    expect_position(rules_page, game)
    button(rules_page, "Next step").click()
    expect(rules_page.get_by_text("Step 2 of 48", exact=True)).to_be_visible()
    expect_position(rules_page, at_step(2))


def test_layout_diagram_is_the_seeds_after_move_1_with_labels_and_no_buttons(
    rules_page: Page,
) -> None:
    """The layout diagram shows what the original rules draw: the example after its first
    move (piles 1 and 8 down to 7 cards), every top card named, as pictures, with labels, on
    the arc as the rules describe it."""
    diagram = rules_page.locator('[data-lang-block="en"] [data-diagram="layout"]')
    expect(diagram.locator(".hm-board.hm-labels")).to_have_count(1)
    game = at_step(1)
    for place in game.playable():
        expect(diagram.get_by_role("img", name=card_name(game, place), exact=True)).to_be_visible()
    expect(diagram.get_by_role("img", name="7 of hearts, pile 1, 7 cards")).to_be_visible()
    expect(diagram.get_by_role("img", name="jack of clubs, pile 8, 7 cards")).to_be_visible()
    expect(diagram.locator("button")).to_have_count(0)
    expect(diagram.get_by_text("R8", exact=True)).to_be_visible()
    assert_arc_reads_3_7_2(rules_page, '[data-lang-block="en"] [data-diagram="layout"]')


def test_snippet_points_at_this_site(rules_page: Page) -> None:
    snippet = rules_page.locator('[data-lang-block="en"] pre.snippet')
    expect(snippet).to_contain_text(rules_page.site_url + "embed.html?deal=HM1-N-AAAAAAB")  # type: ignore[attr-defined]
    expect(snippet).to_contain_text("<iframe")


def test_language_switch_shows_vietnamese_rules_and_names(rules_page: Page) -> None:
    button(rules_page, "Next step").click()
    button(rules_page, "Tiếng Việt").click()
    expect(rules_page.locator("html")).to_have_attribute("lang", "vi")
    expect(rules_page.get_by_role("heading", name="Half Moon — cách chơi")).to_be_visible()
    expect(rules_page.get_by_role("heading", name="Half Moon — how to play")).to_be_hidden()
    expect(rules_page.get_by_text("Bước 1 / 48", exact=True)).to_be_visible()
    game = at_step(1)
    expect(card(rules_page, game, "8", lang="vi")).to_be_visible()
    assert card_name(game, "8", lang="vi") == "Bồi chuồn, chồng 8, 7 lá"
    expect(rules_page.get_by_role("button", name="Bước tiếp")).to_be_enabled()


@pytest.mark.browser_context_args(locale="en-US")
def test_rules_page_opens_in_vietnamese_with_lang_vi(page: Page) -> None:
    open_app(page, "rules.html?lang=vi")
    expect(page.get_by_role("heading", name="Các lá bài", exact=True)).to_be_visible()
    expect(page.get_by_text("Bước 0 / 48", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="5 bích, chồng 1, 8 lá")).to_be_visible()


def test_reading_the_rules_never_changes_the_saved_game(warm_page: Page) -> None:
    open_app(warm_page, "index.html?lang=en&deal=HM1-N-AAAAAAB")
    game = Game.from_code("HM1-N-AAAAAAB")
    card(warm_page, game, "4").click()
    card(warm_page, game, "7").click()
    expect(warm_page.locator("#moves")).to_have_text("1")
    open_site_file(warm_page)  # leave the game page: it saves as it closes
    before = warm_page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    open_app(warm_page, "rules.html?lang=en")
    button(warm_page, "Next step").click()
    example = at_step(1)
    own = example.legal_moves()[0]
    for place in own.places:
        card(warm_page, example, place).click()
    expect(status(warm_page)).to_have_text(re.compile(r"^Removed "))
    after = warm_page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    assert after == before


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 740}, locale="vi-VN")
def test_rules_page_fits_a_360_px_phone(page: Page) -> None:
    open_app(page, "rules.html")
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360
    button(page, "Bước tiếp").click()
    expect(page.get_by_text("Bước 1 / 48", exact=True)).to_be_in_viewport()
    board = page.locator('[data-lang-block="vi"] [data-diagram="example"] .hm-board')
    box = board.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
