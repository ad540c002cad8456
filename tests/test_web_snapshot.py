"""The board before Python (docs/startup.md, "Before Python"): the snapshot the game page saves,
the taps handed back to Python, the storage of a cache, and the static boards of the pages."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import build
import page_head
import prerender
import pytest
from web_support import MemoryStorage

from halfmoon_core import PILES, RESERVE, Game
from halfmoon_web.board.board_markup import board_root, drawn_board, to_html
from halfmoon_web.model import snapshot
from halfmoon_web.model.bounds import MAX_DURATION_MS
from halfmoon_web.model.clock import format_time
from halfmoon_web.model.snapshot import (
    MAX_EARLY_TAPS,
    MAX_SNAPSHOT_CHARS,
    early_taps,
    game_identity,
    unsaved_time,
)
from halfmoon_web.storage.storage import SNAPSHOT_KEY, Storage

SITE = Path(__file__).resolve().parents[1] / "web" / "site"
DEAL = "HM1-N-AAAAAAB"
"""Tops: 5:6H 6:5H (a pair), 1:8S, R7:4D, R8:7C (a pair)."""


def game_after(*moves: str) -> Game:
    game = Game.from_code(DEAL)
    for move in moves:
        game.push(move)
    return game


# -- which game a board shows --------------------------------------------------------------
def test_identity_names_the_start_and_every_move() -> None:
    assert game_identity(game_after()) == DEAL
    assert game_identity(game_after("5-6")) == f"{DEAL} 5-6"
    assert game_identity(game_after("5-6", "R7-R8")) == f"{DEAL} 5-6,R7-R8"
    assert game_identity(game_after("R7-R8", "5-6")) != game_identity(game_after("5-6", "R7-R8"))
    assert game_identity(Game.from_code("HM1-N-AAAAAAC")) != game_identity(game_after())


# -- the stored snapshot -------------------------------------------------------------------
def test_snapshot_holds_the_board_the_game_and_the_info_bar() -> None:
    game = game_after("5-6")
    text = snapshot.make_snapshot(
        game, lang="vi", markup='<div class="hm-board"></div>', time_text="1:05"
    )
    assert text is not None
    assert json.loads(text) == {
        "v": snapshot.SNAPSHOT_VERSION,
        "game": f"{DEAL} 5-6",
        "lang": "vi",
        "code": DEAL,
        "score": 10,
        "moves": 1,
        "time": "1:05",
        "html": '<div class="hm-board"></div>',
    }


def test_early_js_takes_every_clock_python_writes() -> None:
    """The clock of a snapshot has as many digits of minutes as the longest time a game's clock
    counts (the clock stops there), and the build gives early.js that many (docs/startup.md)."""
    longest = format_time(MAX_DURATION_MS)
    assert longest == "144000:00"
    assert len(longest.split(":")[0]) == snapshot.SNAPSHOT_MINUTE_DIGITS
    early = (SITE / "early.js").read_text(encoding="utf-8")
    assert "{1,${%SNAPSHOT_MINUTE_DIGITS%}}:[0-5][0-9]" in early


def test_a_snapshot_too_long_to_keep_is_none() -> None:
    game = game_after()
    small = snapshot.make_snapshot(game, lang="en", markup="", time_text="0:00")
    assert small is not None
    room = MAX_SNAPSHOT_CHARS - len(small)
    assert snapshot.make_snapshot(game, lang="en", markup="x" * room, time_text="0:00")
    assert (
        snapshot.make_snapshot(game, lang="en", markup="x" * (room + 1), time_text="0:00") is None
    )
    # Counted as JavaScript counts (UTF-16): a card from outside the BMP takes two units.
    assert snapshot.js_length("\N{PLAYING CARD ACE OF SPADES}♠") == 3
    astral = "\N{PLAYING CARD ACE OF SPADES}" * (room // 2 + 1)
    assert snapshot.make_snapshot(game, lang="en", markup=astral, time_text="0:00") is None


# -- the taps made before Python ------------------------------------------------------------
def taken(game: object, taps: object) -> str:
    return json.dumps({"game": game, "taps": taps})


def test_taps_on_a_board_of_this_very_game_are_played_in_order() -> None:
    game = game_after("5-6")
    assert early_taps(taken(f"{DEAL} 5-6", ["R8", "R7", "1"]), game) == ["R8", "R7", "1"]
    assert early_taps(taken(f"{DEAL} 5-6", []), game) == []


def test_a_journal_keeps_undo_and_redo_among_the_taps() -> None:
    """The tap journal writes down the toolbar's Undo and Redo too (docs/worker.md)."""
    game = game_after("5-6")
    taps = ["undo", "redo", "R8", "undo"]
    assert early_taps(taken(f"{DEAL} 5-6", taps), game) == taps


@pytest.mark.parametrize(
    "painted",
    [
        None,  # nothing was painted (first visit, ?deal= link, no valid snapshot)
        DEAL,  # the same deal, one move behind
        f"{DEAL} 5-6,R7-R8",  # one move ahead
        "HM1-N-AAAAAAC 5-6",  # another deal
        "",
        42,
    ],
)
def test_taps_on_a_board_of_another_game_are_dropped(painted: object) -> None:
    assert early_taps(taken(painted, ["R7", "R8"]), game_after("5-6")) == []


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "not json",
        "[]",
        "null",
        json.dumps({"game": DEAL}),
        taken(DEAL, "R7"),
        taken(DEAL, ["R7", "R9"]),  # not a place: the whole queue goes
        taken(DEAL, ["R7", 8]),
        taken(DEAL, ["r7"]),
        taken(DEAL, ["R7", "new-game"]),  # an action the journal never keeps
        taken(DEAL, ["Undo"]),
        taken(DEAL, ["R7"] * (MAX_EARLY_TAPS + 1)),
    ],
)
def test_a_queue_not_of_early_js_making_is_dropped_whole(text: object) -> None:
    assert early_taps(text, game_after()) == []


# -- the game's time when the last page went (docs/worker.md) --------------------------------
def left_at(game: object, clock: object) -> str:
    return json.dumps({"game": game, "taps": [], "clock": clock})


def test_the_time_a_page_went_at_is_taken_on_its_very_save() -> None:
    game = game_after("5-6")
    assert unsaved_time(left_at(f"{DEAL} 5-6", [4000, 9500]), game, 4000) == 9500


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        (left_at(f"{DEAL} 5-6", [4000, 9500]), 4100),  # another save was stored since
        (left_at(DEAL, [4000, 9500]), 4000),  # another game
        (left_at(f"{DEAL} 5-6", None), 4000),
        (left_at(f"{DEAL} 5-6", [4000]), 4000),
        (left_at(f"{DEAL} 5-6", [4000, "9500"]), 4000),
        (left_at(f"{DEAL} 5-6", [4000, 9500.5]), 4000),
        (left_at(f"{DEAL} 5-6", [4000, True]), 4000),
        (json.dumps({"game": f"{DEAL} 5-6"}), 4000),
        ("[" * 100_000, 4000),
        ("not json", 4000),
    ],
)
def test_a_time_not_of_that_save_or_not_a_time_is_not_taken(text: str, stored: int) -> None:
    assert unsaved_time(text, game_after("5-6"), stored) is None


@pytest.mark.parametrize(
    ("left", "taken"), [(3000, 4000), (MAX_DURATION_MS * 2, MAX_DURATION_MS), (-5, 4000)]
)
def test_a_time_taken_is_never_less_than_stored_nor_over_the_longest(left: int, taken: int) -> None:
    text = left_at(f"{DEAL} 5-6", [4000, left])
    assert unsaved_time(text, game_after("5-6"), 4000) == taken


@pytest.mark.parametrize(
    ("text", "focus"),
    [
        (json.dumps({"game": DEAL, "taps": [], "focus": "R3"}), "R3"),
        (json.dumps({"game": DEAL, "taps": [], "focus": "12"}), "12"),
        (json.dumps({"game": DEAL, "taps": [], "focus": None}), None),
        (json.dumps({"game": DEAL, "taps": [], "focus": "R9"}), None),
        (json.dumps({"focus": 3}), None),
        ("[]", None),
        ("nope", None),
        (None, None),
    ],
)
def test_the_focused_card_is_handed_back(text: object, focus: str | None) -> None:
    assert snapshot.early_focus(text) == focus


def test_the_longest_queue_is_kept() -> None:
    taps = ["R7", "R8"] * (MAX_EARLY_TAPS // 2)
    assert early_taps(taken(DEAL, taps), game_after()) == taps


# -- storage of a cache ---------------------------------------------------------------------
def test_a_cache_is_stored_when_the_browser_takes_it() -> None:
    backend = MemoryStorage()
    storage = Storage(backend)
    storage.offer_text(SNAPSHOT_KEY, "board")
    assert backend.items == {SNAPSHOT_KEY: "board"}


def test_a_refused_cache_is_dropped_and_the_game_still_persists() -> None:
    backend = MemoryStorage()
    backend.items[SNAPSHOT_KEY] = "an old board"
    storage = Storage(backend)
    backend.full = True
    storage.offer_text(SNAPSHOT_KEY, "a new board")
    assert SNAPSHOT_KEY not in backend.items
    assert storage.saving  # a refused cache is not a failed save
    assert storage.get_text(SNAPSHOT_KEY) is None  # nothing kept in memory instead


def test_no_cache_without_storage() -> None:
    storage = Storage(None)
    storage.offer_text(SNAPSHOT_KEY, "board")
    assert storage.get_text(SNAPSHOT_KEY) is None


# -- what early.js accepts of a snapshot (snapshot.py's allowlist, filled into early.js) -------
class Attributes(HTMLParser):
    """Collects the tags and the attributes (name, value) of a markup."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attributes: set[tuple[str, str]] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes.update((name, value or "") for name, value in attrs)


def allowed(name: str, value: str) -> bool:
    """What early.js makes of the allowlist: the whole value matches the attribute's pattern."""
    pattern = snapshot.SNAPSHOT_ATTRIBUTES.get(name)
    return pattern is not None and re.fullmatch(pattern, value) is not None


def test_the_allowlist_admits_every_attribute_of_a_board_at_rest() -> None:
    """early.js rebuilds the snapshot from an allowlist: it must admit every attribute, and its
    value, that the view writes on a board at rest, itself (board_view.py) or as
    board_markup.py describes a board (``disabled`` only marks a card leaving, which the
    snapshot leaves out), or every return visit would show the static board instead."""
    view = (SITE / "halfmoon_web" / "board" / "board_view.py").read_text(encoding="utf-8")
    markup = Attributes()
    for game in (game_after(), game_after("5-6"), Game.from_code("HM1-N-AAAAAAC")):
        for lang in ("en", "vi"):
            for interactive in (True, False):
                parts = drawn_board(game, lang, interactive=interactive)
                markup.feed(to_html(board_root(parts, lang, "hm-labels hm-early")))
    set_by_view = set(re.findall(r'setAttribute\(\s*"([a-z-]+)"', view))
    names = {name for name, _value in markup.attributes} | set_by_view
    assert {"tabindex", "aria-label", "data-place", "aria-pressed", "role"} <= names
    assert names - {"disabled"} <= set(snapshot.SNAPSHOT_ATTRIBUTES)
    assert [(n, v) for n, v in markup.attributes if not allowed(n, v)] == []
    assert markup.tags <= set(snapshot.SNAPSHOT_TAGS)
    # Every place is named as the engine names it, the tab stop is 0 or -1 (docs/keyboard.md).
    assert {v for n, v in markup.attributes if n == "data-place"} == set(PILES) | set(RESERVE)
    assert {v for n, v in markup.attributes if n == "tabindex"} == {"0", "-1"}


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("disabled", ""),
        ("onclick", "alert(1)"),
        ("style", "color: red"),
        ("href", "https://example.com"),
        ("class", "hm-card evil"),
        ("class", 'hm-card hm-x" onload="x'),
        ("tabindex", "5"),
        ("data-place", "R9"),
        ("data-place", "13"),
        ("data-count", "10"),
        ("aria-label", "x" * 201),
        ("role", "button"),
    ],
)
def test_the_allowlist_rejects_what_no_board_at_rest_holds(name: str, value: str) -> None:
    assert not allowed(name, value)


def test_the_allowlist_takes_class_lists_as_early_js_splits_them() -> None:
    for value in ("", "hm-card", "hm-card hm-red", " hm-a  hm-b ", "hm-at-r1"):
        assert allowed("class", value), value
    assert allowed("aria-label", "x" * 200)


# -- the boards the pages hold before Python ----------------------------------------------------
class StaticBoards(HTMLParser):
    """Collects, for every board of a page (face down, or written with its cards), its places
    in order."""

    def __init__(self) -> None:
        super().__init__()
        self.boards: list[list[tuple[str, str]]] = []
        self.depth = 0
        self.board_depth: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        if tag != "div":
            return
        self.depth += 1
        if "hm-board" in classes:
            assert "hm-static" not in classes or values.get("aria-hidden") == "true"
            self.boards.append([])
            self.board_depth = self.depth
        elif self.board_depth is not None and "hm-place" in classes:
            kind = "hm-pile" if "hm-pile" in classes else "hm-slot"
            (where,) = [c for c in classes if c.startswith("hm-at-")]
            self.boards[-1].append((kind, where))

    def handle_endtag(self, tag: str) -> None:
        if tag != "div":
            return
        if self.depth == self.board_depth:
            self.board_depth = None
        self.depth -= 1


@pytest.mark.parametrize(
    ("name", "count"), [("index.html", 2), ("embed.html", 1), ("rules.html", 4)]
)
def test_every_page_has_a_board_laid_out_as_the_real_one(name: str, count: int) -> None:
    """The embed's face down; the game's first deal (in each language) and the rules page's
    diagrams (in each language's text) with their cards."""
    page = StaticBoards()
    html = (SITE / name).read_text(encoding="utf-8")
    values = {"STATIC_BOARD_PLACES": build.static_board_places(), **prerender.boards()}
    page.feed(re.sub(r"%([A-Z_]+)%", lambda m: values.get(m.group(1), m.group(0)), html))
    # The places of halfmoon_web/board/board_view.py, in its order, with its classes (board.css).
    real = [("hm-pile", f"hm-at-{p.lower()}") for p in PILES]
    real += [("hm-slot", f"hm-at-{p.lower()}") for p in RESERVE]
    assert page.boards == [real] * count


@pytest.mark.parametrize("name", ["index.html", "embed.html", "rules.html"])
def test_early_js_runs_before_the_runtime(name: str) -> None:
    html = page_head.fill((SITE / name).read_text(encoding="utf-8"), name, prerender.boards())
    head = html.split("</head>")[0]
    assert (
        '<script src="%APP%/early.js" defer fetchpriority="high" blocking="render"></script>'
        in head
    )
    runtime = "%WORKER_RUNTIME_HEAD%" if page_head.PAGES[name[:-5]].worker else "%RUNTIME_HEAD%"
    assert head.index("early.js") < head.index(runtime)
    assert html.count('class="boot-note"') == 1 and html.count('class="boot-progress"') == 1


def test_the_game_page_board_is_busy_until_python_draws_it() -> None:
    """It holds the first deal's board in each language (early.js keeps the page's)."""
    html = (SITE / "index.html").read_text(encoding="utf-8")
    board = re.search(r'<div id="board"[^>]*>\s*(%FIRST_BOARD_VI%)<template data-lang="en">', html)
    assert board and 'aria-busy="true"' in board.group(0)
    assert 'data-deal="%FIRST_DEAL%"' in board.group(0)
