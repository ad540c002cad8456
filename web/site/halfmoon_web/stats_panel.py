"""The game page's Statistics panel: the totals and the recent games, as stored now
(docs/storage.md: statistics from every tab add up)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .clock import format_time
from .page_state import PageState
from .saved import SavedData
from .stats import GameRecord, Stats

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
        button = self.dom.document.createElement("button")
        button.type = "button"
        button.className = "pill replay-recent"
        button.textContent = self.state.t("replay")
        button.setAttribute("aria-label", self.state.t("replay_recent", code=record.code))
        button.setAttribute("data-action", "replay-recent")
        button.setAttribute("data-start", record.code)
        button.setAttribute("data-moves", record.line or "")
        return button
