"""What a whole page needs of the worker's window (halfmoon_web/remote, docs/worker.md): the
page's time and timers, what Python asks of the page and waits for, dialogs, the document's and
the window's listeners, other tabs' writes, and the game page itself mounted in the worker on
the built ``index.html`` and played by forwarded events, as ``web/site/applier.mjs`` forwards
them."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest
import test_remote_mirror  # noqa: F401 - stands in for pyodide.ffi, as the board imports it

from halfmoon_core import Game
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.snapshot import game_identity
from halfmoon_web.remote.asks import AskFailed
from halfmoon_web.remote.mirror import MirrorDocument
from halfmoon_web.remote.page_time import PageClock, PageDate
from halfmoon_web.remote.window import MirrorWindow, PageFacts
from halfmoon_web.remote.worker_main import WorkerPage

PAGE = [
    "html", 0, [["lang", "en"]],
    ["head", 0, []],
    ["body", 0, [],
        ["dialog", 0, [["id", "d"]], ["button", 0, [["id", "b"]], "OK"]],
        ["input", 0, [["id", "f"], ["type", "file"]]],
    ],
]  # fmt: skip


class SearchParams:
    """``URLSearchParams``, as the view uses it."""

    def __init__(self, search: str = "") -> None:
        self.pairs = parse_qsl(str(search).lstrip("?"), keep_blank_values=True)

    @classmethod
    def new(cls, search: str = "") -> SearchParams:
        return cls(search)

    def get(self, name: str) -> str | None:
        return next((v for k, v in self.pairs if k == name), None)

    def has(self, name: str) -> bool:
        return any(k == name for k, _ in self.pairs)

    def delete(self, name: str) -> None:
        self.pairs = [(k, v) for k, v in self.pairs if k != name]

    def set(self, name: str, value: str) -> None:
        self.delete(name)
        self.pairs.append((name, str(value)))

    def entries(self) -> list[tuple[str, str]]:
        return list(self.pairs)

    def toString(self) -> str:
        return urlencode(self.pairs)


class URL:
    """``URL``, as the view uses it."""

    def __init__(self, href: str) -> None:
        self.parts = urlsplit(href)
        self.searchParams = SearchParams(self.parts.query)

    @classmethod
    def new(cls, href: str) -> URL:
        return cls(href)

    @property
    def href(self) -> str:
        p = self.parts
        return urlunsplit((p.scheme, p.netloc, p.path, self.searchParams.toString(), p.fragment))


class Host:
    """The worker's globals the window takes (``URL``, ``URLSearchParams``, ``Object``)."""

    URL = URL
    URLSearchParams = SearchParams
    JSON = SimpleNamespace(parse=lambda _text: SimpleNamespace(preventScroll=True))
    Blob = None

    class Object:
        fromEntries = dict


def window_on(tree: list[Any] = PAGE, **facts: Any) -> MirrorWindow:
    """A worker's window over ``tree``."""
    base = {"href": "http://x/index.html", "search": "", "framed": False}
    base.update(languages=("en",), stored={})
    return MirrorWindow(MirrorDocument.from_snapshot(tree), PageFacts(**(base | facts)), Host())


# -- the page's time and timers ---------------------------------------------------------------


def test_a_timer_is_set_on_the_page_and_runs_when_the_page_says_it_fired() -> None:
    window = window_on()
    ran: list[str] = []
    once = window.setTimeout(lambda: ran.append("once"), 250)
    every = window.setInterval(lambda: ran.append("tick"), 1000)
    assert window.document.changes.take() == [
        ["timer", once, 250, False],
        ["timer", every, 1000, True],
    ]
    for number in (once, once, every, every):  # a fired timeout is not run twice
        window.timers.fire(number)
    assert ran == ["once", "tick", "tick"]
    window.clearInterval(every)
    window.clearTimeout(once)  # already fired: nothing to tell the page
    assert window.document.changes.take() == [["untimer", every]]
    window.timers.fire(every)
    assert ran == ["once", "tick", "tick"] and window.timers.waiting == 0


def test_the_time_python_reads_is_the_pages_of_the_message_played() -> None:
    clock = PageClock()
    clock.update({"now": 1234.5, "epoch": 1_767_225_600_000, "offset": 420})  # 2026-01-01 UTC
    date = PageDate(clock)
    assert date.toISOString() == "2026-01-01T00:00:00.000Z"
    # 420 minutes behind UTC (UTC-7): still the last day of 2025 there
    assert (date.getFullYear(), date.getMonth(), date.getDate()) == (2025, 11, 31)
    assert date.getTime() == 1_767_225_600_000
    clock.update({"now": "soon", "epoch": None})  # not numbers: kept as they were
    assert clock.now == 1234.5


# -- asks -----------------------------------------------------------------------------------


def test_the_clipboard_is_asked_of_the_page_and_awaited() -> None:
    window = window_on()
    copied = window.navigator.clipboard.writeText("HM1-N-AAAAAAB")
    refused = window.navigator.clipboard.writeText("again")
    assert window.document.changes.take() == [
        ["ask", 1, "copy", ["HM1-N-AAAAAAB"]],
        ["ask", 2, "copy", ["again"]],
    ]

    async def both() -> tuple[Any, str]:
        first = await copied
        try:
            await refused
        except AskFailed as failed:
            return first, str(failed)
        return first, "not refused"

    loop = asyncio.new_event_loop()
    try:
        waiting = loop.create_task(both())
        loop.call_soon(window.asks.answer, 1, True, None)
        loop.call_soon(window.asks.answer, 2, False, "NotAllowedError")
        assert loop.run_until_complete(waiting) == (None, "NotAllowedError")
    finally:
        loop.close()
    window.asks.answer(1, True, None)  # answered twice, or never asked: ignored


def test_a_browser_without_a_share_sheet_has_none_in_the_worker_either() -> None:
    assert not hasattr(window_on().navigator, "share")
    window = window_on(can_share=True)
    window.navigator.share({"title": "Half Moon", "url": "http://x/?deal=1"})
    assert window.document.changes.take() == [
        ["ask", 1, "share", [{"title": "Half Moon", "url": "http://x/?deal=1"}]]
    ]


def test_a_picked_file_is_read_by_the_page_when_python_asks() -> None:
    window = window_on()
    worker = _worker_with(window)
    picker = window.document.getElementById("f")
    sizes: list[int] = []
    texts: list[str] = []

    def picked(event: Any) -> None:
        file = event.target.files.item(0)
        sizes.append(file.size)
        file.text().then(texts.append)

    picker.addEventListener("change", picked)
    number = picker.id_number
    files = [{"name": "halfmoon.json", "size": 42}]
    worker.dispatch(json.dumps({"id": number, "type": "change", "target": number, "files": files}))
    assert sizes == [42]
    ask = next(op for op in worker.sent if op[0] == "ask")
    assert ask[2:] == ["file-text", [picker.id_number, 0]]
    worker.dispatch(json.dumps({"answer": ask[1], "ok": True, "value": "{}"}))
    assert texts == ["{}"]


# -- dialogs, the document and the window ------------------------------------------------------


class _Worker(WorkerPage):
    """A worker page whose batches are kept (``sent``), mounted on a window made here."""

    sent: list[list[Any]]
    batches: list[list[list[Any]]]


def _worker_with(window: MirrorWindow) -> _Worker:
    def send(ops: str) -> None:
        worker.batches.append(json.loads(ops))
        worker.sent.extend(worker.batches[-1])

    worker = _Worker(send, Host())
    worker.sent = []
    worker.batches = []
    worker.document, worker.window = window.document, window
    return worker


def test_a_dialog_opens_and_closes_on_the_page_and_its_close_event_comes_back() -> None:
    window = window_on()
    worker = _worker_with(window)
    doc = window.document
    dialog = doc.getElementById("d")
    closed: list[bool] = []
    dialog.addEventListener("close", lambda _event: closed.append(dialog.open))
    dialog.showModal()
    dialog.showModal()  # already open: the page is not asked twice
    assert dialog.open and doc.querySelector("dialog[open]") is dialog
    number = dialog.id_number
    assert doc.changes.take() == [["listen", number, "close"], ["call", number, "showModal", []]]
    # Escape on the page closed it: the event says so, and Python sees it closed
    worker.dispatch(json.dumps({"id": number, "type": "close", "target": number, "open": False}))
    assert closed == [False] and doc.querySelector("dialog[open]") is None


def test_the_document_and_the_window_have_numbers_and_forward_what_python_listens_to() -> None:
    window = window_on(stored={"halfmoon.game": "old"}, visibility="visible")
    worker = _worker_with(window)
    doc = window.document
    heard: list[tuple[str, Any]] = []
    window.addEventListener("storage", lambda e: heard.append((e.key, e.newValue)))
    doc.addEventListener("visibilitychange", lambda _e: heard.append(("seen", doc.visibilityState)))
    assert doc.changes.take() == [["listen", -1, "storage"], ["listen", 0, "visibilitychange"]]
    another_tab = {"id": -1, "type": "storage", "storageKey": "halfmoon.game", "newValue": "new"}
    worker.dispatch(json.dumps(another_tab))
    worker.dispatch(json.dumps({"id": 0, "type": "visibilitychange", "visibility": "hidden"}))
    assert heard == [("halfmoon.game", "new"), ("seen", "hidden")]
    assert window.localStorage.getItem("halfmoon.game") == "new"
    assert not [op for op in worker.sent if op[0] == "store"]  # already on the page: not written


def test_an_event_on_the_document_brings_the_pages_html_attributes_but_not_pythons() -> None:
    window = window_on()
    worker = _worker_with(window)
    doc = window.document
    root = doc.documentElement
    root.setAttribute("data-ready", "")  # Python's own: the page may not have it yet
    seen: list[tuple[str | None, str | None]] = []
    doc.addEventListener(
        "halfmoon-offline", lambda _e: seen.append((root.getAttribute("data-offline"), None))
    )
    told = {"id": 0, "type": "halfmoon-offline", "target": 0}
    worker.dispatch(json.dumps({**told, "root": {"lang": "en", "data-offline": "saving"}}))
    worker.dispatch(json.dumps({**told, "root": {"lang": "en", "data-offline": "ready"}}))
    assert seen == [("saving", None), ("ready", None)]
    assert root.hasAttribute("data-ready")  # not taken away by the page's older attributes
    worker.dispatch(json.dumps({**told, "root": {"lang": "en"}}))
    assert not root.hasAttribute("data-offline") and root.hasAttribute("data-ready")


def test_the_game_pages_offline_line_follows_what_boot_js_says(site: Path) -> None:
    worker = game_page_in_a_worker(site, "?lang=en")
    doc = worker.document
    line = doc.getElementById("offline-status")
    assert line.hidden  # boot.js has said nothing yet
    told = {"id": 0, "type": "halfmoon-offline", "target": 0, "root": {"data-offline": "ready"}}
    worker.dispatch(json.dumps(told))
    assert not line.hidden and line.textContent.startswith("Offline: ready.")


def test_a_focus_the_page_reports_from_before_pythons_latest_move_is_dropped() -> None:
    window = window_on()
    worker = _worker_with(window)
    doc = window.document
    dialog, button = doc.getElementById("d"), doc.getElementById("b")
    button.focus()  # Python's first move, on its way to the page
    assert doc.changes.take()[-1] == ["focus", button.id_number, False, 1]
    before = {"active": dialog.id_number, "focusMove": 0}  # the page, before it carried it out
    worker.dispatch(json.dumps(before))
    assert doc.activeElement is button
    after = {"active": dialog.id_number, "focusMove": 1}  # the player, after it
    worker.dispatch(json.dumps(after))
    assert doc.activeElement is dialog


def test_replacing_the_address_changes_the_location_python_reads() -> None:
    window = window_on(href="http://x/games/index.html?deal=1&lang=en", search="?deal=1&lang=en")
    assert window.location.search == "?deal=1&lang=en"
    assert window.location.origin + window.location.pathname == "http://x/games/index.html"
    window.history.replaceState(None, "", "http://x/games/index.html?lang=en")
    assert window.location.search == "?lang=en"
    assert window.document.changes.take() == [["history", "http://x/games/index.html?lang=en"]]


# -- the game page in the worker --------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
SHALLOW = {"head", "script", "style", "template", "noscript"}


class _Snapshot(HTMLParser):
    """A built page as applier.mjs's ``snapshot`` sends it: ``[tag, svg, attrs, child...]``,
    without what is inside ``<head>``, scripts and templates."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: list[Any] | None = None
        self.stack: list[list[Any]] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping:
            self.skipping += tag not in VOID
            return
        svg = int(tag == "svg" or bool(self.stack and self.stack[-1][1]))
        node: list[Any] = [tag, svg, [[k, v or ""] for k, v in attrs]]
        if self.stack:
            self.stack[-1].append(node)
        else:
            self.root = node
        if tag in SHALLOW:
            self.skipping = 1
        elif tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.skipping and self.stack:
            self.stack[-1].append([tag, 1, [[k, v or ""] for k, v in attrs]])

    def handle_endtag(self, tag: str) -> None:
        if self.skipping:
            self.skipping -= 1
            return
        while tag not in VOID and self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not self.skipping and self.stack:
            self.stack[-1].append(data)


def game_page_in_a_worker(
    site: Path,
    search: str,
    stored: dict[str, str] | None = None,
    change: Callable[[list[Any]], None] | None = None,
) -> _Worker:
    """The game page of the build ``site``, mounted in a worker as applier.mjs mounts it
    (``change``: what the page changed in its tree before it sent it)."""
    parser = _Snapshot()
    parser.feed((site / "index.html").read_text(encoding="utf-8"))
    if change is not None:
        change(parser.root)

    def send(ops: str) -> None:
        worker.batches.append(json.loads(ops))
        worker.sent.extend(worker.batches[-1])

    worker = _Worker(send, Host())
    worker.sent = []
    worker.batches = []
    start = {"page": "game", "href": f"http://x/index.html{search}", "search": search}
    start.update(framed=False, languages=["en"], stored=stored or {}, early=True)
    start.update(tree=parser.root)
    start.update(now=1000.0, epoch=1_780_000_000_000, offset=0)
    worker.mount(json.dumps(start))
    return worker


def test_the_game_page_starts_in_the_worker_and_a_pair_played_by_clicks_is_saved(
    site: Path,
) -> None:
    deal = "HM1-N-AAAAAAB"
    worker = game_page_in_a_worker(site, f"?lang=en&deal={deal}")
    doc = worker.document
    root = doc.documentElement
    assert root.hasAttribute("data-ready"), root.getAttribute("data-error")
    sent = worker.sent
    kinds = [op[0] for op in sent]
    assert "console" not in kinds, [op for op in sent if op[0] == "console"]
    assert ["history", "http://x/index.html?lang=en"] in sent  # the link's deal, taken out
    early = next(op for op in sent if op[0] == "ask" and op[2] == "early-taps")
    board = doc.getElementById("board")
    # Asked in the batch that makes the board listen: the page carries a batch out in one task,
    # so no tap falls between early.js's listener and the board's.
    batch = next(ops for ops in worker.batches if early in ops)
    assert any(op[0] == "listen" and op[1] == board.id_number for op in batch)
    keys = next(op[3] for op in sent if op[0] == "decide" and op[1] == doc.body.id_number)
    assert "Control+z" in keys[0]["keys"] and keys[0]["unless"] == "dialog[open]"
    worker.dispatch(json.dumps({"answer": early[1], "ok": True, "value": None}))

    game = Game.from_code(deal)
    move = game.legal_moves()[0]
    worker.sent.clear()
    for place in move.places:
        card = board.querySelector(f'button[data-place="{place}"]')
        click = {"id": doc.body.id_number, "type": "click", "target": card.id_number}
        for listening in (board, doc.body):  # the board's listener, then the page's
            worker.dispatch(json.dumps({**click, "id": listening.id_number, "now": 2000.0}))
    assert doc.getElementById("moves").textContent == "1"
    saved = [op for op in worker.sent if op[0] == "store" and op[1] == "halfmoon.game"]
    if not saved:  # the save waits for the frame: the page's timer says when
        for op in [op for op in worker.sent if op[0] == "timer"]:
            worker.dispatch(json.dumps({"timer": op[1]}))
        saved = [op for op in worker.sent if op[0] == "store" and op[1] == "halfmoon.game"]
    assert json.loads(saved[-1][2])["moves"] == str(move)


GAME = "halfmoon.game"


def click_card(worker: _Worker, place: str, seq: int) -> None:
    """A click on the card at ``place``, forwarded as applier.mjs forwards it: to the board's
    listener, then to the page's, each message numbered."""
    doc = worker.document
    board = doc.getElementById("board")
    card = board.querySelector(f'button[data-place="{place}"]')
    for number, listening in enumerate((board, doc.body)):
        click = {"id": listening.id_number, "type": "click", "target": card.id_number}
        worker.dispatch(json.dumps({**click, "now": 2000.0, "seq": seq + number}))


def test_the_taps_played_before_the_worker_settles_are_saved_once(site: Path) -> None:
    """docs/worker.md, "Time and timers": worker.mjs plays every message that waits, then
    settles; the saves two removals asked for are one, of both."""
    deal = "HM1-N-AAAAAAB"
    worker = game_page_in_a_worker(site, f"?lang=en&deal={deal}")
    game = Game.from_code(deal)
    first = game.legal_moves()[0]
    game.push(first)
    second = next(m for m in game.legal_moves() if not set(m.places) & set(first.places))
    doc = worker.document
    board = doc.getElementById("board")
    worker.sent.clear()
    for seq, place in enumerate((*first.places, *second.places), start=1):
        card = board.querySelector(f'button[data-place="{place}"]')
        for listening in (board, doc.body):
            click = {"id": listening.id_number, "type": "click", "target": card.id_number}
            worker.dispatch(json.dumps({**click, "now": 2000.0, "seq": seq}), settle=False)
    assert doc.getElementById("moves").textContent == "2"
    assert not [op for op in worker.sent if op[:2] == ["store", GAME]]  # not before it settles
    worker.settle()
    saves = [op for op in worker.sent if op[:2] == ["store", GAME]]
    assert len(saves) == 1 and json.loads(saves[0][2])["moves"] == f"{first},{second}"


def test_each_save_tells_the_page_which_taps_the_stored_game_holds(site: Path) -> None:
    """docs/worker.md, "Saving against a closing tab": with the game it stores, the worker
    names the game and the last message it played, and the selection to play first."""
    deal = "HM1-N-AAAAAAB"
    worker = game_page_in_a_worker(site, f"?lang=en&deal={deal}")
    journals = [op for op in worker.sent if op[0] == "journal"]
    game = Game.from_code(deal)
    key, spec = journals[-1][1:]
    assert key == "halfmoon.unsaved-taps" and spec["base"] == game_identity(game)
    assert spec["selector"] == '#board [data-place], [data-action="undo"], [data-action="redo"]'
    assert spec["attrs"] == ["data-place", "data-action"]
    assert spec["keys"]["Control+z"] == "undo" and spec["keys"]["Control+Shift+z"] == "redo"
    assert spec["key_scope"]["unless"] == "dialog[open]"
    assert spec["first"] == [] and spec["covered"] == 0

    move = game.legal_moves()[0]
    other = next(m for m in game.legal_moves() if not set(m.places) & set(move.places))
    for seq, place in enumerate(move.places[:-1], start=1):
        click_card(worker, place, seq)  # selections: no save waits (the test below)
    worker.batches.clear()
    click_card(worker, move.places[-1], 20)  # the pair: its save after its changes are sent
    moves_text = ["text", worker.document.getElementById("moves").id_number, "1"]
    shown = next(i for i, batch in enumerate(worker.batches) if moves_text in batch)
    saves = [i for i, b in enumerate(worker.batches) if any(op[:2] == ["store", GAME] for op in b)]
    assert saves and saves[0] > shown  # the tap's frame is not kept waiting by the save
    game.push(move)
    journal = next(op for op in worker.batches[saves[0]] if op[0] == "journal")
    assert journal[2]["base"] == game_identity(game)  # the game as stored: the pair in it
    assert journal[2]["covered"] == 20 and journal[2]["first"] == []
    click_card(worker, other.places[0], 30)  # a selection: no save waits
    spec = [op for op in worker.sent if op[0] == "journal"][-1][2]
    assert spec["base"] == game_identity(game) and spec["covered"] == 30
    assert spec["first"] == [other.places[0]]  # selected, not in the stored game


def test_another_tabs_game_sent_fresh_with_an_event_stops_the_save_over_it(site: Path) -> None:
    """docs/worker.md, "Tabs": the page sends the watched keys' values that changed with each
    message, so a save sees another tab's game even when this page missed its storage event,
    and asks which game to keep instead of writing over it (docs/storage.md, "Tabs")."""
    deal = "HM1-N-AAAAAAB"
    worker = game_page_in_a_worker(site, f"?lang=en&deal={deal}")
    watches = [op[1] for op in worker.sent if op[0] == "watch"]
    assert watches == [["halfmoon.game", "halfmoon.stats"]]
    theirs = Game.from_code(deal)
    mine, other = theirs.legal_moves()[0], theirs.legal_moves()[1]
    theirs.push(other)
    text = json.dumps(GameSession(theirs).to_json(1000.0))
    worker.dispatch(json.dumps({"seq": 1, "storedNow": [["halfmoon.game", text]]}))
    worker.sent.clear()
    for seq, place in enumerate(mine.places, start=2):
        click_card(worker, place, seq * 10)
    for op in [op for op in worker.sent if op[0] == "timer"]:
        worker.dispatch(json.dumps({"timer": op[1], "seq": 99}))
    assert not [op for op in worker.sent if op[:2] == ["store", "halfmoon.game"]]
    dialog = worker.document.getElementById("sync-dialog")
    assert ["call", dialog.id_number, "showModal", []] in worker.sent


def test_a_selection_with_no_save_waiting_is_held_by_the_game_as_stored(site: Path) -> None:
    """A tap that removes nothing, when no save waits, is told as held at once: a page closed
    then stores no journal, and the next start selects nothing (as on the main thread)."""
    deal = "HM1-N-AAAAAAB"
    worker = game_page_in_a_worker(site, f"?lang=en&deal={deal}")
    game = Game.from_code(deal)
    place = game.legal_moves()[0].places[0]
    worker.sent.clear()
    click_card(worker, place, 7)
    journals = [op for op in worker.sent if op[0] == "journal"]
    assert journals, "a selection leaves the journal where it was"
    spec = journals[-1][2]
    assert spec["base"] == game_identity(game) and spec["covered"] == 7  # the board's message
    assert spec["first"] == [place]


@pytest.mark.parametrize("same_game", [True, False])
def test_taps_the_last_page_had_not_saved_are_played_once_on_the_same_game(
    site: Path, same_game: bool
) -> None:
    deal = "HM1-N-AAAAAAB"
    game = Game.from_code(deal)
    move = game.legal_moves()[0]
    base = game_identity(game if same_game else Game.from_code("HM1-N-AAAAAAC"))
    unsaved = json.dumps({"game": base, "taps": list(move.places)})
    worker = game_page_in_a_worker(
        site, f"?lang=en&deal={deal}", {"halfmoon.unsaved-taps": unsaved}
    )
    doc = worker.document
    assert doc.documentElement.hasAttribute("data-ready")
    assert ["store", "halfmoon.unsaved-taps", None] in worker.sent  # played once, at most
    assert doc.getElementById("moves").textContent == ("1" if same_game else "0")
    stored = [op for op in worker.sent if op[:2] == ["store", "halfmoon.game"]]
    assert json.loads(stored[-1][2])["moves"] == (str(move) if same_game else "")


def test_the_time_a_page_went_at_comes_back_with_the_save_it_names(site: Path) -> None:
    """docs/worker.md, "Saving against a closing tab": while the clock runs, each journal
    carries the page's time, the game's time then and as stored; the page stores the game's
    time when it goes, which the next start takes on that very save."""
    deal = "HM1-N-AAAAAAB"
    worker = game_page_in_a_worker(site, f"?lang=en&deal={deal}")
    game = Game.from_code(deal)
    click_card(worker, game.legal_moves()[0].places[0], 1)  # the clock starts: no save waits
    spec = [op for op in worker.sent if op[0] == "journal"][-1][2]
    assert spec["clock"] == [2000.0, 0, 0]  # the page's time, the game's, the stored one's

    stored = json.dumps({**GameSession(game, elapsed_ms=4000).to_json(0.0)})
    left = json.dumps({"game": game_identity(game), "taps": [], "clock": [4000, 63_000]})
    again = game_page_in_a_worker(
        site, "?lang=en", {"halfmoon.game": stored, "halfmoon.unsaved-taps": left}
    )
    assert again.document.getElementById("time").textContent == "1:03"


def elements(tree: list[Any]) -> Iterator[list[Any]]:
    """Every element of a sent tree (``[tag, svg, attrs, child...]``), in order."""
    yield tree
    for child in tree[3:]:
        if isinstance(child, list):
            yield from elements(child)


def test_a_first_visits_board_with_early_taps_marked_is_adopted_and_unmarked(site: Path) -> None:
    """The applier sends the page before early.js's ``take()`` unmarks the cards tapped on the
    painted board (docs/startup.md): the board is adopted all the same, its elements kept, and
    the marks go in the mirror and on the page."""
    marked: list[list[Any]] = []

    def tap_first_card(root: list[Any]) -> None:
        """A card of the painted board tapped (the board the build wrote, in Vietnamese, which
        early.js keeps on a Vietnamese page)."""
        card = next(el for el in elements(root) if el[0] == "button" and "hm-card" in str(el[2]))
        card[2] = [[n, f"{v} hm-tapped" if n == "class" else v] for n, v in card[2]]
        marked.append(card)

    worker = game_page_in_a_worker(site, "?lang=vi", change=tap_first_card)
    doc = worker.document
    assert doc.documentElement.hasAttribute("data-ready")
    place = dict(marked[0][2])["data-place"]
    board = doc.getElementById("board")
    card = board.querySelector(f'button[data-place="{place}"]')
    assert not [op for op in worker.sent if op[0] == "html" and op[1] == board.id_number]
    assert "hm-tapped" not in card.getAttribute("class")
    unmarked = [op for op in worker.sent if op[:3] == ["attr", card.id_number, "class"]]
    assert unmarked and "hm-tapped" not in unmarked[-1][3]
    assert not board.querySelector(".hm-early")  # adopted: no longer the painted board


@pytest.mark.parametrize(
    "value",
    ["[" * 5000 + "]" * 5000, '{"game": "' + "x" * 100_000 + '", "taps": []}', "{not json", "7"],
    ids=["nested", "huge", "not-json", "a-number"],
)
def test_unsaved_taps_of_any_shape_neither_stop_the_start_nor_stay(site: Path, value: str) -> None:
    """Stored text may be anything (docs/storage.md): the start goes on, nothing is played, and
    the key goes."""
    worker = game_page_in_a_worker(
        site, "?lang=en&deal=HM1-N-AAAAAAB", {"halfmoon.unsaved-taps": value}
    )
    doc = worker.document
    assert doc.documentElement.hasAttribute("data-ready"), doc.documentElement.getAttribute(
        "data-error"
    )
    assert doc.getElementById("moves").textContent == "0"
    assert ["store", "halfmoon.unsaved-taps", None] in worker.sent


def test_an_event_on_an_element_python_let_go_of_is_not_played(site: Path) -> None:
    """docs/worker.md, "The mirror": the page may still show, and forward an event on, an
    element Python let go of (its removal on its way): the event is dropped, not played with no
    target."""
    worker = game_page_in_a_worker(site, "?lang=en&deal=HM1-N-AAAAAAB")
    doc = worker.document
    board = doc.getElementById("board")
    gone = doc.next_number + 1000  # a number Python holds no element for
    assert doc.elements.get(gone) is None
    worker.sent.clear()
    for kind in ("focusin", "click"):
        event = {"id": board.id_number, "type": kind, "target": gone, "now": 2000.0, "seq": 5}
        worker.dispatch(json.dumps(event))
    assert [op for op in worker.sent if op[0] == "console"] == []
    assert doc.getElementById("moves").textContent == "0"
