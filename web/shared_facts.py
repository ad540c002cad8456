"""The facts the site's JavaScript shares with its Python, written once, in Python.

The scripts that run before Python (``early.js``, ``runtime.mjs`` and the start guard,
``start_guard.js``) read and check what the Python view stores, and say what the Python view
says. They never spell one of these facts: they say a placeholder (``%SETTINGS_KEY%``...) that
the build fills with the value Python owns, written as a JavaScript literal (JSON). So the two
cannot drift (tests/test_shared_facts.py; docs/architecture.md, "One home per fact"):

* the storage keys (``halfmoon_web/storage/storage.py``);
* the board snapshot's version, limits and allowlist (``halfmoon_web/model/snapshot.py``);
* the languages there are catalogs of and the default language (``halfmoon_web/shared/i18n.py``:
  ``LANGS``, ``DEFAULT_LANG``), which the start guard's language choice reads;
* the choices of the settings chosen from a list, the default first
  (``halfmoon_web/model/settings.py``'s ``CHOICES``), which early.js paints before Python;
* the start-up stages, in order (:data:`BOOT_STAGES`: their home is here);
* the media queries the page answers a worker's Python (``halfmoon_web/remote/window.py``);
* the start guard's texts in every language, from the catalogs (:data:`START_GUARD_TEXTS`);
* a won game's score and moves (the engine's ``WIN_SCORE``, ``WIN_MOVES``), which the rules
  page's prose says.

An attribute's pattern in ``%SNAPSHOT_ATTRIBUTES%`` must match the whole value: Python's
``re.fullmatch``, JavaScript's ``new RegExp(`^(?:${pattern})$`)``.

The start guard is inline in every page and allowed by its hash (``web/site_headers.py``): the
hash is of the filled text, :func:`start_guard`.

``i18n.py`` reads the compiled catalogs at import: unless ``halfmoon_web`` is importable with
them already (the unit tests'), it is imported from a temporary folder of links to the
source's parts with the catalogs beside them (``catalogs.importable_site``), removed at exit.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

import catalogs  # web/catalogs.py

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "web" / "site"
START_GUARD = SITE / "start_guard.js"
PLACEHOLDER = re.compile(r"%([A-Z_]+)%")


def _with_catalogs(spec: importlib.machinery.ModuleSpec | None) -> bool:
    """Whether ``halfmoon_web`` found by ``spec`` has its compiled catalogs beside it."""
    folders = (spec.submodule_search_locations or []) if spec else []
    return any((Path(folder) / "locale" / "LANGUAGES").is_file() for folder in folders)


def _importable_view() -> None:
    """Put ``halfmoon_web``, with its compiled catalogs, and ``halfmoon_core`` on ``sys.path``."""
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))  # halfmoon_core, as the pages import it
    if _with_catalogs(importlib.util.find_spec("halfmoon_web")):
        return
    if "halfmoon_web" in sys.modules:
        raise ImportError("halfmoon_web was imported without its catalogs before shared_facts")
    folder = Path(tempfile.mkdtemp(prefix="halfmoon-facts-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    sys.path.insert(0, str(catalogs.importable_site(folder, SITE)))


_importable_view()

from halfmoon_core import WIN_MOVES, WIN_SCORE  # noqa: E402
from halfmoon_web.model import settings, snapshot  # noqa: E402
from halfmoon_web.remote import window  # noqa: E402
from halfmoon_web.shared import i18n  # noqa: E402
from halfmoon_web.storage import storage  # noqa: E402

STORAGE_KEYS = (
    "GAME_KEY",
    "SETTINGS_KEY",
    "STATS_KEY",
    "SNAPSHOT_KEY",
    "BACKUPS_KEY",
    "UNSAVED_TAPS_KEY",
    "RETRIED_BUILD_KEY",
    "RETRIED_CRASH_KEY",
    "SELF_REPAIRED_KEY",
    "REPAIRED_FAILURE_KEY",
)
"""The names, in ``storage.py``, of every localStorage and sessionStorage key of the site."""

SNAPSHOT_FACTS = (
    "SNAPSHOT_VERSION",
    "MAX_SNAPSHOT_CHARS",
    "MAX_EARLY_TAPS",
    "MAX_SNAPSHOT_ELEMENTS",
    "SNAPSHOT_MINUTE_DIGITS",
    "SNAPSHOT_TAGS",
    "SNAPSHOT_ATTRIBUTES",
)
"""The names, in ``snapshot.py``, of what early.js checks a stored snapshot against."""


BOOT_STAGES = ("page", "runtime", "python", "app")
"""The start-up stages, in order: the page (early.js), the runtime and Python (runtime.mjs),
the app (main.py). early.js's progress line only moves forward along them; style.css fills the
line by stage (docs/startup.md, "The progress line and the loading note")."""

START_GUARD_TEXTS = {
    "file": "start_failed_file",
    "stall": "start_failed_stall",
    "damaged": "start_failed_damaged",
    "sandboxed": "start_failed_sandboxed",
    "sandboxHelp": "start_failed_sandbox_help",
    "error": "start_failed_error",
    "help": "start_failed_help",
    "repair": "repair_reload",
}
"""The start guard's texts: its name for each, and the catalogs' key. ``{seconds}`` in the
stall's text is the guard's bound, which the guard fills."""


def storage_keys() -> dict[str, str]:
    """Every storage key of the site, by its name in ``storage.py``."""
    return {name: str(getattr(storage, name)) for name in STORAGE_KEYS}


def facts() -> dict[str, object]:
    """Every shared fact's value, by placeholder name (``SNAPSHOT_PLACES``: the board's places,
    in order, from the engine; the others: the module's docstring)."""
    found: dict[str, object] = dict(storage_keys())
    found |= {name: getattr(snapshot, name) for name in SNAPSHOT_FACTS}
    found["SNAPSHOT_PLACES"] = list(snapshot.PLACES)
    found["LANGS"] = list(i18n.LANGS)
    found["DEFAULT_LANG"] = i18n.DEFAULT_LANG
    found["SETTING_CHOICES"] = {name: list(choices) for name, choices in settings.CHOICES.items()}
    found["BOOT_STAGES"] = list(BOOT_STAGES)
    found["MEDIA_QUERIES"] = list(window.MEDIA)
    found["START_GUARD_TEXTS"] = guard_texts()
    found["WIN_SCORE"] = WIN_SCORE
    found["WIN_MOVES"] = WIN_MOVES
    return found


def guard_texts() -> dict[str, dict[str, str]]:
    """The start guard's texts (:data:`START_GUARD_TEXTS`) in every language, by language."""
    return {
        lang: {name: i18n.t(lang, key) for name, key in START_GUARD_TEXTS.items()}
        for lang in i18n.LANGS
    }


def values() -> dict[str, str]:
    """What each fact's placeholder becomes: its value as a JavaScript literal."""
    return {name: json.dumps(value, ensure_ascii=False) for name, value in facts().items()}


def fill(text: str, where: str) -> str:
    """``text`` with every placeholder filled by :func:`values`; any other is an error."""
    known = values()

    def replace(match: re.Match[str]) -> str:
        if match.group(1) not in known:
            raise ValueError(f"{where}: %{match.group(1)}% is no shared fact")
        return known[match.group(1)]

    return PLACEHOLDER.sub(replace, text)


def start_guard() -> str:
    """The start guard as every page holds it inline: ``start_guard.js``, its facts filled."""
    return fill(START_GUARD.read_text(encoding="utf-8"), START_GUARD.name)
