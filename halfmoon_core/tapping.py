"""The tap/selection state machine of SPEC §5, and the placement-assist query.

Both are pure functions of (selection, game[, tapped place]); the view only shows what they say.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .cards import COURT_RANKS, PAIR_SUM, Card
from .game import Game
from .moves import Move

ErrorKey = Literal["E1", "E2"]
E1: ErrorKey = "E1"  # "The sum must be 11"
E2: ErrorKey = "E2"  # "You need a J, a Q and a K"
Selection = tuple[str, ...]


class TapResult(NamedTuple):
    """What a tap did: the new selection, the removal to play (if any), the error key (if any)."""

    selection: Selection
    move: Move | None = None
    error: ErrorKey | None = None


def clean_selection(selection: Selection, game: Game) -> Selection:
    """Drop places that no longer hold a playable card (e.g. after an undo)."""
    return tuple(place for place in selection if game.card_at(place) is not None)


def tap(selection: Selection, place: str, game: Game) -> TapResult:
    """Apply one tap on ``place`` to ``selection`` (an ordered tuple of 0–2 places)."""
    selection = clean_selection(selection, game)
    card = game.card_at(place)
    if card is None:
        return TapResult(selection)  # an empty pile or slot: nothing happens
    if place in selection:
        return TapResult(tuple(p for p in selection if p != place))  # rule 1: deselect
    if not selection:
        return TapResult((place,))  # rule 2: select
    chosen: list[Card] = [game.card_at(p) for p in selection]  # type: ignore[misc]
    if not chosen[0].is_court:  # rule 3: one number card selected
        if not card.is_court and chosen[0].rank + card.rank == PAIR_SUM:
            return TapResult((), Move.of(selection[0], place))
        return TapResult((), error=E1)
    if not card.is_court:  # rule 4: court cards selected
        return TapResult((), error=E2)
    for i, other in enumerate(chosen):
        if other.rank == card.rank:  # same rank: the new card takes its place
            return TapResult((*selection[:i], place, *selection[i + 1 :]), error=E2)
    if len(selection) == 2:
        return TapResult((), Move.of(*selection, place))  # J + Q + K on the third tap
    return TapResult((*selection, place))


def joinable(selection: Selection, game: Game) -> frozenset[str]:
    """Playable places that could join the selection (placement assist dims all the others).

    With no selection every playable place is joinable. With a number card A selected: the
    numbers of value 11 − A. With court cards selected: court cards of ranks not yet selected.
    """
    selection = clean_selection(selection, game)
    playable = game.playable()
    if not selection:
        return frozenset(playable)
    chosen = [playable[p] for p in selection]
    if not chosen[0].is_court:
        want = PAIR_SUM - chosen[0].rank
        return frozenset(p for p, c in playable.items() if not c.is_court and c.rank == want)
    missing = COURT_RANKS - {c.rank for c in chosen}
    return frozenset(p for p, c in playable.items() if p not in selection and c.rank in missing)
