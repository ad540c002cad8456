"""Local statistics: played, won, win rate, best time, streaks, recent games, the results
history behind the charts, and the daily deal's statistics (docs/interface.md, "Statistics").

A game counts once: when it is won, or (as lost) when the player leaves it by a new game, a
restarted deal or another deal after at least one move. A game left without any move, or a
deal that is stalemate from the start and left untouched, does not count. The totals count
every game, the daily deal's included; :mod:`.daily_stats` counts the daily deals by date.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from halfmoon_core import HalfMoonError, format_moves, normalise_code, parse_date, parse_moves
from halfmoon_web.model.bounds import MAX_COUNT, MOST_MOVES, capped, checked, known_version
from halfmoon_web.model.daily_stats import DailyStats
from halfmoon_web.shared.invalid import InvalidValue

VERSION = 1
"""The statistics' format; a value of a later one is left as it is (docs/storage.md, "Forward
compatibility")."""
RECENT_LIMIT = 10
HISTORY_LIMIT = 100
"""How many results (won or lost, oldest first) the statistics keep for the win-rate chart."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game; ``line``: its moves in move notation (docs/formats.md, "Moves"), or
    None for a game stored before the moves were kept (it cannot be replayed)."""

    code: str
    won: bool
    score: int
    moves: int
    time_ms: int
    line: str | None = None
    daily: str | None = None
    """The date (``YYYY-MM-DD``) when the game was that date's daily deal."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """The fields this version does not know, kept as they are."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (the unknown fields included)."""
        known = asdict(self)
        del known["extra"]
        return {**self.extra, **known}


@dataclass
class Stats:
    """Totals and the most recent games (newest first)."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_time_ms: int | None = None
    best_lost_score: int | None = None
    """The best score of a game lost (None before the first)."""
    recent: list[GameRecord] = field(default_factory=list)
    history: str = ""
    """The last results, oldest first: ``W`` won, ``L`` lost (at most :data:`HISTORY_LIMIT`)."""
    daily: DailyStats = field(default_factory=DailyStats)
    extra: dict[str, Any] = field(default_factory=dict)
    """The fields this version does not know, kept as they are (docs/storage.md)."""

    def record(self, game: GameRecord) -> None:
        """Count a finished game (and a daily deal's date). The totals and the results stop
        at :data:`~halfmoon_web.model.bounds.MAX_COUNT` games; the recent games go on. Its
        numbers are held in their ranges, so that what is stored can be read back."""
        game = replace(
            game,
            score=capped(game.score, "score"),
            moves=capped(game.moves, "moves"),
            time_ms=capped(game.time_ms, "time_ms"),
        )
        if game.daily is not None:
            self.daily.record(parse_date(game.daily).number, game.won)
        self.recent = [game, *self.recent][:RECENT_LIMIT]
        if self.played >= MAX_COUNT:
            return
        self.played += 1
        self.history = (self.history + ("W" if game.won else "L"))[-HISTORY_LIMIT:]
        if game.won:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if self.best_time_ms is None or game.time_ms < self.best_time_ms:
                self.best_time_ms = game.time_ms
        else:
            self.streak = 0
            if self.best_lost_score is None or game.score > self.best_lost_score:
                self.best_lost_score = game.score

    @property
    def win_rate(self) -> int | None:
        """Whole percent of games won, None before the first game."""
        if not self.played:
            return None
        return round(100 * self.won / self.played)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: the fields this version does not know, then its own."""
        return {
            **self.extra,
            "version": VERSION,
            "played": self.played,
            "won": self.won,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "best_time_ms": self.best_time_ms,
            "best_lost_score": self.best_lost_score,
            "recent": [game.to_json() for game in self.recent],
            "history": self.history,
            "daily": self.daily.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Statistics from stored JSON; ValueError when anything is off (a number out of its
        range too: docs/storage.md, "The ranges of numbers")."""
        if not isinstance(data, dict):
            raise InvalidValue("invalid_stats_object")
        known_version(data.get("version", VERSION), VERSION)
        counts = {}
        for name in ("played", "won", "streak", "best_streak"):
            counts[name] = checked(data.get(name, 0), name)
        best = data.get("best_time_ms")
        if best is not None:
            best = checked(best, "best_time_ms")
        recent_data = data.get("recent", [])
        if not isinstance(recent_data, list):
            raise InvalidValue("invalid_recent_list")
        recent = [_record(item) for item in recent_data[:RECENT_LIMIT]]
        best_lost = data.get("best_lost_score")
        if best_lost is not None:
            best_lost = checked(best_lost, "best_lost_score")
        elif "best_lost_score" not in data:  # stored before it was kept: the recent games say
            best_lost = max((game.score for game in recent if not game.won), default=None)
        if not counts["streak"] <= counts["best_streak"] <= counts["won"] <= counts["played"]:
            raise InvalidValue("invalid_stats_sum")
        history = _history(data.get("history"), recent, counts["played"], counts["won"])
        daily = DailyStats.from_json(data.get("daily", {}))
        extra = {name: value for name, value in data.items() if name not in _FIELDS}
        return cls(
            best_time_ms=best,
            best_lost_score=best_lost,
            recent=recent,
            history=history,
            daily=daily,
            extra=extra,
            **counts,
        )


_FIELDS = ("version", "played", "won", "streak", "best_streak", "best_time_ms", "best_lost_score",
           "recent", "history", "daily")  # fmt: skip
_RECORD_FIELDS = ("code", "won", "score", "moves", "time_ms", "line", "daily")


def _history(value: Any, recent: list[GameRecord], played: int, won: int) -> str:
    """The stored results; statistics stored before there was one start it from their recent
    games. ValueError when it is not ``W`` and ``L`` or holds more than the totals."""
    if value is None:
        return "".join("W" if game.won else "L" for game in reversed(recent))
    if not isinstance(value, str) or value.strip("WL"):
        raise InvalidValue("invalid_history_letters")
    value = value[-HISTORY_LIMIT:]
    if value.count("W") > won or value.count("L") > played - won:
        raise InvalidValue("invalid_history_sum")
    return value


def _record(item: Any) -> GameRecord:
    if not isinstance(item, dict) or not isinstance(item.get("code"), str):
        raise InvalidValue("invalid_recent_game")
    if not isinstance(item.get("won"), bool):
        raise InvalidValue("invalid_recent_result")
    return GameRecord(
        _code(item["code"]),
        item["won"],
        checked(item.get("score"), "score"),
        checked(item.get("moves"), "moves"),
        checked(item.get("time_ms"), "time_ms"),
        _line(item.get("line")),
        _daily_date(item.get("daily")),
        {name: value for name, value in item.items() if name not in _RECORD_FIELDS},
    )


def _code(value: str) -> str:
    """A recent game's deal code, checked as the engine reads one (the engine says what is
    wrong, the code cut short)."""
    return normalise_code(value)


def _daily_date(value: Any) -> str | None:
    """A recent game's daily date, checked (the engine says what is wrong)."""
    return None if value is None else str(parse_date(value))


def _line(value: Any) -> str | None:
    """A recent game's moves: absent (None), or a move list the engine reads (its legality is
    checked by replaying it when the game is replayed)."""
    if value is None:
        return None
    try:
        moves = parse_moves(value)
    except HalfMoonError:
        raise InvalidValue("invalid_recent_moves") from None
    if len(moves) > MOST_MOVES:
        raise InvalidValue("invalid_recent_moves")
    return format_moves(moves)
