"""No value that was accepted can raise later: generated statistics, settings and games, hostile
numbers among them, go through load -> draw (the Statistics panel's charts and texts) -> play
-> count -> save -> load again, and through an export and an import (docs/storage.md, "The
ranges of numbers"). Each value is either refused at load (and told in a short message) or
used to the end without an exception."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from web_support import MemoryStorage

from halfmoon_core import Game, format_moves
from halfmoon_web.game_page.parts.saving_view import problem_texts
from halfmoon_web.game_page.stats.stats_chart import rate_chart, rate_points, recent_chart
from halfmoon_web.model import bounds
from halfmoon_web.model.clock import format_time
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.transfer import Exported, export_json, read_export
from halfmoon_web.storage.game_store import GameStore
from halfmoon_web.storage.saved import SavedData
from halfmoon_web.storage.storage import GAME_KEY, SETTINGS_KEY, STATS_KEY, Storage

DEAL = "HM1-N-AAAAAAB"
NINES = int("9" * 4300)


def _line(count: int) -> list[str]:
    """The first ``count`` moves of a game of DEAL, always the first legal one."""
    game, moves = Game.from_code(DEAL), []
    for _ in range(count):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(legal[0])
        moves.append(legal[0])
    return moves


LINE = _line(30)
HOSTILE = st.sampled_from(
    [10**400, NINES, -1, bounds.MAX_DURATION_MS + 1, bounds.MAX_COUNT, 1.5, True, None, "7"]
)
"""Numbers (and non-numbers) at, past and far past every range."""
SMALL = st.integers(0, 4)


BAD_TEXT = {
    "code": ["x" * 100, "HM1-N-" + "A" * 1000, "<b>"],
    "line": [",".join(["4-7"] * 49), "1-1", "Z"],
    "daily": ["2026-02-30", "10000-01-01", "2025-12-31"],
}


@st.composite
def spoiled(draw: st.DrawFn, value: dict[str, Any], numbers: list[str]) -> dict[str, Any]:
    """``value``, or ``value`` with one field (a number, or a text of :data:`BAD_TEXT`, or one
    of a recent game's) replaced by a hostile value: each attack alone, so none hides another."""
    if draw(st.integers(0, 3)) == 0:
        return value
    target = value
    recent = value.get("recent") or []
    if recent and draw(st.booleans()):
        target = recent[draw(st.integers(0, len(recent) - 1))]
        name = draw(st.sampled_from(["score", "moves", "time_ms", "code", "line", "daily"]))
    else:
        name = draw(st.sampled_from(numbers))
    if name in BAD_TEXT and draw(st.booleans()):
        target[name] = draw(st.sampled_from(BAD_TEXT[name]))
    else:
        target[name] = draw(HOSTILE)
    return value


@st.composite
def recent_games(draw: st.DrawFn) -> dict[str, Any]:
    game: dict[str, Any] = {
        "code": draw(st.sampled_from([DEAL, " hm1-n-aaaaaac ", "HM1-N-ZZZZZZZ"])),
        "won": draw(st.booleans()),
        "score": draw(st.integers(0, 520)),
        "moves": draw(st.integers(0, 48)),
        "time_ms": draw(st.integers(0, bounds.MAX_DURATION_MS)),
    }
    line = draw(st.sampled_from([None, "", format_moves(LINE[:3]), format_moves(LINE)]))
    if line is not None:
        game["line"] = line
    daily = draw(st.sampled_from([None, None, "2026-11-30", "9999-12-31"]))
    if daily is not None:
        game["daily"] = daily
    if draw(st.booleans()):
        game["shape"] = draw(st.text(max_size=5))  # a newer version's field
    return game


@st.composite
def statistics(draw: st.DrawFn) -> dict[str, Any]:
    """Statistics that add up, one field sometimes spoiled."""
    recent = draw(st.lists(recent_games(), max_size=12))
    won = draw(SMALL) + sum(game["won"] for game in recent[:10])
    best_streak = draw(st.integers(0, won))
    value: dict[str, Any] = {
        "played": won + draw(SMALL) + len(recent),
        "won": won,
        "streak": draw(st.integers(0, best_streak)),
        "best_streak": best_streak,
        "best_time_ms": draw(st.one_of(st.none(), st.integers(0, bounds.MAX_DURATION_MS))),
        "recent": recent,
        "daily": {"won": draw(st.lists(st.integers(0, bounds.LAST_DAY), max_size=4)), "lost": []},
    }
    if draw(st.booleans()):
        value["version"] = draw(st.sampled_from([1, 2, 999]))
    if draw(st.booleans()):
        value["achievements"] = draw(st.lists(st.integers(), max_size=3))
    numbers = ["played", "won", "streak", "best_streak", "best_time_ms", "version"]
    value = draw(spoiled(value, numbers))
    if draw(st.integers(0, 5)) == 0:
        value["daily"]["won"].append(draw(HOSTILE))
    return value


@st.composite
def settings_values(draw: st.DrawFn) -> dict[str, Any]:
    value: dict[str, Any] = {
        name: draw(st.booleans()) for name in ("move_errors", "placement_assist", "diagram_labels")
    }
    value["lang"] = draw(st.sampled_from([None, "en", "vi"]))
    if draw(st.booleans()):
        value["version"] = draw(st.sampled_from([1, 2, 999]))
    if draw(st.booleans()):
        value["haptics"] = draw(st.text(max_size=5))
    return draw(spoiled(value, ["move_errors", "version", "lang"]))


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    moves = draw(st.integers(0, len(LINE)))
    value = {
        "format": "halfmoon-game",
        "version": draw(st.sampled_from([1, 2, 3, 99, 999])),
        "start": draw(st.sampled_from([DEAL, DEAL.lower(), Game.from_code(DEAL).position()])),
        "moves": format_moves(LINE[:moves]),
        "redo": format_moves(LINE[moves : moves + draw(st.integers(0, 2))]),
        "elapsed_ms": draw(st.integers(0, bounds.MAX_DURATION_MS)),
        "counted": draw(st.booleans()),
    }
    return draw(spoiled(value, ["elapsed_ms", "version", "counted"]))


def loaded(backend: MemoryStorage) -> tuple[SavedData, GameStore, GameSession | None]:
    data = SavedData(Storage(backend))
    games = GameStore(data)
    return data, games, games.load()


def drawn(data: SavedData, today: int) -> list[str]:
    """Everything the Statistics panel shows, DOM-free: its figures, its table's texts and
    both charts (each would raise on a number it cannot draw)."""
    stats = data.stats()
    best = stats.best_time_ms
    texts = [str(stats.played), str(stats.won), str(stats.win_rate), str(stats.streak)]
    texts += [str(stats.best_streak), "" if best is None else format_time(best)]
    texts += [str(stats.daily.played), str(stats.daily.streak(today)), str(stats.daily.best_streak)]
    for game in stats.recent:
        texts += [game.code, str(game.score), str(game.moves), format_time(game.time_ms)]
    for lang in ("en", "vi"):
        recent_chart(stats.recent, lang)
        rate_chart(rate_points(stats), lang)
    return texts


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(  # the attacks of issue 19: a recent game's time, a game's time, the games played
    stats={"played": 1, "won": 1, "streak": 1, "best_streak": 1,
           "recent": [{"code": DEAL, "won": True, "score": 520, "moves": 48, "time_ms": 10**400}]},
    settings_value={}, game={"format": "halfmoon-game", "version": 2, "start": DEAL,
                             "moves": "", "redo": "", "elapsed_ms": NINES},
    today=0, played_ms=5_000.0,
)  # fmt: skip
@example(
    stats={"played": NINES, "won": 0, "streak": 0, "best_streak": 0},
    settings_value={"version": 2, "haptics": "chimes"},
    game={"format": "halfmoon-game", "version": 99, "start": DEAL, "moves": "", "redo": "",
          "elapsed_ms": 0},
    today=0, played_ms=5_000.0,
)  # fmt: skip
@given(
    stats=statistics(),
    settings_value=settings_values(),
    game=games(),
    today=st.integers(0, bounds.LAST_DAY),
    played_ms=st.sampled_from([0.0, 5_000.0, 1e12, 1e300]),
)
def test_what_is_accepted_is_drawn_played_counted_saved_and_read_back(
    stats: dict[str, Any],
    settings_value: dict[str, Any],
    game: dict[str, Any],
    today: int,
    played_ms: float,
) -> None:
    backend = MemoryStorage(
        {
            STATS_KEY: json.dumps(stats),
            SETTINGS_KEY: json.dumps(settings_value),
            GAME_KEY: json.dumps(game),
        }
    )
    before = dict(backend.items)
    data, games_store, session = loaded(backend)
    settings_now = data.settings()
    drawn(data, today)
    for lang in ("en", "vi"):  # what the player is told: short, whatever was stored
        for text in problem_texts(data, data.storage, lang):
            assert len(text) < 500
    newer = set(data.newer)
    if session is None:
        session = GameSession(Game.from_code(DEAL))
    # play: a removal, the clock running a long while, the game left (counted), a new one
    legal = session.game.legal_moves()
    if legal:
        session.model.game.push(legal[0])
    session.acted(0.0)
    session.acted(played_ms)
    data.change_settings(lambda stored: setattr(stored, "move_errors", not stored.move_errors))
    session.record_left(data, played_ms)
    assert games_store.save(session, played_ms) in ("saved", "newer")
    drawn(data, today)
    exported = Exported(data.stats(), data.settings(), session)
    read_export(json.dumps(export_json(exported, played_ms, "2026-12-01T00:00:00Z")))
    for key in newer:  # a newer version's value is left exactly as it was
        assert backend.items[key] == before[key]
    again, _, reloaded = loaded(backend)
    again.settings()
    again.stats()
    assert again.problems == []  # everything this page wrote reads back
    if GAME_KEY not in newer:
        assert reloaded is not None and reloaded.game.history == session.game.history
    if SETTINGS_KEY not in newer:
        assert again.settings().move_errors != settings_now.move_errors
    drawn(again, today)
