"""Tables and lists in docs/ that mirror code stay equal to the code (issue: drifted docs).

Each test reads one list from a doc and the same list from the code that owns it."""

import re
from pathlib import Path

from halfmoon_core import Game, daily_code
from halfmoon_web.model.session import GameSession
from halfmoon_web.model.snapshot import SNAPSHOT_ATTRIBUTES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def doc(name: str) -> str:
    """A doc's text."""
    return (DOCS / name).read_text(encoding="utf-8")


def test_the_snapshot_allowlist_in_startup_md_is_snapshot_py_allowlist() -> None:
    """early.js's allowlist is snapshot.py's, filled in by the build (web/shared_facts.py)."""
    sentence = doc("startup.md").split("every attribute one that `board_view.py` writes (", 1)[1]
    in_doc = set(re.findall(r"`([a-z-]+)`", sentence.split(")", 1)[0]))
    assert in_doc == set(SNAPSHOT_ATTRIBUTES)


def test_every_field_of_a_saved_game_is_in_saves_md() -> None:
    day = "2026-12-02"
    session = GameSession(Game.from_code(daily_code(day)), 0, False, day)
    fields = set(session.to_json(0.0))
    section = doc("saves.md").split("| field | what |", 1)[1].split("\n\n", 1)[0]
    assert set(re.findall(r"^\| `(\w+)` \|", section, flags=re.M)) == fields


def test_formats_md_names_the_module_that_reads_the_local_date() -> None:
    named = re.search(r"JavaScript's `Date`, in `([\w/]+\.py)`", doc("formats.md"))
    assert named is not None
    source = (ROOT / "web" / "site" / "halfmoon_web" / named.group(1)).read_text(encoding="utf-8")
    assert "window.Date.new()" in source
