"""The game page's Statistics panel: the totals, the daily deal's figures, the recent games
(a chart and its table) and the win rate over time (a chart and its table), as stored now
(docs/storage.md: statistics from every tab add up; docs/interface.md, "Statistics").

The panel is drawn while it is open only: when it opens, and when the statistics change while it
is open. A closed panel is not drawn at start (the statistics are still read, so that a bad
stored value is told at once), and its charts' modules are imported when it is first drawn
(docs/startup.md, "The page's own Python")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from halfmoon_web.game_page.frame.page_state import PageState
from halfmoon_web.model.clock import format_time
from halfmoon_web.model.daily_deal import date_text, today
from halfmoon_web.model.stats import GameRecord, Stats
from halfmoon_web.storage.saved import SavedData

SVG = "http://www.w3.org/2000/svg"

if TYPE_CHECKING:
    from halfmoon_web.game_page.frame.page_dom import PageDom
    from halfmoon_web.game_page.stats.stats_chart import RatePoint


@dataclass
class StatsPanel:
    """Fills the Statistics panel from the stored statistics."""

    dom: PageDom
    data: SavedData
    state: PageState

    def render(self) -> None:
        """Read the statistics (a bad stored value is set aside and told, even while the panel
        is closed) and fill the panel if it is open: the figures, then the recent games (or
        "none yet"), then the win rate over time."""
        stats = self.data.stats()
        if self.dom.el("stats-panel").hidden:
            return
        from halfmoon_web.game_page.stats.stats_chart import rate_chart, rate_points, recent_chart

        for element_id, text in self.figures(stats).items():
            self.dom.el(element_id).textContent = text
        lang = self.state.lang
        rows = [self._row(record) for record in stats.recent]
        self._fill("stats-recent", rows)
        self.dom.el("stats-empty").hidden = bool(rows)
        self._chart("stats-recent", recent_chart(stats.recent, lang) if rows else None)
        points = rate_points(stats)
        self._fill("stats-rate", [self._rate_row(point) for point in points])
        self._chart("stats-rate", rate_chart(points, lang) if points else None)

    def figures(self, stats: Stats) -> dict[str, str]:
        """The text of each figure, by the id of its element."""
        none = self.state.t("none")
        best_time = stats.best_time_ms
        best_lost = stats.best_lost_score
        daily = stats.daily
        return {
            "stat-played": str(stats.played),
            "stat-won": str(stats.won),
            "stat-rate": none if stats.win_rate is None else f"{stats.win_rate}%",
            "stat-best-time": none if best_time is None else format_time(best_time),
            "stat-best-lost-score": none if best_lost is None else str(best_lost),
            "stat-streak": str(stats.streak),
            "stat-best-streak": str(stats.best_streak),
            "stat-daily-played": str(daily.played),
            "stat-daily-won": str(len(daily.won)),
            "stat-daily-streak": str(daily.streak(today(self.dom.window).number)),
            "stat-daily-best-streak": str(daily.best_streak),
        }

    def _fill(self, table_id: str, rows: list[Any]) -> None:
        """Put ``rows`` in a table's body; the table is hidden without rows."""
        table = self.dom.el(table_id)
        table.querySelector("tbody").replaceChildren(*rows)
        table.hidden = not rows

    def _chart(self, name: str, chart: Any) -> None:
        """Draw a chart in ``#<name>-chart`` (None: hide its box)."""
        self.dom.el(f"{name}-box").hidden = chart is None
        from halfmoon_web.game_page.stats import svg_dom

        drawn = [] if chart is None else [svg_dom.build(self.dom.document, chart)]
        self.dom.el(f"{name}-chart").replaceChildren(*drawn)

    def _cells(self, texts: tuple[str, ...]) -> Any:
        """A table row of these cells' texts."""
        row = self.dom.document.createElement("tr")
        for text in texts:
            cell = self.dom.document.createElement("td")
            cell.textContent = text
            row.append(cell)
        return row

    def _row(self, record: GameRecord) -> Any:
        """One recent game as a table row: code (and the daily deal's date), result, score,
        moves, time, Replay."""
        result = self.state.t("result_won" if record.won else "result_lost")
        cells = (record.code, result, str(record.score), str(record.moves))
        row = self._cells((*cells, format_time(record.time_ms)))
        if record.daily is not None:
            date = date_text(record.daily, self.state.lang, short=True)
            mark = self.dom.document.createElement("span")
            mark.className = "recent-daily"
            mark.textContent = self.state.t("recent_daily", date=date)
            row.firstElementChild.append(mark)
        cell = self.dom.document.createElement("td")
        if record.line:  # a game stored before its moves were kept cannot be replayed
            cell.append(self._replay_button(record))
        row.append(cell)
        return row

    def _rate_row(self, point: RatePoint) -> Any:
        """One point of the win rate as a table row: after game, games won, win rate."""
        return self._cells((str(point.game), str(point.won), f"{point.rate}%"))

    def _replay_button(self, record: GameRecord) -> Any:
        """The Replay button of a recent game (:mod:`~halfmoon_web.game_page.sharing.replay_view`
        reads its game)."""
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
