"""Unreadable saves, kept for a look: the last few per key, each with when and why.

A value that cannot be used (too large, nested too deeply, not JSON, not a valid game,
settings or statistics) is taken out of its key, so the page starts and saving goes on, and
a copy is put here. The shelf is bounded (a few entries per key, a few kilobytes each) and
gives way to the player's data: it never stops a save (docs/storage.md, "Unreadable saves").
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from typing import Any, Literal

from halfmoon_web.model.bounds import in_range
from halfmoon_web.model.stored_json import Unreadable, parse_stored
from halfmoon_web.shared.invalid import InvalidValue
from halfmoon_web.storage.storage import BACKUPS_KEY, Storage

#: Entries kept per key (the newest first).
PER_KEY = 5
#: Characters of a bad value that are kept; the rest of a larger one is cut off.
KEEP_CHARS = 32 * 1024
#: The shelf can never hold more than this (a few keys times PER_KEY times KEEP_CHARS, plus).
MAX_SHELF_CHARS = 1024 * 1024
FILE_FORMAT = "halfmoon-unreadable-saves"

Kept = Literal["kept", "kept_part", "dropped"]


@dataclass(frozen=True)
class Backup:
    """One unreadable value: which key held it, when it was found (ISO 8601, UTC), why it
    failed (a problem name and the detail), its full length and the part that was kept."""

    key: str
    when: str
    problem: str
    detail: str
    size: int
    text: str

    @property
    def truncated(self) -> bool:
        """Only the start of the value was kept."""
        return len(self.text) < self.size


def utc_now() -> str:
    """The current time as ``2026-11-30T14:05:00Z``."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class BackupShelf:
    """The kept copies, stored as one JSON list under :data:`BACKUPS_KEY`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.reset_problem: Unreadable | None = None
        """Set when the shelf itself was unreadable and had to be emptied."""

    def entries(self) -> list[Backup]:
        """The kept copies, newest first (an unreadable shelf is emptied and remembered)."""
        text = self.storage.get_text(BACKUPS_KEY)
        if text is None:
            return []
        try:
            return _entries_from_json(parse_stored(text, MAX_SHELF_CHARS))
        except Unreadable as exc:
            self.reset_problem = exc
        except InvalidValue as exc:
            self.reset_problem = Unreadable("invalid", len(text), exc)
        self.storage.remove(BACKUPS_KEY)
        return []

    def keep(self, key: str, text: str, problem: str, detail: str = "") -> Kept:
        """Move ``key``'s bad ``text`` here: the key is emptied first (which frees the room
        the copy needs), then the copy is added, its start only when it is long. When even
        that does not fit, older copies give way, and at worst none is kept."""
        self.storage.remove(key)
        copy = Backup(key, utc_now(), problem, detail, len(text), text[:KEEP_CHARS])
        entries = _bounded([copy, *self.entries()])
        while entries:
            if self.storage.set_text(BACKUPS_KEY, _to_text(entries), spare=True):
                return "kept_part" if copy.truncated else "kept"
            entries = entries[:-1]  # the oldest gives way, down to the new copy itself
        return "dropped"

    def clear(self) -> None:
        """Forget every kept copy."""
        self.storage.remove(BACKUPS_KEY)

    def download_text(self, exported: str | None = None) -> str:
        """Every kept copy as one JSON document, for the player to save or attach to a report."""
        document = {
            "format": FILE_FORMAT,
            "exported": exported or utc_now(),
            "entries": [asdict(entry) for entry in self.entries()],
        }
        return json.dumps(document, ensure_ascii=False, indent=1)


def _bounded(entries: list[Backup]) -> list[Backup]:
    """At most :data:`PER_KEY` entries per key, newest first."""
    counts: dict[str, int] = {}
    kept = []
    for entry in entries:
        counts[entry.key] = counts.get(entry.key, 0) + 1
        if counts[entry.key] <= PER_KEY:
            kept.append(entry)
    return kept


def _to_text(entries: list[Backup]) -> str:
    return json.dumps([asdict(entry) for entry in entries], separators=(",", ":"))


def _entries_from_json(data: Any) -> list[Backup]:
    if not isinstance(data, list):
        raise InvalidValue("invalid_backups_list")
    return [_entry(item) for item in data]


def _entry(item: Any) -> Backup:
    if not isinstance(item, dict):
        raise InvalidValue("invalid_backup_object")
    fields = {}
    for name in ("key", "when", "problem", "detail", "text"):
        if not isinstance(item.get(name), str):
            raise InvalidValue("invalid_backup_field", name=name)
        fields[name] = item[name]
    size = item.get("size")
    if not in_range(size, "size") or size < len(fields["text"]):
        raise InvalidValue("invalid_backup_size")
    return Backup(size=size, **fields)
