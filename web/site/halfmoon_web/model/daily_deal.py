"""The daily deal on the game page: today's date, the date a ``?daily`` link asks for, the
game it opens, and a date in words (docs/formats.md, "The daily deal").

The rule that maps a date to a deal is the engine's (``halfmoon_core.daily``); "today" is the
player's local date, read from JavaScript's ``Date`` (the only thing here that needs the
browser, passed in as ``window``). A clock can say a date without a daily deal (before the
first, 2026-01-01: a dead clock battery says 1970 or 2000): then the player is told so, in a
sentence, and plays on (docs/formats.md, "The daily deal").
"""

from __future__ import annotations

from typing import Any

from halfmoon_core import DailyDate, Game, HalfMoonError, daily_code, parse_date
from halfmoon_core.daily import FIRST
from halfmoon_web.model.bounds import LAST_DAY
from halfmoon_web.model.session import GameSession, Recorder
from halfmoon_web.shared import i18n


def today(window: Any) -> DailyDate:
    """The player's local date, by the browser's clock."""
    now = window.Date.new()
    return DailyDate(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


def has_daily(date: DailyDate) -> bool:
    """Whether ``date`` has a daily deal (2026-01-01 to 9999-12-31)."""
    return 0 <= date.number <= LAST_DAY


def no_daily_text(now: DailyDate, lang: str) -> str:
    """The sentence for a clock whose date has no daily deal (``now``, as the clock says it)."""
    return i18n.t(lang, "daily_no_date", date=date_text(now, lang), first=date_text(FIRST, lang))


def link_date(value: str, now: DailyDate, lang: str) -> tuple[DailyDate | None, str | None]:
    """The date of a ``?daily`` link (empty: today) and None, or None and what is wrong with
    it in ``lang``: not a date the engine has a daily deal for, a clock whose date has none
    (:func:`no_daily_text`), or a date after today."""
    if not value.strip():
        return (now, None) if has_daily(now) else (None, no_daily_text(now, lang))
    try:
        date = parse_date(value)
    except HalfMoonError as exc:
        return None, i18n.t(lang, "bad_daily_link", reason=i18n.error_text(exc, lang))
    if not has_daily(now):
        return None, no_daily_text(now, lang)
    if date.number > now.number:
        return None, i18n.t(lang, "daily_not_yet", date=date_text(date, lang))
    return date, None


def open_code(
    code: str,
    session: GameSession | None,
    stats: Recorder,
    now: float,
    daily: DailyDate | None = None,
) -> GameSession:
    """The game that opening deal ``code`` shows (``daily``: as that date's daily deal): the
    game shown when it is of that deal and not won (then marked daily), else that deal anew,
    the game left counting as lost (docs/formats.md, "URL parameters")."""
    if session is not None and session.code == code and session.game.status != "won":
        if daily is not None:
            session.daily = str(daily)
        return session
    if session is not None:
        session.record_left(stats, now)
    return GameSession(Game.from_code(code), daily=None if daily is None else str(daily))


def open_daily(
    date: DailyDate, session: GameSession | None, stats: Recorder, now: float
) -> GameSession:
    """The game that opening the daily deal of ``date`` shows (see :func:`open_code`)."""
    return open_code(daily_code(date), session, stats, now, date)


def date_text(date: DailyDate | str, lang: str, short: bool = False) -> str:
    """A date in words: ``30 Nov 2026`` / ``30/11/2026`` (``short``: ``30 Nov``, ``30/11``)."""
    parsed = parse_date(date) if isinstance(date, str) else date
    month = i18n.t(lang, f"month_{parsed.month}")
    key = "date_short" if short else "date"
    return i18n.t(lang, key, day=parsed.day, month=month, year=parsed.year)
