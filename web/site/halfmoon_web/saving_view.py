"""What the game page shows about saving: the not-saved indicator, the messages about
unusable stored values, and the list of kept copies in the Settings panel (with its download).

The page object passed in is the :class:`~halfmoon_web.app.GamePage` (its ``el``, ``t``,
``lang``, ``window`` and ``data``); the rules of saving live in ``storage``, ``saved``,
``backups`` and ``game_store`` (docs/storage.md).
"""

from __future__ import annotations

from typing import Any

from . import i18n
from .backups import KEEP_CHARS, Backup
from .game_store import GameStore
from .saved import Problem
from .storage import GAME_KEY, SETTINGS_KEY, STATS_KEY, Storage
from .stored_json import Unreadable

#: The message of a key's unusable value, and the word for what it held.
_UNREADABLE = {GAME_KEY: "unreadable_game", SETTINGS_KEY: "unreadable_settings"}
_WHAT = {GAME_KEY: "what_game", SETTINGS_KEY: "what_settings", STATS_KEY: "what_stats"}
_KEPT = {"kept": "shelved_kept", "kept_part": "shelved_part", "dropped": "shelved_dropped"}


def number_text(value: int, lang: str) -> str:
    """``4,900,000`` (en) / ``4.900.000`` (vi)."""
    text = f"{value:,}"
    return text.replace(",", ".") if lang == "vi" else text


def reason_text(problem: Problem | Backup | Unreadable, lang: str) -> str:
    """Why a stored value could not be used, in words."""
    name, detail = problem.problem, problem.detail
    if name == "too_large":
        return i18n.t(lang, "reason_too_large", size=number_text(problem.size, lang))
    if name in ("too_deep", "not_json", "earlier_version"):
        return i18n.t(lang, f"reason_{name}")
    return i18n.engine_text(detail, lang) or i18n.t(lang, "reason_not_json")


def problem_text(problem: Problem, lang: str) -> str:
    """The message about one unusable value: what it was, why, what became of it."""
    key = _UNREADABLE.get(problem.key, "unreadable_stats")
    first = i18n.t(lang, key, reason=reason_text(problem, lang))
    kept = i18n.t(lang, _KEPT[problem.kept], kept=number_text(KEEP_CHARS, lang))
    return f"{first} {kept}"


def show_saving(page: Any, storage: Storage, games: GameStore) -> None:
    """Show or hide the indicator that stays while the game is not being saved."""
    indicator = page.el("save-status")
    if storage.blocked:
        key = "not_saving_blocked"
    elif games.unsaved and not storage.saving:
        key = "not_saving_full"
    elif games.unsaved:
        key = "not_saving_conflict"
    elif not storage.saving:
        key = "not_saving_full"
    else:
        key = ""
    page.el("save-status-choose").hidden = key != "not_saving_conflict"
    text = page.t(key) if key else ""
    label = page.el("save-status-text")
    if label.textContent != text:
        label.textContent = text
    indicator.hidden = not key


def when_text(when: str) -> str:
    """``2026-11-30T14:05:00Z`` as ``2026-11-30 14:05 UTC`` (anything else as it is)."""
    if len(when) == 20 and when.endswith("Z") and when[10] == "T":
        return f"{when[:10]} {when[11:16]} UTC"
    return when


def backup_text(entry: Backup, lang: str) -> str:
    """One kept copy in words: when, what, how long, why."""
    size = number_text(entry.size, lang)
    kept = number_text(len(entry.text), lang)
    return i18n.t(
        lang,
        "backup_item_part" if entry.truncated else "backup_item",
        when=when_text(entry.when),
        what=i18n.t(lang, _WHAT.get(entry.key, "what_stats")),
        size=size,
        kept=kept,
        why=reason_text(entry, lang),
    )


def render_backups(page: Any) -> None:
    """Fill the Settings panel's list of kept copies."""
    entries = page.data.shelf.entries()
    document = page.document
    items = []
    for entry in entries:
        item = document.createElement("li")
        item.textContent = backup_text(entry, page.lang)
        items.append(item)
    page.el("backups-list").replaceChildren(*items)
    page.el("backups-list").hidden = not items
    page.el("backups-actions").hidden = not items
    page.el("backups-empty").hidden = bool(items)


def download_backups(page: Any) -> None:
    """Give the player the kept copies as a JSON file."""
    from pyodide.ffi import create_once_callable, to_js

    window = page.window
    text = page.data.shelf.download_text()
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = page.document.createElement("a")
    link.href = url
    link.download = "halfmoon-unreadable-saves.json"
    link.click()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
