"""embed.html's URL parameters are checked, and each problem names its parameter."""

from __future__ import annotations

from urllib.parse import parse_qsl

import pytest

from halfmoon_core import Game
from halfmoon_web.embed_params import EmbedConfig, EmbedParamError, parse_embed_pairs


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
        ("deal=HM1-N-AAAAAAB&deal=HM1-N-AAAAAAC", "deal", "more than once"),
        ("deal=HM1-N-AAAAAAB&stpes=1-8", "stpes", "unknown parameter"),
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
        ("deal=HM1-N-AAAAAAB&lang=fr", "'fr' không phải là ngôn ngữ (dùng en hoặc vi)"),
        ("deal=HM1-N-AAAAAAB&stpes=1-8", "không có tham số này (các tham số: deal, position"),
    ],
)
def test_every_problem_is_said_in_vietnamese_too(query: str, vi: str) -> None:
    """The embed says a bad parameter in its language, the engine's reasons included."""
    with pytest.raises(EmbedParamError) as info:
        parse_embed_query(query)
    assert info.value.text("vi").startswith(vi)
    assert info.value.text("en") == info.value.message


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
