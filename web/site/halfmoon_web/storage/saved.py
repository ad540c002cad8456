"""The player's settings and statistics as stored: read fresh, checked, changed in place.

Every change is a read-modify-write of what storage holds at that moment, never a write of a
copy this page loaded earlier, so two tabs (or a tab and the installed app) add up instead of
overwriting each other (docs/storage.md, "Tabs"). A value that cannot be used is moved to the
:class:`~halfmoon_web.storage.backups.BackupShelf` and reported in :attr:`SavedData.problems`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, TypeVar

from halfmoon_core import HalfMoonError, Message
from halfmoon_core.save import SAVE_FORMAT, SAVE_VERSION
from halfmoon_web.model import settings as settings_format
from halfmoon_web.model import stats as stats_format
from halfmoon_web.model.bounds import is_newer
from halfmoon_web.model.settings import Settings
from halfmoon_web.model.stats import GameRecord, Stats
from halfmoon_web.model.stored_json import Unreadable, parse_stored
from halfmoon_web.shared.invalid import InvalidValue
from halfmoon_web.storage.backups import BackupShelf, Kept
from halfmoon_web.storage.storage import (
    GAME_KEY,
    OLD_BACKUP_SUFFIX,
    SETTINGS_KEY,
    STATS_KEY,
    Storage,
)

T = TypeVar("T")
#: Why a value is unusable: the engine's message, the view's own, or a parser's English.
Reason = Message | InvalidValue | str


@dataclass(frozen=True)
class Problem:
    """A stored value that could not be used: its key, why (``problem`` is ``too_large``,
    ``too_deep``, ``not_json`` or ``invalid`` with the parser's, engine's or view's ``detail``: the
    engine's :class:`~halfmoon_core.Message` and the view's :class:`.InvalidValue` are said in
    the page's language), its length,
    what became of it (``kept``, ``kept_part`` or ``dropped``), and whether another tab stored
    it while this page ran (``elsewhere``: this page's own game goes on, it does not start
    anew)."""

    key: str
    problem: str
    detail: Reason
    size: int
    kept: Kept
    elsewhere: bool = False


def json_text(value: Any) -> str:
    """The compact JSON text the game stores."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


#: The format version this page writes under each key.
VERSIONS = {GAME_KEY: SAVE_VERSION, SETTINGS_KEY: settings_format.VERSION,
            STATS_KEY: stats_format.VERSION}  # fmt: skip


def newer_value(key: str, data: Any) -> bool:
    """Whether ``data`` (the JSON value of ``key``) was written by a newer Half Moon: left in
    place, never overwritten (docs/storage.md, "Forward compatibility")."""
    if not isinstance(data, dict) or (key == GAME_KEY and data.get("format") != SAVE_FORMAT):
        return False
    return key in VERSIONS and is_newer(data.get("version"), VERSIONS[key])


class SavedData:
    """Reads and writes the player's values through one :class:`Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.shelf = BackupShelf(storage)
        self.problems: list[Problem] = []
        """Unusable values found so far, oldest first (the page tells the player)."""
        self.newer: set[str] = set()
        """The keys whose stored value a newer Half Moon wrote, as last read."""
        self.newer_found: list[str] = []
        """Keys found holding a newer value since the last look (the page tells the player)."""
        self.held: dict[str, Any] = {}
        """What this page uses in place of a newer value (the defaults, changed by this page
        and never written), by key."""
        self.not_written: set[str] = set()
        """The keys this page changed but did not write, a newer value being stored there."""
        self._newer_text: dict[str, str] = {}
        self.uncounted: list[GameRecord] = []
        """Games this page counted that storage has not taken yet (full or blocked), oldest
        first: added to the statistics as stored at the next write that succeeds."""

    def read(self, key: str, parse: Callable[[Any], T], *, elsewhere: bool = False) -> T | None:
        """The value of ``key`` made by ``parse``; None when absent or unusable (then shelved
        and reported in :attr:`problems`; ``elsewhere``: another tab stored it while this page
        ran)."""
        text = self.storage.get_text(key)
        if text is None:
            self._now_newer(key, None)
            return None
        try:
            data = parse_stored(text)
        except Unreadable as exc:
            self._now_newer(key, None)
            self._shelve(key, text, exc.problem, exc.detail, elsewhere)
            return None
        if self._now_newer(key, text if newer_value(key, data) else None):
            return None  # left in place, never shelved
        try:
            return parse(data)
        except HalfMoonError as exc:
            self._shelve(key, text, "invalid", exc.message, elsewhere)
        except InvalidValue as exc:  # the view's own reason, said in the page's language
            self._shelve(key, text, "invalid", exc, elsewhere)
        except ValueError as exc:
            self._shelve(key, text, "invalid", str(exc), elsewhere)
        return None

    def _now_newer(self, key: str, text: str | None) -> bool:
        """Note whether ``key`` holds a newer value (``text``) or not (None); True if it does.
        A newer value found for the first time is told once."""
        if text is None:
            self.newer.discard(key)
            self._newer_text.pop(key, None)
            return False
        if key not in self.newer:
            self.newer_found.append(key)
        self.newer.add(key)
        self._newer_text[key] = text
        return True

    def stored_newer(self, key: str) -> bool:
        """Whether ``key`` holds a newer value now (checked before every write)."""
        text = self.storage.get_text(key)
        if text is not None and text == self._newer_text.get(key):
            return True
        data = None
        if text is not None:
            with suppress(Unreadable):
                data = parse_stored(text)
        return self._now_newer(key, text if newer_value(key, data) else None)

    def take_newer(self) -> list[str]:
        """The keys found holding a newer value since the last call."""
        found, self.newer_found = self.newer_found, []
        return found

    @property
    def unsaved_keys(self) -> list[str]:
        """The settings or statistics this page changed in memory only, a newer value being
        stored (their changes are lost when the page closes)."""
        return [key for key in (SETTINGS_KEY, STATS_KEY) if key in self.not_written]

    def _shelve(
        self, key: str, text: str, problem: str, detail: Reason, elsewhere: bool = False
    ) -> None:
        kept = self.shelf.keep(key, text, problem, str(detail))  # kept in English
        self.problems.append(Problem(key, problem, detail, len(text), kept, elsewhere))

    def take_problems(self) -> list[Problem]:
        """The problems found since the last call."""
        problems, self.problems = self.problems, []
        return problems

    def adopt_old_backups(self) -> None:
        """Move the single copies an earlier version kept (``<key>.backup``) to the shelf."""
        for key in (GAME_KEY, SETTINGS_KEY, STATS_KEY):
            old_key = key + OLD_BACKUP_SUFFIX
            text = self.storage.get_text(old_key)
            if text is not None:
                self.shelf.keep(key, text, "earlier_version")
                self.storage.remove(old_key)

    # -- settings -------------------------------------------------------------------------
    def settings(self) -> Settings:
        """The stored settings (the defaults when there are none or they are unusable; this
        page's own while a newer version's are stored)."""
        settings = self.read(SETTINGS_KEY, Settings.from_json)
        if SETTINGS_KEY in self.newer:
            return self._held(SETTINGS_KEY, Settings)
        return Settings() if settings is None else settings

    def _held(self, key: str, make: Callable[[], T]) -> T:
        """What this page uses in place of ``key``'s newer value (made once)."""
        if key not in self.held:
            self.held[key] = make()
        return self.held[key]

    def write(self, key: str, value: Settings | Stats) -> bool:
        """Store ``value`` under ``key``, unless a newer version's value is stored there (it
        stays; this page holds ``value`` in memory instead); False when not stored."""
        if self.stored_newer(key):
            self.not_written.add(key)
            self.held[key] = value
            return False
        self.held.pop(key, None)
        self.not_written.discard(key)
        return self.storage.set_text(key, json_text(value.to_json()))

    def replace_settings(self, settings: Settings) -> bool:
        """Store ``settings`` in place of the stored ones (an import); False when not stored."""
        return self.write(SETTINGS_KEY, settings)

    def change_settings(self, change: Callable[[Settings], None]) -> Settings:
        """Apply ``change`` to the settings as stored now (fields this version does not know
        kept), store them, and return them."""
        settings = self.settings()
        change(settings)
        self.write(SETTINGS_KEY, settings)
        return settings

    # -- statistics -----------------------------------------------------------------------
    def stats(self) -> Stats:
        """The stored statistics (zero when there are none or they are unusable; this page's
        own while a newer version's are stored), with the games this page counted that
        storage has refused so far."""
        stats = self.read(STATS_KEY, Stats.from_json)
        if STATS_KEY in self.newer:
            return self._held(STATS_KEY, Stats)
        stats = Stats() if stats is None else stats
        for game in self.uncounted:
            stats.record(game)
        return stats

    def record(self, game: GameRecord) -> Stats:
        """Count a finished game in the statistics as stored now (fields this version does not
        know kept); the new totals. When storage refuses them, the game waits in
        :attr:`uncounted` and is added, at the next write that succeeds, to the statistics
        stored *then* (another tab's games included: never written over them)."""
        if self.stored_newer(STATS_KEY):
            stats = self._held(STATS_KEY, Stats)
            stats.record(game)
            self.not_written.add(STATS_KEY)
            return stats
        self.uncounted.append(game)
        stats = self.stats()
        self.storage.set_merged(STATS_KEY, _UncountedGames(self))
        return stats

    def hold_uncounted(self) -> None:
        """A newer version's statistics are stored: the games waiting join this page's own
        statistics in memory (never written over the newer ones)."""
        held = self._held(STATS_KEY, Stats)
        for game in self.uncounted:
            held.record(game)
        self.uncounted.clear()
        self.not_written.add(STATS_KEY)

    def replace_stats(self, stats: Stats) -> bool:
        """Store ``stats`` in place of the stored statistics (an import: the games waiting to
        be counted are replaced too); False when not stored."""
        self.uncounted.clear()
        return self.write(STATS_KEY, stats)


class _UncountedGames:
    """The statistics write of games that storage refused: remade, each time it is tried,
    from the statistics stored then plus those games (a :class:`~.storage.Merge`)."""

    def __init__(self, data: SavedData) -> None:
        self.data = data

    def text(self) -> str | None:
        """The stored statistics with the waiting games; None when a newer version's are
        stored (the games then stay in this page's memory)."""
        data = self.data
        if data.stored_newer(STATS_KEY):
            data.hold_uncounted()
            return None
        return json_text(data.stats().to_json())

    def done(self) -> None:
        """Stored (or replaced): no game waits any more."""
        self.data.uncounted.clear()
