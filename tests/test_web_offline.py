"""The Settings panel's offline line (web/site/halfmoon_web/game_page/parts/offline_view.py): each
state and reason boot.js sets on ``<html>`` has its words, in every language."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from halfmoon_web.game_page.parts.offline_view import REASONS, OfflineStatus, offline_key
from halfmoon_web.shared import i18n


@pytest.mark.parametrize(
    ("state", "why", "key"),
    [
        ("ready", None, "offline_ready"),
        ("saving", None, "offline_saving"),
        ("unavailable", "insecure", "offline_unavailable_insecure"),
        ("unavailable", "quota", "offline_unavailable_quota"),
        ("unavailable", "storage", "offline_unavailable_storage"),
        ("unavailable", "install", "offline_unavailable_install"),
        ("unavailable", "something new", "offline_unavailable_install"),
        ("unavailable", None, "offline_unavailable_install"),
        (None, None, None),
        ("nonsense", None, None),
    ],
)
def test_each_state_has_its_text(state: str | None, why: str | None, key: str | None) -> None:
    assert offline_key(state, why) == key


@pytest.mark.parametrize("lang", sorted(i18n.LANGS))
def test_every_text_is_said_in_every_language(lang: str) -> None:
    """Each key is in the language's catalog (not the English fallback, not the key itself)."""
    keys = ["offline_ready", "offline_saving", *(f"offline_unavailable_{r}" for r in REASONS)]
    texts = [i18n.t(lang, key) for key in keys]
    assert all(text and text not in keys for text in texts)
    assert len(set(texts)) == len(keys)
    if lang != "en":
        assert not set(texts) & {i18n.t("en", key) for key in keys}


def test_the_words_say_each_case() -> None:
    """The English and the Vietnamese name the state and the reason."""
    assert i18n.t("en", "offline_ready").startswith("Offline: ready")
    assert i18n.t("en", "offline_saving").startswith("Offline: being saved")
    assert "HTTPS" in i18n.t("en", "offline_unavailable_insecure")
    assert "not enough storage space" in i18n.t("en", "offline_unavailable_quota")
    assert i18n.t("vi", "offline_ready").startswith("Ngoại tuyến: sẵn sàng")
    assert i18n.t("vi", "offline_saving").startswith("Ngoại tuyến: đang lưu")
    assert "HTTPS" in i18n.t("vi", "offline_unavailable_insecure")
    assert "không đủ dung lượng" in i18n.t("vi", "offline_unavailable_quota")


class _Element:
    """An element's attributes, text and ``hidden``."""

    def __init__(self, **attributes: str) -> None:
        self.attributes = dict(attributes)
        self.textContent = ""
        self.hidden = True

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)


def _page(lang: str, **attributes: str) -> tuple[OfflineStatus, _Element]:
    """An OfflineStatus over a page whose ``<html>`` has ``attributes`` (``data_offline``...)."""
    root = _Element(**{k.replace("_", "-"): v for k, v in attributes.items()})
    line = _Element()
    dom = SimpleNamespace(el=lambda _id: line, document=SimpleNamespace(documentElement=root))
    state = SimpleNamespace(t=lambda key: i18n.t(lang, key))
    return OfflineStatus(dom, state), line  # type: ignore[arg-type]


def test_the_line_says_what_html_says_in_the_page_language() -> None:
    view, line = _page("vi", data_offline="unavailable", data_offline_why="quota")
    view.render()
    assert not line.hidden and line.textContent == i18n.t("vi", "offline_unavailable_quota")
    view, line = _page("en", data_offline="ready")
    view.render()
    assert not line.hidden and line.textContent == i18n.t("en", "offline_ready")


def test_the_line_is_hidden_while_boot_js_has_said_nothing() -> None:
    view, line = _page("en")
    view.render()
    assert line.hidden and line.textContent == ""
