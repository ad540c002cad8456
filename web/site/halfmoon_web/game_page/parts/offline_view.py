"""The Settings panel's line about playing offline on this device (``#offline-status``).

The facts are the page's JavaScript's: ``boot.js`` knows the service worker and keeps
``<html data-offline>`` (``ready``, ``saving``, ``unavailable``) and, when unavailable,
``data-offline-why`` (``insecure``, ``storage``, ``quota``, ``install``) current, firing
``halfmoon-offline`` on the document at each change (docs/deploys.md, "Available offline
here?"). This only says them in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.shared.dom import found

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom

#: Why offline play is not available, as boot.js says it.
REASONS = ("insecure", "storage", "quota", "install")


def offline_key(state: str | None, why: str | None) -> str | None:
    """The text's key for boot.js's ``data-offline`` and ``data-offline-why`` (None: nothing
    to say, boot.js has not said). An unknown reason is an install that failed."""
    if state == "ready":
        return "offline_ready"
    if state == "saving":
        return "offline_saving"
    if state == "unavailable":
        return f"offline_unavailable_{why if why in REASONS else 'install'}"
    return None


@dataclass
class OfflineStatus:
    """Keeps ``#offline-status`` saying what ``<html data-offline>`` says."""

    dom: PageDom
    state: PageState

    def render(self) -> None:
        """Write the line in the page's language (hidden while boot.js has said nothing)."""
        line = self.dom.el("offline-status")
        if not found(line):
            return
        root = self.dom.document.documentElement
        key = offline_key(_attribute(root, "data-offline"), _attribute(root, "data-offline-why"))
        text = self.state.t(key) if key else ""
        if line.textContent != text:
            line.textContent = text
        line.hidden = key is None


def _attribute(element: object, name: str) -> str | None:
    """The attribute's value, None when it is absent."""
    value = element.getAttribute(name)  # type: ignore[attr-defined]
    return str(value) if found(value) else None
