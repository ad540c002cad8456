"""The game page (``index.html``): the wiring module. ``start`` reads what the page starts
with, builds the parts in order (each from the :class:`PageContext` and the parts before it),
wires them (:meth:`GamePage.wire`: who hears which change, in what order; who is told what),
then shows the page and plays the taps made on the board early.js painted. The parts only a
player's choice needs are built, and imported, on first use (docs/startup.md, "The page's own
Python"). docs/architecture.md, "The game page's wiring", walks through every line.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from halfmoon_web.board.board import Board
from halfmoon_web.game_page.frame.context import Actions, PageContext, board_listener
from halfmoon_web.game_page.frame.page_dom import PageDom
from halfmoon_web.game_page.page_events import PageEvents, PageHandlers
from halfmoon_web.game_page.parts import startup
from halfmoon_web.game_page.parts.dialogs import Dialogs
from halfmoon_web.game_page.parts.end_dialog import EndDialog
from halfmoon_web.game_page.parts.info_bar import TICK_MS, InfoBar
from halfmoon_web.game_page.parts.language import PageLanguage
from halfmoon_web.game_page.parts.offline_view import OfflineStatus
from halfmoon_web.game_page.parts.panels import Panels
from halfmoon_web.game_page.parts.play import GamePlay
from halfmoon_web.game_page.parts.saver import Saver
from halfmoon_web.game_page.parts.saving_view import BackupsList
from halfmoon_web.game_page.parts.settings_panel import SettingsPanel
from halfmoon_web.game_page.parts.shortcuts import Keyboard
from halfmoon_web.game_page.parts.tabs import TabSync
from halfmoon_web.game_page.stats.stats_panel import StatsPanel
from halfmoon_web.model.snapshot import early_focus, early_taps
from halfmoon_web.shared import i18n
from halfmoon_web.storage.storage import BACKUPS_KEY, GAME_KEY, SETTINGS_KEY, STATS_KEY
from halfmoon_web.storage.stores import Stores

if TYPE_CHECKING:
    from halfmoon_web.game_page.sharing.replay_share import ReplayShare
    from halfmoon_web.game_page.sharing.replay_view import ReplayView
    from halfmoon_web.game_page.sharing.sharing import Sharing
    from halfmoon_web.game_page.sharing.transfer_view import DataTransfer


class GamePage:
    """The game page's parts, built in order, and every wire between them."""

    def __init__(self, ctx: PageContext) -> None:
        self.ctx = ctx
        dom, data, state = ctx.dom, ctx.stores.data, ctx.state
        self.board = Board(dom.el("board"), state.session.model, state.board_options())
        self.dialogs = Dialogs(dom)
        self.info = InfoBar(ctx)
        self.end = EndDialog(ctx, self.dialogs)
        self.stats = StatsPanel(dom, data, state)
        self.saver = Saver(ctx, self.board)
        self.tabs = TabSync(ctx, self.saver, self.dialogs)
        self.backups = BackupsList(dom, data, state)
        self.language = PageLanguage(ctx)
        self.settings = SettingsPanel(ctx, self.board, self.language)
        self.offline = OfflineStatus(dom, state)
        self.panels = Panels(
            dom, {"settings-panel": self.backups.render, "stats-panel": self.stats.render}
        )
        self.play = GamePlay(ctx, self.board, self.tabs, self.dialogs)
        self.keyboard = Keyboard(dom, self.shortcuts(), escape=self.panels.close)
        self.events = PageEvents(dom, self.actions(), self.handlers())
        self.wire()

    def wire(self) -> None:
        """Who hears what. The funnel's order is the order of these lines: a change reaches
        the board first, the win's count last (docs/architecture.md, "The game page's wiring")."""
        ctx = self.ctx
        ctx.subscribe(board_listener(self.board, ctx.state))  # another game, language, options
        ctx.on(("game",), self.dialogs.keep_focus)  # the card focused may be gone
        ctx.subscribe(self.info.on_change)  # figures, Undo and Redo
        ctx.subscribe(self.end.on_change)  # the end dialog opened, closed or written again
        ctx.on(("stats", "language"), self.stats.render)
        ctx.subscribe(self.saver.on_change)  # the save after the frame, the snapshot, the indicator
        ctx.on(("backups", "language"), self.backups.render)
        ctx.on(("language",), self.offline.render)
        ctx.subscribe(self.play.on_change)  # a win counted once, and celebrated
        self.board.on_tap = lambda outcome: (self.play.on_tap(outcome), self.saver.tapped())
        self.saver.on_refused = self.tabs.on_save_refused  # another tab's game stopped a save
        ctx.stores.storage.on_outcome = self.saver.storage_told  # a write refused late (worker)

    def shortcuts(self) -> dict[str, Callable[[], object]]:
        """The keyboard shortcuts (docs/keyboard.md, "Shortcuts")."""
        return {
            "undo": self.play.undo,
            "redo": self.play.redo,
            "new-game": self.play.ask_new_game,
            "settings": lambda: self.panels.toggle("settings-panel"),
            "statistics": lambda: self.panels.toggle("stats-panel"),
        }

    def actions(self) -> Actions:
        """Every ``data-action`` of the page: the parts' own, merged, and those of the parts
        built on first use."""
        return {
            **self.play.actions(),
            **self.panels.actions(),
            **self.dialogs.actions(),
            **self.tabs.actions(),
            **self.backups.actions(),
            **self.settings.actions(),
            "copy-code": lambda _: self.sharing.copy_code(),
            "share-link": lambda _: self.sharing.share_link(),
            "replay-game": lambda _: self.replay.open_current(),
            "replay-recent": lambda target: self.replay.open_from(target),
            "share-replay": lambda _: self.replay_share.share(),
            "copy-replay-link": lambda _: self.replay_share.copy_link(),
            "copy-replay-embed": lambda _: self.replay_share.copy_embed(),
            "export-data": lambda _: self.transfer.export(),
            "import-data": lambda _: self.transfer.choose_file(),
            "import-now": lambda _: self.transfer.confirm(),
        }

    def handlers(self) -> PageHandlers:
        """What each of the page's other events does."""
        ctx, data = self.ctx, self.ctx.stores.data
        return PageHandlers(
            keydown=self.keyboard.on_keydown,
            settings_changed=self.settings.on_change,
            open_submitted=self.play.on_open_submit,
            file_picked=lambda event: self.transfer.on_file(event),
            dialog_closed=self.dialogs.on_closed,
            offline_told=lambda _event: self.offline.render(),
            hidden=self.on_hidden,
            shown=self.on_shown,
            leaving=lambda: self.saver.flush(leaving=True),
            tick=self.info.tick,
            tick_ms=TICK_MS,
            stored={
                GAME_KEY: self.tabs.reconcile,
                SETTINGS_KEY: lambda _text: self.settings.apply(data.settings()),
                STATS_KEY: lambda _text: ctx.changed("stats"),
                BACKUPS_KEY: lambda _text: ctx.changed("backups"),
            },
            after_stored=self.saver.show_saving,
        )

    def on_hidden(self) -> None:
        """Hidden: the clock pauses, the game is saved at once (it may never be shown again)."""
        self.play.pause()
        self.saver.flush(leaving=True)

    def on_shown(self) -> None:
        """Back in view: first what other tabs stored meanwhile (their events may have been
        missed while the page was frozen), then the clock goes on."""
        shown = self.ctx.state.session
        self.tabs.follow_stored()
        self.settings.apply(self.ctx.stores.data.settings())
        self.play.resume(shown)

    @cached_property
    def transfer(self) -> DataTransfer:
        """Export and Import, built on first use."""
        from halfmoon_web.game_page.sharing.transfer_view import DataTransfer

        return DataTransfer(self.ctx, self.saver, self.settings, self.dialogs)

    @cached_property
    def sharing(self) -> Sharing:
        """Copy code and Share link, built on first use."""
        from halfmoon_web.game_page.sharing.sharing import Sharing

        return Sharing(self.ctx.dom, self.ctx.state)

    @cached_property
    def replay(self) -> ReplayView:
        """Replay in the step viewer, built on first use."""
        from halfmoon_web.game_page.sharing.replay_view import ReplayView

        return ReplayView(self.ctx.dom, self.ctx.state, self.dialogs)

    @cached_property
    def replay_share(self) -> ReplayShare:
        """Share replay, built on first use."""
        from halfmoon_web.game_page.sharing.replay_share import ReplayShare

        return ReplayShare(self.ctx.dom, self.ctx.state)

    def begin(self, early: Any, notices: list[str], unsaved: str | None = None) -> None:
        """Show the page, in this order; then early.js's taps and the notices (startup.md)."""
        dom = self.ctx.dom
        dom.say("")  # early.js's loading note
        self.events.listen()
        self.keyboard.mark()
        self.language.apply()
        self.settings.fill_languages()
        self.settings.sync_form()
        self.settings.show_looks()
        self.offline.render()
        self.play_early(unsaved)
        self.saver.save_game()
        notices = [*notices, *self.saver.problem_texts()]
        for button in dom.document.querySelectorAll("[data-action][disabled]"):
            button.removeAttribute("disabled")
        self.info.update()
        self.end.check()
        dom.after_paint(self.board.warm_faces)
        startup.when_taken(early, self.play_early)
        if notices:
            dom.say(i18n.sentences(*notices, dom.said()))

    def play_early(self, early: str | None) -> None:
        """Play kept taps (early.js's; the last page's unsaved ones, docs/worker.md) and put
        the focus where it was on the painted board."""
        for tap in early_taps(early, self.ctx.state.session.game):
            self.play.replay(tap)
        focus = early_focus(early)
        if focus is not None:
            self.dialogs.keep_focus(focus)  # the card focused on the painted board was replaced


def start(window: Any) -> GamePage:
    """Build the game page (called by main.py)."""
    dom = PageDom(window)
    stores = Stores.from_window(window)
    state, notices = startup.load(dom, stores)
    early = startup.take_early(window)  # before the board is built: unmarked, it is adopted
    page = GamePage(PageContext(dom, stores, state))
    page.begin(early, notices, startup.take_unsaved(stores, state.session))
    return page
