"""The site's pictures (web/site/cards/*.svg, the icon) are well-formed XML: a browser refuses to
draw an SVG that is not, and a page whose preloaded card back fails to load does not start
(docs/startup.md). An XML comment may not hold ``--``, for one."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

SITE = Path(__file__).resolve().parent.parent / "web" / "site"
PICTURES = sorted(SITE.glob("**/*.svg"))


def test_the_site_has_its_pictures() -> None:
    assert SITE / "cards" / "back.svg" in PICTURES and SITE / "icon.svg" in PICTURES


@pytest.mark.parametrize("picture", PICTURES, ids=lambda path: str(path.relative_to(SITE)))
def test_every_picture_is_well_formed_svg(picture: Path) -> None:
    root = ElementTree.fromstring(picture.read_bytes())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
