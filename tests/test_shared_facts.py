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


# -- one home per fact: no script under web/site spells one (docs/architecture.md) -----------
SITE = WEB / "site"
#: A JavaScript string literal, quoted '...', "..." or `...` (no nesting, no escapes needed).
STRING_LITERAL = re.compile(r"""(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1""")
#: An inline script of a page (no src, not Python): its text is JavaScript of the site too.
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\b(?:src|type)=)[^>]*>(.*?)</script>", re.S)


def site_scripts() -> dict[str, str]:
    """Every JavaScript of the site's source by name: the ``.js`` and ``.mjs`` under web/site
    (the start guard, which every page holds inline, among them) and any inline script of a
    page's HTML."""
    found = {
        path.relative_to(SITE).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(SITE.rglob("*"))
        if path.suffix in {".js", ".mjs"} and path.is_file()
    }
    for page in sorted(SITE.glob("*.html")):
        for number, text in enumerate(INLINE_SCRIPT.findall(page.read_text(encoding="utf-8"))):
            found[f"{page.name}#script{number}"] = text
    return found


def vietnamese_letters(text: str) -> list[str]:
    """The letters of ``text`` only Vietnamese (of the site's languages) writes: a Latin letter
    with a diacritic (``ơ``, ``ế``, ``ậ``...) or ``đ``."""
    import unicodedata

    def marked(char: str) -> bool:
        base = unicodedata.normalize("NFD", char)
        return len(base) > 1 and base[0].isascii() and base[0].isalpha()

    return sorted({char for char in text if char in "đĐ" or (char.isalpha() and marked(char))})


def spelled_facts(text: str) -> list[str]:
    """The language codes and the settings' choices a script's text spells as a string."""
    from halfmoon_web.model import settings
    from halfmoon_web.shared import i18n

    facts = {*i18n.LANGS, *(value for values in settings.CHOICES.values() for value in values)}
    return sorted({match.group(2) for match in STRING_LITERAL.finditer(text)} & facts)


def test_a_script_that_spells_a_language_a_choice_or_vietnamese_is_found() -> None:
    """What the test below looks for: a language code or a setting's choice as a whole string
    (a comment's words or a longer string are not), and any Vietnamese letter."""
    assert spelled_facts("""lang === "vi" || x === 'en' || t === `dark`""") == ["dark", "en", "vi"]
    assert spelled_facts('const FACES = ["classic", "four", "large"];') == [
        "classic",
        "four",
        "large",
    ]
    assert spelled_facts('// "light" or "dark" in a comment, quoted') == ["dark", "light"]
    assert spelled_facts('matchMedia("(prefers-color-scheme: dark)"); lang; auto') == []
    assert vietnamese_letters('repair: "Sửa và tải lại", "20 giây"') == ["à", "â", "ạ", "ả", "ử"]
    assert vietnamese_letters("Đang tải…") == ["Đ", "ả"]
    assert vietnamese_letters('"New version — Reload" · «naïve»'.replace("ï", "i")) == []


@pytest.mark.parametrize("name", sorted(site_scripts()))
def test_no_script_of_the_site_spells_a_language_a_choice_or_vietnamese(name: str) -> None:
    """The languages, the settings' choices and the texts are Python's and the catalogs': the
    build writes them into the scripts (web/shared_facts.py)."""
    text = site_scripts()[name]
    assert spelled_facts(text) == [], name
    assert vietnamese_letters(text) == [], name


def test_the_pages_inline_no_script_but_the_start_guard() -> None:
    """So the scripts the test above reads are all the site's JavaScript."""
    for page in sorted(SITE.glob("*.html")):
        assert INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")) == [], page.name


#: A whole number that is a won game's score or move count (``248`` or ``4800`` is not).
WIN_NUMBER = re.compile(r"(?<![\w.])(?:520|48)(?![\w])")


def win_numbers(text: str) -> list[str]:
    """The won game's score and moves (520, 48) ``text`` writes as numbers."""
    return WIN_NUMBER.findall(text)


def test_a_file_that_writes_a_win_s_score_or_moves_is_found() -> None:
    from halfmoon_core import WIN_MOVES, WIN_SCORE

    assert (WIN_SCORE, WIN_MOVES) == (520, 48)  # the numbers the test below looks for
    assert win_numbers("FULL_SCORE = 520\nStep 3 of 48. (48 moves)") == ["520", "48", "48"]
    assert win_numbers("rgb(248 244 230 / 48%) 4800 x48 0.48 v520") == ["48"]


def test_only_the_engine_knows_a_win_s_score_and_moves() -> None:
    """halfmoon_core exports them (WIN_SCORE, WIN_MOVES): the view's code, docstrings and
    comments, its pages and styles never write them (the rules page says placeholders)."""
    found = {}
    for path in sorted(SITE.rglob("*")):
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # a picture
        if win_numbers(text):
            found[path.relative_to(SITE).as_posix()] = win_numbers(text)
    assert found == {}


def test_the_view_s_bounds_and_chart_are_the_engine_s_win() -> None:
    from halfmoon_core import WIN_MOVES, WIN_SCORE, parse_moves, replay
    from halfmoon_web.game_page.stats import stats_chart
    from halfmoon_web.model import bounds
    from halfmoon_web.rules_page.seed_example import MOVES, START

    won = replay(START, parse_moves(MOVES))
    assert (won.status, won.score, won.moves) == ("won", WIN_SCORE, WIN_MOVES)
    assert (bounds.FULL_SCORE, bounds.MOST_MOVES, stats_chart.FULL_SCORE) == (
        WIN_SCORE,
        WIN_MOVES,
        WIN_SCORE,
    )
    assert bounds.RANGES["score"].high == WIN_SCORE and bounds.RANGES["moves"].high == WIN_MOVES


# -- the facts, as the build writes them ----------------------------------------------------
def test_the_languages_and_the_default_are_i18n_s() -> None:
    from halfmoon_web.shared import i18n

    facts = shared_facts.facts()
    assert facts["LANGS"] == list(i18n.LANGS) == catalogs_languages()
    assert facts["DEFAULT_LANG"] == i18n.DEFAULT_LANG in i18n.LANGS


def test_the_command_line_s_embed_languages_are_the_catalogs() -> None:
    """``halfmoon_core/embed.py`` cannot see the web catalogs (docs/i18n.md, "A new
    language"): its ``LANGS`` are kept equal to them here."""
    from halfmoon_core import embed

    assert list(embed.LANGS) == catalogs_languages()


def catalogs_languages() -> list[str]:
    """The languages there are catalogs of (web/locale)."""
    import catalogs

    return catalogs.languages()


def test_the_setting_choices_are_settings_py_s_and_the_embed_s_themes_are_the_same() -> None:
    """early.js checks the stored settings and the embed's ``theme=`` against them."""
    from halfmoon_web.embed_page import embed_params
    from halfmoon_web.model import settings

    choices = shared_facts.facts()["SETTING_CHOICES"]
    assert choices == {name: list(values) for name, values in settings.CHOICES.items()}
    assert tuple(choices["theme"]) == embed_params.THEMES


def test_the_guard_s_texts_are_the_catalogs_in_every_language() -> None:
    from halfmoon_web.shared import i18n

    texts = shared_facts.facts()["START_GUARD_TEXTS"]
    assert set(texts) == set(i18n.LANGS)
    for lang, own in texts.items():
        assert set(own) == set(shared_facts.START_GUARD_TEXTS)
        for name, key in shared_facts.START_GUARD_TEXTS.items():
            assert own[name] == i18n.t(lang, key) != key, (lang, name)
    assert texts["en"]["repair"] == "Repair and reload"
    assert texts["vi"]["repair"] == "Sửa và tải lại"
    assert texts["en"]["stall"] == "Nothing has loaded for {seconds} seconds."
    assert texts["en"]["file"] != texts["vi"]["file"]


def test_every_stage_a_script_tells_is_a_stage_and_the_line_fills_for_each() -> None:
    """early.js, runtime.mjs and main.py tell stages by name; style.css moves the line by them."""
    stages = shared_facts.BOOT_STAGES
    told = set()
    for name in ("early.js", "runtime.mjs"):
        told |= set(re.findall(r"\bstage\(\"([a-z]+)\"\)", (SITE / name).read_text("utf-8")))
    main = (SITE / "main.py").read_text(encoding="utf-8")
    told |= set(re.findall(r"""\{"detail": "([a-z]+)"\}""", main))
    assert told == set(stages)
    style = (SITE / "style.css").read_text(encoding="utf-8")
    assert re.findall(r'html\[data-boot-stage="([a-z]+)"\]', style) == list(stages)
    for name in ("early.js", "runtime.mjs"):
        assert "const STAGES = %BOOT_STAGES%;" in (SITE / name).read_text("utf-8"), name
    assert json.loads(shared_facts.values()["BOOT_STAGES"]) == list(stages)
