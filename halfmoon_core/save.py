"""Saved games: the start (deal code or position) plus the moves in order, as PGN is to chess.

Every save carries ``version``. A save written by an older version of the format is brought up
to date by :func:`migrate` before :func:`load_game` checks it, so a change of format never
throws away the games in progress. To change the format:

1. Freeze a save that the current code writes as ``tests/fixtures/save_vN.json`` (N being the
   current ``SAVE_VERSION``) with a test that it still loads, if there is none yet.
2. Bump ``SAVE_VERSION`` to N + 1 and change :func:`save_game` and :func:`load_game`.
3. Add ``MIGRATIONS[N]``: a function that takes a version-N dict and returns the same game as a
   version-(N + 1) dict (:func:`migrate` stamps the new version number on its result).

The steps are never removed, so a save of any past version goes through them all in turn.
See docs/saves.md.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from .errors import HalfMoonError, SaveError
from .game import Game, replay
from .moves import format_moves, parse_moves

SAVE_FORMAT = "halfmoon-game"
SAVE_VERSION = 2

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _add_redo_line(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: a version-1 save has no redo line; it gets an empty one."""
    return {**data, "redo": ""}


# MIGRATIONS[n] turns a version-n save into a version-(n + 1) save; see the module docstring
# for how to add a step, and docs/saves.md for what each step does.
MIGRATIONS: dict[int, Migration] = {1: _add_redo_line}


def save_game(game: Game, elapsed_ms: int = 0) -> dict[str, Any]:
    """A JSON-able dict that :func:`load_game` turns back into the same game."""
    if elapsed_ms < 0:
        raise SaveError("save_negative_time")
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "start": game.start,
        "moves": format_moves(game.history),
        "redo": format_moves(game.redo_line),
        "elapsed_ms": int(elapsed_ms),
    }


def migrate(
    data: Any, migrations: Mapping[int, Migration] = MIGRATIONS, current: int = SAVE_VERSION
) -> dict[str, Any]:
    """A copy of a saved dict brought up to version ``current``, one step at a time."""
    if not isinstance(data, dict):
        raise SaveError("save_not_object")
    version = _version(data)
    upgraded = copy.deepcopy(data)
    for step, migration in enumerate(_chain(version, migrations, current), start=version):
        upgraded = _apply(migration, upgraded, step)
    return upgraded


def _version(data: dict[str, Any]) -> int:
    """The version number a saved dict carries; SaveError when it has no whole number there."""
    if "version" not in data:
        raise SaveError("save_no_version")
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError("save_bad_version", version=version)
    if version < 1:
        raise SaveError("save_version_below_1", version=version)
    return version


def _chain(version: int, migrations: Mapping[int, Migration], current: int) -> list[Migration]:
    """The steps from ``version`` up to ``current`` in order; SaveError when one is lacking."""
    if version > current:
        raise SaveError("save_newer", version=version, current=current)
    for step in range(version, current):
        if step not in migrations:
            raise SaveError("save_step_missing", version=version, step=step, next=step + 1)
    return [migrations[step] for step in range(version, current)]


def _apply(migration: Migration, data: dict[str, Any], version: int) -> dict[str, Any]:
    """One step, version to version + 1; SaveError when the old save is too broken for it."""
    try:
        upgraded = migration(data)
    except HalfMoonError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(
            "save_damaged",
            version=version,
            next=version + 1,
            kind=type(exc).__name__,
            detail=str(exc),
        ) from None
    return {**upgraded, "version": version + 1}


def load_game(data: Any) -> tuple[Game, int]:
    """The game and elapsed milliseconds of a saved dict; SaveError when anything is wrong."""
    if not isinstance(data, dict):
        raise SaveError("save_not_object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError("save_not_halfmoon")
    data = migrate(data, MIGRATIONS, SAVE_VERSION)
    start, moves, elapsed = data.get("start"), data.get("moves"), data.get("elapsed_ms")
    if not isinstance(start, str) or not isinstance(moves, str):
        raise SaveError("save_incomplete")
    if isinstance(elapsed, bool) or not isinstance(elapsed, int) or elapsed < 0:
        raise SaveError("save_bad_time")
    try:
        game = replay(start, parse_moves(moves))
    except HalfMoonError as exc:
        raise SaveError("save_replay", error=exc.message) from None
    _load_redo_line(game, data.get("redo"))
    return game, elapsed


def _load_redo_line(game: Game, redo: Any) -> None:
    """Give a loaded game its saved redo line; SaveError when it is not text or not playable."""
    if not isinstance(redo, str):
        raise SaveError("save_bad_redo")
    try:
        game.set_redo_line(parse_moves(redo))
    except HalfMoonError as exc:
        raise SaveError("save_redo", error=exc.message) from None
