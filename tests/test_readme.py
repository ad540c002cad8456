"""The README's command-line examples run as printed (through ``halfmoon_core.cli.main``)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from halfmoon_core.cli import main

README = Path(__file__).resolve().parent.parent / "README.md"
COMMANDS = (("python", "-m", "halfmoon_core"), ("halfmoon",))


def fenced_lines(text: str) -> list[str]:
    """The lines inside the README's fenced code blocks."""
    lines, inside = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
        elif inside:
            lines.append(line.strip())
    return lines


def inline_spans(text: str) -> list[str]:
    """The README's inline code spans (text between single backticks, outside code blocks)."""
    outside = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return re.findall(r"(?<!`)`([^`\n]+)`(?!`)", outside)


def argv_of(line: str) -> list[str] | None:
    """The arguments after the command, as a shell would pass them; None when the line does not
    start with ``python -m halfmoon_core`` or ``halfmoon``."""
    words = shlex.split(line, comments=True)
    for command in COMMANDS:
        if tuple(words[: len(command)]) == command:
            return words[len(command) :]
    return None


def examples() -> list[str]:
    """Every command line of the README: a code block line that starts with one of the
    commands, or an inline span that does and gives it arguments (a bare name is prose)."""
    text = README.read_text(encoding="utf-8")
    found = [line for line in fenced_lines(text) if argv_of(line) is not None]
    return found + [span for span in inline_spans(text) if argv_of(span)]


def test_the_readme_has_examples_of_both_commands_and_every_sub_command() -> None:
    found = examples()
    assert any(line.startswith("python -m halfmoon_core ") for line in found)
    assert any(line.startswith("halfmoon ") for line in found)
    used = {(argv_of(line) or ["(none)"])[0] for line in found}
    assert {"deal", "play", "check", "embed"} <= used


@pytest.mark.parametrize("line", examples(), ids=lambda line: " ".join(argv_of(line) or []))
def test_each_readme_example_runs_as_printed(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(argv_of(line) or [])
    except SystemExit as exc:  # --help ends through argparse
        status = exc.code
    out, err = capsys.readouterr()
    assert status == 0, f"{line}\n{err}"
    assert out.strip() and not err
