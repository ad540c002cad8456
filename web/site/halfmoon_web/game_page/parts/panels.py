"""The game page's two panels, Settings and Statistics: one open at a time, each drawn afresh
when it opens, closed by Escape or its Close button (docs/keyboard.md, "Shortcuts")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.context import Actions
    from halfmoon_web.game_page.frame.page_dom import PageDom

PANELS = ("settings-panel", "stats-panel")


class Panels:
    """Opens, toggles and closes the panels; ``draw`` fills a panel as it opens."""

    dom: PageDom
    draw: Mapping[str, Callable[[], None]]
    """What fills each panel as it opens, by the panel's id."""

    def __init__(self, dom: PageDom, draw: Mapping[str, Callable[[], None]]) -> None:
        self.dom = dom
        self.draw = draw

    def _button(self, panel_id: str) -> Any:
        """The toolbar button that opens the panel."""
        return self.dom.query(f'[aria-controls="{panel_id}"]')

    def actions(self) -> Actions:
        """The toolbar's Settings and Statistics, and a panel's Close."""
        return {
            "settings": lambda _: self.show("settings-panel"),
            "statistics": lambda _: self.show("stats-panel"),
            "close-panel": lambda _: self.close(),
        }

    def show(self, panel_id: str) -> None:
        """Open the panel (and close the other); the focus stays on its button; the panel
        follows the toolbar in the tab order."""
        for other in PANELS:
            opened = other == panel_id
            self.dom.el(other).hidden = not opened
            self._button(other).setAttribute("aria-expanded", "true" if opened else "false")
        self.draw[panel_id]()
        self.dom.el(panel_id).scrollIntoView(self.dom.js_options(block="nearest"))

    def toggle(self, panel_id: str) -> None:
        """Open the panel, or close it when it is open (the focus, if it was in the panel,
        goes back to the panel's button)."""
        panel = self.dom.el(panel_id)
        if panel.hidden:
            self.show(panel_id)
            return
        button = self._button(panel_id)
        had_focus = panel.contains(self.dom.document.activeElement)
        panel.hidden = True
        button.setAttribute("aria-expanded", "false")
        if had_focus:
            button.focus()

    def close(self) -> None:
        """Close the open panel; the focus goes to its button."""
        for panel_id in PANELS:
            if not self.dom.el(panel_id).hidden:
                self.dom.el(panel_id).hidden = True
                button = self._button(panel_id)
                button.setAttribute("aria-expanded", "false")
                button.focus()
