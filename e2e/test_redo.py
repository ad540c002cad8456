"""Redo (docs/rules.md, "Undo and redo"; docs/keyboard.md): the undone moves replay in order
until a new move is made; the redo line is saved with the game.

These tests share one page; each begins by opening deal HM1-N-AAAAAAB through the Open deal
dialog.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from game_support import DEAL, button, open_settings, play, settle, spoken, status
from harness import open_app, wait_for_app
from playwright.sync_api import BrowserContext, Page, expect

from halfmoon_core import Game

FIRST_MOVES = ("4-7", "5-6", "2-3-R3", "5-11")


def board(page: Page) -> tuple[str, str, tuple[str, ...]]:
    """What the player sees of the game: score, moves and every card's name in board order."""
    names = page.locator("#board button[data-place]").evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label') || card.textContent)"
    )
    return page.locator("#score").inner_text(), page.locator("#moves").inner_text(), tuple(names)


def played(page: Page) -> Game:
    """Play FIRST_MOVES on the page; the engine's twin game."""
    game = Game.from_code(DEAL)
    for move in FIRST_MOVES:
        play(page, game, move)
    return game


def test_redo_is_off_until_a_move_is_undone(deal_page: Page) -> None:
    expect(button(deal_page, "Redo")).to_be_disabled()
    played(deal_page)
    expect(button(deal_page, "Redo")).to_be_disabled()


def test_undo_3_then_redo_3_returns_to_the_same_position_score_and_moves(deal_page: Page) -> None:
    game = played(deal_page)
    before = board(deal_page)
    assert before[:2] == ("45", "4")
    for _ in range(3):
        button(deal_page, "Undo").click()
    expect(deal_page.locator("#moves")).to_have_text("1")
    assert board(deal_page) != before
    expect(button(deal_page, "Redo")).to_be_enabled()
    twin = Game.from_code(DEAL)
    twin.push(FIRST_MOVES[0])
    for number, move in enumerate(FIRST_MOVES[1:], start=2):
        said = f"Removed {spoken(twin, move.split('-'))}"
        twin.push(move)
        button(deal_page, "Redo").click()
        expect(deal_page.locator("#moves")).to_have_text(str(number))
        expect(status(deal_page)).to_have_text(said)
    assert board(deal_page) == before and twin.position() == game.position()
    expect(button(deal_page, "Redo")).to_be_disabled()


def test_a_new_move_after_undo_clears_the_redo_line(deal_page: Page) -> None:
    game = played(deal_page)
    button(deal_page, "Undo").click()
    button(deal_page, "Undo").click()
    expect(button(deal_page, "Redo")).to_be_enabled()
    game.pop()
    game.pop()
    play(deal_page, game, "R7-R8")  # not the next move of the redo line (2-3-R3)
    expect(button(deal_page, "Redo")).to_be_disabled()
    deal_page.keyboard.press("Control+y")
    expect(deal_page.locator("#moves")).to_have_text("3")


def test_playing_the_next_redo_move_by_hand_keeps_the_rest_of_the_line(deal_page: Page) -> None:
    game = played(deal_page)
    button(deal_page, "Undo").click()
    button(deal_page, "Undo").click()
    game.pop()
    game.pop()
    play(deal_page, game, "2-3-R3")  # the next move of the redo line
    expect(button(deal_page, "Redo")).to_be_enabled()
    button(deal_page, "Redo").click()
    expect(deal_page.locator("#moves")).to_have_text("4")
    expect(deal_page.locator("#score")).to_have_text("45")


def test_ctrl_shift_z_and_ctrl_y_redo(deal_page: Page) -> None:
    played(deal_page)
    before = board(deal_page)
    deal_page.keyboard.press("Control+z")
    deal_page.keyboard.press("Control+z")
    expect(deal_page.locator("#moves")).to_have_text("2")
    deal_page.keyboard.press("Control+Shift+Z")
    expect(deal_page.locator("#moves")).to_have_text("3")
    deal_page.keyboard.press("Control+y")
    expect(deal_page.locator("#moves")).to_have_text("4")
    assert board(deal_page) == before
    expect(button(deal_page, "Redo")).to_have_attribute(
        "aria-keyshortcuts", "Control+Shift+Z Meta+Shift+Z Control+Y"
    )


def test_a_reload_keeps_the_redo_line(deal_page: Page) -> None:
    played(deal_page)
    before = board(deal_page)
    for _ in range(3):
        button(deal_page, "Undo").click()
    expect(deal_page.locator("#moves")).to_have_text("1")
    settle(deal_page)  # the undos saved: this is the saved redo line, not the closing-tab journal
    deal_page.reload()
    wait_for_app(deal_page)
    expect(deal_page.locator("#moves")).to_have_text("1")
    expect(button(deal_page, "Redo")).to_be_enabled()
    for number in (2, 3, 4):
        button(deal_page, "Redo").click()
        expect(deal_page.locator("#moves")).to_have_text(str(number))
    assert board(deal_page) == before
    expect(button(deal_page, "Redo")).to_be_disabled()


def test_an_export_carries_the_redo_line_to_a_fresh_browser(
    deal_page: Page, new_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    played(deal_page)
    before = board(deal_page)
    button(deal_page, "Undo").click()
    button(deal_page, "Undo").click()
    expect(deal_page.locator("#moves")).to_have_text("2")
    open_settings(deal_page)
    with deal_page.expect_download() as download:
        button(deal_page, "Export").click()
    path = tmp_path / "export.json"
    download.value.save_as(path)
    button(deal_page, "Settings").click()  # closes the panel
    assert json.loads(path.read_text(encoding="utf-8"))["game"]["redo"] == "2-3-R3,5-11"

    fresh = new_context().new_page()
    open_app(fresh, "index.html?lang=en")
    open_settings(fresh)
    with fresh.expect_file_chooser() as chooser:
        button(fresh, "Import").click()
    chooser.value.set_files(path)
    fresh.get_by_role("dialog").get_by_role("button", name="Import").click()
    expect(status(fresh)).to_have_text("The file was imported.")
    button(fresh, "Settings").click()
    for number in (3, 4):
        button(fresh, "Redo").click()
        expect(fresh.locator("#moves")).to_have_text(str(number))
    assert board(fresh) == before
