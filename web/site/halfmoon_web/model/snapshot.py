"""The game page's board snapshot and the taps made on it before Python (docs/startup.md,
"Before Python"). DOM-free.

The Python view saves the board it drew (its markup, with what the info bar shows and which
game it is) under :data:`~halfmoon_web.storage.storage.SNAPSHOT_KEY`; on the next visit ``early.js``
paints it before the runtime starts and queues the taps made on it. Once the engine is up,
:func:`early_taps` hands those taps back, only when the painted board was of the game Python
loaded. ``early.js`` checks the same version and size limit.
"""

from __future__ import annotations

import json
from typing import Any

from halfmoon_core import PLACES, Game, format_moves
from halfmoon_web.model.bounds import MAX_DURATION_MS

SNAPSHOT_VERSION = 1
#: The longest snapshot kept, in UTF-16 code units (JavaScript's string length).
MAX_SNAPSHOT_CHARS = 65_536
#: The most taps early.js queues.
MAX_EARLY_TAPS = 64
#: The most elements early.js rebuilds from a snapshot's markup.
MAX_SNAPSHOT_ELEMENTS = 400
#: The most digits of the minutes of the clock a snapshot shows (``m:ss``): those of the
#: longest time a game's clock counts (``bounds.MAX_DURATION_MS``, 100 days: ``144000:00``).
SNAPSHOT_MINUTE_DIGITS = len(str(MAX_DURATION_MS // 60_000))
#: The tags a snapshot's markup may hold (a board at rest: board_markup.py, board_view.py).
SNAPSHOT_TAGS = ("div", "span", "button")
_PLACE = "|".join(PLACES)
_HM_CLASSES = " *(?:hm-[a-z0-9-]+(?: +hm-[a-z0-9-]+)*)? *"
SNAPSHOT_ATTRIBUTES = {
    "class": _HM_CLASSES,
    "role": "group|img",
    "type": "button",
    "aria-label": r"[\s\S]{0,200}",
    "aria-hidden": "true",
    "aria-pressed": "false",
    "tabindex": "0|-1",
    "data-name": _PLACE,
    "data-place": _PLACE,
    "data-count": "[0-9]",
}
"""The attributes a snapshot's markup may hold, each with the pattern its whole value must
match (one that means the same to Python's ``re`` and JavaScript's ``RegExp``): what the view
writes on a board at rest (``disabled`` only marks a card leaving, which a snapshot leaves out).
Anything else rejects the whole snapshot (no ``on*`` handler, no ``href``, ``src`` or ``style``
comes through). early.js gets this allowlist from the build (web/shared_facts.py)."""

KEPT_ACTIONS = ("undo", "redo")
"""The toolbar's actions a tap journal keeps beside the places (their buttons' ``data-action``)."""


def game_identity(game: Game) -> str:
    """Which game a board shows: its start and every move played, in order."""
    return f"{game.start} {format_moves(game.history)}".rstrip()


def js_length(text: str) -> int:
    """The length of ``text`` as JavaScript counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def make_snapshot(game: Game, *, lang: str, markup: str, time_text: str) -> str | None:
    """The stored form of a snapshot (JSON text), or None when it would be too long to keep.

    ``markup`` is the board's own markup (``BoardView.markup``); ``time_text`` the clock as
    the info bar shows it.
    """
    record = {
        "v": SNAPSHOT_VERSION,
        "game": game_identity(game),
        "lang": lang,
        "code": game.start,
        "score": game.score,
        "moves": game.moves,
        "time": time_text,
        "html": markup,
    }
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    return text if js_length(text) <= MAX_SNAPSHOT_CHARS else None


MAX_TAKEN_LENGTH = 50_000
"""The longest text of kept taps read: a game's identity and its taps are far shorter; the
taps a page left unsaved come from storage, which may hold anything."""


def _taken_object(taken: Any) -> dict[str, Any] | None:
    """The object of a text of kept taps; None when it is too long, not JSON (stored text may
    be anything: docs/storage.md), nested past the parser, or not an object."""
    if not isinstance(taken, str) or len(taken) > MAX_TAKEN_LENGTH:
        return None
    try:
        data = json.loads(taken)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def early_taps(taken: Any, game: Game) -> list[str]:
    """The places tapped before Python was up, in order (``halfmoonEarly.take()``'s JSON), or
    before the last page saved them, Undo and Redo among them (``undo``, ``redo``: the tap
    journal, docs/worker.md, "Saving against a closing tab").

    None at all unless the painted board showed ``game`` exactly (same start, same moves) and
    every tap names a place or one of :data:`KEPT_ACTIONS`: a queue for another game, or not of
    early.js's or the journal's making, is dropped whole, never played in part.
    """
    data = _taken_object(taken)
    if data is None or data.get("game") != game_identity(game):
        return []
    taps = data.get("taps")
    if not isinstance(taps, list) or len(taps) > MAX_EARLY_TAPS:
        return []
    if not all(isinstance(tap, str) and (tap in PLACES or tap in KEPT_ACTIONS) for tap in taps):
        return []
    return list(taps)


def unsaved_time(taken: Any, game: Game, stored_ms: int) -> int | None:
    """The game's time when the last page went (its journal's ``clock``: the time stored,
    the time at leaving; docs/worker.md, "Saving against a closing tab"), when that page's
    journal is of ``game`` exactly and storage still holds the save it names (``stored_ms``);
    else None. Never less than the time stored, never over the longest a save holds."""
    data = _taken_object(taken)
    if data is None or data.get("game") != game_identity(game):
        return None
    clock = data.get("clock")
    if not isinstance(clock, list) or len(clock) != 2:
        return None
    stored, left = clock
    if not all(type(value) is int for value in clock) or stored != stored_ms:
        return None
    return min(max(left, stored), MAX_DURATION_MS)


def early_focus(taken: Any) -> str | None:
    """The place of the card that had the keyboard focus on the painted board, if any."""
    data = _taken_object(taken)
    place = data.get("focus") if data is not None else None
    return place if isinstance(place, str) and place in PLACES else None
