"""The only module that touches ``localStorage``.

``Storage`` wraps a backend with ``getItem``/``setItem``/``removeItem`` (the browser's
``window.localStorage``, or a fake in tests). When the backend is missing or throws (storage
disabled, private mode, quota full) it keeps everything in memory from then on and raises a
one-time notice for the player. Corrupt values are moved aside under a backup key.
"""

from __future__ import annotations

import json
from contextlib import suppress
from typing import Any, Protocol

GAME_KEY = "halfmoon.game"
SETTINGS_KEY = "halfmoon.settings"
STATS_KEY = "halfmoon.stats"
#: The board the game page last drew, for early.js to paint before Python (docs/startup.md).
SNAPSHOT_KEY = "halfmoon.board-snapshot"
BACKUP_SUFFIX = ".backup"


class Backend(Protocol):
    """The part of the Web Storage API that is used."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class Corrupt(ValueError):
    """A stored value that is not valid JSON (it has been moved to the backup key)."""


class Storage:
    """JSON values by key, persisted when possible, otherwise kept in memory."""

    def __init__(self, backend: Backend | None) -> None:
        self._backend = backend
        self._memory: dict[str, str] = {}
        self._notice_pending = backend is None

    @classmethod
    def from_window(cls, window: Any) -> Storage:
        """Storage over ``window.localStorage`` (reading the property itself may throw)."""
        try:
            backend = window.localStorage
            backend.getItem(GAME_KEY)  # some browsers only throw on first use
        except Exception:
            backend = None
        return cls(backend)

    @property
    def persistent(self) -> bool:
        """False once storage failed and values live only in memory."""
        return self._backend is not None

    def take_notice(self) -> bool:
        """True exactly once after storage failed: the caller tells the player."""
        pending, self._notice_pending = self._notice_pending, False
        return pending

    def _fail(self) -> None:
        if self._backend is not None:
            self._backend = None
            self._notice_pending = True

    def get_text(self, key: str) -> str | None:
        """The stored text, or None."""
        if key in self._memory or self._backend is None:
            return self._memory.get(key)
        try:
            value = self._backend.getItem(key)
        except Exception:
            self._fail()
            return None
        text = value if isinstance(value, str) else None  # JS null arrives as jsnull, not None
        if text is not None:
            self._memory[key] = text
        return text

    def set_text(self, key: str, text: str) -> None:
        """Store text (in memory at least)."""
        self._memory[key] = text
        if self._backend is not None:
            try:
                self._backend.setItem(key, text)
            except Exception:
                self._fail()

    def offer_text(self, key: str, text: str) -> None:
        """Keep text that is only a cache (the board snapshot) when the browser takes it.

        Nothing is kept in memory, and a refusal (a full quota) drops the key without turning
        persistence off: the game, settings and statistics must never lose their place to it.
        """
        if self._backend is None:
            return
        try:
            self._backend.setItem(key, text)
        except Exception:
            with suppress(Exception):
                self._backend.removeItem(key)

    def remove(self, key: str) -> None:
        """Forget a key."""
        self._memory.pop(key, None)
        if self._backend is not None:
            try:
                self._backend.removeItem(key)
            except Exception:
                self._fail()

    def get_json(self, key: str) -> Any:
        """The stored JSON value, None when absent; Corrupt (after a backup) when unreadable."""
        text = self.get_text(key)
        if text is None:
            return None
        try:
            return json.loads(text)
        except ValueError as exc:
            self.backup(key)
            raise Corrupt(f"{key} is not valid JSON") from exc

    def set_json(self, key: str, value: Any) -> None:
        """Store a JSON value."""
        self.set_text(key, json.dumps(value, separators=(",", ":"), ensure_ascii=False))

    def backup(self, key: str) -> None:
        """Move the value of ``key`` to ``key + ".backup"`` (keeping the bad data for a look)."""
        text = self.get_text(key)
        if text is not None:
            self.set_text(key + BACKUP_SUFFIX, text)
        self.remove(key)
