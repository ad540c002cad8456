"""The step viewer's model (web/site/halfmoon_web/model/steps.py)."""

from __future__ import annotations

import pytest

from halfmoon_core import MoveError, parse_card
from halfmoon_web.model.steps import StepLine
from halfmoon_web.rules_page.seed_example import MOVES, START


def test_step_zero_is_the_start_position() -> None:
    line = StepLine(START, MOVES)
    assert line.step == 0 and line.total == 48
    assert line.game_at(0).position() == START


def test_go_clamps_to_the_line() -> None:
    line = StepLine(START, MOVES)
    assert line.go(-3) == 0
    assert line.go(99) == 48
    assert line.game_at(48).status == "won"


def test_removed_at_names_the_cards_of_each_step() -> None:
    line = StepLine(START, MOVES)
    assert [c.code for c in line.removed_at(1)] == ["5S", "6D"]
    assert sorted(c.code for c in line.removed_at(2)) == ["JC", "KH", "QH"]
    assert line.removed_at(1)[0] == parse_card("5S")
    assert str(line.move_at(2)) == "3-5-8"


def test_game_at_a_step_is_independent_of_the_line() -> None:
    line = StepLine(START, MOVES)
    game = line.game_at(1)
    game.push(game.legal_moves()[0])
    assert game.moves == 2
    assert line.game_at(1).moves == 1


def test_an_illegal_step_is_named() -> None:
    with pytest.raises(MoveError, match=r"move 2 \(1-8\)"):
        StepLine(START, "1-8,1-8")
