"""The game page's Statistics panel: the totals and the recent games, as stored now
(docs/storage.md: statistics from every tab add up)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .clock import format_time
from .page_state import PageState
from .saved import SavedData
from .stats import GameRecord, Stats

SVG = "http://www.w3.org/2000/svg"

if TYPE_CHECKING:
    from .page_dom import PageDom


@dataclass(eq=False)
class StatsPanel:
    """Fills the Statistics panel from the stored statistics."""

    dom: PageDom
    data: SavedData
    state: PageState

    def render(self) -> None:
        """Fill the panel: the figures, then the table of recent games (or "none yet")."""
        stats = self.data.stats()
        for element_id, text in self.figures(stats).items():
            self.dom.el(element_id).textContent = text
        rows = [self._row(record) for record in stats.recent]
        self.dom.el("stats-recent").querySelector("tbody").replaceChildren(*rows)
        self.dom.el("stats-recent").hidden = not rows
        self.dom.el("stats-empty").hidden = bool(rows)

    def figures(self, stats: Stats) -> dict[str, str]:
        """The text of each figure, by the id of its element."""
        none = self.state.t("none")
        best_time = stats.best_time_ms
        return {
            "stat-played": str(stats.played),
            "stat-won": str(stats.won),
            "stat-rate": none if stats.win_rate is None else f"{stats.win_rate}%",
            "stat-best-time": none if best_time is None else format_time(best_time),
            "stat-streak": str(stats.streak),
            "stat-best-streak": str(stats.best_streak),
        }

    def _row(self, record: GameRecord) -> Any:
        """One recent game as a table row: code, result, score, moves, time, Replay."""
        result = self.state.t("result_won" if record.won else "result_lost")
        cells = (record.code, result, str(record.score), str(record.moves))
        row = self.dom.document.createElement("tr")
        for text in (*cells, format_time(record.time_ms)):
            cell = self.dom.document.createElement("td")
            cell.textContent = text
            row.append(cell)
        cell = self.dom.document.createElement("td")
        if record.line:  # a game stored before its moves were kept cannot be replayed
            cell.append(self._replay_button(record))
        row.append(cell)
        return row

    def _replay_button(self, record: GameRecord) -> Any:
        """The Replay button of a recent game (:mod:`.replay_view` reads its game)."""
        doc = self.dom.document
        button = doc.createElement("button")
        button.type = "button"
        button.className = "replay-recent"
        label = self.state.t("replay_recent", code=record.code)
        button.setAttribute("aria-label", label)
        button.title = label
        icon = doc.createElementNS(SVG, "svg")  # a play triangle: the column is narrow
        for name, value in (("class", "icon"), ("viewBox", "0 0 24 24"), ("aria-hidden", "true")):
            icon.setAttribute(name, value)
        path = doc.createElementNS(SVG, "path")
        path.setAttribute("d", "M8 5v14l11-7z")
        icon.append(path)
        button.append(icon)
        button.setAttribute("data-action", "replay-recent")
        button.setAttribute("data-start", record.code)
        button.setAttribute("data-moves", record.line or "")
        return button
