"""The game page's event listeners: clicks on the toolbar, the panels and the dialogs, keys,
the settings form, the Open deal form, dialogs closing, the page hidden or shown, other tabs'
writes, the clock's tick; and the page leaving, when the save that waits is made at once
(docs/performance.md).

Each listener only hands the event to the part whose job it is (:mod:`.app` builds them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..shared.dom import found
from ..storage.storage import BACKUPS_KEY, GAME_KEY, SETTINGS_KEY, STATS_KEY
from .info_bar import TICK_MS

if TYPE_CHECKING:
    from .app import GamePage


class PageEvents:
    """Listens to the game page and hands each event to its part."""

    page: GamePage

    def __init__(self, page: GamePage) -> None:
        self.page = page

    def listen(self) -> None:
        """Listen to the page: clicks, keys, the settings form, the Open deal form, dialogs
        closing, the page hidden or shown or left, other tabs' writes; tick the clock."""
        page = self.page
        dom = page.ctx.dom
        doc, window = dom.document, dom.window
        doc.body.addEventListener("click", dom.proxy(self.on_click))
        doc.body.addEventListener("keydown", dom.proxy(page.keyboard.on_keydown))
        dom.el("settings-panel").addEventListener("change", dom.proxy(page.settings.on_change))
        dom.el("open-form").addEventListener("submit", dom.proxy(page.play.on_open_submit))
        picked = dom.proxy(lambda event: page.transfer.on_file(event))
        dom.el("import-file").addEventListener("change", picked)
        closed = dom.proxy(page.dialogs.on_closed)
        for dialog in doc.querySelectorAll("dialog"):
            dialog.addEventListener("close", closed)
        doc.addEventListener("visibilitychange", dom.proxy(self.on_visibility))
        # boot.js says whether the game is available offline (docs/deploys.md).
        doc.addEventListener("halfmoon-offline", dom.proxy(lambda _event: page.offline.render()))
        window.addEventListener("storage", dom.proxy(self.on_storage))
        # Leaving (closed, reloaded, navigated away: every way fires pagehide): saved at once.
        leaving = dom.proxy(lambda _event: page.saver.flush(leaving=True))
        window.addEventListener("pagehide", leaving)
        window.setInterval(dom.proxy(page.info.tick), TICK_MS)

    def on_click(self, event: Any) -> None:
        """Toolbar, panels and dialogs: one delegated listener on the body."""
        target = event.target.closest("[data-action]")
        if not found(target) or target.hasAttribute("disabled"):
            return
        page = self.page
        play, tabs, panels = page.play, page.tabs, page.panels
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
            "copy-code": lambda: page.sharing.copy_code(),
            "share-link": lambda: page.sharing.share_link(),
            "replay-game": lambda: page.replay.open_current(),
            "replay-recent": lambda: page.replay.open_from(target),
            "share-replay": lambda: page.replay_share.share(),
            "copy-replay-link": lambda: page.replay_share.copy_link(),
            "copy-replay-embed": lambda: page.replay_share.copy_embed(),
            "sync-keep": tabs.keep_this_game,
            "sync-take": tabs.take_their_game,
            "sync-choose": tabs.choose,
            "download-backups": page.backups.download,
            "clear-backups": page.backups.clear,
            "export-data": lambda: page.transfer.export(),
            "import-data": lambda: page.transfer.choose_file(),
            "import-now": lambda: page.transfer.confirm(),
            "dismiss-hint": page.settings.dismiss_hint,
        }.get(str(target.getAttribute("data-action")))
        if handler is not None:
            handler()

    def on_storage(self, event: Any) -> None:
        """Another tab (or the installed app) changed a stored value: follow it
        (docs/storage.md, "Tabs")."""
        page, key = self.page, event.key
        if key == GAME_KEY:
            page.tabs.reconcile(event.newValue if isinstance(event.newValue, str) else None)
        elif key == SETTINGS_KEY:
            page.settings.apply(page.ctx.stores.data.settings())
        elif key == STATS_KEY:
            page.ctx.changed("stats")
        elif key == BACKUPS_KEY:
            page.ctx.changed("backups")
        page.saver.show_saving()

    def on_visibility(self, _event: Any) -> None:
        """Hidden, the clock pauses and the game is saved at once (a hidden page may never be
        shown again); back in view, the page first follows what other tabs stored meanwhile
        (their events may have been missed while the page was frozen), then the clock goes
        on."""
        page = self.page
        if page.ctx.dom.document.visibilityState == "hidden":
            page.play.pause()
            page.saver.flush(leaving=True)
            return
        shown = page.ctx.state.session
        page.tabs.follow_stored()
        page.settings.apply(page.ctx.stores.data.settings())
        page.play.resume(shown)
