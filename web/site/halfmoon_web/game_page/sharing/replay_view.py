"""Replay on the game page: a finished game step by step, in a dialog over the page
(docs/interface.md, "The game page").

The dialog mounts the step viewer the rules page and the embed use (:class:`.Stepper`), in the
page's own runtime: the game's deal and moves, from step 0 to the last move. Close or Escape
closes it and the browser gives the focus back to the button that opened it. A game's moves
are checked by replaying them (:class:`.StepLine`); moves the engine refuses (a stored record
gone bad) are said in the status line and nothing opens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from halfmoon_core import HalfMoonError, format_moves
from halfmoon_web.board.stepper import Stepper
from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.game_page.parts.dialogs import Dialogs
from halfmoon_web.model.steps import StepLine
from halfmoon_web.shared import i18n

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom


@dataclass(eq=False)
class ReplayView:
    """Opens the replay dialog on a game: its start (a deal code) and its moves."""

    dom: PageDom
    state: PageState
    dialogs: Dialogs
    stepper: Stepper | None = field(default=None, init=False)
    """The step viewer shown last (closed and replaced at each opening)."""

    def open(self, start: str, moves: str) -> None:
        """Show the game from ``start`` with ``moves`` at step 0."""
        state = self.state
        try:
            line = StepLine(start, moves)
        except HalfMoonError as exc:
            reason = i18n.error_text(exc, state.lang)
            self.dom.say(state.t("replay_failed", code=start, reason=reason))
            return
        self.dom.el("replay-title").textContent = state.t("replay_title", code=line.start)
        self.note("")
        host = self.dom.el("replay-host")
        labels = state.settings.diagram_labels
        if self.stepper is not None:
            self.stepper.close()  # its listeners and proxies go with its board
        self.stepper = Stepper(
            self.dom.document, host, line, lang=state.lang, labels=labels, say=self.note
        )
        self.dialogs.open("replay-dialog")
        self.stepper.next_button.focus()

    def open_from(self, button: Any) -> None:
        """Replay the game a button names (``data-start``, ``data-moves``): a recent game."""
        self.open(str(button.getAttribute("data-start")), str(button.getAttribute("data-moves")))

    def open_current(self) -> None:
        """Replay the game on the board (from the end dialog)."""
        game = self.state.session.game
        self.open(game.start, format_moves(game.history))

    def note(self, text: str) -> None:
        """Under the board: how the game shown ends (won, no more moves), else nothing."""
        self.dom.el("replay-note").textContent = text
