"""The game page (``index.html``): its parts, built in order from one page context.

``start`` reads what the page starts with (:mod:`.startup`), takes the taps made on the board
``early.js`` painted (docs/startup.md, "Before Python"), builds the parts, each from the
:class:`~.context.PageContext` and the parts before it, and only then shows the page and plays
those taps. A change reaches the page through the context's one funnel, which the parts
subscribe to; the listeners are :mod:`.page_events`'s. docs/architecture.md ("The game page's
parts") lists the parts and a tap's path. The parts only a player's choice needs (Share,
Replay, Share replay, Export and Import) are built, and their modules imported, when first
used, which keeps them off the start (docs/startup.md, "The page's own Python").
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..board.board import Board
from ..shared import i18n
from ..stats.stats_panel import StatsPanel
from ..storage.snapshot import early_focus, early_taps
from . import startup
from .context import PageContext, board_listener
from .dialogs import Dialogs
from .end_dialog import EndDialog
from .info_bar import InfoBar
from .language import PageLanguage
from .offline_view import OfflineStatus
from .page_dom import PageDom
from .page_events import PageEvents
from .panels import Panels
from .play import GamePlay
from .saver import Saver
from .saving_view import BackupsList
from .settings_panel import SettingsPanel
from .shortcuts import Keyboard
from .startup import Stores
from .tabs import TabSync

if TYPE_CHECKING:
    from ..sharing.replay_share import ReplayShare
    from ..sharing.replay_view import ReplayView
    from ..sharing.sharing import Sharing
    from ..sharing.transfer_view import DataTransfer


class GamePage:
    """The game page's parts, in the order they are built and hear of a change."""

    def __init__(self, ctx: PageContext) -> None:
        self.ctx = ctx
        dom, data, state = ctx.dom, ctx.stores.data, ctx.state
        board = self.board = Board(dom.el("board"), state.session.model, state.board_options())
        ctx.subscribe(board_listener(board, state))
        dialogs = self.dialogs = Dialogs(dom)
        ctx.on(("game",), dialogs.keep_focus)  # the card focused may be gone
        self.info = InfoBar(ctx)
        self.end = EndDialog(ctx, dialogs)
        stats = self.stats = StatsPanel(dom, data, state)
        ctx.on(("stats", "language"), stats.render)
        saver = self.saver = Saver(ctx, board)
        self.tabs = TabSync(ctx, saver, dialogs)
        backups = self.backups = BackupsList(dom, data, state)
        ctx.on(("backups", "language"), backups.render)
        self.language = PageLanguage(ctx)
        self.settings = SettingsPanel(ctx, board, self.language)
        offline = self.offline = OfflineStatus(dom, state)
        ctx.on(("language",), offline.render)
        self.panels = Panels(dom, {"settings-panel": backups.render, "stats-panel": stats.render})
        play = self.play = GamePlay(ctx, board, self.tabs, dialogs)
        shortcuts = {  # docs/keyboard.md, "Shortcuts"
            "undo": play.undo,
            "redo": play.redo,
            "new-game": play.ask_new_game,
            "settings": lambda: self.panels.toggle("settings-panel"),
            "statistics": lambda: self.panels.toggle("stats-panel"),
        }
        self.keyboard = Keyboard(dom, shortcuts, escape=self.panels.close)
        self.events = PageEvents(self)

    @cached_property
    def transfer(self) -> DataTransfer:
        """Export and Import, built on first use."""
        from ..sharing.transfer_view import DataTransfer

        return DataTransfer(self.ctx, self.saver, self.settings, self.dialogs)

    @cached_property
    def sharing(self) -> Sharing:
        """Copy code and Share link, built on first use."""
        from ..sharing.sharing import Sharing

        return Sharing(self.ctx.dom, self.ctx.state)

    @cached_property
    def replay(self) -> ReplayView:
        """Replay in the step viewer, built on first use."""
        from ..sharing.replay_view import ReplayView

        return ReplayView(self.ctx.dom, self.ctx.state, self.dialogs)

    @cached_property
    def replay_share(self) -> ReplayShare:
        """Share replay, built on first use."""
        from ..sharing.replay_share import ReplayShare

        return ReplayShare(self.ctx.dom, self.ctx.state)

    def begin(self, early: str | None, notices: list[str]) -> None:
        """Show the page: its texts, the settings, the game saved, the toolbar on, the info
        bar, the end dialog if the game is over; then the taps early.js kept (docs/startup.md)
        and the start-up notices, before what the status line says."""
        dom = self.ctx.dom
        dom.say("")  # early.js's loading note
        self.events.listen()
        self.keyboard.mark()
        self.language.apply()
        self.settings.fill_languages()
        self.settings.sync_form()
        self.settings.show_looks()
        self.offline.render()
        self.saver.save_game()
        notices = [*notices, *self.saver.problem_texts()]
        for button in dom.document.querySelectorAll("[data-action][disabled]"):
            button.removeAttribute("disabled")
        self.info.update()
        self.end.check()
        dom.after_paint(self.board.warm_faces)
        for place in early_taps(early, self.ctx.state.session.game):
            self.board.tap(place)
        focus = early_focus(early)
        if focus is not None:
            self.dialogs.keep_focus(focus)  # the card focused on the painted board was replaced
        if notices:
            dom.say(i18n.sentences(*notices, dom.said()))


def start(window: Any) -> GamePage:
    """Build the game page (called by main.py)."""
    dom = PageDom(window)
    stores = Stores.from_window(window)
    state, notices = startup.load(dom, stores)
    early = startup.take_early(window)  # in the turn the board starts listening
    page = GamePage(PageContext(dom, stores, state))
    page.begin(early, notices)
    return page
