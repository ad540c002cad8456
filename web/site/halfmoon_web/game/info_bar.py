"""The game page's info bar: time, score, moves and deal code (the ids ``#time``, ``#score``,
``#moves``, ``#deal-code`` of docs/interface.md), whether the deal is a daily deal (``#deal-daily``
names its date in place of the word "Deal"), and the Undo and Redo buttons' state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .clock import format_time
from .daily_deal import date_text
from .page_state import PageState

if TYPE_CHECKING:
    from .page_dom import PageDom

TICK_MS = 250
"""How often the clock's display is refreshed."""


class InfoBar:
    """Shows the game's figures and whether it can be undone or redone."""

    dom: PageDom
    state: PageState

    def __init__(self, dom: PageDom, state: PageState) -> None:
        self.dom = dom
        self.state = state

    def update(self) -> None:
        """Score, moves, deal code, clock and the Undo and Redo buttons."""
        session = self.state.session
        game = session.game
        self.dom.el("score").textContent = str(game.score)
        self.dom.el("moves").textContent = str(game.moves)
        self.dom.el("deal-code").textContent = session.code
        self.show_daily()
        self.tick()
        for action, enabled in (("undo", game.can_undo), ("redo", game.can_redo)):
            button = self.dom.query(f'.toolbar [data-action="{action}"]')
            if enabled:
                button.removeAttribute("disabled")
            else:
                button.setAttribute("disabled", "")

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
