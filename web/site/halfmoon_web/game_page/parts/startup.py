"""The game page's start: what it shows first, read before anything is drawn.

In order: the copies an earlier version kept move to the shelf, then the settings, the language
(``?lang=`` > the setting > the browser), the stored game, and a ``?daily`` or ``?deal=`` link
(a saved game of that deal goes on unless it was won; docs/formats.md, "URL parameters"), else
the deal the build wrote on the page (docs/startup.md), else a new random deal. Unusable stored
values become notices for the player (docs/storage.md). Nothing is drawn here:
:mod:`halfmoon_web.game_page.app` builds the page from what this returns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from halfmoon_core import Game, HalfMoonError, normalise_code, random_code
from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.game_page.parts.saving_view import problem_texts
from halfmoon_web.model.daily_deal import date_text, link_date, open_code, open_daily, today
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.snapshot import unsaved_time
from halfmoon_web.shared import i18n
from halfmoon_web.shared.dom import found, page_language, url_param, url_value
from halfmoon_web.storage.storage import UNSAVED_TAPS_KEY

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom
    from halfmoon_web.storage.saved import SavedData
    from halfmoon_web.storage.stores import Stores


def load(dom: PageDom, stores: Stores) -> tuple[PageState, list[str]]:
    """What the page starts with, and the notices to tell the player (in its language)."""
    data = stores.data
    data.adopt_old_backups()
    settings = data.settings()
    lang = page_language(dom.window, settings.lang)
    session = stores.games.load()
    notices = problem_texts(data, stores.storage, lang)
    daily, link = url_value(dom.window, "daily"), url_param(dom.window, "deal")
    if daily is not None:
        session = _open_daily_link(daily, session, data, dom, lang, notices)
    elif link is not None:
        session = _open_link(link, session, data, lang, dom.now(), notices)
    for name, value in (("daily", daily), ("deal", link)):
        if value is not None:
            dom.drop_url_param(name)
    if session is None:
        session = GameSession(Game.from_code(first_deal(dom.built_deal()) or random_code()))
    session.record_win(data, dom.now())
    return PageState(session, settings, lang, dom.os_reduced_motion), notices


def _open_link(
    text: str,
    session: GameSession | None,
    data: SavedData,
    lang: str,
    now: float,
    notices: list[str],
) -> GameSession | None:
    """The game a ``?deal=CODE`` link opens: the saved one when it is of that deal and not won,
    else that deal anew (the game left counts as lost); a bad code adds a notice."""
    try:
        code = normalise_code(text)
    except HalfMoonError as exc:
        notices.append(i18n.t(lang, "bad_link", reason=i18n.error_text(exc, lang)))
        return session
    return open_code(code, session, data, now)


def _open_daily_link(
    text: str,
    session: GameSession | None,
    data: SavedData,
    dom: PageDom,
    lang: str,
    notices: list[str],
) -> GameSession | None:
    """The game a ``?daily`` link opens (``?daily=YYYY-MM-DD``: that date's, up to today),
    said in the notices; a bad or later date adds a notice and keeps the game."""
    date, problem = link_date(text, today(dom.window), lang)
    if date is None:
        notices.append(str(problem))
        return session
    session = open_daily(date, session, data, dom.now())
    notices.append(i18n.t(lang, "daily_opened", date=date_text(date, lang), code=session.code))
    return session


def first_deal(built: object) -> str | None:
    """The deal a first visit plays: the one the build wrote on the page with its cards
    (``#board[data-deal]``, docs/startup.md), when it is a deal code."""
    if not isinstance(built, str):
        return None
    try:
        return normalise_code(built)
    except HalfMoonError:
        return None


def take_unsaved(stores: Stores, session: GameSession) -> str | None:
    """The taps the last page made but had not saved when it went (its applier stored them:
    docs/worker.md, "Saving against a closing tab"), as JSON for
    :func:`~halfmoon_web.model.snapshot.early_taps`; the key is removed: they are played once.
    The game's time when that page went is taken now, when it is of ``session``'s very save."""
    storage = stores.storage
    text = storage.get_text(UNSAVED_TAPS_KEY)
    if text is not None:
        storage.remove(UNSAVED_TAPS_KEY)
        left = unsaved_time(text, session.game, session.clock.elapsed(0))
        if left is not None:
            session.clock.reset(left)
    return text


def take_early(window: Any) -> Any:
    """Take what early.js kept on the board it painted (the taps, the focus) and stop its
    listener: JSON for :func:`~halfmoon_web.model.snapshot.early_taps`, None without early.js.
    Called in the turn the real board starts listening, so no tap is lost or doubled
    (docs/startup.md, "Taps before data-ready"). In a worker the page answers later, in the
    turn it carries out the changes that make the board listen: then an answer to follow
    (``then``, docs/worker.md, "Asks")."""
    early = getattr(window, "halfmoonEarly", None)
    if not found(early):
        return None
    taken = early.take()
    return taken if hasattr(taken, "then") else str(taken)


def when_taken(early: Any, play: Callable[[str | None], object]) -> None:
    """``play`` what :func:`take_early` took: now, or when a worker's page answers."""
    if hasattr(early, "then"):
        early.then(play)
    else:
        play(early)
