"""The worker's mirror of the page (halfmoon_web/remote, docs/worker.md): it answers the view's
reads as the page would, and the changes it records rebuild the page exactly.

A second mirror made from the same snapshot plays the role of the page: :func:`replay` carries
out each batch on it as ``web/site/applier.mjs`` does on the real page, and the two must then
serialise to the same markup. The board's own code runs on the mirror here (the tests stand in
for ``pyodide.ffi``), so the test is the view's real work, not a sample of calls."""

from __future__ import annotations

import gc
import json
import sys
import time
import types
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon_web.remote.markup import MarkupError, tokens
from halfmoon_web.remote.mirror import MirrorDocument, MirrorElement, MirrorText
from halfmoon_web.remote.selectors import SelectorError, compile_selector
from halfmoon_web.shared.dom import focus_lost


def _stand_in_for_pyodide() -> None:
    """``pyodide.ffi`` as the board imports it: a proxy is the function itself."""
    if "pyodide.ffi" in sys.modules:
        return

    class Proxy:
        def __init__(self, fn: Any) -> None:
            self.fn = fn

        def __call__(self, *args: Any) -> Any:
            return self.fn(*args)

        def destroy(self) -> None:
            self.fn = None

    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.create_once_callable = Proxy  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **_options: value  # type: ignore[attr-defined]
    ffi.jsnull = None  # type: ignore[attr-defined]
    package = types.ModuleType("pyodide")
    package.ffi = ffi  # type: ignore[attr-defined]
    sys.modules.setdefault("pyodide", package)
    sys.modules["pyodide.ffi"] = ffi


_stand_in_for_pyodide()

from halfmoon_core import Game, format_code  # noqa: E402
from halfmoon_web.board.board import Board  # noqa: E402
from halfmoon_web.board.board_markup import drawn_board, to_html  # noqa: E402
from halfmoon_web.model.board_model import BoardModel, BoardOptions  # noqa: E402

PAGE = [
    "html", 0, [["lang", "en"]],
    ["head", 0, []],
    ["body", 0, [["data-page", "embed"]],
        "\n  ",
        ["div", 0, [["id", "board"], ["class", "board"], ["aria-busy", "true"]]],
        ["p", 0, [["id", "status"], ["role", "status"]], "Loading…"],
    ],
]  # fmt: skip


class Host:
    """The worker's globals the window reads (none are called by these tests' boards)."""

    def __init__(self) -> None:
        self.timers: list[Any] = []

    def setTimeout(self, callback: Any, _ms: int) -> int:
        self.timers.append(callback)
        return len(self.timers)


class Window:
    """Enough of ``window`` for a board: JSON.parse for focus options, timers, frames."""

    def __init__(self, doc: MirrorDocument) -> None:
        self.document = doc
        doc.defaultView = self
        self.timers: list[Any] = []
        self.frames: list[Any] = []
        self.JSON = types.SimpleNamespace(
            parse=lambda _text: types.SimpleNamespace(preventScroll=True)
        )

    def setTimeout(self, callback: Any, _ms: int) -> int:
        self.timers.append(callback)
        return len(self.timers)

    def requestAnimationFrame(self, callback: Any) -> int:
        self.frames.append(callback)
        return len(self.frames)

    def run_frames(self) -> None:
        while self.frames:
            frames, self.frames = self.frames, []
            for callback in frames:
                callback(0)


def held(page: MirrorDocument) -> dict[int, MirrorElement]:
    """What the stand-in ``page`` holds by number, as applier.mjs's ``nodes`` does: every
    element it was sent or made (at first, all of its tree), until the worker says it let go
    of it (``forget``)."""
    if "held" not in vars(page):
        root = page.documentElement
        page.held = {el.id_number: el for el in ([root, *root.descendants()] if root else [])}
    return page.held


def replay(page: MirrorDocument, ops: list[list[Any]]) -> None:
    """Carry out ``ops`` on ``page`` as applier.mjs carries them out on the real page."""
    nodes = held(page)
    for op in ops:
        kind, rest = op[0], op[1:]
        el = (
            (nodes.get(rest[0]) or page.elements.get(rest[0]))
            if rest and isinstance(rest[0], int)
            else None
        )
        if kind == "attr":
            el.attrs[rest[1]] = rest[2]
        elif kind == "unattr":
            el.attrs.pop(rest[1], None)
        elif kind == "text":
            el._drop_children()
            if rest[1]:
                el._adopt(MirrorText(rest[1]))
        elif kind == "prop":
            el._value = rest[2]
        elif kind == "create":
            nodes[rest[0]] = MirrorElement(page, rest[0], rest[1], rest[2])
        elif kind == "clone":
            page.next_number = rest[1]
            copy = el._copy(rest[2])
            nodes.update((made.id_number, made) for made in [copy, *copy.descendants()])
        elif kind == "html":
            el._drop_children()
            page.next_number = rest[2]
            page.parse_into(el, rest[1])
            nodes.update((made.id_number, made) for made in el.descendants())
        elif kind == "forget":
            for number in rest[0]:
                nodes.pop(number, None)
        elif kind in ("insert", "children"):
            if kind == "children":
                el._drop_children()
            at = None if rest[1] is None else (el.childNodes[0] if rest[1] == 0 else nodes[rest[1]])
            for item in rest[2]:
                child = MirrorText(item) if isinstance(item, str) else nodes[item]
                if isinstance(child, MirrorElement):
                    child.detach()
                index = el.childNodes.index(at) if at is not None else len(el.childNodes)
                el.childNodes.insert(index, child)
                child.parentElement = el
        elif kind == "remove":
            el.detach()
        elif kind not in (
            "focus",
            "reflow",
            "title",
            "listen",
            "unlisten",
            "decide",
            "event",
            "store",
            "call",
            "history",
            "timer",
            "untimer",
            "ask",
        ):
            raise AssertionError(f"a change the applier does not know: {kind}")


def page_pair() -> tuple[MirrorDocument, MirrorDocument]:
    """The worker's mirror and the page it mirrors, from one snapshot."""
    return MirrorDocument.from_snapshot(PAGE), MirrorDocument.from_snapshot(PAGE)


def in_step(mirror: MirrorDocument, page: MirrorDocument) -> list[list[Any]]:
    """Send the batch; the page then shows what the mirror holds. The batch sent."""
    ops = mirror.changes.take()
    replay(page, ops)
    return ops


def frame_then_send(window: Window, mirror: MirrorDocument, page: MirrorDocument) -> list:
    """The page's next frame and the timers due run; then the batch goes (and is returned)."""
    window.run_frames()
    for timer in window.timers:
        timer()
    window.timers.clear()
    return in_step(mirror, page)
    assert page.documentElement.outerHTML == mirror.documentElement.outerHTML


def mounted_board(deal: int = 1) -> tuple[Board, MirrorDocument, MirrorDocument, Window]:
    mirror, page = page_pair()
    window = Window(mirror)
    host = mirror.getElementById("board")
    board = Board(
        host, BoardModel(Game.from_code(format_code(deal))), BoardOptions(lang="en", labels=True)
    )
    window.run_frames()
    in_step(mirror, page)
    return board, mirror, page, window


# -- reading as the page reads -------------------------------------------------------------


def test_snapshot_elements_are_numbered_in_tree_order_and_new_ones_after() -> None:
    doc = MirrorDocument.from_snapshot(PAGE)
    assert [el.localName for el in (doc.elements[n] for n in range(1, 6))] == [
        "html", "head", "body", "div", "p",
    ]  # fmt: skip
    made = doc.createElement("span")
    assert made.id_number == 6
    assert doc.changes.take() == [["create", 6, "span", False]]


@pytest.mark.parametrize(
    ("selector", "wanted"),
    [
        ("#board", ["div"]),
        ("body > p", ["p"]),
        ("html p[role=status]", ["p"]),
        ('[aria-busy="true"], p', ["div", "p"]),
        (":scope > :not(head)", ["body"]),
        ("div.board", ["div"]),
        ("span", []),
    ],
)
def test_selectors_find_what_the_browser_finds(selector: str, wanted: list[str]) -> None:
    doc = MirrorDocument.from_snapshot(PAGE)
    assert [el.localName for el in doc.documentElement.querySelectorAll(selector)] == wanted


@pytest.mark.parametrize("selector", ["div ~ p", "p:first-child", "div + p", "a::before"])
def test_a_selector_the_mirror_cannot_answer_is_refused_not_guessed(selector: str) -> None:
    with pytest.raises(SelectorError):
        compile_selector(selector)


def test_markup_round_trips_as_the_browser_serialises_it() -> None:
    doc = MirrorDocument.from_snapshot(PAGE)
    host = doc.getElementById("board")
    text = '<p class="a" title="x &amp; &quot;y&quot;">1 &lt; 2&nbsp;&amp; <b>bold</b></p><br>'
    host.innerHTML = text
    assert host.innerHTML == text
    assert host.textContent == "1 < 2\xa0& bold"


def test_markup_that_is_not_the_views_is_refused() -> None:
    with pytest.raises(MarkupError):
        list(tokens("<p <b>"))


def test_a_write_that_changes_nothing_sends_nothing() -> None:
    doc = MirrorDocument.from_snapshot(PAGE)
    board = doc.getElementById("board")
    board.setAttribute("aria-busy", "true")
    board.classList.add("board")
    board.classList.remove("absent")
    assert doc.changes.take() == []
    board.classList.toggle("hm-x")
    assert doc.changes.take() == [["attr", 4, "class", "board hm-x"]]


def test_the_focus_follows_focus_calls_and_leaves_with_a_removed_element() -> None:
    doc = MirrorDocument.from_snapshot(PAGE)
    status = doc.getElementById("status")
    status.focus()
    assert doc.activeElement is status
    status.remove()
    assert doc.activeElement is doc.body
    assert not status.isConnected and status.getClientRects() == []


def test_an_element_in_a_closed_dialog_has_no_box_so_a_focus_left_there_is_lost() -> None:
    doc = MirrorDocument.from_snapshot(
        ["html", 0, [], ["body", 0, [], ["dialog", 0, [["id", "d"]], ["button", 0, [["id", "b"]]]]]]
    )
    dialog, button = doc.getElementById("d"), doc.getElementById("b")
    dialog.showModal()
    button.focus()
    assert button.getClientRects().length == 1 and not focus_lost(doc)
    dialog.close()
    assert button.getClientRects().length == 0 and focus_lost(doc)


# -- the board's real work, carried out on the page from the changes alone -------------------


def test_a_board_mounted_on_the_mirror_is_drawn_on_the_page_by_its_changes() -> None:
    board, mirror, page, _ = mounted_board()
    assert len(page.documentElement.querySelectorAll("button[data-place]")) == 20
    assert mirror.getElementById("board").getAttribute("aria-busy") is None
    assert board.model.game.status == "playing"


def test_the_board_adopts_the_board_the_page_already_shows() -> None:
    game = Game.from_code(format_code(1))
    markup = "".join(to_html(part) for part in drawn_board(game, "en", interactive=True))
    doc = MirrorDocument.from_snapshot(PAGE)
    Window(doc)
    host = doc.getElementById("board")
    host.innerHTML = f'<div class="hm-board hm-static">{markup}</div>'
    doc.changes.take()
    Board(host, BoardModel(game), BoardOptions(lang="en"))
    kinds = {op[0] for op in doc.changes.take()}
    assert "children" not in kinds  # kept, not drawn again
    assert host.firstElementChild.classList.contains("hm-board")


def _pairs(game: Game) -> list[tuple[str, ...]]:
    return [tuple(move.places) for move in game.legal_moves()]


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=10_000), st.lists(st.integers(0, 40), max_size=12))
def test_every_tap_undo_and_refusal_keeps_the_page_equal_to_the_mirror(
    deal: int, picks: list[int]
) -> None:
    board, mirror, page, window = mounted_board(deal)
    for pick in picks:
        moves = _pairs(board.model.game)
        if pick % 5 == 0 and board.model.game.moves:
            board.undo()
        elif moves and pick % 5 != 1:
            for place in moves[pick % len(moves)]:
                board.tap(place)
        else:  # a refused pair: two cards that do not go together, or one card alone
            places = [p for p in board.model.game.playable()][:2]
            for place in places:
                board.tap(place)
        frame_then_send(window, mirror, page)


# -- letting go of elements (docs/worker.md, "The mirror") ------------------------------------


def test_the_page_lets_go_of_exactly_the_elements_python_let_go_of() -> None:
    board, mirror, page, window = mounted_board(3)
    sent = []
    for _ in range(6):  # removals (their leaving cards end), then an undo
        for place in _pairs(board.model.game)[0]:
            board.tap(place)
        sent += frame_then_send(window, mirror, page)
    board.undo()
    sent += frame_then_send(window, mirror, page)
    gc.collect()
    sent += in_step(mirror, page)  # (the page would fail on a change to one it let go of)
    assert any(op[0] == "forget" for op in sent)  # leaving cards and replaced faces
    assert set(held(page)) == {number for number in mirror.elements if number > 0}
    assert page.documentElement.outerHTML == mirror.documentElement.outerHTML


def test_work_in_scratch_sends_nothing_and_takes_no_number_of_the_page() -> None:
    doc = MirrorDocument.from_snapshot(PAGE)
    first_free = doc.next_number
    with doc.scratch():
        copy = doc.body.cloneNode(True)
        copy.querySelector("p").remove()
        copy.setAttribute("class", "copy")
        made = doc.createElement("span")
        copy.append(made)
        text = copy.outerHTML
    assert "<p" not in text and 'class="copy"' in text and "<span>" in text
    assert doc.next_number == first_free
    del copy, made
    gc.collect()
    assert doc.changes.take() == []  # nothing made, nothing to forget
    assert doc.createElement("i").id_number == first_free


def test_the_boards_markup_for_the_snapshot_is_made_without_a_change_to_the_page() -> None:
    board, mirror, page, window = mounted_board(3)
    for place in _pairs(board.model.game)[0]:
        board.tap(place)
    window.run_frames()
    in_step(mirror, page)
    text = board.markup()
    assert "hm-leaving" in mirror.getElementById("board").outerHTML  # still on the page
    assert "hm-leaving" not in text and "data-place" in text
    gc.collect()
    assert mirror.changes.take() == []


def test_the_worker_starts_the_pages_the_build_gives_a_worker_with_main_pys_modules() -> None:
    import ast
    from pathlib import Path

    import page_head

    from halfmoon_web.remote.worker_main import WORKER_PAGES

    main = Path(__file__).resolve().parent.parent / "web" / "site" / "main.py"
    table = next(
        node.value
        for node in ast.parse(main.read_text(encoding="utf-8")).body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PAGES"
    )
    pages = ast.literal_eval(table)
    assert {name: pages[name] for name in WORKER_PAGES} == WORKER_PAGES
    html_names = {"game": "index"}
    built = {name for name, page in page_head.PAGES.items() if page.worker}
    # every page the build starts in a worker can start there; the game page can too, though
    # the build still starts it on the main thread (docs/worker.md, "The game page")
    assert built <= {html_names.get(name, name) for name in WORKER_PAGES}
    assert "game" in WORKER_PAGES


def _worker_window(stored: dict[str, str] | None) -> Any:
    from halfmoon_web.remote.window import MirrorWindow, PageFacts

    facts = PageFacts("http://x/rules.html", "", framed=False, languages=("vi",), stored=stored)
    host = types.SimpleNamespace(URLSearchParams=None, performance=None, JSON=None)
    return MirrorWindow(MirrorDocument.from_snapshot(PAGE), facts, host)


def test_the_workers_storage_reads_what_was_stored_and_sends_each_write() -> None:
    from halfmoon_web.storage.storage import Storage

    window = _worker_window({"halfmoon.settings": '{"lang": "en"}'})
    storage = Storage.from_window(window)
    assert storage.get_text("halfmoon.settings") == '{"lang": "en"}'
    assert storage.set_text("halfmoon.game", "{}")
    storage.remove("halfmoon.settings")
    assert window.document.changes.take() == [
        ["store", "halfmoon.game", "{}"],
        ["store", "halfmoon.settings", None],
    ]
    assert window.localStorage.getItem("halfmoon.settings") is None


def test_a_value_read_before_pythons_own_write_was_carried_out_is_not_another_tabs() -> None:
    """docs/worker.md, "Tabs": the page writes after the frame, so a value it read fresh for a
    message may be one Python has already written over."""
    stored = _worker_window({"halfmoon.game": "v0"}).localStorage
    stored.setItem("halfmoon.game", "v1")
    stored.setItem("halfmoon.game", "v2")
    for before in ("v0", "v1"):  # read before v1 or v2 was carried out
        stored.fresh("halfmoon.game", before)
        assert stored.getItem("halfmoon.game") == "v2"
    stored.fresh("halfmoon.game", "v2")  # Python's last write, read back
    stored.fresh("halfmoon.game", "v1")  # from now on, another tab's write
    assert stored.getItem("halfmoon.game") == "v1"
    stored.removeItem("halfmoon.game")
    stored.fresh("halfmoon.game", "v1")  # read before the removal was carried out
    assert stored.getItem("halfmoon.game") is None
    stored.fresh("halfmoon.game", "another tab's")
    assert stored.getItem("halfmoon.game") == "another tab's"


def test_storage_the_browser_refused_is_refused_in_the_worker_too() -> None:
    from halfmoon_web.storage.storage import Storage

    storage = Storage.from_window(_worker_window(None))
    assert storage.blocked
    assert storage.get_text("halfmoon.settings") is None


# -- events played in the worker --------------------------------------------------------------


class _SearchParams:
    """``URLSearchParams`` as the embed reads it."""

    def __init__(self, search: str) -> None:
        from urllib.parse import parse_qsl

        self.pairs = parse_qsl(search.lstrip("?"), keep_blank_values=True)

    @classmethod
    def new(cls, search: str) -> _SearchParams:
        return cls(search)

    def entries(self) -> list[tuple[str, str]]:
        return list(self.pairs)

    def get(self, name: str) -> str | None:
        return next((v for k, v in self.pairs if k == name), None)


def _worker_embed() -> tuple[Any, list[list[Any]]]:
    """The embed mounted by ``worker_main`` on :data:`PAGE`; the batches it posted."""
    from halfmoon_web.remote.worker_main import WorkerPage

    posted: list[list[Any]] = []
    host = types.SimpleNamespace(
        URLSearchParams=_SearchParams,
        performance=types.SimpleNamespace(now=lambda: time.perf_counter() * 1000),
        JSON=types.SimpleNamespace(parse=lambda _t: types.SimpleNamespace(preventScroll=True)),
    )
    worker = WorkerPage(lambda ops: posted.extend(json.loads(ops)), host)
    search = "?deal=HM1-N-AAAAAAB&lang=en"
    start = {"page": "embed", "href": f"http://x/embed.html{search}", "search": search}
    start.update(framed=True, languages=["en"], stored=None, tree=PAGE)
    worker.mount(json.dumps(start))
    assert worker.document.documentElement.hasAttribute("data-ready"), posted
    return worker, posted


def test_keys_pressed_faster_than_the_worker_answers_move_from_the_workers_focus() -> None:
    """Each key's event names the card focused on the page when it was pressed, which lags the
    worker's own moves: the worker plays every key, and Enter's click, from its focus
    (docs/worker.md, "Events")."""
    worker, posted = _worker_embed()
    doc = worker.document
    board = doc.getElementById("board")
    listening = next(n for n, el in doc.elements.items() if el is board)
    first = doc.querySelector("[data-place='1']")
    number = next(n for n, el in doc.elements.items() if el is first)
    worker.dispatch(json.dumps({"active": number}))
    for key in ("Home", "ArrowRight", "ArrowRight", "ArrowRight"):
        event = {"id": listening, "type": "keydown", "target": number, "key": key}
        worker.dispatch(json.dumps(event))  # the page had not yet moved its focus: still card 1
    assert doc.activeElement.getAttribute("data-place") == "4"
    assert ["focus", number] not in [op[:2] for op in posted[-3:]]
    fourth = doc.activeElement
    click = {"id": listening, "type": "click", "target": number}
    worker.dispatch(json.dumps({**click, "keyed": True}))  # Enter's click, on the page's card 1
    assert fourth.getAttribute("aria-pressed") == "true"
    assert first.getAttribute("aria-pressed") == "false"
    worker.dispatch(json.dumps({**click, "type": "keydown", "key": "Home"}))  # focus on card 1
    at_fourth = next(n for n, el in doc.elements.items() if el is fourth)
    worker.dispatch(json.dumps({**click, "target": at_fourth}))  # a pointer's keeps its target
    assert fourth.getAttribute("aria-pressed") == "false"
    assert first.getAttribute("aria-pressed") == "false"
