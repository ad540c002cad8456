"""The game page across loads: deal links, end of game, statistics, saving and restoring,
broken storage, languages, the clock, and the phone layout. Each test starts in a new tab with
the site's storage empty (``warm_page``; the clock's test in a browser of its own, ``page``);
both fail the test on any console error."""

from __future__ import annotations

import json
import re

import pytest
from game_support import (
    DEAL,
    STALEMATE_AT_DEAL,
    button,
    card,
    card_name,
    play,
    set_setting,
    settle,
    spoken,
    status,
    winning_game,
)
from harness import open_app, open_site_file, wait_for_app
from playwright.sync_api import Page, expect

from halfmoon_core import Game, parse_moves

GAME_KEY = "halfmoon.game"
"""Where the app keeps the game in progress (its own detail, used only to break it on purpose)."""


def write_storage(page: Page, key: str, value: str) -> None:
    """Change stored data while no game page is open (the page saves itself when it closes)."""
    open_site_file(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def saved_game(page: Page) -> dict:
    """The stored game, parsed, once the page has written what it was told."""
    settle(page)
    return json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))


def kept_copies(page: Page) -> list[dict[str, object]]:
    """The copies of unreadable values the page kept, newest first."""
    settle(page)  # what the page was told is written
    text = page.evaluate("localStorage.getItem('halfmoon.backups')")
    return json.loads(text) if text else []


def stats_value(page: Page, label: str) -> str:
    """A figure of the statistics panel by its label."""
    term = page.locator("#stats-panel dt", has_text=re.compile(f"^{re.escape(label)}$"))
    return term.locator("xpath=following-sibling::dd[1]")


def test_deal_link_opens_that_deal(warm_page: Page) -> None:
    open_app(warm_page, "index.html?deal=hm1-n-bcdefgh&lang=en")
    game = Game.from_code("HM1-N-BCDEFGH")
    expect(warm_page.locator("#deal-code")).to_have_text("HM1-N-BCDEFGH")
    for place in game.playable():
        expect(card(warm_page, game, place)).to_be_visible()


def test_deal_link_with_a_doubled_slash_opens_and_leaves_the_address(warm_page: Page) -> None:
    site = warm_page.site_url.rstrip("/")  # type: ignore[attr-defined]
    warm_page.goto(f"{site}//index.html?deal=HM1-N-BCDEFGH&lang=en")
    wait_for_app(warm_page)
    expect(warm_page.locator("#deal-code")).to_have_text("HM1-N-BCDEFGH")
    assert warm_page.url == f"{site}//index.html?lang=en"  # the deal parameter taken out


def test_bad_deal_link_keeps_the_game(warm_page: Page) -> None:
    open_app(warm_page, "index.html?lang=en")
    code = warm_page.locator("#deal-code").inner_text()
    open_app(warm_page, "index.html?lang=en&deal=HM1-N-AAAA")
    expect(status(warm_page)).to_contain_text("must be 7 letters")
    expect(warm_page.locator("#deal-code")).to_have_text(code)


def test_stalemate_at_the_deal(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={STALEMATE_AT_DEAL}")
    dialog = warm_page.get_by_role("dialog")
    expect(dialog).to_contain_text("No more moves")
    expect(dialog.get_by_role("button", name="Undo")).to_have_count(0)
    button(warm_page, "New game").click()
    expect(warm_page.get_by_role("dialog")).to_have_count(0)
    expect(warm_page.locator("#deal-code")).not_to_have_text(STALEMATE_AT_DEAL)


def close_end_dialog(page: Page) -> None:
    """Close the end dialog with Escape once it is open (Python opens it a message after the
    move or the start that ended the game: a key pressed before would close nothing)."""
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def _win(page: Page) -> Game:
    fixture = winning_game()
    open_app(page, f"index.html?lang=en&deal={fixture['start']}")
    game = Game.from_code(fixture["start"])
    for move in parse_moves(fixture["moves"]):
        play(page, game, move)
    return game


def test_full_win(warm_page: Page) -> None:
    fixture = winning_game()
    game = _win(warm_page)
    dialog = warm_page.get_by_role("dialog")
    expect(dialog).to_contain_text("You won!")
    expect(dialog).to_contain_text("520")
    expect(dialog).to_contain_text("48 moves")
    expect(warm_page.locator("#score")).to_have_text(str(fixture["score"]))
    expect(warm_page.locator("#moves")).to_have_text(str(fixture["moves_count"]))
    expect(warm_page.locator(".hm-card")).to_have_count(0)
    time_text = warm_page.locator("#time").inner_text()
    assert re.fullmatch(r"\d+:\d\d", time_text)
    expect(dialog).to_contain_text(time_text)
    # The last removal is said, then the end with score, moves and time (docs/keyboard.md).
    last = game.history[-1]
    game.pop()
    removed = spoken(game, last.places)
    expect(status(warm_page)).to_have_text(
        f"Removed {removed}. You won! Score 520, 48 moves, time {time_text}."
    )
    button(warm_page, "New game").click()
    expect(warm_page.locator("#moves")).to_have_text("0")
    expect(warm_page.locator("#deal-code")).not_to_have_text(DEAL)


def test_statistics_after_a_win(warm_page: Page) -> None:
    _win(warm_page)
    close_end_dialog(warm_page)
    button(warm_page, "Statistics").click()
    expect(stats_value(warm_page, "Games played")).to_have_text("1")
    expect(stats_value(warm_page, "Games won")).to_have_text("1")
    expect(stats_value(warm_page, "Win rate")).to_have_text("100%")
    expect(stats_value(warm_page, "Current streak")).to_have_text("1")
    expect(stats_value(warm_page, "Best streak")).to_have_text("1")
    expect(stats_value(warm_page, "Best time")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(warm_page.locator("#stats-recent")).to_contain_text(DEAL)
    warm_page.reload()
    wait_for_app(warm_page)
    close_end_dialog(warm_page)  # the won game is shown again with its dialog
    button(warm_page, "Statistics").click()
    expect(stats_value(warm_page, "Games played")).to_have_text("1")  # a win counts once


def test_statistics_after_an_abandoned_game(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    play(warm_page, game, "4-7")
    button(warm_page, "Restart deal").click()
    button(warm_page, "Restart").click()  # the dialog's: it counts as lost
    button(warm_page, "Restart deal").click()  # no move since the restart: no question
    expect(warm_page.locator("#restart-dialog")).to_be_hidden()
    button(warm_page, "New game").click()  # no move since the restart: no question, not counted
    button(warm_page, "Statistics").click()
    expect(stats_value(warm_page, "Games played")).to_have_text("1")
    expect(stats_value(warm_page, "Games won")).to_have_text("0")
    expect(stats_value(warm_page, "Win rate")).to_have_text("0%")
    expect(stats_value(warm_page, "Current streak")).to_have_text("0")
    expect(warm_page.locator("#stats-recent tbody tr")).to_have_count(1)
    expect(warm_page.locator("#stats-recent")).to_contain_text(DEAL)
    expect(warm_page.locator("#stats-recent")).to_contain_text("lost")


def test_reload_restores_the_game(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    play(warm_page, game, "4-7")
    play(warm_page, game, "2-3-R3")
    card(warm_page, game, "5").click()  # a selection is not kept, the rest is
    expect(warm_page.locator("#time")).not_to_have_text("0:00", timeout=5000)
    before = warm_page.locator("#time").inner_text()
    warm_page.reload()
    wait_for_app(warm_page)
    expect(warm_page.locator("#deal-code")).to_have_text(DEAL)
    expect(warm_page.locator("#score")).to_have_text("25")
    expect(warm_page.locator("#moves")).to_have_text("2")
    for place in game.playable():
        expect(card(warm_page, game, place)).to_have_attribute("aria-pressed", "false")
    after = warm_page.locator("#time").inner_text()
    seconds = [int(m) * 60 + int(s) for m, s in (t.split(":") for t in (before, after))]
    assert 0 <= seconds[1] - seconds[0] <= 1, (before, after)
    button(warm_page, "Undo").click()  # the undo history came back too
    game.pop()
    expect(warm_page.locator("#score")).to_have_text("10")
    expect(card(warm_page, game, "R3")).to_be_visible()


def set_visibility(page: Page, state: str) -> None:
    """Make the page look hidden or visible to its scripts, as switching tabs does."""
    page.evaluate(
        """(state) => {
            Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        state,
    )


def test_clock_starts_at_the_first_tap_and_pauses_while_hidden(page: Page) -> None:
    page.clock.install()
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.clock.run_for(10_000)
    expect(page.locator("#time")).to_have_text("0:00")  # no tap yet
    card(page, game, "4").click()
    page.clock.run_for(65_000)
    expect(page.locator("#time")).to_have_text("1:05")
    set_visibility(page, "hidden")
    page.clock.run_for(30_000)
    set_visibility(page, "visible")
    page.clock.run_for(2_000)
    expect(page.locator("#time")).to_have_text("1:07")


def test_corrupt_saved_game_is_set_aside(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    write_storage(warm_page, GAME_KEY, "{not json")
    open_app(warm_page, "index.html?lang=en")
    expect(status(warm_page)).to_contain_text("The saved game could not be read")
    assert [(c["key"], c["text"]) for c in kept_copies(warm_page)] == [(GAME_KEY, "{not json")]
    expect(warm_page.locator("#deal-code")).to_have_text(re.compile(r"^HM1-N-[A-Z]{7}$"))
    expect(warm_page.locator("#moves")).to_have_text("0")


def test_tampered_saved_game_is_set_aside(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    play(warm_page, game, "4-7")
    saved = saved_game(warm_page)
    saved["moves"] = "4-7,1-2"  # 1-2 is not a legal removal there
    write_storage(warm_page, GAME_KEY, json.dumps(saved))
    open_app(warm_page, "index.html?lang=en")
    expect(status(warm_page)).to_contain_text("The saved game could not be read")
    (kept,) = kept_copies(warm_page)
    assert json.loads(kept["text"])["moves"] == "4-7,1-2"
    expect(warm_page.locator("#moves")).to_have_text("0")


def reopen_with_save_version(page: Page, version: int) -> dict:
    """Save a game of DEAL, mark its save as of format ``version``, open the page again;
    the save as written."""
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    saved = saved_game(page)
    saved["version"] = version
    write_storage(page, GAME_KEY, json.dumps(saved))
    open_app(page, "index.html?lang=en")
    return saved


def test_a_save_of_a_newer_version_is_left_where_it_is(warm_page: Page) -> None:
    """docs/storage.md, "Forward compatibility": a newer version's save is neither read nor
    set aside nor written over; the page says to reload."""
    saved = reopen_with_save_version(warm_page, 99)
    expect(status(warm_page)).to_contain_text("saved by a newer version of Half Moon")
    assert kept_copies(warm_page) == []
    assert saved_game(warm_page) == saved


def test_a_save_with_a_version_that_is_no_version_is_set_aside(warm_page: Page) -> None:
    reopen_with_save_version(warm_page, 0)
    expect(status(warm_page)).to_contain_text("The saved game could not be read")
    assert [c["key"] for c in kept_copies(warm_page)] == [GAME_KEY]


def test_storage_that_throws_keeps_the_game_in_memory(warm_page: Page) -> None:
    warm_page.add_init_script(
        """(() => {
            const fail = () => { throw new DOMException("denied", "SecurityError"); };
            Storage.prototype.getItem = fail;
            Storage.prototype.setItem = fail;
            Storage.prototype.removeItem = fail;
        })();"""
    )
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    indicator = warm_page.locator("#save-status-text")
    expect(indicator).to_have_text(
        "Not saved: this browser does not let the game save. "
        "The game lasts while this page is open."
    )
    game = Game.from_code(DEAL)
    play(warm_page, game, "4-7")
    expect(status(warm_page)).to_have_text("Removed 9 of hearts and 2 of diamonds")
    set_setting(warm_page, "Diagram labels", True)
    expect(indicator).to_be_visible()  # it stays while nothing is saved


def test_vietnamese(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=vi&deal={DEAL}")
    game = Game.from_code(DEAL)
    expect(warm_page.locator("html")).to_have_attribute("lang", "vi")
    for name in ("Ván mới", "Hoàn tác", "Chơi lại thế bài", "Mở thế bài", "Cài đặt", "Thống kê"):
        expect(button(warm_page, name)).to_be_visible()
    assert card_name(game, "4", "vi") == "9 cơ, chồng 4, 8 lá"
    expect(card(warm_page, game, "4", "vi")).to_be_visible()
    expect(card(warm_page, game, "R3", "vi")).to_have_accessible_name("Bồi cơ, ô dự trữ R3")
    button(warm_page, "Cài đặt").click()
    warm_page.get_by_label("Lỗi nước đi").check()
    card(warm_page, game, "4", "vi").click()
    card(warm_page, game, "5", "vi").click()
    expect(status(warm_page)).to_have_text("Tổng phải bằng 11")
    card(warm_page, game, "2", "vi").click()  # Đầm chuồn
    card(warm_page, game, "4", "vi").click()
    expect(status(warm_page)).to_have_text("Cần một Bồi, một Đầm và một Già")
    card(warm_page, game, "4", "vi").click()
    card(warm_page, game, "7", "vi").click()
    expect(status(warm_page)).to_have_text("Đã loại 9 cơ và 2 rô")


def test_settings_survive_a_reload(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?deal={DEAL}&lang=en")
    set_setting(warm_page, "Move errors", True)
    set_setting(warm_page, "Diagram labels", True)
    warm_page.get_by_label("Language").select_option("vi")
    expect(warm_page.locator("html")).to_have_attribute("lang", "vi")
    warm_page.reload()
    wait_for_app(warm_page)
    expect(warm_page.locator("html")).to_have_attribute("lang", "vi")  # the ?lang= was dropped
    button(warm_page, "Cài đặt").click()
    expect(warm_page.get_by_label("Lỗi nước đi")).to_be_checked()
    expect(warm_page.get_by_label("Nhãn sơ đồ")).to_be_checked()
    expect(warm_page.get_by_label("Hỗ trợ đặt bài")).not_to_be_checked()
    expect(warm_page.get_by_label("Ngôn ngữ")).to_have_value("vi")
    expect(warm_page.locator(".hm-label").first).to_be_visible()


def test_language_follows_the_browser(warm_page: Page) -> None:
    open_app(warm_page, "index.html")  # the test browser speaks English (en-US)
    expect(warm_page.locator("html")).to_have_attribute("lang", "en")
    expect(button(warm_page, "New game")).to_be_visible()


@pytest.mark.parametrize("width", [360])
def test_the_whole_arc_fits_a_phone(warm_page: Page, width: int) -> None:
    warm_page.set_viewport_size({"width": width, "height": 740})
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    for place in game.playable():
        box = card(warm_page, game, place).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, place
    assert warm_page.evaluate("document.documentElement.scrollWidth") <= width
    card(warm_page, game, "4").click()
    card(warm_page, game, "7").click()
    expect(warm_page.locator("#moves")).to_have_text("1")


def test_reduced_motion_follows_the_os_until_changed(warm_page: Page) -> None:
    warm_page.emulate_media(reduced_motion="reduce")
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    button(warm_page, "Settings").click()
    box = warm_page.get_by_label("Reduced motion")
    expect(box).to_be_checked()
    game = Game.from_code(DEAL)
    play(warm_page, game, "4-7")
    expect(warm_page.locator(".hm-board")).to_have_class(re.compile(r"\bhm-still\b"))
    assert warm_page.locator(".hm-leaving").count() == 0  # the removed cards left without a ghost
    box.uncheck()
    settle(warm_page)  # stored (in a worker, the write comes back after the change)
    warm_page.reload()
    wait_for_app(warm_page)
    button(warm_page, "Settings").click()
    expect(warm_page.get_by_label("Reduced motion")).not_to_be_checked()  # the choice beats the OS


def test_bad_settings_and_statistics_are_set_aside(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    write_storage(warm_page, "halfmoon.settings", '{"move_errors": "yes"}')
    write_storage(warm_page, "halfmoon.stats", "[not json")
    open_app(warm_page, "index.html?lang=en")
    expect(status(warm_page)).to_contain_text("The saved settings could not be read")
    expect(status(warm_page)).to_contain_text("The saved statistics could not be read")
    kept = [(c["key"], c["text"]) for c in kept_copies(warm_page)]
    assert kept == [
        ("halfmoon.stats", "[not json"),
        ("halfmoon.settings", '{"move_errors": "yes"}'),
    ]
    button(warm_page, "Settings").click()
    expect(warm_page.get_by_label("Move errors")).not_to_be_checked()
