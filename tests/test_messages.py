"""The engine's texts are data: every error and reason is a key of one table with its parameters
(halfmoon_core/messages.py), its ``str`` the English text (docs/i18n.md)."""

from __future__ import annotations

import ast
import copy
import pickle
import re
from pathlib import Path

import pytest

from halfmoon_core import (
    MESSAGES,
    DealCodeError,
    Game,
    HalfMoonError,
    Message,
    MoveError,
    PositionError,
    parse_code,
    parse_moves,
    parse_position,
)
from halfmoon_core.cards import canonical_deck
from halfmoon_core.messages import render_message

ENGINE = Path(__file__).resolve().parent.parent / "halfmoon_core"
ERRORS = {
    "HalfMoonError",
    "CardError",
    "DailyDateError",
    "DealCodeError",
    "PositionError",
    "MoveError",
    "SaveError",
}


def text_calls(tree: ast.AST) -> list[ast.Call]:
    """The calls that make an engine text: an error of the family, or a Message."""
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ERRORS | {"Message"}
    ]


def key_patterns(call: ast.Call) -> list[str]:
    """The keys a call names, as regular expressions (an f-string's fields match digits)."""
    assert call.args, f"line {call.lineno}: {ast.unparse(call)} names no key"
    return _patterns(call.args[0], call.lineno)


def _patterns(key: ast.expr, line: int) -> list[str]:
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return [re.escape(key.value)]
    if isinstance(key, ast.IfExp):
        return _patterns(key.body, line) + _patterns(key.orelse, line)
    assert isinstance(key, ast.JoinedStr), f"line {line}: the key is not written out"
    return [
        "".join(
            re.escape(part.value) if isinstance(part, ast.Constant) else r"\d+"
            for part in key.values
        )
    ]


def engine_keys() -> list[tuple[str, str]]:
    """Every key the engine's sources name, as (file, pattern)."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == "errors.py":
            continue  # HalfMoonError hands its key on to Message
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found += [(path.name, key) for call in text_calls(tree) for key in key_patterns(call)]
    return found


def test_every_text_the_engine_makes_names_a_key_of_the_table() -> None:
    keys = engine_keys()
    assert len(keys) > 50
    for name, pattern in keys:
        assert any(re.fullmatch(pattern, key) for key in MESSAGES), (name, pattern)


def test_every_key_of_the_table_is_used() -> None:
    patterns = [pattern for _, pattern in engine_keys()]
    for key in MESSAGES:
        assert any(re.fullmatch(pattern, key) for pattern in patterns), key


def test_the_scan_sees_a_message_without_a_key() -> None:
    tree = ast.parse("raise MoveError(reason)")
    with pytest.raises(AssertionError, match="not written out"):
        key_patterns(text_calls(tree)[0])
    with pytest.raises(AssertionError, match="names no key"):
        key_patterns(text_calls(ast.parse("Message()"))[0])


def test_an_error_is_its_key_and_parameters_and_says_them_in_english() -> None:
    with pytest.raises(DealCodeError) as caught:
        parse_code("HM1-N-AB")
    error = caught.value
    assert (error.key, error.params) == (
        "deal_length",
        {"letters": 7, "example": "HM1-N-AAAAAAB", "text": "HM1-N-AB"},
    )
    assert str(error) == "the deal part must be 7 letters A–Z, like HM1-N-AAAAAAB; got 'HM1-N-AB'"
    assert error.message == str(error) and isinstance(error, ValueError)


def test_an_unknown_key_is_refused() -> None:
    with pytest.raises(KeyError):
        HalfMoonError("no_such_key")


def test_a_message_inside_a_message_is_said_in_the_same_language() -> None:
    with pytest.raises(MoveError) as caught:
        parse_moves("4-4")
    message = caught.value.message
    assert message == "move '4-4': pile 4 is named twice"
    marked = {key: f"<{text}>" for key, text in MESSAGES.items()}
    assert render_message(message, marked) == "<move '4-4': <<pile 4> is named twice>>"
    assert render_message(message, {}) == message  # a key a language lacks: the English


def test_a_list_of_messages_is_joined_by_semicolons() -> None:
    cards = [card.code for card in canonical_deck()]
    cards.remove("AS")
    cards.remove("JS")  # removed: an ace without a 10, a jack without a queen and a king
    fields = ["".join(cards[at : at + 8]) for at in range(0, 96, 8)] + cards[96:] + [""] * 2
    with pytest.raises(PositionError) as caught:
        parse_position("HMP1:" + "/".join(fields))
    problems = caught.value.params["problems"]
    assert isinstance(problems, tuple) and len(problems) >= 2
    assert "removed " + "; ".join(problems) in str(caught.value)


def test_reasons_are_messages_too() -> None:
    game = Game.from_code("HM1-N-AAAAAAB")
    reason = game.why_illegal(parse_moves("4-8")[0])
    assert isinstance(reason, Message) and reason.key == "removal_sum"
    assert reason == "9H + 7S sums to 16, not 11"


def test_a_message_survives_a_copy_and_a_pickle() -> None:
    with pytest.raises(PositionError) as caught:
        Game.from_position("HMP1:ZZ" + "/" * 19)
    message = caught.value.message
    for twin in (copy.deepcopy(message), pickle.loads(pickle.dumps(message))):
        assert (twin, twin.key, twin.params) == (message, message.key, message.params)
    assert repr(message).startswith("Message('position_bad_card', place=Message('position_pile'")
