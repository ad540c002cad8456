"""The daily deal and the statistics you can see, DOM-free, on CPython: the daily figures, the
results history, the game as a daily deal, what a daily link opens, and the charts
(docs/interface.md, "Statistics")."""

from __future__ import annotations

import json

import pytest

from halfmoon_core import DailyDate, Game, HalfMoonError, daily_code
from halfmoon_web.game_page.stats.stats_chart import (
    RatePoint,
    Svg,
    rate_chart,
    rate_points,
    recent_chart,
)
from halfmoon_web.model.daily_deal import date_text, has_daily, link_date, no_daily_text, open_daily
from halfmoon_web.model.daily_stats import DailyStats
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.stats import HISTORY_LIMIT, GameRecord, Stats

NOV_29, NOV_30, DEC_1 = 332, 333, 334  # day numbers of 2026-11-29, -30 and 2026-12-01


def daily_game(date: str, won: bool) -> GameRecord:
    """A finished game of the daily deal of ``date``."""
    code = daily_code(date)
    return GameRecord(code, won, 520 if won else 30, 48 if won else 3, 60_000, daily=date)


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


def test_the_best_score_of_a_lost_game_is_kept_and_a_win_leaves_it() -> None:
    stats = Stats()
    assert stats.best_lost_score is None
    for won, score in ((False, 40), (False, 95), (True, 520), (False, 60)):
        stats.record(GameRecord("HM1-N-AAAAAAB", won, score, 10, 1000))
    assert stats.best_lost_score == 95
    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))).best_lost_score == 95


def test_statistics_stored_before_the_best_lost_score_take_it_from_their_recent_games() -> None:
    lost = {"code": "HM1-N-AAAAAAB", "won": False, "score": 70, "moves": 7, "time_ms": 5}
    won = {"code": "HM1-N-AAAAAAC", "won": True, "score": 520, "moves": 48, "time_ms": 9}
    old = {"played": 2, "won": 1, "streak": 1, "best_streak": 1, "recent": [won, lost]}
    assert Stats.from_json(old).best_lost_score == 70
    assert Stats.from_json({**old, "recent": [won]}).best_lost_score is None
    assert Stats.from_json({**old, "best_lost_score": None}).best_lost_score is None


@pytest.mark.parametrize("value", [-1, 521, 7.5, True, "9"])
def test_a_best_lost_score_out_of_its_range_is_refused(value: object) -> None:
    with pytest.raises(ValueError):
        Stats.from_json({"best_lost_score": value})


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
    bad = {
        "code": "HM1-N-AAAAAAB",
        "won": True,
        "score": 1,
        "moves": 1,
        "time_ms": 1,
        "daily": "2026-02-30",
    }
    with pytest.raises(HalfMoonError, match="not a day of the calendar"):
        Stats.from_json({"played": 1, "won": 1, "recent": [bad]})


def test_a_long_history_is_cut_to_its_last_results() -> None:
    stats = Stats.from_json({"played": 500, "won": 250, "history": "WL" * 100 + "W"})
    assert len(stats.history) == HISTORY_LIMIT and stats.history.endswith("LW")


# -- the game in progress as the daily deal -------------------------------------------------------
def test_a_daily_game_is_saved_and_counted_with_its_date() -> None:
    session = GameSession(Game.from_code(daily_code("2026-11-30")), daily="2026-11-30")
    session.game.push(session.game.legal_moves()[0])
    data = json.loads(json.dumps(session.to_json(now=0)))
    assert data["daily"] == "2026-11-30"
    restored = GameSession.from_json(data)
    assert restored.daily == "2026-11-30"
    stats = Stats()
    record = restored.record_left(stats, 0)
    assert record is not None and record.daily == "2026-11-30"
    assert stats.daily.lost == [NOV_30]


def test_an_ordinary_game_is_saved_without_a_date() -> None:
    data = GameSession(Game.from_code("HM1-N-AAAAAAB")).to_json(now=0)
    assert "daily" not in data and GameSession.from_json(data).daily is None


@pytest.mark.parametrize("daily", ["2026-11-29", "2026-02-30", 20261130])
def test_a_saved_game_that_is_not_its_dates_daily_deal_is_refused(daily: object) -> None:
    data = GameSession(Game.from_code(daily_code("2026-11-30"))).to_json(now=0)
    data["daily"] = daily
    with pytest.raises(ValueError):
        GameSession.from_json(data)


# -- what a daily link or the button opens -------------------------------------------------------
TODAY = DailyDate(2026, 11, 30)


@pytest.mark.parametrize(
    ("value", "date", "problem"),
    [
        ("", TODAY, None),
        ("2026-11-29", DailyDate(2026, 11, 29), None),
        ("2026-12-01", None, "The daily deal of 1 Dec 2026 is not out yet"),
        ("yesterday", None, "The daily deal in the link cannot be opened: 'yesterday' is not a"),
    ],
)
def test_the_date_of_a_daily_link(value: str, date: DailyDate | None, problem: str | None) -> None:
    found, said = link_date(value, TODAY, "en")
    assert found == date
    assert (said is None) == (problem is None) and (problem or "") in (said or "")


def test_a_bad_daily_link_is_said_in_vietnamese() -> None:
    assert link_date("2026-12-01", TODAY, "vi")[1] == "Ván hằng ngày 1/12/2026 chưa đến"
    said = link_date("2025-01-01", TODAY, "vi")[1]
    assert said is not None and "không có ván hằng ngày vào 2025-01-01" in said


@pytest.mark.parametrize(
    ("now", "has"),
    [
        (DailyDate(1970, 1, 1), False),
        (DailyDate(2025, 12, 31), False),
        (DailyDate(2026, 1, 1), True),
        (DailyDate(9999, 12, 31), True),
        (DailyDate(10000, 1, 1), False),
    ],
)
def test_a_clock_without_a_daily_deal_is_said_in_both_languages(now: DailyDate, has: bool) -> None:
    assert has_daily(now) is has
    for value in ("", "2026-11-30"):
        date, said = link_date(value, now, "en")
        if has:
            assert said is None or "not out yet" in said
            continue
        assert date is None and said == no_daily_text(now, "en")
    if not has:
        day = f"{now.day}/{now.month}/{now.year}"
        assert no_daily_text(now, "vi").startswith(f"Đồng hồ của thiết bị này đang chỉ ngày {day},")
        assert "ván đầu tiên là ván ngày 1/1/2026" in no_daily_text(now, "vi")


def test_opening_the_daily_deal_goes_on_with_its_game_or_starts_it() -> None:
    stats = Stats()
    shown = GameSession(Game.from_code(daily_code(TODAY)))  # opened by its code, one move
    shown.game.push(shown.game.legal_moves()[0])
    assert open_daily(TODAY, shown, stats, 0) is shown and shown.daily == "2026-11-30"
    other = open_daily(DailyDate(2026, 11, 29), shown, stats, 0)
    assert other.daily == "2026-11-29" and other.code == daily_code("2026-11-29")
    assert not other.game.history and stats.daily.lost == [NOV_30]  # the game left: lost


def test_dates_in_words() -> None:
    assert date_text("2026-11-30", "en") == "30 Nov 2026"
    assert date_text(TODAY, "en", short=True) == "30 Nov"
    assert date_text("2027-01-05", "vi") == "5/1/2027"
    assert date_text("2027-01-05", "vi", short=True) == "5/1"


# -- the charts ----------------------------------------------------------------------------------
def marks(svg: Svg, cls: str) -> list[Svg]:
    """The chart's elements whose class holds ``cls``."""
    found = [svg] if cls in svg.attrs.get("class", "").split() else []
    return found + [mark for child in svg.children for mark in marks(child, cls)]


def test_the_recent_chart_has_one_mark_per_recent_game() -> None:
    stats = Stats()
    for score, won, time_ms in ((30, False, 20_000), (520, True, 80_000), (100, False, 40_000)):
        stats.record(GameRecord("HM1-N-AAAAAAB", won, score, 5, time_ms))
    svg = recent_chart(stats.recent, "en")
    assert svg.attrs["aria-hidden"] == "true" and svg.attrs["viewBox"] == "0 0 240 124"
    games = marks(svg, "chart-game")
    assert [game.attrs["class"] for game in games] == [
        "chart-game lost", "chart-game won", "chart-game lost"
    ]  # fmt: skip
    assert [game.children[0].text for game in games] == [
        "Game 1 of 3: lost, score 30, time 0:20",
        "Game 2 of 3: won, score 520, time 1:20",
        "Game 3 of 3: lost, score 100, time 0:40",
    ]
    heights = [float(game.children[1].attrs["height"]) for game in games]
    assert heights[1] == 54 and heights[0] < heights[2] < heights[1]  # out of a win's 520
    times = [float(game.children[2].attrs["height"]) for game in games]
    assert times[1] == 48 and times[0] == 12  # out of the longest shown
    xs = [float(game.children[1].attrs["x"]) for game in games]
    assert xs == sorted(xs) and xs[-1] > 200  # oldest left, the newest in the last slot


def test_the_win_rate_after_each_game_is_exact_from_the_totals() -> None:
    stats = Stats(played=20, won=10, history="WWLL")  # 16 earlier games, 8 of them won
    assert rate_points(stats) == [
        RatePoint(17, 9, 53), RatePoint(18, 10, 56), RatePoint(19, 10, 53), RatePoint(20, 10, 50)
    ]  # fmt: skip
    assert rate_points(Stats()) == []


def test_the_win_rate_chart_draws_at_most_ten_points_ending_at_the_last_game() -> None:
    stats = Stats()
    for n in range(37):
        stats.record(GameRecord("HM1-N-AAAAAAB", n % 4 == 0, 0, 1, 0))
    points = rate_points(stats)
    assert [point.game for point in points] == [4, 8, 12, 15, 19, 23, 26, 30, 34, 37]
    assert points[-1].rate == stats.win_rate
    svg = rate_chart(points, "en")
    assert len(marks(svg, "chart-point")) == 10 and len(marks(svg, "chart-line")) == 1
    ticks = [tick.text for tick in marks(svg, "chart-tick")]
    assert ticks == ["game 4", "game 37"]


def test_one_game_is_one_point_and_no_line() -> None:
    svg = rate_chart([RatePoint(1, 1, 100)], "vi")
    assert len(marks(svg, "chart-point")) == 1 and not marks(svg, "chart-line")
    assert [tick.text for tick in marks(svg, "chart-tick")] == ["ván 1"]
    assert marks(svg, "chart-point")[0].children[0].text == "Sau ván 1: thắng 100%"
