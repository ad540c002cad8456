"""The game page's window and document, with the small chores every part of the page shares:
finding an element, the status line, the clock's time, proxies and tasks kept alive."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js

from halfmoon_web.shared.dom import found


class PageDom:
    """The game page's window and document (docs/interface.md lists the ids it uses)."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.document = window.document
        self._proxies: list[Any] = []
        self._tasks: set[Any] = set()

    def el(self, element_id: str) -> Any:
        """The element with this id."""
        return self.document.getElementById(element_id)

    def built_deal(self) -> str | None:
        """The deal whose cards the build wrote on the page (a first visit's), if any."""
        deal = self.el("board").getAttribute("data-deal")
        return str(deal) if found(deal) else None

    def query(self, selector: str) -> Any:
        """The first element that matches ``selector`` (JavaScript null when none does)."""
        return self.document.querySelector(selector)

    def say(self, text: str) -> None:
        """Put a message in the status line ``#message`` (the page's one live region)."""
        self.el("message").textContent = text

    def said(self) -> str:
        """What the status line says now."""
        return str(self.el("message").textContent)

    def now(self) -> float:
        """Monotonic milliseconds."""
        return float(self.window.performance.now())

    def dialog_open(self) -> bool:
        """True while a modal dialog is open."""
        return found(self.query("dialog[open]"))

    def os_reduced_motion(self) -> bool:
        """The OS asks for reduced motion."""
        try:
            return bool(self.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        except Exception:
            return False

    def proxy(self, func: Any) -> Any:
        """A JS-callable proxy of ``func``, kept alive as long as the page."""
        wrapped = create_proxy(func)
        self._proxies.append(wrapped)
        return wrapped

    def after_paint(self, func: Callable[[], object]) -> None:
        """Run ``func`` in a task after the next frame is painted: what need not delay the
        frame that answers a tap (docs/performance.md). A hidden page paints no frame: then
        in the next task. Python in a worker runs it once the changes that answer the tap are
        sent, its own changes in a batch of their own (docs/worker.md, "The mirror"): the
        page paints the first meanwhile, and no round trip to the page delays a save."""
        window = self.window
        after_batch = getattr(window, "after_batch", None)
        if after_batch is not None:
            after_batch(func)
            return
        task = create_once_callable(lambda *_: func())
        if self.document.visibilityState == "hidden":
            window.setTimeout(task, 0)
        else:
            window.requestAnimationFrame(
                create_once_callable(lambda *_: window.setTimeout(task, 0))
            )

    def run(self, coroutine: Any) -> None:
        """Run a coroutine, keeping a reference until it is done."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def js_options(self, **options: object) -> Any:
        """A plain JS object for DOM calls that take an options dictionary."""
        return to_js(options, dict_converter=self.window.Object.fromEntries)

    def drop_url_param(self, name: str) -> None:
        """Take a consumed parameter out of the address (a reload then resumes the game). The
        whole address is rewritten, so a path such as ``//index.html`` stays a path."""
        window = self.window
        address = window.URL.new(window.location.href)
        if not address.searchParams.has(name):
            return
        address.searchParams.delete(name)
        window.history.replaceState(None, "", address.href)

    def download(self, text: str, file_name: str) -> None:
        """Give the player ``text`` as a JSON file named ``file_name`` (the browser's download)."""
        window = self.window
        blob = window.Blob.new(to_js([text]), self.js_options(type="application/json"))
        url = window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = file_name
        link.click()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
