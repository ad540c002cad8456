"""Every page starts and plays whatever storage the browser refuses (docs/storage.md, "When
saving fails"): localStorage and sessionStorage, IndexedDB, the Cache API and the service
worker, and the Web Locks the pages' starts take turns by (docs/worker.md, "Many boards on one
page"), each either throwing as a browser that blocks site data throws (a ``SecurityError``),
missing (``undefined``), or refused on use. The game page then says it is not saving; the
rules page and the embed play as usual.

An init script, run in every frame before any script of the page, takes the storage away.
Each test is a first visit in a context of its own (``page``): a context that has a service
worker would have it control the page whatever the page's script can reach.
"""

from __future__ import annotations

import pytest
from game_support import DEAL, card, play, status
from harness import open_app
from playwright.sync_api import Page, expect

from halfmoon_core import Game, replay
from halfmoon_web.rules_page.seed_example import START

#: Takes away each storage as ``how`` says: "thrown" (reading it throws a SecurityError, as
#: Chromium's blocked site data does for a cross-site frame), "missing" (undefined), or "on use"
#: (there, but every use refused: as Firefox with blocked cookies, whose ``indexedDB.open``
#: throws, and a full or disabled storage).
REFUSE = """(how) => {
  const insecure = () => new DOMException("The operation is insecure.", "SecurityError");
  const refused = () => {
    if (how === "missing") return undefined;
    throw insecure();
  };
  if (how === "on use") {
    const no = () => { throw insecure(); };
    for (const name of ["getItem", "setItem", "removeItem", "clear", "key"]) {
      Storage.prototype[name] = no;
    }
    IDBFactory.prototype.open = no;
    for (const name of ["open", "keys", "match", "has", "delete"]) {
      CacheStorage.prototype[name] = () => Promise.reject(insecure());
    }
    ServiceWorkerContainer.prototype.register = () => Promise.reject(insecure());
    LockManager.prototype.request = () => Promise.reject(insecure());
    return;
  }
  for (const name of ["localStorage", "sessionStorage", "indexedDB", "caches"]) {
    Object.defineProperty(window, name, { get: refused, configurable: true });
  }
  for (const name of ["serviceWorker", "locks"]) {
    Object.defineProperty(Navigator.prototype, name, { get: refused, configurable: true });
  }
}"""

HOW = ["thrown", "missing", "on use"]
NOT_SAVED = (
    "Not saved: this browser does not let the game save. The game lasts while this page is open."
)
NOT_SAVED_VI = (
    "Chưa lưu: trình duyệt này không cho trò chơi lưu lại. Ván bài chỉ còn khi trang này còn mở."
)


def refuse_storage(page: Page, how: str) -> None:
    """Every document of ``page`` starts with its storage refused as ``how`` says."""
    page.add_init_script(f"({REFUSE})({how!r})")


def storage_refused(page: Page) -> bool:
    """True when the page's scripts can use no storage at all (the init script took hold)."""
    return page.evaluate(
        """async () => {
          const used = async (use) => { try { await use(); return true; } catch { return false; } };
          const uses = [
            () => localStorage.getItem("x"),
            () => sessionStorage.getItem("x"),
            () => indexedDB.open("probe"),
            () => caches.keys(),
            () => navigator.locks.request("probe", () => true),
            () => navigator.serviceWorker.getRegistrations().then((found) => {
              if (!found.length) throw new Error("none registered");
            }),
          ];
          for (const use of uses) if (await used(use)) return false;
          return true;
        }"""
    )


@pytest.mark.parametrize("how", HOW)
def test_the_game_page_plays_and_says_it_is_not_saving(page: Page, how: str) -> None:
    refuse_storage(page, how)
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    assert storage_refused(page)
    indicator = page.locator("#save-status-text")
    expect(indicator).to_have_text(NOT_SAVED)
    game = Game.from_code(DEAL)
    play(page, game, "4-7")
    expect(status(page)).to_have_text("Removed 9 of hearts and 2 of diamonds")
    expect(indicator).to_have_text(NOT_SAVED)  # it stays while nothing is saved


def test_the_game_page_says_it_in_vietnamese(page: Page) -> None:
    refuse_storage(page, "thrown")
    open_app(page, f"index.html?lang=vi&deal={DEAL}")
    expect(page.locator("#save-status-text")).to_have_text(NOT_SAVED_VI)


@pytest.mark.parametrize("how", HOW)
def test_the_rules_page_plays(page: Page, how: str) -> None:
    refuse_storage(page, how)
    open_app(page, "rules.html?lang=en")
    assert storage_refused(page)
    game = replay(START, [])
    move = next(iter(game.legal_moves()))
    for place in move.places:
        card(page, game, place).click()
    expect(status(page)).to_have_text(f"Removed {spoken_pair(game, move.places)}")


@pytest.mark.parametrize("how", HOW)
def test_the_embed_plays(page: Page, how: str) -> None:
    refuse_storage(page, how)
    open_app(page, f"embed.html?deal={DEAL}&lang=en")
    assert storage_refused(page)
    game = Game.from_code(DEAL)
    card(page, game, "4").click()
    card(page, game, "7").click()
    expect(status(page)).to_have_text("Removed 9 of hearts and 2 of diamonds")


def spoken_pair(game: Game, places: tuple[str, ...]) -> str:
    """The cards at ``places`` as the status line says them."""
    from game_support import spoken

    return spoken(game, places)
