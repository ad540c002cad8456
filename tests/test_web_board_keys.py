"""Where the keys move the focus on a board (halfmoon_web/board/board_keys.py), and the game page's
shortcuts (halfmoon_web/game_page/parts/shortcuts.py): docs/keyboard.md."""

from __future__ import annotations

import pytest

from halfmoon_core import PLACES, Card, Game, parse_card
from halfmoon_web.board.board_keys import key_target
from halfmoon_web.game_page.parts.shortcuts import (
    LETTERS,
    SHORTCUTS,
    shortcut_action,
    shortcut_letter,
)

DEAL = "HM1-N-AAAAAAB"
"""Tops: 1:8S 2:QC 3:KS 4:9H 5:6H 6:5H 7:2D 8:7S 9:QD 10:QS 11:TC 12:8H,
R1:TH R2:KH R3:JH R4:TS R5:JH R6:AS R7:4D R8:7C."""


def full() -> dict[str, Card]:
    return Game.from_code(DEAL).playable()


def without(*places: str) -> dict[str, Card]:
    cards = full()
    for place in places:
        del cards[place]
    return cards


@pytest.mark.parametrize(
    ("key", "start", "target"),
    [
        ("ArrowRight", "1", "2"),
        ("ArrowRight", "12", "R1"),
        ("ArrowRight", "R4", "R5"),
        ("ArrowRight", "R8", "1"),  # round again
        ("ArrowLeft", "1", "R8"),
        ("ArrowLeft", "R1", "12"),
        ("Home", "R5", "1"),
        ("End", "3", "R8"),
    ],
)
def test_left_and_right_follow_the_order_of_the_places(key: str, start: str, target: str) -> None:
    assert key_target(key, start, full(), "en") == target


def test_right_visits_every_card_once_in_order() -> None:
    cards, place, seen = full(), "1", []
    for _ in PLACES:
        seen.append(place)
        place = key_target("ArrowRight", place, cards, "en")
    assert seen == list(PLACES) and place == "1"


def test_empty_places_are_skipped() -> None:
    cards = without("2", "3", "R1", "R8")
    assert key_target("ArrowRight", "1", cards, "en") == "4"
    assert key_target("ArrowLeft", "4", cards, "en") == "1"
    assert key_target("ArrowRight", "12", cards, "en") == "R2"
    assert key_target("End", "1", cards, "en") == "R7"
    assert key_target("Home", "R7", without("1"), "en") == "2"


@pytest.mark.parametrize(
    ("piles", "slot"),
    [
        (("1", "2", "3"), "R1"),
        (("4", "5", "6"), "R2"),
        (("7", "8", "9"), "R3"),
        (("10", "11", "12"), "R4"),
    ],
)
def test_down_from_the_arc_goes_to_the_reserve_below(piles: tuple[str, ...], slot: str) -> None:
    for pile in piles:
        assert key_target("ArrowDown", pile, full(), "en") == slot


@pytest.mark.parametrize(
    ("key", "start", "target"),
    [
        ("ArrowUp", "R1", "2"),
        ("ArrowUp", "R2", "5"),
        ("ArrowUp", "R3", "8"),
        ("ArrowUp", "R4", "11"),
        ("ArrowDown", "R2", "R6"),
        ("ArrowUp", "R7", "R3"),
        ("ArrowUp", "4", "4"),  # nowhere above the arc: the focus stays
        ("ArrowDown", "R6", "R6"),
    ],
)
def test_up_and_down_go_between_the_rows(key: str, start: str, target: str) -> None:
    assert key_target(key, start, full(), "en") == target


def test_up_and_down_go_to_the_nearest_card_of_the_next_row_with_one() -> None:
    assert key_target("ArrowDown", "5", without("R2"), "en") == "R1"  # a tie: the earlier
    assert key_target("ArrowDown", "5", without("R1", "R2"), "en") == "R3"
    assert key_target("ArrowDown", "5", without("R1", "R2", "R3", "R4"), "en") == "R6"
    assert key_target("ArrowUp", "R1", without("2"), "en") == "1"  # a tie: the earlier
    top_row = ("R1", "R2", "R3", "R4")
    assert key_target("ArrowUp", "R6", without(*top_row, "1", "2", "3", "4", "5"), "en") == "6"
    assert key_target("ArrowUp", "R6", without(*top_row, "5", "6"), "en") == "4"
    assert key_target("ArrowUp", "R5", without("R1", "R2", "R3", "R4"), "en") == "2"


@pytest.mark.parametrize(
    ("key", "start", "lang", "target"),
    [
        ("q", "1", "en", "2"),  # the queens: 2, 9, 10, round again
        ("q", "2", "en", "9"),
        ("Q", "9", "en", "10"),
        ("q", "10", "en", "2"),
        ("1", "1", "en", "11"),  # 10 of clubs, then 10 of hearts in R1
        ("0", "11", "en", "R1"),
        ("a", "1", "en", "R6"),
        ("k", "R2", "en", "3"),
        ("j", "1", "en", "R3"),
        ("v", "1", "vi", "R3"),  # Vietnamese: V or B for Bồi, D or Đ for Đầm, R or G for Già
        ("b", "R3", "vi", "R5"),
        ("d", "1", "vi", "2"),
        ("đ", "2", "vi", "9"),
        ("r", "1", "vi", "3"),
        ("g", "3", "vi", "R2"),
        ("8", "1", "en", "12"),  # the only other 8: from 12 back to 1
        ("8", "12", "en", "1"),
        ("3", "1", "en", "1"),  # no 3 on the board: the focus stays
    ],
)
def test_a_rank_goes_to_the_next_card_of_that_rank(
    key: str, start: str, lang: str, target: str
) -> None:
    assert key_target(key, start, full(), lang) == target


@pytest.mark.parametrize("key", ["Enter", " ", "Tab", "u", "n", "s", "t", "z", "PageDown", "x"])
def test_other_keys_are_not_the_boards(key: str) -> None:
    assert key_target(key, "1", full(), "en") is None
    assert key_target(key, "1", full(), "vi") is None


def test_a_place_without_a_card_moves_nothing() -> None:
    assert key_target("ArrowRight", "2", without("2"), "en") is None
    assert key_target("ArrowRight", "2", {}, "en") is None


def test_a_single_card_is_its_own_neighbour() -> None:
    cards = {"R4": parse_card("5S")}
    for key in ("ArrowRight", "ArrowLeft", "Home", "End", "ArrowUp", "ArrowDown", "5"):
        assert key_target(key, "R4", cards, "en") == "R4"


# -- the game page's shortcuts (halfmoon_web/game_page/parts/shortcuts.py)
# ---------------------------------
@pytest.mark.parametrize(
    ("key", "code", "letter"),
    [
        ("u", "KeyU", "u"),
        ("U", "KeyU", "u"),
        ("ư", "KeyU", "u"),
        ("Dead", "KeyN", "n"),
        ("ArrowUp", "ArrowUp", ""),
        ("Escape", "Escape", ""),
        ("5", "Digit5", "5"),
    ],
)
def test_a_key_names_its_letter_on_any_layout(key: str, code: str, letter: str) -> None:
    """By ``key``, else (no Latin letter: a Vietnamese input method) by ``code``."""
    assert shortcut_letter(key, code) == letter


@pytest.mark.parametrize(
    ("letter", "command", "shift", "action"),
    [
        ("u", False, False, "undo"),
        ("z", True, False, "undo"),
        ("z", True, True, "redo"),
        ("y", True, False, "redo"),
        ("y", True, True, None),
        ("y", False, False, None),
        ("z", False, False, None),
        ("n", False, False, "new-game"),
        ("n", True, False, None),
        ("n", True, True, None),
        ("s", False, False, "settings"),
        ("t", False, False, "statistics"),
        ("a", False, False, None),
    ],
)
def test_the_shortcuts_of_docs_keyboard(
    letter: str, command: bool, shift: bool, action: str | None
) -> None:
    assert shortcut_action(letter, command=command, shift=shift) == action


def test_every_shortcut_is_announced_on_its_toolbar_button() -> None:
    """Each action a letter does is a toolbar button whose aria-keyshortcuts names it."""
    for letter, action in LETTERS.items():
        assert letter.upper() in SHORTCUTS[action].split()
