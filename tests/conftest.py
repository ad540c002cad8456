"""Unit tests import the browser's DOM-free Python modules from web/site, and the build and
the local server (web/build.py, web/serve.py) as ``build`` and ``serve``."""

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
for folder in (WEB / "site", WEB):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
