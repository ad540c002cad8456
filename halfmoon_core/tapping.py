"""The tap/selection state machine and the placement-assist query (docs/rules.md, "Selecting
cards").

Both are pure functions of (selection, game[, tapped place]); the view only shows what they say.
Whether cards go together is asked of :mod:`halfmoon_core.cards`, the rule's one home.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .cards import Card, part_of_removal, removal_kind
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
    if removal_kind([*chosen, card]) is not None:
        return TapResult((), Move.of(*selection, place))  # rule 3: a pair, or J + Q + K
    if part_of_removal([*chosen, card]):
        return TapResult((*selection, place))  # rule 4: on the way to J + Q + K
    if not chosen[0].is_court:
        return TapResult((), error=E1)  # rule 5: a number card that does not pair
    for i, other in enumerate(chosen):
        if other.rank == card.rank:  # rule 6: a court card again: the new one takes its place
            return TapResult((*selection[:i], place, *selection[i + 1 :]), error=E2)
    return TapResult((), error=E2)  # rule 7: a number card tapped onto court cards


def joinable(selection: Selection, game: Game) -> frozenset[str]:
    """Playable places that could join the selection (placement assist dims all the others).

    With no selection every playable place is joinable; with a selection, the places whose card
    would make it a removal or part of one: with a number card A selected, the numbers of value
    11 − A; with court cards selected, court cards of ranks not yet selected.
    """
    selection = clean_selection(selection, game)
    playable = game.playable()
    chosen = [playable[p] for p in selection]
    return frozenset(
        p for p, c in playable.items() if p not in selection and part_of_removal([*chosen, c])
    )
