"""The range of every number the game reads from storage or an import (docs/storage.md,
"The ranges of numbers").

A number outside its range is refused like any bad value (a message, a copy on the shelf,
nothing applied), and every number the page writes stays inside it: the clock stops at the
longest duration and the totals stop at the largest count, so that no value that was accepted
can fail later, in a chart, a sum or a save.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from halfmoon_core import WIN_MOVES, WIN_SCORE, DailyDate
from halfmoon_web.shared.invalid import InvalidValue


class Range(NamedTuple):
    """The whole numbers from ``low`` to ``high`` (both included)."""

    low: int
    high: int


MAX_DURATION_MS = 100 * 24 * 60 * 60 * 1000
"""The longest time a game's clock counts: 100 days (the clock stops there)."""
MAX_COUNT = 999_999_999
"""The most games the totals count (they stop there)."""
FULL_SCORE = WIN_SCORE
"""A won game's score, the engine's (every card removed)."""
MOST_MOVES = WIN_MOVES
"""The removals of a whole game, the engine's (every card removed)."""
LAST_DAY = DailyDate(9999, 12, 31).number
"""The day number of the last date with a daily deal (years have four digits)."""
MAX_LENGTH = 1_000_000_000
"""The longest stored value a kept copy can tell of, in characters (browsers keep a few
million)."""
MAX_VERSION = 999
"""The highest format version taken for a newer version's value, left in place; a higher one
is not a version at all (the value is unreadable)."""

#: The range of each kind of number, by name (the table of docs/storage.md).
RANGES: dict[str, Range] = {
    "duration": Range(0, MAX_DURATION_MS),
    "count": Range(0, MAX_COUNT),
    "score": Range(0, FULL_SCORE),
    "moves": Range(0, MOST_MOVES),
    "day": Range(0, LAST_DAY),
    "version": Range(1, MAX_VERSION),
    "length": Range(0, MAX_LENGTH),
}

#: Which kind each stored field is.
FIELDS: dict[str, str] = {
    "elapsed_ms": "duration",
    "time_ms": "duration",
    "best_time_ms": "duration",
    "played": "count",
    "won": "count",
    "streak": "count",
    "best_streak": "count",
    "score": "score",
    "best_lost_score": "score",
    "moves": "moves",
    "day": "day",
    "version": "version",
    "size": "length",
}


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a JSON whole number (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def in_range(value: Any, name: str) -> bool:
    """Whether ``value`` is a whole number in the range of field ``name``."""
    low, high = RANGES[FIELDS[name]]
    return is_whole(value) and low <= value <= high


def checked(value: Any, name: str) -> int:
    """``value`` when it is a whole number in the range of field ``name``; else
    :class:`InvalidValue` that names the field and its range (never the value, which may be
    thousands of digits long)."""
    if not is_whole(value):
        raise InvalidValue("invalid_count", name=name)
    low, high = RANGES[FIELDS[name]]
    if not low <= value <= high:
        raise InvalidValue("invalid_out_of_range", name=name, low=low, high=high)
    return value


def capped(value: int, name: str) -> int:
    """``value`` held inside the range of field ``name`` (what the page writes)."""
    low, high = RANGES[FIELDS[name]]
    return min(max(value, low), high)


def is_newer(version: Any, current: int) -> bool:
    """Whether ``version`` is the format version of a newer Half Moon than one that writes
    version ``current`` (a value to leave in place, never to overwrite)."""
    return is_whole(version) and current < version <= MAX_VERSION


def known_version(value: Any, current: int) -> int:
    """The format version ``value`` when this page reads it (1 to ``current``); else
    :class:`InvalidValue` (a newer one says so)."""
    if is_newer(value, current):
        raise InvalidValue("invalid_newer_version")
    if not is_whole(value) or not 1 <= value <= current:
        raise InvalidValue("invalid_version")
    return value
