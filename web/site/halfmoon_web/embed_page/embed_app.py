"""Wiring of ``embed.html``: one board (or a step viewer) driven by URL parameters.

Its parameters (docs/formats.md, "URL parameters") are checked by
:mod:`halfmoon_web.embed_page.embed_params`; a bad one is reported inside the frame as text (never
HTML) and start-up is marked failed with ``data-error`` (docs/interface.md). A start that is
already won or stalemate is valid: the status line says so at once, in the game page's words
(a step viewer says it at the step that ends so). The embed never reads or writes storage, so
it cannot touch the player's saved game.

The status line says each removal once, by the cards' spoken names; the removal that ends the
game says the end too, a win with its score, moves and time, as the game page's end dialog
(docs/accessibility.md, "Announcements"). The clock starts at the first tap.
"""

from __future__ import annotations

from typing import Any

from halfmoon_core import is_position_text
from halfmoon_web.board.announce import tap_message
from halfmoon_web.board.board import Board, BoardOptions
from halfmoon_web.board.stepper import Stepper
from halfmoon_web.embed_page.embed_params import EmbedConfig, EmbedParamError, parse_embed_pairs
from halfmoon_web.model.board_model import BoardModel, TapOutcome
from halfmoon_web.model.clock import Clock, format_time
from halfmoon_web.model.steps import StepLine
from halfmoon_web.shared.dom import found, page_language, translate_marked
from halfmoon_web.shared.i18n import end_title, t


class EmbedPage:
    """The mounted embed."""

    def __init__(self, window: Any) -> None:
        document = window.document
        self.window = window
        self.document = document
        self.clock = Clock()
        params = window.URLSearchParams.new(window.location.search)
        pairs = [(str(entry[0]), str(entry[1])) for entry in params.entries()]
        try:
            config = parse_embed_pairs(pairs)
        except EmbedParamError as exc:
            raise EmbedFailed(self._fail(page_language(window), exc)) from None
        self.lang = page_language(window)
        self._set_lang(self.lang)
        self._standalone(config)
        self.status = document.getElementById("embed-status")
        self.say("")  # early.js's loading note (docs/startup.md)
        host = document.getElementById("board")
        line = StepLine(config.start, config.steps)
        if config.steps:
            host.className = "embed-stepper"
            self.view: Any = Stepper(
                document, host, line, lang=self.lang, labels=config.labels, say=self.say
            )
        else:
            self.view = Board(
                host,
                BoardModel(line.game_at(0)),
                BoardOptions(lang=self.lang, labels=config.labels),
                on_tap=self._on_tap,
            )
            self.say(end_title(self.view.model.game.status, self.lang))

    def say(self, text: str) -> None:
        """Show a message in the frame's one status element."""
        if found(self.status):
            self.status.textContent = text

    def _set_lang(self, lang: str) -> None:
        """Mark the frame's language and write its heading and title in it."""
        self.document.documentElement.setAttribute("lang", lang)
        translate_marked(self.document, lambda key: t(lang, key))
        self.document.title = t(lang, "embed_heading")

    def _standalone(self, config: EmbedConfig | None) -> None:
        """Opened as a page of its own (a shared link, not a frame): a visible heading and a
        link to play (docs/interface.md, "The rules page and the embed")."""
        window = self.window
        if window.self != window.top:  # framed: the embedding page says the rest
            return
        lang, doc = self.lang, self.document
        doc.body.classList.add("embed-standalone")
        heading = t(lang, "replay_heading" if config and config.steps else "embed_heading")
        doc.getElementById("embed-heading").textContent = heading
        doc.title = heading
        link = doc.getElementById("embed-play")
        if not found(link):
            return
        deal = config is not None and not is_position_text(config.start)
        link.textContent = t(lang, "play_this_deal" if deal else "play_half_moon")
        link.href = f"index.html?deal={config.start}" if deal else "index.html"
        doc.getElementById("embed-links").hidden = False

    def _on_tap(self, outcome: TapOutcome) -> None:
        """The clock runs from the first tap to the end; the tap is said (a removal once, with
        the end of the game if it came)."""
        now = float(self.window.performance.now())
        if outcome.status == "playing":
            self.clock.start(now)
        else:
            self.clock.pause(now)
        message = tap_message(outcome, self.lang, self.ending(outcome.status))
        if message is not None:
            self.say(message)
        if outcome.move is not None:
            self._keep_focus()

    def _keep_focus(self) -> None:
        """When the last cards went with the focus, put it on the status line, which says how
        the game ended (docs/accessibility.md, "Focus")."""
        if self.view.lost_focus() and found(self.status):
            self.status.focus()

    def ending(self, status: str) -> str:
        """How a removal that ended the game goes on: ``You won!`` with the score, the moves and
        the time (the game page's end dialog's words) or ``No more moves.``; empty while
        playing."""
        lang = self.lang
        if status == "won":
            game = self.view.model.game
            time = format_time(self.clock.elapsed(float(self.window.performance.now())))
            body = t(lang, "won_body", score=game.score, moves=game.moves, time=time)
            return f"{t(lang, 'won_title')} {body}"
        if status == "stalemate":
            return f"{t(lang, 'stalemate_title')}."
        return ""

    def _fail(self, lang: str, exc: EmbedParamError) -> str:
        """Show the bad parameter inside the frame, as text; return the message."""
        self.lang = lang
        self._set_lang(lang)
        self._standalone(None)
        text = t(lang, "embed_bad_param", param=exc.param, message=exc.text(lang))
        box = self.document.getElementById("embed-error")
        if found(box):
            box.textContent = text  # text only: URL content is never parsed as HTML
            box.hidden = False
        board = self.document.getElementById("board")
        if found(board):
            board.hidden = True
        return text


class EmbedFailed(Exception):
    """Start-up stopped on a bad parameter, already shown inside the frame."""

    def __init__(self, player_message: str) -> None:
        super().__init__(player_message)
        self.player_message = player_message


def start(window: Any) -> EmbedPage:
    """Mount the embed (called by main.py)."""
    return EmbedPage(window)
