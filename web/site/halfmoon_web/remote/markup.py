"""Markup in and out of the mirror (docs/worker.md, "The mirror"): the markup Python itself made
(``innerHTML = ...``) parsed into nodes, and nodes written as a browser serialises them
(``innerHTML``, ``outerHTML``), so that what the mirror says equals what the page says.

Only markup Python made is parsed (the view never parses what a player or an address gave):
well-formed tags with quoted attributes. ``html.parser`` would do it too, at the price of
``html.entities`` on every page's start."""

from __future__ import annotations

import re
from collections.abc import Iterator

VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)
"""Elements without an end tag or content."""

_NAME = r"[a-zA-Z_:][-\w:.]*"
_TAG = re.compile(
    rf"<(/?)([a-zA-Z][\w-]*)((?:\s+{_NAME}(?:=\"[^\"]*\"|='[^']*'|=[^\s>\"'<]+)?)*)\s*(/?)>"
)
_ATTR = re.compile(rf"({_NAME})(?:=(?:\"([^\"]*)\"|'([^']*)'|([^\s>\"'<]+)))?")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_ENTITY = re.compile(r"&(#\d+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos|nbsp);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'", "nbsp": "\xa0"}

Token = tuple[str, str, list[tuple[str, str]]]
"""``("start", tag, attrs)``, ``("end", tag, [])``, ``("void", tag, attrs)`` or
``("text", text, [])``."""


class MarkupError(ValueError):
    """Markup the mirror cannot parse (not what the view writes)."""


def unescape(text: str) -> str:
    """``text`` with its character references replaced."""

    def one(match: re.Match[str]) -> str:
        ref = match.group(1)
        if ref.startswith("#x"):
            return chr(int(ref[2:], 16))
        if ref.startswith("#"):
            return chr(int(ref[1:]))
        return _NAMED[ref]

    return _ENTITY.sub(one, text)


def tokens(markup: str) -> Iterator[Token]:
    """The tags and texts of ``markup``, in order (comments dropped)."""
    markup = _COMMENT.sub("", markup)
    pos = 0
    while pos < len(markup):
        start = markup.find("<", pos)
        if start < 0:
            start = len(markup)
        if start > pos:
            yield ("text", unescape(markup[pos:start]), [])
        if start == len(markup):
            return
        match = _TAG.match(markup, start)
        if not match:
            raise MarkupError(f"markup not understood at {markup[start : start + 40]!r}")
        closing, tag, attrs, _slash = match.groups()
        tag = tag.lower()
        if closing:
            yield ("end", tag, [])
        else:
            pairs = [
                (
                    m.group(1).lower(),
                    unescape(next((g for g in m.groups()[1:] if g is not None), "")),
                )
                for m in _ATTR.finditer(attrs)
            ]
            yield ("void" if tag in VOID else "start", tag, pairs)
        pos = match.end()


def escape(text: str, *, attribute: bool) -> str:
    """``text`` escaped as a browser serialises it: ``&``, non-breaking spaces, and ``"`` in an
    attribute or ``<`` and ``>`` in text."""
    text = text.replace("&", "&amp;").replace("\xa0", "&nbsp;")
    if attribute:
        return text.replace('"', "&quot;")
    return text.replace("<", "&lt;").replace(">", "&gt;")
