"""A board described without the DOM: the one source of a board's markup.

``board_view.py`` makes a board's elements from these descriptions, and the build writes the
same descriptions as HTML: the boards a first visit shows before Python (docs/startup.md,
"Before Python"), which the view then adopts instead of drawing them again. So the two cannot
drift: what a card looks like is :func:`face`, what a place is :func:`place_shell` and
:func:`drawn_place`, nothing else.

A :class:`Node` is a tag, its attributes in the order the view sets them, and its children
(nodes or text). :func:`to_html` writes one as a browser serialises it (``outerHTML``), so a
page can compare the markup it holds with the markup it would draw.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

from halfmoon_core import PILES, PLACES, RESERVE, Card, Game
from halfmoon_web.shared.i18n import RED_SUITS, card_label, empty_label, rank_short, t


class PlaceState(NamedTuple):
    """Everything that decides how one place looks."""

    card: Card | None
    count: int
    selected: bool
    dimmed: bool
    lang: str


class Node(NamedTuple):
    """An element: its tag, its attributes in order, its children (elements or text)."""

    tag: str
    attrs: tuple[tuple[str, str], ...] = ()
    children: tuple[Node | str, ...] = ()


def place_states(
    game: Game, lang: str, selection: Collection[str] = (), dimmed: Collection[str] = ()
) -> dict[str, PlaceState]:
    """The state of every place of ``game``, in the order of the places."""
    return {
        place: PlaceState(
            game.card_at(place), game.count_at(place), place in selection, place in dimmed, lang
        )
        for place in PLACES
    }


def first_card(states: Mapping[str, PlaceState]) -> str | None:
    """The place of the first card in the order of the places: an interactive board's tab stop
    when no card had it (docs/keyboard.md)."""
    return next((place for place, state in states.items() if state.card is not None), None)


FACE_RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
"""The rank in a face's ``hm-rank-…`` class, by rank 1 (ace) .. 13 (king), whatever the
page's language (the index letters are the language's)."""


def face(place: str, state: PlaceState, *, interactive: bool, current: str | None) -> Node:
    """What a place shows: its top card's face (a button on an interactive board, with
    ``tabindex="0"`` when it is the board's tab stop ``current``), or an empty place."""
    card = state.card
    if card is None:
        return Node(
            "div",
            (
                ("class", "hm-empty"),
                ("role", "img"),
                ("aria-label", empty_label(place, state.lang)),
            ),
        )
    red = card.suit in RED_SUITS
    kind = "hm-court" if card.is_court else "hm-number"
    # The rank and suit classes let the CSS draw the face (board.css, "Faces"): the pips of a
    # number card, the picture of a king, queen or jack, the suit's colour.
    rank_class = FACE_RANKS[card.rank - 1]
    cls = (
        f"hm-card {kind} {'hm-red' if red else 'hm-black'}"
        f" hm-rank-{rank_class} hm-suit-{card.suit.lower()}"
    )
    label = ("aria-label", card_label(card, place, state.count, state.lang))
    if interactive:
        tabindex = "0" if place == current else "-1"
        pressed = "true" if state.selected else "false"
        tag = "button"
        attrs = (("class", cls), ("type", "button"), ("data-place", place), ("tabindex", tabindex))
        attrs += (label, ("aria-pressed", pressed))
    else:
        tag, attrs = "div", (("class", cls), ("role", "img"), label)
    hidden = ("aria-hidden", "true")
    # The suit signs are drawn by the CSS (board.css, "Faces"), with no text of their own: a
    # text at font-size 0 would count as illegible (Lighthouse's font-size audit).
    index = (
        Node("span", (("class", "hm-rank"),), (rank_short(card, state.lang),)),
        Node("span", (("class", "hm-suit"),), ()),
    )
    # The index in two opposite corners, the lower one turned half a turn, as on a printed
    # card; between them the pips or the picture (docs/layout.md, "Faces").
    corner = Node("span", (("class", "hm-corner"), hidden), index)
    foot = Node("span", (("class", "hm-corner hm-foot"), hidden), index)
    return Node(tag, attrs, (corner, Node("span", (("class", "hm-pip"), hidden), ()), foot))


def _place(place: str, count: str | None, faces: tuple[Node, ...]) -> Node:
    kind = "hm-slot" if place.startswith("R") else "hm-pile"
    attrs = (("class", f"hm-place {kind} hm-at-{place.lower()}"), ("data-name", place))
    if count is not None:
        attrs += (("data-count", count),)
    name = Node("span", (("class", "hm-label-name"),), (place,))
    number = Node("span", (("class", "hm-label-count"),), () if count is None else (count,))
    label = Node("span", (("class", "hm-label"), ("aria-hidden", "true")), (name, number))
    return Node("div", attrs, (Node("div", (("class", "hm-face-holder"),), faces), label))


def place_shell(place: str) -> Node:
    """A place before it is drawn: its wrapper, an empty face holder and its label."""
    return _place(place, None, ())


def drawn_place(place: str, state: PlaceState, *, interactive: bool, current: str | None) -> Node:
    """A place as the view draws it in ``state``."""
    return _place(
        place, str(state.count), (face(place, state, interactive=interactive, current=current),)
    )


def board_parts(places: Mapping[str, Node], lang: str) -> tuple[Node, ...]:
    """What a board holds: the twelve piles of the arc, then the reserve's eight slots."""
    reserve = (("class", "hm-reserve"), ("role", "group"), ("aria-label", t(lang, "reserve_area")))
    return (*(places[p] for p in PILES), Node("div", reserve, tuple(places[p] for p in RESERVE)))


def board_root(parts: tuple[Node, ...], lang: str, classes: str = "") -> Node:
    """The board's own element around ``parts`` (``classes``: its options, ``hm-labels``...)."""
    cls = " ".join(["hm-board", *classes.split()])
    return Node("div", (("class", cls), ("role", "group"), ("aria-label", t(lang, "board"))), parts)


def tab_stop(states: Mapping[str, PlaceState], wanted: str | None) -> str | None:
    """An interactive board's tab stop: the card at ``wanted`` when there is one, else the
    first card."""
    state = states.get(wanted) if wanted is not None else None
    return wanted if state is not None and state.card is not None else first_card(states)


def drawn_board(
    game: Game, lang: str, *, interactive: bool, current: str | None = None
) -> tuple[Node, ...]:
    """What a board holds once the view has drawn ``game`` (nothing selected or dimmed; on an
    interactive board the tab stop on the card at ``current``, else on the first card)."""
    states = place_states(game, lang)
    current = tab_stop(states, current) if interactive else None
    places = {
        place: drawn_place(place, state, interactive=interactive, current=current)
        for place, state in states.items()
    }
    return board_parts(places, lang)


def _escape(text: str, attribute: bool) -> str:
    text = text.replace("&", "&amp;").replace("\xa0", "&nbsp;")
    if attribute:
        return text.replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("<", "&lt;").replace(">", "&gt;")


def to_html(node: Node | str) -> str:
    """The markup of ``node`` as a browser serialises it (``outerHTML``; text escaped)."""
    if isinstance(node, str):
        return _escape(node, attribute=False)
    attrs = "".join(f' {name}="{_escape(value, attribute=True)}"' for name, value in node.attrs)
    inner = "".join(to_html(child) for child in node.children)
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>"
