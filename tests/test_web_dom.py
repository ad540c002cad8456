"""halfmoon_web/shared/dom.py's helpers, with a stand-in for the browser's window."""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import parse_qsl

import pytest

from halfmoon_web.shared.dom import url_param


class FakeSearchParams:
    """What the pages use of ``URLSearchParams``: ``get`` gives the first value or null."""

    def __init__(self, search: str) -> None:
        self.pairs = parse_qsl(search.lstrip("?"), keep_blank_values=True)

    @classmethod
    def new(cls, search: str) -> FakeSearchParams:
        return cls(search)

    def get(self, name: str) -> str | None:
        return next((value for key, value in self.pairs if key == name), None)


def window_at(search: str) -> SimpleNamespace:
    return SimpleNamespace(
        URLSearchParams=FakeSearchParams, location=SimpleNamespace(search=search)
    )


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
