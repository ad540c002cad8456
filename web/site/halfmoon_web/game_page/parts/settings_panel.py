"""The game page's Settings panel: the form, and the settings applied to the page.

A change is stored into the settings as stored now, so that a change made in another tab stays
(docs/storage.md, "Tabs"); then every setting is applied: the language, the board's options,
the form. The panel's list of kept copies is
:class:`~halfmoon_web.game_page.parts.saving_view.BackupsList`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from halfmoon_web.board.board import Board
from halfmoon_web.game_page.frame.context import Actions, PageContext
from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.game_page.parts.language import PageLanguage
from halfmoon_web.model.settings import CHOICES, FLAGS, Settings
from halfmoon_web.shared import i18n
from halfmoon_web.shared.dom import found
from halfmoon_web.storage.saved import SavedData

HINT_STEPS = 3
"""The first visit's walk-through: the rule, the count chips, the reserve (index.html)."""

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom


class SettingsPanel:
    """Keeps the form and the page in step with the settings."""

    dom: PageDom
    data: SavedData
    state: PageState
    ctx: PageContext
    board: Board
    language: PageLanguage

    def __init__(self, ctx: PageContext, board: Board, language: PageLanguage) -> None:
        self.ctx = ctx
        self.dom, self.data, self.state = ctx.dom, ctx.stores.data, ctx.state
        self.board = board
        self.language = language

    def fill_languages(self) -> None:
        """One option per language there is a catalog of, each named in its own language,
        the default first (docs/i18n.md, "A new language")."""
        options = []
        for lang in sorted(i18n.LANGS, key=lambda code: (code != i18n.DEFAULT_LANG, code)):
            option = self.dom.document.createElement("option")
            option.value = option.lang = lang
            option.textContent = i18n.t(lang, "language_name")
            options.append(option)
        self._field("lang").replaceChildren(*options)

    def sync_form(self) -> None:
        """Show the current settings in the form."""
        for name in FLAGS:
            self._field(name).checked = getattr(self.state.settings, name)
        self._field("reduced_motion").checked = self.state.motion_reduced()
        self._field("lang").value = self.state.lang
        for name in CHOICES:
            self._field(name).value = getattr(self.state.settings, name)

    def _field(self, name: str) -> Any:
        """The form's field of setting ``name``."""
        return self.dom.query(f'[data-setting="{name}"]')

    def on_change(self, event: Any) -> None:
        """A setting changed in the form: store it and apply them all. A language chosen here
        replaces the address's ``?lang=``."""
        target = event.target
        name = target.getAttribute("data-setting")
        if not found(name):
            return
        if name == "lang":
            value: object = i18n.normalise_lang(str(target.value)) or i18n.DEFAULT_LANG
            self.dom.drop_url_param("lang")
        elif name in CHOICES:
            value = str(target.value)
            if value not in CHOICES[name]:
                return
        else:
            value = bool(target.checked)
        self.apply(self.data.change_settings(lambda stored: setattr(stored, name, value)))

    def show_looks(self) -> None:
        """The theme, the card faces, the back, the table and the first visit's hint as the
        settings say. early.js
        turns the theme's choice into data-theme (docs/layout.md, "Themes and card faces"), as
        it did before Python from the stored settings."""
        settings = self.state.settings
        root = self.dom.document.documentElement
        root.setAttribute("data-theme-choice", settings.theme)
        for name in ("faces", "back", "table"):  # <html data-faces>... as early.js sets them
            root.setAttribute(f"data-{name}", getattr(settings, name))
        hint = self.dom.el("first-hint")
        hint.hidden = settings.hint_seen
        if not settings.hint_seen:
            # In the hollow of the arc, above the rule line (index.html, game.css): after the
            # board in the tab order but not in it (the board is one tab stop, docs/keyboard.md).
            self.dom.el("rule-line").before(hint)

    def actions(self) -> Actions:
        """The first-visit hint's Next, and its Skip and Got it."""
        return {
            "dismiss-hint": lambda _: self.dismiss_hint(),
            "hint-next": lambda _: self.next_hint(),
        }

    def next_hint(self) -> None:
        """The first visit's walk-through, one step on (three in all: the rule, the count
        chips, the reserve); on the last, Got it takes the focus from Next, which goes."""
        hint = self.dom.el("first-hint")
        step = min(HINT_STEPS, int(hint.getAttribute("data-step") or 1) + 1)
        hint.setAttribute("data-step", str(step))
        if step == HINT_STEPS:
            hint.querySelector(".hint-done").focus()

    def dismiss_hint(self) -> None:
        """The first visit's hint was read: it goes, here and in every tab, for good."""
        self.apply(self.data.change_settings(lambda stored: setattr(stored, "hint_seen", True)))
        self.board.focus_current()  # the focus was on the hint's button, now gone

    def apply(self, settings: Settings) -> None:
        """Use these settings: the language they name, the theme and the card faces, the
        form; the parts that show them hear of it (the board's options, the snapshot, the
        indicator)."""
        state = self.state
        language_changed = settings.lang is not None and settings.lang != state.lang
        state.settings = settings
        if language_changed:
            state.lang = settings.lang
            self.language.apply()
        root = self.dom.document.documentElement
        root.classList.toggle("reduce-motion", state.motion_reduced())
        self.show_looks()
        self.sync_form()
        self.ctx.changed("settings")
