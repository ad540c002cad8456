"""The view's own reasons for refusing a stored or imported value are keys of the catalogs,
said in the page's language; the kept copy keeps the English (halfmoon_web.shared.invalid)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from web_support import MemoryStorage

from halfmoon_web.game_page.parts.saving_view import problem_text
from halfmoon_web.game_page.sharing.transfer_view import refusal_text
from halfmoon_web.model.settings import Settings
from halfmoon_web.model.stats import Stats
from halfmoon_web.model.transfer import ImportRefused, read_export
from halfmoon_web.shared import i18n
from halfmoon_web.shared.invalid import InvalidValue
from halfmoon_web.storage.saved import SavedData
from halfmoon_web.storage.storage import SETTINGS_KEY, STATS_KEY, Storage

VIEW = Path(__file__).resolve().parents[1] / "web" / "site" / "halfmoon_web"


def invalid_keys() -> set[str]:
    """Every key an ``InvalidValue(...)`` of the view's sources names."""
    keys = set()
    for path in VIEW.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "InvalidValue"
            ):
                first = node.args[0]
                assert isinstance(first, ast.Constant), f"{path.name}: a key must be literal"
                keys.add(first.value)
    return keys


def test_every_reason_of_the_view_is_in_every_catalog() -> None:
    keys = invalid_keys()
    assert len(keys) >= 20
    for lang in i18n.LANGS:
        for key in keys:
            assert i18n.catalog(lang).gettext(key) != key, (lang, key)


def test_the_english_is_the_reason_as_before() -> None:
    with pytest.raises(ValueError, match=r"^setting move_errors is not true or false$"):
        Settings.from_json({"move_errors": "yes"})
    with pytest.raises(ValueError, match=r"^played is not a whole number$"):
        Stats.from_json({"played": 1.5})
    with pytest.raises(ValueError, match=r"^played is outside its range \(0 to 999999999\)$"):
        Stats.from_json({"played": -1})


def test_a_bad_stored_setting_is_said_in_vietnamese_and_kept_in_english() -> None:
    backend = MemoryStorage()
    backend.items[SETTINGS_KEY] = json.dumps({"move_errors": "có"})
    data = SavedData(Storage(backend))
    assert data.settings() == Settings()
    [problem] = data.take_problems()
    said = problem_text(problem, "vi")
    assert "cài đặt move_errors không phải true hoặc false" in said
    assert "is not true or false" not in said
    [kept] = data.shelf.entries()
    assert kept.detail == "setting move_errors is not true or false"


def test_bad_statistics_in_a_file_are_refused_in_the_page_language() -> None:
    text = json.dumps(
        {
            "format": "halfmoon-export",
            "version": 1,
            "statistics": {"played": 1, "won": 2},
            "settings": {},
            "game": None,
        }
    )
    with pytest.raises(ImportRefused) as caught:
        read_export(text)
    assert isinstance(caught.value.params["reason"], InvalidValue)
    assert refusal_text(caught.value, "vi") == (
        "Không nhập được tệp này: không đọc được thống kê trong tệp: các con số của thống kê "
        "đã lưu không khớp nhau. Không có gì bị thay đổi."
    )
    assert "do not add up" in refusal_text(caught.value, "en")


def test_an_unreadable_shelf_of_kept_copies_says_why_in_vietnamese() -> None:
    backend = MemoryStorage()
    backend.items["halfmoon.backups"] = json.dumps({"not": "a list"})
    data = SavedData(Storage(backend))
    assert data.shelf.entries() == []
    problem = data.shelf.reset_problem
    assert problem is not None and isinstance(problem.detail, InvalidValue)
    assert problem.detail.text("vi") == "các bản sao đã giữ không phải là một danh sách"
    assert STATS_KEY not in backend.items
