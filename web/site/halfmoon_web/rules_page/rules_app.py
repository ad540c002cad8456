"""Wiring of ``rules.html``: the language switch, the layout diagram and the step viewer.

Both boards are mounted by this one Python runtime; the page holds the rules text in both
languages and shows the one chosen (``?lang=`` > saved setting > browser > Vietnamese).
Nothing here writes to storage: reading the rules never changes the player's game.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy

from halfmoon_core.embed import embed_snippet
from halfmoon_web.board.board import Board, BoardOptions
from halfmoon_web.board.stepper import Stepper
from halfmoon_web.model.board_model import BoardModel
from halfmoon_web.model.settings import Settings
from halfmoon_web.model.steps import StepLine
from halfmoon_web.model.stored_json import parse_stored
from halfmoon_web.rules_page.seed_example import MOVES, START, layout_game
from halfmoon_web.shared.dom import found, page_language, translate_marked
from halfmoon_web.shared.i18n import normalise_lang, t
from halfmoon_web.storage.storage import SETTINGS_KEY, Storage

SNIPPET_DEAL = "HM1-N-AAAAAAB"


class RulesPage:
    """The mounted rules page."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.document = window.document
        self.lang = page_language(window, saved_lang(window))
        self.status = self.document.getElementById("rules-status")
        # The boards the build wrote in this language's text, with their cards: adopted
        # (docs/startup.md, "What a page shows at first paint"); else new ones.
        self.layout_host = self._built(
            '[data-diagram="layout"] > .diagram-board', "board diagram-board"
        )
        self.layout_board = Board(
            self.layout_host,
            BoardModel(layout_game()),
            BoardOptions(lang=self.lang, labels=True),
            interactive=False,
        )
        self.example_host = self._built('[data-diagram="example"] > .stepper-early', "")
        self.stepper = Stepper(
            self.document,
            self.example_host,
            StepLine(START, MOVES),
            lang=self.lang,
            labels=True,
            say=self.say,
        )
        self.fill_snippets()
        self._switch = create_proxy(self._on_switch)
        for button in self.document.querySelectorAll("[data-set-lang]"):
            button.addEventListener("click", self._switch)
        self.apply_lang(self.lang)

    def _built(self, selector: str, cls: str) -> Any:
        """The element of the chosen language's text that ``selector`` finds, else a new
        ``div`` of class ``cls``."""
        article = self.document.querySelector(f'[data-lang-block="{self.lang}"]')
        built = article.querySelector(selector) if found(article) else None
        if found(built):
            return built
        host = self.document.createElement("div")
        host.className = cls
        return host

    def fill_snippets(self) -> None:
        """Show the embed snippet with this site's real address (the CLI's own snippet)."""
        base = str(self.window.location.href).split("?")[0].split("#")[0].rsplit("/", 1)[0]
        for code in self.document.querySelectorAll("pre.snippet code"):
            block = code.closest("[data-lang-block]")
            lang = str(block.getAttribute("data-lang-block")) if found(block) else "en"
            code.textContent = embed_snippet(SNIPPET_DEAL, labels=True, lang=lang, base=base)

    def say(self, text: str) -> None:
        """Put a message in the page's one status element."""
        if found(self.status):
            self.status.textContent = text

    def _on_switch(self, event: Any) -> None:
        lang = normalise_lang(event.currentTarget.getAttribute("data-set-lang"))
        if lang:
            self.apply_lang(lang)

    def apply_lang(self, lang: str) -> None:
        """Show the rules in ``lang`` and move the boards into that language's text."""
        self.lang = lang
        root = self.document.documentElement
        root.setAttribute("lang", lang)
        root.setAttribute("data-lang", lang)
        self.document.title = t(lang, "rules_title")
        translate_marked(self.document, lambda key: t(lang, key))  # e.g. the update offer
        for button in self.document.querySelectorAll("[data-set-lang]"):
            pressed = button.getAttribute("data-set-lang") == lang
            button.setAttribute("aria-pressed", "true" if pressed else "false")
        article = self.document.querySelector(f'[data-lang-block="{lang}"]')
        for name, host in (("layout", self.layout_host), ("example", self.example_host)):
            slot = article.querySelector(f'[data-diagram="{name}"]')
            if found(slot) and not slot.contains(host):
                slot.replaceChildren(host)
        self.say("")
        self.layout_board.set_options(lang=lang)
        self.stepper.set_lang(lang)  # says again, in this language, a step's end of game


def saved_lang(window: Any) -> str | None:
    """The language chosen in the game's settings, if any (read only; bad data is ignored)."""
    text = Storage.from_window(window).get_text(SETTINGS_KEY)
    try:
        return Settings.from_json(parse_stored(text or "{}")).lang
    except ValueError:  # Unreadable included: too large, too deep, not JSON
        return None


def start(window: Any) -> RulesPage:
    """Mount the rules page (called by main.py)."""
    return RulesPage(window)
