"""Replay codes (docs/formats.md, "Replay codes"): a move list written as indices among the
legal moves, read back by replaying it."""

from __future__ import annotations

import pytest
from engine_support import WINNING_GAME, games, played_games
from hypothesis import given, settings
from solver import solve

from halfmoon_core import (
    DealCodeError,
    Game,
    MoveError,
    decode_replay,
    encode_replay,
    format_moves,
    parse_moves,
    replay,
)
from halfmoon_core.replay_code import ALPHABET, index_width

WIN_START = WINNING_GAME["start"]
WIN_MOVES = WINNING_GAME["moves"]
WIN_CODE = "IIIAEDCCBHAKFCCCDDACBCBBACAAADBBBEDCADAAAAAAAAAA"

# Twenty playable cards: eight 5s, eight 6s, two 4s and two 7s: 8 × 8 + 2 × 2 = 68 legal moves,
# more than one digit can write.
NOT_IN = "is not in a replay code (A–Z, a–z, 0–9, - and _)"
CROWDED = "HMP1:5S/5S/5H/5H/5D/5D/5C/5C/6S/6S/6H/6H/6D/6D/6C/6C/4S/4S/7S/7S"


@given(played_games())
@settings(max_examples=150, deadline=None)
def test_any_random_game_round_trips(game: Game) -> None:
    code = encode_replay(game.start, list(game.history))
    assert decode_replay(game.start, code) == list(game.history)
    assert len(code) == len(game.history)  # one character a move at a dealt table


@given(games())
@settings(max_examples=100, deadline=None)
def test_deep_and_won_games_round_trip(game: Game) -> None:
    code = encode_replay(game.start, list(game.history))
    assert replay(game.start, decode_replay(game.start, code)).position() == game.position()


@pytest.mark.parametrize("code", ["HM1-N-AAAAAAA", "HM1-N-AAAAAAC", "HM1-N-AAAAAAG"])
def test_the_solvers_won_games_round_trip(code: str) -> None:
    moves = solve(code, max_nodes=20_000).moves
    assert len(moves) == 48
    assert decode_replay(code, encode_replay(code, moves)) == moves


def test_the_pinned_winning_game_is_48_characters() -> None:
    assert encode_replay(WIN_START, WIN_MOVES) == WIN_CODE
    assert format_moves(decode_replay(WIN_START, WIN_CODE)) == WIN_MOVES
    assert len(format_moves(parse_moves(WIN_MOVES))) == 239  # the plain notation


@pytest.mark.parametrize(
    ("start", "moves", "code"),
    [
        ("HM1-N-AAAAAAB", "", ""),
        ("HM1-N-AAAAAAB", "4-7", "I"),
        ("HM1-N-AAAAAAB", "4-7,2-3-R3", "IA"),
        ("HM1-N-AAAAAAB", "4-7,5-6,5-11", "III"),
        (CROWDED, "5-R1", "Ak"),  # index 36 of 68
        (CROWDED, "R6-R8", "BD"),  # index 67 = 1 × 64 + 3
        (CROWDED, "8-R4,R5-R7", "A_x"),  # index 63 of 68, then 49 of 53
    ],
)
def test_golden_codes(start: str, moves: str, code: str) -> None:
    assert encode_replay(start, moves) == code
    assert decode_replay(start, code) == parse_moves(moves)


def test_the_index_is_among_the_legal_moves_in_their_order() -> None:
    game = Game.from_code("HM1-N-AAAAAAB")
    legal = game.legal_moves()
    for index, move in enumerate(legal):
        assert encode_replay(game.start, [move]) == ALPHABET[index]


def test_a_crowded_table_takes_two_digits_a_move() -> None:
    assert len(Game.from_position(CROWDED).legal_moves()) == 68
    assert [index_width(n) for n in (1, 64, 65, 4096, 4097)] == [1, 1, 2, 2, 3]


def test_spaces_around_the_code_are_ignored() -> None:
    assert decode_replay("HM1-N-AAAAAAB", "  IA \n") == parse_moves("4-7,2-3-R3")


@pytest.mark.parametrize(
    ("start", "code", "message"),
    [
        ("HM1-N-AAAAAAB", "I!A", f"'!' (character 2) {NOT_IN}"),
        ("HM1-N-AAAAAAB", "I A", f"' ' (character 2) {NOT_IN}"),
        ("HM1-N-AAAAAAB", "_", "move 1 of the replay code is not one of the 19 moves there are"),
        ("HM1-N-AAADGKR", "AA", "the game is over after 1 moves, but the replay code goes on"),
        (CROWDED, "A", "the replay code stops in the middle of move 1"),
        (CROWDED, "BF", "move 1 of the replay code is not one of the 68 moves there are"),
    ],
)
def test_bad_codes_are_refused_with_the_reason(start: str, code: str, message: str) -> None:
    with pytest.raises(MoveError) as caught:
        decode_replay(start, code)
    assert str(caught.value) == message


def test_a_won_game_has_no_move_after_it() -> None:
    with pytest.raises(MoveError, match="over after 48 moves"):
        decode_replay(WIN_START, WIN_CODE + "A")


def test_a_code_that_is_not_text_is_refused() -> None:
    with pytest.raises(MoveError, match="must be text"):
        decode_replay("HM1-N-AAAAAAB", 12)  # type: ignore[arg-type]


def test_encoding_checks_the_start_and_every_move() -> None:
    with pytest.raises(MoveError, match=r"move 2 \(1-2\) is illegal"):
        encode_replay("HM1-N-AAAAAAB", "4-7,1-2")
    with pytest.raises(DealCodeError):
        encode_replay("HM1-N-1", "")
    with pytest.raises(DealCodeError):
        decode_replay("HM1-N-1", "")
