"""The game page's modal dialogs and its keyboard focus (docs/accessibility.md, "Focus").

While a modal dialog is open, the page behind it (everything marked ``data-modal-hide``) is
hidden from assistive technology; the status line stays audible. The focus never stays on
``<body>``: when its element is gone, hidden or disabled, it goes to a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from halfmoon_web.shared.dom import focus_lost, found

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.context import Actions
    from halfmoon_web.game_page.frame.page_dom import PageDom

#: Where a lost focus goes, first found first (the place just played goes before these).
FOCUS_TARGETS = (
    '#board button[data-place][tabindex="0"]',
    "#board button[data-place]",
    '.toolbar [data-action="new-game"]',
)


class Dialogs:
    """Opens and closes the dialogs; keeps the keyboard focus on the page."""

    dom: PageDom
    _check_due: bool
    """Whether a focus check waits for the next paint (:meth:`keep_focus_after_paint`)."""
    _check_place: str | None
    """The card that check puts the focus on, if it fell off the page."""

    def __init__(self, dom: PageDom) -> None:
        self.dom = dom
        self._check_due = False
        self._check_place = None

    def actions(self) -> Actions:
        """A dialog's Close: the dialog the clicked button is in."""
        return {"close-dialog": lambda target: target.closest("dialog").close()}

    def open(self, dialog_id: str) -> None:
        """Show a modal dialog; the page behind it is hidden from assistive technology."""
        dialog = self.dom.el(dialog_id)
        for el in self.dom.document.querySelectorAll("[data-modal-hide]"):
            el.setAttribute("aria-hidden", "true")
        if not dialog.open:
            dialog.showModal()

    def close(self, dialog_id: str) -> None:
        """Close a dialog if it is open (the focus goes back where it was, if still there)."""
        dialog = self.dom.el(dialog_id)
        if dialog.open:
            dialog.close()

    def is_open(self, dialog_id: str) -> bool:
        """True while that dialog is open."""
        return bool(self.dom.el(dialog_id).open)

    def on_closed(self, _event: Any) -> None:
        """When no modal dialog is left open, the page is audible again, and the keyboard
        focus is back on the page (on the board when the element it came from is gone)."""
        if self.dom.dialog_open():
            return
        for el in self.dom.document.querySelectorAll("[data-modal-hide]"):
            el.removeAttribute("aria-hidden")
        self.keep_focus()

    def keep_focus_after_paint(self, place: str | None = None) -> None:
        """:meth:`keep_focus` after the next frame (it reads layout). Several calls before
        it runs make one check, with the latest ``place``: after two quick Undos the focus
        goes where the last one left it, not where the first did."""
        self._check_place = place
        if not self._check_due:
            self._check_due = True
            self.dom.after_paint(self._check_now)

    def _check_now(self) -> None:
        self._check_due = False
        self.keep_focus(self._check_place)

    def keep_focus(self, place: str | None = None) -> None:
        """When the keyboard focus fell off the page (its element gone, hidden or disabled),
        put it on the card at ``place``, else on the board's current card, else on the first
        card, else on New game."""
        if not focus_lost(self.dom.document):
            return
        first = (f'#board button[data-place="{place}"]',) if place else ()
        for selector in (*first, *FOCUS_TARGETS):
            target = self.dom.query(selector)
            if found(target):
                target.focus()
                return
