"""Tiny DOM helpers shared by the browser-side modules.

Pyodide turns JavaScript ``null`` into ``pyodide.ffi.jsnull`` (not ``None``), so "no element"
and "no attribute" are tested with :func:`found`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from halfmoon_web.shared.i18n import choose_language

try:
    from pyodide.ffi import jsnull
except ImportError:  # plain CPython (unit tests): null is None there
    jsnull = None


def found(value: Any) -> bool:
    """True unless ``value`` is JavaScript ``null``/``undefined`` (or Python None)."""
    return value is not None and value is not jsnull


def translate_marked(root: Any, text: Callable[[str], str]) -> None:
    """Write the texts of every element under ``root`` marked ``data-i18n`` (its text),
    ``data-i18n-label`` (its ``aria-label``) or ``data-i18n-title`` (its ``title``), each the
    ``text`` of the key the attribute names."""
    for el in root.querySelectorAll("[data-i18n]"):
        el.textContent = text(el.getAttribute("data-i18n"))
    for el in root.querySelectorAll("[data-i18n-label]"):
        el.setAttribute("aria-label", text(el.getAttribute("data-i18n-label")))
    for el in root.querySelectorAll("[data-i18n-title]"):
        el.setAttribute("title", text(el.getAttribute("data-i18n-title")))


def url_param(window: Any, name: str) -> str | None:
    """The first value of ``name`` in the page's address; None when absent or empty. (The
    browser's ``URLSearchParams``: ``urllib.parse`` costs more to import than it gives.)"""
    value = window.URLSearchParams.new(window.location.search).get(name)
    return value if isinstance(value, str) and value else None


def url_value(window: Any, name: str) -> str | None:
    """The first value of ``name`` in the page's address, ``""`` when it has none (``?daily``);
    None when absent."""
    value = window.URLSearchParams.new(window.location.search).get(name)
    return value if isinstance(value, str) else None


def page_language(window: Any, saved: object = None) -> str:
    """The page's language, chosen the same way on every page: ``?lang=``, else the player's
    setting (``saved``), else the browser's first English or Vietnamese, else Vietnamese."""
    navigator = window.navigator
    browser = list(navigator.languages or [navigator.language])
    return choose_language(url_param(window, "lang"), saved, browser)


def decide_in_event(
    element: Any, kind: str, rule: dict[str, object] | list[dict[str, object]]
) -> None:
    """Tell the page what to decide itself in ``kind`` events on ``element``, which cannot wait
    for Python in a worker (docs/worker.md, "Decided in the event"): a rule, or a list of them
    (:meth:`~halfmoon_web.remote.mirror.MirrorDocument.decide_in_event`). On the main thread
    the handler decides it itself: nothing to tell."""
    decide = getattr(element.ownerDocument, "decide_in_event", None)
    if decide is not None:
        decide(element, kind, rule)


def tap_journal(document: Any) -> Callable[..., None] | None:
    """The page's journal of taps not yet saved, where it keeps one (Python in a worker:
    :meth:`~halfmoon_web.remote.mirror.MirrorDocument.journal_taps`); None on the main thread,
    where a save is written in the page's own task when it goes."""
    return getattr(document, "journal_taps", None)


def focus_lost(document: Any) -> bool:
    """True when the keyboard focus is on no usable element: on ``<body>``, on a card leaving
    the board (``hm-leaving``, board_view.py), or on an element that was disabled, hidden or
    taken out of the page (the browser moves it to ``<body>`` only at its next rendering
    update)."""
    focused = document.activeElement
    return (
        not found(focused)
        or focused.tagName == "BODY"
        or bool(focused.disabled)
        or not focused.isConnected
        or bool(focused.classList.contains("hm-leaving"))
        or not focused.getClientRects().length
    )
