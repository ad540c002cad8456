"""Export and import (docs/storage.md, "Export and import"): a file exported in one browser
restores the statistics, settings and game exactly in a fresh one; a bad file is refused with
a clear message and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import DEAL, button, open_settings, play, set_setting, status
from harness import open_app, settle
from playwright.sync_api import BrowserContext, Page, expect

from halfmoon_core import Game

KEYS = ("halfmoon.game", "halfmoon.settings", "halfmoon.stats", "halfmoon.backups")


def stored(page: Page) -> dict[str, Any]:
    """The game's stored values, parsed (None when absent), once the page has written what
    it was told."""
    settle(page)
    texts = page.evaluate("(keys) => keys.map((k) => localStorage.getItem(k))", list(KEYS))
    return {
        key: None if text is None else json.loads(text)
        for key, text in zip(KEYS, texts, strict=True)
    }


def board_names(page: Page) -> list[str]:
    """The accessible names of the board's cards, in order."""
    cards = page.locator("#board button[data-place]")
    return cards.evaluate_all("(els) => els.map((el) => el.getAttribute('aria-label'))")


def info(page: Page) -> dict[str, str]:
    """The info bar's figures."""
    return {name: page.locator(f"#{name}").inner_text() for name in ("deal-code", "moves", "score")}


def export_file(page: Page, folder: Path) -> Path:
    """Click Export in the Settings panel; the downloaded file."""
    open_settings(page)
    with page.expect_download() as download:
        button(page, "Export").click()
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    expect(status(page)).to_have_text("Exported as halfmoon-export.json.")
    return path


def pick_file(page: Page, files: Any) -> None:
    """Click Import in the Settings panel and pick ``files`` (a path or a payload)."""
    open_settings(page)
    with page.expect_file_chooser() as chooser:
        button(page, "Import").click()
    chooser.value.set_files(files)


def played_page(page: Page) -> Game:
    """A page with one game counted as lost, Move errors on, and two moves of DEAL played."""
    open_app(page, "index.html?lang=en")
    first = Game.from_code(page.locator("#deal-code").inner_text())
    play(page, first, first.legal_moves()[0])
    open_app(page, f"index.html?lang=en&deal={DEAL}")  # another deal: the game left counts
    set_setting(page, "Move errors", True)
    game = Game.from_code(DEAL)
    for _ in range(2):
        play(page, game, game.legal_moves()[0])  # the game follows
    button(page, "Settings").click()  # closes the panel
    return game


def test_export_then_import_in_a_fresh_browser_restores_everything(
    warm_page: Page, new_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    played_page(warm_page)
    path = export_file(warm_page, tmp_path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    before = stored(warm_page)
    assert exported["statistics"] == before["halfmoon.stats"]
    assert exported["statistics"]["played"] == 1
    assert exported["game"]["moves"] == before["halfmoon.game"]["moves"]

    fresh = new_context().new_page()
    open_app(fresh, "index.html?lang=en")
    pick_file(fresh, path)
    dialog = fresh.get_by_role("dialog")
    expect(dialog).to_contain_text("Its statistics: 1 game played, 0 won.")
    expect(dialog).to_contain_text(f"Its game in progress: deal {DEAL}, 2 moves.")
    dialog.get_by_role("button", name="Import").click()
    expect(status(fresh)).to_have_text("The file was imported.")
    expect(fresh.locator("#deal-code")).to_have_text(DEAL)
    assert info(fresh) == info(warm_page)
    assert board_names(fresh) == board_names(warm_page)
    elapsed = exported["game"]["elapsed_ms"] // 1000
    expect(fresh.locator("#time")).to_have_text(f"{elapsed // 60}:{elapsed % 60:02d}")
    after = stored(fresh)
    assert after["halfmoon.stats"] == before["halfmoon.stats"]
    assert after["halfmoon.settings"] == before["halfmoon.settings"]
    assert after["halfmoon.game"]["moves"] == before["halfmoon.game"]["moves"]
    button(fresh, "Statistics").click()
    expect(fresh.locator("#stat-played")).to_have_text("1")
    recent_code = before["halfmoon.stats"]["recent"][0]["code"]
    expect(fresh.locator("#stats-recent")).to_contain_text(recent_code)
    button(fresh, "Settings").click()
    expect(fresh.get_by_label("Move errors", exact=True)).to_be_checked()


def test_cancel_keeps_everything(warm_page: Page, tmp_path: Path) -> None:
    game = played_page(warm_page)
    path = export_file(warm_page, tmp_path)
    play(warm_page, game, game.legal_moves()[0])
    before = stored(warm_page)
    pick_file(warm_page, path)
    warm_page.get_by_role("dialog").get_by_role("button", name="Cancel").click()
    expect(warm_page.get_by_role("dialog")).to_have_count(0)
    assert stored(warm_page) == before
    expect(warm_page.locator("#moves")).to_have_text("3")


def bad_files() -> list[tuple[str, bytes, str]]:
    """Files that must be refused: name, content, what the message says."""
    good = {"format": "halfmoon-export", "version": 1, "exported": "2026-11-30T00:00:00Z"}
    good |= {"statistics": {}, "settings": {}}
    save = {"format": "halfmoon-game", "version": 1, "start": DEAL, "elapsed_ms": 0}
    illegal = good | {"game": save | {"moves": "1-2"}}
    newer = good | {"version": 99, "game": None}
    return [
        ("notes.txt", b"not a JSON file", "it is not valid JSON"),
        ("list.json", b"[1, 2, 3]", "it is not a Half Moon export"),
        ("huge.json", b" " * 300_000, "it is 300,000 bytes, far more than an export"),
        ("deep.json", b"[" * 10_000 + b"]" * 10_000, "it is nested deeper than any save"),
        ("illegal.json", json.dumps(illegal).encode(), "move 1 (1-2) is illegal: 8S + QC"),
        ("newer.json", json.dumps(newer).encode(), "a newer version of Half Moon exported it"),
    ]


@pytest.mark.parametrize(("name", "content", "says"), bad_files(), ids=lambda v: str(v)[:12])
def test_a_bad_file_is_refused_and_nothing_changes(
    warm_page: Page, name: str, content: bytes, says: str
) -> None:
    played_page(warm_page)
    before, names = stored(warm_page), board_names(warm_page)
    pick_file(warm_page, {"name": name, "mimeType": "application/json", "buffer": content})
    expect(status(warm_page)).to_contain_text("That file cannot be imported: ")
    expect(status(warm_page)).to_contain_text(says)
    expect(status(warm_page)).to_contain_text("Nothing was changed.")
    expect(warm_page.get_by_role("dialog")).to_have_count(0)
    assert stored(warm_page) == before
    assert board_names(warm_page) == names
    expect(warm_page.locator("#moves")).to_have_text("2")
