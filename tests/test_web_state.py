"""DOM-free state of the game page: settings, clock, statistics, storage, board model, session."""

from __future__ import annotations

import json

import pytest

from halfmoon_core import Game, SaveError, parse_moves
from halfmoon_web.model.board_model import BoardModel
from halfmoon_web.model.clock import Clock, format_time
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.settings import Settings
from halfmoon_web.model.stats import GameRecord, Stats

WIN = "HM1-N-AAAAAAB"

#: A stored recent game, lost after one move.
LOST_RECORD = {"code": "HM1-N-AAAAAAB", "won": False, "score": 10, "moves": 1, "time_ms": 0}


# -- settings ------------------------------------------------------------------------------
def test_settings_defaults_and_round_trip() -> None:
    settings = Settings()
    assert not (settings.move_errors or settings.placement_assist or settings.diagram_labels)
    assert settings.reduced_motion is None and settings.lang is None
    settings.move_errors, settings.lang, settings.reduced_motion = True, "en", False
    assert Settings.from_json(json.loads(json.dumps(settings.to_json()))) == settings


def test_reduced_motion_follows_the_os_until_chosen() -> None:
    assert Settings().motion_reduced(True) is True
    assert Settings().motion_reduced(False) is False
    assert Settings(reduced_motion=False).motion_reduced(True) is False


def test_theme_faces_and_hint_default_and_round_trip() -> None:
    """Settings stored before the theme, the card faces and the hint existed read as the
    defaults: the OS's theme, classic faces, the hint not yet seen."""
    old = Settings.from_json({"move_errors": True})
    assert (old.theme, old.faces, old.hint_seen) == ("auto", "classic", False)
    chosen = Settings(theme="dark", faces="four", hint_seen=True)
    assert Settings.from_json(json.loads(json.dumps(chosen.to_json()))) == chosen


@pytest.mark.parametrize(
    "data",
    [
        [],
        "x",
        {"move_errors": "yes"},
        {"lang": "fr"},
        {"reduced_motion": 1},
        {"theme": "night"},
        {"theme": None},
        {"faces": "huge"},
        {"hint_seen": "yes"},
    ],
)
def test_bad_settings_are_rejected(data: object) -> None:
    with pytest.raises(ValueError):
        Settings.from_json(data)


# -- clock ---------------------------------------------------------------------------------
def test_clock_counts_only_while_running() -> None:
    clock = Clock()
    assert clock.elapsed(1000) == 0 and not clock.running
    clock.start(1000)
    assert clock.elapsed(3500) == 2500
    clock.pause(4000)
    assert clock.elapsed(60_000) == 3000
    clock.start(70_000)
    clock.start(71_000)  # no effect while running
    assert clock.elapsed(72_000) == 5000
    clock.reset()
    assert clock.elapsed(80_000) == 0 and not clock.running


@pytest.mark.parametrize(
    ("ms", "text"), [(0, "0:00"), (999, "0:00"), (61_000, "1:01"), (4_500_000, "75:00")]
)
def test_format_time(ms: int, text: str) -> None:
    assert format_time(ms) == text


# -- statistics ----------------------------------------------------------------------------
def test_stats_streaks_best_time_and_rate() -> None:
    stats = Stats()
    assert stats.win_rate is None
    stats.record(GameRecord("HM1-N-AAAAAAB", True, 520, 48, 300_000))
    stats.record(GameRecord("HM1-N-AAAAAAC", True, 520, 48, 200_000))
    stats.record(GameRecord("HM1-N-AAAAAAD", False, 40, 4, 10_000))
    stats.record(GameRecord("HM1-N-AAAAAAE", True, 520, 48, 250_000))
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (4, 3, 1, 2)
    assert stats.best_time_ms == 200_000 and stats.win_rate == 75
    assert [r.code for r in stats.recent][:2] == ["HM1-N-AAAAAAE", "HM1-N-AAAAAAD"]
    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))) == stats


def test_recent_games_keep_their_moves_and_old_records_load_without() -> None:
    old = {"code": "HM1-N-AAAAAAB", "won": False, "score": 10, "moves": 1, "time_ms": 5}
    new = {**old, "line": " 4-7 , r1-5 "}
    stats = Stats.from_json({"played": 2, "recent": [new, old]})
    assert [record.line for record in stats.recent] == ["4-7,5-R1", None]
    assert stats.to_json()["recent"][0]["line"] == "4-7,5-R1"
    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))) == stats


def test_a_counted_game_keeps_its_moves() -> None:
    session = GameSession(Game.from_code(WIN))
    session.game.push("4-7")
    session.game.push("5-6")
    stats = Stats()
    record = session.record_left(stats, 0.0)
    assert record is not None and record.line == "4-7,5-6" and stats.recent == [record]


def test_recent_games_are_capped() -> None:
    stats = Stats()
    for n in range(15):
        stats.record(GameRecord(f"code{n}", False, 0, 1, 0))
    assert len(stats.recent) == 10 and stats.recent[0].code == "code14"


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"played": -1},
        {"played": 1, "won": 2},
        {"recent": [{"code": 3}]},
        {"played": True},
        {"recent": [LOST_RECORD | {"line": 47}]},
        {"recent": [LOST_RECORD | {"line": "4-7,,5-6"}]},
    ],
)
def test_bad_stats_are_rejected(data: object) -> None:
    with pytest.raises(ValueError):
        Stats.from_json(data)


# -- board model ---------------------------------------------------------------------------
def _model() -> BoardModel:
    return BoardModel(Game.from_code(WIN))


def test_tap_select_deselect_and_pair() -> None:
    model = _model()  # pile 4: 9H, pile 7: 2D, pile 5: 6H
    first = model.tap("4")
    assert first.changed and model.selection == ("4",) and first.move is None
    model.tap("4")  # the same card again: deselected
    assert model.selection == ()
    model.tap("4")
    wrong = model.tap("5")
    assert wrong.error == "E1" and model.selection == ()
    model.tap("4")
    pair = model.tap("7")
    assert str(pair.move) == "4-7" and [c.code for c in pair.removed] == ["9H", "2D"]
    assert model.game.score == 10 and pair.status == "playing"


def test_dimmed_cards_follow_joinable() -> None:
    model = _model()
    assert model.dimmed() == frozenset()
    model.tap("4")  # a 9: only 2s stay bright
    dimmed = model.dimmed()
    playable = model.game.playable()
    assert "4" not in dimmed
    assert {p for p in playable if p not in dimmed} == {"4", "7"}


def test_undo_returns_the_cards() -> None:
    model = _model()
    assert model.undo() is None
    model.tap("4")
    model.tap("7")
    undone = model.undo()
    assert undone is not None and str(undone.move) == "4-7"
    assert [c.code for c in undone.returned] == ["9H", "2D"] and model.game.score == 0


# -- session -------------------------------------------------------------------------------
def test_session_round_trip_keeps_moves_time_and_flag() -> None:
    session = GameSession(Game.from_code(WIN), elapsed_ms=1234)
    session.model.tap("4")
    session.model.tap("7")
    data = json.loads(json.dumps(session.to_json(now=0)))
    assert data["format"] == "halfmoon-game" and data["moves"] == "4-7"
    restored = GameSession.from_json(data)
    assert restored.game.history == session.game.history
    assert restored.clock.elapsed(10**9) == 1234 and not restored.clock.running


@pytest.mark.parametrize(
    "data",
    [
        {"format": "halfmoon-game", "version": 2, "start": WIN, "moves": ""},
        {"format": "halfmoon-game", "version": 1, "start": WIN, "moves": "1-2"},
        {"format": "halfmoon-game", "version": 1, "start": WIN, "moves": "", "counted": 1},
        "garbage",
    ],
)
def test_bad_saves_raise(data: object) -> None:
    with pytest.raises(SaveError):
        GameSession.from_json(data)


def test_clock_runs_from_the_first_tap_and_stops_at_the_end() -> None:
    session = GameSession(Game.from_code("HM1-N-AAABATO"))  # stalemate at the deal
    session.acted(100)
    assert not session.clock.running
    session = GameSession(Game.from_code(WIN))
    session.model.tap("4")
    session.acted(100)
    assert session.clock.running and session.clock.elapsed(1100) == 1000


def test_a_win_counts_once_and_a_left_game_as_lost() -> None:
    from pathlib import Path

    fixture = json.loads(
        (Path(__file__).parent / "fixtures" / "winning_game.json").read_text(encoding="utf-8")
    )
    stats = Stats()
    session = GameSession(Game.from_code(fixture["start"]))
    assert session.record_left(stats, 0) is None  # no move yet: not counted
    for move in parse_moves(fixture["moves"]):
        session.game.push(move)
    record = session.record_win(stats, 0)
    assert record is not None and record.won and record.score == 520 and record.moves == 48
    assert session.record_win(stats, 0) is None
    assert session.record_left(stats, 0) is None
    assert (stats.played, stats.won) == (1, 1)
    other = GameSession(Game.from_code("HM1-N-AAAAAAC"))
    other.game.push(other.game.legal_moves()[0])
    assert other.record_left(stats, 0) is not None
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (2, 1, 0, 1)
