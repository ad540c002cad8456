"""What the game page shows about saving: the not-saved indicator, the messages about
unusable stored values, and the list of kept copies in the Settings panel (with its download).

The rules of saving live in ``storage``, ``saved``, ``backups`` and ``game_store``
(docs/storage.md); this only puts them in words and on the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from halfmoon_core import Message
from halfmoon_core.messages import echo
from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.model.stored_json import Unreadable
from halfmoon_web.shared import i18n
from halfmoon_web.shared.invalid import InvalidValue
from halfmoon_web.storage.backups import KEEP_CHARS, Backup
from halfmoon_web.storage.game_store import GameStore
from halfmoon_web.storage.saved import Problem, SavedData
from halfmoon_web.storage.storage import BACKUPS_KEY, GAME_KEY, SETTINGS_KEY, STATS_KEY, Storage

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.context import Actions
    from halfmoon_web.game_page.frame.page_dom import PageDom

#: The message of a key's unusable value, and the word for what it held.
_UNREADABLE = {GAME_KEY: "unreadable_game", SETTINGS_KEY: "unreadable_settings"}
_WHAT = {GAME_KEY: "what_game", SETTINGS_KEY: "what_settings", STATS_KEY: "what_stats"}
_KEPT = {"kept": "shelved_kept", "kept_part": "shelved_part", "dropped": "shelved_dropped"}
#: The message of a key found holding a newer version's value (docs/storage.md).
_NEWER = {GAME_KEY: "newer_game", SETTINGS_KEY: "newer_settings", STATS_KEY: "newer_stats"}
#: The most characters of a kept copy's stored words shown (they are read from storage).
_SHOWN_CHARS = 300


def reason_text(problem: Problem | Backup | Unreadable, lang: str) -> str:
    """Why a stored value could not be used, in words."""
    name, detail = problem.problem, problem.detail
    if name == "too_large":
        return i18n.t(lang, "reason_too_large", size=i18n.number_text(problem.size, lang))
    if name in ("too_deep", "not_json", "earlier_version"):
        return i18n.t(lang, f"reason_{name}")
    if isinstance(detail, Message):  # the engine's reason, in the page's language
        return i18n.message_text(detail, lang)
    if isinstance(detail, InvalidValue):  # the view's own reason
        return detail.text(lang)
    return detail or i18n.t(lang, "reason_not_json")


def problem_text(problem: Problem, lang: str) -> str:
    """The message about one unusable value: what it was, why, what became of it."""
    key = _UNREADABLE.get(problem.key, "unreadable_stats")
    if problem.elsewhere and problem.key == GAME_KEY:  # this page's game goes on
        key = "unreadable_game_elsewhere"
    first = i18n.t(lang, key, reason=reason_text(problem, lang))
    kept = i18n.t(lang, _KEPT[problem.kept], kept=i18n.number_text(KEEP_CHARS, lang))
    return f"{first} {kept}"


def problem_texts(data: SavedData, storage: Storage, lang: str) -> list[str]:
    """What to tell the player about stored values found unusable since the last call (each
    moved to the kept copies, or dropped), and kept copies given up for room."""
    texts = [problem_text(problem, lang) for problem in data.take_problems()]
    texts += [i18n.t(lang, _NEWER[key]) for key in data.take_newer()]
    shelf = data.shelf
    if shelf.reset_problem is not None:
        reason = reason_text(shelf.reset_problem, lang)
        texts.append(i18n.t(lang, "unreadable_backups", reason=reason))
        shelf.reset_problem = None
    if BACKUPS_KEY in storage.take_given_up():
        texts.append(i18n.t(lang, "backups_given_up"))
    return texts


def show_saving(dom: PageDom, lang: str, storage: Storage, games: GameStore) -> None:
    """Show or hide the indicator that stays while the game is not being saved."""
    indicator = dom.el("save-status")
    key = not_saving_key(storage, games)
    dom.el("save-status-choose").hidden = key != "not_saving_conflict"
    text = i18n.t(lang, key) if key else ""
    label = dom.el("save-status-text")
    if label.textContent != text:
        label.textContent = text
    indicator.hidden = not key


def not_saving_key(storage: Storage, games: GameStore) -> str:
    """Why something is not saved (the indicator's text), or "" when everything is."""
    if storage.blocked:
        return "not_saving_blocked"
    if games.unsaved and GAME_KEY in games.data.newer:
        return "not_saving_newer"
    if not storage.saving:
        return "not_saving_full"
    if games.unsaved:  # storage works: the write was refused for another tab's game
        return "not_saving_conflict"
    if games.data.unsaved_keys:
        return "not_saving_newer_data"
    return ""


def something_to_lose(storage: Storage, games: GameStore, moves: int) -> bool:
    """Whether leaving the page now loses something (the browser's leave prompt is asked
    then, never otherwise; docs/storage.md, "Leaving with unsaved moves"): the indicator is on
    and the game shown has ``moves`` of its own, or settings or statistics are not stored."""
    if not not_saving_key(storage, games):
        return False
    held = {SETTINGS_KEY, STATS_KEY} & {*storage.pending, *games.data.unsaved_keys}
    return moves > 0 or bool(held)


def when_text(when: str) -> str:
    """``2026-11-30T14:05:00Z`` as ``2026-11-30 14:05 UTC`` (anything else as it is)."""
    if len(when) == 20 and when.endswith("Z") and when[10] == "T":
        return f"{when[:10]} {when[11:16]} UTC"
    return when


def backup_text(entry: Backup, lang: str) -> str:
    """One kept copy in words: when, what, how long, why."""
    size = i18n.number_text(entry.size, lang)
    kept = i18n.number_text(len(entry.text), lang)
    return i18n.t(
        lang,
        "backup_item_part" if entry.truncated else "backup_item",
        when=echo(when_text(entry.when)),
        what=i18n.t(lang, _WHAT.get(entry.key, "what_stats")),
        size=size,
        kept=kept,
        why=echo(reason_text(entry, lang), _SHOWN_CHARS),
    )


@dataclass
class BackupsList:
    """The Settings panel's list of kept copies of unreadable saves, with Download and Delete."""

    dom: PageDom
    data: SavedData
    state: PageState

    def actions(self) -> Actions:
        """The list of kept copies: download them, or clear them."""
        return {
            "download-backups": lambda _: self.download(),
            "clear-backups": lambda _: self.clear(),
        }

    def render(self) -> None:
        """Read the kept copies and fill the list, if the Settings panel is open (it is filled
        as it opens)."""
        entries = self.data.shelf.entries()
        if self.dom.el("settings-panel").hidden:
            return
        items = []
        for entry in entries:
            item = self.dom.document.createElement("li")
            item.textContent = backup_text(entry, self.state.lang)
            items.append(item)
        self.dom.el("backups-list").replaceChildren(*items)
        self.dom.el("backups-list").hidden = not items
        self.dom.el("backups-actions").hidden = not items
        self.dom.el("backups-empty").hidden = bool(items)

    def clear(self) -> None:
        """Delete the kept copies."""
        self.data.shelf.clear()
        self.render()
        self.dom.say(self.state.t("backups_cleared"))

    def download(self) -> None:
        """Give the player the kept copies as a JSON file."""
        self.dom.download(self.data.shelf.download_text(), "halfmoon-unreadable-saves.json")
