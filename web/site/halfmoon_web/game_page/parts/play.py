"""Playing on the game page: taps, Undo, Redo, Restart deal, New game, Open deal, Daily deal,
and the clock.

Every rule is the engine's (docs/rules.md); this says what happened in the status line
(docs/keyboard.md, "Announcements") and tells the page of each change
(:meth:`~halfmoon_web.game_page.frame.context.PageContext.changed`: the info bar, the end dialog,
the save follow). A game won counts once; a game left with a move counts as lost.
"""

from __future__ import annotations

from typing import Any

from halfmoon_core import Game, HalfMoonError, daily_code, normalise_code, random_code
from halfmoon_web.board.board import Board
from halfmoon_web.game_page.frame.context import Actions, Change, PageContext
from halfmoon_web.game_page.parts.dialogs import Dialogs
from halfmoon_web.game_page.parts.sounds import Sounds
from halfmoon_web.game_page.parts.tabs import TabSync
from halfmoon_web.model.board_model import TapOutcome
from halfmoon_web.model.daily_deal import date_text, has_daily, no_daily_text, open_daily, today
from halfmoon_web.model.session import GameSession
from halfmoon_web.shared import i18n


class GamePlay:
    """The game's commands and what the page shows of them."""

    ctx: PageContext
    board: Board
    tabs: TabSync
    dialogs: Dialogs
    _was_running: bool
    """Whether the clock ran when the page was hidden."""

    def __init__(self, ctx: PageContext, board: Board, tabs: TabSync, dialogs: Dialogs) -> None:
        self.ctx = ctx
        self.dom, self.stores, self.state = ctx.dom, ctx.stores, ctx.state
        self.board = board
        self.tabs = tabs
        self.dialogs = dialogs
        self.sounds = Sounds(ctx)
        self._was_running = False

    def actions(self) -> Actions:
        """The game's commands, by ``data-action`` name."""
        return {
            "new-game": lambda _: self.ask_new_game(),
            "new-game-now": lambda _: self.new_game(),
            "undo": lambda _: self.undo(),
            "redo": lambda _: self.redo(),
            "restart": lambda _: self.ask_restart(),
            "restart-now": lambda _: self.restart(),
            "open-deal": lambda _: self.show_open_dialog(),
            "daily": lambda _: self.ask_daily(),
            "daily-now": lambda _: self.daily(),
        }

    def on_tap(self, outcome: TapOutcome) -> None:
        """A card was tapped on the board: a removal is said in words (with the end of the
        game when it ends it), an error when Move errors is on. A tap that removes nothing
        changes no stored state (the clock is saved on leaving)."""
        state = self.state
        state.session.acted(self.dom.now())
        if outcome.move is not None:
            self.sounds.play("remove")
            removed = state.t("removed", cards=i18n.cards_words(outcome.removed, state.lang))
            self.dom.say(removed)
            self.after_change(announce=True, lead=removed)
            return
        self.sounds.play("refuse" if outcome.error is not None else "select")
        if outcome.error is not None and state.settings.move_errors:
            self.dom.say(state.t(outcome.error))
        else:
            self.dom.say("")

    def after_change(self, announce: bool, lead: str = "") -> None:
        """After a removal, an undo or a restart: the page hears of it (``lead``: what the
        status line says of it, before the end of the game if it ended)."""
        self.ctx.changed("move", announce=announce, lead=lead)

    def on_change(self, change: Change) -> None:
        """A move or another game of this page's: a win counts once, and is celebrated."""
        if change.reason not in ("move", "game") or change.stored:
            return
        session = self.state.session
        if session.record_win(self.stores.data, self.dom.now()) is not None:
            self.ctx.changed("stats")
        if change.reason == "move" and session.game.status == "won":
            self.board.celebrate()  # CSS only; the end dialog has opened, with the focus
            self.sounds.play("win")

    def replay(self, tap: str) -> None:
        """Play one kept tap (early.js's, or the tap journal's: docs/worker.md, "Saving against
        a closing tab"): Undo, Redo, or a tap on the card at that place."""
        if tap == "undo":
            self.undo()
        elif tap == "redo":
            self.redo()
        else:
            self.board.tap(tap)

    def undo(self) -> None:
        """Take back the last removal."""
        outcome = self.board.undo()
        if outcome is None:
            return
        state = self.state
        state.session.acted(self.dom.now())
        self.dom.say(state.t("undone", cards=i18n.cards_words(outcome.returned, state.lang)))
        self.after_change(announce=True)
        # Undo may be off now, or its dialog gone: the focus goes to a returned card.
        self.dialogs.keep_focus_after_paint(outcome.move.places[0])

    def redo(self) -> None:
        """Play the last undone removal again, said as a removal (docs/rules.md, "Undo and
        redo"); a win by redo is a win."""
        outcome = self.board.redo()
        if outcome is None:
            return
        state = self.state
        state.session.acted(self.dom.now())
        removed = state.t("removed", cards=i18n.cards_words(outcome.removed, state.lang))
        self.dom.say(removed)
        self.after_change(announce=True, lead=removed)
        self.dialogs.keep_focus_after_paint()  # Redo may be off, the cards are gone

    def _in_progress(self) -> bool:
        """The game is being played and has moves: leaving it counts it as lost."""
        game = self.state.session.game
        return game.status == "playing" and bool(game.history)

    def ask_restart(self) -> None:
        """Restart deal: ask first when the game in progress has moves (it counts as lost, as
        New game says)."""
        if self._in_progress():
            self.dialogs.open("restart-dialog")
        else:
            self.restart()

    def restart(self) -> None:
        """Back to the start of this deal (the attempt so far counts as lost)."""
        self.dialogs.close("restart-dialog")
        if not self.tabs.catch_up():
            return
        self._leave_current()
        self.state.session.restart()
        self.board.render()
        self.dialogs.close("end-dialog")
        self.dom.say(self.state.t("restarted", code=self.state.session.code))
        self.after_change(announce=True)

    def ask_new_game(self) -> None:
        """New game: ask first when the game in progress has moves."""
        if self._in_progress():
            self.dialogs.open("confirm-dialog")
        else:
            self.new_game()

    def new_game(self) -> None:
        """Deal a new random game."""
        self.dialogs.close("confirm-dialog")
        self._start(random_code(), "new_deal")

    def show_open_dialog(self) -> None:
        """Ask for a deal code."""
        self.dialogs.open("open-dialog")
        self.dom.el("deal-input").select()

    def on_open_submit(self, event: Any) -> None:
        """Open the typed deal; a bad code changes nothing and the engine says why."""
        event.preventDefault()
        text = str(self.dom.el("deal-input").value)
        self.dialogs.close("open-dialog")
        try:
            code = normalise_code(text)
        except HalfMoonError as exc:
            reason = i18n.error_text(exc, self.state.lang)
            self.dom.say(self.state.t("bad_code", reason=reason))
            return
        self.dom.el("deal-input").value = ""
        self._start(code, "opened_deal")

    def ask_daily(self) -> None:
        """Daily deal: ask first when it leaves a game in progress with moves (as New game); a
        clock whose date has no daily deal is told, and the game stays."""
        date = today(self.dom.window)
        if not has_daily(date):
            self.dom.say(no_daily_text(date, self.state.lang))
            return
        session, code = self.state.session, daily_code(date)
        game = session.game
        if game.status == "playing" and game.history and session.code != code:
            self.dialogs.open("daily-dialog")
        else:
            self.daily()

    def daily(self) -> None:
        """Today's daily deal: the game of it goes on when it is the one shown and not won,
        else it starts (the game left counts as lost if it had a move)."""
        self.dialogs.close("daily-dialog")
        if not self.tabs.catch_up():
            return
        date, state = today(self.dom.window), self.state
        if not has_daily(date):  # the clock changed since the question
            self.dom.say(no_daily_text(date, state.lang))
            return
        shown = state.session
        session = open_daily(date, shown, self.stores.data, self.dom.now())
        words = state.t("daily_opened", date=date_text(date, state.lang), code=session.code)
        if session is shown:
            self.dom.say(words)
            self.after_change(announce=False)  # now counted as the daily deal, saved so
            return
        self.ctx.changed("stats")
        self.ctx.show(session, words)

    def _start(self, code: str, message_key: str) -> None:
        """Leave the game shown for a new one of deal ``code``."""
        if not self.tabs.catch_up():
            return
        self._leave_current()
        self.ctx.show(GameSession(Game.from_code(code)), self.state.t(message_key, code=code))

    def _leave_current(self) -> None:
        """The game in progress is left: it counts as lost if it had a move."""
        if self.state.session.record_left(self.stores.data, self.dom.now()) is not None:
            self.ctx.changed("stats")

    def pause(self) -> None:
        """The page is hidden: the clock pauses (the page then saves the game)."""
        clock = self.state.session.clock
        self._was_running = clock.running
        clock.pause(self.dom.now())

    def resume(self, shown: GameSession) -> None:
        """Back in view: the clock goes on if it ran, the game shown (``shown``) is still the
        page's and still being played (a game taken from another tab keeps its clock paused)."""
        session = self.state.session
        if session is shown and self._was_running and session.game.status == "playing":
            session.clock.start(self.dom.now())
