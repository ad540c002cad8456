"""The tap/selection state machine and placement assist (docs/rules.md), with the rules page's
examples."""

from __future__ import annotations

import pytest
from engine_support import SEED_DIAGRAM, seed_diagram_position

from halfmoon_core import Game, Move, TapResult, joinable, parse_card, tap
from halfmoon_core.position import PREFIX
from halfmoon_core.tapping import E1, E2, clean_selection

# Deal 1's tops: 1:8S 2:QC 3:KS 4:9H 5:6H 6:5H 7:2D 8:7S 9:QD 10:QS 11:TC 12:8H,
# reserve R1 TH, R2 KH, R3 JH, R4 TS, R5 JH, R6 AS, R7 4D, R8 7C.


@pytest.fixture
def seed() -> Game:
    """The rules page's diagram position."""
    return Game.from_position(seed_diagram_position())


def taps(game: Game, *places: str) -> TapResult:
    """Tap the places in order, starting from no selection; the last result."""
    result = TapResult(())
    for place in places:
        result = tap(result.selection, place, game)
    return result


# -- the rules page's position and examples ----------------------------------------------------


def test_the_seed_diagram_position_matches_the_spec(seed: Game) -> None:
    for place, (code, count) in SEED_DIAGRAM.items():
        assert seed.card_at(place) == parse_card(code), place
        assert seed.count_at(place) == count, place
    assert (seed.cards_left(), seed.score, seed.moves) == (102, 10, 1)


def test_seed_5s_then_ah_is_cancelled_with_e1(seed: Game) -> None:
    assert taps(seed, "R6", "2") == TapResult((), None, E1)  # 5♠ + A♥ = 6


def test_seed_5s_then_kh_is_cancelled_with_e1(seed: Game) -> None:
    assert taps(seed, "R6", "3") == TapResult((), None, E1)  # number then court card


def test_seed_kh_then_the_other_kh_selects_the_second_with_e2(seed: Game) -> None:
    assert taps(seed, "3", "12") == TapResult(("12",), None, E2)


def test_seed_step_2_is_jc_qh_kh_removed_on_the_third_tap(seed: Game) -> None:
    assert taps(seed, "8", "5") == TapResult(("8", "5"))
    assert taps(seed, "8", "5", "3") == TapResult((), Move.of("3", "5", "8"))


# -- each branch of the machine --------------------------------------------------------------


def test_tap_with_nothing_selected_selects_the_card(game: Game) -> None:
    assert tap((), "1", game) == TapResult(("1",))
    assert tap((), "R2", game) == TapResult(("R2",))


def test_tap_on_the_selected_number_deselects_it(game: Game) -> None:
    assert taps(game, "6", "6") == TapResult(())


def test_tap_on_a_selected_court_card_deselects_only_that_card(game: Game) -> None:
    assert taps(game, "2", "3", "2") == TapResult(("3",))
    assert taps(game, "2", "3", "3") == TapResult(("2",))


def test_number_then_its_complement_removes_the_pair(game: Game) -> None:
    result = taps(game, "5", "6")  # 6♥ + 5♥
    assert result == TapResult((), Move.of("5", "6"))
    assert game.is_legal(result.move)


def test_pairs_work_from_the_reserve_and_in_either_order(game: Game) -> None:
    assert taps(game, "R6", "R1") == TapResult((), Move.of("R1", "R6"))  # A♠ + 10♥
    assert taps(game, "R1", "R6") == TapResult((), Move.of("R1", "R6"))


def test_tap_never_plays_the_move_itself(game: Game) -> None:
    before = game.position()
    taps(game, "5", "6")
    assert game.position() == before


def test_number_then_wrong_sum_clears_the_selection_with_e1(game: Game) -> None:
    assert taps(game, "1", "4") == TapResult((), None, E1)  # 8♠ + 9♥


def test_number_then_same_value_clears_the_selection_with_e1(game: Game) -> None:
    assert taps(game, "R1", "R4") == TapResult((), None, E1)  # 10♥ + 10♠


def test_number_then_court_card_clears_the_selection_with_e1(game: Game) -> None:
    assert taps(game, "1", "2") == TapResult((), None, E1)  # 8♠ then Q♣


def test_court_card_then_number_clears_the_selection_with_e2(game: Game) -> None:
    assert taps(game, "2", "1") == TapResult((), None, E2)
    assert taps(game, "2", "3", "1") == TapResult((), None, E2)


def test_same_rank_court_card_replaces_the_selected_one_and_stays_selected(game: Game) -> None:
    assert taps(game, "2", "9") == TapResult(("9",), None, E2)  # Q♣ then Q♦
    assert taps(game, "2", "3", "10") == TapResult(("10", "3"), None, E2)  # Q, K, then Q♠
    assert taps(game, "2", "3", "R2") == TapResult(("2", "R2"), None, E2)  # Q, K, then K♥


def test_two_court_cards_of_different_ranks_are_both_selected(game: Game) -> None:
    assert taps(game, "2", "3") == TapResult(("2", "3"))


def test_a_triple_is_removed_only_on_the_third_tap(game: Game) -> None:
    assert taps(game, "R3").move is None
    assert taps(game, "R3", "2").move is None
    result = taps(game, "R3", "2", "3")
    assert result == TapResult((), Move.of("2", "3", "R3"))
    assert game.is_legal(result.move)


def test_a_triple_can_follow_a_same_rank_swap(game: Game) -> None:
    assert taps(game, "2", "9", "3", "R5") == TapResult((), Move.of("3", "9", "R5"))


def test_tap_on_an_empty_pile_or_slot_does_nothing() -> None:
    g = Game.from_position(PREFIX + "/".join(["6D5S", "AS", *[""] * 10, "TS", *[""] * 7]))
    assert tap(("1",), "3", g) == TapResult(("1",))
    assert tap((), "R2", g) == TapResult(())
    assert tap(("2",), "R8", g) == TapResult(("2",))


def test_a_selection_whose_card_has_gone_is_forgotten_before_the_tap(game: Game) -> None:
    game.push("R1-R6")
    assert clean_selection(("R1", "3"), game) == ("3",)
    assert tap(("R1",), "4", game) == TapResult(("4",))


# -- placement assist ------------------------------------------------------------------------


def test_with_nothing_selected_every_playable_card_is_joinable(game: Game) -> None:
    assert joinable((), game) == frozenset(game.playable())


def test_a_selected_number_leaves_only_its_complements_joinable(game: Game) -> None:
    assert joinable(("R1",), game) == {"R6"}  # 10♥: only the ace
    assert joinable(("R6",), game) == {"11", "R1", "R4"}  # A♠: the three 10s
    assert joinable(("1",), game) == frozenset()  # 8♠: no 3 in sight


def test_selected_court_cards_leave_only_court_cards_of_missing_ranks_joinable(game: Game) -> None:
    assert joinable(("2",), game) == {"3", "R2", "R3", "R5"}  # Q: the kings and jacks
    assert joinable(("2", "3"), game) == {"R3", "R5"}  # Q + K: the jacks
    assert joinable(("R3",), game) == {"2", "3", "9", "10", "R2"}  # J: queens and kings


def test_the_selection_itself_is_not_dimmed_away_by_mistake(game: Game) -> None:
    # Dimmed = playable minus joinable; the selected cards are outlined, not offered.
    assert "2" not in joinable(("2",), game)
    assert "R1" not in joinable(("R1",), game)


def test_joinable_ignores_places_whose_card_has_gone(game: Game) -> None:
    game.push("R1-R6")
    assert joinable(("R1",), game) == frozenset(game.playable())
