"""The step viewer: a board plus Start / Previous step / Next step and ``Step N of M``
(docs/interface.md, "The rules page and the embed").

Mounted by the rules page and by ``embed.html?...&steps=``. Each step shows the position after
that many moves of a :class:`~halfmoon_web.model.steps.StepLine` and says in words what was removed
(shown with the cards' short forms, spoken with their names); a step that ends the game (won,
or no more moves) also says so through ``say``, the page's status line. The reader may also tap
cards on any step; the next step button returns to the line.

The keyboard focus is never lost (docs/accessibility.md, "The step viewer"): a button that
disables itself while focused (Start and Previous step at step 0, Next step at the last step)
hands the focus to the button that goes the other way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from halfmoon_web.board.announce import tap_message
from halfmoon_web.board.board import Board, BoardOptions
from halfmoon_web.model.board_model import BoardModel, TapOutcome
from halfmoon_web.model.steps import StepLine
from halfmoon_web.shared.dom import found
from halfmoon_web.shared.i18n import card_name, card_short, end_title, place_name, t, words_list

Say = Callable[[str], None]


def _step_parts(line: StepLine, step: int) -> list[tuple[Any, str]]:
    """The cards of step ``step`` with their places: a pair in place order, a triple J, Q, K."""
    parts = list(zip(line.removed_at(step), line.move_at(step).places, strict=True))
    if len(parts) == 3:
        parts.sort(key=lambda part: part[0].rank)
    return parts


def describe_step(line: StepLine, step: int, lang: str) -> str:
    """Words for step ``step``: ``Step 1: 5♠ (pile 1) + 6♦ (pile 8) = 11``."""
    if step == 0:
        return t(lang, "step_start_text")
    parts = _step_parts(line, step)
    shown = " + ".join(f"{card_short(c, lang)} ({place_name(p, lang)})" for c, p in parts)
    key = "step_pair_text" if len(parts) == 2 else "step_triple_text"
    return t(lang, key, step=step, cards=shown)


def speak_step(line: StepLine, step: int, lang: str) -> str:
    """Step ``step`` as a screen reader says it: ``Step 1: 5 of spades from pile 1 and
    6 of diamonds from pile 8, which make 11.``"""
    if step == 0:
        return t(lang, "step_start_text")
    parts = _step_parts(line, step)
    named = [(card_name(card, lang), place_name(place, lang)) for card, place in parts]
    cards = words_list((t(lang, "card_from", card=c, place=p) for c, p in named), lang)
    key = "step_pair_words" if len(parts) == 2 else "step_triple_words"
    return t(lang, key, step=step, cards=cards)


class Stepper:
    """A step viewer mounted into ``host`` (an empty element)."""

    def __init__(
        self,
        document: Any,
        host: Any,
        line: StepLine,
        *,
        lang: str,
        labels: bool = True,
        say: Say | None = None,
    ) -> None:
        self.document = document
        self.line = line
        self.lang = lang
        self.say = say or (lambda _text: None)
        self.tried = False
        self.host = host
        # A step viewer the build wrote (the rules page's, docs/startup.md) keeps its board,
        # which the board adopts; any other start-up frame the page painted goes.
        built = host.classList.contains("stepper-early")
        board_host = host.querySelector(":scope > .board") if built else None
        if not found(board_host):
            host.replaceChildren()
            board_host = self._el("div", "board")
            host.appendChild(board_host)
        host.removeAttribute("aria-busy")
        host.classList.remove("stepper-early")
        host.classList.add("stepper")
        self._build_controls()
        self._build_text()
        for node in (self.controls, self.slider, self.text):
            host.insertBefore(node, board_host)
        self.board = Board(
            board_host,
            BoardModel(line.game_at(0)),
            BoardOptions(lang=lang, labels=labels),
            on_tap=self._on_tap,
        )
        self._click = create_proxy(self._on_click)
        self._input = create_proxy(self._on_input)
        self.controls.addEventListener("click", self._click)
        self.slider.addEventListener("input", self._input)
        self.show(0)

    def close(self) -> None:
        """Stop listening and free the proxies, the board's too (a replay's step viewer, when
        the next replay replaces it)."""
        self.controls.removeEventListener("click", self._click)
        self.slider.removeEventListener("input", self._input)
        self._click.destroy()
        self._input.destroy()
        self.board.close()

    # -- building -------------------------------------------------------------------------
    def _build_controls(self) -> None:
        """The buttons, the step count and the slider."""
        self.controls = self._el("div", "stepper-controls")
        self.controls.setAttribute("role", "group")
        self.start_button = self._button("start")
        self.prev_button = self._button("prev")
        self.count = self._el("p", "step-count")
        self.next_button = self._button("next")
        for node in (self.start_button, self.prev_button, self.count, self.next_button):
            self.controls.appendChild(node)
        self.slider = self._el("input", "step-slider")
        self.slider.type = "range"
        self.slider.min = "0"
        self.slider.max = str(self.line.total)
        self.slider.value = "0"

    def _build_text(self) -> None:
        """The step's words: shown in short forms, spoken in full (docs/accessibility.md)."""
        self.text = self._el("p", "step-text")
        self.text.setAttribute("aria-live", "polite")  # the reader hears each step's words
        self.shown_text = self._el("span", "step-shown")
        self.spoken_text = self._el("span", "step-spoken")  # visually hidden (stepper.css)
        self.text.append(self.shown_text, self.spoken_text)

    def _el(self, tag: str, cls: str) -> Any:
        node = self.document.createElement(tag)
        node.className = cls
        return node

    def _button(self, action: str) -> Any:
        button = self._el("button", f"pill step-button step-{action}")
        button.type = "button"
        button.setAttribute("data-step", action)
        return button

    # -- events ---------------------------------------------------------------------------
    def _on_click(self, event: Any) -> None:
        button = event.target.closest("button[data-step]")
        if not found(button) or button.disabled:
            return
        action = str(button.getAttribute("data-step"))
        target = {"start": 0, "prev": self.line.step - 1, "next": self.line.step + 1}[action]
        if action == "prev" and self.tried:
            target = self.line.step  # first take back the reader's own tries
        self.show(target)

    def _on_input(self, _event: Any) -> None:
        self.show(int(self.slider.value))

    def _on_tap(self, outcome: TapOutcome) -> None:
        """Say the tap (a removal once, with the end of the game if it came); a removal is the
        reader's own try on this step."""
        message = tap_message(outcome, self.lang, end_title(outcome.status, self.lang))
        if message is not None:
            self.say(message)
        if outcome.move is not None:
            self.tried = True
            self._set_text(t(self.lang, "step_tried_text"))
        self._refresh_buttons()
        if outcome.move is not None and self.board.lost_focus():  # the last card had it
            self._focus_first(self.next_button, self.prev_button, self.slider)

    # -- showing --------------------------------------------------------------------------
    def show(self, step: int) -> int:
        """Show step ``step`` (clamped) of the line."""
        step = self.line.go(step)
        self.tried = False
        self.board.set_game(self.line.game_at(step))
        self._update_texts()
        self._say_end()
        return step

    def _say_end(self) -> None:
        """Say how the game shown ends (won, no more moves), or clear the status line."""
        self.say(end_title(self.board.model.game.status, self.lang))

    def _update_texts(self) -> None:
        step, lang = self.line.step, self.lang
        self.controls.setAttribute("aria-label", t(lang, "step_viewer"))
        self.start_button.textContent = t(lang, "step_first")
        self.prev_button.textContent = t(lang, "step_prev")
        self.next_button.textContent = t(lang, "step_next")
        self.slider.setAttribute("aria-label", t(lang, "step_pick"))
        self.slider.setAttribute(
            "aria-valuetext", t(lang, "step_value", step=step, total=self.line.total)
        )
        self.slider.value = str(step)
        self.count.textContent = t(lang, "step_count", step=step, total=self.line.total)
        self._set_text(describe_step(self.line, step, lang), speak_step(self.line, step, lang))
        self._refresh_buttons()

    def _set_text(self, shown: str, spoken: str | None = None) -> None:
        """Show ``shown`` under the controls; a reader hears ``spoken`` instead when given."""
        split = spoken is not None and spoken != shown
        self.shown_text.textContent = shown
        self.spoken_text.textContent = spoken if split else ""
        if split:
            self.shown_text.setAttribute("aria-hidden", "true")
        else:
            self.shown_text.removeAttribute("aria-hidden")

    def _refresh_buttons(self) -> None:
        """Enable the buttons that lead somewhere; a focused one that goes off hands the focus
        to the one that goes the other way (docs/accessibility.md, "The step viewer")."""
        action = self._focused_action()
        at_start = self.line.step == 0 and not self.tried
        self.start_button.disabled = at_start
        self.prev_button.disabled = at_start
        self.next_button.disabled = self.line.step >= self.line.total
        if action in ("start", "prev") and at_start:
            self._focus_first(self.next_button, self.slider)
        elif action == "next" and self.next_button.disabled:
            self._focus_first(self.prev_button, self.start_button, self.slider)

    def _focused_action(self) -> str:
        """``start``, ``prev`` or ``next`` when that button has the focus, else ``""``."""
        if not self._has_focus():
            return ""
        action = self.document.activeElement.getAttribute("data-step")
        return str(action) if found(action) else ""

    def _has_focus(self) -> bool:
        """True when the keyboard focus is on one of the viewer's controls or cards."""
        focused = self.document.activeElement
        return found(focused) and bool(self.host.contains(focused)) and not focused.disabled

    def _focus_first(self, *controls: Any) -> None:
        """Focus the first of ``controls`` that is enabled."""
        for control in controls:
            if not control.disabled:
                control.focus()
                return

    def set_lang(self, lang: str) -> None:
        """Speak another language."""
        self.lang = lang
        self.board.set_options(lang=lang)
        self._update_texts()
        self._say_end()
