"""Statistics that a full storage refused: held as the games they count, written at the next
write that succeeds, merged with what another tab stored meanwhile (halfmoon_web: storage's
merged writes, saved's uncounted games; docs/storage.md, "When saving fails")."""

from __future__ import annotations

import json

from web_support import MemoryStorage

from halfmoon_web.game_page.parts.saving_view import not_saving_key, something_to_lose
from halfmoon_web.model.stats import GameRecord, Stats
from halfmoon_web.storage.game_store import GameStore
from halfmoon_web.storage.saved import SavedData
from halfmoon_web.storage.storage import GAME_KEY, STATS_KEY, Storage

WIN = "HM1-N-AAAAAAB"
OTHER = "HM1-N-AAAAAAC"


class FullFor(MemoryStorage):
    """A storage that refuses writes of the keys in ``refused`` (as a full one refuses the
    longest value while smaller ones still fit)."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: set[str] = set()

    def setItem(self, key: str, value: str) -> None:
        if key in self.refused:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def game(code: str = WIN, won: bool = True) -> GameRecord:
    return GameRecord(code, won, 520 if won else 10, 48 if won else 1, 300_000)


def stored(backend: MemoryStorage) -> Stats:
    return Stats.from_json(json.loads(backend.items[STATS_KEY]))


def full_at_a_win() -> tuple[FullFor, SavedData]:
    backend = FullFor()
    data = SavedData(Storage(backend))
    data.record(game(won=False))  # one game stored before the storage filled up
    backend.refused.add(STATS_KEY)
    data.record(game())
    return backend, data


def test_a_refused_win_is_shown_and_waits() -> None:
    backend, data = full_at_a_win()
    assert (stored(backend).played, stored(backend).won) == (1, 0)
    assert (data.stats().played, data.stats().won) == (2, 1)  # the page shows the win
    assert not data.storage.saving and data.storage.pending == [STATS_KEY]
    games = GameStore(data)
    assert not_saving_key(data.storage, games) == "not_saving_full"
    assert something_to_lose(data.storage, games, moves=0)  # the browser asks before leaving


def test_the_win_is_written_at_the_next_write_that_succeeds() -> None:
    backend, data = full_at_a_win()
    data.storage.set_text(GAME_KEY, "g")  # still full for the statistics: still waiting
    assert stored(backend).played == 1 and not data.storage.saving
    backend.refused.clear()  # room again
    assert data.storage.set_text(GAME_KEY, "g2")
    assert (stored(backend).played, stored(backend).won) == (2, 1)
    assert data.storage.saving and data.uncounted == []
    assert (data.stats().played, data.stats().won) == (2, 1)  # counted once


def test_the_win_is_merged_with_another_tabs_games() -> None:
    backend, data = full_at_a_win()
    other_tab = SavedData(Storage(backend))
    backend.refused.clear()
    other_tab.record(game(OTHER, won=False))  # another tab counts a game: room came back
    assert stored(backend).played == 2
    backend.refused.add(STATS_KEY)
    data.record(game(OTHER))  # a second refused game of this page
    assert (data.stats().played, data.stats().won) == (4, 2)
    assert stored(backend).played == 2  # the other tab's count is never written over
    backend.refused.clear()
    data.storage.set_text(GAME_KEY, "g")
    result = stored(backend)
    assert (result.played, result.won) == (4, 2)
    assert sorted(item.code for item in result.recent) == sorted([WIN, WIN, OTHER, OTHER])
    assert data.storage.saving


def test_a_blocked_storage_counts_in_memory() -> None:
    data = SavedData(Storage(None))
    data.record(game(won=False))
    data.record(game())
    assert (data.stats().played, data.stats().won) == (2, 1)
    assert data.storage.pending == [STATS_KEY]


def test_an_import_replaces_the_waiting_games() -> None:
    backend, data = full_at_a_win()
    backend.refused.clear()
    assert data.replace_stats(Stats())
    assert data.uncounted == [] and data.storage.saving
    data.storage.set_text(GAME_KEY, "g")
    assert stored(backend).played == 0


def test_a_newer_versions_statistics_are_not_written_over() -> None:
    backend, data = full_at_a_win()
    newer = json.dumps({"version": 7, "played": 99})
    backend.items[STATS_KEY] = newer  # a newer Half Moon in another tab
    backend.refused.clear()
    data.storage.set_text(GAME_KEY, "g")
    assert backend.items[STATS_KEY] == newer
    assert data.uncounted == [] and STATS_KEY in data.not_written
    assert data.stats().won == 1  # the page's own, in memory


def test_unreadable_statistics_stored_meanwhile_are_shelved_then_the_win_written() -> None:
    backend, data = full_at_a_win()
    backend.items[STATS_KEY] = "{broken"
    backend.refused.clear()
    data.storage.set_text(GAME_KEY, "g")
    assert (stored(backend).played, stored(backend).won) == (1, 1)
    assert [problem.key for problem in data.take_problems()] == [STATS_KEY]
    assert data.storage.saving


class Waiting:
    """A merged write that counts how often its text is made and whether it is over."""

    def __init__(self, text: str | None = "merged") -> None:
        self.made, self.over, self.value = 0, False, text

    def text(self) -> str | None:
        self.made += 1
        return self.value

    def done(self) -> None:
        self.over = True


def test_a_merged_write_is_remade_at_each_write_until_stored() -> None:
    backend = FullFor()
    backend.refused.add(STATS_KEY)
    storage = Storage(backend)
    waiting = Waiting()
    assert not storage.set_merged(STATS_KEY, waiting)
    assert storage.get_text(STATS_KEY) is None  # no text held in memory for it
    storage.remove(STATS_KEY)  # an unreadable value taken out: the write still waits
    storage.set_text(GAME_KEY, "g")
    assert (waiting.made, waiting.over, storage.pending) == (2, False, [STATS_KEY])
    backend.refused.clear()
    storage.set_text(GAME_KEY, "g")
    assert (waiting.made, waiting.over, backend.items[STATS_KEY]) == (3, True, "merged")
    storage.set_text(GAME_KEY, "g")
    assert waiting.made == 3 and storage.saving


def test_a_plain_write_of_the_key_replaces_a_merged_one() -> None:
    backend = FullFor()
    backend.refused.add(STATS_KEY)
    storage = Storage(backend)
    waiting, later = Waiting(), Waiting("later")
    storage.set_merged(STATS_KEY, waiting)
    storage.set_merged(STATS_KEY, later)  # carries the first on: not over
    assert not waiting.over and not later.over
    backend.refused.clear()
    assert storage.set_text(STATS_KEY, "plain")
    assert later.over and backend.items[STATS_KEY] == "plain" and storage.saving


def test_a_merged_write_with_nothing_to_write_is_dropped() -> None:
    storage = Storage(FullFor())
    nothing = Waiting(None)
    assert storage.set_merged(STATS_KEY, nothing)
    assert nothing.over and storage.saving and STATS_KEY not in storage.pending
