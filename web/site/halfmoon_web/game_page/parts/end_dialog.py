"""The game page's end-of-game dialog: "You won!" with the score, moves and time, or "No more
moves" (docs/rules.md, "Score, moves, end of game"), also said in the status line
(docs/keyboard.md, "Announcements"); then a summary: the streak, the best time and the win rate
after a win, the cards left and the score when stuck (docs/interface.md, "Dialogs"). A game
with moves also offers Replay and Share replay (docs/interface.md, "The game page")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from halfmoon_web.game_page.frame.context import Change, PageContext
from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.game_page.parts.dialogs import Dialogs
from halfmoon_web.model.clock import format_time
from halfmoon_web.shared import i18n

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom
    from halfmoon_web.storage.saved import SavedData


class EndDialog:
    """Opens the end dialog when the game ends, closes it while the game goes on."""

    dom: PageDom
    state: PageState
    data: SavedData
    dialogs: Dialogs

    def __init__(self, ctx: PageContext, dialogs: Dialogs) -> None:
        self.dom = ctx.dom
        self.state = ctx.state
        self.data = ctx.stores.data
        self.dialogs = dialogs

    def on_change(self, change: Change) -> None:
        """A move or another game: open or close the dialog; another language: write it
        again."""
        if change.reason in ("move", "game"):
            self.check(change.announce, change.lead)
        elif change.reason == "language":
            self.refresh()

    def check(self, announce: bool = True, lead: str = "") -> None:
        """Open the dialog when the game is won or stuck; ``announce``: say the end in the
        status line, after ``lead`` (what the status line says of the change)."""
        game = self.state.session.game
        if game.status == "playing":
            if self.dialogs.is_open("end-dialog"):  # closing lays the page out: after the
                self.dom.after_paint(self._follow_game)  # frame that shows the undo
            return
        title = i18n.end_title(game.status, self.state.lang)
        body = self.body()
        self.dom.el("end-title").textContent = title
        self.dom.el("end-body").textContent = body
        self.dom.el("end-undo").hidden = not game.can_undo
        for button_id in ("end-replay", "end-share"):  # a game with moves can be replayed
            self.dom.el(button_id).hidden = not game.history
        if not self.dialogs.is_open("end-dialog"):
            self.dom.el("replay-share").hidden = True  # shown by Share replay (replay_share.py)
        if announce:
            self.dom.say(i18n.sentences(lead, title, body))
        # Opening a modal dialog lays the page out again: after the frame that shows the last
        # removal, so that the tap is answered within it (docs/performance.md).
        self.dom.after_paint(self._follow_game)

    def _follow_game(self) -> None:
        """Open the dialog if the game is over, close it if not, as the game stands now (an
        Undo or a Redo may have come in that frame)."""
        if self.state.session.game.status == "playing":
            self.dialogs.close("end-dialog")
        else:
            self.dom.el("end-summary").textContent = self.summary()
            self.dialogs.open("end-dialog")

    def summary(self) -> str:
        """The dialog's second line: after a win, the streak, the best time (or that this one
        is the new best) and the win rate, from the statistics that count it (a win is counted
        before the dialog opens, after the frame); when stuck, the cards left and the score."""
        state = self.state
        game = state.session.game
        if game.status != "won":
            return state.t("end_summary_lost", cards=game.cards_left(), score=game.score)
        stats = self.data.stats()
        elapsed = state.session.clock.elapsed(self.dom.now())
        best = elapsed if stats.best_time_ms is None else stats.best_time_ms
        key = "end_summary_record" if elapsed <= best else "end_summary_won"
        return state.t(key, streak=stats.streak, best=format_time(best), rate=stats.win_rate or 0)

    def body(self) -> str:
        """The dialog's text: the win's figures, or what the player can do when stuck."""
        state = self.state
        game = state.session.game
        if game.status == "won":
            time = format_time(state.session.clock.elapsed(self.dom.now()))
            return state.t("won_body", score=game.score, moves=game.moves, time=time)
        return state.t("stalemate_body" if game.can_undo else "stalemate_body_deal")

    def refresh(self) -> None:
        """Write the open dialog again (in another language), without announcing it."""
        if self.dialogs.is_open("end-dialog"):
            self.check(announce=False)
