"""The only module that touches ``localStorage``.

``Storage`` wraps a backend with ``getItem``/``setItem``/``removeItem`` (the browser's
``window.localStorage``, or a fake in tests). Every read goes to the backend, never to a copy
kept in memory, so another tab's writes are seen at once (docs/storage.md, "Tabs"). A write
that the browser refuses (storage blocked, private mode, quota full) is kept in memory and
tried again at the next write; meanwhile :attr:`Storage.saving` is False and the page shows
that the game is not being saved. A value that must be *merged* with what another tab stores
meanwhile (the statistics) is not held as text: its :class:`Merge` makes its text again from
what is stored at each later write that succeeds, until it is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, Protocol

GAME_KEY = "halfmoon.game"
SETTINGS_KEY = "halfmoon.settings"
STATS_KEY = "halfmoon.stats"
#: The board the game page last drew, for early.js to paint before Python (docs/startup.md).
SNAPSHOT_KEY = "halfmoon.board-snapshot"
#: Copies of unreadable values (halfmoon_web/storage/backups.py).
BACKUPS_KEY = "halfmoon.backups"
#: The taps a page whose Python runs in a worker made but had not saved when it went, written
#: by its applier and played by the next start (docs/worker.md, "Saving against a closing tab").
UNSAVED_TAPS_KEY = "halfmoon.unsaved-taps"
#: The start guard's sessionStorage keys (web/site/start_guard.js, docs/deploys.md): one reload
#: for a build replaced mid-start, what its self-repair dropped, what Repair was pressed for.
#: Python never reads them.
RETRIED_BUILD_KEY = "halfmoon.retried-build"
#: One reload for a runtime that crashed as it started (a WebAssembly trap: start_guard.js).
RETRIED_CRASH_KEY = "halfmoon.retried-crash"
SELF_REPAIRED_KEY = "halfmoon.self-repaired"
#: The failure (address and message) the player last pressed Repair for: the same failure
#: after that Repair makes the next Repair load the page without its query (never a loop).
REPAIRED_FAILURE_KEY = "halfmoon.repaired-failure"
#: Where an earlier version kept its one copy of a bad value (read once, then moved).
OLD_BACKUP_SUFFIX = ".backup"
#: Kept only while there is room: given up, in this order, when a save does not fit.
SPARE_KEYS = (SNAPSHOT_KEY, BACKUPS_KEY)


class Backend(Protocol):
    """The part of the Web Storage API that is used."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class Merge(Protocol):
    """A write that waits for room and is remade from what is stored when it is tried."""

    def text(self) -> str | None:
        """The text to store now, made from what storage holds now; None: nothing to write
        any more (the write is dropped)."""
        ...

    def done(self) -> None:
        """The write is over: stored, dropped, or replaced by a plain write of its key."""
        ...


class Storage:
    """Text by key, persisted when the browser allows it, else held in memory meanwhile."""

    def __init__(self, backend: Backend | None) -> None:
        self._backend = backend
        self._unsaved: dict[str, str] = {}
        """Values the browser refused, by key: what this page holds until a write succeeds."""
        self.given_up: list[str] = []
        """Spare keys removed to make room for a save (the page tells the player)."""
        self._merges: dict[str, Merge] = {}
        """Merged writes the browser refused, by key: remade and tried at each later write."""
        self._retrying = False
        self.on_outcome: Callable[[], None] | None = None
        """Told when a write is refused after it was sent (only :class:`~.late_storage.LateStorage`
        learns a refusal late; the page then shows what is not saved)."""

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
        return not self.blocked and not self._unsaved and not self._merges

    @property
    def pending(self) -> list[str]:
        """The keys whose last write the browser refused (held in memory, tried again)."""
        return [*self._unsaved, *(key for key in self._merges if key not in self._unsaved)]

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
        spare keys to make room. A spare value that does not fit is simply not kept. A merged
        write waiting for ``key`` is replaced by this one; the others waiting are tried after
        this one succeeds (there is room again)."""
        if not spare:
            self._drop_merge(key)
        if self._write(key, text) or (not spare and self._make_room_for(key, text)):
            self._unsaved.pop(key, None)
            if not spare:
                self._retry_merges()
            return True
        if not spare:
            self._unsaved[key] = text
        return False

    def set_merged(self, key: str, merge: Merge) -> bool:
        """Store the text ``merge`` makes from what is stored now; True when the browser kept
        it (or there was nothing to write). A refusal keeps ``merge`` (not its text): at each
        later write that succeeds it makes its text again, from what is stored then (another
        tab's writes meanwhile included), and is tried again, until it is stored. It takes
        the place of a merged write that waits for ``key`` (which is not ``done``: the new one
        carries it on)."""
        self._merges[key] = merge
        return self._try_merge(key)

    def _try_merge(self, key: str) -> bool:
        merge = self._merges[key]
        text = merge.text()
        if text is not None and not (self._write(key, text) or self._make_room_for(key, text)):
            return False
        if self._merges.get(key) is merge:
            del self._merges[key]
        self._unsaved.pop(key, None)
        merge.done()
        return True

    def _retry_merges(self) -> None:
        """Try the merged writes that wait (a write just succeeded: there may be room)."""
        if self._retrying:
            return
        self._retrying = True
        try:
            for key in list(self._merges):
                if key in self._merges:
                    self._try_merge(key)
        finally:
            self._retrying = False

    def _drop_merge(self, key: str) -> None:
        merge = self._merges.pop(key, None)
        if merge is not None:
            merge.done()

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
        """Forget a key's value (a merged write that waits for it still waits)."""
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
