"""No value that breaks the game later (docs/storage.md): huge numbers in storage and in an
import, a newer version's save, settings and statistics, fields this version does not know,
100,000-character parameters on every page, and the leave prompt while something is unsaved.
Each test starts from a fresh context (the harness fails it on any Python error)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from game_support import DEAL, button, open_settings, play, set_setting, settle, status
from harness import open_app, open_site_file, store_texts, wait_for_app
from playwright.sync_api import Page, expect

from halfmoon_core import Game

GAME_KEY, SETTINGS_KEY, STATS_KEY = "halfmoon.game", "halfmoon.settings", "halfmoon.stats"
NINES = int("9" * 4300)
LONG = "A" * 100_000
INDICATOR = "#save-status-text"
NEWER_GAME = "This game was saved by a newer version of Half Moon — reload the page to continue it."


def save(**changes: Any) -> dict[str, Any]:
    value = {"format": "halfmoon-game", "version": 2, "start": DEAL, "moves": "", "redo": ""}
    return {**value, "elapsed_ms": 0, "counted": False, **changes}


def recent(**changes: Any) -> dict[str, Any]:
    return {"code": DEAL, "won": False, "score": 10, "moves": 1, "time_ms": 1000, **changes}


ATTACKS = {
    "recent-time": (STATS_KEY, {"played": 1, "won": 0, "recent": [recent(time_ms=10**400)]}),
    "game-time": (GAME_KEY, save(elapsed_ms=NINES)),
    "played": (STATS_KEY, {"played": NINES, "won": 0, "streak": 0, "best_streak": 0}),
}
REFUSED = {
    STATS_KEY: "The saved statistics could not be read",
    GAME_KEY: "The saved game could not be read",
}


def write_storage(page: Page, values: dict[str, Any]) -> None:
    """Store ``values`` (JSON-able, by key) with no game page open."""
    store_texts(page, {key: json.dumps(value) for key, value in values.items()})


def stored_text(page: Page, key: str) -> str | None:
    settle(page)  # what the page was told is written
    return page.evaluate("(k) => localStorage.getItem(k)", key)


def stats_figure(page: Page, label: str) -> Any:
    term = page.locator("#stats-panel dt", has_text=re.compile(f"^{re.escape(label)}$"))
    return term.locator("xpath=following-sibling::dd[1]")


def first_move(page: Page) -> Game:
    """Play the first legal move of the deal shown; the game, mirrored."""
    game = Game.from_code(page.locator("#deal-code").inner_text())
    play(page, game, game.legal_moves()[0])
    settle(page)  # its save written
    return game


def new_game(page: Page) -> None:
    code = page.locator("#deal-code").inner_text()
    button(page, "New game").click()
    settle(page)  # the dialog, if it asks, is open
    dialog = page.get_by_role("dialog")
    if dialog.count():
        dialog.get_by_role("button", name="New game").click()
    expect(page.locator("#deal-code")).not_to_have_text(code)


# -- huge numbers ----------------------------------------------------------------------------
@pytest.mark.parametrize("attack", ATTACKS)
def test_a_huge_number_in_storage_is_refused_and_the_game_goes_on(
    warm_page: Page, attack: str
) -> None:
    key, value = ATTACKS[attack]
    write_storage(warm_page, {key: value})
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    expect(status(warm_page)).to_contain_text(REFUSED[key])
    assert len(status(warm_page).inner_text()) < 500
    game = first_move(warm_page)
    expect(warm_page.locator("#save-status")).to_be_hidden()
    warm_page.reload()
    wait_for_app(warm_page)
    expect(warm_page.locator("#moves")).to_have_text(str(game.moves))  # the move survived a reload
    new_game(warm_page)  # New game deals, and counts the game left
    button(warm_page, "Statistics").click()
    expect(stats_figure(warm_page, "Games played")).to_have_text("1")
    expect(warm_page.locator("#stats-recent-chart svg")).to_be_visible()


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_huge_number_in_an_import_is_refused_and_nothing_changes(
    warm_page: Page, attack: str
) -> None:
    key, value = ATTACKS[attack]
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    first_move(warm_page)
    before = {name: stored_text(warm_page, name) for name in (GAME_KEY, SETTINGS_KEY, STATS_KEY)}
    parts = {"statistics": {}, "settings": {}, "game": None}
    parts["statistics" if key == STATS_KEY else "game"] = value
    text = json.dumps({"format": "halfmoon-export", "version": 1, "exported": "", **parts})
    open_settings(warm_page)
    with warm_page.expect_file_chooser() as chooser:
        button(warm_page, "Import").click()
    chooser.value.set_files(
        {"name": "export.json", "mimeType": "application/json", "buffer": text.encode()}
    )
    expect(status(warm_page)).to_contain_text("That file cannot be imported")
    assert len(status(warm_page).inner_text()) < 500
    assert {name: stored_text(warm_page, name) for name in before} == before


# -- a newer version's values --------------------------------------------------------------
def test_a_newer_save_is_left_in_place_after_this_page_plays(warm_page: Page) -> None:
    newer = json.dumps(save(version=99, moves="4-7", future={"shape": 1}))
    open_site_file(warm_page)
    warm_page.evaluate("([k, v]) => localStorage.setItem(k, v)", [GAME_KEY, newer])
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    expect(status(warm_page)).to_contain_text(NEWER_GAME)
    expect(warm_page.locator(INDICATOR)).to_have_text(
        "Not saved: a newer version of Half Moon saved a game here. Reload the page to continue"
        " it; until then this page plays without saving."
    )
    game = first_move(warm_page)
    play(warm_page, game, game.legal_moves()[0])
    new_game(warm_page)
    assert stored_text(warm_page, GAME_KEY) == newer
    assert stored_text(warm_page, "halfmoon.backups") is None  # not put aside either
    warm_page.goto(warm_page.site_url + f"index.html?lang=vi&deal={DEAL}")  # type: ignore[attr-defined]
    wait_for_app(warm_page)
    expect(status(warm_page)).to_contain_text(
        "Ván này được lưu bởi một phiên bản Half Moon mới hơn — hãy tải lại trang để chơi tiếp."
    )
    expect(warm_page.locator(INDICATOR)).to_contain_text(
        "Chưa lưu: một phiên bản Half Moon mới hơn"
    )
    assert stored_text(warm_page, GAME_KEY) == newer


def test_newer_settings_and_statistics_are_left_in_place(warm_page: Page) -> None:
    settings = {"version": 5, "move_errors": "by colour"}
    stats = {"version": 5, "played": "lots"}
    write_storage(warm_page, {SETTINGS_KEY: settings, STATS_KEY: stats})
    open_app(warm_page, "index.html?lang=en")
    expect(status(warm_page)).to_contain_text(
        "Your settings were saved by a newer version of Half Moon"
    )
    first_move(warm_page)
    new_game(warm_page)
    set_setting(warm_page, "Move errors", True)
    expect(warm_page.locator(INDICATOR)).to_contain_text("saved your settings or statistics")
    assert json.loads(stored_text(warm_page, SETTINGS_KEY)) == settings
    assert json.loads(stored_text(warm_page, STATS_KEY)) == stats


def test_unknown_fields_survive_a_counted_game_and_a_changed_setting(warm_page: Page) -> None:
    write_storage(
        warm_page,
        {
            SETTINGS_KEY: {"move_errors": False, "haptics": "chimes"},
            STATS_KEY: {"played": 1, "won": 0, "recent": [recent(seed=7)], "badges": ["x"]},
        },
    )
    open_app(warm_page, "index.html?lang=en")
    first_move(warm_page)
    new_game(warm_page)
    set_setting(warm_page, "Move errors", True)
    settings = json.loads(stored_text(warm_page, SETTINGS_KEY))
    stats = json.loads(stored_text(warm_page, STATS_KEY))
    assert settings["haptics"] == "chimes" and settings["move_errors"] is True
    assert stats["badges"] == ["x"] and stats["played"] == 2 and stats["recent"][1]["seed"] == 7


# -- echoes --------------------------------------------------------------------------------
def visible_texts(page: Page) -> list[str]:
    """The texts of the status lines and error boxes, and the title."""
    found = page.locator("[role=status], [role=alert], #embed-error, #save-status")
    return [*found.all_inner_texts(), page.title()]


@pytest.mark.parametrize(
    "path",
    [
        f"index.html?lang=en&deal=HM1-N-{LONG}",
        f"index.html?lang=vi&deal={LONG}",
        f"index.html?lang=en&daily={LONG}",
        f"rules.html?lang={LONG}&deal={LONG}",
        f"embed.html?deal={LONG}",
        f"embed.html?deal={DEAL}&steps={'1' * 100_000}",
        f"embed.html?deal={DEAL}&lang=vi&steps=R9{'-1' * 50_000}",
        f"embed.html?{LONG}=1",
    ],
    ids=[
        "game-deal",
        "game-deal-vi",
        "game-daily",
        "rules",
        "embed-deal",
        "embed-steps",
        "embed-steps-vi",
        "embed-name",
    ],
)
def test_a_100000_character_parameter_gives_short_messages(page: Page, path: str) -> None:
    # The test server (http.server) refuses a request line of over 64 KiB, so the browser's
    # request for the long address is answered with the page fetched without its query: the
    # page still reads the whole address from ``location``.
    page_name, asked = path.split("?")[0], []

    def answer(route: Any) -> None:
        asked.append(len(route.request.url))
        route.fulfill(response=route.fetch(url=page.site_url + page_name))  # type: ignore[attr-defined]

    page.route(re.compile(rf".*/{re.escape(page_name)}\\?.*"), answer)
    error = open_app(page, path, expect_error=path.startswith("embed"))
    assert asked and asked[0] > 100_000  # the page was asked with the whole parameter
    texts = visible_texts(page)
    assert any(texts) and all(len(text) < 500 for text in texts), [len(t) for t in texts]
    assert error is None or len(error) < 500


# -- the leave prompt ----------------------------------------------------------------------
def set_storage_full(page: Page, full: bool) -> None:
    """From now on every write to localStorage fails as a full quota does (or no longer)."""
    page.evaluate(
        """(full) => {
            if (!window.__realSetItem) {
                window.__realSetItem = Storage.prototype.setItem;
                Storage.prototype.setItem = function (key, value) {
                    if (window.__storageFull) throw new DOMException("full", "QuotaExceededError");
                    return window.__realSetItem.call(this, key, value);
                };
            }
            window.__storageFull = full;
        }""",
        full,
    )


def leave_asks(page: Page, answer: str) -> bool:
    """Close the page as the player would: whether the browser's leave prompt came. It is
    answered ``accept`` (the page closes) or ``dismiss`` (the page stays)."""
    asked: list[str] = []

    def on_dialog(dialog: Any) -> None:
        asked.append(dialog.type)
        if answer == "accept":
            dialog.accept()
        else:
            dialog.dismiss()

    page.on("dialog", on_dialog)
    if answer == "dismiss":
        with page.expect_event("dialog"):
            page.close(run_before_unload=True)
        page.remove_listener("dialog", on_dialog)
    else:
        with page.expect_event("close"):
            page.close(run_before_unload=True)
    assert asked in ([], ["beforeunload"])
    return bool(asked)


def test_no_leave_prompt_when_everything_is_saved(warm_page: Page) -> None:
    open_app(warm_page, "index.html?lang=en")
    first_move(warm_page)
    assert not leave_asks(warm_page, "accept")
    assert warm_page.is_closed()


def test_the_leave_prompt_asks_only_while_moves_are_unsaved(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = first_move(warm_page)
    set_storage_full(warm_page, True)
    play(warm_page, game, game.legal_moves()[0])
    expect(warm_page.locator(INDICATOR)).to_contain_text(
        "Not saved: the browser's storage is full."
    )
    assert leave_asks(warm_page, "dismiss")
    assert not warm_page.is_closed()
    expect(warm_page.locator("#moves")).to_have_text(str(game.moves))
    set_storage_full(warm_page, False)
    play(warm_page, game, game.legal_moves()[0])
    expect(warm_page.locator("#save-status")).to_be_hidden()
    assert not leave_asks(warm_page, "accept")
    assert warm_page.is_closed()


def test_the_leave_prompt_asks_while_a_tab_conflict_waits(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    other = warm_page.context.new_page()
    other.add_init_script(  # deaf to the first tab's writes, as a frozen tab is
        """(() => {
            const add = EventTarget.prototype.addEventListener;
            EventTarget.prototype.addEventListener = function (type, ...rest) {
                if (type !== "storage") return add.call(this, type, ...rest);
            };
        })();"""
    )
    open_app(other, "index.html?lang=en", base_url=warm_page.site_url)  # type: ignore[attr-defined]
    play(warm_page, Game.from_code(DEAL), "5-6")
    settle(warm_page)  # its save written before the other tab plays
    play(other, Game.from_code(DEAL), "4-7")
    expect(other.get_by_role("dialog", name="This game changed in another tab")).to_be_visible()
    assert leave_asks(other, "dismiss")
    button(other, "Show the other tab's game").click()
    expect(other.locator("#save-status")).to_be_hidden()
    assert not leave_asks(other, "accept")
    assert other.is_closed()
