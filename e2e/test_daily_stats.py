"""The daily deal and the statistics you can see (docs/interface.md, "Statistics"; the rule:
docs/formats.md, "The daily deal").

The module's context is in a time zone away from UTC and its clock is set with Playwright's
clock API (``hanoi_page``), so "today" is a known local date; the code the page opens is
compared with the command line's. The tests run in new tabs of one context that has been to the
site (``warm_page``, e2e/conftest.py): each sets the clock again as it starts.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from game_support import DEAL, button, play, settle, status, winning_game
from harness import empty_tab, open_app, store_texts, stored_texts, wait_for_app
from playwright.sync_api import BrowserContext, Locator, Page, expect

from halfmoon_core import Game, parse_moves, replay

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.browser_context_args(timezone_id="Asia/Ho_Chi_Minh")
"""The module's context is in Hanoi, UTC+7: 2026-11-27T20:00Z is already 28 November there."""
EVENING_UTC = "2026-11-27T20:00:00Z"
WIN_27 = (
    "1-2-11,4-12,6-8,10-R6,5-R4,5-9,4-5,5-7,2-5,2-3,1-3,3-6,6-7-10,7-9,2-12,7-11,1-4,7-9,11-R8,"
    "9-R5,3-R3,3-7-8,1-7-8,6-8,6-10,6-12,3-5,2-6,2-4-7,6-12,4-11-R7,1-4,4-10,1-2,1-2-8,8-9,8-10,"
    "3-9,9-11,11-12,10-11,4-10,5-10,5-9,3-8,12-R2,1-12,11-12-R1"
)
"""A winning line of the daily deal of 2026-11-27 (found by tests/solver.py)."""
WIN_28 = (
    "1-4-10,6-8,8-10-12,3-11,2-12,4-6,7-10,4-7,7-12,7-8,2-3-8,1-7,9-R4,5-R3,2-5,4-5-11,8-R7,"
    "8-10-R6,7-R8,6-7,6-10,9-10,6-10,1-10,1-R5,1-7-9,9-12,11-12,9-11,3-12,1-2,2-3,2-5,1-4,4-11,"
    "4-11,3-4,3-9,3-5,2-3,5-R1,5-6-11,2-11,9-R2,6-9,6-12,5-8-12,1-8"
)
"""A winning line of the daily deal of 2026-11-28."""


def cli_daily(date: str) -> str:
    """The command line's daily deal of ``date``, run as a player would run it."""
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_core", "daily", date],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=True,
    )  # fmt: skip
    return done.stdout.strip()


def stats_value(page: Page, label: str) -> Locator:
    """A figure of the statistics panel by its exact label."""
    term = page.locator("#stats-panel dt", has_text=re.compile(f"^{re.escape(label)}$"))
    return term.locator("xpath=following-sibling::dd[1]")


def open_statistics(page: Page) -> None:
    """Show the Statistics panel (Escape first closes an end dialog, if one is open)."""
    page.keyboard.press("Escape")
    button(page, "Statistics").click()
    expect(page.locator("#stats-panel")).to_be_visible()


def play_line(page: Page, code: str, moves: str) -> None:
    """Play ``moves`` on the deal shown, ``code``, through the cards' names."""
    game = Game.from_code(code)
    for move in parse_moves(moves):
        play(page, game, move)


@pytest.fixture
def hanoi_page(warm_page: Page) -> Page:
    """A new tab (``warm_page``: empty storage) whose clock says :data:`EVENING_UTC`, 28 November
    in the module's time zone. The clock is the context's: every test sets it again."""
    warm_page.context.clock.set_system_time(EVENING_UTC)
    return warm_page


def test_a_daily_link_opens_the_daily_deal_of_that_date(hanoi_page: Page) -> None:
    page = hanoi_page
    open_app(page, "index.html?lang=en&daily=2026-11-27")
    code = cli_daily("2026-11-27")
    expect(page.locator("#deal-code")).to_have_text(code)
    expect(page.locator("#deal-daily")).to_have_text("Daily deal 27 Nov")
    expect(status(page)).to_have_text(f"Daily deal of 27 Nov 2026: {code}.")
    assert "daily" not in page.url  # a reload resumes the game, like a ?deal= link


def test_daily_and_the_button_open_today_by_the_players_local_date(hanoi_page: Page) -> None:
    page = hanoi_page  # 28 November in Hanoi, still the 27th in UTC
    today = cli_daily("2026-11-28")
    open_app(page, "index.html?lang=en&daily")
    expect(page.locator("#deal-code")).to_have_text(today)
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    expect(page.locator("#deal-daily")).to_be_hidden()
    expect(page.locator("#deal-code")).to_have_text(DEAL)
    button(page, "Daily deal").click()
    expect(page.locator("#deal-code")).to_have_text(today)
    expect(page.locator("#deal-daily")).to_have_text("Daily deal 28 Nov")
    expect(status(page)).to_contain_text(f"Daily deal of 28 Nov 2026: {today}")


@pytest.mark.parametrize(
    ("date", "said"),
    [
        ("2026-11-29", "The daily deal of 29 Nov 2026 is not out yet."),
        ("2026-02-30", "The daily deal in the link cannot be opened: '2026-02-30' is not a day"),
        ("2025-12-31", "there is no daily deal on 2025-12-31: the first is that of 2026-01-01"),
    ],
)
def test_a_daily_link_of_a_later_or_impossible_date_keeps_the_game(
    hanoi_page: Page, date: str, said: str
) -> None:
    page = hanoi_page
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    open_app(page, f"index.html?lang=en&daily={date}")
    expect(status(page)).to_contain_text(said)
    expect(page.locator("#deal-code")).to_have_text(DEAL)


def test_daily_games_count_once_per_date_apart_and_in_the_totals(hanoi_page: Page) -> None:
    page = hanoi_page  # today: 28 November
    code_27 = cli_daily("2026-11-27")
    assert replay(code_27, parse_moves(WIN_27)).status == "won"
    open_app(page, "index.html?lang=en&daily=2026-11-27")
    play_line(page, code_27, "1-2-11")
    button(page, "Daily deal").click()  # 27 November's would be left after a move: asked first
    expect(page.get_by_role("dialog")).to_contain_text("Play today's daily deal?")
    button(page, "Daily deal").click()  # the dialog's (the toolbar is behind it): lost
    expect(page.locator("#deal-daily")).to_have_text("Daily deal 28 Nov")
    open_statistics(page)
    expect(stats_value(page, "Daily deals played")).to_have_text("1")
    expect(stats_value(page, "Daily deals won")).to_have_text("0")
    expect(stats_value(page, "Daily streak")).to_have_text("0")
    open_app(page, "index.html?lang=en&daily=2026-11-27")
    play_line(page, code_27, WIN_27)
    expect(page.get_by_role("dialog")).to_contain_text("You won!")
    open_statistics(page)
    expect(stats_value(page, "Daily deals played")).to_have_text("1")  # one date
    expect(stats_value(page, "Daily deals won")).to_have_text("1")  # lost first, then won
    expect(stats_value(page, "Daily streak")).to_have_text("1")  # up to yesterday
    expect(stats_value(page, "Best daily streak")).to_have_text("1")
    expect(stats_value(page, "Games played")).to_have_text("2")  # the totals count both
    expect(stats_value(page, "Games won")).to_have_text("1")
    expect(page.locator("#stats-recent tbody tr").first).to_contain_text("Daily 27 Nov")
    page.keyboard.press("Escape")
    button(page, "Daily deal").click()  # today's; the game left is won: nothing to ask
    play_line(page, cli_daily("2026-11-28"), WIN_28)
    open_statistics(page)
    expect(stats_value(page, "Daily deals played")).to_have_text("2")
    expect(stats_value(page, "Daily streak")).to_have_text("2")  # 27 and 28 November
    expect(stats_value(page, "Best daily streak")).to_have_text("2")
    page.clock.set_system_time("2026-11-29T20:00:00Z")  # 30 November: the 29th was missed
    page.reload()
    wait_for_app(page)
    expect(page.get_by_role("dialog")).to_contain_text("You won!")  # the won game, shown again
    open_statistics(page)
    expect(stats_value(page, "Daily streak")).to_have_text("0")
    expect(stats_value(page, "Best daily streak")).to_have_text("2")


def test_the_chart_has_one_mark_per_recent_game_and_tables_with_its_numbers(
    warm_page: Page,
) -> None:
    page = warm_page
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    button(page, "Statistics").click()
    expect(page.locator("#stats-empty")).to_be_visible()
    expect(page.locator("#stats-panel svg")).to_have_count(0)
    page.keyboard.press("Escape")
    game = Game.from_code(DEAL)
    for _ in range(2):  # two games left after one move: lost
        play(page, game, "4-7")
        button(page, "Restart deal").click()
        button(page, "Restart").click()  # the dialog's
        game = Game.from_code(DEAL)
    play_line(page, DEAL, "4-7,5-6")
    button(page, "New game").click()
    button(page, "New game").click()  # the dialog's: the third game counts as lost
    open_statistics(page)
    marks = page.locator("#stats-recent-chart svg .chart-game")
    rows = page.locator("#stats-recent tbody tr")
    expect(rows).to_have_count(3)
    expect(marks).to_have_count(3)
    for index in range(3):  # the chart is oldest first, the table newest first
        cells = rows.nth(2 - index).locator("td").all_inner_texts()
        title = marks.nth(index).locator("title").text_content()
        assert title == f"Game {index + 1} of 3: lost, score {cells[2]}, time {cells[4]}"
    assert page.locator("#stats-recent-chart svg").get_attribute("aria-hidden") == "true"
    expect(page.locator("#stats-rate-chart svg .chart-point")).to_have_count(3)
    rate_rows = page.locator("#stats-rate tbody tr")
    expect(rate_rows).to_have_count(3)
    assert rate_rows.nth(2).locator("td").all_inner_texts() == ["3", "0", "0%"]
    points = page.locator("#stats-rate-chart svg .chart-point title").all_text_contents()
    assert points == ["After game 1: 0% won", "After game 2: 0% won", "After game 3: 0% won"]


ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


@pytest.fixture(scope="module")
def a_few_games(warm_context: BrowserContext, site_url: str) -> dict[str, str]:
    """The site's storage after a lost game, a won daily deal and a won game, played once (in
    a tab of the module's context, on 28 November) for the panel's pictures at each size."""
    page = empty_tab(warm_context, site_url)
    warm_context.clock.set_system_time(EVENING_UTC)
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    play_line(page, DEAL, "4-7,5-6,5-11")
    button(page, "Daily deal").click()
    button(page, "Daily deal").click()  # the dialog's: left after three moves, lost
    open_app(page, "index.html?lang=en&daily=2026-11-27")
    play_line(page, cli_daily("2026-11-27"), WIN_27)
    fixture = winning_game()
    open_app(page, f"index.html?lang=en&deal={fixture['start']}")
    play_line(page, fixture["start"], fixture["moves"])
    page.keyboard.press("Escape")
    button(page, "New game").click()
    settle(page)  # the new deal shown
    play_line(page, page.locator("#deal-code").inner_text(), "")
    stored = stored_texts(page)
    page.close()
    warm_context.guard.fail_on_problems()  # type: ignore[attr-defined]
    return stored


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_statistics_panel_after_a_few_games(
    hanoi_page: Page, a_few_games: dict[str, str], size: tuple[int, int]
) -> None:
    """A lost game, a won daily deal and a won game (``a_few_games``): the panel, for the eye
    (e2e/artifacts/stats-panel-<w>x<h>.png; docs/images/stats-panel.jpg is the desktop one)."""
    page = hanoi_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    store_texts(page, a_few_games)
    open_app(page, "index.html?lang=en")
    open_statistics(page)
    expect(page.locator("#stats-recent-chart svg .chart-game")).to_have_count(3)
    expect(stats_value(page, "Games played")).to_have_text("3")
    expect(stats_value(page, "Daily deals won")).to_have_text("1")
    lost = replay(DEAL, parse_moves("4-7,5-6,5-11")).score  # the one game lost
    expect(stats_value(page, "Best score, lost game")).to_have_text(str(lost))
    ARTIFACTS.mkdir(exist_ok=True)
    tag = f"{size[0]}x{size[1]}"
    page.screenshot(path=str(ARTIFACTS / f"stats-page-{tag}.png"), full_page=True)
    page.set_viewport_size({"width": size[0], "height": 1600})  # the whole panel, unscrolled
    panel = page.locator("#stats-panel")
    panel.screenshot(path=str(ARTIFACTS / f"stats-panel-{tag}.jpg"), type="jpeg", quality=70)
