"""Writes whose refusal is learnt late: the game page's Python in a worker writes through the
page, which carries the writes out after the batch and reports the refused ones
(halfmoon_web: storage/late_storage.py, remote/window.py's MirrorStorage; docs/worker.md, "A
write the browser refuses"). The page is played here as applier.mjs's ``store`` plays it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from halfmoon_core import Game
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.stats import GameRecord, Stats
from halfmoon_web.remote.mirror import Changes
from halfmoon_web.remote.window import MirrorStorage
from halfmoon_web.storage.game_store import GameStore
from halfmoon_web.storage.late_storage import LateStorage
from halfmoon_web.storage.saved import SavedData
from halfmoon_web.storage.storage import GAME_KEY, SNAPSHOT_KEY, STATS_KEY


class Page:
    """The browser's ``localStorage`` and the applier's ``store``: a write of a key in
    ``refused`` throws; one longer than ``room`` characters in all throws too."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.refused: set[str] = set()
        self.room: int | None = None
        self.changes = Changes()
        self.mirror = MirrorStorage(self.items, self.changes)

    def _write(self, key: str, value: str | None) -> bool:
        if value is None:
            self.items.pop(key, None)
            return True
        others = sum(len(v) for k, v in self.items.items() if k != key)
        if key in self.refused or (self.room is not None and others + len(value) > self.room):
            return False
        self.items[key] = value
        return True

    def carry_out(self) -> list[dict[str, Any]]:
        """Carry out the batch as applier.mjs does; the reports told back (also heard by the
        mirror, as the worker hears them)."""
        reports = []
        for op in self.changes.take():
            if op[0] != "store":
                continue
            key, value, how = op[1], op[2], (op[3] if len(op) > 3 else None)
            kept = self._write(key, value)
            if how is None:
                continue
            given: list[tuple[str, str]] = []
            for spare in [] if kept else how["spares"]:
                old = self.items.get(spare)
                if old is None or not self._write(spare, None):
                    continue
                given.append((spare, old))
                kept = self._write(key, value)
                if kept:
                    break
            if not kept:
                for spare, old in given:
                    self._write(spare, old)
                given = []
            if how["report"] or not kept or given:
                reports.append({"stored": how["n"], "ok": kept, "given_up": [k for k, _ in given]})
        for report in reports:
            self.mirror.outcome(report["stored"], report["ok"], report["given_up"])
        return reports

    def other_tab_writes(self, key: str, text: str) -> None:
        """Another tab's write, and its ``storage`` event mirrored."""
        self.items[key] = text
        self.mirror.follow(key, text)


def record(code: str = "HM1-N-AAAAAAB", won: bool = True) -> GameRecord:
    return GameRecord(code, won, 520 if won else 10, 48 if won else 1, 300_000)


def stored_stats(page: Page) -> Stats | None:
    text = page.items.get(STATS_KEY)
    return None if text is None else Stats.from_json(json.loads(text))


@pytest.fixture
def page() -> Page:
    return Page()


def test_a_write_is_taken_as_kept_and_a_late_refusal_holds_it_until_a_try_is_kept(
    page: Page,
) -> None:
    storage = LateStorage(page.mirror)
    told: list[bool] = []
    storage.on_outcome = lambda: told.append(storage.saving)
    page.refused.add(GAME_KEY)
    assert storage.set_text(GAME_KEY, "one")  # taken as kept: the page has not said yet
    assert storage.saving
    assert page.carry_out() == [{"stored": 1, "ok": False, "given_up": []}]
    assert told == [False] and not storage.saving and storage.pending == [GAME_KEY]
    assert storage.get_text(GAME_KEY) == "one"  # held in memory
    assert not storage.set_text(GAME_KEY, "two")  # a try: taken as refused
    page.carry_out()  # reported refused again
    assert not storage.saving and storage.get_text(GAME_KEY) == "two"
    page.refused.clear()  # room again
    assert not storage.set_text(GAME_KEY, "three")
    assert page.carry_out() == [{"stored": 3, "ok": True, "given_up": []}]
    assert storage.saving and told[-1] is True
    assert page.items[GAME_KEY] == "three" and storage.get_text(GAME_KEY) == "three"
    assert storage.set_text(GAME_KEY, "four") and page.carry_out() == []  # kept: no report


def test_the_spare_keys_are_given_up_by_the_page_for_a_write_that_does_not_fit() -> None:
    page = Page({SNAPSHOT_KEY: "x" * 50})
    storage = LateStorage(page.mirror)
    page.room = 60
    assert storage.set_text(GAME_KEY, "y" * 40)
    assert page.carry_out() == [{"stored": 1, "ok": True, "given_up": [SNAPSHOT_KEY]}]
    assert storage.saving and storage.take_given_up() == [SNAPSHOT_KEY]
    assert SNAPSHOT_KEY not in page.items and storage.get_text(SNAPSHOT_KEY) is None
    assert page.items[GAME_KEY] == "y" * 40


def test_spare_keys_are_put_back_when_the_write_does_not_fit_even_without_them() -> None:
    page = Page({SNAPSHOT_KEY: "x" * 50})
    storage = LateStorage(page.mirror)
    page.room = 60
    storage.set_text(GAME_KEY, "y" * 70)
    assert page.carry_out() == [{"stored": 1, "ok": False, "given_up": []}]
    assert page.items[SNAPSHOT_KEY] == "x" * 50 and not storage.saving


def test_a_cache_the_page_refused_is_removed_not_left_stale() -> None:
    page = Page({SNAPSHOT_KEY: "old board"})
    storage = LateStorage(page.mirror)
    page.refused.add(SNAPSHOT_KEY)
    storage.offer_text(SNAPSHOT_KEY, "new board")
    page.carry_out()  # refused, reported
    page.carry_out()  # the removal that follows
    assert SNAPSHOT_KEY not in page.items and storage.saving  # a cache: nothing unsaved


def test_a_refusal_overtaken_by_a_newer_write_of_the_key_is_left_to_that_write(
    page: Page,
) -> None:
    storage = LateStorage(page.mirror)
    page.refused.add(GAME_KEY)
    storage.set_text(GAME_KEY, "one")
    changes = page.changes.take()  # the page has not carried it out yet
    storage.set_text(GAME_KEY, "two")
    later = page.changes.take()
    page.changes.ops = changes
    page.carry_out()  # "one" refused, told after "two" was sent
    assert storage.saving  # "two" decides
    page.refused.clear()
    page.changes.ops = later
    assert page.carry_out() == []  # kept: nothing said
    assert storage.saving and page.items[GAME_KEY] == "two"


def test_a_win_the_page_refused_waits_and_is_merged_with_another_tabs_games(page: Page) -> None:
    data = SavedData(LateStorage(page.mirror))
    data.record(record(won=False))
    page.carry_out()
    assert stored_stats(page).played == 1  # type: ignore[union-attr]
    page.refused.add(STATS_KEY)
    data.record(record())
    assert data.storage.saving  # not refused yet: nothing told
    assert (data.stats().played, data.stats().won) == (2, 1)  # never counted twice meanwhile
    page.carry_out()
    assert not data.storage.saving and data.storage.pending == [STATS_KEY]
    assert (data.stats().played, data.stats().won) == (2, 1)
    theirs = Stats()
    for _ in range(3):
        theirs.record(record("HM1-N-AAAAAAC", won=False))
    page.other_tab_writes(STATS_KEY, json.dumps(theirs.to_json()))
    assert (data.stats().played, data.stats().won) == (4, 1)  # theirs and the win
    page.refused.clear()
    data.storage.set_text(GAME_KEY, "a move")  # a write: the statistics are tried again
    page.carry_out()
    stats = stored_stats(page)
    assert stats is not None and (stats.played, stats.won) == (4, 1)
    assert data.storage.saving and not data.uncounted
    assert (data.stats().played, data.stats().won) == (4, 1)


def test_a_merged_write_kept_is_read_back_once(page: Page) -> None:
    data = SavedData(LateStorage(page.mirror))
    data.record(record())
    assert page.mirror.getItem(STATS_KEY) is None  # not read back before it is kept
    page.carry_out()
    assert (data.stats().played, data.stats().won) == (1, 1)
    assert not data.uncounted and data.storage.saving


def test_a_game_write_taken_as_refused_then_kept_leaves_nothing_unsaved(page: Page) -> None:
    """The game store's own flag follows a try the page kept (Saver.storage_told)."""
    data = SavedData(LateStorage(page.mirror))
    games = GameStore(data)
    session = GameSession(Game.from_code("HM1-N-AAAAAAB"))
    page.refused.add(GAME_KEY)
    assert games.save(session, 0.0) == "saved"  # taken as kept
    page.carry_out()  # refused
    assert games.save(session, 10.0) == "failed" and games.unsaved  # a try
    page.refused.clear()
    page.carry_out()  # the try was kept
    games.kept_late()
    assert not games.unsaved and data.storage.saving


def test_a_conflict_is_not_cleared_by_a_kept_write(page: Page) -> None:
    data = SavedData(LateStorage(page.mirror))
    games = GameStore(data)
    session = GameSession(Game.from_code("HM1-N-AAAAAAB"))
    games.save(session, 0.0)
    page.carry_out()
    theirs = Game.from_code("HM1-N-AAAAAAB")
    theirs.push(theirs.legal_moves()[0])
    page.other_tab_writes(GAME_KEY, json.dumps(GameSession(theirs).to_json(0.0)))
    mine = GameSession(Game.from_code("HM1-N-AAAAAAB"))
    mine.game.push(mine.game.legal_moves()[1])
    assert games.save(mine, 5.0) == "conflict"
    games.kept_late()
    assert games.unsaved
