"""The key presses a tap journal writes down (docs/worker.md, "Saving against a closing tab"):
exactly those that undo or redo, each with its action, as the applier names key presses."""

from __future__ import annotations

from halfmoon_web.game_page.parts.shortcuts import (
    journal_keys,
    prevented_keys,
    shortcut_action,
)


def test_the_journal_keys_are_the_undo_and_redo_shortcuts() -> None:
    assert journal_keys() == {
        "u": "undo",
        "Shift+u": "undo",
        "Control+z": "undo",
        "Meta+z": "undo",
        "Control+Shift+z": "redo",
        "Meta+Shift+z": "redo",
        "Control+y": "redo",
        "Meta+y": "redo",
    }


def test_every_journal_key_is_a_key_the_page_takes_and_acts_as_the_keyboard_does() -> None:
    for combination, action in journal_keys().items():
        assert combination in prevented_keys()
        *modifiers, letter = combination.split("+")
        command = bool({"Control", "Meta"} & set(modifiers))
        assert shortcut_action(letter, command=command, shift="Shift" in modifiers) == action
