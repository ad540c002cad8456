"""Writes a :class:`~halfmoon_web.game_page.stats.stats_chart.Svg` tree into the page: elements
made with ``createElementNS`` in the SVG namespace, attributes set one by one and texts as
``textContent``; nothing is parsed as markup."""

from __future__ import annotations

from typing import Any

from halfmoon_web.game_page.stats.stats_chart import Svg

SVG_NS = "http://www.w3.org/2000/svg"


def build(document: Any, node: Svg) -> Any:
    """The DOM element of ``node`` and its children."""
    element = document.createElementNS(SVG_NS, node.tag)
    for name, value in node.attrs.items():
        element.setAttribute(name, value)
    if node.text:
        element.textContent = node.text
    for child in node.children:
        element.append(build(document, child))
    return element
