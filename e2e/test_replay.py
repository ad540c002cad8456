"""Replay and Share replay (docs/interface.md, "The game page"): a finished game in the step
viewer, over the game page or from a shared link (``embed.html?deal=…&replay=…``, the moves as
a replay code: docs/formats.md, "Replay codes")."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape

import pytest
from game_support import STALEMATE_AFTER_ONE, button, card, play, status, winning_game
from harness import open_app
from playwright.sync_api import BrowserContext, Locator, Page, expect
from test_accessibility import Audit

from halfmoon_core import Game, parse_moves, replay

pytestmark = pytest.mark.browser_context_args(permissions=["clipboard-read", "clipboard-write"])

WIN = winning_game()
LINE = parse_moves(WIN["moves"])
CODE = "IIIAEDCCBHAKFCCCDDACBCBBACAAADBBBEDCADAAAAAAAAAA"  # tests/test_replay_code.py
CARD_NAME = re.compile(r", (pile \d+, \d+ cards?|reserve R\d)$")


@pytest.fixture(scope="module")
def won_page(shared_page: Page) -> Page:
    """The game page after the pinned winning line was played on it, tap by tap."""
    open_app(shared_page, f"index.html?lang=en&deal={WIN['start']}")
    game = Game.from_code(WIN["start"])
    for move in LINE:
        play(shared_page, game, move)
    expect(end_dialog(shared_page)).to_be_visible()
    # The replay link and embed code come only with Share replay.
    expect(shared_page.locator("#replay-share")).to_be_hidden()
    return shared_page


def end_dialog(page: Page) -> Locator:
    """The end of the game's dialog."""
    return page.get_by_role("dialog", name="You won!")


def viewer_cards(scope: Page | Locator) -> Locator:
    """Every card button of a board."""
    return scope.get_by_role("button", name=CARD_NAME)


def shared_link(page: Page) -> str:
    """Press Share replay in the end dialog; the link it shows."""
    end_dialog(page).get_by_role("button", name="Share replay", exact=True).click()
    link = page.get_by_label("Replay link")
    expect(link).to_be_visible()
    return link.input_value()


def test_replay_from_the_end_dialog_shows_the_game_and_gives_the_focus_back(
    won_page: Page,
) -> None:
    page = won_page
    replay_button = end_dialog(page).get_by_role("button", name="Replay", exact=True)
    replay_button.click()
    viewer = page.get_by_role("dialog", name=f"Replay of deal {WIN['start']}")
    expect(viewer.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    start = Game.from_code(WIN["start"])
    expect(card(viewer, start, "4")).to_be_visible()  # type: ignore[arg-type]
    expect(viewer.get_by_role("button", name="Next step")).to_be_focused()
    viewer.get_by_role("button", name="Next step").click()
    expect(viewer.get_by_text("Step 1 of 48", exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    expect(replay_button).to_be_focused()  # back where the player was, the end dialog open
    replay_button.click()
    expect(viewer.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    viewer.get_by_role("button", name="Close", exact=True).click()
    expect(viewer).to_be_hidden()
    expect(replay_button).to_be_focused()


def test_a_replay_opened_again_leaves_nothing_of_the_one_before_listening(
    won_page: Page,
) -> None:
    """Each opening mounts a new step viewer; the one before stops listening (its board's
    listeners go: docs/architecture.md, "Floors and pages"), so a click on its detached
    cards plays nothing and says nothing."""
    page = won_page
    replay_button = end_dialog(page).get_by_role("button", name="Replay", exact=True)
    viewer = page.get_by_role("dialog", name=f"Replay of deal {WIN['start']}")
    replay_button.click()
    expect(viewer.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    old_board = page.locator("#replay-host .board").element_handle()
    page.keyboard.press("Escape")
    replay_button.click()
    expect(viewer.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    detached = old_board.evaluate("(board) => !board.isConnected")
    for place in LINE[0].places:  # the first removal, tapped on the board replaced
        old_board.evaluate(
            "(board, place) => board.querySelector(`[data-place='${place}']`).click()", place
        )
    assert detached
    expect(page.locator("#replay-note")).to_have_text("")
    expect(viewer.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    viewer.get_by_role("button", name="Close", exact=True).click()
    expect(viewer).to_be_hidden()


def test_share_replay_copies_a_short_link_and_keeps_the_embed_code_for_your_site(
    won_page: Page,
) -> None:
    page = won_page
    link = shared_link(page)
    expect(status(page)).to_have_text("Replay link copied: paste it in a chat or a message")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert link == f"{page.site_url}embed.html?deal={WIN['start']}&replay={CODE}"  # type: ignore[attr-defined]
    # The embed code is for a site's author: behind "For your site" until asked for.
    expect(page.get_by_label("Embed code")).to_be_hidden()
    end_dialog(page).get_by_text("For your site", exact=True).click()
    snippet = page.get_by_label("Embed code").input_value()
    assert snippet.startswith("<iframe ") and f'src="{link.replace("&", "&amp;")}"' in snippet
    end_dialog(page).get_by_role("button", name="Copy embed code").click()
    expect(status(page)).to_have_text("Embed code copied")
    assert unescape(page.evaluate("navigator.clipboard.readText()")) == unescape(snippet)


def test_the_replay_link_of_a_won_game_steps_through_all_48_moves_in_a_fresh_browser(
    won_page: Page, new_context: Callable[..., BrowserContext]
) -> None:
    link = shared_link(won_page)
    page = new_context().new_page()
    open_app(page, link, base_url=link)
    expect(page.get_by_role("heading", name="Half Moon replay")).to_be_visible()
    expect(page.get_by_role("link", name="Play this deal")).to_have_attribute(
        "href", f"index.html?deal={WIN['start']}"
    )
    expect(page.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    expect(viewer_cards(page)).to_have_count(20)
    page.get_by_role("slider", name="Step").focus()
    page.keyboard.press("End")
    expect(page.get_by_text("Step 48 of 48", exact=True)).to_be_visible()
    expect(viewer_cards(page)).to_have_count(0)  # the table is empty: won
    expect(status(page)).to_have_text("You won!")
    button(page, "Previous step").click()
    expect(page.get_by_text("Step 47 of 48", exact=True)).to_be_visible()
    before_last = replay(WIN["start"], LINE[:47])
    for place in LINE[47].places:
        expect(card(page, before_last, place)).to_be_visible()
    button(page, "Start").click()
    expect(page.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    expect(viewer_cards(page)).to_have_count(20)


def test_replay_from_the_recent_games(won_page: Page) -> None:
    page = won_page
    end_dialog(page).get_by_role("button", name="New game").click()
    expect(end_dialog(page)).to_be_hidden()
    button(page, "Statistics").click()
    row_button = page.get_by_role("button", name=f"Replay deal {WIN['start']}")
    expect(row_button).to_have_count(1)
    row_button.click()
    viewer = page.get_by_role("dialog", name=f"Replay of deal {WIN['start']}")
    expect(viewer.get_by_text("Step 0 of 48", exact=True)).to_be_visible()
    viewer.get_by_role("slider", name="Step").focus()
    page.keyboard.press("End")
    expect(viewer.get_by_text("Step 48 of 48", exact=True)).to_be_visible()
    expect(viewer_cards(viewer)).to_have_count(0)
    expect(viewer.get_by_text("You won!", exact=True)).to_be_visible()
    page.keyboard.press("Escape")
    expect(viewer).to_be_hidden()
    expect(row_button).to_be_focused()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (f"replay={CODE}!", "'!' (character 49) is not in a replay code"),
        (f"replay={CODE}A", "the game is over after 48 moves, but the replay code goes on"),
        ("replay=_", "move 1 of the replay code is not one of the 19 moves there are"),
        ("steps=4-7&replay=I", "give steps or replay, not both"),
    ],
    ids=["character", "too-long", "no-such-move", "both"],
)
def test_a_bad_replay_code_is_explained_in_the_frame(
    warm_page: Page, query: str, message: str
) -> None:
    error = open_app(
        warm_page, f"embed.html?deal={WIN['start']}&{query}&lang=en", expect_error=True
    )
    assert error is not None and "parameter replay" in error and message in error
    expect(warm_page.get_by_role("alert").filter(has_text=message)).to_be_visible()


def test_a_refused_clipboard_leaves_the_link_selected_to_copy(warm_page: Page) -> None:
    warm_page.add_init_script(
        "navigator.clipboard.writeText = () => Promise.reject(new Error('refused'));"
    )
    open_app(warm_page, f"index.html?lang=en&deal={STALEMATE_AFTER_ONE}")
    game = Game.from_code(STALEMATE_AFTER_ONE)
    play(warm_page, game, "R5-R6")
    dialog = warm_page.get_by_role("dialog", name="No more moves")
    dialog.get_by_role("button", name="Share replay", exact=True).click()
    expect(status(warm_page)).to_have_text("Could not copy: select the text and copy it")
    link = warm_page.get_by_label("Replay link")
    expect(link).to_be_focused()
    expect(link).to_have_value(re.compile(rf"/embed\.html\?deal={STALEMATE_AFTER_ONE}&replay=A$"))
    selection = warm_page.evaluate(
        "(e => [e.selectionStart, e.selectionEnd])(document.activeElement)"
    )
    assert selection == [0, len(link.input_value())]  # all of it, ready to copy


@pytest.mark.browser_context_args(
    reduced_motion="reduce", permissions=["clipboard-read", "clipboard-write"]
)
def test_axe_finds_nothing_in_share_replay_and_the_replay_dialog(page: Page) -> None:
    audit = Audit(page)
    open_app(page, f"index.html?lang=vi&deal={STALEMATE_AFTER_ONE}")
    game = Game.from_code(STALEMATE_AFTER_ONE)
    for place in ("R5", "R6"):
        card(page, game, place, lang="vi").click()
    dialog = page.get_by_role("dialog", name="Hết nước đi")
    dialog.get_by_role("button", name="Chia sẻ bản xem lại", exact=True).click()
    expect(page.get_by_label("Liên kết xem lại")).to_be_visible()
    audit.check("end dialog, Share replay shown, Vietnamese")
    dialog.get_by_role("button", name="Xem lại", exact=True).click()
    viewer = page.get_by_role("dialog", name=f"Xem lại ván chơi thế bài {STALEMATE_AFTER_ONE}")
    expect(viewer.get_by_text("Bước 0 / 1", exact=True)).to_be_visible()
    audit.check("replay dialog, step 0, Vietnamese")
    viewer.get_by_role("button", name="Bước tiếp").click()
    expect(viewer.get_by_text("Hết nước đi", exact=True)).to_be_visible()
    audit.check("replay dialog, last step (no more moves), Vietnamese")
    audit.assert_clean()


def test_recent_games_replay_only_the_moves_the_engine_accepts(warm_page: Page) -> None:
    open_app(warm_page, f"index.html?lang=en&deal={WIN['start']}")
    record = {"won": False, "score": 10, "moves": 1, "time_ms": 1000}
    recent = [
        {**record, "code": "HM1-N-AAAAAAC"},  # stored before the moves were kept
        {**record, "code": "HM1-N-AAAAAAD", "line": "4-8"},  # readable, but not legal there
        {**record, "code": WIN["start"], "line": "4-7"},
    ]
    stats = {"played": 3, "won": 0, "streak": 0, "best_streak": 0, "recent": recent}
    warm_page.evaluate("s => localStorage.setItem('halfmoon.stats', JSON.stringify(s))", stats)
    button(warm_page, "Statistics").click()
    expect(warm_page.locator("#stats-recent tbody tr")).to_have_count(3)
    expect(warm_page.get_by_role("button", name=re.compile("^Replay deal"))).to_have_count(2)
    warm_page.get_by_role("button", name="Replay deal HM1-N-AAAAAAD").click()
    expect(status(warm_page)).to_have_text(
        re.compile(r"^The game of deal HM1-N-AAAAAAD cannot be replayed: move 1 \(4-8\) is illegal")
    )
    expect(warm_page.get_by_role("dialog")).to_have_count(0)
    warm_page.get_by_role("button", name=f"Replay deal {WIN['start']}").click()
    viewer = warm_page.get_by_role("dialog", name=f"Replay of deal {WIN['start']}")
    expect(viewer.get_by_text("Step 0 of 1", exact=True)).to_be_visible()
