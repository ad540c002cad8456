"""The Settings panel's Export and Import (docs/storage.md, "Export and import").

Export downloads the statistics, settings and game in progress as one JSON file
(:mod:`~halfmoon_web.model.transfer`). Import reads a file the player picks, checks all of it
before anything changes, shows what it holds and asks; only then it replaces the stored statistics,
settings and game, as another tab's writes would (so the other tabs follow too). A refused file
changes nothing and the status line says why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from halfmoon_core import Message
from halfmoon_web.game_page.parts.saving_view import reason_text
from halfmoon_web.model.stored_json import Unreadable
from halfmoon_web.model.transfer import (
    FILE_NAME,
    Exported,
    ImportRefused,
    check_file_size,
    export_json,
    read_export,
)
from halfmoon_web.shared import i18n
from halfmoon_web.shared.invalid import InvalidValue

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.context import PageContext
    from halfmoon_web.game_page.frame.page_dom import PageDom
    from halfmoon_web.game_page.frame.page_state import PageState
    from halfmoon_web.game_page.parts.dialogs import Dialogs
    from halfmoon_web.game_page.parts.saver import Saver
    from halfmoon_web.game_page.parts.settings_panel import SettingsPanel
    from halfmoon_web.storage.stores import Stores

#: The word for each part of a file, in a refusal that names it.
_PART_WORDS = {"statistics": "what_stats", "settings": "what_settings", "game": "what_game"}


def refusal_text(refused: ImportRefused, lang: str) -> str:
    """Why a file cannot be imported, in words, and that nothing changed."""
    params = dict(refused.params)
    reason = params.get("reason")
    if isinstance(reason, Unreadable):
        params["reason"] = reason_text(reason, lang)
    elif isinstance(reason, Message):
        params["reason"] = i18n.message_text(reason, lang)
    elif isinstance(reason, InvalidValue):
        params["reason"] = reason.text(lang)
    if "part" in params:
        params["what"] = i18n.t(lang, _PART_WORDS[params.pop("part")])
    if "size" in params:
        params["size"] = i18n.number_text(params["size"], lang)
    text = i18n.t(lang, refused.key, **params)
    return i18n.sentences(text, i18n.t(lang, "import_nothing_changed"))


def summary_text(exported: Exported, lang: str) -> str:
    """What a file holds and what importing it replaces, for the question before an import."""
    stats, game = exported.stats, exported.game
    parts = [i18n.tn(lang, "import_body_stats", stats.played, won=stats.won)]
    if game is None:
        parts += [i18n.t(lang, "import_body_no_game"), i18n.t(lang, "import_replaces_no_game")]
    else:
        moves = game.game.moves
        parts.append(i18n.tn(lang, "import_body_game", moves, code=game.code))
        parts.append(i18n.t(lang, "import_replaces"))
    return i18n.sentences(*parts)


@dataclass(eq=False)
class DataTransfer:
    """Export and Import in the Settings panel."""

    ctx: PageContext
    saver: Saver
    settings: SettingsPanel
    dialogs: Dialogs
    _pending: Exported | None = field(default=None, init=False)
    """A checked file waiting for the player's answer."""

    @property
    def dom(self) -> PageDom:
        """The page's window and document."""
        return self.ctx.dom

    @property
    def stores(self) -> Stores:
        """The page's stores."""
        return self.ctx.stores

    @property
    def state(self) -> PageState:
        """What the page shows."""
        return self.ctx.state

    def export(self) -> None:
        """Download the statistics, settings and game in progress as one file."""
        data = self.stores.data
        exported = Exported(data.stats(), data.settings(), self.state.session)
        when = str(self.dom.window.Date.new().toISOString())
        value = export_json(exported, self.dom.now(), when)
        self.dom.download(json.dumps(value, ensure_ascii=False, indent=1), FILE_NAME)
        self.dom.say(self.state.t("exported", name=FILE_NAME))

    def choose_file(self) -> None:
        """Open the browser's file picker (its choice comes to :meth:`on_file`)."""
        self.dom.el("import-file").click()

    def on_file(self, event: Any) -> None:
        """A file was picked: check its size, then read it (``File.text()``)."""
        picker = event.target
        files = picker.files
        if not files or not files.length:
            return
        file = files.item(0)
        picker.value = ""  # the same file can be picked again
        try:
            check_file_size(int(file.size))
        except ImportRefused as refused:
            self.dom.say(refusal_text(refused, self.state.lang))
            return
        read = file.text()
        read.then(self.dom.proxy(self.on_text), self.dom.proxy(self.on_read_failed))

    def on_read_failed(self, _error: Any = None) -> None:
        """The browser could not read the file."""
        self.dom.say(self.state.t("import_read_failed"))

    def on_text(self, text: str) -> None:
        """The file's text: refuse it, or show what it holds and ask."""
        try:
            self._pending = read_export(str(text))
        except ImportRefused as refused:
            self.dom.say(refusal_text(refused, self.state.lang))
            return
        self.dom.el("import-body").textContent = summary_text(self._pending, self.state.lang)
        self.dialogs.open("import-dialog")

    def confirm(self) -> None:
        """The player said Import: replace statistics, settings and game with the file's."""
        exported, self._pending = self._pending, None
        self.dialogs.close("import-dialog")
        if exported is None:
            return
        data = self.stores.data
        data.replace_stats(exported.stats)
        data.replace_settings(exported.settings)
        self.settings.apply(exported.settings)
        self.ctx.changed("stats")
        if exported.game is None:
            self.dom.say(self.state.t("imported"))
            self.saver.show_saving()
            return
        self.ctx.show(exported.game, self.state.t("imported"), stored=True)
        self.saver.save_game(force=True)  # the file's game replaces the stored one
