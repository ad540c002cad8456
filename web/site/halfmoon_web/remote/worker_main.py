"""Python's side of a page that runs in a worker (docs/worker.md): mount the page on the mirror
of its elements, then play each event the main thread forwards; after each, send the changes
made, as one batch.

``web/site/worker.mjs`` calls :func:`mount` with the start message (the page's elements and
facts) and :func:`dispatch` with each event; both return nothing: the batches go out through
the ``post`` function the worker gives :func:`mount` (a JSON text each). As ``main.py`` does on
the main thread, a start that fails sets ``data-error`` and shows the message, and the page
never stays blank (docs/interface.md).
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from importlib import import_module
from typing import Any

from halfmoon_web.remote.mirror import MirrorDocument
from halfmoon_web.remote.window import MirrorEvent, MirrorWindow, PageFacts

WORKER_PAGES = {
    "rules": "halfmoon_web.rules_page.rules_app",
    "embed": "halfmoon_web.embed_page.embed_app",
}
"""The pages whose Python runs in a worker, and the module that starts each (as main.py's
``PAGES`` for the pages that run it on the main thread)."""

KEY_EVENTS = frozenset({"keydown", "keyup"})
"""Events aimed at the focused element, as is a click marked ``keyed`` (made by Enter or Space):
the mirror's focus is their target (docs/worker.md, "Events")."""


class WorkerPage:
    """One page's Python in the worker: the mirror, its window and the mounted page."""

    def __init__(self, post: Callable[[str], Any], host: Any, once: Callable[[Any], Any]) -> None:
        """``post`` sends a batch; ``host`` is the worker's global scope; ``once`` makes a
        JavaScript callback of a Python one (pyodide's ``create_once_callable``)."""
        self.post = post
        self.host = host
        self.once = once
        self.document: MirrorDocument | None = None
        self.window: MirrorWindow | None = None
        self.page: object = None

    def flush(self) -> None:
        """Send what changed since the last batch (the frame callbacks run first)."""
        if self.window is not None:
            self.window.run_frames()
        if self.document is not None:
            ops = self.document.changes.take()
            if ops:
                self.post(json.dumps(ops, separators=(",", ":")))

    def later(self, run: Callable[[], None]) -> Any:
        """The callback a timer calls: ``run``, then its changes sent."""

        def fire(*_: object) -> None:
            try:
                run()
            finally:
                self.flush()

        return self.once(fire)

    def mount(self, message: str) -> None:
        """Mount the page the start message names and mark it ready."""
        data = json.loads(message)
        doc = self.document = MirrorDocument.from_snapshot(data["tree"])
        self.window = MirrorWindow(doc, PageFacts.from_message(data), self.host, self.later)
        try:
            name = str(data["page"])
            if name not in WORKER_PAGES:
                raise ValueError(f"unknown page {name!r}")
            doc.changes.add("event", "halfmoon:stage", "app")
            self.page = import_module(WORKER_PAGES[name]).start(self.window)
            doc.documentElement.setAttribute("data-ready", "")
        except Exception as exc:  # every start-up failure must reach the player
            self._fail(exc)
        self.flush()

    def _fail(self, exc: Exception) -> None:
        doc = self.document
        root = doc.documentElement
        player_message = getattr(exc, "player_message", None)
        if player_message:  # bad input the page already explained (e.g. an embed parameter)
            root.setAttribute("data-error-input", "")
            message = str(player_message)
        else:
            message = f"{type(exc).__name__}: {exc}"
            doc.changes.add("console", "error", traceback.format_exc())
        root.removeAttribute("data-ready")
        root.setAttribute("data-error", message)
        detail = doc.getElementById("boot-error-detail")
        if detail is not None:
            detail.textContent = message

    def dispatch(self, message: str) -> None:
        """Play one forwarded event: ``{"id", "type", "target", "active", ...}``; then send
        its changes."""
        data = json.loads(message)
        doc = self.document
        if doc is None:
            return
        try:
            if "active" in data:
                doc.activeElement = doc.elements.get(data["active"]) or doc.body
            target = doc.elements.get(data.get("target"))
            here = doc.elements.get(data.get("id"))
            focused = doc.activeElement
            aimed = data.get("type") in KEY_EVENTS or data.get("keyed") is True
            # A key, and the click Enter or Space makes, go to the focused element: the page's,
            # when pressed, may be one the worker has already moved the focus on from.
            if aimed and focused is not None and here is not None and here.contains(focused):
                target = focused
            if target is not None and "value" in data:
                target._value = str(data["value"])
            if target is not None and "checked" in data:
                target.checked = bool(data["checked"])
            if here is None or data.get("type") is None:
                return
            event = MirrorEvent(
                type=str(data["type"]),
                target=target,
                currentTarget=here,
                key=str(data.get("key", "")),
                ctrlKey=bool(data.get("ctrlKey")),
                altKey=bool(data.get("altKey")),
                metaKey=bool(data.get("metaKey")),
                shiftKey=bool(data.get("shiftKey")),
                animationName=str(data.get("animationName", "")),
                defaultPrevented=bool(data.get("defaultPrevented")),
            )
            for listener in list(here.listeners.get(event.type, [])):
                listener(event)
        except Exception:  # a failing handler is reported, and the next event still plays
            doc.changes.add("console", "error", traceback.format_exc())
        finally:
            self.flush()


_page: WorkerPage | None = None


def mount(message: str, post: Callable[[str], Any]) -> None:
    """Start the page of ``message`` (called once by worker.mjs)."""
    global _page
    import js  # the worker's global scope: only here, where the worker calls in
    from pyodide.ffi import create_once_callable

    _page = WorkerPage(post, js, create_once_callable)
    _page.mount(message)


def dispatch(message: str) -> None:
    """Play one forwarded event (called by worker.mjs)."""
    if _page is not None:
        _page.dispatch(message)
