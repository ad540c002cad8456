"""The game page's three stores of one ``localStorage``, made together (docs/storage.md)."""

from __future__ import annotations

from typing import Any, NamedTuple

from halfmoon_web.storage.game_store import GameStore
from halfmoon_web.storage.late_storage import LateStorage
from halfmoon_web.storage.saved import SavedData
from halfmoon_web.storage.storage import GAME_KEY, STATS_KEY, Storage


class Stores(NamedTuple):
    """The game page's storage, its settings and statistics, and its game in progress."""

    storage: Storage
    data: SavedData
    games: GameStore

    @classmethod
    def from_window(cls, window: Any) -> Stores:
        """The stores of this browser's ``localStorage``."""
        storage = Storage.from_window(window)
        backend = storage._backend
        if backend is not None and hasattr(backend, "write_later"):  # Python in a worker
            storage = LateStorage(backend, fresh=(GAME_KEY, STATS_KEY))
        data = SavedData(storage)
        return cls(storage, data, GameStore(data))
