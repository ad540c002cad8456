"""The game by keyboard only (docs/keyboard.md): the board as one tab stop, its keys, the
shortcuts, the focus never on ``<body>``, and a whole win with its key count.

The key path is computed here from the documented order, independently of the app's code: the
test predicts where every key press puts the focus and checks it before each Enter.
"""

from __future__ import annotations

import itertools
import re
from collections import deque
from fractions import Fraction
from typing import Any

import pytest
from game_support import (
    DEAL,
    STALEMATE_AFTER_ONE,
    button,
    card,
    spoken,
    status,
    winning_game,
)
from harness import open_app
from playwright.sync_api import Locator, Page, expect

from halfmoon_core import Game, Move, parse_moves

ORDER = [*(str(n) for n in range(1, 13)), *(f"R{n}" for n in range(1, 9))]
"""The documented order: piles 1..12 along the arc, then the reserve in reading order."""
ROWS = [ORDER[:12], ORDER[12:16], ORDER[16:]]
"""Up and Down go between these rows."""
RANK_KEYS = {1: "a", 10: "1", 11: "j", 12: "q", 13: "k"} | {n: str(n) for n in range(2, 10)}
"""The key typed for each rank (English)."""
BEFORE_PRESSES = 515
"""Issue 10's audit: Tab / Shift+Tab through every card, the cards of a move in listed order."""


# -- the documented navigation ---------------------------------------------------------------
def cards_of(game: Game) -> list[str]:
    """The places with a card, in the order."""
    return [place for place in ORDER if game.card_at(place) is not None]


def across(place: str) -> Fraction:
    """Where a place lies across its row, from 0 to 1."""
    row = next(row for row in ROWS if place in row)
    return Fraction(2 * row.index(place) + 1, 2 * len(row))


def row_move(place: str, cards: list[str], step: int) -> str:
    """Down (1) or Up (-1): the nearest card across in the next row with a card."""
    row = next(i for i, row in enumerate(ROWS) if place in row) + step
    while 0 <= row < len(ROWS):
        here = [p for p in cards if p in ROWS[row]]
        if here:
            return min(here, key=lambda p: (abs(across(p) - across(place)), cards.index(p)))
        row += step
    return place


def key_moves(game: Game, place: str, mode: str) -> dict[str, str]:
    """Where each key goes from the card at ``place``: ``arrows`` (with Home and End),
    ``ranks`` (and the ranks), or ``any`` (a make-believe key for every card, for the floor)."""
    cards = cards_of(game)
    if mode == "any":
        return {f"to {other}": other for other in cards}
    at = cards.index(place)
    moves = {
        "ArrowRight": cards[(at + 1) % len(cards)],
        "ArrowLeft": cards[at - 1],
        "Home": cards[0],
        "End": cards[-1],
        "ArrowDown": row_move(place, cards, 1),
        "ArrowUp": row_move(place, cards, -1),
    }
    if mode == "ranks":
        for other in cards[at + 1 :] + cards[: at + 1]:
            moves.setdefault(RANK_KEYS[game.card_at(other).rank], other)  # type: ignore[union-attr]
    return moves


def key_path(game: Game, start: str, goal: str, mode: str) -> list[str]:
    """The fewest keys from the card at ``start`` to the card at ``goal``."""
    came: dict[str, tuple[str, str] | None] = {start: None}
    queue = deque([start])
    while goal not in came:
        place = queue.popleft()
        for key, target in key_moves(game, place, mode).items():
            if target not in came:
                came[target] = (place, key)
                queue.append(target)
    keys: list[str] = []
    while (step := came[goal]) is not None:
        goal, key = step
        keys.append(key)
    return keys[::-1]


def focus_after(game: Game, place: str) -> str | None:
    """The card focused after a removal whose last tap was at ``place``: the next card there,
    else the next card in the order (round again)."""
    if game.card_at(place) is not None:
        return place
    at = ORDER.index(place)
    return next((p for p in ORDER[at + 1 :] + ORDER[:at] if game.card_at(p)), None)


Plan = list[tuple[list[str], str]]
"""The taps of a move: for each card, the keys that reach it, then its place (then Enter)."""


def plan_move(game: Game, focus: str, move: Move, mode: str, *, cheapest: bool = True) -> Plan:
    """The taps of ``move`` from ``focus``, its cards in the cheapest order (or as listed)."""
    plans = []
    for order in itertools.permutations(move.places) if cheapest else [move.places]:
        plan, here = [], focus
        for place in order:
            plan.append((key_path(game, here, place, mode), place))
            here = place
        plans.append(plan)
    return min(plans, key=cost)


def presses_of_win(line: dict[str, Any], mode: str, *, cheapest: bool = True) -> int:
    """The key presses of the whole win from the focus on the first card (Enter included)."""
    game = Game.from_code(line["start"])
    focus: str | None = cards_of(game)[0]
    total = 0
    for move in parse_moves(line["moves"]):
        assert focus is not None
        plan = plan_move(game, focus, move, mode, cheapest=cheapest)
        total += cost(plan)
        game.push(move)
        focus = focus_after(game, plan[-1][1])
    return total


def cost(plan: Plan) -> int:
    """Key presses of a plan, Enter included."""
    return sum(len(keys) + 1 for keys, _ in plan)


# -- the page ----------------------------------------------------------------------------------
@pytest.fixture
def deal_tab(warm_page: Page) -> Page:
    """The game page on deal HM1-N-AAAAAAB, English, nothing focused yet: a new tab of the warm
    context (``warm_page``, empty storage), a return visit's start, not a first visit's."""
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    return warm_page


def focused(page: Page) -> Locator:
    """The focused element (none when the focus is on ``<body>``)."""
    return page.locator(":focus")


def expect_focus_on_page(page: Page) -> None:
    """The keyboard focus is on an element, not on ``<body>``."""
    expect(focused(page)).to_have_count(1)
    assert page.evaluate("document.activeElement !== document.body")


def tab_into_board(page: Page) -> int:
    """Tab from the top of the page until a card has the focus; the presses."""
    for presses in range(1, 30):
        page.keyboard.press("Tab")
        if page.locator("#board button[data-place]:focus").count():
            return presses
    raise AssertionError("Tab never reached the board")


def focused_place(page: Page) -> str:
    """The place of the focused card."""
    place = page.locator("#board button[data-place]:focus").get_attribute("data-place")
    assert place is not None
    return place


# -- a whole win -------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["arrows", "ranks"])
def test_a_keyboard_only_win(
    warm_page: Page, mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The pinned win, by keyboard only (Tab into the board, then its keys and Enter) on the
    shortest documented key path: the focus is where the documented order says before every
    Enter and after every removal; each removal is said in words, the last one with the end."""
    line = winning_game()
    open_app(warm_page, f"index.html?lang=en&deal={line['start']}")
    game = Game.from_code(line["start"])
    tabs = tab_into_board(warm_page)
    focus: str | None = focused_place(warm_page)
    assert focus == cards_of(game)[0]  # the first card in the order
    presses = tabs
    for move in parse_moves(line["moves"]):
        assert focus is not None
        plan = plan_move(game, focus, move, mode)
        for keys, place in plan:
            for key in keys:
                warm_page.keyboard.press(key)
            expect(card(warm_page, game, place)).to_be_focused()
            warm_page.keyboard.press("Enter")
        presses += cost(plan)
        removed = spoken(game, [place for _, place in plan])
        game.push(move)
        expect(warm_page.locator("#moves")).to_have_text(str(game.moves))
        focus = focus_after(game, plan[-1][1])
        if focus is not None:
            expect(status(warm_page)).to_have_text(f"Removed {removed}")
            expect(card(warm_page, game, focus)).to_be_focused()
    assert game.status == "won"
    time_text = warm_page.locator("#time").inner_text()
    expect(status(warm_page)).to_have_text(
        f"Removed {removed}. You won! Score {line['score']}, 48 moves, time {time_text}."
    )
    dialog = warm_page.get_by_role("dialog")
    expect(dialog).to_contain_text("You won!")
    expect(dialog.get_by_role("button", name="New game")).to_be_focused()
    warm_page.keyboard.press("Escape")  # the end dialog closes: no card is left, New game takes it
    expect(warm_page.get_by_role("dialog")).to_have_count(0)
    expect_focus_on_page(warm_page)
    expect(button(warm_page, "New game")).to_be_focused()

    assert presses == tabs + presses_of_win(line, mode)
    listed = tabs + presses_of_win(line, mode, cheapest=False)
    floor = tabs + presses_of_win(line, "any")
    with capsys.disabled():
        print(
            f"\nkeyboard win by {mode}: {presses} presses ({tabs} Tab, "
            f"{presses / BEFORE_PRESSES:.0%} of the {BEFORE_PRESSES} before); cards tapped "
            f"in listed order: {listed}; floor (any card in one press): {floor}"
        )
    # A third of 515 cannot be reached with one Enter per card: the floor is 199 presses.
    assert presses <= {"arrows": LIMIT_ARROWS, "ranks": LIMIT_RANKS}[mode]


LIMIT_ARROWS = 262
LIMIT_RANKS = 215
"""The most presses a keyboard win may take (docs/keyboard.md, "Key count")."""


# -- the board as one tab stop -----------------------------------------------------------------
def test_the_board_is_one_tab_stop(deal_tab: Page) -> None:
    page, game = deal_tab, Game.from_code(DEAL)
    expect(page.locator("#board [tabindex='0']")).to_have_count(1)
    expect(page.locator("#board button[tabindex='-1']")).to_have_count(len(game.playable()) - 1)
    statistics = button(page, "Statistics")  # the toolbar's last control
    statistics.focus()
    page.keyboard.press("Tab")
    expect(card(page, game, "1")).to_be_focused()
    page.keyboard.press("Tab")  # out of the board at once
    expect(page.locator("#board :focus")).to_have_count(0)
    page.keyboard.press("Shift+Tab")
    expect(card(page, game, "1")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(statistics).to_be_focused()
    # The board remembers its card: back in, the focus is where it was left.
    card(page, game, "R2").focus()
    statistics.focus()
    page.keyboard.press("Tab")
    expect(card(page, game, "R2")).to_be_focused()
    expect(page.locator("#board [tabindex='0']")).to_have_count(1)


def test_arrows_home_end_and_ranks(deal_tab: Page) -> None:
    page, game = deal_tab, Game.from_code(DEAL)
    card(page, game, "5").focus()
    for key, place in [
        ("End", "R8"),
        ("ArrowRight", "1"),  # round again
        ("ArrowLeft", "R8"),
        ("Home", "1"),
        ("ArrowLeft", "R8"),
        ("ArrowUp", "R4"),
        ("ArrowUp", "11"),
        ("ArrowUp", "11"),  # nothing above the arc
        ("ArrowDown", "R4"),
        ("ArrowDown", "R8"),
        ("ArrowDown", "R8"),
        ("q", "2"),  # the queens: 2, 9, 10
        ("q", "9"),
        ("q", "10"),
        ("q", "2"),
        ("a", "R6"),
        ("3", "R6"),  # no 3 on the board
    ]:
        page.keyboard.press(key)
        expect(card(page, game, place)).to_be_focused()
    page.keyboard.press("Space")
    expect(card(page, game, "R6")).to_have_attribute("aria-pressed", "true")


def test_the_ranks_follow_the_page_language(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=vi&deal={DEAL}")
    game = Game.from_code(DEAL)
    card(warm_page, game, "1", "vi").focus()
    for key, place in [
        ("d", "2"),
        ("r", "3"),
        ("v", "R3"),
        ("g", "3"),
        ("g", "R2"),
        ("b", "R3"),
        ("b", "R5"),
    ]:
        warm_page.keyboard.press(key)
        expect(card(warm_page, game, place, "vi")).to_be_focused()


# -- shortcuts ---------------------------------------------------------------------------------
def test_shortcuts(deal_tab: Page) -> None:
    page, game = deal_tab, Game.from_code(DEAL)
    nine_and_two = spoken(game, ("4", "7"))
    for key in ("u", "Control+z"):
        card(page, game, "4").focus()
        page.keyboard.press("Enter")
        card(page, game, "7").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#moves")).to_have_text("1")
        page.keyboard.press(key)
        expect(page.locator("#moves")).to_have_text("0")
        expect(status(page)).to_have_text(f"Undid {nine_and_two}")
        expect(card(page, game, "7")).to_be_focused()  # the card given back to its place
    for key, title in (("u", "Undo"), ("n", "New game"), ("s", "Settings"), ("t", "Statistics")):
        expect(button(page, title).first).to_have_attribute(
            "aria-keyshortcuts", re.compile(rf"(^| ){key.upper()}$")
        )
    expect(button(page, "Undo").first).to_have_attribute(
        "aria-keyshortcuts", re.compile(r"\bControl\+Z\b")
    )

    page.keyboard.press("s")  # Settings opens, the focus stays on the board
    settings = page.locator("#settings-panel")
    expect(settings).to_be_visible()
    expect(settings).to_contain_text(
        "U or Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, N new game, S settings, T statistics"
    )
    expect(card(page, game, "7")).to_be_focused()
    page.keyboard.press("t")  # Statistics takes its place
    expect(page.locator("#stats-panel")).to_be_visible()
    expect(settings).to_be_hidden()
    page.keyboard.press("t")
    expect(page.locator("#stats-panel")).to_be_hidden()
    page.keyboard.press("s")
    expect(settings).to_be_visible()  # (a hidden select would not take the focus)
    page.get_by_label("Language").focus()  # no shortcut in a select
    expect(page.get_by_label("Language")).to_be_focused()
    page.keyboard.press("n")
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.get_by_label("Move errors").focus()  # a checkbox is not a text field
    page.keyboard.press("s")
    expect(settings).to_be_hidden()
    expect(button(page, "Settings")).to_be_focused()

    card(page, game, "4").focus()
    page.keyboard.press("Enter")
    card(page, game, "7").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("n")  # a game with moves: New game asks first
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Start a new game?")
    page.keyboard.press("n")  # no shortcut with a dialog open
    page.keyboard.press("u")
    expect(page.locator("#moves")).to_have_text("1")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect_focus_on_page(page)

    button(page, "Open deal").click()
    field = page.get_by_role("dialog").get_by_label("Deal code")
    expect(field).to_be_focused()
    page.keyboard.type("nstu")  # typed into the field, nothing else
    expect(field).to_have_value("nstu")
    expect(page.get_by_role("dialog")).to_have_count(1)
    expect(page.locator("#moves")).to_have_text("1")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)

    card(page, game, "5").focus()
    page.keyboard.press("Control+z")
    expect(page.locator("#moves")).to_have_text("0")
    page.keyboard.press("n")  # no moves: a new deal at once, the focus on its card at pile 5
    expect(page.locator("#deal-code")).not_to_have_text(DEAL)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile(r", pile 5, 8 cards$"))).to_be_focused()


# -- the focus never falls to <body> -----------------------------------------------------------
def test_the_focus_stays_on_the_board(deal_tab: Page) -> None:
    page, game = deal_tab, Game.from_code(DEAL)
    card(page, game, "R7").focus()  # 4♦ + 7♣ empties both reserve slots
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    expect(card(page, game, "R8")).to_be_focused()
    page.keyboard.press("Enter")
    game.push("R7-R8")
    expect(page.locator("#moves")).to_have_text("1")
    expect(card(page, game, "1")).to_be_focused()  # R8 is empty: the next card, round again
    expect(page.locator("#board [tabindex='0']")).to_have_count(1)

    page.keyboard.press("End")
    expect(card(page, game, "R6")).to_be_focused()
    page.keyboard.press("u")  # the undo gives R7 and R8 back; the focus stays on R6
    game.pop()
    expect(page.locator("#moves")).to_have_text("0")
    expect(card(page, game, "R6")).to_be_focused()

    page.keyboard.press("n")  # no move yet: a new deal at once, the focus on its R6
    expect(page.locator("#deal-code")).not_to_have_text(DEAL)
    expect(page.get_by_role("button", name=re.compile(r", reserve R6$"))).to_be_focused()


def test_the_focus_after_the_end_dialog(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={STALEMATE_AFTER_ONE}")
    game = Game.from_code(STALEMATE_AFTER_ONE)
    card(warm_page, game, "R5").focus()
    warm_page.keyboard.press("Enter")
    warm_page.keyboard.press("ArrowRight")
    warm_page.keyboard.press("Enter")
    removed = spoken(game, ("R5", "R6"))
    game.push("R5-R6")
    dialog = warm_page.get_by_role("dialog")
    expect(dialog).to_contain_text("No more moves")
    expect(status(warm_page)).to_have_text(re.compile(rf"^Removed {removed}\. No more moves\. \S"))
    warm_page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(card(warm_page, game, "R7")).to_be_focused()  # R6 is empty: the next card


# -- the other boards --------------------------------------------------------------------------
def test_the_embed_board_has_the_same_keys(warm_page: Page) -> None:
    open_app(warm_page, f"embed.html?deal={DEAL}&lang=en")
    game = Game.from_code(DEAL)
    expect(warm_page.locator("#board [tabindex='0']")).to_have_count(1)
    assert tab_into_board(warm_page) == 2  # opened on its own: the link to play, then the board
    expect(card(warm_page, game, "1")).to_be_focused()
    for key, place in [("End", "R8"), ("ArrowRight", "1"), ("q", "2"), ("ArrowDown", "R1")]:
        warm_page.keyboard.press(key)
        expect(card(warm_page, game, place)).to_be_focused()
    warm_page.keyboard.press("Home")
    for _ in range(3):
        warm_page.keyboard.press("ArrowRight")
    expect(card(warm_page, game, "4")).to_be_focused()
    warm_page.keyboard.press("Enter")  # 9♥, then 2♦ three cards on
    for _ in range(3):
        warm_page.keyboard.press("ArrowRight")
    warm_page.keyboard.press("Enter")
    game.push("4-7")
    expect(status(warm_page)).to_have_text(re.compile(r"^Removed "))
    expect(card(warm_page, game, "7")).to_be_focused()
