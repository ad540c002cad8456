"""The rules page's example (web/site/rules.html) matches the seed's diagram and is a whole win."""

from __future__ import annotations

import pytest
from engine_support import SEED_DIAGRAM

from halfmoon_core import Game, parse_card, parse_moves, replay
from halfmoon_web.rules_page.seed_example import MOVES, START


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
