"""The game: removals, undo, score, moves and status (docs/rules.md)."""

from __future__ import annotations

import pytest
from engine_support import DEAL_1, WINNING_GAME

from halfmoon_core import (
    DealCodeError,
    Game,
    Move,
    MoveError,
    PositionError,
    deal,
    format_position,
    parse_card,
    parse_move,
    parse_moves,
    replay,
)
from halfmoon_core.position import PREFIX

# Deal 1's tops: 1:8S 2:QC 3:KS 4:9H 5:6H 6:5H 7:2D 8:7S 9:QD 10:QS 11:TC 12:8H,
# reserve R1 TH, R2 KH, R3 JH, R4 TS, R5 JH, R6 AS, R7 4D, R8 7C.
STALEMATE_AT_DEAL = "HM1-N-AAABATO"  # found by scanning deals 0.. for one with no first move


def only(*fields: tuple[int, str]) -> str:
    """A position string with the given fields (index, cards) and every other place empty."""
    parts = [""] * 20
    for index, cards in fields:
        parts[index] = cards
    return PREFIX + "/".join(parts)


def snapshot(g: Game) -> tuple:
    """Everything observable about a game's state."""
    return (g.position(), g.score, g.moves, g.status, g.history, g.can_undo, g.cards_left())


def test_a_new_deal_has_104_cards_no_score_no_moves(game: Game) -> None:
    assert (game.cards_left(), game.score, game.moves, game.history) == (104, 0, 0, ())
    assert game.start == DEAL_1 and game.position() == format_position(deal(DEAL_1))
    assert game.status == "playing" and not game.can_undo


def test_from_code_records_the_canonical_code() -> None:
    assert Game.from_code(" hm1-n-aaaaaab ").start == DEAL_1


def test_from_position_records_the_canonical_position_string(game: Game) -> None:
    text = game.position()
    assert Game.from_position("  " + text.lower()).start == text


def test_from_start_tells_codes_from_position_strings(game: Game) -> None:
    assert Game.from_start(DEAL_1).start == DEAL_1
    assert Game.from_start(" " + game.position().lower()).start == game.position()
    with pytest.raises(DealCodeError):
        Game.from_start("HMP2:")
    with pytest.raises(PositionError):
        Game.from_start("HMP1:nonsense")
    with pytest.raises(DealCodeError):
        Game.from_start(None)  # type: ignore[arg-type]


def test_playable_cards_are_pile_tops_and_reserve_cards_in_place_order(game: Game) -> None:
    playable = game.playable()
    assert list(playable) == [*(str(n) for n in range(1, 13)), *(f"R{n}" for n in range(1, 9))]
    assert playable["1"] == parse_card("8S") and playable["R8"] == parse_card("7C")
    assert game.card_at("12") == parse_card("8H") and game.count_at("12") == 8
    assert game.card_at("R3") == parse_card("JH") and game.count_at("R3") == 1


def test_empty_places_show_no_card_and_count_zero() -> None:
    g = Game.from_position(only((0, "6D5S")))
    assert g.card_at("2") is None and g.count_at("2") == 0
    assert g.card_at("R1") is None and g.count_at("R1") == 0
    assert g.playable() == {"1": parse_card("5S")}


def test_legal_moves_are_every_pair_summing_to_11_and_every_jqk_triple(game: Game) -> None:
    moves = {str(m) for m in game.legal_moves()}
    assert moves == {
        "2-3-R3", "2-3-R5", "2-R2-R3", "2-R2-R5", "3-9-R3", "3-9-R5", "3-10-R3", "3-10-R5",
        "9-R2-R3", "9-R2-R5", "10-R2-R3", "10-R2-R5",  # J: R3,R5  Q: 2,9,10  K: 3,R2
        "4-7", "5-6", "8-R7", "11-R6", "R1-R6", "R4-R6", "R7-R8",  # 9+2, 6+5, 7+4, 10+A, 4+7
    }  # fmt: skip


def test_legal_moves_come_in_place_order(game: Game) -> None:
    from halfmoon_core.places import PLACE_INDEX

    keys = [[PLACE_INDEX[p] for p in m.places] for m in game.legal_moves()]
    assert keys == sorted(keys)


def test_court_cards_never_pair_and_numbers_never_make_a_triple() -> None:
    g = Game.from_position(
        only((0, "JDKH"), (1, "JSKS"), (12, "QH"), (13, "QC"), (2, "AS"), (3, "TS"))
    )
    # Playable: two kings, two queens, no jack (the jacks are buried): no triple; A + 10 pair.
    assert [str(m) for m in g.legal_moves()] == ["3-4"]


def test_has_legal_move_agrees_with_legal_moves(game: Game) -> None:
    assert game.has_legal_move() and game.legal_moves()
    stuck = Game.from_position(only((0, "6D5S")))
    assert not stuck.has_legal_move() and stuck.legal_moves() == []


def test_a_deal_without_a_first_move_is_a_stalemate_at_once() -> None:
    g = Game.from_code(STALEMATE_AT_DEAL)
    assert g.cards_left() == 104 and g.status == "stalemate" and g.legal_moves() == []


def test_status_is_won_when_the_table_is_empty() -> None:
    g = Game.from_position(PREFIX + "/" * 19)
    assert (g.status, g.score, g.moves, g.cards_left()) == ("won", 520, 48, 0)


def test_status_is_stalemate_when_cards_are_left_but_no_removal() -> None:
    assert Game.from_position(only((0, "6D5S"))).status == "stalemate"


def test_a_pair_scores_10_and_counts_one_move(game: Game) -> None:
    game.push(Move.of("4", "7"))
    assert (game.score, game.moves, game.cards_left()) == (10, 1, 102)
    assert game.card_at("4") != parse_card("9H") and game.count_at("4") == 7


def test_a_triple_scores_15_and_counts_one_move(game: Game) -> None:
    game.push("2-3-R3")
    assert (game.score, game.moves, game.cards_left()) == (15, 1, 101)
    assert game.card_at("R3") is None and game.count_at("R3") == 0


def test_push_accepts_move_text_in_any_order_and_case(game: Game) -> None:
    game.push("r3-3-2")
    assert game.history == (Move.of("2", "3", "R3"),)


def test_pairs_mix_sources_pile_reserve_and_reserve_reserve(game: Game) -> None:
    game.push("R7-8")  # 4♦ (R7) + 7♠ (pile 8)
    game.push("R6-R1")  # A♠ + 10♥, both reserve
    assert game.score == 20 and [str(m) for m in game.history] == ["8-R7", "R1-R6"]


def test_used_reserve_slots_stay_empty(game: Game) -> None:
    game.push("R6-R1")
    assert game.card_at("R1") is None and game.card_at("R6") is None
    assert "R1" not in game.playable()


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("1-2", "8S + QC: court cards are removed only as J+Q+K"),
        ("1-R1", "8S + TH sums to 18, not 11"),
        ("2-3-4", "QC + KS + 9H is not one jack, one queen and one king"),
        ("2-9-R3", "QC + QD + JH is not one jack"),
        ("4-7-11", "is not one jack, one queen and one king"),
    ],
)
def test_illegal_moves_are_refused_with_the_reason_and_change_nothing(
    game: Game, move: str, reason: str
) -> None:
    before = snapshot(game)
    assert game.why_illegal(parse_move(move)) is not None
    assert reason in game.why_illegal(parse_move(move))
    assert not game.is_legal(parse_move(move))
    with pytest.raises(MoveError, match=f"move {parse_move(move)} is illegal"):
        game.push(move)
    assert snapshot(game) == before


def test_a_move_on_an_empty_pile_or_slot_is_refused_naming_the_place() -> None:
    g = Game.from_position(only((0, "6D5S"), (1, "AS"), (12, "TS")))
    assert g.why_illegal(Move.of("1", "3")) == "pile 3 is empty"
    assert g.why_illegal(Move.of("1", "R2")) == "reserve slot R2 is empty"


def test_push_rejects_unreadable_move_text(game: Game) -> None:
    with pytest.raises(MoveError, match="not a place"):
        game.push("1-99")


def test_undo_puts_the_cards_back_in_their_exact_places(game: Game) -> None:
    before = game.position()
    game.push("2-3-R3")
    assert game.pop() == Move.of("2", "3", "R3")
    assert game.position() == before
    assert game.card_at("R3") == parse_card("JH")


def test_undo_restores_score_and_moves(game: Game) -> None:
    game.push("4-7")
    game.push("2-3-R3")
    game.pop()
    assert (game.score, game.moves) == (10, 1)
    game.pop()
    assert (game.score, game.moves, game.can_undo) == (0, 0, False)


def test_undo_with_nothing_to_undo_is_refused(game: Game) -> None:
    with pytest.raises(MoveError, match="no move to undo"):
        game.pop()


def test_undo_leaves_a_stalemate_when_it_no_longer_holds() -> None:
    g = Game.from_position(only((0, "6D5S"), (1, "AS"), (12, "TS")))
    g.push("2-R1")
    assert g.status == "stalemate"
    g.pop()
    assert g.status == "playing"


def test_undo_leaves_a_won_game() -> None:
    line = parse_moves(WINNING_GAME["moves"])
    g = replay(WINNING_GAME["start"], line)
    assert g.status == "won"
    last = g.pop()
    assert last == line[-1]
    points = 15 if len(last.places) == 3 else 10
    assert (g.status, g.score, g.moves) == ("playing", 520 - points, 47)


def test_undo_reaches_back_to_the_start_of_a_whole_game() -> None:
    g = replay(WINNING_GAME["start"], parse_moves(WINNING_GAME["moves"]))
    for _ in range(48):
        g.pop()
    assert g.position() == Game.from_code(WINNING_GAME["start"]).position()
    assert (g.score, g.moves) == (0, 0)


def test_a_started_position_keeps_its_earlier_score_and_undo_stops_at_it() -> None:
    start = Game.from_code(DEAL_1)
    start.push("4-7")
    g = Game.from_position(start.position())
    assert (g.score, g.moves, g.can_undo) == (10, 1, False)
    g.push("5-6")
    g.pop()
    assert (g.score, g.moves) == (10, 1)


def test_restart_undoes_every_move(game: Game) -> None:
    before = snapshot(game)
    game.push("4-7")
    game.push("5-6")
    game.restart()
    assert snapshot(game) == before


def test_copy_is_independent_of_the_original(game: Game) -> None:
    game.push("4-7")
    twin = game.copy()
    assert snapshot(twin) == snapshot(game)
    twin.push("5-6")
    assert game.moves == 1 and twin.moves == 2


def test_copy_deals_nothing_again_and_both_play_on_apart(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game.push("4-7")
    game.push("2-3-R3")
    game.pop()
    monkeypatch.setattr("halfmoon_core.game.deal", lambda *_: pytest.fail("dealt again"))
    twin = game.copy()
    assert snapshot(twin) == snapshot(game)
    assert twin.position() == game.position() and twin.score == game.score
    twin.redo()
    game.push("5-6")
    assert twin.history != game.history
    assert game.pop() is not None and game.redo() is not None


def test_replay_applies_moves_in_order(game: Game) -> None:
    g = replay(DEAL_1, parse_moves("4-7,2-3-R3"))
    game.push("4-7")
    game.push("2-3-R3")
    assert snapshot(g) == snapshot(game)


def test_replay_names_the_first_illegal_move_by_number() -> None:
    with pytest.raises(MoveError, match=r"move 2 \(1-2\) is illegal: 8S \+ QC"):
        replay(DEAL_1, parse_moves("4-7,1-2"))


def test_repr_names_the_start_and_status(game: Game) -> None:
    assert repr(game) == "Game('HM1-N-AAAAAAB', moves=0, status='playing')"


def test_unknown_place_name_is_a_move_error() -> None:
    from halfmoon_core import Game, MoveError

    game = Game.from_code("HM1-N-AAAAAAB")
    for bad in ("13", "r3", "", "R9"):
        with pytest.raises(MoveError, match="not a place"):
            game.card_at(bad)
        with pytest.raises(MoveError, match="not a place"):
            game.count_at(bad)


# -- redo (docs/rules.md, "Undo and redo") ----------------------------------------------------


def test_undo_3_then_redo_3_returns_to_the_same_game(game: Game) -> None:
    for move in ("4-7", "5-6", "2-3-R3"):
        game.push(move)
    before = snapshot(game)
    undone = [game.pop() for _ in range(3)]
    assert game.redo_line == tuple(reversed(undone)) and game.can_redo
    redone = [game.redo() for _ in range(3)]
    assert redone == list(reversed(undone))
    assert snapshot(game) == before and not game.can_redo and game.redo_line == ()


def test_a_new_game_has_nothing_to_redo(game: Game) -> None:
    assert not game.can_redo
    with pytest.raises(MoveError, match=r"^there is no move to redo$"):
        game.redo()


def test_a_different_move_clears_the_redo_line(game: Game) -> None:
    game.push("4-7")
    game.push("5-6")
    game.pop()
    game.pop()
    game.push("2-3-R3")
    assert game.redo_line == () and not game.can_redo


def test_playing_the_next_redo_move_by_hand_keeps_the_rest_of_the_line(game: Game) -> None:
    for move in ("4-7", "5-6", "2-3-R3"):
        game.push(move)
    for _ in range(3):
        game.pop()
    game.push("7-4")  # the same removal as the next redo move, tapped in another order
    assert game.redo_line == (Move.of("5", "6"), Move.of("2", "3", "R3"))


def test_an_illegal_move_leaves_the_redo_line_alone(game: Game) -> None:
    game.push("4-7")
    game.pop()
    with pytest.raises(MoveError):
        game.push("1-2")
    assert game.redo_line == (Move.of("4", "7"),)


def test_a_win_by_redo_is_a_win() -> None:
    g = replay(WINNING_GAME["start"], parse_moves(WINNING_GAME["moves"]))
    g.pop()
    assert g.status == "playing"
    g.redo()
    assert (g.status, g.score, g.moves) == ("won", 520, 48)


def test_restart_starts_a_fresh_attempt_without_a_redo_line(game: Game) -> None:
    game.push("4-7")
    game.restart()
    assert not game.can_redo


def test_copy_keeps_the_redo_line_apart(game: Game) -> None:
    game.push("4-7")
    game.push("5-6")
    game.pop()
    twin = game.copy()
    assert twin.redo_line == game.redo_line == (Move.of("5", "6"),)
    twin.redo()
    assert game.can_redo and not twin.can_redo


def test_a_redo_line_is_set_when_every_move_plays_in_turn(game: Game) -> None:
    game.set_redo_line(parse_moves("4-7,5-6"))
    assert game.redo_line == (Move.of("4", "7"), Move.of("5", "6")) and game.moves == 0
    game.redo()
    assert game.moves == 1 and game.redo_line == (Move.of("5", "6"),)


def test_a_redo_line_with_an_illegal_move_is_refused_changing_nothing(game: Game) -> None:
    game.push("4-7")
    game.pop()
    before = snapshot(game)
    with pytest.raises(MoveError, match=r"^move 2 of the redo line \(1-2\) is illegal"):
        game.set_redo_line(parse_moves("4-7,1-2"))
    assert snapshot(game) == before and game.redo_line == (Move.of("4", "7"),)
