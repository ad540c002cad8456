"""Reading JSON that anything may have written: a size and a nesting limit before the parser.

A stored value can be of any size, nesting or content (another version, another tab, a bug, a
curious player). Python's JSON parser recurses once per level of nesting, and in the browser a
value nested a hundred thousand levels deep overflows the WebAssembly stack before Python can
raise, which stops the page for good. So the text is measured first, and its nesting counted by
a scan that does not recurse (docs/storage.md, "Reading what is stored").
"""

from __future__ import annotations

import json
import re
from typing import Any

#: No value the game writes comes near this (a save is a few hundred characters).
MAX_CHARS = 256 * 1024
#: The game's own values are nested three levels deep at most.
MAX_DEPTH = 32

_SIGNIFICANT = re.compile(r'[\[\]{}"\\]')


class Unreadable(ValueError):
    """A stored value that cannot be used; ``problem`` names why (an i18n key), ``size`` its
    length in characters."""

    def __init__(self, problem: str, size: int, detail: object = "") -> None:
        super().__init__(str(detail) or problem)
        self.problem = problem
        self.size = size
        self.detail = detail


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deeply arrays and objects nest in ``text`` (strings skipped), counting up to just
    past ``limit``: a scan, not a parse, so no input can exhaust the stack."""
    depth = deepest = 0
    in_string = False
    escaped_until = 0  # a backslash in a string escapes the character after it
    for match in _SIGNIFICANT.finditer(text):
        at, char = match.start(), match.group()
        if at < escaped_until:
            continue
        if in_string:
            if char == "\\":
                escaped_until = at + 2
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif char in "]}":
            depth -= 1
    return deepest


def parse_stored(text: str, max_chars: int = MAX_CHARS) -> Any:
    """The JSON value of ``text``; :class:`Unreadable` when it is too large, nested too deeply
    or not JSON (checked in that order, so the parser only ever sees small, shallow text)."""
    size = len(text)
    if size > max_chars:
        raise Unreadable("too_large", size)
    if nesting_depth(text) > MAX_DEPTH:
        raise Unreadable("too_deep", size)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise Unreadable("not_json", size, str(exc)) from None
