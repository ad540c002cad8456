"""Copying the deal code and sharing a link to the deal (``?deal=``, docs/formats.md, "URL
parameters"): the share sheet when the browser has one, else the clipboard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from halfmoon_web.game_page.frame.page_state import PageState

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom


@dataclass(eq=False)
class Sharing:
    """The info bar's Copy code and Share link buttons; what they did (or could not do) is said
    in the status line."""

    dom: PageDom
    state: PageState

    def share_url(self) -> str:
        """The address that opens this deal."""
        window = self.dom.window
        base = str(window.location.origin) + str(window.location.pathname)
        params = window.URLSearchParams.new()
        params.set("deal", self.state.session.code)
        return f"{base}?{params.toString()}"

    def copy_code(self) -> None:
        """Copy the deal code."""
        code = self.state.session.code
        self.dom.run(self._copy(code, self.state.t("code_copied", code=code)))

    def share_link(self) -> None:
        """Share a ``?deal=`` link (the share sheet when there is one, else the clipboard)."""
        code = self.state.session.code
        if hasattr(self.dom.window.navigator, "share"):
            self.dom.run(self._share(code))
        else:
            self.dom.run(self._copy(self.share_url(), self.state.t("link_copied", code=code)))

    async def _copy(self, text: str, done: str) -> None:
        """Copy ``text``, then say ``done`` (or that it could not be copied)."""
        try:
            await self.dom.window.navigator.clipboard.writeText(text)
        except Exception:
            self.dom.say(self.state.t("copy_failed", code=self.state.session.code))
        else:
            self.dom.say(done)

    async def _share(self, code: str) -> None:
        """Open the share sheet; copy the link when it fails or is dismissed."""
        title = self.state.t("share_title", code=code)
        data = self.dom.js_options(title=title, url=self.share_url())
        try:
            await self.dom.window.navigator.share(data)
        except Exception:
            await self._copy(self.share_url(), self.state.t("link_copied", code=code))
