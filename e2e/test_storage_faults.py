"""Storage faults that must not cost the player a win or a true word (docs/storage.md, "When
saving fails" and "Tabs"): statistics a full storage refused at a win are written, merged with
another tab's, at the next write that succeeds; another tab's unreadable save does not make
this tab claim a new game. Each test starts in a new tab with the site's storage empty
(``warm_page``); two tabs are two pages of one context (they share its storage)."""

from __future__ import annotations

import json
import re

from game_support import DEAL, button, play, settle, status, winning_game
from harness import new_tab, open_app, store_texts
from playwright.sync_api import Locator, Page, expect

from halfmoon_core import Game, parse_moves, save_game

STATS_KEY = "halfmoon.stats"
INDICATOR = "#save-status-text"
OTHER_TABS_STATS = {
    "version": 1, "played": 3, "won": 0, "streak": 0, "best_streak": 0, "best_time_ms": None,
    "recent": [{"code": "HM1-N-AAAAAAC", "won": False, "score": 10, "moves": 1,
                "time_ms": 5000}] * 3,
    "history": "LLL",
}  # fmt: skip
"""What another tab stored while this one could not write: three games lost."""


def refuse_stats(page: Page, refuse: bool) -> None:
    """From now on a write of the statistics throws as a full storage does (or no longer),
    while the smaller game still fits."""
    page.evaluate(
        """([key, refuse]) => {
            if (!window.__realSetItem) {
                window.__realSetItem = Storage.prototype.setItem;
                Storage.prototype.setItem = function (k, value) {
                    if (window.__refused === k) {
                        throw new DOMException("quota exceeded", "QuotaExceededError");
                    }
                    return window.__realSetItem.call(this, k, value);
                };
            }
            window.__refused = refuse ? key : null;
        }""",
        [STATS_KEY, refuse],
    )


def stored_stats(page: Page) -> dict | None:
    settle(page)  # what the page was told is written
    text = page.evaluate("(key) => localStorage.getItem(key)", STATS_KEY)
    return None if text is None else json.loads(text)


def stats_value(page: Page, label: str) -> Locator:
    """A figure of the statistics panel by its exact label."""
    term = page.locator("#stats-panel dt", has_text=re.compile(f"^{re.escape(label)}$"))
    return term.locator("xpath=following-sibling::dd[1]")


def one_move_from_the_win(page: Page) -> None:
    """Store the pinned winning game with its last move undone, and open it."""
    fixture = winning_game()
    game = Game.from_code(fixture["start"])
    for move in parse_moves(fixture["moves"]):
        game.push(move)
    game.pop()
    store_texts(page, {"halfmoon.game": json.dumps({**save_game(game, 90_000), "counted": False})})
    open_app(page, "index.html?lang=en")
    expect(page.locator("#moves")).to_have_text("47")


def test_a_win_refused_by_a_full_storage_is_stored_merged_by_the_next_move(
    warm_page: Page,
) -> None:
    one_move_from_the_win(warm_page)
    refuse_stats(warm_page, True)
    button(warm_page, "Redo").click()
    expect(warm_page.get_by_role("dialog")).to_contain_text("You won!")
    expect(warm_page.locator(INDICATOR)).to_have_text(
        re.compile("^Not saved: the browser's storage is full")
    )
    assert stored_stats(warm_page) is None  # refused
    settle(warm_page)  # the win's save written
    assert json.loads(warm_page.evaluate("() => localStorage.getItem('halfmoon.game')"))["counted"]
    other = new_tab(warm_page.context, warm_page.site_url)  # type: ignore[attr-defined]
    other.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        [STATS_KEY, json.dumps(OTHER_TABS_STATS)],
    )  # another tab counts three games meanwhile (its write fits)
    warm_page.keyboard.press("Escape")
    button(warm_page, "Statistics").click()
    expect(stats_value(warm_page, "Games played")).to_have_text("4")  # theirs and the win
    expect(stats_value(warm_page, "Games won")).to_have_text("1")
    expect(warm_page.locator(INDICATOR)).to_be_visible()  # still not stored
    assert stored_stats(warm_page)["played"] == 3  # nothing written over the other tab's
    button(warm_page, "Close").click()
    refuse_stats(warm_page, False)  # room again
    button(warm_page, "New game").click()  # the won game is left: nothing more to count
    settle(warm_page)  # the new deal shown
    code = warm_page.locator("#deal-code").inner_text()
    game = Game.from_code(code)
    play(warm_page, game, game.legal_moves()[0])  # the next move's save succeeds
    stats = stored_stats(warm_page)
    assert (stats["played"], stats["won"]) == (4, 1)
    assert stats["recent"][0]["won"] and stats["recent"][0]["code"] == winning_game()["start"]
    assert stats["history"] == "LLLW"
    expect(warm_page.locator("#save-status")).to_be_hidden()
    assert status(warm_page).inner_text()


def test_another_tabs_unreadable_save_is_told_truly_and_this_game_goes_on(
    warm_page: Page,
) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    play(warm_page, game, game.legal_moves()[0])
    other = new_tab(warm_page.context, warm_page.site_url)  # type: ignore[attr-defined]
    other.evaluate("() => localStorage.setItem('halfmoon.game', '{a broken save')")
    play(warm_page, game, game.legal_moves()[0])  # this tab's next save meets it
    said = status(warm_page)
    expect(said).to_contain_text(
        "The game another tab stored could not be read: it is not valid JSON. This tab's game "
        "goes on, saved in its place. A copy is kept in Settings, under “Unreadable saves”."
    )
    expect(said).not_to_contain_text("A new game started")
    expect(warm_page.locator("#deal-code")).to_have_text(DEAL)
    expect(warm_page.locator("#moves")).to_have_text("2")
    settle(warm_page)  # its save written
    stored = json.loads(warm_page.evaluate("() => localStorage.getItem('halfmoon.game')"))
    assert stored["start"] == DEAL and stored["moves"].count(",") == 1
    expect(warm_page.locator("#save-status")).to_be_hidden()
