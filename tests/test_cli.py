"""The authoring command line (README.md), through ``main([...])`` and as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_support import WINNING_GAME

from halfmoon_core import deal, format_position, parse_moves, replay
from halfmoon_core.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
DEAL_1 = "HM1-N-AAAAAAB"
DEAL_1_POSITION = format_position(deal(DEAL_1))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in-process; (exit status, stdout, stderr)."""
    try:
        status = main(list(argv))
    except SystemExit as exc:  # argparse's own usage errors
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_prints_the_232_character_position_string(capsys) -> None:
    status, out, err = run(capsys, "deal", " hm1-n-aaaaaab ")
    assert status == 0 and err == ""
    assert out == DEAL_1_POSITION + "\n" and len(out.strip()) == 232


def test_play_without_moves_prints_the_starting_json(capsys) -> None:
    status, out, _ = run(capsys, "play", DEAL_1)
    assert status == 0
    assert json.loads(out) == {
        "position": DEAL_1_POSITION,
        "score": 0,
        "moves": 0,
        "status": "playing",
    }


def test_play_applies_the_moves(capsys) -> None:
    status, out, _ = run(capsys, "play", DEAL_1, "4-7,R3-3-2")
    data = json.loads(out)
    assert status == 0 and set(data) == {"position", "score", "moves", "status"}
    assert (data["score"], data["moves"], data["status"]) == (25, 2, "playing")
    assert len(data["position"]) == 232 - 5 * 2  # five cards of two characters removed


def test_play_of_the_winning_line_reports_a_win(capsys) -> None:
    status, out, _ = run(capsys, "play", WINNING_GAME["start"], WINNING_GAME["moves"])
    assert status == 0
    assert json.loads(out) == {
        "position": "HMP1:" + "/" * 19,
        "score": 520,
        "moves": 48,
        "status": "won",
    }


def test_play_accepts_a_position_string_as_start(capsys) -> None:
    status, out, _ = run(capsys, "play", DEAL_1_POSITION.lower(), "4-7")
    assert status == 0 and json.loads(out)["score"] == 10


def test_play_reports_a_stalemate(capsys) -> None:
    status, out, _ = run(capsys, "play", "HMP1:6D5S" + "/" * 19)
    assert status == 0 and json.loads(out)["status"] == "stalemate"


def test_an_illegal_move_exits_2_naming_the_move_and_why_with_nothing_on_stdout(capsys) -> None:
    status, out, err = run(capsys, "play", DEAL_1, "4-7,1-2")
    assert (status, out) == (2, "")
    assert "move 2 (1-2) is illegal" in err and "court cards are removed only as J+Q+K" in err


def test_check_of_a_good_position_prints_its_json(capsys) -> None:
    status, out, err = run(capsys, "check", DEAL_1_POSITION.lower())
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "position": DEAL_1_POSITION,
        "score": 0,
        "moves": 0,
        "status": "playing",
    }


def test_check_derives_score_and_moves_from_the_missing_cards(capsys) -> None:
    status, out, _ = run(capsys, "check", "HMP1:" + "/" * 19)
    assert status == 0
    assert json.loads(out)["score"] == 520 and json.loads(out)["moves"] == 48


def test_check_of_a_bad_position_exits_2_with_the_reason(capsys) -> None:
    status, out, err = run(capsys, "check", "HMP1:5S5S5S" + "/" * 19)
    assert (status, out) == (2, "")
    assert "5S appears 3 times" in err


def test_check_of_a_deal_code_points_to_deal(capsys) -> None:
    status, out, err = run(capsys, "check", DEAL_1)
    assert (status, out) == (2, "") and "use 'deal'" in err


def test_embed_prints_an_iframe_with_the_escaped_url_and_its_parameters(capsys) -> None:
    status, out, err = run(
        capsys, "embed", "hm1-n-aaaaaab", "--steps", "4-7,R3-3-2", "--labels", "--lang", "en",
        "--base", "https://example.org/halfmoon/",
    )  # fmt: skip
    assert status == 0 and err == ""
    assert out.startswith("<iframe ") and out.rstrip().endswith("</iframe>")
    assert (
        'src="https://example.org/halfmoon/embed.html?deal=HM1-N-AAAAAAB'
        '&amp;steps=4-7,2-3-R3&amp;labels=1&amp;lang=en"'
    ) in out
    assert "&steps" not in out  # the & is escaped for HTML


def test_embed_compact_writes_a_replay_code(capsys) -> None:
    status, out, _ = run(capsys, "embed", "HM1-N-AAAAAAB", "--steps", "4-7,2-3-R3", "--compact")
    assert status == 0 and 'src="embed.html?deal=HM1-N-AAAAAAB&amp;replay=IA"' in out


def test_embed_without_base_says_on_stderr_that_the_address_is_relative(capsys) -> None:
    """stdout stays the snippet alone (it can be piped into a page); stderr says the src is
    relative and how to give the site's address."""
    status, out, err = run(capsys, "embed", "HM1-N-AAAAAAB")
    assert status == 0
    assert out.startswith("<iframe ") and out.rstrip().endswith("</iframe>")
    assert 'src="embed.html?deal=HM1-N-AAAAAAB"' in out
    assert "relative" in err and "--base" in err and "<iframe" not in err


def test_embed_with_a_bad_start_says_only_the_error(capsys) -> None:
    """A bad start is the error alone, not the note about a relative address."""
    status, out, err = run(capsys, "embed", "bad")
    assert (status, out) == (2, "") and "relative" not in err


def test_embed_of_a_position_uses_the_position_parameter(capsys) -> None:
    status, out, _ = run(capsys, "embed", DEAL_1_POSITION)
    assert status == 0 and f'src="embed.html?position={DEAL_1_POSITION}"' in out


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["deal", "HM1-N-AAAAAA"], "7 letters"),
        (["deal", "HM2-N-AAAAAAB"], "unknown deal format"),
        (["deal", "HM1-Q-AAAAAAB"], "unknown deal mode"),
        (["deal", "HM1-N-AAAAAA1"], "letters A–Z"),
        (["play", "HM1-N-AAAAAAB", "4-7,"], "move 2 of the list is empty"),
        (["play", "HM1-N-AAAAAAB", "4-77"], "not a place"),
        (["play", "HM1-N-AAAAAAB", "1-1"], "move '1-1': pile 1 is named twice"),
        (["play", "HMP1:nonsense"], "20 fields"),
        (["play", "nonsense"], "not a deal code"),
        (["check", "HMP1:" + "/" * 18], "20 fields"),
        (["check", "HMP1:AS" + "/" * 19], "aces"),
        (["embed", "HM1-N-AAAAAAB", "--steps", "1-2"], "is illegal"),
        (["embed", "HM1-N-AAAAAAB", "--steps", "x"], "not a place"),
        (["embed", "bad"], "not a deal code"),
        (["embed", "HM1-N-AAAAAAB", "--lang", "fr"], "invalid choice"),
        ([], "required"),
        (["shuffle", "HM1-N-AAAAAAB"], "invalid choice"),
        (["deal"], "required"),
        (["deal", "HM1-N-AAAAAAB", "extra"], "unrecognized arguments"),
        (["daily", "30/11/2026"], "'30/11/2026' is not a date (expected YYYY-MM-DD, e.g."),
        (["daily", "2026-02-29"], "'2026-02-29' is not a day of the calendar"),
        (["daily", "2025-12-31"], "no daily deal on 2025-12-31: the first is that of 2026-01-01"),
        (["daily", "2026-11-30", "extra"], "unrecognized arguments"),
    ],
)
def test_bad_input_of_every_kind_exits_2_with_nothing_on_stdout(capsys, argv, reason) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert reason in err


def test_python_dash_m_halfmoon_core_runs_as_a_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_core", "deal", DEAL_1],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.strip() == DEAL_1_POSITION and len(done.stdout.strip()) == 232


def test_a_real_process_with_an_illegal_move_exits_2_with_nothing_on_stdout() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_core", "play", DEAL_1, "1-2"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert "1-2" in done.stderr and "illegal" in done.stderr


def test_the_module_entry_point_exits_with_mains_status(monkeypatch, capsys) -> None:
    import runpy

    monkeypatch.setattr(sys, "argv", ["halfmoon_core", "deal", DEAL_1])
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module("halfmoon_core", run_name="__main__")
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == DEAL_1_POSITION


# -- help: the formats are discoverable from --help --------------------------------------------


@pytest.mark.parametrize("command", [[], ["deal"], ["play"], ["check"], ["embed"], ["daily"]])
def test_every_help_shows_the_move_format_and_the_code_format(capsys, command) -> None:
    status, out, err = run(capsys, *command, "--help")
    assert (status, err) == (0, "")
    assert "4-7,5-6,2-3-R3" in out and "HM1-N-AAAAAAB" in out and "HMP1:" in out
    assert "docs/formats.md" in out


def test_every_argument_of_every_command_has_a_help_text_with_an_example() -> None:
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert set(commands) == {"deal", "play", "check", "embed", "daily"}
    for name, sub in commands.items():
        for action in sub._actions:
            if action.dest == "help":
                continue
            assert action.help, (name, action.dest)
            assert "e.g." in action.help, (name, action.dest, action.help)


def test_the_examples_in_the_help_run(capsys) -> None:
    _, out, _ = run(capsys, "--help")
    examples = [line.split()[3:] for line in out.splitlines() if line.startswith("  python -m")]
    assert len(examples) == 5
    for argv in examples:
        argv = [arg.strip("'") for arg in argv]
        assert run(capsys, *argv)[0] == 0, argv


def test_the_move_list_of_the_help_is_legal_in_deal_1() -> None:
    assert replay(DEAL_1, parse_moves("4-7,5-6,2-3-R3")).moves == 3


# -- daily ---------------------------------------------------------------------------------------


def test_daily_prints_the_daily_deal_of_a_date(capsys) -> None:
    assert run(capsys, "daily", "2026-11-30") == (0, "HM1-N-DWWLBTI\n", "")
    assert run(capsys, "daily", " 2026-01-01 ") == (0, "HM1-N-HINNDBP\n", "")


def test_daily_without_a_date_prints_todays_by_the_local_date(capsys, monkeypatch) -> None:
    import datetime

    class Today(datetime.date):
        @classmethod
        def today(cls) -> datetime.date:
            return cls(2026, 12, 1)

    monkeypatch.setattr(datetime, "date", Today)
    assert run(capsys, "daily") == (0, "HM1-N-QJQDQQX\n", "")
