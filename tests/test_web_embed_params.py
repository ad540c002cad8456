"""embed.html's URL parameters are checked, and each problem names its parameter."""

from __future__ import annotations

from urllib.parse import parse_qsl

import pytest
from engine_support import WINNING_GAME

from halfmoon_core import Game
from halfmoon_web.embed_page.embed_params import EmbedConfig, EmbedParamError, parse_embed_pairs


def parse_embed_query(query: str) -> EmbedConfig:
    """Decode a query string as the browser's URLSearchParams does, then check it."""
    return parse_embed_pairs(parse_qsl(query.lstrip("?"), keep_blank_values=True))


def test_deal_code_is_normalised() -> None:
    config = parse_embed_query("?deal=%20hm1-n-aaaaaab%20")
    assert config.start == "HM1-N-AAAAAAB"
    assert (config.steps, config.labels, config.lang) == ("", False, None)


def test_position_with_steps_labels_and_lang() -> None:
    position = Game.from_code("HM1-N-AAAAAAB").position()
    config = parse_embed_query(f"position={position}&steps=4-7,5-6&labels=1&lang=vi")
    assert config.start == position
    assert (config.steps, config.labels, config.lang) == ("4-7,5-6", True, "vi")


def test_a_replay_code_becomes_the_steps_it_stands_for() -> None:
    config = parse_embed_query("deal=HM1-N-AAAAAAB&replay=IA&lang=en")
    assert (config.start, config.steps, config.lang) == ("HM1-N-AAAAAAB", "4-7,2-3-R3", "en")
    assert parse_embed_query("deal=HM1-N-AAAAAAB&replay=").steps == ""


def test_the_pinned_winning_game_as_a_replay_code() -> None:
    code = "IIIAEDCCBHAKFCCCDDACBCBBACAAADBBBEDCADAAAAAAAAAA"
    config = parse_embed_query(f"deal=HM1-N-AAAAAAB&replay={code}")
    assert config.steps == WINNING_GAME["moves"]


@pytest.mark.parametrize(
    ("query", "param", "fragment"),
    [
        ("", "deal", "missing"),
        ("deal=HM2-N-AAAAAAA", "deal", "unknown deal format"),
        ("deal=HM1-X-AAAAAAA", "deal", "mode"),
        ("position=HMP1:5S", "position", "20 fields"),
        ("deal=HM1-N-AAAAAAB&position=HMP1:", "position", "not both"),
        ("deal=HM1-N-AAAAAAB&steps=4-8", "steps", "sums to"),
        ("deal=HM1-N-AAAAAAB&steps=banana", "steps", "not a place"),
        ("deal=HM1-N-AAAAAAB&labels=yes", "labels", "not 1 or 0"),
        ("deal=HM1-N-AAAAAAB&lang=fr", "lang", "not a language"),
        (
            "deal=HM1-N-AAAAAAB&theme=night",
            "theme",
            "'night' is not a theme (use auto, light or dark)",
        ),
        ("deal=HM1-N-AAAAAAB&deal=HM1-N-AAAAAAC", "deal", "more than once"),
        ("deal=HM1-N-AAAAAAB&stpes=1-8", "stpes", "unknown parameter"),
        ("deal=HM1-N-AAAAAAB&replay=I!", "replay", "'!' (character 2) is not in a replay code"),
        ("deal=HM1-N-AAAAAAB&replay=_", "replay", "not one of the 19 moves there are"),
        ("deal=HM1-N-AAADGKR&replay=AA", "replay", "over after 1 moves"),
        ("deal=HM1-N-AAAAAAB&steps=4-7&replay=I", "replay", "give steps or replay, not both"),
        ("deal=HM1-N-ABC&replay=I", "deal", "7 letters"),
    ],
)
def test_bad_parameter_is_named(query: str, param: str, fragment: str) -> None:
    with pytest.raises(EmbedParamError) as info:
        parse_embed_query(query)
    assert info.value.param == param
    assert fragment in info.value.message


@pytest.mark.parametrize(
    ("query", "vi"),
    [
        ("", "thiếu: hãy cho deal=HM1-N-… hoặc position=HMP1:…"),
        ("deal=HM1-N-ABC", "phần cuối phải gồm 7 chữ cái A–Z, ví dụ HM1-N-AAAAAAB; mã này là"),
        ("deal=HM1-N-AAAAAAB&steps=4-8", "nước đi thứ 1 (4-8) không hợp lệ: 9H + 7S có tổng 16"),
        ("deal=HM1-N-AAAAAAB&steps=banana", "nước đi 'banana': 'banana' không phải là một vị trí"),
        ("deal=HM1-N-AAAAAAB&replay=_", "nước đi thứ 1 của mã xem lại không phải là một trong 19"),
        ("deal=HM1-N-AAAAAAB&lang=fr", "'fr' không phải là ngôn ngữ (dùng en hoặc vi)"),
        ("deal=HM1-N-AAAAAAB&theme=x", "'x' không phải là giao diện (dùng auto, light hoặc dark)"),
        ("deal=HM1-N-AAAAAAB&stpes=1-8", "không có tham số này (các tham số: deal, position"),
    ],
)
def test_every_problem_is_said_in_vietnamese_too(query: str, vi: str) -> None:
    """The embed says a bad parameter in its language, the engine's reasons included."""
    with pytest.raises(EmbedParamError) as info:
        parse_embed_query(query)
    assert info.value.text("vi").startswith(vi)
    assert info.value.text("en") == info.value.message


@pytest.mark.parametrize("theme", ["auto", "light", "dark"])
def test_the_theme_is_the_hosts_unless_the_address_names_one(theme: str) -> None:
    """``theme=`` (docs/formats.md): auto, the default, follows the host's colour scheme."""
    assert parse_embed_query("deal=HM1-N-AAAAAAB").theme == "auto"
    assert parse_embed_query(f"deal=HM1-N-AAAAAAB&theme={theme}").theme == theme


def test_injected_html_is_reported_as_text() -> None:
    with pytest.raises(EmbedParamError) as info:
        parse_embed_query("deal=<img src=x onerror=alert(1)>")
    assert info.value.param == "deal"
    assert "<img" in str(info.value)  # shown as text by the view, never parsed as HTML


def test_decoded_pairs_are_checked_like_a_query() -> None:
    """The embed page hands over the browser's decoded pairs: same checks, same result."""
    assert parse_embed_pairs([("deal", " hm1-n-aaaaaab ")]) == parse_embed_query(
        "?deal=%20hm1-n-aaaaaab%20"
    )
    with pytest.raises(EmbedParamError, match="more than once"):
        parse_embed_pairs([("deal", "HM1-N-AAAAAAB"), ("deal", "HM1-N-AAAAAAB")])
