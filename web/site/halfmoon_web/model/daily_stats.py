"""The daily deal's statistics, apart from the totals (docs/interface.md, "Statistics").

A daily deal counts once per date, by the date of the deal (not the day it was played): played
when a game of it is first counted, won once any game of it is won (a date lost first and won
later turns won). The daily streak is the run of consecutive dates whose daily deal is won that
ends today, or yesterday while today's may still be played; the best is the longest run.
Stored as the day numbers of the dates (halfmoon_core/daily.py), sorted: ``{"won": [...],
"lost": [...]}`` (dates played and not won).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from halfmoon_web.model.bounds import in_range
from halfmoon_web.shared.invalid import InvalidValue


@dataclass
class DailyStats:
    """The dates whose daily deal was won, and those played but not won (day numbers)."""

    won: list[int] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    """The fields this version does not know, kept as they are."""

    def record(self, day: int, won: bool) -> None:
        """Count a game of the daily deal of day ``day``."""
        if day in self.won:
            return
        if won:
            self.won = sorted({*self.won, day})
            self.lost = [other for other in self.lost if other != day]
        elif day not in self.lost:
            self.lost = sorted({*self.lost, day})

    @property
    def played(self) -> int:
        """Dates played."""
        return len(self.won) + len(self.lost)

    def streak(self, today: int) -> int:
        """The run of won dates that ends today, else yesterday; 0 when neither was won."""
        won = set(self.won)
        end = today if today in won else today - 1
        count = 0
        while end - count in won:
            count += 1
        return count

    @property
    def best_streak(self) -> int:
        """The longest run of consecutive won dates."""
        best = run = 0
        previous = None
        for day in self.won:
            run = run + 1 if previous == day - 1 else 1
            best, previous = max(best, run), day
        return best

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {**self.extra, "won": list(self.won), "lost": list(self.lost)}

    @classmethod
    def from_json(cls, data: Any) -> DailyStats:
        """Daily statistics from stored JSON; ValueError when anything is off."""
        if not isinstance(data, dict):
            raise InvalidValue("invalid_daily_object")
        won, lost = _days(data.get("won", [])), _days(data.get("lost", []))
        if set(won) & set(lost):
            raise InvalidValue("invalid_daily_both")
        extra = {name: value for name, value in data.items() if name not in ("won", "lost")}
        return cls(won, lost, extra)


def _days(value: Any) -> list[int]:
    """Sorted day numbers, each once; ValueError for anything else (a day after 9999-12-31
    too: docs/storage.md, "The ranges of numbers")."""
    if not isinstance(value, list) or not all(in_range(day, "day") for day in value):
        raise InvalidValue("invalid_daily_dates")
    return sorted(set(value))
