"""Saved games: start plus moves plus time, restored exactly or refused whole (docs/saves.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_support import FIXTURES, WINNING_GAME

from halfmoon_core import Game, SaveError, format_moves, load_game, save_game
from halfmoon_core.save import MIGRATIONS, SAVE_FORMAT, SAVE_VERSION, migrate


def played() -> Game:
    """Deal 1 after three moves."""
    game = Game.from_code("HM1-N-AAAAAAB")
    for move in ("4-7", "2-3-R3", "5-6"):
        game.push(move)
    return game


def same(a: Game, b: Game) -> bool:
    """True when two games agree on everything a player sees and can undo."""
    return (a.start, a.position(), a.score, a.moves, a.status, a.history) == (
        b.start,
        b.position(),
        b.score,
        b.moves,
        b.status,
        b.history,
    )


def test_a_save_is_a_small_json_object() -> None:
    data = save_game(played(), 61_500)
    assert data == {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "start": "HM1-N-AAAAAAB",
        "moves": "4-7,2-3-R3,5-6",
        "redo": "",
        "elapsed_ms": 61_500,
    }
    assert json.loads(json.dumps(data)) == data


def test_load_restores_position_score_moves_and_time() -> None:
    game = played()
    loaded, elapsed = load_game(save_game(game, 61_500))
    assert same(loaded, game) and elapsed == 61_500


def through_json(data: dict[str, Any]) -> Any:
    """The saved dict as the page stores it: written as JSON text and read back."""
    return json.loads(json.dumps(data, separators=(",", ":")))


def test_a_save_round_trips_through_json_text() -> None:
    game = played()
    loaded, elapsed = load_game(through_json(save_game(game, 1234)))
    assert same(loaded, game) and elapsed == 1234


def test_a_won_game_round_trips() -> None:
    game = Game.from_code(WINNING_GAME["start"])
    for move in WINNING_GAME["moves"].split(","):
        game.push(move)
    loaded, _ = load_game(through_json(save_game(game, 99)))
    assert same(loaded, game) and loaded.status == "won"


def test_a_game_from_a_position_string_round_trips() -> None:
    game = Game.from_position(played().position())
    game.push("R1-R6")
    loaded, _ = load_game(save_game(game))
    assert same(loaded, game) and loaded.score == 45


def test_undone_moves_are_not_saved() -> None:
    game = played()
    game.pop()
    assert save_game(game)["moves"] == "4-7,2-3-R3"


def test_save_rejects_a_negative_time() -> None:
    with pytest.raises(SaveError, match="time"):
        save_game(played(), -1)


def good() -> dict:
    """A valid saved dict to spoil."""
    return save_game(played(), 5000)


def old() -> dict:
    """A saved dict that says it is of version 1, for the migration chain's fake steps."""
    return {**good(), "version": 1}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "not an object"),
        ([], "not an object"),
        ("{}", "not an object"),
        ({**good(), "format": "chess"}, "not a Half Moon saved game"),
        ({k: v for k, v in good().items() if k != "format"}, "not a Half Moon saved game"),
        ({**good(), "version": 3}, r"newer version of Half Moon \(save version 3;"),
        ({**good(), "version": "1"}, r"no version number \('1' is not one\)"),
        (
            {k: v for k, v in good().items() if k != "version"},
            r"^the saved game has no version number$",
        ),
        ({**good(), "version": 0}, "version number 0 is not valid"),
        ({k: v for k, v in good().items() if k != "start"}, "start"),
        ({k: v for k, v in good().items() if k != "moves"}, "moves"),
        ({k: v for k, v in good().items() if k != "elapsed_ms"}, "time"),
        ({**good(), "start": 7}, "start"),
        ({**good(), "moves": ["4-7"]}, "moves"),
        ({**good(), "elapsed_ms": -1}, "time"),
        ({**good(), "elapsed_ms": 1.5}, "time"),
        ({**good(), "elapsed_ms": "5000"}, "time"),
        ({**good(), "elapsed_ms": True}, "time"),
        ({**good(), "elapsed_ms": None}, "time"),
        ({**good(), "moves": "4-7,1-2"}, r"cannot be replayed: move 2 \(1-2\) is illegal"),
        ({**good(), "moves": "4-7,4-99"}, "cannot be replayed: move '4-99'"),
        ({**good(), "start": "HM1-N-AAAAAA"}, "cannot be replayed: the deal part"),
        ({**good(), "start": "HMP1:/"}, "cannot be replayed: a position has 20 fields"),
    ],
)
def test_malformed_saves_are_refused_whole(data: object, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        load_game(data)


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2", b"\xff"])
def test_text_not_read_as_json_is_refused(text: str) -> None:
    with pytest.raises(SaveError, match="not an object"):
        load_game(text)


def test_json_that_is_not_a_save_is_refused() -> None:
    with pytest.raises(SaveError, match="not an object"):
        load_game(json.loads("[1, 2]"))


def test_a_refused_save_leaves_the_current_game_alone() -> None:
    game = played()
    before = game.position()
    data = {**save_game(game), "moves": "4-7,2-3-R3,5-6,1-2"}
    with pytest.raises(SaveError):
        load_game(data)
    assert game.position() == before and game.moves == 3


# -- saves of older versions: frozen fixtures and the migration chain ------------------------

# Written once by save_game (deal 1, the first ten moves of the pinned winning game, 83.25 s)
# plus the web page's "counted" flag. Never regenerate it: it stands for the saves players have.
SAVE_V1 = FIXTURES / "save_v1.json"
SAVE_V1_POSITION = (
    "HMP1:6D7DJS8SKC7H6C8S/6S9S5STDKHJD/TC4H3S4SJS9CJC/5C3C7CAS8C9S8H/QH/6DKD3DKSJC/"
    "2H3C2S8D7S4C8D/JD2C9D2S5S9C5D7S/3S6C2CADTD4C9DQD/4S4HQCQD2D9H4DQS/KCTS7D6H5H5DAH/"
    "2HKDQH3D8CQS3H//KH///JH/AS//7C"
)


def test_a_frozen_version_1_save_still_loads_into_its_position() -> None:
    data = json.loads(SAVE_V1.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["counted"] is False
    game, elapsed = load_game(data)
    assert game.start == "HM1-N-AAAAAAB" and elapsed == 83_250
    assert (game.score, game.moves, game.status) == (105, 10, "playing")
    assert format_moves(game.history) == "4-7,5-6,5-11,2-3-R3,5-R1,5-R4,5-R7,5-6,2-6,5-12"
    assert game.position() == SAVE_V1_POSITION


def test_every_older_version_has_a_step_and_a_frozen_save() -> None:
    assert sorted(MIGRATIONS) == list(range(1, SAVE_VERSION))
    for version in range(1, SAVE_VERSION):
        assert (FIXTURES / f"save_v{version}.json").is_file(), version


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("save_v*.json")), ids=lambda p: p.name)
def test_every_frozen_save_loads_under_the_current_code(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert f"save_v{data['version']}.json" == path.name
    game, _ = load_game(data)
    assert game.moves > 0


def test_a_current_save_comes_out_of_migrate_equal_but_not_the_same_object() -> None:
    data = {**good(), "counted": True}
    upgraded = migrate(data)
    assert upgraded == data and upgraded is not data


def trail_step(tag: str, **changes: Any) -> Any:
    """A fake migration step that appends ``tag`` to the save's trail (in place, on purpose)."""

    def step(data: dict[str, Any]) -> dict[str, Any]:
        data.setdefault("trail", []).append(tag)
        data.update(changes)
        return data

    return step


FAKE_STEPS = {1: trail_step("1->2", moves_v2=["a"]), 2: trail_step("2->3", elapsed_s=5)}


def test_migrate_applies_each_step_in_order_up_to_the_current_version() -> None:
    upgraded = migrate(old(), FAKE_STEPS, current=3)
    assert upgraded["version"] == 3 and upgraded["trail"] == ["1->2", "2->3"]
    assert upgraded["moves_v2"] == ["a"] and upgraded["elapsed_s"] == 5
    assert upgraded["start"] == "HM1-N-AAAAAAB" and upgraded["moves"] == "4-7,2-3-R3,5-6"


def test_migrate_starts_from_the_saves_own_version() -> None:
    upgraded = migrate({**good(), "version": 2}, FAKE_STEPS, current=3)
    assert upgraded["version"] == 3 and upgraded["trail"] == ["2->3"]


def test_migrate_stamps_each_steps_new_version() -> None:
    seen: list[int] = []

    def forgetful(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data["version"])
        return {key: value for key, value in data.items() if key != "version"}

    assert migrate(old(), {1: forgetful, 2: forgetful}, current=3)["version"] == 3
    assert seen == [1, 2]


def test_migrate_never_changes_the_saved_dict_it_is_given() -> None:
    data = {**old(), "trail": ["saved"]}
    before = json.loads(json.dumps(data))
    upgraded = migrate(data, FAKE_STEPS, current=3)
    assert data == before and upgraded["trail"] == ["saved", "1->2", "2->3"]


def test_a_missing_step_is_named() -> None:
    with pytest.raises(SaveError) as caught:
        migrate(old(), {1: FAKE_STEPS[1]}, current=3)
    assert str(caught.value) == (
        "this version of Half Moon cannot read save version 1: "
        "the step from save version 2 to 3 is missing"
    )


def test_a_missing_step_is_found_before_any_step_runs() -> None:
    ran: list[int] = []
    steps = {1: lambda data: ran.append(1) or data, 3: lambda data: ran.append(3) or data}
    with pytest.raises(SaveError, match="from save version 2 to 3 is missing"):
        migrate(old(), steps, current=4)
    assert ran == []


def test_a_save_from_a_newer_version_is_refused_with_both_versions() -> None:
    with pytest.raises(SaveError) as caught:
        migrate({**good(), "version": 3}, FAKE_STEPS, current=1)
    assert str(caught.value) == (
        "this game was saved by a newer version of Half Moon "
        "(save version 3; this version reads up to 1)"
    )


def test_load_game_refuses_a_save_newer_than_this_code() -> None:
    newer = SAVE_VERSION + 1
    with pytest.raises(
        SaveError, match=rf"\(save version {newer}; this version reads up to {SAVE_VERSION}\)"
    ):
        load_game({**good(), "version": newer})


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (True, r"^the saved game has no version number \(True is not one\)$"),
        (1.0, r"^the saved game has no version number \(1\.0 is not one\)$"),
        ("1", r"^the saved game has no version number \('1' is not one\)$"),
        (None, r"^the saved game has no version number \(None is not one\)$"),
        ([1], r"^the saved game has no version number \(\[1\] is not one\)$"),
        (0, r"^the saved game's version number 0 is not valid \(save versions start at 1\)$"),
        (-2, r"^the saved game's version number -2 is not valid"),
    ],
)
def test_a_version_that_is_not_a_whole_number_of_at_least_1_is_refused(
    version: object, message: str
) -> None:
    with pytest.raises(SaveError, match=message):
        migrate({**good(), "version": version}, FAKE_STEPS, current=3)


def test_a_save_without_a_version_is_refused() -> None:
    data = {key: value for key, value in good().items() if key != "version"}
    with pytest.raises(SaveError, match=r"^the saved game has no version number$"):
        migrate(data, FAKE_STEPS, current=3)


@pytest.mark.parametrize("data", [None, [], "{}", 1])
def test_migrate_refuses_what_is_not_an_object(data: object) -> None:
    with pytest.raises(SaveError, match="not an object"):
        migrate(data)


def test_a_step_that_breaks_on_a_damaged_save_gives_a_save_error() -> None:
    def needs_moves(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "moves": data["moves"].split(",")}

    data = {key: value for key, value in old().items() if key != "moves"}
    with pytest.raises(SaveError, match=r"from save version 1 to 2: it is damaged \(KeyError"):
        migrate(data, {1: needs_moves}, current=2)


def test_load_game_runs_the_registered_steps_before_it_checks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pretend version 2 kept the moves apart with spaces and version 3 with commas."""
    spaced = {**good(), "moves": "4-7 2-3-R3 5-6"}
    with pytest.raises(SaveError, match="cannot be replayed"):
        load_game(spaced)
    monkeypatch.setattr("halfmoon_core.save.SAVE_VERSION", 3)
    monkeypatch.setitem(
        MIGRATIONS, 2, lambda data: {**data, "moves": data["moves"].replace(" ", ",")}
    )
    game, elapsed = load_game(spaced)
    assert same(game, played()) and elapsed == 5000
    assert spaced["moves"] == "4-7 2-3-R3 5-6" and spaced["version"] == 2


def test_the_frozen_version_1_save_goes_through_a_later_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    steps: list[str] = []
    monkeypatch.setattr("halfmoon_core.save.SAVE_VERSION", 3)
    monkeypatch.setitem(MIGRATIONS, 2, lambda data: steps.append(data["start"]) or data)
    game, _ = load_game(json.loads(SAVE_V1.read_text(encoding="utf-8")))
    assert steps == ["HM1-N-AAAAAAB"] and game.position() == SAVE_V1_POSITION


def test_a_step_that_refuses_the_save_in_words_is_heard_unchanged() -> None:
    def refuse(data: dict[str, Any]) -> dict[str, Any]:
        raise SaveError("save_incomplete")

    with pytest.raises(SaveError, match=r"^the saved game lacks its start or its moves$"):
        migrate(old(), {1: refuse}, current=2)


# -- the redo line (save version 2) -----------------------------------------------------------

SAVE_V2 = FIXTURES / "save_v2.json"


def test_the_redo_line_is_saved_next_move_first_and_restored() -> None:
    game = played()
    game.pop()
    game.pop()
    data = save_game(game, 10)
    assert (data["moves"], data["redo"]) == ("4-7", "2-3-R3,5-6")
    loaded, _ = load_game(through_json(data))
    assert loaded.redo_line == game.redo_line
    loaded.redo()
    loaded.redo()
    assert same(loaded, played())


def test_a_version_1_save_is_migrated_with_an_empty_redo_line() -> None:
    data = json.loads(SAVE_V1.read_text(encoding="utf-8"))
    upgraded = migrate(data)
    assert upgraded["version"] == 2 and upgraded["redo"] == ""
    assert "redo" not in data
    game, _ = load_game(data)
    assert not game.can_redo


def test_a_frozen_version_2_save_loads_with_its_redo_line() -> None:
    data = json.loads(SAVE_V2.read_text(encoding="utf-8"))
    game, elapsed = load_game(data)
    assert (game.moves, elapsed) == (7, 71_500)
    assert format_moves(game.redo_line) == "5-6,2-6,5-12"
    for _ in range(3):
        game.redo()
    assert game.position() == SAVE_V1_POSITION


@pytest.mark.parametrize(
    ("redo", "message"),
    [
        (None, r"^the saved game's redo line is not text$"),
        (["5-6"], r"^the saved game's redo line is not text$"),
        ("1-2", r"^the saved game's redo line cannot be played: move 1 of the redo line \(1-2\)"),
        ("5-6,5-6", r"redo line cannot be played: move 2 of the redo line \(5-6\)"),
        ("5-6,,2-6", r"redo line cannot be played: move 2 of the list is empty"),
        ("4-99", r"redo line cannot be played: move '4-99'"),
    ],
)
def test_a_bad_redo_line_refuses_the_save_whole(redo: object, message: str) -> None:
    data = {**good(), "moves": "4-7", "redo": redo}
    with pytest.raises(SaveError, match=message):
        load_game(data)


def test_a_version_2_save_without_a_redo_line_is_refused() -> None:
    data = {key: value for key, value in good().items() if key != "redo"}
    with pytest.raises(SaveError, match="redo line is not text"):
        load_game(data)
