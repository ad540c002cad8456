"""Entry point of every Half Moon page: mount what ``<body data-page=...>`` asks for.

Each page names its module in :data:`PAGES` (``game``, index.html:
:mod:`halfmoon_web.game_page.app`), each with a ``start(window)`` function. Once the page is drawn
and accepts taps, ``<html data-ready>`` is set; any failure sets ``data-error`` and shows the
message, so the player never faces a blank page (docs/interface.md; the whole start:
docs/startup.md).
"""

import traceback
from importlib import import_module

from js import CustomEvent, Object, console, document, window
from pyodide.ffi import jsnull, to_js

PAGES = {
    "game": "halfmoon_web.game_page.app",
    "embed": "halfmoon_web.embed_page.embed_app",
    "rules": "halfmoon_web.rules_page.rules_app",
}

#: The mounted page object (kept alive for the page's lifetime).
page = None


def show_error(message: str) -> None:
    """Mark start-up as failed and show ``message`` in the page's error box."""
    root = document.documentElement
    root.removeAttribute("data-ready")
    root.setAttribute("data-error", message)
    detail = document.getElementById("boot-error-detail")
    if detail is not None and detail is not jsnull:
        detail.textContent = message


def start() -> object:
    """Mount the page ``<body data-page>`` names and mark it ready."""
    name = str(document.body.getAttribute("data-page"))
    if name not in PAGES:
        raise ValueError(f"unknown page {name!r}")
    stage = to_js({"detail": "app"}, dict_converter=Object.fromEntries)  # early.js's progress line
    document.dispatchEvent(CustomEvent.new("halfmoon:stage", stage))
    mounted = import_module(PAGES[name]).start(window)
    document.documentElement.setAttribute("data-ready", "")
    return mounted


try:
    page = start()
except Exception as exc:  # every start-up failure must reach the player, not just the console
    player_message = getattr(exc, "player_message", None)
    if player_message:  # bad input the page already explained (e.g. an embed parameter)
        document.documentElement.setAttribute("data-error-input", "")  # no cache to repair
        show_error(str(player_message))
    else:
        show_error(f"{type(exc).__name__}: {exc}")
        console.error(traceback.format_exc())
