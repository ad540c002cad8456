"""The translation catalogs (web/locale/*/LC_MESSAGES/halfmoon.po) and their compiler
(web/catalogs.py): every language says every text, with the same fields (docs/i18n.md)."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path
from string import Formatter

import catalogs
import pytest
from catalogs import CatalogError, Entry, compile_mo, parse_po

from halfmoon_core import MESSAGES
from halfmoon_web.shared import i18n

SOURCE = "en"
LANGS = catalogs.languages()
OTHERS = [lang for lang in LANGS if lang != SOURCE]
HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
)


def entries(lang: str) -> dict[tuple[str, str], Entry]:
    """A catalog's entries by (context, msgid), the header left out."""
    return {(e.context, e.msgid): e for e in catalogs.read_catalog(lang) if e.msgid}


def fields(template: str) -> set[str]:
    """The names a template fills in, with their conversions (``text!r``)."""
    return {
        f"{name}!{conversion}" if conversion else name
        for _, name, _, conversion in Formatter().parse(template)
        if name is not None
    }


def plural_count(lang: str) -> int:
    """``nplurals`` of a catalog's ``Plural-Forms``."""
    header = next(e for e in catalogs.read_catalog(lang) if not e.msgid).strings[0]
    found = re.search(r"Plural-Forms: *nplurals=(\d+);", header)
    assert found, f"{lang}: no Plural-Forms"
    return int(found.group(1))


def english(entry: Entry) -> str:
    """What the comment for translators shows: the English text (plural forms joined)."""
    return " | ".join(entry.strings)


def test_there_is_a_source_catalog_and_a_translation() -> None:
    assert SOURCE in LANGS and OTHERS


@pytest.mark.parametrize("lang", OTHERS)
def test_every_text_is_translated_with_the_same_fields(lang: str) -> None:
    source, theirs = entries(SOURCE), entries(lang)
    assert set(theirs) - {("engine", key) for key in MESSAGES} == set(source)
    for key, entry in source.items():
        for text in theirs[key].strings:
            assert text and fields(text) == fields(entry.strings[0]), (lang, key)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_engine_text_is_translated_with_the_same_fields(lang: str) -> None:
    theirs = entries(lang)
    for key, text in MESSAGES.items():
        assert ("engine", key) in theirs, (lang, key)
        assert fields(theirs["engine", key].strings[0]) == fields(text), (lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_entries_have_the_forms_of_their_language(lang: str) -> None:
    plurals = [e for e in entries(lang).values() if e.plural]
    assert plurals
    for entry in plurals:
        assert len(entry.strings) == plural_count(lang), (lang, entry.msgid)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_comment_for_translators_is_the_current_english(lang: str) -> None:
    source = entries(SOURCE)
    for key, entry in entries(lang).items():
        expected = MESSAGES[key[1]] if key[0] == "engine" else english(source[key])
        assert entry.comment == expected, (lang, key)


def test_the_page_reads_what_the_compiler_writes() -> None:
    po = HEADER + (
        '#. the English\nmsgid "greet"\nmsgstr "Hello, \\"{name}\\"\\n"\n\n'
        'msgctxt "engine"\nmsgid "greet"\nmsgstr "Engine hello"\n\n'
        'msgid "cards"\nmsgid_plural "cards"\nmsgstr[0] "{count} card"\nmsgstr[1] "{count} cards"'
        '\n\nmsgid "untranslated"\nmsgstr ""\n'
    )
    parsed = parse_po(po)
    assert parsed[1].comment == "the English"
    read = gettext.GNUTranslations(io.BytesIO(compile_mo(parsed)))
    assert read.gettext("greet") == 'Hello, "{name}"\n'
    assert read.pgettext("engine", "greet") == "Engine hello"
    assert [read.ngettext("cards", "cards", n) for n in (1, 2)] == ["{count} card", "{count} cards"]
    assert read.gettext("untranslated") == "untranslated"  # left out: the source's text


@pytest.mark.parametrize(
    ("po", "problem"),
    [
        ('"a string"\n', "outside any field"),
        ("msgid greet\n", "not a quoted string"),
        ('msgid "a"\nmsgid "b"\n', "unexpected 'msgid'"),
        ('msgcomment "a"\n', "unexpected 'msgcomment'"),
        ('msgstr "a"\n\n', "without msgid"),
        ('msgid "a"\nmsgid_plural "a"\nmsgstr[1] "b"\n', "msgstr[0]"),
    ],
)
def test_a_catalog_the_compiler_cannot_read_is_refused_by_line(po: str, problem: str) -> None:
    with pytest.raises(CatalogError, match=re.escape(problem)):
        parse_po(po, "x.po")


def test_a_string_after_an_entry_or_a_key_given_twice_is_refused() -> None:
    with pytest.raises(CatalogError, match=re.escape("x.po:4: a string outside any field")):
        parse_po('msgid "a"\nmsgstr "b"\n\n"more"\n', "x.po")
    twice = parse_po('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n')
    with pytest.raises(CatalogError, match="twice"):
        compile_mo(twice)


def test_a_new_language_is_a_new_catalog_and_nothing_else(tmp_path: Path) -> None:
    for lang in ("en", "fr"):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "halfmoon.po").write_text(HEADER + 'msgid "a"\nmsgstr "b"\n', "utf-8")
    compiled = catalogs.compiled_catalogs(tmp_path)
    assert compiled["LANGUAGES"] == b"en\nfr\n" and set(compiled) == {"en.mo", "fr.mo", "LANGUAGES"}
    written = catalogs.write_catalogs(tmp_path / "out", tmp_path)
    assert sorted(path.name for path in written) == ["LANGUAGES", "en.mo", "fr.mo"]
    with pytest.raises(CatalogError, match="no catalog"):
        catalogs.compiled_catalogs(tmp_path / "out")


def test_the_page_knows_the_languages_there_are_catalogs_of() -> None:
    assert tuple(LANGS) == i18n.LANGS


def test_the_view_is_imported_with_its_catalogs_and_the_source_tree_is_left_alone() -> None:
    site = Path(catalogs.__file__).resolve().parent / "site" / "halfmoon_web"
    assert not (site / "locale").exists()  # nothing written into the source tree
    here = Path(i18n.__file__)
    assert here.resolve() == (site / "shared" / "i18n.py").resolve()  # the source's own module
    compiled = catalogs.compiled_catalogs()
    for name, data in compiled.items():
        assert (here.parent.parent / "locale" / name).read_bytes() == data
