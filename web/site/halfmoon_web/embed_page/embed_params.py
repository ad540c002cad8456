"""Reading ``embed.html``'s URL parameters (docs/formats.md, "URL parameters") into a checked
configuration (DOM-free).

Every problem is reported by parameter name; nothing from the URL is ever used as HTML.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from halfmoon_core import (
    Game,
    HalfMoonError,
    Message,
    decode_replay,
    format_moves,
    normalise_code,
    parse_moves,
    replay,
)
from halfmoon_web.shared.i18n import LANGS, message_text, t, words_list

KNOWN = ("deal", "position", "steps", "replay", "labels", "lang", "theme")
#: ``theme=``: the host's colour scheme (auto, the default) or one of its own; early.js shows it
#: before Python (docs/layout.md, "Themes and card faces").
THEMES = ("auto", "light", "dark")


class EmbedConfig(NamedTuple):
    """A checked embed: the start (code or position), the steps text, labels flag, language,
    theme."""

    start: str
    steps: str
    labels: bool
    lang: str | None
    theme: str = "auto"


class EmbedParamError(ValueError):
    """A bad parameter: ``param`` names it, ``reason`` says what is wrong: the engine's
    :class:`~halfmoon_core.Message`, or a key of :mod:`halfmoon_web.shared.i18n`'s texts with its
    ``params`` (a tuple among them being the choices there are). ``message`` is the reason in
    English; :meth:`text` says it in a language."""

    def __init__(self, param: str, reason: str, **params: object) -> None:
        self.param = param
        self.reason = reason
        self.params = params
        self.message = self.text("en")
        super().__init__(f"{param}: {self.message}")

    def text(self, lang: str) -> str:
        """What is wrong with the parameter, in ``lang``."""
        if isinstance(self.reason, Message):
            return message_text(self.reason, lang)
        params = {  # a tuple is the choices there are: ``en or vi``
            name: words_list(value, lang, "list_or") if isinstance(value, tuple) else value
            for name, value in self.params.items()
        }
        return t(lang, self.reason, **params)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_embed_pairs(pairs: Iterable[tuple[str, str]]) -> EmbedConfig:
    """Check the decoded ``(name, value)`` pairs of a query string, in order (the embed page
    reads them with the browser's ``URLSearchParams``); raise EmbedParamError on the first
    problem."""
    seen: dict[str, str] = {}
    for name, value in pairs:
        if name not in KNOWN:
            raise EmbedParamError(_short(name), "embed_unknown_param", known=", ".join(KNOWN))
        if name in seen:
            raise EmbedParamError(name, "embed_param_twice")
        seen[name] = value
    lang = seen.get("lang")
    if lang is not None and lang not in LANGS:
        raise EmbedParamError(
            "lang", "embed_bad_lang", value=_short(lang), choices=tuple(sorted(LANGS))
        )
    labels_text = seen.get("labels", "0")
    if labels_text not in ("0", "1"):
        raise EmbedParamError("labels", "embed_bad_labels", value=_short(labels_text))
    theme = seen.get("theme", THEMES[0])
    if theme not in THEMES:
        raise EmbedParamError("theme", "embed_bad_theme", value=_short(theme), choices=THEMES)
    start = _start(seen)
    steps = _steps(start, seen)
    return EmbedConfig(start, steps, labels_text == "1", lang, theme)


def _start(seen: dict[str, str]) -> str:
    """The start: ``deal`` (a code) or ``position`` (a position string), one of them."""
    if "deal" in seen and "position" in seen:
        raise EmbedParamError("position", "embed_deal_and_position")
    if "deal" not in seen and "position" not in seen:
        raise EmbedParamError("deal", "embed_no_start")
    name = "deal" if "deal" in seen else "position"
    try:
        if name == "deal":
            return normalise_code(seen[name])
        return Game.from_position(seen[name]).start
    except HalfMoonError as exc:
        raise EmbedParamError(name, exc.message) from None


def _steps(start: str, seen: dict[str, str]) -> str:
    """The steps as move notation: ``steps`` (checked by replaying it) or ``replay`` (a replay
    code, read by replaying it; docs/formats.md, "Replay codes"), not both."""
    if "steps" in seen and "replay" in seen:
        raise EmbedParamError("replay", "embed_steps_and_replay")
    name = "replay" if "replay" in seen else "steps"
    try:
        if name == "replay":
            return format_moves(decode_replay(start, seen[name]))
        steps = seen.get(name, "")
        replay(start, parse_moves(steps))
        return steps
    except HalfMoonError as exc:
        raise EmbedParamError(name, exc.message) from None
