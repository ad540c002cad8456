"""The statistics' daily deal figures and results history (docs/interface.md, "Statistics"),
DOM-free, on CPython."""

from __future__ import annotations

import json

import pytest

from halfmoon_core import HalfMoonError, daily_code
from halfmoon_web.daily_stats import DailyStats
from halfmoon_web.stats import HISTORY_LIMIT, GameRecord, Stats

NOV_29, NOV_30, DEC_1 = 332, 333, 334  # day numbers of 2026-11-29, -30 and 2026-12-01


def daily_game(date: str, won: bool) -> GameRecord:
    """A finished game of the daily deal of ``date``."""
    return GameRecord(daily_code(date), won, 520 if won else 30, 48 if won else 3, 60_000, date)


def test_a_daily_date_counts_once_and_turns_won_when_won_later() -> None:
    stats = Stats()
    stats.record(daily_game("2026-11-30", won=False))
    stats.record(daily_game("2026-11-30", won=False))  # a second attempt: still one date
    assert (stats.daily.played, len(stats.daily.won)) == (1, 0)
    stats.record(daily_game("2026-11-30", won=True))
    stats.record(daily_game("2026-11-30", won=False))  # a loss after the win changes nothing
    assert (stats.daily.won, stats.daily.lost) == ([NOV_30], [])
    assert (stats.played, stats.won) == (4, 1)  # the totals count every game, the daily's too


def test_the_daily_streak_ends_today_or_yesterday() -> None:
    daily = DailyStats()
    for day in (NOV_29 - 3, NOV_29 - 2, NOV_29, NOV_30):
        daily.record(day, won=True)
    daily.record(NOV_29 - 1, won=False)
    assert daily.streak(NOV_30) == 2  # 29 and 30 November
    assert daily.streak(DEC_1) == 2  # today's may still be played
    assert daily.streak(DEC_1 + 1) == 0  # 1 December was missed
    assert daily.best_streak == 2
    daily.record(NOV_29 - 1, won=True)  # the missed date, won later: the run joins up
    assert (daily.streak(NOV_30), daily.best_streak, daily.played) == (5, 5, 5)


def test_ordinary_games_leave_the_daily_statistics_alone() -> None:
    stats = Stats()
    stats.record(GameRecord("HM1-N-AAAAAAB", True, 520, 48, 1))
    assert stats.daily == DailyStats() and stats.history == "W"


def test_the_history_keeps_the_last_results_oldest_first() -> None:
    stats = Stats()
    for n in range(HISTORY_LIMIT + 5):
        stats.record(GameRecord("HM1-N-AAAAAAB", n % 3 == 0, 0, 1, 0))
    assert len(stats.history) == HISTORY_LIMIT
    assert stats.history[-1] == "L" and stats.history[-3] == "W"  # game 104 won, 105 lost


def test_everything_round_trips_through_json() -> None:
    stats = Stats()
    stats.record(daily_game("2026-11-29", won=True))
    stats.record(daily_game("2026-11-30", won=False))
    stats.record(GameRecord("HM1-N-AAAAAAB", True, 520, 48, 1))
    stored = json.loads(json.dumps(stats.to_json()))
    assert stored["daily"] == {"won": [NOV_29], "lost": [NOV_30]} and stored["history"] == "WLW"
    assert Stats.from_json(stored) == stats


def test_statistics_stored_before_the_history_and_the_daily_deal_still_load() -> None:
    old = {
        "played": 14, "won": 2, "streak": 0, "best_streak": 1, "best_time_ms": 1000,
        "recent": [
            {"code": "HM1-N-AAAAAAB", "won": False, "score": 10, "moves": 1, "time_ms": 5},
            {"code": "HM1-N-AAAAAAC", "won": True, "score": 520, "moves": 48, "time_ms": 9},
        ],
    }  # fmt: skip
    stats = Stats.from_json(old)
    assert stats.history == "WL"  # from the recent games, oldest first
    assert stats.daily == DailyStats() and stats.recent[0].daily is None


@pytest.mark.parametrize(
    "data",
    [
        {"history": "WLX", "played": 3, "won": 1},
        {"history": 7},
        {"history": "WW", "played": 2, "won": 1},
        {"history": "LL", "played": 2, "won": 1},
        {"daily": []},
        {"daily": {"won": [1.5]}},
        {"daily": {"won": [-1]}},
        {"daily": {"won": [True]}},
        {"daily": {"won": [3], "lost": [3]}},
        {"recent": [{"code": "x", "won": True, "score": 1, "moves": 1, "time_ms": 1, "daily": 5}]},
    ],
)
def test_bad_history_and_daily_figures_are_refused(data: object) -> None:
    with pytest.raises(ValueError):
        Stats.from_json(data)


def test_a_bad_daily_date_of_a_recent_game_says_why_as_the_engine_does() -> None:
    bad = {"code": "x", "won": True, "score": 1, "moves": 1, "time_ms": 1, "daily": "2026-02-30"}
    with pytest.raises(HalfMoonError, match="not a day of the calendar"):
        Stats.from_json({"played": 1, "won": 1, "recent": [bad]})


def test_a_long_history_is_cut_to_its_last_results() -> None:
    stats = Stats.from_json({"played": 500, "won": 250, "history": "WL" * 100 + "W"})
    assert len(stats.history) == HISTORY_LIMIT and stats.history.endswith("LW")
