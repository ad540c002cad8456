"""The translation catalogs: ``web/locale/<lang>/LC_MESSAGES/halfmoon.po`` read and compiled to
the ``.mo`` files the pages read with ``gettext`` (docs/i18n.md). Standard library only.

Each page's app archive gets, under ``halfmoon_web/locale/``, one ``<lang>.mo`` per catalog
and ``LANGUAGES``, the languages there are (one per line): a new language is a new ``.po``.

On CPython (the tests, the build's pre-rendering) ``i18n.py`` reads them beside the package,
in ``halfmoon_web/locale/``: :func:`importable_site` makes, in a folder of the caller's, a
``halfmoon_web`` whose parts are links to the source's and whose ``locale/`` holds the compiled
catalogs, so that nothing is written into the source tree.

Usage: ``python3 web/catalogs.py DIR`` writes the compiled catalogs into ``DIR``.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "web" / "locale"
DOMAIN = "halfmoon"
#: Where the compiled catalogs go, in an app archive and beside ``halfmoon_web/shared/i18n.py``.
TARGET = "halfmoon_web/locale"


class CatalogError(ValueError):
    """A ``.po`` file this compiler cannot read."""


class Entry(NamedTuple):
    """One message: its context (or ""), id, plural id (or ""), translations, and the comment
    for translators (the ``#.`` lines: the English text)."""

    context: str
    msgid: str
    plural: str
    strings: tuple[str, ...]
    comment: str = ""

    @property
    def key(self) -> str:
        """The key ``gettext`` looks it up by: ``context\\x04msgid``, or the id alone."""
        return f"{self.context}\x04{self.msgid}" if self.context else self.msgid


_FIELDS = ("msgctxt", "msgid", "msgid_plural", "msgstr")


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file (comments skipped; the header is the entry of id "")."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    last = ""
    for number, raw in enumerate([*text.splitlines(), ""], start=1):
        line = raw.strip()
        if line.startswith("#."):
            fields["#."] = (fields["#."] + "\n" if "#." in fields else "") + line[2:].strip()
            continue
        if not line or line.startswith("#"):
            if set(fields) - {"#."} and not line:
                entries.append(_entry(fields, f"{name}:{number}"))
                fields, last = {}, ""
            continue
        if line.startswith('"'):
            if not last:
                raise CatalogError(f"{name}:{number}: a string outside any field")
            fields[last] += _string(line, name, number)
            continue
        keyword, _, rest = line.partition(" ")
        base = keyword.split("[")[0]
        if base not in _FIELDS or keyword in fields:
            raise CatalogError(f"{name}:{number}: unexpected {keyword!r}")
        last = keyword
        fields[keyword] = _string(rest.strip(), name, number)
    return entries


def _string(literal: str, name: str, number: int) -> str:
    if not (len(literal) >= 2 and literal[0] == literal[-1] == '"'):
        raise CatalogError(f"{name}:{number}: not a quoted string: {literal}")
    return str(ast.literal_eval(literal))


def _entry(fields: dict[str, str], where: str) -> Entry:
    if "msgid" not in fields:
        raise CatalogError(f"{where}: an entry without msgid")
    if "msgid_plural" in fields:
        count = sum(1 for key in fields if key.startswith("msgstr["))
        strings = tuple(fields.get(f"msgstr[{n}]", "") for n in range(count))
        if not count or any(f"msgstr[{n}]" not in fields for n in range(count)):
            raise CatalogError(f"{where}: a plural entry needs msgstr[0], msgstr[1]…")
    else:
        strings = (fields.get("msgstr", ""),)
    return Entry(
        fields.get("msgctxt", ""),
        fields["msgid"],
        fields.get("msgid_plural", ""),
        strings,
        fields.get("#.", ""),
    )


def compile_mo(entries: list[Entry]) -> bytes:
    """The GNU ``.mo`` file of ``entries`` (little-endian, no hash table), untranslated entries
    left out, as ``msgfmt`` writes it."""
    pairs = []
    seen: set[str] = set()
    for entry in entries:
        if entry.key in seen:
            raise CatalogError(f"{entry.key!r} is in the catalog twice")
        seen.add(entry.key)
        if not all(entry.strings) and entry.msgid:
            continue
        key = entry.key + (f"\0{entry.plural}" if entry.plural else "")
        pairs.append((key.encode(), "\0".join(entry.strings).encode()))
    pairs.sort()
    header_size = 7 * 4
    ids_at = header_size
    strs_at = ids_at + 8 * len(pairs)
    data_at = strs_at + 8 * len(pairs)
    tables = [b"", b""]
    blob = b""
    for column, values in enumerate(([k for k, _ in pairs], [v for _, v in pairs])):
        for value in values:
            tables[column] += struct.pack("<2I", len(value), data_at + len(blob))
            blob += value + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, len(pairs), ids_at, strs_at, 0, data_at)
    return header + tables[0] + tables[1] + blob


def languages(locale: Path = LOCALE) -> list[str]:
    """The languages that have a catalog, sorted."""
    return sorted(p.parent.parent.name for p in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def catalog_path(lang: str, locale: Path = LOCALE) -> Path:
    """The ``.po`` file of ``lang``."""
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(lang: str, locale: Path = LOCALE) -> list[Entry]:
    """The entries of ``lang``'s catalog."""
    path = catalog_path(lang, locale)
    return parse_po(path.read_text(encoding="utf-8"), str(path.relative_to(locale.parent)))


def compiled_catalogs(locale: Path = LOCALE) -> dict[str, bytes]:
    """What an app archive holds of the catalogs, by path under :data:`TARGET`: ``<lang>.mo``
    for every language, and ``LANGUAGES``."""
    langs = languages(locale)
    if not langs:
        raise CatalogError(f"no catalog in {locale}")
    files = {f"{lang}.mo": compile_mo(read_catalog(lang, locale)) for lang in langs}
    files["LANGUAGES"] = "".join(f"{lang}\n" for lang in langs).encode()
    return files


def write_catalogs(folder: Path, locale: Path = LOCALE) -> list[Path]:
    """Write the compiled catalogs into ``folder`` (only the files that changed); their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in compiled_catalogs(locale).items():
        path = folder / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append(path)
    return written


def importable_site(folder: Path, site: Path = ROOT / "web" / "site") -> Path:
    """Make ``folder`` a place to import ``halfmoon_web`` from on CPython, with its catalogs:
    ``folder/halfmoon_web/`` holds a symbolic link to each part of ``site``'s package and the
    compiled catalogs in ``locale/``. Returns ``folder``, for ``sys.path``."""
    package = folder / "halfmoon_web"
    package.mkdir(parents=True, exist_ok=True)
    for part in (site / "halfmoon_web").iterdir():
        link = package / part.name
        if part.name not in {"locale", "__pycache__"} and not link.exists():
            link.symlink_to(part.resolve())
    write_catalogs(folder / TARGET)
    return folder


if __name__ == "__main__":
    for written_path in write_catalogs(Path(sys.argv[1])):
        print(written_path)
