"""Numbers in their ranges, values of newer versions left in place, fields of newer versions
kept, echoes of input cut short, and the leave prompt's rule (halfmoon_web.model.bounds,
saved, game_store; halfmoon_web.game_page.parts.saving_view, clock, session; docs/storage.md)."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
from web_support import MemoryStorage

from halfmoon_core import Game, HalfMoonError, normalise_code
from halfmoon_core.cli import main
from halfmoon_web.embed_page.embed_params import EmbedParamError, parse_embed_pairs
from halfmoon_web.game_page.parts.saving_view import (
    not_saving_key,
    problem_texts,
    something_to_lose,
)
from halfmoon_web.game_page.sharing.transfer_view import refusal_text
from halfmoon_web.game_page.stats.stats_chart import rate_chart, rate_points, recent_chart
from halfmoon_web.model import bounds
from halfmoon_web.model.clock import Clock
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.settings import Settings
from halfmoon_web.model.stats import GameRecord, Stats
from halfmoon_web.model.transfer import ImportRefused, export_json, read_export
from halfmoon_web.shared import i18n
from halfmoon_web.shared.invalid import InvalidValue
from halfmoon_web.storage.game_store import GameStore
from halfmoon_web.storage.saved import SavedData
from halfmoon_web.storage.storage import BACKUPS_KEY, GAME_KEY, SETTINGS_KEY, STATS_KEY, Storage

DEAL = "HM1-N-AAAAAAB"
NINES = int("9" * 4300)
"""The largest whole number Python's JSON parser reads (4,300 digits)."""
DOC = Path(__file__).resolve().parents[1] / "docs" / "storage.md"


def recent_game(**changes: object) -> dict[str, object]:
    game = {"code": DEAL, "won": False, "score": 10, "moves": 1, "time_ms": 1000, "line": "4-7"}
    return {**game, **changes}


def stats_with(**changes: object) -> dict[str, object]:
    value = {"played": 1, "won": 0, "streak": 0, "best_streak": 0, "recent": [recent_game()]}
    return {**value, **changes}


def save_with(**changes: object) -> dict[str, object]:
    value = {"format": "halfmoon-game", "version": 2, "start": DEAL, "moves": "4-7", "redo": ""}
    return {**value, "elapsed_ms": 1000, **changes}


def stores(items: dict[str, object] | None = None) -> tuple[MemoryStorage, SavedData, GameStore]:
    backend = MemoryStorage({key: json.dumps(value) for key, value in (items or {}).items()})
    data = SavedData(Storage(backend))
    return backend, data, GameStore(data)


# -- the ranges ----------------------------------------------------------------------------
def documented_ranges() -> dict[str, tuple[int, int]]:
    """The table of docs/storage.md, "The ranges of numbers": kind -> (low, high)."""
    section = DOC.read_text(encoding="utf-8").split("## The ranges of numbers")[1].split("\n## ")[0]
    rows = re.findall(r"^\| (\w+) \| ([\d,]+) \| ([\d,]+) \|", section, re.MULTILINE)
    return {
        kind: (int(low.replace(",", "")), int(high.replace(",", ""))) for kind, low, high in rows
    }


def test_the_doc_gives_every_range_as_the_code_checks_it() -> None:
    assert documented_ranges() == {kind: tuple(found) for kind, found in bounds.RANGES.items()}


def test_the_last_day_is_9999_12_31() -> None:
    assert (datetime.date(9999, 12, 31) - datetime.date(2026, 1, 1)).days == bounds.LAST_DAY


HUGE_STATS = [
    stats_with(recent=[recent_game(time_ms=10**400)]),
    stats_with(played=NINES),
    stats_with(best_time_ms=bounds.MAX_DURATION_MS + 1),
    stats_with(recent=[recent_game(score=521)]),
    stats_with(recent=[recent_game(moves=49)]),
    stats_with(daily={"won": [bounds.LAST_DAY + 1], "lost": []}),
    stats_with(recent=[recent_game(code="x" * 100_000)]),
    stats_with(recent=[recent_game(line=",".join(["4-7"] * 49))]),
    stats_with(played=2, won=2, streak=1, best_streak=3),  # a best streak beyond the games won
]


@pytest.mark.parametrize("value", HUGE_STATS)
def test_statistics_out_of_range_are_refused_in_storage_and_kept_aside(value: object) -> None:
    backend, data, _ = stores({STATS_KEY: value})
    assert data.stats() == Stats()
    assert STATS_KEY not in backend.items  # shelved: the next count starts afresh
    assert json.loads(backend.items[BACKUPS_KEY])[0]["key"] == STATS_KEY
    [said] = problem_texts(data, data.storage, "en")
    assert said.startswith("The saved statistics could not be read") and len(said) < 500


@pytest.mark.parametrize("value", HUGE_STATS)
def test_statistics_out_of_range_are_refused_in_an_import(value: object) -> None:
    file = export_json_text(statistics=value)
    with pytest.raises(ImportRefused) as caught:
        read_export(file)
    for lang in i18n.LANGS:
        assert len(refusal_text(caught.value, lang)) < 500


def export_json_text(**parts: object) -> str:
    value = {"format": "halfmoon-export", "version": 1, "exported": "2026-12-01T00:00:00Z"}
    value |= {"statistics": stats_with(), "settings": {}, "game": save_with()}
    return json.dumps({**value, **parts})


@pytest.mark.parametrize("elapsed", [NINES, 10**400, bounds.MAX_DURATION_MS + 1, -1])
def test_a_game_time_out_of_range_is_refused_in_storage_and_in_an_import(elapsed: int) -> None:
    backend, data, games = stores({GAME_KEY: save_with(elapsed_ms=elapsed)})
    assert games.load() is None
    assert GAME_KEY not in backend.items
    [said] = problem_texts(data, data.storage, "vi")
    assert said.startswith("Không đọc được ván đã lưu") and len(said) < 500
    with pytest.raises(ImportRefused) as caught:
        read_export(export_json_text(game=save_with(elapsed_ms=elapsed)))
    assert "elapsed_ms" in refusal_text(caught.value, "en") or elapsed < 0


def test_a_game_that_starts_from_a_position_is_not_the_game_pages() -> None:
    position = Game.from_code(DEAL).position()
    with pytest.raises(InvalidValue, match="does not start from a deal code"):
        GameSession.from_json(save_with(start=position, moves=""))


def test_the_clock_stops_at_the_longest_time_a_save_may_hold() -> None:
    clock = Clock(bounds.MAX_DURATION_MS - 10)
    clock.start(0.0)
    assert clock.elapsed(1e15) == bounds.MAX_DURATION_MS
    clock.pause(1e15)
    clock.start(2e15)
    clock.pause(3e15)
    assert clock.elapsed(4e15) == bounds.MAX_DURATION_MS
    session = GameSession(Game.from_code(DEAL), elapsed_ms=bounds.MAX_DURATION_MS)
    session.clock.start(0.0)
    assert GameSession.from_json(json.loads(json.dumps(session.to_json(1e18)))).clock.elapsed(
        0
    ) == (bounds.MAX_DURATION_MS)


def test_the_totals_stop_at_the_largest_count_and_stay_readable() -> None:
    most = bounds.MAX_COUNT
    stats = Stats.from_json(
        stats_with(played=most, won=most, streak=most, best_streak=most, recent=[])
    )
    for won in (True, False, True):
        stats.record(GameRecord(DEAL, won, 520 if won else 10, 48 if won else 1, 10**20))
    again = Stats.from_json(json.loads(json.dumps(stats.to_json())))
    assert (again.played, again.won, again.streak) == (most, most, most)
    assert again.recent[0].won and len(again.recent) == 3  # the recent games go on
    assert recent_chart(again.recent, "en") and rate_chart(rate_points(again), "en")


def test_the_best_time_stays_in_range_whatever_a_game_reports() -> None:
    stats = Stats()
    stats.record(GameRecord(DEAL, True, 520, 48, 10**500))
    assert Stats.from_json(stats.to_json()).best_time_ms == bounds.MAX_DURATION_MS


def test_a_recent_games_code_is_read_as_a_deal_code() -> None:
    stats = Stats.from_json(stats_with(recent=[recent_game(code=" hm1-n-aaaaaab ")]))
    assert stats.recent[0].code == normalise_code("HM1-N-AAAAAAB")
    with pytest.raises(HalfMoonError, match="is not a deal code"):
        Stats.from_json(stats_with(recent=[recent_game(code="<img src=x>")]))


# -- forward compatibility -----------------------------------------------------------------
NEWER_SAVE = save_with(version=99, shape="of the future")


def test_a_newer_save_is_left_in_place_while_this_page_plays_on() -> None:
    backend, data, games = stores({GAME_KEY: NEWER_SAVE})
    stored = backend.items[GAME_KEY]
    assert games.load() is None
    assert BACKUPS_KEY not in backend.items  # not shelved
    mine = GameSession(Game.from_code(DEAL))
    mine.model.game.push(mine.game.legal_moves()[0])
    assert games.save(mine, 0.0) == "newer"
    assert games.save(mine, 0.0, force=True) == "newer"
    assert backend.items[GAME_KEY] == stored
    assert not_saving_key(data.storage, games) == "not_saving_newer"
    assert something_to_lose(data.storage, games, moves=1)
    en, vi = (problem_texts(data, data.storage, lang) for lang in ("en", "vi"))
    assert en == [
        "This game was saved by a newer version of Half Moon — reload the page to continue it."
    ]
    assert vi == []  # said once
    del backend.items[GAME_KEY]  # the newer tab's game is gone: saving goes on
    assert games.save(mine, 0.0) == "saved"
    assert not_saving_key(data.storage, games) == ""


def test_the_newer_message_is_in_both_languages() -> None:
    _, data, games = stores({GAME_KEY: NEWER_SAVE})
    games.load()
    assert problem_texts(data, data.storage, "vi") == [
        "Ván này được lưu bởi một phiên bản Half Moon mới hơn — hãy tải lại trang để chơi tiếp."
    ]
    assert i18n.t("vi", "not_saving_newer").startswith("Chưa lưu: một phiên bản Half Moon mới hơn")


@pytest.mark.parametrize("version", [1000, NINES, 0, "2", True])
def test_a_version_that_is_no_version_is_unreadable_not_newer(version: object) -> None:
    backend, data, games = stores({GAME_KEY: save_with(version=version)})
    assert games.load() is None
    assert GAME_KEY not in backend.items and BACKUPS_KEY in backend.items
    [said] = problem_texts(data, data.storage, "en")
    assert len(said) < 500


@pytest.mark.parametrize("key", [SETTINGS_KEY, STATS_KEY])
def test_newer_settings_and_statistics_are_never_overwritten(key: str) -> None:
    newer = {"version": 7, "played": "many", "move_errors": "perhaps"}
    backend, data, _ = stores({key: newer})
    stored = backend.items[key]
    settings = data.change_settings(lambda s: setattr(s, "move_errors", True))
    data.change_settings(lambda s: setattr(s, "placement_assist", True))
    stats = data.record(GameRecord(DEAL, False, 10, 1, 1000))
    data.record(GameRecord(DEAL, True, 520, 48, 1000))
    assert backend.items[key] == stored
    held = data.settings() if key == SETTINGS_KEY else data.stats()
    if key == SETTINGS_KEY:
        assert held.move_errors and held.placement_assist and settings is held
        assert json.loads(backend.items[STATS_KEY])["played"] == 2
    else:
        assert (held.played, held.won) == (2, 1) and stats is held
        assert json.loads(backend.items[SETTINGS_KEY])["move_errors"] is True
    assert data.unsaved_keys == [key]
    assert not_saving_key(data.storage, GameStore(data)) == "not_saving_newer_data"
    assert something_to_lose(data.storage, GameStore(data), moves=0)
    assert BACKUPS_KEY not in backend.items


def test_a_newer_value_blocks_an_import_of_that_value_too() -> None:
    backend, data, _ = stores({STATS_KEY: {"version": 2}})
    assert not data.replace_stats(Stats(played=3, won=1))
    assert json.loads(backend.items[STATS_KEY]) == {"version": 2}
    assert data.stats().played == 3  # this page shows what it imported, unsaved


# -- fields this version does not know -----------------------------------------------------
def test_unknown_fields_of_the_statistics_survive_a_counted_game() -> None:
    future = stats_with(
        achievements=["first win"],
        recent=[recent_game(seed_hint=7)],
        daily={"won": [3], "lost": [], "calendar": "gregorian"},
    )
    backend, data, _ = stores({STATS_KEY: future})
    data.record(GameRecord(DEAL, True, 520, 48, 300_000))
    stored = json.loads(backend.items[STATS_KEY])
    assert stored["achievements"] == ["first win"] and stored["played"] == 2
    assert stored["recent"][1]["seed_hint"] == 7 and "seed_hint" not in stored["recent"][0]
    assert stored["daily"]["calendar"] == "gregorian"
    assert stored["version"] == 1


def test_unknown_fields_of_the_settings_survive_a_changed_setting() -> None:
    backend, data, _ = stores({SETTINGS_KEY: {"move_errors": True, "haptics": "chimes"}})
    data.change_settings(lambda s: setattr(s, "placement_assist", True))
    stored = json.loads(backend.items[SETTINGS_KEY])
    assert stored["haptics"] == "chimes" and stored["move_errors"] and stored["placement_assist"]


def test_unknown_fields_travel_through_an_export() -> None:
    stats = Stats.from_json(stats_with(achievements=["x"]))
    settings = Settings.from_json({"haptics": "chimes"})
    value = export_json(
        read_export(export_json_text(statistics=stats.to_json(), settings=settings.to_json())),
        now=0.0,
        when="2026-12-01T00:00:00Z",
    )
    assert value["statistics"]["achievements"] == ["x"] and value["settings"]["haptics"] == "chimes"


# -- echoes --------------------------------------------------------------------------------
LONG = "A" * 100_000


@pytest.mark.parametrize(
    "text", [f"HM1-N-{LONG}", LONG, f"HM1-{LONG}", f"HM1-N-AAAAAAB{LONG}", "9" * 100_000]
)
def test_an_engine_message_repeats_at_most_40_characters_of_its_input(text: str) -> None:
    with pytest.raises(HalfMoonError) as caught:
        normalise_code(text)
    for lang in i18n.LANGS:
        said = i18n.error_text(caught.value, lang)
        assert len(said) < 200 and "A" * 41 not in said and "…" in said


@pytest.mark.parametrize(
    "pairs",
    [
        [("deal", DEAL), ("steps", "1" * 100_000)],
        [("deal", DEAL), ("steps", "R9" + "-1" * 50_000)],
        [("deal", LONG)],
        [("position", "HMP1:" + LONG)],
        [("deal", DEAL), ("replay", "!" + LONG)],
        [(LONG, "1")],
        [("lang", LONG), ("deal", DEAL)],
    ],
)
def test_an_embed_error_stays_short_in_both_languages(pairs: list[tuple[str, str]]) -> None:
    with pytest.raises(EmbedParamError) as caught:
        parse_embed_pairs(pairs)
    for lang in i18n.LANGS:
        said = i18n.t(
            lang, "embed_bad_param", param=caught.value.param, message=caught.value.text(lang)
        )
        assert len(said) < 500


def test_a_newer_import_file_says_its_version_cut_short() -> None:
    with pytest.raises(ImportRefused) as caught:
        read_export(json.dumps({"format": "halfmoon-export", "version": NINES}))
    assert len(refusal_text(caught.value, "en")) < 500


@pytest.mark.parametrize(
    "args",
    [
        ["deal", LONG],
        ["play", DEAL, "1" * 100_000],
        ["embed", DEAL, "--lang", LONG],
        [LONG],
        ["deal", DEAL, *(["x"] * 10_000)],
        ["daily", LONG],
    ],
)
def test_the_command_line_repeats_at_most_40_characters_of_an_argument(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(args)
    except SystemExit as exc:  # argparse's usage errors
        status = exc.code
    assert status == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert len(error) < 500 and "A" * 41 not in error


def test_huge_numbers_in_a_message_are_cut_without_converting_them_whole() -> None:
    with pytest.raises(HalfMoonError) as caught:
        GameSession.from_json(save_with(version=10**100_000))
    assert len(str(caught.value)) < 200


# -- the leave prompt ----------------------------------------------------------------------
def test_nothing_to_lose_when_everything_is_saved_or_nothing_was_played() -> None:
    _, data, games = stores()
    assert not something_to_lose(data.storage, games, moves=5)
    blocked = SavedData(Storage(None))
    assert not something_to_lose(blocked.storage, GameStore(blocked), moves=0)
    assert something_to_lose(blocked.storage, GameStore(blocked), moves=1)
