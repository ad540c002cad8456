"""The game page's game, without the DOM: board model, clock, and its place in the statistics.

Saved as the engine's saved-game object (``halfmoon_core.save``: start, moves, elapsed_ms) plus
``counted``: whether this game's result is already in the statistics (a won game counts once),
and ``daily``, the date ``YYYY-MM-DD`` when the game is that date's daily deal (absent
otherwise; docs/formats.md, "The daily deal").
"""

from __future__ import annotations

from typing import Any, Protocol

from halfmoon_core import Game, daily_code, format_moves, is_position_text, load_game, save_game
from halfmoon_web.model.board_model import BoardModel
from halfmoon_web.model.bounds import checked
from halfmoon_web.model.clock import Clock
from halfmoon_web.model.stats import GameRecord
from halfmoon_web.shared.invalid import InvalidValue


class Recorder(Protocol):
    """Where finished games are counted: :class:`~halfmoon_web.storage.saved.SavedData` (the stored
    statistics) or a :class:`~halfmoon_web.model.stats.Stats`."""

    def record(self, game: GameRecord) -> object: ...


class GameSession:
    """One deal being played on the game page."""

    def __init__(
        self, game: Game, elapsed_ms: int = 0, counted: bool = False, daily: str | None = None
    ) -> None:
        self.model = BoardModel(game)
        self.clock = Clock(elapsed_ms)
        self.counted = counted
        self.daily = daily
        """The date whose daily deal this game is (``YYYY-MM-DD``), else None."""

    @property
    def game(self) -> Game:
        """The engine's game."""
        return self.model.game

    @property
    def code(self) -> str:
        """The deal code (the game's start)."""
        return self.game.start

    def acted(self, now: float) -> None:
        """After a tap or an undo: the clock runs while the game goes on, stops at its end."""
        if self.game.status == "playing":
            self.clock.start(now)
        else:
            self.clock.pause(now)

    def restart(self) -> None:
        """Back to the deal's start, with the clock at zero (a new attempt)."""
        self.model.restart()
        self.clock.reset()
        self.counted = False

    def _record(self, stats: Recorder, won: bool, now: float) -> GameRecord:
        game = self.game
        elapsed = self.clock.elapsed(now)
        line = format_moves(game.history)
        record = GameRecord(self.code, won, game.score, game.moves, elapsed, line, self.daily)
        stats.record(record)
        self.counted = True
        return record

    def record_win(self, stats: Recorder, now: float) -> GameRecord | None:
        """Count the game as won, once, if it is won."""
        if self.counted or self.game.status != "won":
            return None
        return self._record(stats, True, now)

    def record_left(self, stats: Recorder, now: float) -> GameRecord | None:
        """The player leaves the game: count it as lost if it had a move and is not counted."""
        if self.counted or not self.game.history:
            return None
        return self._record(stats, False, now)

    def to_json(self, now: float) -> dict[str, Any]:
        """The saved form."""
        data = save_game(self.game, self.clock.elapsed(now))
        data["counted"] = self.counted
        if self.daily is not None:
            data["daily"] = self.daily
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameSession:
        """Restore a saved game (the clock waits for the next tap); the engine's SaveError,
        or a ValueError for a bad ``counted`` flag or daily date, a time out of its range
        (docs/storage.md, "The ranges of numbers") or a start that is not a deal code."""
        game, elapsed = load_game(data)
        checked(elapsed, "elapsed_ms")
        if is_position_text(game.start):  # the game page plays deals, never positions
            raise InvalidValue("invalid_game_start")
        counted = data.get("counted", False)
        if not isinstance(counted, bool):
            raise InvalidValue("invalid_counted")
        daily = data.get("daily")
        if daily is not None and (not isinstance(daily, str) or daily_code(daily) != game.start):
            raise InvalidValue("invalid_daily_game")
        return cls(game, elapsed, counted, daily)
