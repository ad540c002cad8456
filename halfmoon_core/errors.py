"""The one family of errors the engine raises for bad input."""


class HalfMoonError(ValueError):
    """Base class: bad input of any kind (its message is meant for the player)."""


class CardError(HalfMoonError):
    """A card code that cannot be read."""


class DealCodeError(HalfMoonError):
    """A deal code that is not of the form ``HM1-N-XXXXXXX``."""


class PositionError(HalfMoonError):
    """A position string that is malformed or describes an impossible position."""


class MoveError(HalfMoonError):
    """A move that cannot be read, or that is not legal in the current position."""


class SaveError(HalfMoonError):
    """A saved game that is malformed, from another version, or holds an illegal move."""
