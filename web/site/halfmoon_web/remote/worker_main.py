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

from halfmoon_web.remote.asks import MirrorFile, MirrorFiles
from halfmoon_web.remote.mirror import MirrorDocument, MirrorElement
from halfmoon_web.remote.window import MirrorEvent, MirrorWindow, PageFacts

WORKER_PAGES = {
    "game": "halfmoon_web.game_page.app",
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

    def __init__(self, post: Callable[[str], Any], host: Any) -> None:
        """``post`` sends a batch; ``host`` is the worker's global scope."""
        self.post = post
        self.host = host
        self.document: MirrorDocument | None = None
        self.window: MirrorWindow | None = None
        self.page: object = None

    def flush(self, settle: bool = True) -> None:
        """Send what changed since the last batch (the frame callbacks run first); then, when
        ``settle``, run what waited for it to be sent (``after_batch``), and send what that
        changed. Without ``settle`` that waits for :meth:`settle`."""
        while True:
            if self.window is not None:
                self.window.run_frames()
            if self.document is not None:
                ops = self.document.changes.take()
                if ops:
                    self.post(json.dumps(ops, separators=(",", ":")))
            if not settle:
                return
            waiting = self.window.take_after_batch() if self.window is not None else []
            if not waiting:
                return
            for callback in waiting:
                try:
                    callback()
                except Exception:
                    if self.document is not None:
                        self.document.changes.add("console", "error", traceback.format_exc())

    def mount(self, message: str) -> None:
        """Mount the page the start message names and mark it ready."""
        data = json.loads(message)
        doc = self.document = MirrorDocument.from_snapshot(data["tree"])
        self.window = MirrorWindow(doc, PageFacts.from_message(data), self.host)
        self.window.clock.update(data)
        self.early = data.get("early")
        """What early.js kept of the taps made before Python was up (``startup.take_early``)."""
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

    def settle(self) -> None:
        """Run what waited for the batches sent (a save after the frame), once for every
        message played since: worker.mjs calls it when no message of the page waits."""
        self.flush()

    def dispatch(self, message: str, settle: bool = True) -> None:
        """Play one message of the page: an event on what Python listens to (``{"id", "type",
        "target", ...}``), a timer that fired (``{"timer": n}``), an answer to an ask
        (``{"answer": n, "ok", "value"}``), a write reported (``{"stored": n, "ok",
        "given_up"}``), the focus or a media query changed; then send its changes (and, when
        ``settle``, run what waited for them: :meth:`flush`)."""
        data = json.loads(message)
        doc, window = self.document, self.window
        if doc is None or window is None:
            return
        try:
            window.clock.update(data)
            if isinstance(data.get("seq"), int):
                doc.played = data["seq"]
            for number, value, checked in data.get("fields") or []:
                field = doc.elements.get(number)
                if isinstance(field, MirrorElement):
                    field._value, field._checked = str(value), bool(checked)
            storage = window._storage
            for key, value in data.get("storedNow") or [] if storage is not None else []:
                storage.fresh(key, value)  # read fresh (docs/worker.md, "Tabs")
            if "active" in data:
                doc.page_focus(doc.elements.get(data["active"]), data.get("focusMove"))
            if isinstance(data.get("media"), dict):
                window.media.update({str(k): v is True for k, v in data["media"].items()})
            if "timer" in data:
                window.timers.fire(data["timer"])
            if "answer" in data:
                window.asks.answer(data["answer"], data.get("ok"), data.get("value"))
            if "stored" in data and storage is not None:
                storage.outcome(data["stored"], data.get("ok"), data.get("given_up"))
            if data.get("type") is not None:
                self._play(data)
        except Exception:  # a failing handler is reported, and the next event still plays
            doc.changes.add("console", "error", traceback.format_exc())
        finally:
            self.flush(settle)

    def _play(self, data: dict[str, Any]) -> None:
        """Hand a forwarded event to the listeners of the element (or document, window) it
        was forwarded for, after mirroring what the page changed itself."""
        doc, window = self.document, self.window
        kind = str(data["type"])
        target = doc.elements.get(data.get("target"))
        here = doc.elements.get(data.get("id"))
        focused = doc.activeElement
        aimed = kind in KEY_EVENTS or data.get("keyed") is True
        # A key, and the click Enter or Space makes, go to the focused element: the page's,
        # when pressed, may be one the worker has already moved the focus on from.
        if (
            aimed
            and isinstance(here, MirrorElement)
            and focused is not None
            and here.contains(focused)
        ):
            target = focused
        if isinstance(target, MirrorElement):
            self._mirror_page_state(target, data)
        if isinstance(data.get("root"), dict):
            doc.follow_root(data["root"])
        if kind == "storage" and window._storage is not None:
            window._storage.follow(data.get("storageKey"), data.get("newValue"))
        if kind == "visibilitychange":
            doc.visibilityState = str(data.get("visibility", "visible"))
        if here is None or (target is None and isinstance(data.get("target"), int)):
            return  # (on an element Python let go of: gone from the page in a batch on its way)
        new_value = data.get("newValue")
        event = MirrorEvent(
            type=kind,
            target=target,
            currentTarget=here,
            key=str(data.get("storageKey") if kind == "storage" else data.get("key", "")),
            ctrlKey=bool(data.get("ctrlKey")),
            altKey=bool(data.get("altKey")),
            metaKey=bool(data.get("metaKey")),
            shiftKey=bool(data.get("shiftKey")),
            animationName=str(data.get("animationName", "")),
            defaultPrevented=bool(data.get("defaultPrevented")),
            code=str(data.get("code", "")),
            repeat=bool(data.get("repeat")),
            newValue=new_value if isinstance(new_value, str) else None,
            detail=data.get("detail"),
            pointTarget=doc.elements.get(data.get("point")),
            button=int(data.get("button", 0)) if isinstance(data.get("button"), int) else 0,
        )
        for listener in list(here.listeners.get(event.type, [])):
            listener(event)

    def _mirror_page_state(self, target: MirrorElement, data: dict[str, Any]) -> None:
        """What the page changed on its own before the event: a field's value, a box
        checked, a dialog closed (Escape), the files picked."""
        if "value" in data:
            target._value = str(data["value"])
        if "checked" in data:
            target._checked = bool(data["checked"])
        if "open" in data:
            if data["open"]:
                target.attrs["open"] = ""
            else:
                target.attrs.pop("open", None)
        if isinstance(data.get("files"), list):
            asks = self.window.asks
            target._files = MirrorFiles(
                [
                    MirrorFile(
                        asks, target.id_number, index, str(f.get("name", "")), int(f.get("size", 0))
                    )
                    for index, f in enumerate(data["files"])
                    if isinstance(f, dict)
                ]
            )


_page: WorkerPage | None = None


def mount(message: str, post: Callable[[str], Any]) -> None:
    """Start the page of ``message`` (called once by worker.mjs)."""
    global _page
    import js  # the worker's global scope: only here, where the worker calls in

    _page = WorkerPage(post, js)
    _page.mount(message)


def dispatch(message: str) -> None:
    """Play one forwarded event (called by worker.mjs), its changes sent; what waits for them
    (a save after the frame) waits for :func:`settle`."""
    if _page is not None:
        _page.dispatch(message, settle=False)


def settle() -> None:
    """Run what waited for the changes sent (called by worker.mjs once no message waits:
    several taps in one of the page's tasks are saved once, as on the main thread)."""
    if _page is not None:
        _page.settle()
