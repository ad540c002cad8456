"""The game clock (docs/interface.md, "The game page") as plain arithmetic: callers pass the
current time in milliseconds. It stops at the longest duration a save may hold
(docs/storage.md, "The ranges of numbers"), so its time can always be saved and read back."""

from __future__ import annotations

from halfmoon_web.model.bounds import MAX_DURATION_MS


class Clock:
    """Elapsed play time. ``start`` counts from ``now`` on, ``pause`` banks what was counted."""

    def __init__(self, elapsed_ms: int = 0) -> None:
        self._banked = _held(elapsed_ms)
        self._since: float | None = None

    @property
    def running(self) -> bool:
        """True while the clock counts."""
        return self._since is not None

    def start(self, now: float) -> None:
        """Start (or resume) counting at ``now``; no effect while running."""
        if self._since is None:
            self._since = now

    def pause(self, now: float) -> None:
        """Stop counting at ``now``, keeping the time counted so far."""
        if self._since is not None:
            self._banked = _held(self._banked + max(0, int(now - self._since)))
            self._since = None

    def elapsed(self, now: float) -> int:
        """Milliseconds counted up to ``now``."""
        if self._since is None:
            return self._banked
        return _held(self._banked + max(0, int(now - self._since)))

    def reset(self, elapsed_ms: int = 0) -> None:
        """Stop and set the elapsed time (0 for a new deal)."""
        self._banked = _held(elapsed_ms)
        self._since = None


def _held(ms: float) -> int:
    """Milliseconds from 0 to :data:`MAX_DURATION_MS`."""
    return min(MAX_DURATION_MS, max(0, int(ms)))


def format_time(ms: int) -> str:
    """``m:ss`` (minutes are not capped: 75 minutes is ``75:00``)."""
    seconds = max(0, int(ms)) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"
