"""Reading ``embed.html``'s URL parameters (docs/formats.md, "URL parameters") into a checked
configuration (DOM-free).

Every problem is reported by parameter name; nothing from the URL is ever used as HTML.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from halfmoon_core import Game, HalfMoonError, normalise_code, parse_moves, replay

from .i18n import LANGS

KNOWN = ("deal", "position", "steps", "labels", "lang")
_LANG_CHOICES = " or ".join(sorted(LANGS))


class EmbedConfig(NamedTuple):
    """A checked embed: the start (code or position), the steps text, labels flag, language."""

    start: str
    steps: str
    labels: bool
    lang: str | None


class EmbedParamError(ValueError):
    """A bad parameter: ``param`` names it, the message says what is wrong."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(f"{param}: {message}")
        self.param = param
        self.message = message


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_embed_pairs(pairs: Iterable[tuple[str, str]]) -> EmbedConfig:
    """Check the decoded ``(name, value)`` pairs of a query string, in order (the embed page
    reads them with the browser's ``URLSearchParams``); raise EmbedParamError on the first
    problem."""
    seen: dict[str, str] = {}
    for name, value in pairs:
        if name not in KNOWN:
            raise EmbedParamError(_short(name), f"unknown parameter (known: {', '.join(KNOWN)})")
        if name in seen:
            raise EmbedParamError(name, "given more than once")
        seen[name] = value
    lang = seen.get("lang")
    if lang is not None and lang not in LANGS:
        raise EmbedParamError("lang", f"{_short(lang)!r} is not a language (use {_LANG_CHOICES})")
    labels_text = seen.get("labels", "0")
    if labels_text not in ("0", "1"):
        raise EmbedParamError("labels", f"{_short(labels_text)!r} is not 1 or 0")
    if "deal" in seen and "position" in seen:
        raise EmbedParamError("position", "give deal or position, not both")
    if "deal" in seen:
        name = "deal"
        try:
            start = normalise_code(seen["deal"])
        except HalfMoonError as exc:
            raise EmbedParamError(name, str(exc)) from None
    elif "position" in seen:
        name = "position"
        try:
            start = Game.from_position(seen["position"]).start
        except HalfMoonError as exc:
            raise EmbedParamError(name, str(exc)) from None
    else:
        raise EmbedParamError("deal", "missing: give deal=HM1-N-… or position=HMP1:…")
    steps = seen.get("steps", "")
    try:
        replay(start, parse_moves(steps))
    except HalfMoonError as exc:
        raise EmbedParamError("steps", str(exc)) from None
    return EmbedConfig(start, steps, labels_text == "1", lang)
