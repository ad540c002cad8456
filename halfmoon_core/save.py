"""Saved games: the start (deal code or position) plus the moves in order, as PGN is to chess."""

from __future__ import annotations

import json
from typing import Any

from .errors import HalfMoonError, SaveError
from .game import Game, replay
from .moves import format_moves, parse_moves

SAVE_FORMAT = "halfmoon-game"
SAVE_VERSION = 1


def save_game(game: Game, elapsed_ms: int = 0) -> dict[str, Any]:
    """A JSON-able dict that :func:`load_game` turns back into the same game."""
    if elapsed_ms < 0:
        raise SaveError("the saved game's time cannot be negative")
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "start": game.start,
        "moves": format_moves(game.history),
        "elapsed_ms": int(elapsed_ms),
    }


def load_game(data: Any) -> tuple[Game, int]:
    """The game and elapsed milliseconds of a saved dict; SaveError when anything is wrong."""
    if not isinstance(data, dict):
        raise SaveError("the saved game is not an object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a Half Moon saved game")
    version = data.get("version")
    if version != SAVE_VERSION:
        raise SaveError(
            f"saved game version {version!r} is not supported (expected {SAVE_VERSION})"
        )
    start, moves, elapsed = data.get("start"), data.get("moves"), data.get("elapsed_ms")
    if not isinstance(start, str) or not isinstance(moves, str):
        raise SaveError("the saved game lacks its start or its moves")
    if isinstance(elapsed, bool) or not isinstance(elapsed, int) or elapsed < 0:
        raise SaveError("the saved game's time is not a whole number of milliseconds")
    try:
        game = replay(start, parse_moves(moves))
    except HalfMoonError as exc:
        raise SaveError(f"the saved game cannot be replayed: {exc}") from None
    return game, elapsed


def dumps(game: Game, elapsed_ms: int = 0) -> str:
    """The saved game as JSON text."""
    return json.dumps(save_game(game, elapsed_ms), separators=(",", ":"))


def loads(text: str) -> tuple[Game, int]:
    """Read JSON text written by :func:`dumps`; SaveError when it is corrupt."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the saved game is not valid JSON: {exc}") from None
    return load_game(data)
