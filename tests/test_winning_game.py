"""The pinned winning game (a fixture browser tests replay) and the test-only solver."""

from __future__ import annotations

import pytest
from engine_support import WINNING_GAME
from solver import main as solver_main
from solver import solve

from halfmoon_core import Game, parse_moves, replay


def test_the_fixture_names_its_start_moves_score_and_move_count() -> None:
    assert set(WINNING_GAME) == {"start", "moves", "score", "moves_count"}
    assert WINNING_GAME["score"] == 520 and WINNING_GAME["moves_count"] == 48


def test_replaying_the_pinned_winning_game_wins_with_520_points_in_48_moves() -> None:
    moves = parse_moves(WINNING_GAME["moves"])
    game = replay(WINNING_GAME["start"], moves)
    assert (game.status, game.score, game.moves) == ("won", 520, 48)
    assert game.cards_left() == 0 and len(moves) == WINNING_GAME["moves_count"]


def test_the_pinned_winning_game_is_40_pairs_and_8_triples() -> None:
    sizes = [len(m.places) for m in parse_moves(WINNING_GAME["moves"])]
    assert sizes.count(2) == 40 and sizes.count(3) == 8


def test_no_step_of_the_winning_game_is_a_stalemate() -> None:
    game = Game.from_code(WINNING_GAME["start"])
    for move in parse_moves(WINNING_GAME["moves"]):
        assert game.status == "playing"
        game.push(move)
    assert game.status == "won"


@pytest.mark.parametrize("code", ["HM1-N-AAAAAAA", "HM1-N-AAAAAAC", "HM1-N-AAAAAAG"])
def test_the_solver_wins_quick_deals_with_lines_the_engine_accepts(code: str) -> None:
    result = solve(code, max_nodes=20_000)
    assert result.outcome == "won" and len(result.moves) == 48
    assert replay(code, result.moves).status == "won"


def test_the_solver_proves_a_lost_deal() -> None:
    # HM1-N-ZZZZZZZ was found (by the solver's script mode) to be lost after ~1,500 positions.
    result = solve("HM1-N-ZZZZZZZ", max_nodes=20_000)
    assert result.outcome == "lost" and result.moves == []


def test_the_solver_stops_at_its_budget() -> None:
    result = solve("HM1-N-AAAAAAF", max_nodes=50)
    assert result.outcome == "timeout" and result.moves == []
    assert solve("HM1-N-AAAAAAF", max_seconds=0.0).outcome == "timeout"


def test_the_solver_knows_a_stalemate_at_the_deal_is_lost() -> None:
    assert solve("HM1-N-AAABATO").outcome == "lost"  # no legal move at the deal itself


def test_the_solver_script_mode_prints_outcome_and_line(capsys) -> None:
    assert solver_main(["HM1-N-AAAAAAC", "--nodes", "5000"]) == 0
    first, line = capsys.readouterr().out.splitlines()
    assert first.startswith("HM1-N-AAAAAAC\twon\tnodes=")
    assert replay("HM1-N-AAAAAAC", parse_moves(line)).status == "won"
