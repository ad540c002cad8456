"""The player's settings and statistics as stored: read fresh, checked, changed in place.

Every change is a read-modify-write of what storage holds at that moment, never a write of a
copy this page loaded earlier, so two tabs (or a tab and the installed app) add up instead of
overwriting each other (docs/storage.md, "Tabs"). A value that cannot be used is moved to the
:class:`~halfmoon_web.storage.backups.BackupShelf` and reported in :attr:`SavedData.problems`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from halfmoon_core import HalfMoonError, Message

from ..shared.invalid import InvalidValue
from ..stats.stats import GameRecord, Stats
from .backups import BackupShelf, Kept
from .settings import Settings
from .storage import GAME_KEY, OLD_BACKUP_SUFFIX, SETTINGS_KEY, STATS_KEY, Storage
from .stored_json import Unreadable, parse_stored

T = TypeVar("T")
#: Why a value is unusable: the engine's message, the view's own, or a parser's English.
Reason = Message | InvalidValue | str


@dataclass(frozen=True)
class Problem:
    """A stored value that could not be used: its key, why (``problem`` is ``too_large``,
    ``too_deep``, ``not_json`` or ``invalid`` with the parser's, engine's or view's ``detail``: the
    engine's :class:`~halfmoon_core.Message` and the view's :class:`.InvalidValue` are said in
    the page's language), its length, and
    what became of it (``kept``, ``kept_part`` or ``dropped``)."""

    key: str
    problem: str
    detail: Reason
    size: int
    kept: Kept


def json_text(value: Any) -> str:
    """The compact JSON text the game stores."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class SavedData:
    """Reads and writes the player's values through one :class:`Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.shelf = BackupShelf(storage)
        self.problems: list[Problem] = []
        """Unusable values found so far, oldest first (the page tells the player)."""

    def read(self, key: str, parse: Callable[[Any], T]) -> T | None:
        """The value of ``key`` made by ``parse``; None when absent or unusable (then shelved
        and reported in :attr:`problems`)."""
        text = self.storage.get_text(key)
        if text is None:
            return None
        try:
            return parse(parse_stored(text))
        except Unreadable as exc:
            self._shelve(key, text, exc.problem, exc.detail)
        except HalfMoonError as exc:
            self._shelve(key, text, "invalid", exc.message)
        except InvalidValue as exc:  # the view's own reason, said in the page's language
            self._shelve(key, text, "invalid", exc)
        except ValueError as exc:
            self._shelve(key, text, "invalid", str(exc))
        return None

    def _shelve(self, key: str, text: str, problem: str, detail: Reason) -> None:
        kept = self.shelf.keep(key, text, problem, str(detail))  # kept in English
        self.problems.append(Problem(key, problem, detail, len(text), kept))

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
        """The stored settings (the defaults when there are none or they are unusable)."""
        settings = self.read(SETTINGS_KEY, Settings.from_json)
        return Settings() if settings is None else settings

    def replace_settings(self, settings: Settings) -> bool:
        """Store ``settings`` in place of the stored ones (an import); False when not stored."""
        return self.storage.set_text(SETTINGS_KEY, json_text(settings.to_json()))

    def change_settings(self, change: Callable[[Settings], None]) -> Settings:
        """Apply ``change`` to the settings as stored now, store them, and return them."""
        settings = self.settings()
        change(settings)
        self.storage.set_text(SETTINGS_KEY, json_text(settings.to_json()))
        return settings

    # -- statistics -----------------------------------------------------------------------
    def stats(self) -> Stats:
        """The stored statistics (zero when there are none or they are unusable)."""
        stats = self.read(STATS_KEY, Stats.from_json)
        return Stats() if stats is None else stats

    def record(self, game: GameRecord) -> Stats:
        """Count a finished game in the statistics as stored now; the new totals."""
        stats = self.stats()
        stats.record(game)
        self.storage.set_text(STATS_KEY, json_text(stats.to_json()))
        return stats

    def replace_stats(self, stats: Stats) -> bool:
        """Store ``stats`` in place of the stored statistics (an import); False when not
        stored."""
        return self.storage.set_text(STATS_KEY, json_text(stats.to_json()))
