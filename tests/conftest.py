"""Unit tests import the browser's DOM-free Python modules of web/site, and the build and
the local server (web/build.py, web/serve.py) as ``build`` and ``serve``. ``halfmoon_web`` is
imported from a temporary folder (``catalogs.importable_site``: links to the source's parts, and
the compiled translation catalogs beside them, where ``i18n.py`` reads them on CPython; the
build puts them in each page's archive): nothing is written into the source tree. Hypothesis
runs without its per-example deadline: the unit tests share the cores with the smoke tests'
browsers (tests/run_all.sh), and speed is measured by benchmarks (bench/), never by a test."""

import atexit
import shutil
import sys
import tempfile
from pathlib import Path

from hypothesis import settings

settings.register_profile("halfmoon", deadline=None)
settings.load_profile("halfmoon")

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import catalogs  # noqa: E402 - web/catalogs.py

_SITE = Path(tempfile.mkdtemp(prefix="halfmoon-tests-site-"))
atexit.register(shutil.rmtree, _SITE, ignore_errors=True)
sys.path.insert(0, str(catalogs.importable_site(_SITE)))
