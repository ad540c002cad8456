"""The page's time and timers, for Python in the worker (docs/worker.md, "Time and timers").

The worker keeps no clock of its own: the time Python reads is the page's, as the main thread
sent it with the event being played (``performance.now()``, ``Date.now()`` and the time zone's
offset), and every timer Python sets is set on the page, which sends an event when it fires.
So the page's clock is the one clock: a test's fake clock, a device's wrong date, a hidden tab's
slowed timers all reach Python as they reach the page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from halfmoon_web.remote.mirror import Changes


@dataclass
class PageClock:
    """The page's time, as of the last message from it."""

    now: float = 0.0
    """``performance.now()`` on the page, in milliseconds."""
    epoch: float = 0.0
    """``Date.now()`` on the page: milliseconds since 1970 (UTC)."""
    offset: int = 0
    """``new Date().getTimezoneOffset()`` on the page: minutes to add to local time for UTC."""

    def update(self, data: dict[str, Any]) -> None:
        """Take the times a message carries (``now``, ``epoch``, ``offset``), if any."""
        if isinstance(data.get("now"), int | float):
            self.now = float(data["now"])
        if isinstance(data.get("epoch"), int | float):
            self.epoch = float(data["epoch"])
        if isinstance(data.get("offset"), int):
            self.offset = int(data["offset"])


class Performance:
    """``performance``, as the page's: its ``now()`` is the page's time of the event played."""

    def __init__(self, clock: PageClock) -> None:
        self._clock = clock

    def now(self) -> float:
        """The page's ``performance.now()`` when it sent the event being played."""
        return self._clock.now


class PageDate:
    """``new Date()`` as the page's clock tells it, with the getters the view reads."""

    def __init__(self, clock: PageClock) -> None:
        utc = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=clock.epoch)
        self._utc = utc
        self._local = utc - timedelta(minutes=clock.offset)

    def getFullYear(self) -> int:
        return self._local.year

    def getMonth(self) -> int:
        return self._local.month - 1

    def getDate(self) -> int:
        return self._local.day

    def getTime(self) -> float:
        return (self._utc - datetime(1970, 1, 1, tzinfo=UTC)) / timedelta(milliseconds=1)

    def toISOString(self) -> str:
        return self._utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self._utc.microsecond // 1000:03d}Z"


class DateMaker:
    """``window.Date``: ``Date.new()`` is the page's now; ``Date.now()`` its milliseconds."""

    def __init__(self, clock: PageClock) -> None:
        self._clock = clock

    def new(self) -> PageDate:
        return PageDate(self._clock)

    def now(self) -> float:
        return self._clock.epoch


class PageTimers:
    """Timers set on the page: ``["timer", n, ms, repeat]`` and ``["untimer", n]``; the page
    sends ``{"timer": n}`` when one fires, and :meth:`fire` runs its callback."""

    def __init__(self, changes: Changes) -> None:
        self._changes = changes
        self._callbacks: dict[int, tuple[Callable[..., Any], bool]] = {}
        self._next = 1

    def set(self, callback: Callable[..., Any], ms: object, repeat: bool) -> int:
        """Ask the page for a timer; its number."""
        number = self._next
        self._next += 1
        self._callbacks[number] = (callback, repeat)
        delay = int(ms) if isinstance(ms, int | float) else 0
        self._changes.add("timer", number, max(0, delay), repeat)
        return number

    def clear(self, number: object) -> None:
        """Cancel a timer (a number not set, or already fired, is no error)."""
        if isinstance(number, int) and self._callbacks.pop(number, None) is not None:
            self._changes.add("untimer", number)

    def fire(self, number: object) -> None:
        """The page's timer ``number`` fired: run its callback (once, unless it repeats)."""
        if not isinstance(number, int) or number not in self._callbacks:
            return
        callback, repeat = self._callbacks[number]
        if not repeat:
            del self._callbacks[number]
        callback()

    @property
    def waiting(self) -> int:
        """How many timers wait to fire."""
        return len(self._callbacks)
