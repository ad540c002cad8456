"""The view's own reasons for refusing a stored or imported value, as data: a key of the
catalogs and its parameters, said in the page's language (docs/i18n.md, "The view's own
reasons"). ``str()`` is the English, for the kept copies and the tests."""

from __future__ import annotations

from halfmoon_web.shared import i18n


class InvalidValue(ValueError):
    """A value the view cannot use (settings, statistics, a kept copy, a game's own flags)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def text(self, lang: str) -> str:
        """The reason in ``lang``."""
        return i18n.t(lang, self.key, **self.params)

    def __str__(self) -> str:
        return self.text(i18n.SOURCE_LANG)
