"""The export file: the player's statistics, settings and game in progress as one JSON file, to
keep or to carry to another browser, and its checks on import (docs/storage.md, "Export and
import").

An import changes nothing until the whole file has passed every check a stored value passes
(size, nesting, JSON, then each part as the game reads it from storage), so a bad file is
refused with its reason and loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from halfmoon_core import HalfMoonError
from halfmoon_core.messages import echo
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.settings import Settings
from halfmoon_web.model.stats import Stats
from halfmoon_web.model.stored_json import Unreadable, parse_stored
from halfmoon_web.shared.invalid import InvalidValue

FORMAT = "halfmoon-export"
VERSION = 1
#: The parts of a file, each read as the game reads it from storage.
PARTS = ("statistics", "settings", "game")
#: A file is refused unread above this many bytes (an export is a few kilobytes).
MAX_FILE_BYTES = 256 * 1024
FILE_NAME = "halfmoon-export.json"


class ImportRefused(ValueError):
    """A file that cannot be imported: ``key`` (an i18n key) says why, with ``params``; a
    ``reason`` parameter is a :class:`Message` of the engine, an :class:`Unreadable`, the
    view's own :class:`.InvalidValue`, or a parser's English."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Exported:
    """What a file holds: statistics, settings, and the game in progress (None: no game)."""

    stats: Stats
    settings: Settings
    game: GameSession | None


def export_json(exported: Exported, now: float, when: str) -> dict[str, Any]:
    """The file's JSON value; ``now`` is the clock's time for the game's elapsed time,
    ``when`` the moment of the export (ISO 8601, UTC)."""
    game = exported.game
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": when,
        "statistics": exported.stats.to_json(),
        "settings": exported.settings.to_json(),
        "game": None if game is None else game.to_json(now),
    }


def check_file_size(size: int) -> None:
    """Refuse a file too large to be an export, before reading it."""
    if size > MAX_FILE_BYTES:
        raise ImportRefused("import_too_large", size=size)


def read_export(text: str) -> Exported:
    """The contents of an export file; :class:`ImportRefused` with the first problem."""
    try:
        data = parse_stored(text, MAX_FILE_BYTES)
    except Unreadable as exc:
        raise ImportRefused("import_unreadable", reason=exc) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused("import_not_export")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused("import_not_export")
    if version > VERSION:
        raise ImportRefused("import_newer", version=echo(version))
    missing = [part for part in PARTS if part not in data]
    if missing:
        raise ImportRefused("import_missing", part=missing[0])
    return Exported(
        _part("statistics", Stats.from_json, data["statistics"]),
        _part("settings", Settings.from_json, data["settings"]),
        None if data["game"] is None else _part("game", GameSession.from_json, data["game"]),
    )


def _part(name: str, parse: Any, value: Any) -> Any:
    """One part of the file, read as from storage; refused with the reason it is not usable."""
    try:
        return parse(value)
    except HalfMoonError as exc:
        raise ImportRefused(f"import_bad_{name}", reason=exc.message) from None
    except InvalidValue as exc:
        raise ImportRefused(f"import_bad_{name}", reason=exc) from None
    except (ValueError, TypeError) as exc:
        raise ImportRefused(f"import_bad_{name}", reason=str(exc)) from None
