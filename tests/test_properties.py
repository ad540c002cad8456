"""Properties of the engine checked on many generated games, positions and inputs."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from engine_support import deal_numbers, games, table_cards
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from halfmoon_core import (
    PLACES,
    Card,
    DealCode,
    Game,
    HalfMoonError,
    Move,
    MoveError,
    format_code,
    format_moves,
    format_position,
    parse_card,
    parse_code,
    parse_move,
    parse_moves,
    parse_position,
    tap,
)
from halfmoon_core.cards import canonical_deck, removal_kind
from halfmoon_core.position import Layout
from halfmoon_core.save import load_game, save_game
from halfmoon_core.tapping import E1, E2

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(max_examples=150, deadline=None)
TWO_DECKS = Counter(canonical_deck())


def removed_by_history(game: Game) -> list[Card]:
    """The cards the game's moves removed, found by replaying them from its start."""
    twin = Game.from_start(game.start)
    removed = []
    for move in game.history:
        removed.extend(twin.card_at(place) for place in move.places)
        twin.push(move)
    return removed


def snapshot(game: Game) -> tuple:
    """Everything observable about a game's state."""
    return (game.position(), game.score, game.moves, game.status, game.history, game.cards_left())


# -- the table -------------------------------------------------------------------------------


@given(games())
@FAST
def test_the_104_cards_are_conserved(game: Game) -> None:
    removed = removed_by_history(game)
    assert table_cards(game) + Counter(removed) == TWO_DECKS
    assert game.cards_left() + len(removed) == 104


@given(games())
@FAST
def test_removed_cards_are_always_pairs_summing_to_11_or_jqk_triples(game: Game) -> None:
    twin = Game.from_start(game.start)
    for move in game.history:
        cards = [twin.card_at(place) for place in move.places]
        assert removal_kind(cards) == ("pair" if len(cards) == 2 else "triple")
        if len(cards) == 2:  # the rule itself, not the engine's reading of it
            assert not any(c.is_court for c in cards) and sum(c.rank for c in cards) == 11
        else:
            assert sorted(c.rank for c in cards) == [11, 12, 13]
        twin.push(move)


@given(games())
@FAST
def test_score_is_10_a_pair_plus_15_a_triple_and_never_negative(game: Game) -> None:
    sizes = Counter(len(move.places) for move in game.history)
    assert game.score == 10 * sizes[2] + 15 * sizes[3] >= 0
    assert game.moves == len(game.history)
    while game.can_undo:
        game.pop()
        assert game.score >= 0
    assert (game.score, game.moves) == (0, 0)


@given(games())
@FAST
def test_score_and_moves_follow_from_the_position_string_alone(game: Game) -> None:
    again = Game.from_position(game.position())
    assert (again.score, again.moves, again.status) == (game.score, game.moves, game.status)
    assert again.position() == game.position()


@given(games())
@FAST
def test_status_agrees_with_legal_move_generation(game: Game) -> None:
    moves = game.legal_moves()
    assert game.has_legal_move() == bool(moves)
    if game.cards_left() == 0:
        assert game.status == "won"
    elif moves:
        assert game.status == "playing"
    else:
        assert game.status == "stalemate"


@given(games(), st.data())
@FAST
def test_undo_is_the_exact_inverse_of_push(game: Game, data: st.DataObject) -> None:
    moves = game.legal_moves()
    assume(moves)
    move = data.draw(st.sampled_from(moves))
    before = snapshot(game)
    game.push(move)
    assert game.moves == before[2] + 1
    assert game.pop() == move
    assert snapshot(game) == before


@given(games())
@FAST
def test_every_legal_move_is_accepted_and_every_other_combination_refused(game: Game) -> None:
    legal = set(game.legal_moves())
    before = snapshot(game)
    for size in (2, 3):
        for places in combinations(PLACES, size):
            move = Move.of(*places)
            if move in legal:
                assert game.why_illegal(move) is None
                game.push(move)
                game.pop()
            else:
                assert game.why_illegal(move)
                with pytest.raises(MoveError, match="is illegal"):
                    game.push(move)
            assert snapshot(game) == before


# -- tapping ---------------------------------------------------------------------------------


@given(games(), st.lists(st.sampled_from(PLACES), max_size=40))
@FAST
def test_random_taps_never_break_the_selection_rules(game: Game, places: list[str]) -> None:
    selection: tuple[str, ...] = ()
    for place in places:
        result = tap(selection, place, game)
        assert result.error in (None, E1, E2)
        if result.move is not None:
            assert result.selection == () and result.error is None
            assert game.is_legal(result.move) and place in result.move.places
            game.push(result.move)
        selection = result.selection
        assert len(selection) <= 2 and len(set(selection)) == len(selection)
        cards = [game.card_at(p) for p in selection]
        assert all(card is not None for card in cards)  # only playable cards are selected
        assert len({card.is_court for card in cards}) <= 1  # never a number with a court card
        if len(cards) == 2:
            assert cards[0].is_court and cards[0].rank != cards[1].rank


# -- text formats round trip -----------------------------------------------------------------


@given(deal_numbers(), st.sampled_from([str, str.lower, lambda s: f"  {s.lower()}\t"]))
@QUICK
def test_codes_round_trip(number: int, spell) -> None:
    code = format_code(number)
    assert parse_code(spell(code)) == DealCode("N", number)
    assert format_code(parse_code(code).number) == code


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    """Any valid layout: whole pairs and triples taken out of the two decks (not necessarily
    reachable by play), the rest spread over piles of at most 8 and slots of at most 1."""
    by_rank = {rank: [c for c in canonical_deck() if c.rank == rank] for rank in range(1, 14)}
    for cards in by_rank.values():
        cards[:] = draw(st.permutations(cards))
    for low in range(1, 6):
        k = draw(st.integers(0, 8))
        del by_rank[low][:k], by_rank[11 - low][:k]
    k = draw(st.integers(0, 8))
    for court in (11, 12, 13):
        del by_rank[court][:k]
    cards = draw(st.permutations([c for cs in by_rank.values() for c in cs]))
    in_reserve = draw(st.integers(max(0, len(cards) - 96), min(8, len(cards))))
    slots = draw(st.permutations(range(8)))[:in_reserve]
    reserve: list[Card | None] = [None] * 8
    for slot in slots:
        reserve[slot] = cards.pop()
    piles: list[list[Card]] = [[] for _ in range(12)]
    for card in cards:
        free = [i for i, pile in enumerate(piles) if len(pile) < 8]
        piles[draw(st.sampled_from(free))].append(card)
    return Layout(tuple(map(tuple, piles)), tuple(reserve))


@given(layouts())
@FAST
def test_positions_round_trip(layout: Layout) -> None:
    text = format_position(layout)
    assert parse_position(text) == layout
    assert parse_position(text.lower()) == layout
    assert format_position(parse_position(text.replace("T", "10"))) == text


@given(games())
@FAST
def test_positions_of_played_games_round_trip(game: Game) -> None:
    assert format_position(parse_position(game.position())) == game.position()


places = st.sampled_from(PLACES)
moves = st.lists(places, min_size=2, max_size=3, unique=True).map(lambda ps: Move.of(*ps))


@given(moves, st.randoms(use_true_random=False))
@QUICK
def test_moves_round_trip_whatever_the_order_and_case(move: Move, rng) -> None:
    assert parse_move(str(move)) == move
    shuffled = list(move.places)
    rng.shuffle(shuffled)
    assert parse_move(" - ".join(p.lower() for p in shuffled)) == move


@given(st.lists(moves, max_size=12))
@QUICK
def test_move_lists_round_trip(move_list: list[Move]) -> None:
    assert parse_moves(format_moves(move_list)) == move_list


@given(games(), st.integers(0, 10**9))
@FAST
def test_saves_round_trip(game: Game, elapsed: int) -> None:
    as_json = json.loads(json.dumps(save_game(game, elapsed)))
    for loaded, time in (load_game(save_game(game, elapsed)), load_game(as_json)):
        assert snapshot(loaded) == snapshot(game) and time == elapsed
        assert loaded.start == game.start


@given(st.sampled_from(canonical_deck()))
@QUICK
def test_cards_round_trip(card: Card) -> None:
    assert parse_card(card.code) == card
    assert parse_card(card.code.lower()) == card


# -- no input crashes the readers ------------------------------------------------------------

junk = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="HMP1:/-NRASTJQKDC0123456789,", max_size=60),
    st.builds(lambda s: "HMP1:" + s, st.text(alphabet="/ASTJQKDCH5610", max_size=80)),
)


@given(junk)
@settings(max_examples=300, deadline=None)
def test_readers_raise_only_halfmoon_errors_on_any_text(text: str) -> None:
    readers = {
        parse_card: Card, parse_code: DealCode, parse_move: Move, parse_moves: list,
        parse_position: Layout, Game.from_start: Game, load_game: tuple,
    }  # fmt: skip
    for reader, kind in readers.items():
        try:
            value = reader(text)
        except HalfMoonError as exc:
            assert str(exc)  # a message for the player, never an empty error
        else:
            assert isinstance(value, kind)
