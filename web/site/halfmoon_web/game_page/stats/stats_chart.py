"""The Statistics panel's two charts as SVG trees, DOM-free (docs/interface.md, "Statistics").

* **Recent games**: one mark per recent game, the newest right: the score as a bar above the line
  (out of :data:`FULL_SCORE`, a won game's), the time as a bar below it (out of the longest
  shown), filled when won, outlined when lost. Its text alternative is the recent games' table.
* **Win rate over time**: the overall win rate after each of the last games the statistics
  keep (``Stats.history``), at most :data:`RATE_POINTS` points evenly spread, joined by a line.
  Its text alternative is a table of the same points (:func:`rate_points`).

Only numbers and the page's own words go in: :mod:`.svg_dom` writes the tree with
``createElementNS`` and ``textContent``, never as markup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from halfmoon_core import WIN_SCORE
from halfmoon_web.model.clock import format_time
from halfmoon_web.model.stats import GameRecord, Stats
from halfmoon_web.shared import i18n

FULL_SCORE = WIN_SCORE
"""A won game's score, the engine's: every card removed (docs/rules.md, "Score, moves, end of
game")."""
RATE_POINTS = 10
"""The most points the win-rate chart draws."""
WIDTH = 240
LEFT = 32
"""Room for the axis labels, left of the plot."""
_SLOTS = 10
"""The recent-games chart keeps room for ten games (stats.RECENT_LIMIT), so bars keep their
width as games come."""


@dataclass
class Svg:
    """An SVG element: its tag, attributes, children and text (numbers and the page's words)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Svg] = field(default_factory=list)
    text: str = ""


def _el(tag: str, text: str = "", /, **attrs: object) -> Svg:
    """An element; ``class_`` stands for ``class``, ``aria_hidden`` for ``aria-hidden``;
    numbers are rounded to 0.1."""

    def value(item: object) -> str:
        return f"{item:.1f}".rstrip("0").rstrip(".") if isinstance(item, float) else str(item)

    names = {name: name.rstrip("_").replace("_", "-") for name in attrs}
    return Svg(tag, {names[name]: value(item) for name, item in attrs.items()}, text=text)


def _chart(height: int, label: str) -> Svg:
    """An empty chart: hidden from assistive technology (its table says the same)."""
    return _el("svg", viewBox=f"0 0 {WIDTH} {height}", class_=f"chart chart-{label}",
               aria_hidden="true", focusable="false")  # fmt: skip


def recent_chart(recent: list[GameRecord], lang: str) -> Svg:
    """The recent games (newest first, as stored), drawn oldest left, the newest in the
    last of ten slots."""
    svg = _chart(124, "recent")
    top, base, depth = 8.0, 64.0, 52.0
    games = list(reversed(recent))
    longest = max((game.time_ms for game in games), default=0) or 1
    svg.children += [
        _el("line", x1=LEFT, y1=base, x2=WIDTH, y2=base, class_="chart-axis"),
        _el("text", str(FULL_SCORE), x=LEFT - 4, y=top + 8, class_="chart-label"),
        _el("text", format_time(longest), x=LEFT - 4, y=base + depth, class_="chart-label"),
    ]
    slot = (WIDTH - LEFT) / _SLOTS
    for index, game in enumerate(games):  # the newest in the last slot
        x = LEFT + (_SLOTS - len(games) + index) * slot + slot * 0.2
        score_h = max(1.5, (base - top - 2) * min(game.score, FULL_SCORE) / FULL_SCORE)
        time_h = max(1.5, (depth - 4) * game.time_ms / longest)
        result = "won" if game.won else "lost"
        mark = _el("g", class_=f"chart-game {result}")
        mark.children += [
            _el("title", _game_words(index + 1, len(games), game, lang)),
            _el("rect", x=x, y=base - 1 - score_h, width=slot * 0.6, height=score_h,
                class_="chart-score"),
            _el("rect", x=x + slot * 0.15, y=base + 2, width=slot * 0.3, height=time_h,
                class_="chart-time"),
        ]  # fmt: skip
        svg.children.append(mark)
    return svg


def _game_words(number: int, count: int, game: GameRecord, lang: str) -> str:
    """What a mark says on hover: ``Game 3 of 10: lost, score 385, time 4:12``."""
    result = i18n.t(lang, "result_won" if game.won else "result_lost")
    return i18n.t(lang, "chart_game", number=number, count=count, result=result,
                  score=game.score, time=format_time(game.time_ms))  # fmt: skip


class RatePoint(NamedTuple):
    """The overall win rate after game number ``game``: ``won`` of ``game`` games."""

    game: int
    won: int
    rate: int


def rate_points(stats: Stats) -> list[RatePoint]:
    """At most :data:`RATE_POINTS` points of the win rate after each kept result, evenly
    spread and ending at the last game (its rate is the panel's win rate)."""
    history = stats.history
    count = len(history)
    first_game = stats.played - count
    won_before = stats.won - history.count("W")
    points = []
    shown = min(count, RATE_POINTS)
    for step in range(1, shown + 1):
        taken = -(-step * count // shown)  # the ceiling of step * count / shown
        game, won = first_game + taken, won_before + history[:taken].count("W")
        points.append(RatePoint(game, won, round(100 * won / game)))
    return points


def rate_chart(points: list[RatePoint], lang: str) -> Svg:
    """The win rate over time: gridlines at 0, 50 and 100 %, the points joined by a line."""
    svg = _chart(104, "rate")
    top, bottom = 8.0, 84.0
    for percent in (0, 50, 100):
        y = bottom - (bottom - top) * percent / 100
        svg.children += [
            _el("line", x1=LEFT, y1=y, x2=WIDTH, y2=y, class_="chart-grid"),
            _el("text", f"{percent}%", x=LEFT - 4, y=y + 3.5, class_="chart-label"),
        ]
    span = WIDTH - LEFT - 16
    step = span / max(1, len(points) - 1)
    xy = []
    for index, point in enumerate(points):
        x = LEFT + 8 + (index * step if len(points) > 1 else span / 2)
        xy.append((x, bottom - (bottom - top) * point.rate / 100))
    if len(xy) > 1:  # a line needs two points
        line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
        svg.children.append(_el("polyline", points=line, class_="chart-line"))
    for (x, y), point in zip(xy, points, strict=True):
        words = i18n.t(lang, "chart_rate", game=point.game, rate=point.rate)
        dot = _el("g", class_="chart-point")
        dot.children += [_el("title", words), _el("circle", cx=x, cy=y, r=3.5)]
        svg.children.append(dot)
    svg.children += _ticks(points, [x for x, _ in xy], bottom + 14, lang)
    return svg


def _ticks(points: list[RatePoint], xs: list[float], y: float, lang: str) -> list[Svg]:
    """The first and the last point's game under them (one point: its game, centred)."""
    if not points:
        return []
    if len(points) == 1:
        anchors = [(0, "middle", 0.0)]
    else:
        anchors = [(0, "start", -4.0), (len(points) - 1, "end", 4.0)]
    return [
        _el("text", i18n.t(lang, "chart_tick", game=points[index].game), x=xs[index] + shift,
            y=y, text_anchor=anchor, class_="chart-tick")
        for index, anchor, shift in anchors
    ]  # fmt: skip
