"""The keyboard focus is never lost (docs/accessibility.md, "Focus"): after every key press on
the step viewer (rules page and embed), and after every removal, undo, dialog and panel on the
game page, the focus is on a visible, enabled element, never on ``<body>``.

The tests put the focus on a control with ``focus()`` when they need a starting point, then act
with the keyboard only. The step viewers' tests share the module's page (``module_page``: a new
document each, started warm); the game page's test, which saves a game, has a context of its own.
"""

from __future__ import annotations

import re

import pytest
from game_support import DEAL, STALEMATE_AFTER_ONE, button, card, settle
from harness import open_app
from playwright.sync_api import Locator, Page, expect

from halfmoon_core import Game, parse_moves, replay
from halfmoon_web.rules_page.seed_example import MOVES, START

LINE = parse_moves(MOVES)


def focused(page: Page) -> Locator:
    """The focused element, after checking that there is one, visible and enabled."""
    focus = page.locator(":focus")
    expect(focus, "the focus fell to <body>").to_have_count(1)
    expect(focus).to_be_visible()
    expect(focus).to_be_enabled()
    return focus


def press(page: Page, key: str) -> Locator:
    """Press ``key`` and return the focused element (see :func:`focused`) once the page has
    played it (a dialog it opens is open)."""
    page.keyboard.press(key)
    settle(page)
    return focused(page)


def step_is(page: Page, text: str) -> None:
    """The step viewer shows ``text`` (``Step 3 of 48``)."""
    expect(page.get_by_text(text, exact=True)).to_be_visible()


# -- the step viewer -------------------------------------------------------------------------
def test_rules_step_viewer_keeps_the_focus(module_page: Page) -> None:
    open_app(module_page, "rules.html?lang=en")
    step_is(module_page, "Step 0 of 48")
    button(module_page, "Next step").focus()
    expect(press(module_page, "Enter")).to_have_accessible_name("Next step")
    step_is(module_page, "Step 1 of 48")
    expect(press(module_page, "Shift+Tab")).to_have_accessible_name("Previous step")
    # Previous step disables itself at step 0: the focus goes to Next step.
    expect(press(module_page, "Enter")).to_have_accessible_name("Next step")
    step_is(module_page, "Step 0 of 48")
    expect(button(module_page, "Previous step")).to_be_disabled()
    press(module_page, "Enter")
    press(module_page, "Enter")
    step_is(module_page, "Step 2 of 48")
    press(module_page, "Shift+Tab")
    expect(press(module_page, "Shift+Tab")).to_have_accessible_name("Start")
    # So does Start.
    expect(press(module_page, "Enter")).to_have_accessible_name("Next step")
    step_is(module_page, "Step 0 of 48")
    slider = press(module_page, "Tab")
    expect(slider).to_have_attribute("type", "range")
    press(module_page, "End")
    step_is(module_page, "Step 48 of 48")
    expect(slider).to_have_attribute("aria-valuetext", "Step 48 of 48")
    expect(button(module_page, "Next step")).to_be_disabled()
    press(module_page, "ArrowLeft")
    step_is(module_page, "Step 47 of 48")
    expect(slider).to_have_attribute("aria-valuetext", "Step 47 of 48")
    expect(press(module_page, "Shift+Tab")).to_have_accessible_name("Next step")
    # Next step disables itself at the last step: the focus goes to Previous step.
    expect(press(module_page, "Enter")).to_have_accessible_name("Previous step")
    step_is(module_page, "Step 48 of 48")
    expect(press(module_page, "Enter")).to_have_accessible_name("Previous step")
    step_is(module_page, "Step 47 of 48")
    press(module_page, "Tab")
    slider = press(module_page, "Tab")
    press(module_page, "Home")
    step_is(module_page, "Step 0 of 48")
    expect(slider).to_have_attribute("aria-valuetext", "Step 0 of 48")


def test_the_readers_own_last_move_keeps_the_focus(module_page: Page) -> None:
    """The reader takes the last cards at step 47: the focus moves from the gone card to Next
    step, and the status line says the removal and the win in one message."""
    open_app(module_page, "rules.html?lang=en")
    module_page.get_by_role("slider", name="Step").fill("47")
    step_is(module_page, "Step 47 of 48")
    game = replay(START, LINE[:47])
    for place in LINE[47].places:
        card(module_page, game, place).focus()
        press(module_page, "Enter")
    expect(focused(module_page)).to_have_accessible_name("Next step")
    expect(module_page.locator("#rules-status")).to_have_text(
        re.compile(r"^Removed .+\. You won!$")
    )
    # Back to the line: step 48, where Next step disables itself and hands on the focus.
    expect(press(module_page, "Enter")).to_have_accessible_name("Previous step")
    step_is(module_page, "Step 48 of 48")


@pytest.mark.parametrize(
    ("lang", "names", "count"),
    [
        ("en", ("Start", "Previous step", "Next step"), "Step {} of 2"),
        ("vi", ("Về đầu", "Bước trước", "Bước tiếp"), "Bước {} / 2"),
    ],
    ids=["en", "vi"],
)
def test_embed_step_viewer_keeps_the_focus(
    module_page: Page, lang: str, names: tuple[str, str, str], count: str
) -> None:
    start, prev, next_ = names
    open_app(module_page, f"embed.html?deal={DEAL}&steps=4-7,5-6&lang={lang}")
    step_is(module_page, count.format(0))
    expect(press(module_page, "Tab")).to_have_role(
        "link"
    )  # a page of its own: the link to play first
    expect(press(module_page, "Tab")).to_have_accessible_name(next_)  # Start, Previous are off
    expect(press(module_page, "Enter")).to_have_accessible_name(next_)
    step_is(module_page, count.format(1))
    expect(press(module_page, "Enter")).to_have_accessible_name(prev)
    step_is(module_page, count.format(2))
    expect(press(module_page, "Enter")).to_have_accessible_name(prev)
    step_is(module_page, count.format(1))
    expect(press(module_page, "Shift+Tab")).to_have_accessible_name(start)
    expect(press(module_page, "Enter")).to_have_accessible_name(next_)
    step_is(module_page, count.format(0))
    slider = press(module_page, "Tab")
    spoken = "Step {} of 2" if lang == "en" else "Bước {} trên 2"
    for key, step in (("End", 2), ("ArrowLeft", 1), ("Home", 0), ("ArrowRight", 1)):
        press(module_page, key)
        step_is(module_page, count.format(step))
        expect(slider).to_have_attribute("aria-valuetext", spoken.format(step))


def test_embed_board_keeps_the_focus_when_the_last_cards_go(module_page: Page) -> None:
    """A won embed has no card left: the focus goes to the status line, which says the end
    with the engine's score and moves (which count the removals the start position implies)."""
    position = "HMP1:5S/6D" + "/" * 18
    open_app(module_page, f"embed.html?position={position}&lang=en")
    game = Game.from_start(position)
    card(module_page, game, "1").focus()
    press(module_page, "Enter")
    card(module_page, game, "2").focus()
    status = press(module_page, "Enter")
    expect(status).to_have_attribute("role", "status")
    said = r"^Removed 5 of spades and 6 of diamonds\. You won! Score 520, 48 moves, time \d+:\d\d\."
    expect(status).to_have_text(re.compile(said))


# -- the game page ---------------------------------------------------------------------------
def test_game_page_keeps_the_focus(warm_page: Page) -> None:
    game = Game.from_code(DEAL)
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    moves = warm_page.locator("#moves")
    for move in ("4-7", "5-6"):  # a removal: the focus stays on the board
        first, second = move.split("-")
        card(warm_page, game, first).focus()
        press(warm_page, "Enter")
        card(warm_page, game, second).focus()
        press(warm_page, "Enter")
        game.push(move)
        expect(moves).to_have_text(str(game.moves))
    button(warm_page, "Undo").focus()
    expect(press(warm_page, "Enter")).to_have_accessible_name("Undo")
    expect(moves).to_have_text("1")
    press(warm_page, "Enter")  # Undo disables itself: the focus goes to a returned card
    expect(moves).to_have_text("0")
    expect(button(warm_page, "Undo")).to_be_disabled()
    expect(focused(warm_page)).to_have_attribute("data-place", re.compile(r"^(4|7)$"))

    for name, panel in (("Settings", "#settings-panel"), ("Statistics", "#stats-panel")):
        button(warm_page, name).focus()
        expect(press(warm_page, "Enter")).to_have_accessible_name(name)
        expect(warm_page.locator(panel)).to_be_visible()
        expect(press(warm_page, "Escape")).to_have_accessible_name(name)
        expect(warm_page.locator(panel)).to_be_hidden()
        press(warm_page, "Enter")
        warm_page.locator(panel).get_by_role("button", name="Close").focus()
        expect(press(warm_page, "Enter")).to_have_accessible_name(name)
        expect(warm_page.locator(panel)).to_be_hidden()

    game = Game.from_code(DEAL)
    card(warm_page, game, "4").focus()
    press(warm_page, "Enter")
    card(warm_page, game, "7").focus()
    press(warm_page, "Enter")
    expect(moves).to_have_text("1")
    confirm = warm_page.locator("#confirm-dialog")
    button(warm_page, "New game").focus()
    expect(press(warm_page, "Enter")).to_have_accessible_name("Cancel")
    expect(confirm).to_be_visible()
    expect(press(warm_page, "Escape")).to_have_accessible_name("New game")
    expect(confirm).to_be_hidden()
    expect(press(warm_page, "Enter")).to_have_accessible_name("Cancel")
    expect(press(warm_page, "Enter")).to_have_accessible_name("New game")  # Cancel
    expect(confirm).to_be_hidden()

    opener = warm_page.locator("#open-dialog")
    button(warm_page, "Open deal").focus()
    press(warm_page, "Enter")
    expect(opener).to_be_visible()
    expect(press(warm_page, "Escape")).to_have_accessible_name("Open deal")
    expect(opener).to_be_hidden()
    press(warm_page, "Enter")
    opener.get_by_role("button", name="Cancel").focus()
    expect(press(warm_page, "Enter")).to_have_accessible_name("Open deal")
    expect(opener).to_be_hidden()
    press(warm_page, "Enter")
    warm_page.keyboard.type(STALEMATE_AFTER_ONE)
    press(warm_page, "Enter")  # the dialog's form: open this deal
    expect(opener).to_be_hidden()
    expect(warm_page.locator("#deal-code")).to_have_text(STALEMATE_AFTER_ONE)

    end = warm_page.locator("#end-dialog")
    stuck = Game.from_code(STALEMATE_AFTER_ONE)
    for leave in ("Escape", "Undo", "New game"):
        for place in ("R5", "R6"):
            card(warm_page, stuck, place).focus()
            press(warm_page, "Enter")
        expect(end).to_be_visible()
        expect(focused(warm_page)).to_have_accessible_name("New game")
        if leave == "Undo":
            end.get_by_role("button", name="Undo").focus()
        press(warm_page, "Escape" if leave == "Escape" else "Enter")
        expect(end).to_be_hidden()
        focused(warm_page)
        if leave == "Escape":
            button(warm_page, "Undo").focus()
            press(warm_page, "Enter")  # Undo disables itself: the focus goes to a returned card
        expect(moves).to_have_text("0")
    expect(warm_page.locator("#deal-code")).not_to_have_text(STALEMATE_AFTER_ONE)
