"""The one family of errors the engine raises for bad input, each a message as data."""

from __future__ import annotations

from .messages import Message


class HalfMoonError(ValueError):
    """Base class: bad input of any kind. Raised with a key of
    :data:`~halfmoon_core.messages.MESSAGES` and its parameters, e.g.
    ``DealCodeError("deal_length", letters=7, example="HM1-N-AAAAAAB", text="HM1-N-AB")``;
    ``str()`` is the English text, :attr:`message` the key and parameters for a translation."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.message = Message(key, **params)
        super().__init__(str(self.message))

    @property
    def key(self) -> str:
        """The message's key."""
        return self.message.key

    @property
    def params(self) -> dict[str, object]:
        """The message's parameters."""
        return self.message.params


class CardError(HalfMoonError):
    """A card code that cannot be read."""


class DealCodeError(HalfMoonError):
    """A deal code that is not of the form ``HM1-N-XXXXXXX``."""


class PositionError(HalfMoonError):
    """A position string that is malformed or describes an impossible position."""


class MoveError(HalfMoonError):
    """A move that cannot be read, or that is not legal in the current position."""


class DailyDateError(HalfMoonError):
    """A date that is not ``YYYY-MM-DD``, not a day of the calendar, or has no daily deal."""


class SaveError(HalfMoonError):
    """A saved game that is malformed, from another version, or holds an illegal move."""
