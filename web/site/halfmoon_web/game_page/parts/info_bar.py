"""The game page's info bar: time, score, moves and deal code (the ids ``#time``, ``#score``,
``#moves``, ``#deal-code`` of docs/interface.md), whether the deal is a daily deal (``#deal-daily``
names its date in place of the word "Deal"), and the Undo and Redo buttons' state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from halfmoon_web.game_page.frame.context import Change, PageContext
from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.model.clock import format_time
from halfmoon_web.model.daily_deal import date_text

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom

TICK_MS = 250
"""How often the clock's display is refreshed."""


class InfoBar:
    """Shows the game's figures and whether it can be undone or redone."""

    dom: PageDom
    state: PageState
    _shown: dict[str, object]
    """What the bar shows now, by element: only what changed is written (a tap's time is
    spent in calls to the DOM, docs/performance.md)."""

    def __init__(self, ctx: PageContext) -> None:
        self.dom = ctx.dom
        self.state = ctx.state
        self._shown = {}
        self._buttons: dict[str, Any] = {}
        """The toolbar's Undo and Redo buttons (found once)."""

    def update(self) -> None:
        """Score, moves, deal code, clock and the Undo and Redo buttons."""
        session = self.state.session
        game = session.game
        for element_id, text in (
            ("score", str(game.score)),
            ("moves", str(game.moves)),
            ("deal-code", session.code),
        ):
            if self._changed(element_id, text):
                self.dom.el(element_id).textContent = text
        if self._changed("daily", (session.daily, self.state.lang)):
            self.show_daily()
        self.tick()
        for action, enabled in (("undo", game.can_undo), ("redo", game.can_redo)):
            button = self._buttons.get(action)
            if button is None:
                button = self._buttons[action] = self.dom.query(
                    f'.toolbar [data-action="{action}"]'
                )
            if enabled:
                button.removeAttribute("disabled")
            else:
                button.setAttribute("disabled", "")

    def on_change(self, change: Change) -> None:
        """A move or another game: the figures; another language: the daily deal's date."""
        if change.reason in ("move", "game"):
            self.update()
        elif change.reason == "language":
            self.show_daily()

    def _changed(self, name: str, value: object) -> bool:
        """Whether ``name`` shows something else than ``value`` (now it is to show it)."""
        if self._shown.get(name, self) == value:
            return False
        self._shown[name] = value
        return True

    def show_daily(self) -> None:
        """Say in the info bar whether the deal is a daily deal, and of which date."""
        daily = self.state.session.daily
        self.dom.el("deal-plain").hidden = daily is not None
        badge = self.dom.el("deal-daily")
        badge.hidden = daily is None
        if daily is not None:
            date = date_text(daily, self.state.lang, short=True)
            badge.textContent = self.state.t("daily_badge", date=date)

    def tick(self) -> None:
        """Refresh the clock's display."""
        text = format_time(self.state.session.clock.elapsed(self.dom.now()))
        time_el = self.dom.el("time")
        if time_el.textContent != text:
            time_el.textContent = text
