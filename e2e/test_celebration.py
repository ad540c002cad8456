"""The win's celebration (docs/interface.md, "The end of a game"): cards leave the arc at the
win, not under reduced motion (the setting or the OS's), and the end dialog has the focus at
once either way."""

from __future__ import annotations

import json

import pytest
from game_support import button, set_setting, winning_game
from harness import open_app
from playwright.sync_api import Page, expect

from halfmoon_core import Game, parse_moves, save_game

AT_ONCE = """() => ({
    focus: document.activeElement.closest('dialog')?.id ?? document.activeElement.tagName,
    flying: document.querySelectorAll('#board .hm-celebrate').length,
    animation: [...document.querySelectorAll('#board .hm-celebrate')]
        .map(card => getComputedStyle(card).animationName)[0] ?? null,
    shown: [getComputedStyle(document.getElementById('end-dialog')).opacity,
            getComputedStyle(document.getElementById('end-dialog'), '::backdrop').opacity],
})"""
#: The end dialog and its backdrop drawn whole (their opacity 1), once the cards have flown.
SHOWN = """() => ['', '::backdrop'].every((part) =>
    getComputedStyle(document.getElementById('end-dialog'), part || null).opacity === '1')"""


def at_once(page: Page) -> dict[str, object]:
    """What the page shows as the end dialog opens: in the frame after the winning removal
    (docs/performance.md), not after the celebration."""
    expect(page.locator("#end-dialog")).to_be_visible()
    return page.evaluate(AT_ONCE)


def one_move_from_the_win(page: Page) -> None:
    """Open the game page on the pinned winning game with its last move undone (to redo)."""
    fixture = winning_game()
    game = Game.from_code(fixture["start"])
    for move in parse_moves(fixture["moves"]):
        game.push(move)
    game.pop()
    text = json.dumps({**save_game(game, 90_000), "counted": False})
    page.add_init_script(f"localStorage.setItem('halfmoon.game', {json.dumps(text)})")
    open_app(page, "index.html?lang=en")
    expect(page.locator("#moves")).to_have_text("47")


def test_cards_leave_the_arc_at_a_win_and_the_dialog_has_the_focus_at_once(warm_page: Page) -> None:
    one_move_from_the_win(warm_page)
    button(warm_page, "Redo").click()  # a win by redo is a win
    seen = at_once(warm_page)
    # The celebration in front of everything: the dialog, open and focused, is not drawn yet.
    assert seen == {
        "focus": "end-dialog",
        "flying": 20,
        "animation": "hm-celebrate",
        "shown": ["0", "0"],
    }
    expect(warm_page.get_by_role("dialog")).to_contain_text("You won!")
    # The first win counted here: a streak of one, the best time this one's, every game won.
    summary = "Win streak: 1. A new best time! Win rate: 100%."
    expect(warm_page.locator("#end-summary")).to_have_text(summary)
    expect(warm_page.locator("#board .hm-celebrate")).to_have_count(0)  # gone once they flew
    warm_page.wait_for_function(SHOWN)  # then the summary


@pytest.mark.parametrize("where", ["setting", "os"])
def test_no_celebration_under_reduced_motion(warm_page: Page, where: str) -> None:
    if where == "os":
        warm_page.emulate_media(reduced_motion="reduce")
    one_move_from_the_win(warm_page)
    if where == "setting":
        set_setting(warm_page, "Reduced motion", True)
        button(warm_page, "Close").click()
    button(warm_page, "Redo").click()
    assert at_once(warm_page) == {
        "focus": "end-dialog",
        "flying": 0,
        "animation": None,
        "shown": ["1", "1"],
    }
    expect(warm_page.get_by_role("dialog")).to_contain_text("You won!")
