"""The only module that touches ``localStorage``.

``Storage`` wraps a backend with ``getItem``/``setItem``/``removeItem`` (the browser's
``window.localStorage``, or a fake in tests). Every read goes to the backend, never to a copy
kept in memory, so another tab's writes are seen at once (docs/storage.md, "Tabs"). A write
that the browser refuses (storage blocked, private mode, quota full) is kept in memory and
tried again at the next write; meanwhile :attr:`Storage.saving` is False and the page shows
that the game is not being saved.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any, Protocol

GAME_KEY = "halfmoon.game"
SETTINGS_KEY = "halfmoon.settings"
STATS_KEY = "halfmoon.stats"
#: The board the game page last drew, for early.js to paint before Python (docs/startup.md).
SNAPSHOT_KEY = "halfmoon.board-snapshot"
#: Copies of unreadable values (halfmoon_web/storage/backups.py).
BACKUPS_KEY = "halfmoon.backups"
#: The start guard's sessionStorage keys (web/site/start_guard.js, docs/deploys.md): one reload
#: for a build replaced mid-start, and what its self-repair dropped. Python never reads them.
RETRIED_BUILD_KEY = "halfmoon.retried-build"
SELF_REPAIRED_KEY = "halfmoon.self-repaired"
#: Where an earlier version kept its one copy of a bad value (read once, then moved).
OLD_BACKUP_SUFFIX = ".backup"
#: Kept only while there is room: given up, in this order, when a save does not fit.
SPARE_KEYS = (SNAPSHOT_KEY, BACKUPS_KEY)


class Backend(Protocol):
    """The part of the Web Storage API that is used."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class Storage:
    """Text by key, persisted when the browser allows it, else held in memory meanwhile."""

    def __init__(self, backend: Backend | None) -> None:
        self._backend = backend
        self._unsaved: dict[str, str] = {}
        """Values the browser refused, by key: what this page holds until a write succeeds."""
        self.given_up: list[str] = []
        """Spare keys removed to make room for a save (the page tells the player)."""

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
    def blocked(self) -> bool:
        """The browser gives no storage at all: nothing outlives the page."""
        return self._backend is None

    @property
    def saving(self) -> bool:
        """Every value written so far is stored."""
        return not self.blocked and not self._unsaved

    @property
    def pending(self) -> list[str]:
        """The keys whose last write the browser refused (held in memory, tried again)."""
        return list(self._unsaved)

    def get_text(self, key: str) -> str | None:
        """The stored text (or the text this page holds because storing it failed), or None."""
        if key in self._unsaved:
            return self._unsaved[key]
        if self._backend is None:
            return None
        try:
            value = self._backend.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def set_text(self, key: str, text: str, *, spare: bool = False) -> bool:
        """Store text; True when the browser kept it. A refusal keeps the text in memory (so
        reads still see it) and, unless this value is itself ``spare``, first gives up the
        spare keys to make room. A spare value that does not fit is simply not kept."""
        if self._write(key, text):
            self._unsaved.pop(key, None)
            return True
        if spare:
            return False
        if self._make_room_for(key, text):
            self._unsaved.pop(key, None)
            return True
        self._unsaved[key] = text
        return False

    def _make_room_for(self, key: str, text: str) -> bool:
        """Give up spare values, one at a time, until ``text`` fits; when it does not fit even
        then, put them back (they did fit before): nothing is given up for nothing."""
        removed: list[tuple[str, str]] = []
        for victim in SPARE_KEYS:
            spare_text = self.get_text(victim)
            if victim == key or spare_text is None or not self._delete(victim):
                continue
            removed.append((victim, spare_text))
            if self._write(key, text):
                self.given_up.extend(victim for victim, _ in removed)
                return True
        for victim, spare_text in removed:
            self._write(victim, spare_text)
        return False

    def offer_text(self, key: str, text: str) -> None:
        """Keep text that is only a cache (the board snapshot) when the browser takes it; a
        refusal drops the key: the game, settings and statistics never lose room to it."""
        if not self.set_text(key, text, spare=True):
            self._delete(key)

    def remove(self, key: str) -> None:
        """Forget a key."""
        self._unsaved.pop(key, None)
        self._delete(key)

    def take_given_up(self) -> list[str]:
        """The spare keys given up since the last call."""
        given, self.given_up = self.given_up, []
        return given

    def _write(self, key: str, text: str) -> bool:
        if self._backend is None:
            return False
        try:
            self._backend.setItem(key, text)
        except Exception:
            return False
        return True

    def _delete(self, key: str) -> bool:
        if self._backend is None:
            return False
        with suppress(Exception):
            self._backend.removeItem(key)
            return True
        return False
