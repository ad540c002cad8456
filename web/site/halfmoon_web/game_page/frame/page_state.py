"""What the game page shows now: the game in progress, the settings and the language.

One object, shared by every part of the page; a part that changes the game (a new deal, a game
taken from another tab) or the settings writes it here, and the others read it when they draw.
"""

from __future__ import annotations

from collections.abc import Callable

from halfmoon_web.model.board_model import BoardOptions
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.settings import Settings
from halfmoon_web.shared import i18n


class PageState:
    """The game, the settings and the language the game page shows."""

    session: GameSession
    settings: Settings
    lang: str
    os_reduced_motion: Callable[[], bool]
    """Whether the OS asks for reduced motion (asked again at each use)."""

    def __init__(
        self,
        session: GameSession,
        settings: Settings,
        lang: str,
        os_reduced_motion: Callable[[], bool],
    ) -> None:
        self.session = session
        self.settings = settings
        self.lang = lang
        self.os_reduced_motion = os_reduced_motion

    def t(self, key: str, **params: object) -> str:
        """A text in the page's language."""
        return i18n.t(self.lang, key, **params)

    def motion_reduced(self) -> bool:
        """Whether animations are off (the setting, else the OS)."""
        return self.settings.motion_reduced(self.os_reduced_motion())

    def board_options(self) -> BoardOptions:
        """The board's display options: language, labels, placement assist, motion."""
        return BoardOptions(
            lang=self.lang,
            labels=self.settings.diagram_labels,
            assist=self.settings.placement_assist,
            reduced_motion=self.motion_reduced(),
        )
