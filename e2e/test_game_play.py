"""Playing on the game page: every branch of the tap machine (docs/rules.md), messages, placement
assist, undo, restart, opening deals, new game, keyboard.

These tests share one page (Pyodide starts once); each begins by opening deal HM1-N-AAAAAAB
through the Open deal dialog with the settings back at their defaults, and fails if the page
logged an error, broke the CSP or asked another origin for anything.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from game_support import (
    DEAL,
    STALEMATE_AFTER_ONE,
    button,
    card,
    open_deal,
    play,
    set_setting,
    spoken,
    status,
)
from playwright.sync_api import Page, expect

from halfmoon_core import Game

SETTINGS = ("Move errors", "Placement assist", "Diagram labels")


@pytest.fixture
def page(game_page: Page) -> Iterator[Page]:
    """The module's page, reset: no dialog, default settings, deal HM1-N-AAAAAAB at its start.
    The test fails if the page reported a problem meanwhile."""
    page = game_page
    while page.get_by_role("dialog").count():
        page.keyboard.press("Escape")
    for label in SETTINGS:
        set_setting(page, label, False)
    button(page, "Close").click()
    open_deal(page, DEAL)
    expect(page.locator("#deal-code")).to_have_text(DEAL)
    expect(page.locator("#moves")).to_have_text("0")
    yield page
    assert page.guard.problems() == []  # type: ignore[attr-defined]


@pytest.fixture
def game() -> Game:
    """The same deal, computed by the engine in the test process."""
    return Game.from_code(DEAL)


def pressed(page: Page, game: Game, place: str) -> None:
    expect(card(page, game, place)).to_have_attribute("aria-pressed", "true")


def unpressed(page: Page, game: Game, place: str) -> None:
    expect(card(page, game, place)).to_have_attribute("aria-pressed", "false")


# -- the interface contract (docs/interface.md) -----------------------------------------
TOOLBAR = ("New game", "Undo", "Redo", "Restart deal", "Open deal", "Daily deal", "Settings")
TOOLBAR += ("Rules", "Statistics")


def test_contract_names_resolve_to_one_element_each(page: Page) -> None:
    """As a test written from the spec alone would look them up: names not exact, so that
    a second control whose name contains one of them would break it."""
    for name in TOOLBAR:
        expect(page.get_by_role("button", name=name)).to_have_count(1)
    expect(page.get_by_role("status")).to_have_count(1)
    expect(page.locator("#time")).to_have_text("0:00")
    expect(page.locator("#score")).to_have_text("0")
    expect(page.locator("#moves")).to_have_text("0")
    assert page.locator("#deal-code").text_content() == DEAL
    button(page, "Settings").click()
    for name in SETTINGS:
        expect(page.get_by_role("checkbox", name=name)).to_have_count(1)
    expect(page.get_by_role("combobox", name="Language")).to_have_value("en")
    button(page, "Open deal").click()
    for name in ("Open deal", "Cancel"):  # the toolbar is out of reach behind the dialog
        expect(page.get_by_role("dialog").get_by_role("button", name=name)).to_have_count(1)
        expect(page.get_by_role("button", name=name)).to_have_count(1)
    page.keyboard.press("Escape")


# -- the tap machine -------------------------------------------------------------------
def test_tap_selects_and_second_tap_deselects(page: Page, game: Game) -> None:
    card(page, game, "4").click()
    pressed(page, game, "4")
    card(page, game, "4").click()
    unpressed(page, game, "4")


def test_pair_summing_to_11_is_removed(page: Page, game: Game) -> None:
    card(page, game, "4").click()  # 9♥
    card(page, game, "7").click()  # 2♦
    game.push("4-7")
    expect(page.locator("#score")).to_have_text("10")
    expect(page.locator("#moves")).to_have_text("1")
    expect(status(page)).to_have_text("Removed 9 of hearts and 2 of diamonds")
    expect(card(page, game, "4")).to_be_visible()  # the next card of pile 4, 7 cards
    expect(card(page, game, "7")).to_have_attribute("aria-pressed", "false")


def test_wrong_sum_cancels_with_e1(page: Page, game: Game) -> None:
    set_setting(page, "Move errors", True)
    card(page, game, "4").click()  # 9♥
    card(page, game, "5").click()  # 6♥: 15
    expect(status(page)).to_have_text("The sum must be 11")
    unpressed(page, game, "4")
    unpressed(page, game, "5")
    expect(page.locator("#moves")).to_have_text("0")


def test_number_then_court_cancels_with_e1(page: Page, game: Game) -> None:
    set_setting(page, "Move errors", True)
    card(page, game, "4").click()  # 9♥
    card(page, game, "2").click()  # Q♣
    expect(status(page)).to_have_text("The sum must be 11")
    unpressed(page, game, "4")
    unpressed(page, game, "2")


def test_court_then_number_cancels_with_e2(page: Page, game: Game) -> None:
    set_setting(page, "Move errors", True)
    card(page, game, "2").click()  # Q♣
    card(page, game, "4").click()  # 9♥
    expect(status(page)).to_have_text("You need a J, a Q and a K")
    unpressed(page, game, "2")
    unpressed(page, game, "4")


def test_same_rank_court_takes_the_place_of_the_first(page: Page, game: Game) -> None:
    set_setting(page, "Move errors", True)
    card(page, game, "R3").click()  # J♥
    card(page, game, "2").click()  # Q♣
    card(page, game, "9").click()  # Q♦ replaces Q♣
    expect(status(page)).to_have_text("You need a J, a Q and a K")
    pressed(page, game, "R3")
    pressed(page, game, "9")
    unpressed(page, game, "2")


def test_triple_is_removed_on_the_third_tap(page: Page, game: Game) -> None:
    card(page, game, "R3").click()  # J♥
    card(page, game, "2").click()  # Q♣
    pressed(page, game, "R3")
    pressed(page, game, "2")
    expect(page.locator("#moves")).to_have_text("0")
    card(page, game, "3").click()  # K♠
    game.push("2-3-R3")
    expect(page.locator("#score")).to_have_text("15")
    expect(status(page)).to_have_text("Removed jack of hearts, queen of clubs and king of spades")
    expect(page.get_by_role("button", name=re.compile(r"reserve R3$"))).to_have_count(0)


def test_no_error_message_when_move_errors_is_off(page: Page, game: Game) -> None:
    card(page, game, "4").click()
    card(page, game, "5").click()
    unpressed(page, game, "4")
    card(page, game, "2").click()
    card(page, game, "4").click()
    unpressed(page, game, "2")
    expect(status(page)).to_have_text("")


# -- assist, undo, restart ---------------------------------------------------------------
def test_placement_assist_dims_what_cannot_join(page: Page, game: Game) -> None:
    set_setting(page, "Placement assist", True)
    card(page, game, "4").click()  # 9♥: only 2s may join
    for place in game.playable():
        locator = card(page, game, place)
        if place in ("4", "7"):
            expect(locator).not_to_have_class(re.compile(r"\bhm-dim\b"))
        else:
            expect(locator).to_have_class(re.compile(r"\bhm-dim\b"))
    card(page, game, "5").click()  # a dimmed card stays tappable
    for place in game.playable():
        expect(card(page, game, place)).not_to_have_class(re.compile(r"\bhm-dim\b"))


def test_placement_assist_with_court_cards(page: Page, game: Game) -> None:
    set_setting(page, "Placement assist", True)
    card(page, game, "2").click()  # Q♣: jacks and kings may join
    bright = {p for p, c in game.playable().items() if c.rank in (11, 13)} | {"2"}
    for place in game.playable():
        dim = expect(card(page, game, place))
        if place in bright:
            dim.not_to_have_class(re.compile(r"\bhm-dim\b"))
        else:
            dim.to_have_class(re.compile(r"\bhm-dim\b"))


def test_undo_puts_the_cards_back(page: Page, game: Game) -> None:
    before = game.copy()
    play(page, game, "4-7")
    play(page, game, "2-3-R3")
    expect(page.locator("#score")).to_have_text("25")
    button(page, "Undo").click()
    game.pop()
    expect(page.locator("#score")).to_have_text("10")
    expect(page.locator("#moves")).to_have_text("1")
    for place in ("2", "3", "R3"):
        expect(card(page, game, place)).to_be_visible()
    button(page, "Undo").click()
    expect(page.locator("#moves")).to_have_text("0")
    expect(card(page, before, "4")).to_be_visible()
    expect(button(page, "Undo")).to_be_disabled()


def test_restart_returns_to_the_deal(page: Page, game: Game) -> None:
    start = game.copy()
    play(page, game, "4-7")
    play(page, game, "5-6")
    button(page, "Restart deal").click()
    expect(page.locator("#moves")).to_have_text("0")
    expect(page.locator("#score")).to_have_text("0")
    expect(page.locator("#deal-code")).to_have_text(DEAL)
    for place in start.playable():
        expect(card(page, start, place)).to_be_visible()


# -- deals -------------------------------------------------------------------------------
def test_open_deal_by_code(page: Page) -> None:
    code = "HM1-N-BCDEFGH"
    other = Game.from_code(code)
    open_deal(page, " hm1-n-bcdefgh ")
    expect(page.locator("#deal-code")).to_have_text(code)
    for place in other.playable():
        expect(card(page, other, place)).to_be_visible()


def test_bad_code_changes_nothing(page: Page, game: Game) -> None:
    play(page, game, "4-7")
    open_deal(page, "HM2-N-AAAAAAB")
    expect(status(page)).to_contain_text("unknown deal format")
    expect(page.locator("#deal-code")).to_have_text(DEAL)
    expect(page.locator("#moves")).to_have_text("1")
    expect(card(page, game, "4")).to_be_visible()


def test_new_game_asks_first_when_moves_were_made(page: Page, game: Game) -> None:
    play(page, game, "4-7")
    button(page, "New game").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Start a new game?")
    button(page, "Cancel").click()
    expect(page.locator("#deal-code")).to_have_text(DEAL)
    button(page, "New game").click()
    button(page, "New game").click()  # the dialog's, the toolbar being hidden behind it
    expect(page.locator("#deal-code")).not_to_have_text(DEAL)
    expect(page.locator("#deal-code")).to_have_text(re.compile(r"^HM1-N-[A-Z]{7}$"))
    expect(page.locator("#moves")).to_have_text("0")


def test_new_game_without_moves_starts_at_once(page: Page) -> None:
    button(page, "New game").click()
    expect(page.locator("#deal-code")).not_to_have_text(DEAL)
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_stalemate_after_a_move_offers_undo(page: Page) -> None:
    game = Game.from_code(STALEMATE_AFTER_ONE)
    open_deal(page, STALEMATE_AFTER_ONE)
    expect(page.locator("#deal-code")).to_have_text(STALEMATE_AFTER_ONE)
    removed = spoken(game, ("R5", "R6"))
    play(page, game, "R5-R6")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("No more moves")
    # The last removal is said too, then the end (docs/keyboard.md).
    expect(status(page)).to_have_text(re.compile(rf"^Removed {removed}\. No more moves\. \S"))
    button(page, "Undo").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("#moves")).to_have_text("0")
    expect(status(page)).to_have_text(f"Undid {removed}")


# -- keyboard ------------------------------------------------------------------------------
def test_cards_work_from_the_keyboard(page: Page, game: Game) -> None:
    card(page, game, "4").focus()
    page.keyboard.press("Enter")
    pressed(page, game, "4")
    card(page, game, "7").focus()
    page.keyboard.press("Space")
    game.push("4-7")
    expect(page.locator("#moves")).to_have_text("1")
    expect(card(page, game, "7")).to_be_focused()  # focus stays where the card was


def test_arrows_walk_through_the_cards(page: Page, game: Game) -> None:
    card(page, game, "1").focus()
    page.keyboard.press("ArrowRight")
    expect(card(page, game, "2")).to_be_focused()
    card(page, game, "12").focus()
    page.keyboard.press("ArrowRight")
    expect(card(page, game, "R1")).to_be_focused()
    page.keyboard.press("Tab")  # the board is one tab stop: Tab leaves it
    expect(page.locator("#board :focus")).to_have_count(0)


def test_focus_lands_on_the_new_deal_after_the_end_dialog(page: Page) -> None:
    game = Game.from_code(STALEMATE_AFTER_ONE)
    open_deal(page, STALEMATE_AFTER_ONE)
    for place in ("R5", "R6"):
        card(page, game, place).focus()
        page.keyboard.press("Enter")
    expect(page.get_by_role("dialog")).to_contain_text("No more moves")
    expect(button(page, "New game")).to_be_focused()
    page.keyboard.press("Enter")  # the card that had the focus is gone with the old deal
    expect(page.get_by_role("dialog")).to_have_count(0)
    # The board keeps its place (docs/keyboard.md): R6 was emptied, the next card, R7, took the
    # turn; now the card in reserve R7 of the new deal.
    expect(page.get_by_role("button", name=re.compile(r", reserve R7$"))).to_be_focused()


def test_toolbar_works_from_the_keyboard(page: Page, game: Game) -> None:
    play(page, game, "4-7")
    play(page, game, "5-6")
    button(page, "Undo").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#moves")).to_have_text("1")
    expect(button(page, "Undo")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#moves")).to_have_text("0")
    game.pop()
    game.pop()
    # Undo is now disabled: the focus does not fall off the page, it goes to a returned card.
    expect(card(page, game, "4")).to_be_focused()


# -- deal code -----------------------------------------------------------------------------
def test_copy_code_and_share_link(page: Page) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    button(page, "Copy code").click()
    expect(status(page)).to_have_text(f"Deal code {DEAL} copied")
    assert page.evaluate("navigator.clipboard.readText()") == DEAL
    button(page, "Share link").click()
    expect(status(page)).to_have_text(f"Link to deal {DEAL} copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(page.site_url) and link.endswith(f"index.html?deal={DEAL}")  # type: ignore[attr-defined]


def test_diagram_labels_show_place_and_count(page: Page, game: Game) -> None:
    label = page.locator(".hm-label", has_text=re.compile(r"^R8\s*·?\s*1$"))
    expect(label).to_be_hidden()
    set_setting(page, "Diagram labels", True)
    expect(label).to_be_visible()
    expect(page.locator(".hm-label", has_text=re.compile(r"^4\s*·?\s*8$"))).to_be_visible()
    play(page, game, "4-7")
    expect(page.locator(".hm-label", has_text=re.compile(r"^4\s*·?\s*7$"))).to_be_visible()


def test_escape_closes_a_panel(page: Page) -> None:
    button(page, "Settings").click()
    expect(page.get_by_label("Move errors")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_label("Move errors")).to_be_hidden()
    expect(button(page, "Settings")).to_be_focused()
