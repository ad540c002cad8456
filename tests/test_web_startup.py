"""The game page's start (halfmoon_web/game_page/parts/startup.py): the game, the language and the
notices it starts with, from storage and the address (docs/formats.md, "URL parameters";
docs/storage.md)."""

from __future__ import annotations

from typing import Any

import pytest
from web_support import MemoryStorage, SearchParams

from halfmoon_core import Game, daily_code
from halfmoon_web.game_page.parts import startup
from halfmoon_web.model.session import GameSession
from halfmoon_web.storage.saved import json_text
from halfmoon_web.storage.storage import GAME_KEY, SETTINGS_KEY
from halfmoon_web.storage.stores import Stores

WIN = "HM1-N-AAAAAAB"
OTHER = "HM1-N-AAAAAAC"


class TODAY:
    """JavaScript's ``new Date()`` on the player's 30 November 2026 (months count from 0)."""

    getFullYear = staticmethod(lambda: 2026)
    getMonth = staticmethod(lambda: 10)
    getDate = staticmethod(lambda: 30)


class FakeDom:
    """What start-up reads of the page: the address, the browser's languages, storage."""

    def __init__(self, search: str, items: dict[str, str], languages: list[str]) -> None:
        navigator = type("Navigator", (), {"languages": languages, "language": "en"})()
        self.window: Any = type("Window", (), {})()
        self.window.location = type("Location", (), {"search": search})()
        self.window.navigator = navigator
        self.window.URLSearchParams = SearchParams
        self.window.localStorage = MemoryStorage(items)
        self.window.Date = type("Date", (), {"new": staticmethod(lambda: TODAY)})
        self.dropped: list[str] = []
        self.built: str | None = None

    def built_deal(self) -> str | None:
        return self.built

    def now(self) -> float:
        return 0.0

    def drop_url_param(self, name: str) -> None:
        self.dropped.append(name)

    def os_reduced_motion(self) -> bool:
        return False


def saved_game(code: str, moves: int) -> str:
    """A stored game of deal ``code`` with its first ``moves`` legal moves played."""
    session = GameSession(Game.from_code(code))
    for _ in range(moves):
        session.game.push(session.game.legal_moves()[0])
    return json_text(session.to_json(0))


def start(
    search: str = "",
    items: dict[str, str] | None = None,
    languages: list[str] | None = None,
    built: str | None = None,
) -> tuple[Any, FakeDom, Stores, list[str]]:
    dom = FakeDom(search, {} if items is None else items, languages or ["en-GB"])
    dom.built = built
    stores = Stores.from_window(dom.window)
    state, notices = startup.load(dom, stores)  # type: ignore[arg-type]
    return state, dom, stores, notices


def test_a_first_visit_deals_a_new_game_in_the_browsers_language() -> None:
    state, dom, _stores, notices = start(languages=["fr", "vi-VN"])
    assert state.session.game.history == () and state.session.code.startswith("HM1-N-")
    assert state.lang == "vi" and notices == [] and dom.dropped == []


def test_a_first_visit_plays_the_deal_the_page_was_built_with() -> None:
    """The game page's HTML holds a deal's cards (docs/startup.md): a first visit plays it."""
    state, _dom, _stores, _notices = start(built=OTHER.lower())
    assert (state.session.code, state.session.game.history) == (OTHER, ())


@pytest.mark.parametrize("built", ["", "HM1-N-AAAA", "not a deal"])
def test_a_page_built_without_a_valid_deal_deals_a_random_one(built: str) -> None:
    state, _dom, _stores, notices = start(built=built)
    assert state.session.code.startswith("HM1-N-") and notices == []


def test_a_stored_game_goes_on_over_the_built_deal() -> None:
    state, _dom, _stores, _notices = start(items={GAME_KEY: saved_game(WIN, 2)}, built=OTHER)
    assert (state.session.code, len(state.session.game.history)) == (WIN, 2)


def test_the_stored_game_goes_on() -> None:
    state, _dom, _stores, _notices = start(items={GAME_KEY: saved_game(WIN, 2)})
    assert (state.session.code, len(state.session.game.history)) == (WIN, 2)


def test_a_link_to_the_stored_deal_goes_on_with_it() -> None:
    items = {GAME_KEY: saved_game(WIN, 2)}
    state, dom, _stores, _notices = start(f"?deal={WIN.lower()}", items)
    assert (state.session.code, len(state.session.game.history)) == (WIN, 2)
    assert dom.dropped == ["deal"]  # a reload resumes the game, not the link


def test_a_link_to_another_deal_starts_it_and_the_game_left_counts_as_lost() -> None:
    items = {GAME_KEY: saved_game(WIN, 1)}
    state, _dom, stores, _notices = start(f"?deal={OTHER}", items)
    assert (state.session.code, state.session.game.history) == (OTHER, ())
    stats = stores.data.stats()
    assert (stats.played, stats.won) == (1, 0)


def test_a_bad_link_is_said_and_changes_nothing() -> None:
    items = {GAME_KEY: saved_game(WIN, 1)}
    state, dom, _stores, notices = start("?deal=HM1-N-AAAA", items)
    assert state.session.code == WIN and dom.dropped == ["deal"]
    assert len(notices) == 1 and notices[0].startswith("The deal in the link cannot be opened: ")


def test_an_unreadable_game_is_said_and_a_new_one_dealt() -> None:
    state, _dom, stores, notices = start(items={GAME_KEY: "{not json"})
    assert state.session.game.history == ()
    assert len(notices) == 1 and notices[0].startswith("The saved game could not be read: ")
    assert [entry.key for entry in stores.data.shelf.entries()] == [GAME_KEY]


def test_why_a_stored_game_is_unreadable_is_said_in_the_page_language() -> None:
    bad = {"format": "halfmoon-game", "version": 1, "start": WIN, "moves": "4-8", "elapsed_ms": 0}
    _state, _dom, stores, notices = start("?lang=vi", {GAME_KEY: json_text(bad)})
    assert notices[0].startswith(
        "Không đọc được ván đã lưu: không chơi lại được ván đã lưu: nước đi thứ 1 (4-8) không"
        " hợp lệ: 9H + 7S có tổng 16, không phải 11. Đã bắt đầu ván mới."
    )
    [entry] = stores.data.shelf.entries()
    assert entry.detail.startswith("the saved game cannot be replayed: move 1 (4-8)")


def test_the_address_language_beats_the_setting_which_beats_the_browser() -> None:
    setting = {SETTINGS_KEY: '{"lang": "en"}'}
    assert start("?lang=vi", dict(setting), ["en"])[0].lang == "vi"
    assert start("", dict(setting), ["vi"])[0].lang == "en"


# -- the daily deal (docs/formats.md, "The daily deal") ------------------------------------------
def test_a_daily_link_opens_todays_daily_deal_and_says_so() -> None:
    items = {GAME_KEY: saved_game(WIN, 1)}
    state, dom, stores, notices = start("?daily&lang=en", items)
    assert (state.session.code, state.session.daily) == (daily_code("2026-11-30"), "2026-11-30")
    assert notices == [f"Daily deal of 30 Nov 2026: {state.session.code}"]
    assert dom.dropped == ["daily"] and stores.data.stats().played == 1  # the game left: lost


def test_a_daily_link_of_an_earlier_date_beats_a_deal_link() -> None:
    state, dom, _stores, _notices = start(f"?daily=2026-11-01&deal={WIN}")
    assert state.session.code == daily_code("2026-11-01")
    assert state.session.daily == "2026-11-01" and dom.dropped == ["daily", "deal"]


def test_a_daily_link_to_the_game_in_progress_goes_on_with_it() -> None:
    code = daily_code("2026-11-30")
    state, _dom, _stores, _notices = start("?daily=", {GAME_KEY: saved_game(code, 2)})
    assert len(state.session.game.history) == 2 and state.session.daily == "2026-11-30"


def test_a_daily_link_of_a_later_day_is_refused_and_changes_nothing() -> None:
    items = {GAME_KEY: saved_game(WIN, 1)}
    state, dom, _stores, notices = start("?daily=2026-12-01&lang=en", items)
    assert state.session.code == WIN and state.session.daily is None
    assert notices == ["The daily deal of 1 Dec 2026 is not out yet"] and dom.dropped == ["daily"]


class DEAD_BATTERY:
    """``new Date()`` on a clock that lost its time: 1 January 1970."""

    getFullYear = staticmethod(lambda: 1970)
    getMonth = staticmethod(lambda: 0)
    getDate = staticmethod(lambda: 1)


@pytest.mark.parametrize("search", ["?daily&lang=en", "?daily=2026-11-30&lang=en"])
def test_a_daily_link_on_a_clock_without_a_daily_deal_starts_a_game_and_says_why(
    search: str,
) -> None:
    dom = FakeDom(search, {}, ["en-GB"])
    dom.window.Date = type("Date", (), {"new": staticmethod(lambda: DEAD_BATTERY)})
    state, notices = startup.load(dom, Stores.from_window(dom.window))  # type: ignore[arg-type]
    assert state.session.daily is None and not state.session.game.history
    assert notices == [
        "This device's clock says 1 Jan 1970, a date without a daily deal: the first is that of "
        "1 Jan 2026. Set the device's date and time to today to play the daily deal."
    ]
    assert dom.dropped == ["daily"]
