"""The ``<iframe>`` snippet and ``embed.html`` address (docs/formats.md)."""

from __future__ import annotations

import pytest

from halfmoon_core import DealCodeError, MoveError, PositionError, deal, format_position
from halfmoon_core.embed import embed_snippet, embed_url

DEAL_1 = "HM1-N-AAAAAAB"
DEAL_1_POSITION = format_position(deal(DEAL_1))


def test_a_deal_code_becomes_a_deal_parameter_in_canonical_spelling() -> None:
    assert embed_url("  hm1-n-aaaaaab ") == "embed.html?deal=HM1-N-AAAAAAB"


def test_a_position_becomes_a_position_parameter_in_canonical_spelling() -> None:
    assert embed_url(DEAL_1_POSITION.lower()) == f"embed.html?position={DEAL_1_POSITION}"


def test_steps_labels_and_language_are_added_in_order() -> None:
    url = embed_url(DEAL_1, "4-7, r3-3-2", labels=True, lang="vi")
    assert url == "embed.html?deal=HM1-N-AAAAAAB&steps=4-7,2-3-R3&labels=1&lang=vi"


def test_the_base_address_is_joined_with_one_slash() -> None:
    assert embed_url(DEAL_1, base="https://x.test/hm").startswith("https://x.test/hm/embed.html?")
    assert embed_url(DEAL_1, base="https://x.test/hm/").startswith("https://x.test/hm/embed.html?")


def test_steps_are_checked_for_legality_before_any_url_is_made() -> None:
    with pytest.raises(MoveError, match=r"move 2 \(1-2\) is illegal"):
        embed_url(DEAL_1, "4-7,1-2")


def test_bad_starts_are_refused() -> None:
    with pytest.raises(DealCodeError):
        embed_url("HM1-N-1")
    with pytest.raises(PositionError):
        embed_url("HMP1:ZZ")


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="en, vi"):
        embed_url(DEAL_1, lang="fr")


def test_the_snippet_is_an_iframe_with_the_url_escaped_for_html() -> None:
    snippet = embed_snippet(DEAL_1, "4-7", labels=True, lang="en")
    assert snippet.startswith("<iframe ") and snippet.endswith("></iframe>")
    assert 'src="embed.html?deal=HM1-N-AAAAAAB&amp;steps=4-7&amp;labels=1&amp;lang=en"' in snippet
    assert 'title="Half Moon board"' in snippet


def test_the_snippet_title_follows_the_language() -> None:
    assert 'title="Bàn chơi Half Moon"' in embed_snippet(DEAL_1, lang="vi")
    assert 'title="Half Moon board"' in embed_snippet(DEAL_1)


def test_the_step_viewer_gets_a_taller_frame() -> None:
    assert 'height="560"' in embed_snippet(DEAL_1, "4-7")
    assert 'height="480"' in embed_snippet(DEAL_1)


def test_markup_in_the_base_address_cannot_break_out_of_the_attribute() -> None:
    snippet = embed_snippet(DEAL_1, base='https://x.test/"><script>alert(1)</script>')
    assert "<script>" not in snippet and "&quot;&gt;&lt;script&gt;" in snippet


def test_compact_steps_are_a_replay_code() -> None:
    url = embed_url(DEAL_1, "4-7,2-3-R3", lang="en", compact=True)
    assert url == "embed.html?deal=HM1-N-AAAAAAB&replay=IA&lang=en"
    assert embed_url(DEAL_1, compact=True) == "embed.html?deal=HM1-N-AAAAAAB"
    assert 'replay=IA"' in embed_snippet(DEAL_1, "4-7,2-3-R3", compact=True)
