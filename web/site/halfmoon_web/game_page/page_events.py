"""The game page's event listeners: one delegated click listener for the toolbar, the panels
and the dialogs, keys, the settings form, the Open deal form, the import file, dialogs closing,
the page hidden or shown, other tabs' writes, the clock's tick; and the page leaving, when the
save that waits is made at once (docs/performance.md).

Each listener only hands the event on: to the action its element names, or to the handler
:mod:`halfmoon_web.game_page.app` gave for it. This module knows no part of the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from halfmoon_web.shared.dom import decide_in_event, found

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.context import Actions
    from halfmoon_web.game_page.frame.page_dom import PageDom

Handler = Callable[[Any], object]
"""What an event does, given the event."""


class PageHandlers(NamedTuple):
    """What the page's events other than clicks do (the wiring module fills it in)."""

    keydown: Handler
    settings_changed: Handler
    open_submitted: Handler
    file_picked: Handler
    dialog_closed: Handler
    offline_told: Handler
    hidden: Callable[[], object]
    shown: Callable[[], object]
    leaving: Callable[[], object]
    tick: Callable[[], object]
    tick_ms: int
    stored: Mapping[str, Callable[[str | None], object]]
    """By storage key: what another tab's write of it does (given its new text)."""
    after_stored: Callable[[], object]
    """After any other tab's write (the not-saved indicator)."""


class PageEvents:
    """Listens to the game page and hands each event on."""

    dom: PageDom
    actions: Actions
    handlers: PageHandlers

    def __init__(self, dom: PageDom, actions: Actions, handlers: PageHandlers) -> None:
        self.dom = dom
        self.actions = actions
        self.handlers = handlers

    def listen(self) -> None:
        """Listen to the page: clicks, keys, the forms, dialogs closing, the page hidden or
        shown or left, other tabs' writes; tick the clock."""
        dom, on = self.dom, self.handlers
        doc, window = dom.document, dom.window
        doc.body.addEventListener("click", dom.proxy(self.on_click))
        doc.body.addEventListener("keydown", dom.proxy(on.keydown))
        dom.el("settings-panel").addEventListener("change", dom.proxy(on.settings_changed))
        dom.el("open-form").addEventListener("submit", dom.proxy(on.open_submitted))
        decide_in_event(dom.el("open-form"), "submit", {"always": True})  # never a navigation
        dom.el("import-file").addEventListener("change", dom.proxy(on.file_picked))
        closed = dom.proxy(on.dialog_closed)
        for dialog in doc.querySelectorAll("dialog"):
            dialog.addEventListener("close", closed)
        doc.addEventListener("visibilitychange", dom.proxy(self.on_visibility))
        # boot.js says whether the game is available offline (docs/deploys.md).
        doc.addEventListener("halfmoon-offline", dom.proxy(on.offline_told))
        window.addEventListener("storage", dom.proxy(self.on_storage))
        # Leaving (closed, reloaded, navigated away: every way fires pagehide): saved at once.
        window.addEventListener("pagehide", dom.proxy(lambda _event: on.leaving()))
        window.setInterval(dom.proxy(on.tick), on.tick_ms)

    def on_click(self, event: Any) -> None:
        """Toolbar, panels and dialogs: one delegated listener on the body; the element's
        ``data-action`` names what it does. A tap on the backdrop of a dialog marked
        ``data-light-dismiss`` (the dialog itself is the target: its content is in a box of its
        own) closes it."""
        if event.target.tagName == "DIALOG" and event.target.hasAttribute("data-light-dismiss"):
            event.target.close()
            return
        target = event.target.closest("[data-action]")
        if not found(target) or target.hasAttribute("disabled"):
            return
        action = self.actions.get(str(target.getAttribute("data-action")))
        if action is not None:
            action(target)

    def on_storage(self, event: Any) -> None:
        """Another tab (or the installed app) changed a stored value: follow it
        (docs/storage.md, "Tabs")."""
        follow = self.handlers.stored.get(event.key)
        if follow is not None:
            follow(event.newValue if isinstance(event.newValue, str) else None)
        self.handlers.after_stored()

    def on_visibility(self, _event: Any) -> None:
        """Hidden or shown again: the handlers for each."""
        if self.dom.document.visibilityState == "hidden":
            self.handlers.hidden()
        else:
            self.handlers.shown()
