"""Unit tests import the browser's DOM-free Python modules of web/site, and the build and
the local server (web/build.py, web/serve.py) as ``build`` and ``serve``. ``halfmoon_web`` is
imported from a temporary folder (``catalogs.importable_site``: links to the source's parts, and
the compiled translation catalogs beside them, where ``i18n.py`` reads them on CPython; the
build puts them in each page's archive): nothing is written into the source tree. Hypothesis
runs without its per-example deadline: the unit tests share the cores with the smoke tests'
browsers (tests/run_all.sh), and speed is measured by benchmarks (bench/), never by a unit
test (the one browser test bounded by a time: docs/testing.md, "Layers").

The fixtures several modules share are here, each made once: ``site`` (a full build, once per
run for every pytest-xdist worker) and ``game`` (a new game of deal 1)."""

import atexit
import fcntl
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
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

import build  # noqa: E402 - web/build.py
from engine_support import DEAL_1  # noqa: E402

from halfmoon_core import Game  # noqa: E402

ROOT = WEB.parent


@pytest.fixture
def game() -> Game:
    """A new game of deal 1."""
    return Game.from_code(DEAL_1)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A full build of the sources into a temporary folder, made once for the whole run: the
    pytest-xdist workers share it (the first to ask builds it, under a lock; the others wait
    for it), so the modules that read a build (``test_web_build``, ``test_web_hosting``) cost
    one build, not one each (docs/testing.md, "Time"). Read only: a test that changes a build
    makes its own."""
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("run `npm ci` first")
    root = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:
        root = root.parent  # the run's folder, the parent of every worker's own
    out = root / "site" / "dist"
    with open(root / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (out / "sw.js").is_file():  # sw.js: written last by build.build
            build.build(out)
    return out
