"""Share replay: a link that shows the game just played to anyone, in the embed's step viewer
(``embed.html?deal=CODE&replay=…``, the moves as a replay code: docs/formats.md, "Replay
codes"), and an ``<iframe>`` snippet of it, as the command line's ``embed`` writes it.

The link is copied at once (the share sheet first, where the browser has one); both texts are
shown in the end dialog, selectable, each with its Copy button, for when the clipboard is
refused. What was done (or could not be) is said in the status line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from halfmoon_core import format_moves
from halfmoon_core.embed import embed_snippet, embed_url
from halfmoon_web.game_page.frame.page_state import PageState

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom


@dataclass(eq=False)
class ReplayShare:
    """The end dialog's Share replay and the two Copy buttons it shows."""

    dom: PageDom
    state: PageState

    def base(self) -> str:
        """The site's address: the game page's folder (``embed.html`` sits beside it)."""
        location = self.dom.window.location
        path = str(location.pathname)
        return str(location.origin) + path[: path.rfind("/") + 1]

    def texts(self) -> tuple[str, str]:
        """The replay link of the game on the board, and its ``<iframe>`` snippet."""
        game = self.state.session.game
        moves = format_moves(game.history)
        base = self.base()
        url = embed_url(game.start, moves, base=base, compact=True)
        snippet = embed_snippet(game.start, moves, base=base, compact=True)
        return url, snippet

    def share(self) -> None:
        """Show the link and the snippet, and copy (or share) the link."""
        url, snippet = self.texts()
        self.dom.el("replay-link").value = url
        self.dom.el("replay-embed").value = snippet
        self.dom.el("replay-share").hidden = False
        self.dom.el("replay-copied").textContent = ""
        if hasattr(self.dom.window.navigator, "share"):
            self.dom.run(self._share(url))
        else:
            self.copy_link()

    def copy_link(self) -> None:
        """Copy the replay link shown."""
        text = str(self.dom.el("replay-link").value)
        self.dom.run(self._copy(text, "replay-link", self.state.t("replay_link_copied")))

    def copy_embed(self) -> None:
        """Copy the ``<iframe>`` snippet shown."""
        text = str(self.dom.el("replay-embed").value)
        self.dom.run(self._copy(text, "replay-embed", self.state.t("replay_embed_copied")))

    async def _copy(self, text: str, field_id: str, done: str) -> None:
        """Copy ``text``, then say ``done``; when the clipboard is refused, select the field
        that holds it for the player to copy, and say so."""
        try:
            await self.dom.window.navigator.clipboard.writeText(text)
        except Exception:
            self.dom.el(field_id).select()
            done = self.state.t("replay_copy_failed")
        self.dom.say(done)
        self.dom.el("replay-copied").textContent = done  # a phone's dialog hides the status

    async def _share(self, url: str) -> None:
        """Open the share sheet; copy the link when it fails or is dismissed."""
        title = self.state.t("replay_share_title", code=self.state.session.code)
        try:
            await self.dom.window.navigator.share(self.dom.js_options(title=title, url=url))
        except Exception:
            await self._copy(url, "replay-link", self.state.t("replay_link_copied"))
