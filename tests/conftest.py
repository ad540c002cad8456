"""Unit tests import the browser's DOM-free Python modules from web/site, and the build and
the local server (web/build.py, web/serve.py) as ``build`` and ``serve``. The translation
catalogs are compiled first, beside ``halfmoon_web`` (where ``i18n.py`` reads them on CPython;
the build puts them in each page's archive). Hypothesis runs without its per-example deadline:
the unit tests share the cores with the smoke tests' browsers (tests/run_all.sh), and speed is
measured by benchmarks (bench/), never by a test."""

import sys
from pathlib import Path

from hypothesis import settings

settings.register_profile("halfmoon", deadline=None)
settings.load_profile("halfmoon")

WEB = Path(__file__).resolve().parents[1] / "web"
for folder in (WEB / "site", WEB):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import catalogs  # noqa: E402 - web/catalogs.py

catalogs.write_catalogs(WEB / "site" / catalogs.TARGET)
