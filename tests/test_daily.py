"""The daily deal (docs/formats.md, "The daily deal"): a date maps to one ordinary deal code,
forever. The golden table pins the rule; changing it would change every player's daily deal."""

from __future__ import annotations

import datetime

import pytest

from halfmoon_core import DailyDate, DailyDateError, daily_code, parse_code, parse_date
from halfmoon_core.daily import DAILY_SALT, FIRST, daily_number, month_days
from halfmoon_core.prng import SplitMix64

GOLDEN = [
    ("2026-01-01", 0, "HM1-N-HINNDBP"),
    ("2026-01-02", 1, "HM1-N-TXJOZBF"),
    ("2026-02-28", 58, "HM1-N-QORZRTH"),
    ("2026-11-30", 333, "HM1-N-DWWLBTI"),
    ("2026-12-01", 334, "HM1-N-QJQDQQX"),
    ("2028-02-29", 789, "HM1-N-JYZEDLU"),
    ("2100-03-01", 27087, "HM1-N-HVIJVGW"),
    ("9999-12-31", 2912442, "HM1-N-TTRNFSY"),
]


@pytest.mark.parametrize(("text", "day", "code"), GOLDEN)
def test_golden_dates_have_their_pinned_daily_deal(text: str, day: int, code: str) -> None:
    date = parse_date(text)
    assert str(date) == text and date.number == day
    assert daily_code(text) == daily_code(date) == code


def test_the_rule_is_one_draw_from_splitmix64_seeded_by_salt_plus_day() -> None:
    assert DAILY_SALT == 0x48414C464D4F4F4E  # "HALFMOON"
    for text, day, code in GOLDEN:
        assert daily_number(parse_date(text)) == SplitMix64(DAILY_SALT + day).below(26**7)
        assert parse_code(code).number == daily_number(parse_date(text))


def test_every_day_of_a_year_has_its_own_deal() -> None:
    codes = {daily_code(DailyDate.from_number(day)) for day in range(366)}
    assert len(codes) == 366


def test_day_numbers_agree_with_the_standard_library_calendar() -> None:
    first = datetime.date(2026, 1, 1)
    for day in [*range(-800, 3000), *range(0, 2_912_443, 977), 2_912_442]:
        expected = first + datetime.timedelta(days=day)
        date = DailyDate.from_number(day)
        assert date == (expected.year, expected.month, expected.day)
        assert date.number == day


def test_month_lengths_follow_the_gregorian_leap_years() -> None:
    lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    assert [month_days(2026, m) for m in range(1, 13)] == lengths
    assert (month_days(2028, 2), month_days(2100, 2), month_days(2000, 2)) == (29, 28, 29)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("30/11/2026", "'30/11/2026' is not a date (expected YYYY-MM-DD, e.g. 2026-11-30)"),
        ("2026-1-5", "'2026-1-5' is not a date"),
        ("20261130", "'20261130' is not a date"),
        ("", "'' is not a date"),
        ("2026-11-30T00:00", "is not a date"),
        ("２０２６-11-30", "is not a date"),  # digits other than 0-9
        ("2026-02-29", "'2026-02-29' is not a day of the calendar"),
        ("2026-13-01", "'2026-13-01' is not a day of the calendar"),
        ("2026-00-10", "is not a day of the calendar"),
        ("2026-04-31", "is not a day of the calendar"),
        ("2026-04-00", "is not a day of the calendar"),
        ("2025-12-31", "there is no daily deal on 2025-12-31: the first is that of 2026-01-01"),
        ("0001-01-01", "there is no daily deal on 0001-01-01"),
    ],
)
def test_bad_dates_are_refused_saying_why(text: str, message: str) -> None:
    with pytest.raises(DailyDateError) as info:
        parse_date(text)
    assert message in str(info.value)


def test_a_date_must_be_text() -> None:
    with pytest.raises(DailyDateError, match="a date must be text"):
        parse_date(20261130)  # type: ignore[arg-type]


def test_a_date_before_the_first_has_no_daily_number() -> None:
    with pytest.raises(DailyDateError, match="no daily deal"):
        daily_number(DailyDate.from_number(-1))
    assert FIRST == DailyDate.from_number(0) == (2026, 1, 1)


def test_dates_are_read_with_surrounding_spaces() -> None:
    assert parse_date(" 2026-11-30\n") == DailyDate(2026, 11, 30)
