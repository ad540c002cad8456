"""Move notation: places joined by ``-``, lists joined by ``,`` (docs/formats.md)."""

from __future__ import annotations

import pytest

from halfmoon_core import (
    PILES,
    PLACES,
    RESERVE,
    Move,
    MoveError,
    format_moves,
    parse_move,
    parse_moves,
)
from halfmoon_core.places import is_reserve, parse_place


def test_places_are_piles_1_to_12_then_reserve_r1_to_r8() -> None:
    assert tuple(str(n) for n in range(1, 13)) == PILES
    assert tuple(f"R{n}" for n in range(1, 9)) == RESERVE
    assert PLACES == PILES + RESERVE


@pytest.mark.parametrize(("text", "name"), [("r3", "R3"), (" 7 ", "7"), ("R8", "R8"), ("12", "12")])
def test_place_names_are_normalised(text: str, name: str) -> None:
    assert parse_place(text) == name


@pytest.mark.parametrize("text", ["0", "13", "R0", "R9", "", "P1", "01", "1.0", "１", "Ｒ1"])
def test_unknown_place_names_are_rejected(text: str) -> None:
    with pytest.raises(MoveError, match="is not a place"):
        parse_place(text)


def test_a_place_must_be_text() -> None:
    with pytest.raises(MoveError, match="must be text"):
        parse_place(3)  # type: ignore[arg-type]


def test_is_reserve_tells_slots_from_piles() -> None:
    assert all(is_reserve(p) for p in RESERVE)
    assert not any(is_reserve(p) for p in PILES)


def test_the_order_of_places_in_a_move_does_not_matter() -> None:
    assert Move.of("8", "1") == Move.of("1", "8")
    assert Move.of("8", "5", "3") == Move.of("3", "5", "8") == Move.of("5", "8", "3")
    assert parse_move("R6-2") == parse_move("2-R6")


def test_moves_are_written_piles_first_then_reserve_in_number_order() -> None:
    assert str(Move.of("8", "5", "3")) == "3-5-8"
    assert str(Move.of("R6", "2")) == "2-R6"
    assert str(Move.of("R1", "10", "9")) == "9-10-R1"
    assert str(Move.of("R8", "R1")) == "R1-R8"


@pytest.mark.parametrize(
    ("text", "places"),
    [("1-8", ("1", "8")), ("8-5-3", ("3", "5", "8")), ("R6-2", ("2", "R6")),
     (" r6 - 2 ", ("2", "R6")), ("r1-r8", ("R1", "R8"))],
)  # fmt: skip
def test_parse_move_reads_the_spec_examples(text: str, places: tuple[str, ...]) -> None:
    assert parse_move(text).places == places


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("  ", "empty move"),
        ("1", "removes 2 or 3 cards, not 1"),
        ("1-2-3-4", "removes 2 or 3 cards, not 4"),
        ("1-1", r"^move '1-1': pile 1 is named twice$"),
        ("R2-r2-3", r"^move 'R2-r2-3': reserve slot R2 is named twice$"),
        ("1-13", "'13' is not a place"),
        ("1--2", "'' is not a place"),
        ("1+2", "is not a place"),
    ],
)
def test_bad_moves_are_rejected_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(MoveError, match=message):
        parse_move(text)


def test_a_bad_move_names_the_move() -> None:
    with pytest.raises(MoveError, match="move '1-13'"):
        parse_move("1-13")


def test_non_text_moves_are_rejected() -> None:
    with pytest.raises(MoveError, match="must be text"):
        parse_move(None)  # type: ignore[arg-type]
    with pytest.raises(MoveError, match="must be text"):
        parse_moves(["1-8"])  # type: ignore[arg-type]


def test_a_move_list_is_joined_by_commas() -> None:
    moves = parse_moves("1-8,8-5-3")
    assert moves == [Move.of("1", "8"), Move.of("3", "5", "8")]
    assert format_moves(moves) == "1-8,3-5-8"
    assert format_moves(tuple(moves)) == "1-8,3-5-8"


def test_an_empty_move_list_is_empty_text() -> None:
    assert parse_moves("") == [] and parse_moves("  ") == []
    assert format_moves([]) == ""


@pytest.mark.parametrize("text", ["1-8,", ",1-8", "1-8,,2-3", "1-8;2-3"])
def test_a_move_list_with_a_bad_part_is_rejected(text: str) -> None:
    with pytest.raises(MoveError):
        parse_moves(text)


@pytest.mark.parametrize(("text", "number"), [("1-8,", 2), (",1-8", 1), ("1-8,,2-3", 2)])
def test_an_empty_move_in_a_list_is_named_by_its_number(text: str, number: int) -> None:
    with pytest.raises(MoveError, match=f"move {number} of the list is empty"):
        parse_moves(text)
