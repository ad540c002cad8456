"""The facts the site's JavaScript shares with its Python, written once, in Python.

``early.js`` and the start guard (``start_guard.js``) read and check what the Python view
stores: the storage keys (``halfmoon_web/storage/storage.py``), the board snapshot's version,
limits and allowlist (``halfmoon_web/model/snapshot.py``). They never spell them: they say
a placeholder (``%SETTINGS_KEY%``...) that the build fills with the value Python owns, written
as a JavaScript literal (JSON). So the two cannot drift, and no ``.js`` under ``web/`` spells a
storage key (tests/test_shared_facts.py).

An attribute's pattern in ``%SNAPSHOT_ATTRIBUTES%`` must match the whole value: Python's
``re.fullmatch``, JavaScript's ``new RegExp(`^(?:${pattern})$`)``.

The start guard is inline in every page and allowed by its hash (``web/site_headers.py``): the
hash is of the filled text, :func:`start_guard`.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "web" / "site"
START_GUARD = SITE / "start_guard.js"
PLACEHOLDER = re.compile(r"%([A-Z_]+)%")
for _folder in (SITE, ROOT):  # halfmoon_web and halfmoon_core, as the pages import them
    if str(_folder) not in sys.path:
        sys.path.append(str(_folder))

from halfmoon_web.model import snapshot  # noqa: E402
from halfmoon_web.storage import storage  # noqa: E402

STORAGE_KEYS = (
    "GAME_KEY",
    "SETTINGS_KEY",
    "STATS_KEY",
    "SNAPSHOT_KEY",
    "BACKUPS_KEY",
    "RETRIED_BUILD_KEY",
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


def storage_keys() -> dict[str, str]:
    """Every storage key of the site, by its name in ``storage.py``."""
    return {name: str(getattr(storage, name)) for name in STORAGE_KEYS}


def facts() -> dict[str, object]:
    """Every shared fact's value, by placeholder name (``SNAPSHOT_PLACES``: the board's places,
    in order, from the engine)."""
    found: dict[str, object] = dict(storage_keys())
    found |= {name: getattr(snapshot, name) for name in SNAPSHOT_FACTS}
    found["SNAPSHOT_PLACES"] = list(snapshot.PLACES)
    return found


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
