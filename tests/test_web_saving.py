"""Saving without losing anything: hostile stored values, a full or blocked storage, kept
copies of unreadable values, read-modify-write statistics and settings, and two tabs sharing
one game (halfmoon_web: stored_json, storage, backups, saved, game_store)."""

from __future__ import annotations

import json

import pytest
from web_support import MemoryStorage

from halfmoon_core import Game
from halfmoon_web.game_page.parts.saving_view import problem_text
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.stats import GameRecord
from halfmoon_web.model.stored_json import MAX_DEPTH, Unreadable, nesting_depth, parse_stored
from halfmoon_web.storage.backups import KEEP_CHARS, PER_KEY, BackupShelf
from halfmoon_web.storage.game_store import GameStore
from halfmoon_web.storage.saved import SavedData
from halfmoon_web.storage.storage import (
    BACKUPS_KEY,
    GAME_KEY,
    SETTINGS_KEY,
    SNAPSHOT_KEY,
    STATS_KEY,
    Storage,
)

WIN = "HM1-N-AAAAAAB"
NESTED = "[" * 100_000 + "]" * 100_000
HUGE = "x" * 4_900_000


def FakeStorage(quota: int = 5_000_000, fail_get: bool = False) -> MemoryStorage:
    """A localStorage with a browser's usual quota (in characters, keys included)."""
    return MemoryStorage(quota=quota, fail_get=fail_get)


def record(code: str = WIN, won: bool = False) -> GameRecord:
    return GameRecord(code, won, 10, 1, 1000)


# -- reading what is stored ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("1", 0),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[", "\\"[[["]', 1),  # brackets in strings, escaped quotes
        ('"\\\\" [[]]', 2),  # an escaped backslash ends before the quote
        (NESTED, MAX_DEPTH + 1),  # counting stops just past the limit
    ],
)
def test_nesting_is_counted_without_parsing(text: str, depth: int) -> None:
    assert nesting_depth(text) == depth


@pytest.mark.parametrize(
    ("text", "problem"),
    [(NESTED, "too_deep"), (HUGE, "too_large"), ("{not json", "not_json"), ("", "not_json")],
)
def test_hostile_values_are_refused_before_the_parser(text: str, problem: str) -> None:
    with pytest.raises(Unreadable) as caught:
        parse_stored(text)
    assert caught.value.problem == problem and caught.value.size == len(text)


def test_ordinary_values_parse() -> None:
    assert parse_stored('{"a":[1,"é"]}') == {"a": [1, "é"]}


# -- storage -------------------------------------------------------------------------------
def test_reads_see_another_writer_at_once() -> None:
    backend = FakeStorage()
    storage = Storage(backend)
    assert storage.set_text("k", "1") and storage.get_text("k") == "1"
    backend.items["k"] = "2"  # another tab
    assert storage.get_text("k") == "2"
    assert storage.saving and not storage.blocked


def test_a_refused_write_is_held_and_retried_until_it_succeeds() -> None:
    backend = FakeStorage(quota=30)
    storage = Storage(backend)
    assert not storage.set_text(GAME_KEY, "x" * 40)
    assert not storage.saving and storage.get_text(GAME_KEY) == "x" * 40
    backend.quota = 100
    assert storage.set_text(GAME_KEY, "y" * 40)
    assert storage.saving and backend.items[GAME_KEY] == "y" * 40


def test_spare_values_give_way_to_a_save() -> None:
    backend = FakeStorage(quota=200)
    storage = Storage(backend)
    storage.offer_text(SNAPSHOT_KEY, "s" * 60)
    assert storage.set_text(BACKUPS_KEY, "b" * 60, spare=True)
    assert storage.set_text(GAME_KEY, "g" * 150)
    assert SNAPSHOT_KEY not in backend.items and BACKUPS_KEY not in backend.items
    assert storage.take_given_up() == [SNAPSHOT_KEY, BACKUPS_KEY] and storage.saving


def test_a_spare_value_never_takes_room_from_the_game() -> None:
    backend = FakeStorage(quota=100)
    storage = Storage(backend)
    storage.set_text(GAME_KEY, "g" * 70)
    storage.offer_text(SNAPSHOT_KEY, "s" * 60)
    assert backend.items == {GAME_KEY: "g" * 70} and storage.saving


def test_blocked_storage_keeps_values_in_memory() -> None:
    class Window:
        @property
        def localStorage(self) -> object:
            raise RuntimeError("SecurityError")

    storage = Storage.from_window(Window())
    assert storage.blocked and not storage.saving
    assert not storage.set_text("k", "1")
    assert storage.get_text("k") == "1"


def test_storage_that_throws_on_read_is_blocked() -> None:
    class Window:
        localStorage = FakeStorage(fail_get=True)

    assert Storage.from_window(Window()).blocked


# -- kept copies ---------------------------------------------------------------------------
def test_two_corruptions_leave_two_copies_newest_first() -> None:
    storage = Storage(FakeStorage())
    data = SavedData(storage)
    for bad in ("{first", "{second"):
        storage.set_text(GAME_KEY, bad)
        assert GameStore(data).load() is None
    entries = data.shelf.entries()
    assert [entry.text for entry in entries] == ["{second", "{first"]
    assert storage.get_text(GAME_KEY) is None
    assert [problem.kept for problem in data.take_problems()] == ["kept", "kept"]


def test_copies_are_bounded_per_key() -> None:
    storage = Storage(FakeStorage())
    shelf = BackupShelf(storage)
    for n in range(PER_KEY + 3):
        shelf.keep(GAME_KEY, f"bad {n}", "not_json")
    shelf.keep(STATS_KEY, "bad stats", "not_json")
    entries = shelf.entries()
    assert [e.text for e in entries if e.key == GAME_KEY] == [
        f"bad {n}" for n in range(PER_KEY + 2, 2, -1)
    ]
    assert len(entries) == PER_KEY + 1


def test_a_huge_value_is_removed_and_its_start_kept() -> None:
    backend = FakeStorage()
    backend.items[GAME_KEY] = HUGE
    data = SavedData(Storage(backend))
    assert GameStore(data).load() is None
    (problem,) = data.take_problems()
    assert (problem.problem, problem.size, problem.kept) == ("too_large", len(HUGE), "kept_part")
    (entry,) = data.shelf.entries()
    assert entry.truncated and entry.text == HUGE[:KEEP_CHARS] and entry.size == len(HUGE)
    assert GAME_KEY not in backend.items
    assert data.storage.set_text(GAME_KEY, "{}") and data.storage.saving  # saving works


def test_a_copy_that_cannot_fit_is_dropped_and_said() -> None:
    backend = FakeStorage(quota=100)
    backend.items[STATS_KEY] = "[" * 60
    data = SavedData(Storage(backend))
    assert data.stats().played == 0
    (problem,) = data.take_problems()
    assert problem.kept == "dropped" and backend.items == {}


def test_older_copies_give_way_to_a_new_one() -> None:
    backend = FakeStorage(quota=700)
    storage = Storage(backend)
    shelf = BackupShelf(storage)
    assert shelf.keep(SETTINGS_KEY, "a" * 250, "not_json") == "kept"
    assert shelf.keep(SETTINGS_KEY, "b" * 250, "not_json") == "kept"
    assert [e.text[0] for e in shelf.entries()] == ["b"]


def test_an_unreadable_shelf_is_emptied_and_said() -> None:
    storage = Storage(FakeStorage())
    storage.set_text(BACKUPS_KEY, NESTED)
    shelf = BackupShelf(storage)
    assert shelf.entries() == []
    assert shelf.reset_problem is not None and shelf.reset_problem.problem == "too_deep"
    assert storage.get_text(BACKUPS_KEY) is None


def test_the_download_holds_every_copy() -> None:
    storage = Storage(FakeStorage())
    shelf = BackupShelf(storage)
    shelf.keep(GAME_KEY, "{bad", "not_json", "Expecting property name")
    document = json.loads(shelf.download_text(exported="2026-11-30T12:00:00Z"))
    assert document["format"] == "halfmoon-unreadable-saves"
    (entry,) = document["entries"]
    assert entry["key"] == GAME_KEY and entry["text"] == "{bad" and entry["size"] == 4
    assert entry["detail"] == "Expecting property name"


def test_copies_kept_by_an_earlier_version_are_moved_to_the_shelf() -> None:
    backend = FakeStorage()
    backend.items[GAME_KEY + ".backup"] = "{old"
    data = SavedData(Storage(backend))
    data.adopt_old_backups()
    assert GAME_KEY + ".backup" not in backend.items
    (entry,) = data.shelf.entries()
    assert (entry.key, entry.text, entry.problem) == (GAME_KEY, "{old", "earlier_version")


@pytest.mark.parametrize("key", [GAME_KEY, SETTINGS_KEY, STATS_KEY])
@pytest.mark.parametrize("text", [NESTED, HUGE, "{", "[]", '"x"', "null"])
def test_no_stored_value_stops_loading(key: str, text: str) -> None:
    backend = FakeStorage()
    backend.items[key] = text
    data = SavedData(Storage(backend))
    assert GameStore(data).load() is None or key != GAME_KEY
    data.settings(), data.stats()
    if text != "null":
        assert [problem.key for problem in data.take_problems()] == [key]
    assert key not in backend.items or text == "null"


# -- read-modify-write ---------------------------------------------------------------------
def test_statistics_from_two_tabs_add_up() -> None:
    backend = FakeStorage()
    tab_a, tab_b = SavedData(Storage(backend)), SavedData(Storage(backend))
    assert tab_a.stats().played == tab_b.stats().played == 0  # both loaded before any game
    tab_a.record(record())
    tab_b.record(record(won=True))
    stats = SavedData(Storage(backend)).stats()
    assert (stats.played, stats.won) == (2, 1)


def test_settings_from_two_tabs_both_apply() -> None:
    backend = FakeStorage()
    tab_a, tab_b = SavedData(Storage(backend)), SavedData(Storage(backend))
    tab_a.settings(), tab_b.settings()
    tab_a.change_settings(lambda s: setattr(s, "move_errors", True))
    tab_b.change_settings(lambda s: setattr(s, "placement_assist", True))
    settings = SavedData(Storage(backend)).settings()
    assert settings.move_errors and settings.placement_assist


# -- two tabs, one game --------------------------------------------------------------------
def session_after(*moves: str) -> GameSession:
    game = Game.from_code(WIN)
    for move in moves:
        game.push(move)
    return GameSession(game)


def tabs() -> tuple[FakeStorage, GameStore, GameStore]:
    backend = FakeStorage()
    first = GameStore(SavedData(Storage(backend)))
    first.save(session_after(), 0)
    second = GameStore(SavedData(Storage(backend)))
    second.load()
    return backend, first, second


def first_moves(count: int) -> list[str]:
    """Different moves each legal at the deal's start."""
    moves = [str(move) for move in Game.from_code(WIN).legal_moves()[:count]]
    assert len(moves) == count
    return moves


def test_a_tab_with_nothing_unsaved_shows_the_other_tabs_game() -> None:
    backend, tab_a, tab_b = tabs()
    (move,) = first_moves(1)
    assert tab_a.save(session_after(move), 0) == "saved"
    decision, theirs = tab_b.incoming(backend.items[GAME_KEY], session_after())
    assert decision == "adopt" and [str(m) for m in theirs.game.history] == [move]
    tab_b.adopted(theirs)
    assert tab_b.save(theirs, 0) == "saved"


def test_a_stale_tab_cannot_overwrite_a_newer_game() -> None:
    backend, tab_a, tab_b = tabs()
    one, two = first_moves(2)
    tab_a.save(session_after(one), 0)
    before = backend.items[GAME_KEY]
    # Tab B missed the event and plays on its own: its write is refused, nothing is lost.
    assert tab_b.save(session_after(two), 0) == "conflict"
    assert backend.items[GAME_KEY] == before and tab_b.unsaved
    # Leaving (pagehide) does not write either; the player's choice does.
    assert tab_b.save(session_after(two), 0, force=True) == "saved"
    assert not tab_b.unsaved and json.loads(backend.items[GAME_KEY])["moves"] == two


def test_a_tab_with_unsaved_moves_is_asked_not_overwritten() -> None:
    backend, tab_a, tab_b = tabs()
    one, two = first_moves(2)
    tab_a.save(session_after(one), 0)
    mine = session_after(two)
    tab_b.unsaved = True  # a refused write
    decision, theirs = tab_b.incoming(backend.items[GAME_KEY], mine)
    assert decision == "conflict" and theirs.game.history != mine.game.history


def test_the_same_game_from_another_tab_changes_nothing_but_counts_once() -> None:
    backend, tab_a, tab_b = tabs()
    won = session_after()
    won.counted = True
    tab_a.save(won, 0)
    mine = session_after()
    decision, shown = tab_b.incoming(backend.items[GAME_KEY], mine)
    assert decision == "same" and shown is mine and mine.counted


@pytest.mark.parametrize("text", [None, "", NESTED, HUGE, "[]", '{"format": "x"}'])
def test_junk_from_another_tab_is_ignored(text: str | None) -> None:
    _, _, tab_b = tabs()
    mine = session_after()
    assert tab_b.incoming(text, mine) == ("same", mine)


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_another_tabs_unreadable_game_is_said_as_such_and_this_game_saved(lang: str) -> None:
    backend, _tab_a, tab_b = tabs()
    (move,) = first_moves(1)
    mine = session_after(move)
    assert tab_b.save(mine, 0) == "saved"
    backend.items[GAME_KEY] = "{a broken save"  # another tab
    assert tab_b.save(mine, 0) == "saved"  # this tab's game takes its place
    assert json.loads(backend.items[GAME_KEY])["moves"] == move
    (problem,) = tab_b.data.take_problems()
    assert problem.elsewhere and problem.key == GAME_KEY
    said = problem_text(problem, lang)
    started = {"en": "A new game started", "vi": "Đã bắt đầu ván mới"}[lang]
    assert started not in said
    assert said.startswith(
        {"en": "The game another tab stored could not be read: it is not valid JSON. "
               "This tab's game goes on, saved in its place.",
         "vi": "Không đọc được ván mà một thẻ khác đã lưu: "}[lang]
    )  # fmt: skip


def test_an_unreadable_game_at_start_is_said_as_a_new_game() -> None:
    data = SavedData(Storage(FakeStorage()))
    data.storage.set_text(GAME_KEY, "{a broken save")
    assert GameStore(data).load() is None
    (problem,) = data.take_problems()
    assert not problem.elsewhere
    assert "A new game started." in problem_text(problem, "en")


def test_a_stale_tab_with_nothing_new_is_told_to_catch_up() -> None:
    backend, tab_a, tab_b = tabs()
    (move,) = first_moves(1)
    tab_a.save(session_after(move), 0)
    before = backend.items[GAME_KEY]
    assert tab_b.save(session_after(), 0) == "behind"  # say, its page is being hidden
    assert backend.items[GAME_KEY] == before and not tab_b.unsaved


def test_spare_values_are_put_back_when_giving_them_up_does_not_help() -> None:
    class Refusing(MemoryStorage):
        def setItem(self, key: str, value: str) -> None:
            if key == GAME_KEY:
                raise RuntimeError("SecurityError")  # not a matter of room
            super().setItem(key, value)

    backend = Refusing()
    storage = Storage(backend)
    storage.offer_text(SNAPSHOT_KEY, "board")
    storage.set_text(BACKUPS_KEY, "[]", spare=True)
    assert not storage.set_text(GAME_KEY, "{}")
    assert backend.items == {SNAPSHOT_KEY: "board", BACKUPS_KEY: "[]"}
    assert storage.take_given_up() == [] and not storage.saving


def test_a_save_with_nothing_changed_elsewhere_replays_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, tab_a, _ = tabs()
    (move,) = first_moves(1)

    def no_replay(data: object) -> GameSession:
        raise AssertionError("the stored game was parsed and replayed")

    monkeypatch.setattr(GameSession, "from_json", no_replay)
    assert tab_a.save(session_after(move), 0) == "saved"  # storage still holds its last write
