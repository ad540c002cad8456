"""The only module that writes a board's DOM: twelve piles on the arc and eight reserve slots.

``BoardView(container)`` draws into any element, so the same board mounts on the game page, the
rules page and ``embed.html``. The layout (docs/rules.md, "The table") is pure CSS
(``board.css``): each place carries a ``hm-at-<place>`` class that puts it on the arc.
``render`` patches only the places whose state changed, and in them only what changed (a tap's
time is spent in calls from Python to the DOM: docs/performance.md); a new card's face is a
copy of the first face of that card it drew, with the attributes of its place. Text goes in
with ``textContent`` and attributes only, never as HTML.

An interactive board is one tab stop (docs/keyboard.md): its current card has ``tabindex="0"``,
every other card ``-1``; when the current card goes, the next card in the order of the places
takes its turn, and the keyboard focus with it when it was on the board.
"""

from __future__ import annotations

from collections.abc import Collection
from contextlib import nullcontext
from typing import Any

from pyodide.ffi import create_once_callable

from halfmoon_core import PLACES, Card, Game
from halfmoon_core.cards import RANK_CHARS, SUIT_CHARS
from halfmoon_web.board.board_markup import (
    Node,
    PlaceState,
    board_parts,
    drawn_board,
    place_shell,
    place_states,
    tab_stop,
    to_html,
)
from halfmoon_web.board.board_markup import face as face_node
from halfmoon_web.shared.dom import found
from halfmoon_web.shared.i18n import t

#: The attributes of a card's face that depend on its place (the rest depends on the card).
PLACE_ATTRIBUTES = frozenset({"data-place", "tabindex", "aria-label", "aria-pressed"})

#: The 52 cards a face can show (a deck of two packs shows each twice).
CARDS = tuple(Card(rank, suit) for suit in SUIT_CHARS for rank in range(1, len(RANK_CHARS) + 1))


class BoardView:
    """Draws a board into ``container`` and keeps it up to date with :meth:`render`.

    Cards are ``<button data-place=...>`` when ``interactive`` (the controller listens to clicks
    and keys on the container), else plain images with the same accessible name.
    """

    def __init__(
        self,
        container: Any,
        *,
        lang: str = "en",
        labels: bool = False,
        reduced_motion: bool = False,
        interactive: bool = True,
        game: Game | None = None,
    ) -> None:
        self.container = container
        self.document = container.ownerDocument
        self.lang = lang
        self.interactive = interactive
        self._states: dict[str, PlaceState | None] = dict.fromkeys(PLACES)
        self._places: dict[str, Any] = {}
        self._holders: dict[str, Any] = {}
        """Each place's face holder and count label (found once)."""
        self._counts: dict[str, Any] = {}
        self._faces: dict[str, Any] = {}
        """What each place shows now: its card's face or the empty place (None before drawn)."""
        self._models: dict[tuple[object, ...], Any] = {}
        """A face of each card drawn, never shown: new faces of that card are its copies."""
        self._ghosts: list[Any] = []
        """The removed cards still playing their animation, and the celebration's flyers."""
        self.current: str | None = None
        """The place of the card that is the board's tab stop (interactive boards)."""
        self._refusals = 0
        self._dealing = False
        """Whether the next render deals a new game (:meth:`deal_next`)."""
        self._untab_later: list[Any] = []
        """Cards leaving that had the focus: out of the tab order once it moved
        (:meth:`_focus_now`)."""
        self.focus_due = False
        """Whether a card is to take the focus in the next frame (:meth:`_focus_before_paint`)."""
        self._no_scroll = self.document.defaultView.JSON.parse('{"preventScroll": true}')
        """``focus()``'s options: the card is on the board; scrolling to it would lay the page
        out inside the tap (docs/performance.md)."""
        if game is None or not self._adopt(game):
            self._build()
        self.set_labels(labels)
        self.set_reduced_motion(reduced_motion)

    # -- structure ------------------------------------------------------------------------
    def _dom(self, node: Node | str) -> Any:
        """The element (or text) a :class:`~.board_markup.Node` describes."""
        if isinstance(node, str):
            return node
        el = self.document.createElement(node.tag)
        for name, value in node.attrs:
            el.setAttribute(name, value)
        if node.children:
            el.append(*(self._dom(child) for child in node.children))
        return el

    def _build(self) -> None:
        shells = {place: place_shell(place) for place in PLACES}
        root = self._dom(Node("div", (("class", "hm-board"), ("role", "group"))))
        parts = board_parts(shells, self.lang)
        root.append(*(self._dom(part) for part in parts))
        self._root = root
        self._reserve = root.lastElementChild
        self._find_places()
        self.container.replaceChildren(root)
        self.container.removeAttribute("aria-busy")
        self._set_group_names()

    def _find_places(self) -> None:
        for place in PLACES:
            wrapper = self._root.querySelector(f'[data-name="{place}"]')
            self._places[place] = wrapper
            holder = self._holders[place] = wrapper.querySelector(".hm-face-holder")
            self._counts[place] = wrapper.querySelector(".hm-label-count")
            face = holder.firstElementChild
            self._faces[place] = face if found(face) else None

    def _adopt(self, game: Game) -> bool:
        """Take over the board the page already shows (docs/startup.md, "Before Python"): the
        one the build wrote or early.js painted, if it holds exactly what this view would draw
        for ``game``; else False (the view draws its own)."""
        root = self.container.querySelector(":scope > .hm-board")
        if not found(root):
            return False
        stop = root.querySelector('[tabindex="0"]')  # the player's tab stop, kept
        wanted = str(stop.getAttribute("data-place")) if found(stop) else None
        parts = drawn_board(game, self.lang, interactive=self.interactive, current=wanted)
        if _unmarked(str(root.innerHTML)) != "".join(to_html(part) for part in parts):
            return False
        for tapped in root.querySelectorAll(f".{EARLY_TAP}"):
            tapped.classList.remove(EARLY_TAP)  # a worker's mirror has them: early.js's page not
        self._root = root
        self._reserve = root.querySelector(":scope > .hm-reserve")
        self._find_places()
        states = place_states(game, self.lang)
        self._states = dict(states)
        self.current = tab_stop(states, wanted) if self.interactive else None
        root.classList.remove("hm-static", "hm-early")
        root.removeAttribute("aria-hidden")
        for stale in self.container.querySelectorAll(":scope > :not(.hm-board)"):
            stale.remove()  # what early.js left beside the board (the other languages' boards)
        self.container.removeAttribute("aria-busy")
        self._set_group_names()
        return True

    def _set_group_names(self) -> None:
        self._root.setAttribute("aria-label", t(self.lang, "board"))
        self._reserve.setAttribute("aria-label", t(self.lang, "reserve_area"))

    # -- options --------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        """Switch the language of names and labels (applied at the next render)."""
        if lang != self.lang:
            self.lang = lang
            self._set_group_names()

    def set_labels(self, on: bool) -> None:
        """Show or hide the diagram labels (place name and card count under each place)."""
        self._root.classList.toggle("hm-labels", bool(on))

    def set_reduced_motion(self, on: bool) -> None:
        """Skip the removal animation."""
        self.reduced_motion = bool(on)
        self._root.classList.toggle("hm-still", self.reduced_motion)

    # -- drawing --------------------------------------------------------------------------
    def deal_next(self) -> None:
        """The next render shows a new game: its cards are dealt (docs/interface.md, "The game
        page": Motion), not under reduced motion."""
        self._dealing = not self.reduced_motion

    def render(
        self, game: Game, selection: Collection[str] = (), dimmed: Collection[str] = ()
    ) -> None:
        """Bring every place up to date with ``game``, the selection and the dimmed places."""
        ghosts, self._ghosts = self._ghosts, []
        for ghost in ghosts:
            ghost.remove()
        focused = self.focused_place()
        if focused is not None:
            self.set_current(focused)
        for place, state in place_states(game, self.lang, selection, dimmed).items():
            old = self._states[place]
            if state != old or self._dealing:  # a deal deals every card, a same one too
                self._draw_place(place, state, old)
                self._states[place] = state
        self._dealing = False
        self._settle(focus=focused is not None)

    def markup(self) -> str:
        """The board's markup at rest, for the game page's snapshot (docs/startup.md): as
        drawn, without the selection, the dimming and the cards still leaving. Made on a copy
        the page never gets (the worker's mirror makes it as scratch: docs/worker.md, "The
        mirror")."""
        scratch = getattr(self.document, "scratch", None)
        with scratch() if scratch is not None else nullcontext():
            board = self._root.cloneNode(True)
            for ghost in list(board.querySelectorAll(".hm-leaving")):
                ghost.remove()
            shown = (".hm-selected", ".hm-dim", ".hm-refused", *(f".{a}" for a in ARRIVALS))
            for face in list(board.querySelectorAll(", ".join(shown))):
                face.classList.remove("hm-selected", "hm-dim", "hm-refused", *ARRIVALS)
            for face in list(board.querySelectorAll('[aria-pressed="true"]')):
                face.setAttribute("aria-pressed", "false")
            return str(board.outerHTML)

    def _draw_place(self, place: str, state: PlaceState, old: PlaceState | None) -> None:
        if old is None or old.count != state.count:
            self._places[place].setAttribute("data-count", str(state.count))
            self._counts[place].textContent = str(state.count)
        face = self._faces[place]
        same_card = (
            not self._dealing
            and old is not None
            and face is not None
            and old.card == state.card
            and old.count == state.count
            and old.lang == state.lang
        )
        if not same_card:
            removed = old is not None and old.card is not None and state.count < old.count
            if face is not None:
                if removed and not self.reduced_motion:
                    self._leave(face)
                else:
                    face.remove()
            face = self._faces[place] = self._make_face(place, state)
            arrival = self._arrival(state, old)
            if arrival is not None:
                face.classList.add(arrival)
            self._holders[place].prepend(face)
            old = None  # the new face is neither selected nor dimmed yet
        if state.card is None:
            return
        if state.selected != (old is not None and old.selected):
            face.classList.toggle("hm-selected", state.selected)
            if self.interactive:
                face.setAttribute("aria-pressed", "true" if state.selected else "false")
        if state.dimmed != (old is not None and old.dimmed):
            face.classList.toggle("hm-dim", state.dimmed)

    def _arrival(self, state: PlaceState, old: PlaceState | None) -> str | None:
        """How a new face comes in (docs/interface.md, "The game page": Motion): dealt with a new
        game, back where it was taken from (an undo, a step back), or at once (a card uncovered, a
        first drawing, reduced motion). The class goes when its animation ends."""
        if state.card is None or old is None or self.reduced_motion:
            return None
        if self._dealing:
            return ARRIVALS[0]
        return ARRIVALS[1] if state.count > old.count else None

    def _make_face(self, place: str, state: PlaceState) -> Any:
        """The face of ``state`` at ``place``: a copy of that card's model face, with this
        place's attributes (one call to copy, four to set, where drawing it takes thirty)."""
        node = face_node(
            place,
            state._replace(selected=False),
            interactive=self.interactive,
            current=self.current,
        )
        if state.card is None:
            return self._dom(node)
        key = (state.card, state.lang)
        model = self._models.get(key)
        if model is None:
            self.warm_faces(state.lang)
            model = self._models[key]
        face = model.cloneNode(True)
        for name, value in node.attrs:
            if name in PLACE_ATTRIBUTES:
                face.setAttribute(name, value)
        return face

    def warm_faces(self, lang: str | None = None) -> None:
        """Make the model face of every card in ``lang`` (the board's language) that has none,
        in one parse of their markup: a tap that shows a card for the first time then copies
        its model, where drawing it would take thirty calls (docs/performance.md)."""
        lang = lang or self.lang
        missing = [card for card in CARDS if (card, lang) not in self._models]
        if not missing:
            return
        place = PLACES[0]  # a model's place attributes are replaced in each copy
        holder = self.document.createElement("div")
        holder.innerHTML = "".join(
            to_html(
                face_node(
                    place,
                    PlaceState(card, 1, False, False, lang),
                    interactive=self.interactive,
                    current=None,
                )
            )
            for card in missing
        )
        for card, model in zip(missing, holder.children, strict=True):
            self._models[(card, lang)] = model

    def refuse(self, places: Collection[str]) -> int:
        """Mark the cards at ``places`` as refused (``hm-refused``: a shake, or an outline
        under reduced motion, board.css); return the mark's number for :meth:`end_refusal`."""
        self._refusals += 1
        for face in list(self._root.querySelectorAll(".hm-refused")):
            face.classList.remove("hm-refused")
        for place in places:
            face = self._places[place].querySelector(".hm-card")
            if found(face):
                face.offsetWidth  # noqa: B018 (a reflow: the animation starts again)
                face.classList.add("hm-refused")
        return self._refusals

    def end_refusal(self, number: int) -> None:
        """Take the refusal mark ``number`` away, unless a later refusal replaced it."""
        if number == self._refusals:
            for face in list(self._root.querySelectorAll(".hm-refused")):
                face.classList.remove("hm-refused")

    def celebrate(self) -> None:
        """The win (docs/interface.md, "The end of a game"): a ghost card leaves each place."""
        for place in () if self.reduced_motion else PLACES:
            flyer = self._dom(
                Node("div", (("class", "hm-leaving hm-celebrate"), ("aria-hidden", "true")))
            )
            self._holders[place].append(flyer)
            self._ghosts.append(flyer)

    def _leave(self, face: Any) -> None:
        """Turn the removed card into a ghost that plays the removal animation, then goes.
        Without ``data-place`` the board ignores its clicks and keys; it is not ``disabled``:
        disabling the focused button would lay the page out inside the tap
        (docs/performance.md), the focus moves to a card in :meth:`_settle`."""
        self._ghosts.append(face)
        face.classList.add("hm-leaving")
        face.removeAttribute("data-place")
        face.setAttribute("aria-hidden", "true")
        if face == self.document.activeElement:  # out of the tab order once the focus left it
            self._untab_later.append(face)
        else:
            face.setAttribute("tabindex", "-1")

    # -- the tab stop and the keyboard focus (docs/keyboard.md) ------------------------------
    def card_at(self, place: str) -> Any:
        """The button of the card at ``place`` (JavaScript null when there is none)."""
        return self._places[place].querySelector("button[data-place]")

    def _has_button(self, place: str) -> bool:
        """Whether the place shows a card's button (an interactive board's card), as drawn."""
        state = self._states[place]
        return self.interactive and state is not None and state.card is not None

    def focused_place(self) -> str | None:
        """The place of the card that has the keyboard focus, if one has it."""
        active = self.document.activeElement
        if not found(active) or not self._root.contains(active):
            return None
        place = active.getAttribute("data-place")
        return str(place) if found(place) else None

    def set_current(self, place: str) -> None:
        """Make the card at ``place`` the board's tab stop (it was focused or tapped)."""
        if place != self.current and self._has_button(place):
            self._move_tab_stop(place)

    def focus_place(self, place: str) -> None:
        """Move the tab stop and the keyboard focus to the card at ``place``."""
        self.set_current(place)
        button = self.card_at(place)
        if found(button):
            button.focus(self._no_scroll)

    def _settle(self, *, focus: bool) -> None:
        """After drawing: the tab stop on a card that is there (the next one in the order of
        the places when the current card went), and the keyboard focus on it when ``focus``
        (it was on the board) and the focused card went."""
        if not self.interactive:
            return
        place = self.current
        if place is None or not self._has_button(place):
            start = PLACES.index(place) if place is not None else len(PLACES) - 1
            following = PLACES[start + 1 :] + PLACES[: start + 1]
            place = next((p for p in following if self._has_button(p)), None)
            self._move_tab_stop(place)  # a new face at the current place already has it
        if focus and place is not None and self.focused_place() is None:
            self._focus_before_paint()

    def _focus_before_paint(self) -> None:
        """Give the focus back to the board's tab stop in the next frame, before it is drawn:
        focusing now would lay out the page the tap just changed, inside the tap
        (docs/performance.md); the frame lays it out once."""
        if not self.focus_due:
            self.focus_due = True
            window = self.document.defaultView
            window.requestAnimationFrame(create_once_callable(self._focus_now))

    def _focus_now(self, *_: object) -> None:
        """The focus, left on a card leaving or on nothing, goes to the tab stop."""
        self.focus_due = False
        active = self.document.activeElement
        lost = not found(active) or active == self.document.body or self._root.contains(active)
        if lost and self.focused_place() is None and self.current is not None:
            button = self.card_at(self.current)
            if found(button):
                button.focus(self._no_scroll)
        untab, self._untab_later = self._untab_later, []
        for face in untab:
            face.setAttribute("tabindex", "-1")

    def _move_tab_stop(self, place: str | None) -> None:
        """``tabindex="0"`` on the card at ``place``, ``-1`` on the one that had it."""
        if self.current is not None and self._has_button(self.current):
            self._faces[self.current].setAttribute("tabindex", "-1")
        self.current = place
        if place is not None:
            self._faces[place].setAttribute("tabindex", "0")

    def on_animation_end(self, event: Any) -> None:
        """Remove a ghost once its animation ended, and an arriving card's class once it has
        arrived (the controller forwards the event)."""
        target = event.target
        if not found(target):
            return
        if target.classList.contains("hm-leaving"):
            target.remove()
        elif str(event.animationName) in ARRIVALS:
            target.classList.remove(str(event.animationName))


ARRIVALS = ("hm-deal", "hm-return")
"""The classes (and their animations' names, board.css) of a face dealt with a new game and of
one back where it was taken from."""


EARLY_TAP = "hm-tapped"
"""The mark early.js puts on a card tapped before Python (docs/startup.md, "Taps before
data-ready"). ``halfmoonEarly.take()`` removes the marks on the page; a page whose Python runs
in a worker sent its elements before that (docs/worker.md), so its mirror may still have them."""


def _unmarked(markup: str) -> str:
    """``markup`` without early.js's tap marks."""
    return markup.replace(f" {EARLY_TAP}", "")
