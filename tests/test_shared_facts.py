"""One source for the facts JavaScript shares with Python (web/shared_facts.py): no script
under web/ spells a storage key; each says a placeholder the build fills from the Python that
owns the value."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import shared_facts

from halfmoon_web.storage import storage

WEB = Path(__file__).resolve().parents[1] / "web"
#: A string literal that names one of the site's keys: they all start "halfmoon.".
KEY_LITERAL = re.compile(r"""["'`]halfmoon\.[\w.-]*["'`]""")


def spelled_keys(text: str) -> list[str]:
    """The storage keys, or anything quoted like one, that a script's text spells."""
    keys = shared_facts.storage_keys().values()
    return sorted({*(key for key in keys if key in text), *KEY_LITERAL.findall(text)})


def scripts() -> list[Path]:
    """Every JavaScript file under web/."""
    return sorted(p for p in WEB.rglob("*") if p.suffix in {".js", ".mjs"} and p.is_file())


def test_every_storage_key_of_storage_py_is_a_shared_fact() -> None:
    keys = {name: value for name, value in vars(storage).items() if name.endswith("_KEY")}
    assert keys == shared_facts.storage_keys()
    assert {"SETTINGS_KEY", "SNAPSHOT_KEY", "GAME_KEY", "RETRIED_BUILD_KEY"} <= set(keys)


def test_a_script_that_spells_a_key_is_found() -> None:
    """What the test below looks for: a key's value, quoted or not, or any "halfmoon.*"."""
    assert spelled_keys('localStorage.getItem("halfmoon.settings")') == [
        '"halfmoon.settings"',
        "halfmoon.settings",
    ]
    assert spelled_keys("const KEY = `halfmoon.new-thing`;") == ["`halfmoon.new-thing`"]
    assert spelled_keys("localStorage.getItem(SETTINGS_KEY)") == []


@pytest.mark.parametrize("script", scripts(), ids=lambda p: p.relative_to(WEB).as_posix())
def test_no_script_under_web_spells_a_storage_key(script: Path) -> None:
    assert spelled_keys(script.read_text(encoding="utf-8")) == []


def test_the_scripts_that_read_storage_say_placeholders_the_build_knows() -> None:
    for name in ("early.js", "start_guard.js"):
        text = (WEB / "site" / name).read_text(encoding="utf-8")
        assert "%SETTINGS_KEY%" in text, name
        filled = shared_facts.fill(text, name)
        assert f"const SETTINGS_KEY = {shared_facts.values()['SETTINGS_KEY']};" in filled
        assert not re.search(r"%[A-Z_]+%", filled), name


def test_an_unknown_fact_is_an_error() -> None:
    with pytest.raises(ValueError, match="NO_SUCH_KEY"):
        shared_facts.fill("const X = %NO_SUCH_KEY%;", "x.js")


def test_the_filled_values_are_javascript_literals_of_python_values() -> None:
    values = shared_facts.values()
    for name, value in shared_facts.facts().items():
        expected = list(value) if isinstance(value, tuple) else value
        assert json.loads(values[name]) == expected, name
    assert values["SETTINGS_KEY"] == '"halfmoon.settings"'
