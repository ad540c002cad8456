"""The game page (``index.html``): its parts, built in order, wired to the page's events.

``start`` reads what the page starts with (:mod:`.startup`: settings, language, the game, the
notices), takes the taps made on the board ``early.js`` painted (docs/startup.md, "Before
Python"), builds the parts, each from the ones before it, and only then shows the page and
plays those taps. The parts, one job each:

========================  ===============================================================
:mod:`.page_dom`          the window and document, the status line, proxies and tasks
:mod:`.page_state`        the game in progress, the settings, the language
:class:`.Board`           the board (taps go to :class:`.GamePlay`)
:mod:`.dialogs`           the modal dialogs and the keyboard focus
:mod:`.info_bar`          time, score, moves, deal code, the Undo and Redo buttons
:mod:`.end_dialog`        the end of the game
:mod:`.stats_panel`       the Statistics panel
:mod:`.saver`             saving the game and the board's snapshot
:mod:`.tabs`              other tabs of this browser
:mod:`.saving_view`       the list of kept copies of unreadable saves
:mod:`.language`          every text of the page in its language
:mod:`.settings_panel`    the Settings panel and the settings applied
:mod:`.panels`            opening and closing the two panels
:mod:`.sharing`           Copy code and Share link
:mod:`.transfer_view`     Export and Import (the Settings panel)
:mod:`.replay_view`       Replay: a finished game in the step viewer
:mod:`.replay_share`      Share replay: the replay link and its snippet
:mod:`.play`              taps, Undo, Redo, Restart, New game, Open deal, Daily deal, clock
:mod:`.shortcuts`         the keyboard shortcuts
========================  ===============================================================

Rules stay in the engine; texts in ``i18n``. The parts only a player's choice needs (Share,
Replay, Share replay, Export and Import) are built, and their modules imported, when first used,
which keeps them off the start (docs/startup.md, "The page's own Python").
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..board.board import Board
from ..shared import i18n
from ..shared.dom import found
from ..stats.stats_panel import StatsPanel
from ..storage.snapshot import early_focus, early_taps
from ..storage.storage import BACKUPS_KEY, GAME_KEY, SETTINGS_KEY, STATS_KEY
from . import startup
from .dialogs import Dialogs
from .end_dialog import EndDialog
from .info_bar import TICK_MS, InfoBar
from .language import PageLanguage
from .page_dom import PageDom
from .page_state import PageState
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
    """The game page's parts and its event listeners."""

    def __init__(self, dom: PageDom, stores: Stores, state: PageState) -> None:
        self.dom, self.stores, self.state = dom, stores, state
        data = stores.data
        board = self.board = Board(dom.el("board"), state.session.model, **state.board_options())
        dialogs = self.dialogs = Dialogs(dom)
        info = self.info = InfoBar(dom, state)
        end = self.end = EndDialog(dom, state, dialogs)
        stats = self.stats = StatsPanel(dom, data, state)
        saver = self.saver = Saver(dom, stores, state, board)
        tabs = self.tabs = TabSync(dom, stores, state, board, saver, dialogs, info, end)
        saver.on_refused = tabs.on_save_refused
        backups = self.backups = BackupsList(dom, data, state)
        language = PageLanguage(dom, state, board, saver, stats, backups, end, info)
        self.language = language
        self.settings = SettingsPanel(dom, data, state, board, saver, language)
        self.panels = Panels(dom, {"settings-panel": backups.render, "stats-panel": stats.render})
        play = self.play = GamePlay(dom, stores, state, board, tabs, dialogs, info, end, stats)
        board.on_tap = play.on_tap
        shortcuts = {  # docs/keyboard.md, "Shortcuts"
            "undo": play.undo,
            "redo": play.redo,
            "new-game": play.ask_new_game,
            "settings": lambda: self.panels.toggle("settings-panel"),
            "statistics": lambda: self.panels.toggle("stats-panel"),
        }
        self.keyboard = Keyboard(dom, shortcuts, escape=self.panels.close)

    @cached_property
    def transfer(self) -> DataTransfer:
        """Export and Import, built on first use."""
        from ..sharing.transfer_view import DataTransfer

        parts = (self.tabs, self.settings, self.stats, self.dialogs)
        return DataTransfer(self.dom, self.stores, self.state, *parts)

    @cached_property
    def sharing(self) -> Sharing:
        """Copy code and Share link, built on first use."""
        from ..sharing.sharing import Sharing

        return Sharing(self.dom, self.state)

    @cached_property
    def replay(self) -> ReplayView:
        """Replay in the step viewer, built on first use."""
        from ..sharing.replay_view import ReplayView

        return ReplayView(self.dom, self.state, self.dialogs)

    @cached_property
    def replay_share(self) -> ReplayShare:
        """Share replay, built on first use."""
        from ..sharing.replay_share import ReplayShare

        return ReplayShare(self.dom, self.state)

    def begin(self, early: str | None, notices: list[str]) -> None:
        """Show the page: its texts, the settings, the game saved, the toolbar on, the info
        bar, the end dialog if the game is over; then the taps early.js kept (docs/startup.md)
        and the start-up notices, before what the status line says."""
        self.dom.say("")  # early.js's loading note
        self.listen()
        self.keyboard.mark()
        self.language.apply()
        self.settings.fill_languages()
        self.settings.sync_form()
        self.settings.show_looks()
        self.saver.save_game()
        notices = [*notices, *self.saver.problem_texts()]
        for button in self.dom.document.querySelectorAll("[data-action][disabled]"):
            button.removeAttribute("disabled")
        self.info.update()
        self.end.check()
        for place in early_taps(early, self.state.session.game):
            self.board.tap(place)
        focus = early_focus(early)
        if focus is not None:
            self.dialogs.keep_focus(focus)  # the card focused on the painted board was replaced
        if notices:
            self.dom.say(i18n.sentences(*notices, self.dom.said()))

    def listen(self) -> None:
        """Listen to the page: clicks, keys, the settings form, the Open deal form, dialogs
        closing, the page hidden or shown, other tabs' writes; tick the clock."""
        dom, doc, window = self.dom, self.dom.document, self.dom.window
        doc.body.addEventListener("click", dom.proxy(self.on_click))
        doc.body.addEventListener("keydown", dom.proxy(self.keyboard.on_keydown))
        dom.el("settings-panel").addEventListener("change", dom.proxy(self.settings.on_change))
        dom.el("open-form").addEventListener("submit", dom.proxy(self.play.on_open_submit))
        picked = dom.proxy(lambda event: self.transfer.on_file(event))
        dom.el("import-file").addEventListener("change", picked)
        closed = dom.proxy(self.dialogs.on_closed)
        for dialog in doc.querySelectorAll("dialog"):
            dialog.addEventListener("close", closed)
        doc.addEventListener("visibilitychange", dom.proxy(self.on_visibility))
        window.addEventListener("storage", dom.proxy(self.on_storage))
        leaving = dom.proxy(lambda _event: self.saver.flush(leaving=True))
        window.addEventListener("pagehide", leaving)
        window.setInterval(dom.proxy(self.info.tick), TICK_MS)

    def on_click(self, event: Any) -> None:
        """Toolbar, panels and dialogs: one delegated listener on the body."""
        target = event.target.closest("[data-action]")
        if not found(target) or target.hasAttribute("disabled"):
            return
        play, tabs, panels = self.play, self.tabs, self.panels
        handler = {
            "new-game": play.ask_new_game,
            "new-game-now": play.new_game,
            "undo": play.undo,
            "redo": play.redo,
            "restart": play.restart,
            "open-deal": play.show_open_dialog,
            "daily": play.ask_daily,
            "daily-now": play.daily,
            "settings": lambda: panels.show("settings-panel"),
            "statistics": lambda: panels.show("stats-panel"),
            "close-panel": panels.close,
            "close-dialog": lambda: target.closest("dialog").close(),
            "copy-code": self.sharing.copy_code,
            "share-link": self.sharing.share_link,
            "replay-game": self.replay.open_current,
            "replay-recent": lambda: self.replay.open_from(target),
            "share-replay": self.replay_share.share,
            "copy-replay-link": self.replay_share.copy_link,
            "copy-replay-embed": self.replay_share.copy_embed,
            "sync-keep": tabs.keep_this_game,
            "sync-take": tabs.take_their_game,
            "sync-choose": tabs.choose,
            "download-backups": self.backups.download,
            "clear-backups": self.backups.clear,
            "export-data": self.transfer.export,
            "import-data": self.transfer.choose_file,
            "import-now": self.transfer.confirm,
            "dismiss-hint": self.settings.dismiss_hint,
        }.get(str(target.getAttribute("data-action")))
        if handler is not None:
            handler()

    def on_storage(self, event: Any) -> None:
        """Another tab (or the installed app) changed a stored value: follow it
        (docs/storage.md, "Tabs")."""
        key = event.key
        if key == GAME_KEY:
            self.tabs.reconcile(event.newValue if isinstance(event.newValue, str) else None)
        elif key == SETTINGS_KEY:
            self.settings.apply(self.stores.data.settings())
        elif key == STATS_KEY:
            self.stats.render()
        elif key == BACKUPS_KEY:
            self.backups.render()
        self.saver.show_saving()

    def on_visibility(self, _event: Any) -> None:
        """The clock pauses while the page is hidden; back in view, the page first follows
        what other tabs stored meanwhile (their events may have been missed while the page was
        frozen), then the clock goes on."""
        if self.dom.document.visibilityState == "hidden":
            self.play.pause()
            return
        shown = self.state.session
        self.tabs.follow_stored()
        self.settings.apply(self.stores.data.settings())
        self.play.resume(shown)


def start(window: Any) -> GamePage:
    """Build the game page (called by main.py)."""
    dom = PageDom(window)
    stores = Stores.from_window(window)
    state, notices = startup.load(dom, stores)
    early = startup.take_early(window)  # in the turn the board starts listening
    page = GamePage(dom, stores, state)
    page.begin(early, notices)
    return page
