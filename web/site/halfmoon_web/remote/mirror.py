"""The mirror of the page's elements, in the worker (docs/worker.md, "The mirror").

It holds the element tree the main thread sent at start (:meth:`MirrorDocument.from_snapshot`)
and answers the view's DOM reads from it at once: attributes, classes, texts, selectors,
``activeElement``. Each write changes the mirror and appends one change to the batch
(:class:`Changes`) that the main thread's applier carries out in order, as they were made: the
view's code runs unchanged on the mirror and on the page. Every element has a number both sides
know: the snapshot's are their order in the tree, from 1; the worker numbers the ones it makes
after them.

A change is a list, its kind first (``web/site/applier.mjs`` carries them out):
``["attr", id, name, value]``, ``["unattr", id, name]``, ``["text", id, text]``,
``["prop", id, name, value]``, ``["create", id, tag, svg]``, ``["clone", id, first_id, deep]``,
``["html", id, markup, first_id]``, ``["children", id, None, [id or text, ...]]``,
``["insert", parent, before|None|0, [id or text, ...]]`` (0: at the start), ``["remove", id]``,
``["focus", id, prevent_scroll, move]``, ``["reflow", id]``, ``["title", text]``,
``["listen", id, type]``, ``["unlisten", id, type]``, ``["decide", id, type, rule]``,
``["event", name, detail]``, ``["journal", key, spec]`` (:meth:`MirrorDocument.journal_taps`),
``["console", level, text]``, ``["call", id, method, args]``
(a dialog's ``showModal``/``close``, ``click``, ``select``, ``blur``, ``scrollIntoView``);
from ``window.py``: ``["store", key, value|None]``, ``["history", href]``; from
``page_time.py``: ``["timer", n, ms, repeat]``, ``["untimer", n]``; from ``asks.py``:
``["ask", n, what, args]``. The document is number 0, the window -1.

The last change of a batch may be ``["forget", [id, ...]]``: the elements Python let go of
(nothing in Python holds them any more, so no later change can name them); the page lets go of
them too, so that neither side keeps every element it ever made. Work on copies the page never
sees (the board's markup for the snapshot) is done inside :meth:`MirrorDocument.scratch`: it
makes no change and uses numbers of its own, below the window's.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from halfmoon_web.remote import markup
from halfmoon_web.remote.selectors import compile_selector

SVG = "http://www.w3.org/2000/svg"


class Changes:
    """The batch of changes made since the last :meth:`take`."""

    def __init__(self) -> None:
        self.ops: list[list[Any]] = []
        self.paused = 0
        """Above 0 inside :meth:`MirrorDocument.scratch`: changes are not recorded."""
        self.forgotten: list[int] = []
        """The numbers of the elements Python let go of since the last :meth:`take`."""

    def add(self, *op: Any) -> None:
        """Append one change (none while paused)."""
        if not self.paused:
            self.ops.append(list(op))

    def take(self) -> list[list[Any]]:
        """The changes made so far, then the elements let go of (``forget``); the batch starts
        empty again."""
        ops, self.ops = self.ops, []
        forgotten, self.forgotten = self.forgotten, []
        if forgotten:
            ops.append(["forget", forgotten])
        return ops


class Rects(list):
    """``getClientRects()``'s answer: a list with the ``length`` the view reads."""

    @property
    def length(self) -> int:
        return len(self)


class MirrorText:
    """A text node."""

    def __init__(self, data: str) -> None:
        self.data = data
        self.parentElement: MirrorElement | None = None

    @property
    def textContent(self) -> str:
        return self.data

    def html(self) -> str:
        return markup.escape(self.data, attribute=False)


class ClassList:
    """An element's ``classList``: each change rewrites its ``class`` attribute."""

    def __init__(self, element: MirrorElement) -> None:
        self._el = element

    def contains(self, name: str) -> bool:
        return name in self._el.class_names()

    def add(self, *names: str) -> None:
        have = self._el.class_names()
        self._write(have + [n for n in names if n not in have])

    def remove(self, *names: str) -> None:
        have = self._el.class_names()
        if any(n in have for n in names):
            self._write([n for n in have if n not in names])

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else bool(force)
        if on:
            self.add(name)
        else:
            self.remove(name)
        return on

    def _write(self, names: list[str]) -> None:
        self._el.setAttribute("class", " ".join(names))


def _reflect(name: str) -> property:
    """A property that reads and writes the attribute ``name``."""

    def get(self: MirrorElement) -> str:
        return self.attrs.get(name, "")

    def put(self: MirrorElement, value: object) -> None:
        self.setAttribute(name, value)

    return property(get, put)


def _flag(name: str) -> property:
    """A true-or-false property that is the presence of the attribute ``name``."""

    def get(self: MirrorElement) -> bool:
        return name in self.attrs

    def put(self: MirrorElement, value: object) -> None:
        self.toggleAttribute(name, bool(value))

    return property(get, put)


class Listening:
    """What listens in the mirror (an element, the document: 0, the window: -1): the
    listeners Python added, and the ``listen`` changes that make the page forward the events."""

    id_number: int
    listeners: dict[str, list[Callable[[Any], Any]]]

    def _changes(self) -> Changes:
        raise NotImplementedError

    def addEventListener(self, kind: str, listener: Callable[[Any], Any], *_: Any) -> None:
        here = self.listeners.setdefault(kind, [])
        if not here:
            self._changes().add("listen", self.id_number, kind)
        if listener not in here:
            here.append(listener)

    def removeEventListener(self, kind: str, listener: Callable[[Any], Any], *_: Any) -> None:
        here = self.listeners.get(kind, [])
        if listener in here:
            here.remove(listener)
            if not here:
                self._changes().add("unlisten", self.id_number, kind)


def plain_options(options: Any) -> dict[str, Any]:
    """An options dictionary as the view makes it: a dict (CPython), or the JavaScript object
    ``to_js`` made of one (Pyodide)."""
    if options is None:
        return {}
    if isinstance(options, dict):
        return dict(options)
    to_py = getattr(options, "to_py", None)
    return dict(to_py()) if to_py is not None else {}


class MirrorElement(Listening):
    """An element of the mirror, with the part of the DOM's interface the view uses."""

    def __init__(self, doc: MirrorDocument, number: int, tag: str, svg: bool = False) -> None:
        self.ownerDocument = doc
        self.id_number = number
        self.localName = tag
        self.svg = svg
        self.attrs: dict[str, str] = {}
        self.childNodes: list[MirrorElement | MirrorText] = []
        self.parentElement: MirrorElement | None = None
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}
        self._value: str | None = None
        self._checked = False
        self.classList = ClassList(self)
        doc.elements[number] = self

    def __del__(self) -> None:
        # Let go of in Python: the page may let go of its element too (a scratch one it never had).
        if self.id_number > 0:
            self.ownerDocument.changes.forgotten.append(self.id_number)

    def __repr__(self) -> str:
        return f"<{self.localName} #{self.id_number}>"

    # -- reading --------------------------------------------------------------------------
    @property
    def tagName(self) -> str:
        return self.localName if self.svg else self.localName.upper()

    def class_names(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name.lower())

    def hasAttribute(self, name: str) -> bool:
        return name.lower() in self.attrs

    @property
    def children(self) -> list[MirrorElement]:
        return [n for n in self.childNodes if isinstance(n, MirrorElement)]

    @property
    def firstElementChild(self) -> MirrorElement | None:
        kids = self.children
        return kids[0] if kids else None

    @property
    def lastElementChild(self) -> MirrorElement | None:
        kids = self.children
        return kids[-1] if kids else None

    @property
    def isConnected(self) -> bool:
        node: MirrorElement | None = self
        while node is not None:
            if node is self.ownerDocument.documentElement:
                return True
            node = node.parentElement
        return False

    def getClientRects(self) -> Rects:
        """One box when the element is in the page and neither it nor an element round it is
        ``hidden`` or a closed ``<dialog>`` (the mirror knows no style: that is the view's only
        use of it)."""
        node: MirrorElement | None = self
        while node is not None:
            if "hidden" in node.attrs or (node.localName == "dialog" and "open" not in node.attrs):
                return Rects()  # hidden, or in a closed dialog (the browser shows it not)
            node = node.parentElement
        return Rects([object()] if self.isConnected else [])

    @property
    def offsetWidth(self) -> int:
        """A reflow on the page (the view reads it to start an animation again); 0 here."""
        self.ownerDocument.changes.add("reflow", self.id_number)
        return 0

    def contains(self, other: Any) -> bool:
        node = other
        while node is not None:
            if node is self:
                return True
            node = getattr(node, "parentElement", None)
        return False

    def closest(self, selector: str) -> MirrorElement | None:
        test = compile_selector(selector)
        node: MirrorElement | None = self
        while node is not None:
            if test(node, None):
                return node
            node = node.parentElement
        return None

    def descendants(self) -> Iterator[MirrorElement]:
        """The elements inside this one, in the order of the tree."""
        for child in self.childNodes:
            if isinstance(child, MirrorElement):
                yield child
                yield from child.descendants()

    def querySelectorAll(self, selector: str) -> list[MirrorElement]:
        test = compile_selector(selector)
        return [el for el in self.descendants() if test(el, self)]

    def querySelector(self, selector: str) -> MirrorElement | None:
        test = compile_selector(selector)
        return next((el for el in self.descendants() if test(el, self)), None)

    @property
    def textContent(self) -> str:
        return "".join(child.textContent for child in self.childNodes)

    @property
    def innerHTML(self) -> str:
        return "".join(child.html() for child in self.childNodes)

    @property
    def outerHTML(self) -> str:
        return self.html()

    def html(self) -> str:
        attrs = "".join(
            f' {name}="{markup.escape(value, attribute=True)}"'
            for name, value in self.attrs.items()
        )
        if self.localName in markup.VOID and not self.svg:
            return f"<{self.localName}{attrs}>"
        return f"<{self.localName}{attrs}>{self.innerHTML}</{self.localName}>"

    # -- writing --------------------------------------------------------------------------
    def setAttribute(self, name: str, value: object) -> None:
        name, text = name.lower(), str(value)
        if self is self.ownerDocument.documentElement:
            self.ownerDocument.root_written.add(name)
        if self.attrs.get(name) != text:
            self.attrs[name] = text
            self.ownerDocument.changes.add("attr", self.id_number, name, text)

    def removeAttribute(self, name: str) -> None:
        name = name.lower()
        if self is self.ownerDocument.documentElement:
            self.ownerDocument.root_written.add(name)
        if name in self.attrs:
            del self.attrs[name]
            self.ownerDocument.changes.add("unattr", self.id_number, name)

    def toggleAttribute(self, name: str, force: bool | None = None) -> bool:
        on = not self.hasAttribute(name) if force is None else bool(force)
        if on:
            if not self.hasAttribute(name):
                self.setAttribute(name, "")
        else:
            self.removeAttribute(name)
        return on

    @textContent.setter
    def textContent(self, text: object) -> None:
        text = "" if text is None else str(text)
        if self.textContent == text and len(self.childNodes) <= 1:
            return
        self._drop_children()
        if text:
            self._adopt(MirrorText(text))
        self.ownerDocument.changes.add("text", self.id_number, text)

    @innerHTML.setter
    def innerHTML(self, text: str) -> None:
        self._drop_children()
        doc = self.ownerDocument
        first = doc.next_number
        doc.parse_into(self, text)
        doc.changes.add("html", self.id_number, text, first)

    def append(self, *nodes: Any) -> None:
        self.insertBefore_many(nodes, None)

    def prepend(self, *nodes: Any) -> None:
        self.insertBefore_many(nodes, self.childNodes[0] if self.childNodes else None)

    def before(self, *nodes: Any) -> None:
        """Insert ``nodes`` just before this element, in its parent."""
        if self.parentElement is not None:
            self.parentElement.insertBefore_many(nodes, self)

    def after(self, *nodes: Any) -> None:
        """Insert ``nodes`` just after this element, in its parent."""
        parent = self.parentElement
        if parent is not None:
            at = parent.childNodes.index(self) + 1
            nxt = parent.childNodes[at] if at < len(parent.childNodes) else None
            if nxt is None or isinstance(nxt, MirrorElement):
                parent.insertBefore_many(nodes, nxt)
            else:  # a text next: before the element after it, or at the end
                later = next(
                    (n for n in parent.childNodes[at:] if isinstance(n, MirrorElement)), None
                )
                parent.insertBefore_many(nodes, later)

    def appendChild(self, node: Any) -> Any:
        self.insertBefore_many((node,), None)
        return node

    def insertBefore(self, node: Any, before: Any) -> Any:
        self.insertBefore_many((node,), before)
        return node

    def replaceChildren(self, *nodes: Any) -> None:
        self._drop_children()
        self.insertBefore_many(nodes, None, replacing=True)

    def insertBefore_many(
        self, nodes: tuple[Any, ...], before: MirrorElement | None, *, replacing: bool = False
    ) -> None:
        """Insert ``nodes`` (elements or texts) before ``before`` (at the end if None)."""
        items: list[int | str] = []
        for node in nodes:
            child = MirrorText(node) if isinstance(node, str) else node
            if isinstance(child, MirrorElement):
                child.detach()
                items.append(child.id_number)
            else:
                items.append(child.data)
            at = self.childNodes.index(before) if before is not None else len(self.childNodes)
            self.childNodes.insert(at, child)
            child.parentElement = self
        if before is None:
            before_number = None
        elif isinstance(before, MirrorText):  # only prepend() gives a text: the very start
            before_number = 0
        else:
            before_number = before.id_number
        kind = "children" if replacing else "insert"
        self.ownerDocument.changes.add(kind, self.id_number, before_number, items)

    def cloneNode(self, deep: bool = False) -> MirrorElement:
        """A copy, numbered after the others in the order of its tree (as the applier numbers
        the page's copy)."""
        doc = self.ownerDocument
        first = doc.next_number
        copy = self._copy(bool(deep))
        doc.changes.add("clone", self.id_number, first, bool(deep))
        return copy

    def _copy(self, deep: bool) -> MirrorElement:
        doc = self.ownerDocument
        copy = MirrorElement(doc, doc.take_number(), self.localName, self.svg)
        copy.attrs = dict(self.attrs)
        if deep:
            for child in self.childNodes:
                copy._adopt(
                    child._copy(True)
                    if isinstance(child, MirrorElement)
                    else MirrorText(child.data)
                )
        return copy

    def remove(self) -> None:
        if self.parentElement is not None:
            self.detach()
            self.ownerDocument.changes.add("remove", self.id_number)

    def detach(self) -> None:
        """Out of its parent, in the mirror only (a move writes its own change)."""
        if self.parentElement is not None:
            self.parentElement.childNodes.remove(self)
            self.parentElement = None
            self.ownerDocument.left(self)

    def _adopt(self, child: MirrorElement | MirrorText) -> None:
        self.childNodes.append(child)
        child.parentElement = self

    def _drop_children(self) -> None:
        for child in self.childNodes:
            child.parentElement = None
            if isinstance(child, MirrorElement):
                self.ownerDocument.left(child)
        self.childNodes = []

    def focus(self, options: Any = None) -> None:
        prevent = bool(getattr(options, "preventScroll", False)) if options is not None else False
        if self.isConnected and not self.disabled:
            doc = self.ownerDocument
            doc.activeElement = self
            doc.focus_moves += 1
            doc.changes.add("focus", self.id_number, prevent, doc.focus_moves)

    def _changes(self) -> Changes:
        return self.ownerDocument.changes

    def call(self, method: str, *args: Any) -> None:
        """Have the page call the element's ``method`` (one the applier allows)."""
        self.ownerDocument.changes.add("call", self.id_number, method, list(args))

    def click(self) -> None:
        """A click on the page's element: the page's own default action (a link followed, a
        file picker opened, a download), and its events forwarded as any other click."""
        self.call("click")

    def select(self) -> None:
        """Select the text of a field (for the player to copy)."""
        self.call("select")

    def blur(self) -> None:
        if self.ownerDocument.activeElement is self:
            self.ownerDocument.activeElement = self.ownerDocument.body
        self.call("blur")

    def scrollIntoView(self, options: Any = None) -> None:
        self.call("scrollIntoView", plain_options(options))

    # -- a dialog ---------------------------------------------------------------------------
    @property
    def open(self) -> bool:
        """A dialog is open (the page tells each change it makes itself: docs/worker.md)."""
        return "open" in self.attrs

    def showModal(self) -> None:
        """Open the dialog on the page, modal (the page sets ``open`` itself)."""
        if "open" not in self.attrs:
            self.attrs["open"] = ""
            self.call("showModal")

    def close(self, *_: Any) -> None:
        """Close the dialog on the page; its ``close`` event comes back from the page."""
        if "open" in self.attrs:
            del self.attrs["open"]
            self.call("close")

    @property
    def files(self) -> Any:
        """A file input's files, as the page sent them with its last ``change`` event."""
        return getattr(self, "_files", None)

    # -- properties that reflect an attribute, and an input's value ---------------------------
    className = _reflect("class")
    type = _reflect("type")
    min = _reflect("min")
    max = _reflect("max")
    href = _reflect("href")
    download = _reflect("download")
    title = _reflect("title")
    disabled = _flag("disabled")
    hidden = _flag("hidden")

    @property
    def value(self) -> str:
        return self._value if self._value is not None else self.attrs.get("value", "")

    @value.setter
    def value(self, text: object) -> None:
        self._value = str(text)
        self.ownerDocument.changes.add("prop", self.id_number, "value", self._value)

    @property
    def checked(self) -> bool:
        """A checkbox's state (the page sends it with each event on one)."""
        return self._checked

    @checked.setter
    def checked(self, on: object) -> None:
        if bool(on) != self._checked:
            self._checked = bool(on)
            self.ownerDocument.changes.add("prop", self.id_number, "checked", self._checked)


class MirrorDocument(Listening):
    """The mirror of the page's document (number 0; the window is -1)."""

    def __init__(self, first_free: int = 1) -> None:
        self.changes = Changes()
        self.id_number = 0
        self.listeners = {}
        self.visibilityState = "visible"
        """As the page said it at start and with each ``visibilitychange``."""
        self.elements: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()
        """Each element by its number, while Python holds it (in the tree, or in a variable)."""
        self.elements[0] = self
        self.next_number = first_free
        self._scratch_number = -1
        self.documentElement: MirrorElement | None = None
        self.activeElement: MirrorElement | None = None
        self.defaultView: Any = None
        self._title = ""
        self.played = 0
        """The number of the page's last message played (each carries one: ``seq``)."""
        self.focus_moves = 0
        """How many times Python moved the focus (each ``focus`` change says which move it is:
        the page tells a focus of its own with the last it carried out, so that a report made
        before Python's latest move is no longer true: :meth:`page_focus`)."""
        self.root_written: set[str] = set()
        """The attributes of ``<html>`` Python wrote: its own, never taken from the page."""

    def take_number(self) -> int:
        """The number of a new element: the next the page will give, or, inside
        :meth:`scratch`, one of its own below the window's (-1)."""
        if self.changes.paused:
            self._scratch_number -= 1
            return self._scratch_number
        self.next_number += 1
        return self.next_number - 1

    @contextmanager
    def scratch(self) -> Iterator[None]:
        """Work the page never sees, on copies it never gets (the board's markup): no change
        is recorded and the elements made have numbers of their own. Only for elements made
        inside: a change to one the page has would be lost."""
        self.changes.paused += 1
        try:
            yield
        finally:
            self.changes.paused -= 1

    @classmethod
    def from_snapshot(cls, tree: list[Any]) -> MirrorDocument:
        """The mirror of the tree the main thread sent: ``[tag, svg, [[name, value], ...],
        child, ...]`` for each element (a child is such a list or a text), numbered in order
        from 1."""
        doc = cls()
        doc.documentElement = doc._build(tree)
        doc.activeElement = doc.body
        return doc

    def page_focus(self, element: Any, after_move: object) -> None:
        """The page says its focus is on ``element`` (None: on nothing), as it was after
        Python's focus move ``after_move``: taken unless Python has moved the focus since (the
        page has not carried that out yet; it will)."""
        if isinstance(after_move, int) and after_move < self.focus_moves:
            return
        self.activeElement = element or self.body

    def follow_root(self, attrs: dict[str, Any]) -> None:
        """Take the attributes of ``<html>`` as the page has them now (sent with an event on
        the document: boot.js's ``halfmoon-offline`` says so in them), but those Python wrote:
        the page may not have carried its latest writes out yet (docs/worker.md, "Events")."""
        root = self.documentElement
        if root is None:
            return
        page = {str(name).lower(): str(value) for name, value in attrs.items()}
        for name in [name for name in root.attrs if name not in page]:
            if name not in self.root_written:
                del root.attrs[name]
        for name, value in page.items():
            if name not in self.root_written:
                root.attrs[name] = value

    def _build(self, tree: list[Any]) -> MirrorElement:
        tag, svg, attrs, *kids = tree
        el = MirrorElement(self, self.take_number(), tag, bool(svg))
        el.attrs = {str(name): str(value) for name, value in attrs}
        el._checked = "checked" in el.attrs
        for kid in kids:
            el._adopt(MirrorText(kid) if isinstance(kid, str) else self._build(kid))
        return el

    def parse_into(self, parent: MirrorElement, text: str) -> None:
        """Parse ``text`` (markup Python made) into ``parent``'s children, numbering the new
        elements as the applier does: in the order of their start tags."""
        stack = [parent]
        for kind, value, attrs in markup.tokens(text):
            top = stack[-1]
            if kind == "text":
                top._adopt(MirrorText(value))
            elif kind == "end":
                if len(stack) > 1 and top.localName == value:
                    stack.pop()
            else:
                svg = value == "svg" or top.svg
                el = MirrorElement(self, self.take_number(), value, svg)
                el.attrs = dict(attrs)
                top._adopt(el)
                if kind == "start":
                    stack.append(el)

    def left(self, el: MirrorElement) -> None:
        """``el`` left the tree: the focus with it goes to ``<body>``, as in a browser."""
        if self.activeElement is not None and el.contains(self.activeElement):
            self.activeElement = self.body

    def _changes(self) -> Changes:
        return self.changes

    # -- the document's interface ----------------------------------------------------------
    @property
    def body(self) -> MirrorElement | None:
        root = self.documentElement
        return next((el for el in root.children if el.localName == "body"), None) if root else None

    @property
    def head(self) -> MirrorElement | None:
        root = self.documentElement
        return next((el for el in root.children if el.localName == "head"), None) if root else None

    def createElement(self, tag: str) -> MirrorElement:
        el = MirrorElement(self, self.take_number(), tag.lower())
        self.changes.add("create", el.id_number, el.localName, False)
        return el

    def createElementNS(self, namespace: str, tag: str) -> MirrorElement:
        """An element of ``namespace`` (SVG, the statistics chart's)."""
        svg = namespace == SVG
        el = MirrorElement(self, self.take_number(), tag if svg else tag.lower(), svg)
        self.changes.add("create", el.id_number, el.localName, svg)
        return el

    def getElementById(self, wanted: str) -> MirrorElement | None:
        root = self.documentElement
        if root is None:
            return None
        return next((el for el in root.descendants() if el.attrs.get("id") == wanted), None)

    def querySelector(self, selector: str) -> MirrorElement | None:
        root = self.documentElement
        if root is None:
            return None
        return root if compile_selector(selector)(root, None) else root.querySelector(selector)

    def querySelectorAll(self, selector: str) -> list[MirrorElement]:
        root = self.documentElement
        if root is None:
            return []
        test = compile_selector(selector)
        return ([root] if test(root, None) else []) + root.querySelectorAll(selector)

    @property
    def title(self) -> str:
        return self._title

    @title.setter
    def title(self, text: str) -> None:
        self._title = str(text)
        self.changes.add("title", self._title)

    def decide_in_event(
        self, el: MirrorElement, kind: str, rule: dict[str, object] | list[dict[str, object]]
    ) -> None:
        """Tell the main thread what to decide itself in ``kind`` events on ``el``, which
        cannot wait for Python (docs/worker.md, "Decided in the event"): a rule or a list of
        rules, each ``{"always": true}`` (prevent every such event), ``{"prevent_keys": [...]}``
        (single characters in any case, or key names, without Ctrl, Alt or Meta) or
        ``{"keys": [...]}`` (key combinations, ``Control+Shift+z``: the modifiers in that
        order, then the letter), limited by ``within`` (the target is in an element the
        selector matches), ``outside`` (it is not), ``unless`` (no element of the page matches)
        and ``repeat: false`` (not on a key held down)."""
        self.changes.add("decide", el.id_number, kind, rule)

    def journal_taps(
        self,
        key: str,
        selector: str,
        attrs: tuple[str, ...],
        base: str,
        first: list[str],
        clock: tuple[float, int, int] | None = None,
        keys: tuple[dict[str, str], dict[str, Any]] | None = None,
    ) -> None:
        """Have the page write down each click on an element ``selector`` matches (by the first
        of its ``attrs`` it has) until the next call, and store them under ``key`` if it goes
        before a save holds them (docs/worker.md, "Saving against a closing tab"): ``base``
        names the game as stored now, which holds every tap played so far; ``first`` are the
        taps to play before the ones written down (the selection); ``clock``, when the game's
        clock runs: a time of the page's (``performance.now()``), the game's time then, and
        its time as stored, for the page to store the game's time when it goes; ``keys``, the
        key presses to write down too (a combination, ``Control+z``, and the value written for
        it) with the rule of where they act (``outside``, ``unless``, ``repeat``: as a
        ``decide`` rule's), on a key press no listener before had prevented."""
        spec = {"selector": selector, "attrs": list(attrs), "base": base, "first": first}
        if clock is not None:
            spec["clock"] = list(clock)
        if keys is not None:
            spec["keys"], spec["key_scope"] = keys
        self.changes.add("journal", key, {**spec, "covered": self.played})

    def dispatchEvent(self, event: Any) -> bool:
        """A custom event on the page's document (start-up stages: ``halfmoon:stage``)."""
        self.changes.add("event", str(event.type), getattr(event, "detail", None))
        return True
