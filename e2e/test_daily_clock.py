"""A device clock with no daily deal (before 2026-01-01, the first: a dead clock battery says
1970 or 2000): a ``?daily`` link starts an ordinary game and the Daily deal button keeps the game,
each saying why in a sentence of the catalogs, never a traceback (docs/formats.md, "The daily
deal").

The module's context options are its own (a time zone), so its clock, set by Playwright's clock
API, serves no other module; every test sets it as it starts (``clock_at``).
"""

from __future__ import annotations

import pytest
from game_support import button, card, status
from harness import open_app
from playwright.sync_api import Page, expect

from halfmoon_core import Game

pytestmark = pytest.mark.browser_context_args(timezone_id="Europe/Lisbon")
SAID = {
    "en": "This device's clock says {date}, a date without a daily deal: the first is that of "
    "1 Jan 2026. Set the device's date and time to today to play the daily deal.",
    "vi": "Đồng hồ của thiết bị này đang chỉ ngày {date}, một ngày không có ván hằng ngày: ván "
    "đầu tiên là ván ngày 1/1/2026. Hãy đặt ngày giờ của thiết bị về hôm nay để chơi ván "
    "hằng ngày.",
}
DAILY_BUTTON = {"en": "Daily deal", "vi": "Ván hằng ngày"}


def clock_at(page: Page, when: str) -> Page:
    """Set the context's clock (the page's ``Date``) to ``when``."""
    page.context.clock.set_system_time(when)
    return page


def play_a_pair(page: Page, lang: str = "en", game: Game | None = None) -> Game:
    """Play the first legal move of the deal shown (``game``, else read from the page) through
    the cards' names in ``lang``, and see it counted: the game is playable."""
    game = game or Game.from_code(page.locator("#deal-code").inner_text())
    move = game.legal_moves()[0]
    for place in move.places:
        card(page, game, place, lang).click(force=True)
    game.push(move)
    expect(page.locator("#moves")).to_have_text(str(game.moves))
    return game


@pytest.mark.parametrize(
    ("when", "date"),
    [
        ("2025-06-01T12:00:00Z", {"en": "1 Jun 2025", "vi": "1/6/2025"}),
        ("2000-01-01T12:00:00Z", {"en": "1 Jan 2000", "vi": "1/1/2000"}),
        ("1970-01-01T12:00:00Z", {"en": "1 Jan 1970", "vi": "1/1/1970"}),
    ],
    ids=["2025", "2000", "1970"],
)
@pytest.mark.parametrize("lang", ["en", "vi"])
def test_a_daily_link_and_the_button_on_a_clock_before_the_first_daily_deal(
    warm_page: Page, when: str, date: dict[str, str], lang: str
) -> None:
    page = clock_at(warm_page, when)
    said = SAID[lang].format(date=date[lang])
    open_app(page, f"index.html?lang={lang}&daily")  # fails the test on data-error
    expect(status(page)).to_contain_text(said)
    expect(page.locator("#deal-daily")).to_be_hidden()  # an ordinary game
    assert "daily" not in page.url
    expect(page.locator(".py-error")).to_have_count(0)
    game = play_a_pair(page, lang)
    code = page.locator("#deal-code").inner_text()
    button(page, DAILY_BUTTON[lang]).click()
    expect(status(page)).to_have_text(said)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("#deal-code")).to_have_text(code)  # the game stays, and plays on
    play_a_pair(page, lang, game)
    button(page, {"en": "Statistics", "vi": "Thống kê"}[lang]).click()  # the daily streak
    expect(page.locator("#stats-panel")).to_be_visible()
    expect(page.locator(".py-error")).to_have_count(0)


def test_a_dated_daily_link_on_a_clock_before_the_first_daily_deal(warm_page: Page) -> None:
    page = clock_at(warm_page, "2025-06-01T12:00:00Z")
    open_app(page, "index.html?lang=en&daily=2026-11-30")
    expect(status(page)).to_contain_text(SAID["en"].format(date="1 Jun 2025"))
    play_a_pair(page)
