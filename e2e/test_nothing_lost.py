"""Nothing lost: two tabs of one browser, hostile stored values, kept copies of unreadable
saves, and a storage that fails mid-game (docs/storage.md). Each test starts in a new tab with
the site's storage empty (``warm_page``); two tabs are two pages of one context (they share its
storage, as tabs do)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from game_support import DEAL, button, card, play, set_setting, settle, status
from harness import new_tab, open_app, open_site_file, wait_for_app
from playwright.sync_api import Page, expect

from halfmoon_core import Game

GAME_KEY = "halfmoon.game"
KEYS = ("halfmoon.game", "halfmoon.settings", "halfmoon.stats", "halfmoon.backups")
SNAPSHOT_KEY = "halfmoon.board-snapshot"
INDICATOR = "#save-status-text"


def second_tab(page: Page) -> Page:
    """Another tab of the same context (the same storage), guarded like the first (conftest
    guards every page of a context); opened by the context's keeper (``harness.new_tab``)."""
    other = new_tab(page.context, page.site_url)  # type: ignore[attr-defined]
    assert other.site_url == page.site_url  # type: ignore[attr-defined]
    return other


def stored_moves(page: Page) -> str:
    """The moves of the stored game."""
    settle(page)  # what the page was told is written
    return json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))["moves"]


def write_storage(page: Page, key: str, script: str) -> None:
    """Set ``key`` to the value ``script`` (a JS expression) makes, with no game page open."""
    open_site_file(page)
    page.evaluate(f"(k) => localStorage.setItem(k, {script})", key)


def miss_storage_events(page: Page) -> None:
    """Make ``page`` deaf to other tabs' writes, as a frozen tab is (before it opens)."""
    page.add_init_script(
        """(() => {
            const add = EventTarget.prototype.addEventListener;
            EventTarget.prototype.addEventListener = function (type, ...rest) {
                if (type !== "storage") return add.call(this, type, ...rest);
            };
        })();"""
    )


# -- two tabs ------------------------------------------------------------------------------
def test_two_tabs_play_one_game_and_lose_no_move(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    other = second_tab(warm_page)
    open_app(other, "index.html?lang=en")
    game = Game.from_code(DEAL)
    first = game.legal_moves()[0]
    play(warm_page, game.copy(), first)
    expect(status(other)).to_contain_text("played on in another tab")
    expect(other.locator("#moves")).to_have_text("1")
    mirror = Game.from_code(DEAL)
    mirror.push(first)
    second = mirror.legal_moves()[0]
    play(other, mirror, second)
    expect(warm_page.locator("#moves")).to_have_text("2")
    for tab in (warm_page, other):
        tab.reload()
        wait_for_app(tab)
        expect(tab.locator("#moves")).to_have_text("2")
        for place in mirror.playable():
            expect(card(tab, mirror, place)).to_be_visible()
    assert stored_moves(warm_page) == f"{first},{second}"


MINE, THEIRS = "4-7", "5-6"
"""Different removals, each legal at the deal: one per tab."""


def conflicting_tabs(page: Page) -> Page:
    """Two tabs of DEAL; the second one deaf to the first, so that each plays its own removal
    on a board that does not show the other's. Returns the second tab (its dialog open)."""
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    other = second_tab(page)
    miss_storage_events(other)
    open_app(other, "index.html?lang=en")
    play(page, Game.from_code(DEAL), THEIRS)
    settle(page)  # its save written before the other tab plays
    play(other, Game.from_code(DEAL), MINE)
    return other


def test_a_tab_that_missed_the_news_asks_before_overwriting(warm_page: Page) -> None:
    other = conflicting_tabs(warm_page)
    dialog = other.get_by_role("dialog", name="This game changed in another tab")
    expect(dialog).to_be_visible()
    assert stored_moves(warm_page) == THEIRS  # nothing was overwritten
    expect(other.locator(INDICATOR)).to_have_text("Not saved: another tab changed this game.")
    # Reloading the other tab now would lose its move: it said so; the player chooses.
    button(other, "Show the other tab's game").click()
    expect(other.locator("#moves")).to_have_text("1")
    expect(status(other)).to_have_text("This is the game from the other tab.")
    expect(other.locator("#save-status")).to_be_hidden()
    assert stored_moves(other) == THEIRS


def test_keeping_this_tabs_game_shows_it_in_the_other(warm_page: Page) -> None:
    other = conflicting_tabs(warm_page)
    button(other, "Keep this tab's game").click()
    expect(status(other)).to_contain_text("This tab's game is saved")
    expect(status(warm_page)).to_contain_text("played on in another tab")
    expect(warm_page.locator("#moves")).to_have_text("1")
    assert stored_moves(warm_page) == MINE


def stats_figure(page: Page, label: str) -> str:
    term = page.locator("#stats-panel dt", has_text=re.compile(f"^{re.escape(label)}$"))
    return term.locator("xpath=following-sibling::dd[1]")


def leave_with_a_move(page: Page) -> None:
    """Play the first legal move of the game shown, then start a new game (it counts)."""
    code = page.locator("#deal-code").inner_text()
    moves = page.locator("#moves").inner_text()
    game = Game.from_code(code)
    assert moves == "0"
    play(page, game, game.legal_moves()[0])
    button(page, "New game").click()
    page.get_by_role("dialog").get_by_role("button", name="New game").click()
    expect(page.locator("#deal-code")).not_to_have_text(code)


def test_statistics_from_two_tabs_add_up(warm_page: Page) -> None:
    open_app(warm_page, "index.html?lang=en")
    other = second_tab(warm_page)
    open_app(other, "index.html?lang=en")  # both have read the statistics: none yet
    button(warm_page, "Statistics").click()
    leave_with_a_move(warm_page)
    expect(stats_figure(warm_page, "Games played")).to_have_text("1")
    expect(other.locator("#deal-code")).to_have_text(warm_page.locator("#deal-code").inner_text())
    leave_with_a_move(other)
    expect(stats_figure(warm_page, "Games played")).to_have_text("2")  # followed the other tab
    button(other, "Statistics").click()
    expect(stats_figure(other, "Games played")).to_have_text("2")
    stored = json.loads(warm_page.evaluate("localStorage.getItem('halfmoon.stats')"))
    assert stored["played"] == 2 and len(stored["recent"]) == 2


def test_settings_from_two_tabs_both_apply(warm_page: Page) -> None:
    open_app(warm_page, "index.html?lang=en")
    other = second_tab(warm_page)
    open_app(other, "index.html?lang=en")
    set_setting(warm_page, "Move errors", True)
    set_setting(other, "Placement assist", True)
    for tab in (warm_page, other):
        expect(tab.get_by_label("Move errors", exact=True)).to_be_checked()
        expect(tab.get_by_label("Placement assist", exact=True)).to_be_checked()
    warm_page.reload()
    wait_for_app(warm_page)
    button(warm_page, "Settings").click()
    expect(warm_page.get_by_label("Move errors", exact=True)).to_be_checked()
    expect(warm_page.get_by_label("Placement assist", exact=True)).to_be_checked()


# -- hostile stored values -----------------------------------------------------------------
NESTED = "'['.repeat(100000) + ']'.repeat(100000)"
HUGE = "'[' + '1,'.repeat(2449998) + '11]'"  # 4.9 M characters of valid JSON
MESSAGES = {
    "halfmoon.game": "The saved game could not be read",
    "halfmoon.settings": "The saved settings could not be read",
    "halfmoon.stats": "The saved statistics could not be read",
    "halfmoon.backups": "The kept copies of unreadable saves could not be read",
}
REASONS = {NESTED: "nested deeper than any save", HUGE: "4,900,000 characters long"}


@pytest.mark.parametrize("value", [NESTED, HUGE], ids=["nested", "huge"])
@pytest.mark.parametrize("key", [*KEYS, SNAPSHOT_KEY])
def test_no_stored_value_stops_the_start(warm_page: Page, key: str, value: str) -> None:
    write_storage(warm_page, key, value)
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    if key in MESSAGES:  # the snapshot is a cache: it is quietly replaced
        expect(status(warm_page)).to_contain_text(MESSAGES[key])
        expect(status(warm_page)).to_contain_text(REASONS[value])
    expect(warm_page.locator("#save-status")).to_be_hidden()
    game = Game.from_code(DEAL)
    play(warm_page, game, game.legal_moves()[0])
    expect(warm_page.locator("#save-status")).to_be_hidden()
    warm_page.reload()
    wait_for_app(warm_page)
    expect(warm_page.locator("#moves")).to_have_text("1")  # saving worked
    assert len(warm_page.evaluate(f"localStorage.getItem({key!r}) || ''")) < 100_000


def test_two_corruptions_leave_two_copies_to_see_and_download(warm_page: Page) -> None:
    for bad in ("{first bad save", "{second bad save"):
        write_storage(warm_page, GAME_KEY, repr(bad))
        open_app(warm_page, "index.html?lang=en")
        expect(status(warm_page)).to_contain_text("A copy is kept in Settings")
    button(warm_page, "Settings").click()
    items = warm_page.locator("#backups-list li")
    expect(items).to_have_count(2)
    expect(items.first).to_contain_text("the game, 16 characters: it is not valid JSON.")
    with warm_page.expect_download() as download_info:
        button(warm_page, "Download").click()
    document = json.loads(Path(download_info.value.path()).read_text(encoding="utf-8"))
    assert [e["text"] for e in document["entries"]] == ["{second bad save", "{first bad save"]
    button(warm_page, "Delete").click()
    expect(warm_page.locator("#backups-empty")).to_be_visible()
    settle(warm_page)  # the removal carried out
    assert warm_page.evaluate("localStorage.getItem('halfmoon.backups')") is None


# -- a storage that fails mid-game ---------------------------------------------------------
def set_storage_full(page: Page, full: bool) -> None:
    """From now on every write to localStorage fails as a full quota does (or no longer)."""
    page.evaluate(
        """(full) => {
            if (!window.__realSetItem) {
                window.__realSetItem = Storage.prototype.setItem;
                Storage.prototype.setItem = function (key, value) {
                    if (window.__storageFull) {
                        throw new DOMException("full", "QuotaExceededError");
                    }
                    return window.__realSetItem.call(this, key, value);
                };
            }
            window.__storageFull = full;
        }""",
        full,
    )


def test_a_storage_failure_keeps_its_indicator_until_saving_works(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    play(warm_page, game, game.legal_moves()[0])
    set_storage_full(warm_page, True)
    play(warm_page, game, game.legal_moves()[0])
    indicator = warm_page.locator(INDICATOR)
    expect(indicator).to_contain_text("Not saved: the browser's storage is full.")
    play(warm_page, game, game.legal_moves()[0])  # the next removal's message does not hide it
    expect(status(warm_page)).to_contain_text("Removed")
    expect(indicator).to_be_visible()
    assert stored_moves(warm_page).count(",") == 0  # only the first move is stored
    set_storage_full(warm_page, False)
    play(warm_page, game, game.legal_moves()[0])
    expect(warm_page.locator("#save-status")).to_be_hidden()
    warm_page.reload()
    wait_for_app(warm_page)
    expect(warm_page.locator("#moves")).to_have_text("4")


# -- a save waits for the frame, and is never lost (docs/performance.md) ---------------------
#: Click the element; whether the save still waited when the click returned: the stored game
#: not yet written (with Python on the main thread it waits for the frame, in a worker for the
#: batch that comes back; docs/worker.md, "Saving against a closing tab").
CLICK_AND_ASK = f"""(el) => {{
  const before = localStorage.getItem({GAME_KEY!r});
  el.click();
  return localStorage.getItem({GAME_KEY!r}) === before;
}}"""


def remove_at_once(page: Page, game: Game) -> None:
    """Play ``game``'s first legal move, its last tap in the page itself, and check that its
    save was still waiting for the frame when that tap returned (the test is then of the
    flush, not of a save already made)."""
    move = game.legal_moves()[0]
    for place in move.places[:-1]:
        card(page, game, place).click()
    assert card(page, game, move.places[-1]).evaluate(CLICK_AND_ASK)
    game.push(move)


def test_a_removal_then_the_tab_closed_at_once_is_kept_ten_times_of_ten(warm_page: Page) -> None:
    game = Game.from_code(DEAL)
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    for _ in range(10):
        remove_at_once(warm_page, game)
        with warm_page.expect_event("close"):
            warm_page.close(run_before_unload=True)  # as the player closes a tab
        warm_page = second_tab(warm_page)
        open_app(warm_page, "index.html?lang=en")
        expect(warm_page.locator("#moves")).to_have_text(str(game.moves))
    assert stored_moves(warm_page) == ",".join(str(move) for move in game.history)


def closed_then_opened_again(page: Page, moves: int) -> Page:
    """Close ``page`` at once (its tab), open the game in a second tab, and check that it
    shows and stores ``moves`` moves; return that tab."""
    with page.expect_event("close"):
        page.close(run_before_unload=True)
    page = second_tab(page)
    open_app(page, "index.html?lang=en")
    expect(page.locator("#moves")).to_have_text(str(moves))
    assert stored_moves(page).count(",") == moves - 1
    return page


def test_an_undo_and_a_redo_then_the_tab_closed_at_once_are_kept(warm_page: Page) -> None:
    """Undo, and Redo, clicked then the tab closed before their save: the next start plays them
    (the tap journal keeps the toolbar's Undo and Redo beside the cards: docs/worker.md,
    "Saving against a closing tab")."""
    game = Game.from_code(DEAL)
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    play(warm_page, game, game.legal_moves()[0])
    play(warm_page, game, game.legal_moves()[0])
    for action, moves in (("undo", 1), ("redo", 2)):
        tool = warm_page.locator(f'button.tool[data-action="{action}"]')
        assert tool.evaluate(CLICK_AND_ASK)  # its save still waited when the click returned
        warm_page = closed_then_opened_again(warm_page, moves)


#: In the page: press the key ``combination`` names on the focused element (the page's body),
#: and say whether the game's save still waited when the press returned.
PRESS_AND_ASK = f"""([key, code, ctrlKey, shiftKey]) => {{
  const before = localStorage.getItem({GAME_KEY!r});
  const target = document.activeElement || document.body;
  target.dispatchEvent(new KeyboardEvent("keydown", {{
    key, code, ctrlKey, shiftKey, bubbles: true, cancelable: true,
  }}));
  return localStorage.getItem({GAME_KEY!r}) === before;
}}"""


def test_undo_and_redo_by_key_then_the_tab_closed_at_once_are_kept(warm_page: Page) -> None:
    """Ctrl+Z, then Ctrl+Shift+Z, U and Ctrl+Y, each pressed then the tab closed before its
    save: the next start plays them (the tap journal writes down the keys that undo and redo:
    docs/worker.md, "Saving against a closing tab")."""
    game = Game.from_code(DEAL)
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    play(warm_page, game, game.legal_moves()[0])
    play(warm_page, game, game.legal_moves()[0])
    presses = [
        (["z", "KeyZ", True, False], 1),
        (["Z", "KeyZ", True, True], 2),
        (["u", "KeyU", False, False], 1),
        (["y", "KeyY", True, False], 2),
    ]
    for press, moves in presses:
        assert warm_page.evaluate(PRESS_AND_ASK, press)  # its save still waited
        warm_page = closed_then_opened_again(warm_page, moves)


def test_a_removal_then_a_reload_within_50_ms_is_kept(warm_page: Page) -> None:
    game = Game.from_code(DEAL)
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    for _ in range(3):
        remove_at_once(warm_page, game)
        warm_page.reload()
        wait_for_app(warm_page)
        expect(warm_page.locator("#moves")).to_have_text(str(game.moves))
    assert stored_moves(warm_page) == ",".join(str(move) for move in game.history)


def test_several_taps_before_the_frame_are_saved_once_after_it(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    warm_page.evaluate(
        """() => {
            window.__writes = [];
            const real = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {
                window.__writes.push(key);
                return real.call(this, key, value);
            };
        }"""
    )
    (first,) = [m for m in game.legal_moves() if str(m) == "4-7"]
    game.push(first)
    second = next(m for m in game.legal_moves() if not set(m.places) & set(first.places))
    taps = [card(warm_page, Game.from_code(DEAL), place).element_handle() for place in first.places]
    after = Game.from_code(DEAL)
    after.push(first)
    taps += [card(warm_page, after, place).element_handle() for place in second.places]
    game.push(second)
    warm_page.evaluate("(cards) => { for (const el of cards) el.click(); }", taps)  # one task
    expect(warm_page.locator("html")).not_to_have_attribute("data-saving", "")
    # Stored (Python in a worker sets data-saving only when its batch comes back).
    both = f"{first},{second}"
    warm_page.wait_for_function(
        "([key, moves]) => (JSON.parse(localStorage.getItem(key) || '{}').moves === moves)",
        arg=[GAME_KEY, both],
    )
    writes = warm_page.evaluate("window.__writes")
    assert writes.count(GAME_KEY) == 1, writes  # two removals, one save
    assert stored_moves(warm_page) == f"{first},{second}"
