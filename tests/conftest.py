"""Unit tests import the browser's DOM-free Python modules from web/site as well."""

import sys
from pathlib import Path

WEB_SITE = Path(__file__).resolve().parents[1] / "web" / "site"
if str(WEB_SITE) not in sys.path:
    sys.path.insert(0, str(WEB_SITE))
