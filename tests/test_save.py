"""Saved games: start plus moves plus time, restored exactly or refused whole (SPEC §6, §9)."""

from __future__ import annotations

import json

import pytest
from engine_support import WINNING_GAME

from halfmoon_core import Game, SaveError, load_game, save_game
from halfmoon_core.save import SAVE_FORMAT, SAVE_VERSION, dumps, loads


def played() -> Game:
    """Deal 1 after three moves."""
    game = Game.from_code("HM1-N-AAAAAAB")
    for move in ("4-7", "2-3-R3", "5-6"):
        game.push(move)
    return game


def same(a: Game, b: Game) -> bool:
    """True when two games agree on everything a player sees and can undo."""
    return (a.start, a.position(), a.score, a.moves, a.status, a.history) == (
        b.start,
        b.position(),
        b.score,
        b.moves,
        b.status,
        b.history,
    )


def test_a_save_is_a_small_json_object() -> None:
    data = save_game(played(), 61_500)
    assert data == {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "start": "HM1-N-AAAAAAB",
        "moves": "4-7,2-3-R3,5-6",
        "elapsed_ms": 61_500,
    }
    assert json.loads(json.dumps(data)) == data


def test_load_restores_position_score_moves_and_time() -> None:
    game = played()
    loaded, elapsed = load_game(save_game(game, 61_500))
    assert same(loaded, game) and elapsed == 61_500


def test_dumps_and_loads_round_trip_through_json_text() -> None:
    game = played()
    loaded, elapsed = loads(dumps(game, 1234))
    assert same(loaded, game) and elapsed == 1234


def test_a_won_game_round_trips() -> None:
    game = Game.from_code(WINNING_GAME["start"])
    for move in WINNING_GAME["moves"].split(","):
        game.push(move)
    loaded, _ = loads(dumps(game, 99))
    assert same(loaded, game) and loaded.status == "won"


def test_a_game_from_a_position_string_round_trips() -> None:
    game = Game.from_position(played().position())
    game.push("R1-R6")
    loaded, _ = load_game(save_game(game))
    assert same(loaded, game) and loaded.score == 45


def test_undone_moves_are_not_saved() -> None:
    game = played()
    game.pop()
    assert save_game(game)["moves"] == "4-7,2-3-R3"


def test_save_rejects_a_negative_time() -> None:
    with pytest.raises(SaveError, match="time"):
        save_game(played(), -1)


def good() -> dict:
    """A valid saved dict to spoil."""
    return save_game(played(), 5000)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "not an object"),
        ([], "not an object"),
        ("{}", "not an object"),
        ({**good(), "format": "chess"}, "not a Half Moon saved game"),
        ({k: v for k, v in good().items() if k != "format"}, "not a Half Moon saved game"),
        ({**good(), "version": 2}, "version 2 is not supported"),
        ({**good(), "version": "1"}, "version '1' is not supported"),
        ({k: v for k, v in good().items() if k != "version"}, "version None"),
        ({k: v for k, v in good().items() if k != "start"}, "start"),
        ({k: v for k, v in good().items() if k != "moves"}, "moves"),
        ({k: v for k, v in good().items() if k != "elapsed_ms"}, "time"),
        ({**good(), "start": 7}, "start"),
        ({**good(), "moves": ["4-7"]}, "moves"),
        ({**good(), "elapsed_ms": -1}, "time"),
        ({**good(), "elapsed_ms": 1.5}, "time"),
        ({**good(), "elapsed_ms": "5000"}, "time"),
        ({**good(), "elapsed_ms": True}, "time"),
        ({**good(), "elapsed_ms": None}, "time"),
        ({**good(), "moves": "4-7,1-2"}, r"cannot be replayed: move 2 \(1-2\) is illegal"),
        ({**good(), "moves": "4-7,4-99"}, "cannot be replayed: move '4-99'"),
        ({**good(), "start": "HM1-N-AAAAAA"}, "cannot be replayed: the deal part"),
        ({**good(), "start": "HMP1:/"}, "cannot be replayed: a position has 20 fields"),
    ],
)
def test_malformed_saves_are_refused_whole(data: object, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        load_game(data)


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2", b"\xff"])
def test_bad_json_is_refused(text: str) -> None:
    with pytest.raises(SaveError, match="not valid JSON"):
        loads(text)  # type: ignore[arg-type]


def test_json_that_is_not_a_save_is_refused() -> None:
    with pytest.raises(SaveError, match="not an object"):
        loads("[1, 2]")


def test_a_refused_save_leaves_the_current_game_alone() -> None:
    game = played()
    before = game.position()
    data = {**save_game(game), "moves": "4-7,2-3-R3,5-6,1-2"}
    with pytest.raises(SaveError):
        load_game(data)
    assert game.position() == before and game.moves == 3
