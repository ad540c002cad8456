"""embed.html (docs/interface.md): a board driven by URL parameters; every bad parameter is told
inside the frame as text; the command line's snippet works; the saved game is never touched.

The embed never writes the storage: its tests share the module's page (``module_page``, a warm
start for each document they open); the two that play on the game page have a context each."""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape

import pytest
from game_support import STALEMATE_AFTER_ONE, STALEMATE_AT_DEAL, button, card, status
from harness import open_app, open_site_file
from playwright.sync_api import Page, expect

from halfmoon_core import Game, parse_moves, replay

DEAL = "HM1-N-AAAAAAB"


def test_deal_parameter_shows_that_deal_with_labels_in_a_480_px_frame(module_page: Page) -> None:
    module_page.set_viewport_size({"width": 720, "height": 480})  # the snippet's iframe height
    open_app(module_page, f"embed.html?deal={DEAL.lower()}&labels=1&lang=en")
    size = module_page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert size[0] <= 720 and size[1] <= 480, f"the board overflows its frame: {size}"
    game = Game.from_code(DEAL)
    for place in game.playable():
        expect(card(module_page, game, place)).to_be_visible()
    expect(module_page.locator(".hm-board.hm-labels")).to_have_count(1)
    expect(module_page.get_by_text("R8", exact=True)).to_be_visible()


def test_embed_board_is_playable_and_speaks(module_page: Page) -> None:
    open_app(module_page, f"embed.html?deal={DEAL}&lang=en")
    game = Game.from_code(DEAL)
    expect(module_page.locator(".hm-labels")).to_have_count(0)
    card(module_page, game, "4").click()
    card(module_page, game, "7").click()
    expect(status(module_page)).to_have_text("Removed 9 of hearts and 2 of diamonds")
    game.push("4-7")
    expect(card(module_page, game, "4")).to_be_visible()


def test_position_with_steps_is_a_step_viewer_in_vietnamese(module_page: Page) -> None:
    start = Game.from_code(DEAL)
    start.push("5-6")
    position = start.position()
    open_app(module_page, f"embed.html?position={position}&steps=4-7,R1-R6&lang=vi")
    expect(module_page.get_by_text("Bước 0 / 2", exact=True)).to_be_visible()
    expect(card(module_page, start, "4", lang="vi")).to_be_visible()
    button(module_page, "Bước tiếp").click()
    expect(module_page.get_by_text("Bước 1 / 2", exact=True)).to_be_visible()
    after = replay(position, parse_moves("4-7"))
    expect(card(module_page, after, "4", lang="vi")).to_be_visible()


@pytest.mark.parametrize(
    ("query", "param", "fragment"),
    [
        ("", "deal", "missing"),
        ("deal=HM1-N-ABC", "deal", "7 letters"),
        ("position=HMP1:5S5S5S///////////////////", "position", "5S appears 3 times"),
        (f"deal={DEAL}&steps=4-8", "steps", "sums to 16"),
        (f"deal={DEAL}&labels=yes", "labels", "not 1 or 0"),
        (f"deal={DEAL}&lang=fr", "lang", "not a language"),
        (f"deal={DEAL}&stpes=4-7", "stpes", "unknown parameter"),
    ],
    ids=["missing", "short-code", "card-thrice", "illegal-step", "labels", "lang", "typo"],
)
def test_bad_parameter_is_named_inside_the_frame(
    module_page: Page, query: str, param: str, fragment: str
) -> None:
    error = open_app(
        module_page,
        f"embed.html?{query}&lang=en" if "lang" not in query else f"embed.html?{query}",
        expect_error=True,
    )
    assert error is not None and f"parameter {param}" in error and fragment in error
    alert = module_page.locator("#embed-error")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text(f"parameter {param}")
    expect(alert).to_contain_text(fragment)
    expect(module_page.locator("button[data-place]")).to_have_count(0)


def test_a_bad_parameter_is_said_in_the_frames_language(module_page: Page) -> None:
    """The engine's reason too is in Vietnamese (docs/i18n.md): no English inside the frame."""
    error = open_app(module_page, f"embed.html?deal={DEAL}&steps=4-8&lang=vi", expect_error=True)
    said = (
        "Không hiển thị được bàn chơi: tham số steps: nước đi thứ 1 (4-8) không hợp lệ: "
        "9H + 7S có tổng 16, không phải 11"
    )
    assert error == said
    expect(module_page.locator("#embed-error")).to_have_text(said)


def test_html_in_a_parameter_is_shown_as_text_never_parsed(module_page: Page) -> None:
    attack = '<img src=x id=pwned onerror="document.title=1">'
    open_app(module_page, f"embed.html?deal={attack}&lang=en", expect_error=True)
    expect(module_page.locator("#embed-error")).to_contain_text("<img src=x id=pwned")
    expect(module_page.locator("#pwned")).to_have_count(0)
    expect(module_page.locator("#embed-error img")).to_have_count(0)


def test_embed_never_touches_the_saved_game(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    card(warm_page, game, "4").click()
    card(warm_page, game, "7").click()
    expect(warm_page.locator("#moves")).to_have_text("1")
    open_site_file(warm_page)  # the game saves as it closes
    before = warm_page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    open_app(warm_page, f"embed.html?deal={DEAL}&lang=en")
    card(warm_page, game, "5").click()
    card(warm_page, game, "6").click()
    expect(status(warm_page)).to_have_text(re.compile("^Removed"))
    after = warm_page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    assert after == before


def test_command_line_snippet_opens_a_working_board(module_page: Page) -> None:
    site = module_page.site_url  # type: ignore[attr-defined]
    snippet = subprocess.run(
        [sys.executable, "-m", "halfmoon_core", "embed", DEAL, "--steps", "4-7,5-6",
         "--labels", "--lang", "en", "--base", site],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    src = unescape(re.search(r'src="([^"]+)"', snippet).group(1))  # type: ignore[union-attr]
    assert src.startswith(site + "embed.html?")
    open_app(module_page, src.removeprefix(site))
    expect(module_page.get_by_text("Step 0 of 2", exact=True)).to_be_visible()
    button(module_page, "Next step").click()
    expect(module_page.get_by_text("Step 1: 9♥ (pile 4) + 2♦ (pile 7) = 11")).to_be_visible()


ALL_REMOVED = "HMP1:" + "/" * 19
"""The position with every card removed: a won game."""


@pytest.mark.parametrize(
    ("start", "lang", "words"),
    [
        (STALEMATE_AT_DEAL, "en", "No more moves"),
        (STALEMATE_AT_DEAL, "vi", "Hết nước đi"),
        (ALL_REMOVED, "en", "You won!"),
        (ALL_REMOVED, "vi", "Bạn đã thắng!"),
    ],
    ids=["stalemate-en", "stalemate-vi", "won-en", "won-vi"],
)
def test_a_start_that_is_already_over_says_so(
    module_page: Page, start: str, lang: str, words: str
) -> None:
    """The status line tells a stalemate or a won start at once, in the end dialog's words."""
    param = "position" if start.startswith("HMP1:") else "deal"
    open_app(module_page, f"embed.html?{param}={start}&lang={lang}")  # still reaches data-ready
    expect(status(module_page)).to_have_text(words)
    game = Game.from_start(start)
    expect(module_page.locator("button[data-place]")).to_have_count(len(game.playable()))


def test_the_embed_says_what_the_game_page_says_at_a_stalemate_deal(warm_page: Page) -> None:
    """Same words as the game page's end of game, for the same deal."""
    open_app(warm_page, f"index.html?deal={STALEMATE_AT_DEAL}&lang=en")
    title = warm_page.locator("#end-title").text_content()
    assert title, "the game page shows no end-of-game title"
    open_app(warm_page, f"embed.html?deal={STALEMATE_AT_DEAL}&lang=en")
    expect(status(warm_page)).to_have_text(title)


def test_a_step_that_ends_the_game_says_so_and_leaving_it_clears_it(module_page: Page) -> None:
    """The one legal move of this deal leaves nothing to play: its step says so."""
    open_app(module_page, f"embed.html?deal={STALEMATE_AFTER_ONE}&steps=R5-R6&lang=en")
    expect(module_page.get_by_text("Step 0 of 1", exact=True)).to_be_visible()
    expect(status(module_page)).to_have_text("")
    button(module_page, "Next step").click()
    expect(module_page.get_by_text("Step 1 of 1", exact=True)).to_be_visible()
    expect(status(module_page)).to_have_text("No more moves")
    button(module_page, "Previous step").click()
    expect(module_page.get_by_text("Step 0 of 1", exact=True)).to_be_visible()
    expect(status(module_page)).to_have_text("")


def test_the_step_viewer_speaks_cards_by_name_and_the_slider_says_its_step(
    module_page: Page,
) -> None:
    """The step text shows the short forms and gives screen readers the cards' names."""
    open_app(module_page, f"embed.html?deal={DEAL}&steps=4-7,5-6&lang=vi")
    button(module_page, "Bước tiếp").click()
    text = module_page.locator(".step-text")
    shown = text.locator("[aria-hidden=true]")
    expect(shown).to_have_text("Bước 1: 9♥ (chồng 4) + 2♦ (chồng 7) = 11")
    expect(text).to_match_aria_snapshot(
        '- paragraph: "Bước 1: 9 cơ ở chồng 4 và 2 rô ở chồng 7, tổng bằng 11."'
    )
    expect(module_page.get_by_role("slider", name="Bước")).to_have_attribute(
        "aria-valuetext", "Bước 1 trên 2"
    )
