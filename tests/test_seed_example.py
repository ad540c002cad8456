"""The rules page's example (SPEC §10) matches the seed's diagram and is a whole win."""

from __future__ import annotations

import pytest

from halfmoon_core import Game, parse_card, parse_moves, replay
from halfmoon_web.seed_example import MOVES, START

SEED_DIAGRAM = {
    "1": ("7H", 7), "2": ("AH", 8), "3": ("KH", 8), "4": ("4C", 8), "5": ("QH", 8),
    "6": ("5H", 8), "7": ("7S", 8), "8": ("JC", 7), "9": ("TD", 8), "10": ("TC", 8),
    "11": ("2D", 8), "12": ("KH", 8), "R1": ("TH", 1), "R2": ("6S", 1), "R3": ("3D", 1),
    "R4": ("4S", 1), "R5": ("7D", 1), "R6": ("5S", 1), "R7": ("JH", 1), "R8": ("AC", 1),
}  # fmt: skip


def test_example_starts_as_a_full_deal_with_5s_on_pile_1_and_6d_on_pile_8() -> None:
    game = Game.from_position(START)
    assert game.cards_left() == 104 and game.score == 0 and game.moves == 0
    assert game.card_at("1") == parse_card("5S") and game.count_at("1") == 8
    assert game.card_at("8") == parse_card("6D") and game.count_at("8") == 8


def test_step_1_removes_5s_and_6d_and_leaves_the_seed_diagram() -> None:
    moves = parse_moves(MOVES)
    assert str(moves[0]) == "1-8"
    game = replay(START, moves[:1])
    for place, (code, count) in SEED_DIAGRAM.items():
        assert game.card_at(place) == parse_card(code), place
        assert game.count_at(place) == count, place


def test_step_2_removes_jc_qh_kh_from_piles_8_5_3() -> None:
    game = replay(START, parse_moves(MOVES)[:1])
    removed = [game.card_at(p) for p in ("8", "5", "3")]
    assert sorted(c.code for c in removed) == ["JC", "KH", "QH"]
    assert str(parse_moves(MOVES)[1]) == "3-5-8"


def test_example_is_a_whole_win_of_48_moves() -> None:
    game = replay(START, parse_moves(MOVES))
    assert (game.status, game.moves, game.score) == ("won", 48, 520)


@pytest.mark.parametrize(
    ("first", "second", "error"),
    [("R6", "2", "E1"), ("R6", "3", "E1"), ("3", "12", "E2")],
    ids=["5S-then-AH", "5S-then-KH", "KH-then-other-KH"],
)
def test_seed_tapping_examples_on_the_seed_diagram(first: str, second: str, error: str) -> None:
    from halfmoon_core.tapping import tap

    game = replay(START, parse_moves(MOVES)[:1])
    selected = tap((), first, game)
    result = tap(selected.selection, second, game)
    assert result.move is None and result.error == error
    expected = (second,) if error == "E2" else ()
    assert result.selection == expected
