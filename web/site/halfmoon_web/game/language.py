"""The game page in its language: every text of the page, written again when it changes.

The page's static texts are marked ``data-i18n`` (the text), ``data-i18n-label`` and
``data-i18n-title`` in ``index.html``; the texts Python writes (the board, the panels, the
not-saved indicator, the end dialog) are drawn again by their owners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board.board import Board
from ..shared.dom import translate_marked
from ..stats.stats_panel import StatsPanel
from .end_dialog import EndDialog
from .info_bar import InfoBar
from .page_state import PageState
from .saver import Saver
from .saving_view import BackupsList

if TYPE_CHECKING:
    from .page_dom import PageDom


class PageLanguage:
    """Writes the whole page in the state's language."""

    dom: PageDom
    state: PageState
    board: Board
    saver: Saver
    stats: StatsPanel
    backups: BackupsList
    end: EndDialog
    info: InfoBar

    def __init__(
        self,
        dom: PageDom,
        state: PageState,
        board: Board,
        saver: Saver,
        stats: StatsPanel,
        backups: BackupsList,
        end: EndDialog,
        info: InfoBar,
    ) -> None:
        self.dom = dom
        self.state = state
        self.board = board
        self.saver = saver
        self.stats = stats
        self.backups = backups
        self.end = end
        self.info = info

    def apply(self) -> None:
        """Write every text of the page in the current language."""
        state = self.state
        doc = self.dom.document
        doc.documentElement.setAttribute("lang", state.lang)
        doc.documentElement.classList.toggle("reduce-motion", state.motion_reduced())
        doc.title = state.t("page_title")
        translate_marked(doc, state.t)
        rules = self.dom.query('[data-action="rules"]')
        rules.setAttribute("href", f"./rules.html?lang={state.lang}")
        self.board.set_options(lang=state.lang)
        self.stats.render()
        self.backups.render()
        self.saver.show_saving()
        self.end.refresh()
        self.info.show_daily()
