"""The daily deal: one ordinary deal code per calendar day, fixed forever by the date
(docs/formats.md, "The daily deal").

The rule, for a date ``D`` written ``YYYY-MM-DD``:

1. ``day = D - 2026-01-01`` in days (the Gregorian calendar; 2026-01-01 is day 0, the first
   daily deal; earlier dates have none; years have four digits, so the last is 9999-12-31).
2. ``SplitMix64`` (:mod:`halfmoon_core.prng`) seeded with ``DAILY_SALT + day`` (mod 2**64),
   where ``DAILY_SALT`` is the ASCII bytes of ``HALFMOON`` read as a big-endian integer.
3. One unbiased draw ``below(26**7)`` from it is the deal number: the daily deal is the
   ordinary code :func:`~halfmoon_core.deals.format_code` of that number.

Which day is "today" is the caller's choice (the game page and the command line take the
player's local date). Plain arithmetic, no :mod:`datetime`: the game page ships only what it
imports (docs/startup.md). Golden tests in ``tests/test_daily.py`` pin dates and codes.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .deals import DEAL_COUNT, format_code
from .errors import DailyDateError
from .prng import MASK64, SplitMix64

DAILY_SALT = int.from_bytes(b"HALFMOON", "big")
"""Added to the day number to seed the generator, so daily deals are not deals 0, 1, 2..."""
#: A date as the address writes it (a pattern string: ``re`` compiles it on first use, not
#: while a page starts).
_SHAPE = r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$"
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class DailyDate(NamedTuple):
    """A calendar date: year, month (1-12) and day of the month."""

    year: int
    month: int
    day: int

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"

    @property
    def number(self) -> int:
        """Days since the first daily deal's date (negative before it)."""
        return _days_from_civil(self) - _EPOCH_DAYS

    @classmethod
    def from_number(cls, number: int) -> DailyDate:
        """The date of day ``number`` (0 is :data:`FIRST`)."""
        return _civil_from_days(number + _EPOCH_DAYS)


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def month_days(year: int, month: int) -> int:
    """How many days month ``month`` of ``year`` has."""
    return 29 if month == 2 and _is_leap(year) else _MONTH_DAYS[month - 1]


def _days_from_civil(date: DailyDate) -> int:
    """Days from 1970-01-01 (H. Hinnant's ``days_from_civil``)."""
    year = date.year - (date.month <= 2)
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (date.month + (-3 if date.month > 2 else 9)) + 2) // 5 + date.day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146097 + day_of_era - 719468


def _civil_from_days(days: int) -> DailyDate:
    """The date ``days`` after 1970-01-01 (H. Hinnant's ``civil_from_days``)."""
    days += 719468
    era = days // 146097
    day_of_era = days - era * 146097
    year_of_era = (
        day_of_era - day_of_era // 1460 + day_of_era // 36524 - day_of_era // 146096
    ) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    shifted_month = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * shifted_month + 2) // 5 + 1
    month = shifted_month + (3 if shifted_month < 10 else -9)
    return DailyDate(year_of_era + era * 400 + (month <= 2), month, day)


FIRST = DailyDate(2026, 1, 1)
"""The date of the first daily deal (day 0)."""
_EPOCH_DAYS = _days_from_civil(FIRST)
EXAMPLE = "2026-11-30"
"""A date, as the messages give it."""


def parse_date(text: str) -> DailyDate:
    """Read a date ``YYYY-MM-DD`` that has a daily deal (surrounding spaces allowed), or raise
    DailyDateError saying why."""
    if not isinstance(text, str):
        raise DailyDateError("date_not_text")
    match = re.match(_SHAPE, text.strip())
    if not match:
        raise DailyDateError("date_shape", text=text.strip(), example=EXAMPLE)
    year, month, day = (int(part) for part in match.groups())
    if not 1 <= month <= 12 or not 1 <= day <= month_days(year, month):
        raise DailyDateError("date_not_a_day", text=text.strip())
    date = DailyDate(year, month, day)
    daily_number(date)  # raises before the first daily deal
    return date


def daily_number(date: DailyDate) -> int:
    """The deal number of the daily deal of ``date`` (the rule of this module's docstring)."""
    if date.number < 0:
        raise DailyDateError("daily_before_first", text=str(date), first=str(FIRST))
    rng = SplitMix64((DAILY_SALT + date.number) & MASK64)
    return rng.below(DEAL_COUNT)


def daily_code(date: DailyDate | str) -> str:
    """The deal code of the daily deal of ``date`` (a :class:`DailyDate` or ``YYYY-MM-DD``)."""
    parsed = parse_date(date) if isinstance(date, str) else date
    return format_code(daily_number(parsed))
