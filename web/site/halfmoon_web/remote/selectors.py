"""The CSS selectors the view asks the mirror for (docs/worker.md, "The mirror"): a tag, ``#id``,
``.class``, ``[attr]``, ``[attr="value"]``, ``:scope``, ``:not(...)`` of those, the descendant
and child combinators, and lists (``a, b``). Anything else raises :class:`SelectorError`, so a
selector the mirror would answer wrongly is found by the tests, not by a player."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

Test = Callable[[Any, Any], bool]
"""Whether an element matches, given the element and the ``:scope`` element."""

_TOKEN = re.compile(
    r"""\s*(?:
      (?P<comb>>)
    | (?P<tag>[a-zA-Z][\w-]*|\*)
    | \#(?P<id>[\w-]+)
    | \.(?P<cls>[\w-]+)
    | \[(?P<attr>[\w-]+)(?:=(?P<q>["']?)(?P<val>[^"'\]]*)(?P=q))?\]
    | (?P<scope>:scope)
    | :not\((?P<not>[^()]*)\)
    )""",
    re.X,
)


class SelectorError(ValueError):
    """A selector the mirror does not understand."""


@lru_cache(maxsize=256)
def compile_selector(text: str) -> Test:
    """A test for ``text``, a selector list."""
    tests = [_compile_complex(part) for part in text.split(",")]
    return lambda el, scope: any(test(el, scope) for test in tests)


def _compile_complex(text: str) -> Test:
    """One complex selector: compounds joined by combinators, matched right to left."""
    steps: list[tuple[str, list[Test]]] = []  # (combinator before it, its simple tests)
    combinator, compound, pos = " ", [], 0
    text = text.strip()
    while pos < len(text):
        space = text[pos].isspace()
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise SelectorError(f"selector not understood: {text!r}")
        pos = match.end()
        if match.group("comb"):
            if compound:
                steps.append((combinator, compound))
            combinator, compound = ">", []
            continue
        if space and compound:
            steps.append((combinator, compound))
            combinator, compound = " ", []
        compound.append(_simple(match))
    if not compound:
        raise SelectorError(f"selector not understood: {text!r}")
    steps.append((combinator, compound))
    return lambda el, scope: _matches(el, scope, steps, len(steps) - 1)


def _simple(match: re.Match[str]) -> Test:
    if match.group("tag"):
        tag = match.group("tag").lower()
        return (lambda el, _s: True) if tag == "*" else (lambda el, _s: el.localName == tag)
    if match.group("id"):
        wanted = match.group("id")
        return lambda el, _s: el.getAttribute("id") == wanted
    if match.group("cls"):
        cls = match.group("cls")
        return lambda el, _s: cls in el.class_names()
    if match.group("attr"):
        name, value = match.group("attr"), match.group("val")
        if value is None:
            return lambda el, _s: el.hasAttribute(name)
        return lambda el, _s: el.getAttribute(name) == value
    if match.group("scope"):
        return lambda el, scope: el is scope
    inner = _compile_complex(match.group("not"))
    return lambda el, scope: not inner(el, scope)


def _matches(el: Any, scope: Any, steps: list[tuple[str, list[Test]]], at: int) -> bool:
    combinator, tests = steps[at]
    if not all(test(el, scope) for test in tests):
        return False
    if at == 0:
        return True
    parent = el.parentElement
    if combinator == ">":
        return parent is not None and _matches(parent, scope, steps, at - 1)
    while parent is not None:
        if _matches(parent, scope, steps, at - 1):
            return True
        parent = parent.parentElement
    return False
