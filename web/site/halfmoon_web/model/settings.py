"""The player's settings (docs/interface.md, "The game page"): parsed leniently from storage
(docs/storage.md), written back as JSON."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from halfmoon_web.model.bounds import known_version
from halfmoon_web.shared.i18n import LANGS, normalise_lang
from halfmoon_web.shared.invalid import InvalidValue

FLAGS = ("move_errors", "placement_assist", "diagram_labels", "sound")
#: True or false, not in the form: the first visit's hint was dismissed.
MARKS = ("hint_seen",)
#: The settings chosen from a list (docs/layout.md, "Themes and card faces"), each with its
#: choices, the default first. early.js reads both before Python, with the same choices.
CHOICES = {
    "theme": ("auto", "light", "dark"),
    "faces": ("classic", "four", "large"),
    "back": ("red", "blue", "black"),
    "table": ("green", "blue", "wine"),
}
VERSION = 1
"""The settings' format; a value of a later one is left as it is (docs/storage.md, "Forward
compatibility")."""
_FIELDS = ("version", *FLAGS, *MARKS, "reduced_motion", "lang", *CHOICES)


@dataclass
class Settings:
    """Move errors, placement assist and diagram labels are off by default; ``reduced_motion``
    and ``lang`` stay None (follow the OS / the browser) until the player chooses; the theme
    follows the OS, the cards are classic with a red back, on green felt. Settings stored
    before the theme, the faces, the back or the table existed read as those defaults."""

    move_errors: bool = False
    placement_assist: bool = False
    diagram_labels: bool = False
    sound: bool = False
    """The game page's sounds (select, removal, refused pair, win): off by default."""
    reduced_motion: bool | None = None
    lang: str | None = None
    theme: str = "auto"
    """Auto (the OS's colour scheme), light or dark."""
    faces: str = "classic"
    """Card faces: classic, four (four colours) or large (large print)."""
    back: str = "red"
    """The card back (a face-down card, the win's flying cards): red, blue or black."""
    table: str = "green"
    """The table's felt: green, blue or wine."""
    hint_seen: bool = False
    """The first visit's hint (what the chips and the reserve are) was dismissed."""
    extra: dict[str, Any] = field(default_factory=dict)
    """The fields this version does not know, kept as they are (docs/storage.md)."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: the fields this version does not know, then its own."""
        known = asdict(self)
        del known["extra"]
        return {**self.extra, "version": VERSION, **known}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from stored JSON; ValueError when it is not an object of settings."""
        if not isinstance(data, dict):
            raise InvalidValue("invalid_settings_object")
        known_version(data.get("version", VERSION), VERSION)
        settings = cls()
        for name in (*FLAGS, *MARKS):
            value = data.get(name, False)
            if not isinstance(value, bool):
                raise InvalidValue("invalid_setting_flag", name=name)
            setattr(settings, name, value)
        motion = data.get("reduced_motion")
        if motion is not None and not isinstance(motion, bool):
            raise InvalidValue("invalid_setting_motion")
        settings.reduced_motion = motion
        lang = data.get("lang")
        if lang is not None and normalise_lang(lang) != lang:
            raise InvalidValue("invalid_setting_lang", langs=", ".join(LANGS))
        settings.lang = lang
        for name, choices in CHOICES.items():
            value = data.get(name, choices[0])
            if value not in choices:
                raise InvalidValue("invalid_setting_choice", name=name, choices=", ".join(choices))
            setattr(settings, name, value)
        settings.extra = {name: value for name, value in data.items() if name not in _FIELDS}
        return settings

    def motion_reduced(self, os_prefers_reduced: bool) -> bool:
        """Whether to skip animations: the player's choice, else the OS preference."""
        return os_prefers_reduced if self.reduced_motion is None else self.reduced_motion
