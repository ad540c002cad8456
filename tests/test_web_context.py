"""The game page's funnel (halfmoon_web/game_page/frame/context.py): every change reaches the parts
that subscribed, in order; showing another game is one call, which adopts a stored game as the
page's base."""

from __future__ import annotations

from web_support import MemoryStorage

from halfmoon_core import Game
from halfmoon_web.game_page.frame.context import Change, PageContext
from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.settings import Settings
from halfmoon_web.model.snapshot import game_identity
from halfmoon_web.storage.game_store import GameStore
from halfmoon_web.storage.saved import SavedData
from halfmoon_web.storage.storage import Storage
from halfmoon_web.storage.stores import Stores

DEAL = "HM1-N-AAAAAAB"


class StatusLine:
    """The page's status line: what it says (the only part of the DOM the funnel touches)."""

    def __init__(self) -> None:
        self.text = ""

    def say(self, text: str) -> None:
        self.text = text


def page_context() -> PageContext:
    storage = Storage(MemoryStorage())
    data = SavedData(storage)
    stores = Stores(storage, data, GameStore(data))
    state = PageState(GameSession(Game.from_code(DEAL)), Settings(), "en", lambda: False)
    return PageContext(StatusLine(), stores, state)  # type: ignore[arg-type]


def test_a_change_reaches_every_part_in_the_order_they_subscribed() -> None:
    ctx = page_context()
    heard: list[tuple[str, Change]] = []
    for name in ("board", "info", "saver"):
        ctx.subscribe(lambda change, name=name: heard.append((name, change)))
    ctx.changed("move", lead="Removed 4 and 7.")
    change = Change("move", announce=True, lead="Removed 4 and 7.", stored=False)
    assert heard == [("board", change), ("info", change), ("saver", change)]


def test_a_part_that_only_redraws_hears_only_its_reasons() -> None:
    ctx = page_context()
    drawn: list[str] = []
    ctx.on(("stats", "language"), lambda: drawn.append("stats"))
    for reason in ("move", "stats", "game", "language", "settings"):
        ctx.changed(reason)
    assert drawn == ["stats", "stats"]


def test_showing_another_game_sets_it_says_so_and_tells_the_parts() -> None:
    ctx = page_context()
    heard: list[Change] = []
    ctx.subscribe(heard.append)
    other = GameSession(Game.from_code("HM1-N-AAAAAAC"))
    ctx.show(other, "New game: deal HM1-N-AAAAAAC.")
    assert ctx.state.session is other
    assert ctx.dom.text == "New game: deal HM1-N-AAAAAAC."
    assert heard == [Change("game", announce=True, stored=False)]
    assert ctx.stores.games.base is None  # this page's own new game: saved after the frame


def test_a_stored_game_shown_becomes_the_page_base_and_is_not_announced() -> None:
    ctx = page_context()
    heard: list[Change] = []
    ctx.subscribe(heard.append)
    theirs = GameSession(Game.from_code(DEAL))
    theirs.model.tap("4")
    theirs.model.tap("7")
    ctx.stores.games.unsaved = True
    ctx.show(theirs, "This game was played on in another tab.", stored=True)
    assert ctx.state.session is theirs
    assert ctx.stores.games.base == game_identity(theirs.game)
    assert not ctx.stores.games.unsaved
    assert heard == [Change("game", announce=False, stored=True)]
