"""What a status line says of a tap (halfmoon_web/board/announce.py, docs/keyboard.md,
"Announcements"): one message per tap, the same on the rules page's step viewer and in the embed."""

from __future__ import annotations

from halfmoon_core import Game
from halfmoon_web.board.announce import removal_text, tap_message
from halfmoon_web.model.board_model import BoardModel

DEAL = "HM1-N-AAAAAAB"
"""Tops: 4:9H 5:6H 7:2D."""


def test_a_removal_is_said_in_the_cards_spoken_names() -> None:
    model = BoardModel(Game.from_code(DEAL))
    assert tap_message(model.tap("4"), "en") is None  # a selection says nothing
    outcome = model.tap("7")
    assert tap_message(outcome, "en") == "Removed 9 of hearts and 2 of diamonds"
    assert tap_message(outcome, "vi") == "Đã loại 9 cơ và 2 rô"
    assert removal_text(outcome.removed, "en") == "Removed 9 of hearts and 2 of diamonds"


def test_the_end_of_the_game_follows_its_removal() -> None:
    model = BoardModel(Game.from_code(DEAL))
    model.tap("4")
    outcome = model.tap("7")
    said = tap_message(outcome, "en", "You won!")
    assert said == "Removed 9 of hearts and 2 of diamonds. You won!"


def test_a_wrong_tap_says_its_error() -> None:
    model = BoardModel(Game.from_code(DEAL))
    model.tap("4")
    outcome = model.tap("5")  # 9 + 6 is not 11
    assert outcome.error == "E1"
    assert tap_message(outcome, "en") == "The sum must be 11"
    assert tap_message(outcome, "vi") == "Tổng phải bằng 11"
