"""The game page in its language: every text of the page, written again when it changes.

The page's static texts are marked ``data-i18n`` (the text), ``data-i18n-label`` and
``data-i18n-title`` in ``index.html``; the texts Python writes (the board, the panels, the
not-saved indicator, the end dialog) are drawn again by their owners.
"""

from __future__ import annotations

from halfmoon_web.game_page.frame.context import PageContext
from halfmoon_web.shared.dom import translate_marked


class PageLanguage:
    """Writes the whole page in the state's language."""

    ctx: PageContext

    def __init__(self, ctx: PageContext) -> None:
        self.ctx = ctx

    def apply(self) -> None:
        """Write the page's own texts in the current language; the parts that write texts of
        their own hear of it (the board, the panels, the end dialog, the indicator)."""
        state = self.ctx.state
        doc = self.ctx.dom.document
        doc.documentElement.setAttribute("lang", state.lang)
        doc.documentElement.classList.toggle("reduce-motion", state.motion_reduced())
        doc.title = state.t("page_title")
        translate_marked(doc, state.t)
        rules = self.ctx.dom.query('[data-action="rules"]')
        rules.setAttribute("href", f"./rules.html?lang={state.lang}")
        self.ctx.changed("language")
