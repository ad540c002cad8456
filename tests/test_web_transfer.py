"""The export file: what it holds, and every way a file is refused before anything changes
(halfmoon_web.model.transfer, halfmoon_web.game_page.sharing.transfer_view's texts)."""

from __future__ import annotations

import json

import pytest

from halfmoon_core import Game
from halfmoon_web.game_page.sharing.transfer_view import refusal_text, summary_text
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.settings import Settings
from halfmoon_web.model.stats import GameRecord, Stats
from halfmoon_web.model.transfer import (
    FORMAT,
    MAX_FILE_BYTES,
    VERSION,
    Exported,
    ImportRefused,
    check_file_size,
    export_json,
    read_export,
)

CODE = "HM1-N-AAAAAAB"
SAVE = {"format": "halfmoon-game", "version": 1, "start": CODE, "elapsed_ms": 0}


def played_session() -> GameSession:
    game = Game.from_code(CODE)
    game.push(game.legal_moves()[0])
    game.push(game.legal_moves()[0])
    return GameSession(game, elapsed_ms=61_000)


def exported() -> Exported:
    stats = Stats()
    stats.record(GameRecord(CODE, True, 520, 48, 300_000))
    stats.record(GameRecord("HM1-N-AAAAAAC", False, 40, 4, 20_000))
    settings = Settings(move_errors=True, lang="vi")
    return Exported(stats, settings, played_session())


def file_text(**changes: object) -> str:
    value = export_json(exported(), now=0.0, when="2026-11-30T18:00:00.000Z")
    value.update(changes)
    return json.dumps(value)


def refused(text: str) -> ImportRefused:
    with pytest.raises(ImportRefused) as caught:
        read_export(text)
    return caught.value


def test_an_export_reads_back_as_the_same_statistics_settings_and_game() -> None:
    back = read_export(file_text())
    original = exported()
    assert back.stats == original.stats
    assert back.settings == original.settings
    assert back.game is not None
    assert back.game.game.history == original.game.game.history
    assert back.game.game.position() == original.game.game.position()
    assert back.game.clock.elapsed(0.0) == 61_000


def test_the_file_names_its_format_version_and_moment() -> None:
    value = json.loads(file_text())
    assert (value["format"], value["version"]) == (FORMAT, VERSION)
    assert value["exported"] == "2026-11-30T18:00:00.000Z"
    assert value["game"]["start"] == CODE


def test_a_file_without_a_game_keeps_none() -> None:
    assert read_export(file_text(game=None)).game is None


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("not json at all", "import_unreadable"),
        ("[" * 50_000 + "]" * 50_000, "import_unreadable"),
        ("[]", "import_not_export"),
        (json.dumps({"format": "something-else", "version": 1}), "import_not_export"),
        (file_text(version="1"), "import_not_export"),
        (file_text(version=True), "import_not_export"),
        (file_text(version=0), "import_not_export"),
        (file_text(version=VERSION + 1), "import_newer"),
        (file_text(statistics={"played": -1}), "import_bad_statistics"),
        (file_text(settings={"move_errors": "yes"}), "import_bad_settings"),
        (file_text(game=SAVE | {"moves": "1-2"}), "import_bad_game"),
        (file_text(game=SAVE | {"moves": ["1-2"]}), "import_bad_game"),
        (file_text(game="HM1-N-AAAAAAB"), "import_bad_game"),
    ],
)
def test_a_bad_file_is_refused_with_its_reason(text: str, key: str) -> None:
    assert refused(text).key == key


def test_a_file_missing_a_part_names_it() -> None:
    value = json.loads(file_text())
    del value["settings"]
    problem = refused(json.dumps(value))
    assert (problem.key, problem.params) == ("import_missing", {"part": "settings"})
    assert "it lacks the settings" in refusal_text(problem, "en")
    assert "tệp thiếu cài đặt" in refusal_text(problem, "vi")


def test_a_file_too_large_is_refused_before_it_is_read() -> None:
    check_file_size(MAX_FILE_BYTES)
    with pytest.raises(ImportRefused) as caught:
        check_file_size(MAX_FILE_BYTES + 1)
    text = refusal_text(caught.value, "en")
    assert text == (
        "That file cannot be imported: it is 262,145 bytes, far more than an export. "
        "Nothing was changed."
    )


def test_a_refusal_says_the_engines_reason_in_the_page_language() -> None:
    bad_game = refused(file_text(game=SAVE | {"moves": "1-2"}))
    english, vietnamese = refusal_text(bad_game, "en"), refusal_text(bad_game, "vi")
    reason = str(bad_game.params["reason"])
    assert reason.endswith(
        "move 1 (1-2) is illegal: 8S + QC: court cards are removed only as J+Q+K"
    )
    assert english == f"That file cannot be imported: its game cannot be read: {reason}. " + (
        "Nothing was changed."
    )
    assert vietnamese.startswith("Không nhập được tệp này: không đọc được ván bài trong tệp: ")
    assert vietnamese.endswith("Không có gì bị thay đổi.")
    assert reason not in vietnamese


def test_an_unreadable_file_says_why() -> None:
    assert refusal_text(refused("{"), "en").startswith(
        "That file cannot be imported: it is not valid JSON."
    )


def test_the_question_before_an_import_says_what_the_file_holds() -> None:
    text = summary_text(exported(), "en")
    assert text == (
        "Its statistics: 2 games played, 1 won. "
        f"Its game in progress: deal {CODE}, 2 moves. "
        "Importing replaces this browser's statistics, settings and game in progress."
    )
    no_game = Exported(Stats(), Settings(), None)
    assert summary_text(no_game, "en") == (
        "Its statistics: 0 games played, 0 won. It holds no game in progress: yours stays. "
        "Importing replaces this browser's statistics and settings."
    )
    assert "2 ván đã chơi" in summary_text(exported(), "vi")
