"""halfmoon_web/shared/dom.py's helpers, with a stand-in for the browser's window."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from web_support import SearchParams

from halfmoon_web.shared.dom import url_param


def window_at(search: str) -> SimpleNamespace:
    return SimpleNamespace(URLSearchParams=SearchParams, location=SimpleNamespace(search=search))


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("?deal=HM1-N-AAAAAAB&lang=en", "en"),
        ("?lang=vi&lang=en", "vi"),  # the first one
        ("?lang=", None),  # empty is absent
        ("?deal=x", None),
        ("", None),
    ],
)
def test_a_parameter_is_its_first_non_empty_value(search: str, expected: str | None) -> None:
    assert url_param(window_at(search), "lang") == expected
