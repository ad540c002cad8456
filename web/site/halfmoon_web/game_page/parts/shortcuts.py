"""The game page's keyboard shortcuts (docs/keyboard.md, "Shortcuts"): U, Ctrl+Z or Cmd+Z
undo, Ctrl+Shift+Z, Cmd+Shift+Z or Ctrl+Y redo, N new game, S and T open or close Settings and
Statistics, Escape closes a panel.

DOM-free but for the listener: :func:`shortcut_letter` and :func:`shortcut_action` decide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from halfmoon_web.model.snapshot import KEPT_ACTIONS
from halfmoon_web.shared.dom import decide_in_event, found

SHORTCUTS = {
    "new-game": "N",
    "undo": "Control+Z Meta+Z U",
    "redo": "Control+Shift+Z Meta+Shift+Z Control+Y",
    "settings": "S",
    "statistics": "T",
}
"""The toolbar's keyboard shortcuts, as ``aria-keyshortcuts`` says them."""
LETTERS = {"u": "undo", "n": "new-game", "s": "settings", "t": "statistics"}
"""The action of each letter (the toolbar's ``data-action`` of the same button)."""
COMMANDS = {("z", False): "undo", ("z", True): "redo", ("y", False): "redo"}
"""The action of a letter with Ctrl or Cmd, and whether Shift is down."""
TYPING = "input:not([type=checkbox]):not([type=radio]), select, textarea, [contenteditable]"
"""Where a key types rather than acts: no shortcut there."""


SHORTCUT_SCOPE = {"outside": TYPING, "unless": "dialog[open]", "repeat": False}
"""Where a shortcut acts, as the page's applier reads a rule: not while typing in a field, not
with a dialog open, not on a key held down (:meth:`Keyboard.on_shortcut` decides the same)."""


def prevented_keys() -> list[str]:
    """Every key press a shortcut takes, as the page's applier names them (``Shift+u``,
    ``Control+Shift+z``: docs/worker.md, "Decided in the event")."""
    plain = [f"{shift}{letter}" for letter in LETTERS for shift in ("", "Shift+")]
    command = [
        f"{modifier}+{'Shift+' if shift else ''}{letter}"
        for letter, shift in COMMANDS
        for modifier in ("Control", "Meta")
    ]
    return plain + command


def journal_keys() -> dict[str, str]:
    """The key presses that undo or redo (the actions a journal keeps, ``KEPT_ACTIONS``), as
    the page's applier names them, and the toolbar action of each: what a page's tap journal
    writes down beside the taps (docs/worker.md, "Saving against a closing tab")."""
    keys = {}
    for combination in prevented_keys():
        *modifiers, letter = combination.split("+")
        command = "Control" in modifiers or "Meta" in modifiers
        action = shortcut_action(letter, command=command, shift="Shift" in modifiers)
        if action in KEPT_ACTIONS:
            keys[combination] = action
    return keys


def shortcut_letter(key: str, code: str) -> str:
    """The letter a key press names, in lower case: its ``key``, else (a layout or an input
    method that gives no Latin letter) the letter of its ``code`` (``KeyU``)."""
    if len(key) == 1 and key.isascii():
        return key.lower()
    return code[3:].lower() if code.startswith("Key") and len(code) == 4 else ""


def shortcut_action(letter: str, *, command: bool, shift: bool) -> str | None:
    """The action of a letter: with Ctrl or Cmd (``command``) Z undo, Shift+Z or Y redo;
    else the letters of :data:`LETTERS`."""
    if command:
        return COMMANDS.get((letter, shift))
    return LETTERS.get(letter)


class Keyboard:
    """The page's keydown listener: ``actions`` by the names of :data:`SHORTCUTS`; ``escape``
    closes the open panel."""

    dom: Any
    actions: Mapping[str, Callable[[], None]]
    """What each shortcut does, by the names of :data:`SHORTCUTS`."""
    escape: Callable[[], None]
    """Closes the open panel."""

    def __init__(
        self,
        dom: Any,
        actions: Mapping[str, Callable[[], None]],
        escape: Callable[[], None],
    ) -> None:
        self.dom = dom
        self.actions = actions
        self.escape = escape

    def mark(self) -> None:
        """Tell assistive technology the toolbar's shortcuts (once they work: Python is up),
        and a page whose Python runs in a worker which keys they take (decided in the event:
        the keys :meth:`on_keydown` prevents)."""
        for action, keys in SHORTCUTS.items():
            button = self.dom.query(f'.toolbar [data-action="{action}"]')
            if found(button):
                button.setAttribute("aria-keyshortcuts", keys)
        rules = [
            {"keys": prevented_keys(), **SHORTCUT_SCOPE},
            {"prevent_keys": [" "], "within": 'a[role="button"]'},
        ]
        decide_in_event(self.dom.document.body, "keydown", rules)

    def on_keydown(self, event: Any) -> None:
        """Space activates the Rules link (it has the role of a button); Escape closes a panel;
        the shortcuts."""
        target = event.target
        if event.key == " " and target.getAttribute("role") == "button" and target.tagName == "A":
            event.preventDefault()
            target.click()
        elif event.key == "Escape" and not self.dom.dialog_open():
            self.escape()
        else:
            self.on_shortcut(event)

    def on_shortcut(self, event: Any) -> None:
        """Do a shortcut's action; never while typing in a field, with a dialog open, on a key
        held down, or on a key the board took (a rank)."""
        if event.defaultPrevented or event.repeat or event.altKey:
            return
        if found(event.target.closest(TYPING)) or self.dom.dialog_open():
            return
        letter = shortcut_letter(str(event.key), str(event.code or ""))
        command = bool(event.ctrlKey or event.metaKey)
        action = shortcut_action(letter, command=command, shift=bool(event.shiftKey))
        if action is not None:
            event.preventDefault()
            self.actions[action]()
