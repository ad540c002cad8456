"""Playing on the game page: every branch of the tap machine (docs/rules.md), messages, placement
assist, undo, restart, opening deals, new game, keyboard.

These tests share one page (Pyodide starts once); each begins by opening deal HM1-N-AAAAAAB
through the Open deal dialog with the settings back at their defaults, and fails if the page
logged an error, broke the CSP or asked another origin for anything.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from game_support import (
    DEAL,
    STALEMATE_AFTER_ONE,
    button,
    card,
    open_deal,
    play,
    set_setting,
    spoken,
    status,
)
from harness import open_app, settle
from playwright.sync_api import Page, expect

from halfmoon_core import Game, Move

SETTINGS = ("Move errors", "Placement assist", "Diagram labels")


def pressed(page: Page, game: Game, place: str) -> None:
    expect(card(page, game, place)).to_have_attribute("aria-pressed", "true")


def unpressed(page: Page, game: Game, place: str) -> None:
    expect(card(page, game, place)).to_have_attribute("aria-pressed", "false")


# -- the interface contract (docs/interface.md) -----------------------------------------
TOOLBAR = ("New game", "Undo", "Redo", "Restart deal", "Open deal", "Daily deal", "Settings")
TOOLBAR += ("Rules", "Statistics")


def test_contract_names_resolve_to_one_element_each(deal_page: Page) -> None:
    """As a test written from the spec alone would look them up: names not exact, so that
    a second control whose name contains one of them would break it."""
    for name in TOOLBAR:
        expect(deal_page.get_by_role("button", name=name)).to_have_count(1)
    expect(deal_page.get_by_role("status")).to_have_count(1)
    expect(deal_page.locator("#time")).to_have_text("0:00")
    expect(deal_page.locator("#score")).to_have_text("0")
    expect(deal_page.locator("#moves")).to_have_text("0")
    assert deal_page.locator("#deal-code").text_content() == DEAL
    button(deal_page, "Settings").click()
    for name in SETTINGS:
        expect(deal_page.get_by_role("checkbox", name=name)).to_have_count(1)
    expect(deal_page.get_by_role("combobox", name="Language")).to_have_value("en")
    button(deal_page, "Open deal").click()
    for name in ("Open deal", "Cancel"):  # the toolbar is out of reach behind the dialog
        expect(deal_page.get_by_role("dialog").get_by_role("button", name=name)).to_have_count(1)
        expect(deal_page.get_by_role("button", name=name)).to_have_count(1)
    deal_page.keyboard.press("Escape")


# -- the tap machine -------------------------------------------------------------------
def test_tap_selects_and_second_tap_deselects(deal_page: Page, game: Game) -> None:
    card(deal_page, game, "4").click()
    pressed(deal_page, game, "4")
    card(deal_page, game, "4").click()
    unpressed(deal_page, game, "4")


def test_pair_summing_to_11_is_removed(deal_page: Page, game: Game) -> None:
    card(deal_page, game, "4").click()  # 9♥
    card(deal_page, game, "7").click()  # 2♦
    game.push("4-7")
    expect(deal_page.locator("#score")).to_have_text("10")
    expect(deal_page.locator("#moves")).to_have_text("1")
    expect(status(deal_page)).to_have_text("Removed 9 of hearts and 2 of diamonds")
    expect(card(deal_page, game, "4")).to_be_visible()  # the next card of pile 4, 7 cards
    expect(card(deal_page, game, "7")).to_have_attribute("aria-pressed", "false")


def test_wrong_sum_cancels_with_e1(deal_page: Page, game: Game) -> None:
    set_setting(deal_page, "Move errors", True)
    card(deal_page, game, "4").click()  # 9♥
    card(deal_page, game, "5").click()  # 6♥: 15
    expect(status(deal_page)).to_have_text("The sum must be 11")
    unpressed(deal_page, game, "4")
    unpressed(deal_page, game, "5")
    expect(deal_page.locator("#moves")).to_have_text("0")


def test_number_then_court_cancels_with_e1(deal_page: Page, game: Game) -> None:
    set_setting(deal_page, "Move errors", True)
    card(deal_page, game, "4").click()  # 9♥
    card(deal_page, game, "2").click()  # Q♣
    expect(status(deal_page)).to_have_text("The sum must be 11")
    unpressed(deal_page, game, "4")
    unpressed(deal_page, game, "2")


def test_court_then_number_cancels_with_e2(deal_page: Page, game: Game) -> None:
    set_setting(deal_page, "Move errors", True)
    card(deal_page, game, "2").click()  # Q♣
    card(deal_page, game, "4").click()  # 9♥
    expect(status(deal_page)).to_have_text("You need a J, a Q and a K")
    unpressed(deal_page, game, "2")
    unpressed(deal_page, game, "4")


def test_same_rank_court_takes_the_place_of_the_first(deal_page: Page, game: Game) -> None:
    set_setting(deal_page, "Move errors", True)
    card(deal_page, game, "R3").click()  # J♥
    card(deal_page, game, "2").click()  # Q♣
    card(deal_page, game, "9").click()  # Q♦ replaces Q♣
    expect(status(deal_page)).to_have_text("You need a J, a Q and a K")
    pressed(deal_page, game, "R3")
    pressed(deal_page, game, "9")
    unpressed(deal_page, game, "2")


def test_triple_is_removed_on_the_third_tap(deal_page: Page, game: Game) -> None:
    card(deal_page, game, "R3").click()  # J♥
    card(deal_page, game, "2").click()  # Q♣
    pressed(deal_page, game, "R3")
    pressed(deal_page, game, "2")
    expect(deal_page.locator("#moves")).to_have_text("0")
    card(deal_page, game, "3").click()  # K♠
    game.push("2-3-R3")
    expect(deal_page.locator("#score")).to_have_text("15")
    expect(status(deal_page)).to_have_text(
        "Removed jack of hearts, queen of clubs and king of spades"
    )
    expect(deal_page.get_by_role("button", name=re.compile(r"reserve R3$"))).to_have_count(0)


def test_no_error_message_when_move_errors_is_off(deal_page: Page, game: Game) -> None:
    card(deal_page, game, "4").click()
    card(deal_page, game, "5").click()
    unpressed(deal_page, game, "4")
    card(deal_page, game, "2").click()
    card(deal_page, game, "4").click()
    unpressed(deal_page, game, "2")
    expect(status(deal_page)).to_have_text("")


# -- assist, undo, restart ---------------------------------------------------------------
def test_placement_assist_dims_what_cannot_join(deal_page: Page, game: Game) -> None:
    set_setting(deal_page, "Placement assist", True)
    card(deal_page, game, "4").click()  # 9♥: only 2s may join
    for place in game.playable():
        locator = card(deal_page, game, place)
        if place in ("4", "7"):
            expect(locator).not_to_have_class(re.compile(r"\bhm-dim\b"))
        else:
            expect(locator).to_have_class(re.compile(r"\bhm-dim\b"))
    card(deal_page, game, "5").click()  # a dimmed card stays tappable
    for place in game.playable():
        expect(card(deal_page, game, place)).not_to_have_class(re.compile(r"\bhm-dim\b"))


def test_placement_assist_with_court_cards(deal_page: Page, game: Game) -> None:
    set_setting(deal_page, "Placement assist", True)
    card(deal_page, game, "2").click()  # Q♣: jacks and kings may join
    bright = {p for p, c in game.playable().items() if c.rank in (11, 13)} | {"2"}
    for place in game.playable():
        dim = expect(card(deal_page, game, place))
        if place in bright:
            dim.not_to_have_class(re.compile(r"\bhm-dim\b"))
        else:
            dim.to_have_class(re.compile(r"\bhm-dim\b"))


def test_undo_puts_the_cards_back(deal_page: Page, game: Game) -> None:
    before = game.copy()
    play(deal_page, game, "4-7")
    play(deal_page, game, "2-3-R3")
    expect(deal_page.locator("#score")).to_have_text("25")
    button(deal_page, "Undo").click()
    game.pop()
    expect(deal_page.locator("#score")).to_have_text("10")
    expect(deal_page.locator("#moves")).to_have_text("1")
    for place in ("2", "3", "R3"):
        expect(card(deal_page, game, place)).to_be_visible()
    button(deal_page, "Undo").click()
    expect(deal_page.locator("#moves")).to_have_text("0")
    expect(card(deal_page, before, "4")).to_be_visible()
    expect(button(deal_page, "Undo")).to_be_disabled()


def centre(page: Page, game: Game, place: str) -> tuple[float, float]:
    """The middle of the card at ``place``, in the viewport."""
    box = card(page, game, place).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_card_dragged_onto_its_partner_removes_the_pair(deal_page: Page, game: Game) -> None:
    """Drag to pair with a mouse (docs/interface.md, "Tapping"): pile 4 let go on pile 7
    removes the pair, as two taps would; let go on the felt, nothing is selected or removed."""
    page = deal_page
    page.mouse.move(*centre(page, game, "5"))
    page.mouse.down()
    page.mouse.move(20, 20, steps=4)  # off the board
    page.mouse.up()
    settle(page)
    expect(page.locator('#board [aria-pressed="true"]')).to_have_count(0)
    expect(page.locator("#moves")).to_have_text("0")
    page.mouse.move(*centre(page, game, "4"))
    page.mouse.down()
    page.mouse.move(*centre(page, game, "7"), steps=6)
    page.mouse.up()
    game.push(Move.of("4", "7"))
    expect(page.locator("#moves")).to_have_text("1")
    expect(page.locator("#score")).to_have_text(str(game.score))


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True)
def test_a_card_dragged_by_a_finger_onto_its_partner_removes_the_pair(
    new_context: Any, game: Game
) -> None:
    """The same with a finger (touch events through Chromium's DevTools protocol): a touch's
    pointer events stay with the card it began on, so the page finds the card under the
    finger where it is let go; the page does not scroll meanwhile."""
    page = new_context().new_page()
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    cdp = page.context.new_cdp_session(page)
    start, end = centre(page, game, "4"), centre(page, game, "7")
    path = [(start[0] + (end[0] - start[0]) * k / 6, start[1] + (end[1] - start[1]) * k / 6)
            for k in range(7)]  # fmt: skip
    for kind, (x, y) in [("touchStart", path[0])] + [("touchMove", p) for p in path[1:]]:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    game.push(Move.of("4", "7"))
    expect(page.locator("#moves")).to_have_text("1")
    assert page.evaluate("scrollY") == 0


def test_restart_returns_to_the_deal(deal_page: Page, game: Game) -> None:
    start = game.copy()
    play(deal_page, game, "4-7")
    play(deal_page, game, "5-6")
    button(deal_page, "Restart deal").click()
    dialog = deal_page.locator("#restart-dialog")
    expect(dialog).to_be_visible()  # moves were made: it asks first, and says what it costs
    expect(dialog).to_contain_text("Restart this deal?")
    expect(dialog).to_contain_text("will count as a lost game")
    button(deal_page, "Cancel").click()
    expect(dialog).to_be_hidden()
    expect(deal_page.locator("#moves")).to_have_text("2")  # nothing changed
    button(deal_page, "Restart deal").click()
    button(deal_page, "Restart").click()
    expect(dialog).to_be_hidden()
    expect(deal_page.locator("#moves")).to_have_text("0")
    expect(deal_page.locator("#score")).to_have_text("0")
    expect(deal_page.locator("#deal-code")).to_have_text(DEAL)
    for place in start.playable():
        expect(card(deal_page, start, place)).to_be_visible()


# -- deals -------------------------------------------------------------------------------
def test_open_deal_by_code(deal_page: Page) -> None:
    code = "HM1-N-BCDEFGH"
    other = Game.from_code(code)
    open_deal(deal_page, " hm1-n-bcdefgh ")
    expect(deal_page.locator("#deal-code")).to_have_text(code)
    for place in other.playable():
        expect(card(deal_page, other, place)).to_be_visible()


def test_bad_code_changes_nothing(deal_page: Page, game: Game) -> None:
    play(deal_page, game, "4-7")
    open_deal(deal_page, "HM2-N-AAAAAAB")
    expect(status(deal_page)).to_contain_text("unknown deal format")
    expect(deal_page.locator("#deal-code")).to_have_text(DEAL)
    expect(deal_page.locator("#moves")).to_have_text("1")
    expect(card(deal_page, game, "4")).to_be_visible()


def test_new_game_asks_first_when_moves_were_made(deal_page: Page, game: Game) -> None:
    play(deal_page, game, "4-7")
    button(deal_page, "New game").click()
    dialog = deal_page.get_by_role("dialog")
    expect(dialog).to_contain_text("Start a new game?")
    button(deal_page, "Cancel").click()
    expect(deal_page.locator("#deal-code")).to_have_text(DEAL)
    button(deal_page, "New game").click()
    button(deal_page, "New game").click()  # the dialog's, the toolbar being hidden behind it
    expect(deal_page.locator("#deal-code")).not_to_have_text(DEAL)
    expect(deal_page.locator("#deal-code")).to_have_text(re.compile(r"^HM1-N-[A-Z]{7}$"))
    expect(deal_page.locator("#moves")).to_have_text("0")


def test_new_game_without_moves_starts_at_once(deal_page: Page) -> None:
    button(deal_page, "New game").click()
    expect(deal_page.locator("#deal-code")).not_to_have_text(DEAL)
    expect(deal_page.get_by_role("dialog")).to_have_count(0)


def test_stalemate_after_a_move_offers_undo(deal_page: Page) -> None:
    game = Game.from_code(STALEMATE_AFTER_ONE)
    open_deal(deal_page, STALEMATE_AFTER_ONE)
    expect(deal_page.locator("#deal-code")).to_have_text(STALEMATE_AFTER_ONE)
    removed = spoken(game, ("R5", "R6"))
    play(deal_page, game, "R5-R6")
    dialog = deal_page.get_by_role("dialog")
    expect(dialog).to_contain_text("No more moves")
    # The last removal is said too, then the end (docs/keyboard.md).
    expect(status(deal_page)).to_have_text(re.compile(rf"^Removed {removed}\. No more moves\. \S"))
    button(deal_page, "Undo").click()
    expect(deal_page.get_by_role("dialog")).to_have_count(0)
    expect(deal_page.locator("#moves")).to_have_text("0")
    expect(status(deal_page)).to_have_text(f"Undid {removed}")


#: For each row of an element's visible children: how far its first child's left edge and its
#: last child's right edge are from the element's content box.
ROW_EDGES = """(box) => {
  const inner = box.getBoundingClientRect();
  const rows = new Map();
  for (const child of box.children) {
    const r = child.getBoundingClientRect();
    if (!r.width) continue;
    const row = rows.get(Math.round(r.top)) || [Infinity, -Infinity];
    rows.set(Math.round(r.top), [Math.min(row[0], r.left), Math.max(row[1], r.right)]);
  }
  return [...rows.values()].map(([left, right]) => [left - inner.left, inner.right - right]);
}"""


@pytest.mark.parametrize("how", ["Close", "a tap outside"])
def test_the_end_dialog_closes_by_its_close_button_and_by_a_tap_outside(
    deal_page: Page, how: str
) -> None:
    """Not a dead end on touch: a visible Close, and a tap on the backdrop; a tap on the
    dialog's own text does not close it. The game stays as it ended."""
    game = Game.from_code(STALEMATE_AFTER_ONE)
    open_deal(deal_page, STALEMATE_AFTER_ONE)
    play(deal_page, game, "R5-R6")
    dialog = deal_page.locator("#end-dialog")
    expect(dialog).to_contain_text("No more moves")
    summary = f"{game.cards_left()} cards left, score {game.score}."
    expect(deal_page.locator("#end-summary")).to_have_text(summary)
    # Its buttons fill every row they wrap into: no ragged edge (Vietnamese labels are long).
    rows = deal_page.locator("#end-dialog .dialog-actions").evaluate(ROW_EDGES)
    assert rows and all(abs(left) <= 1 and abs(right) <= 1 for left, right in rows), rows
    deal_page.locator("#end-body").click()  # inside: nothing
    deal_page.locator("#end-title").click(position={"x": 2, "y": 2})
    expect(dialog).to_be_visible()
    if how == "Close":
        close = button(deal_page, "Close")
        box = close.bounding_box()
        assert box is not None and box["height"] >= 44, box  # a target for a thumb
        close.click()
    else:
        deal_page.mouse.click(4, 4)  # the backdrop, at the page's corner
    expect(dialog).to_be_hidden()
    expect(deal_page.locator("#moves")).to_have_text("1")
    expect(button(deal_page, "Undo")).to_be_enabled()


# -- keyboard ------------------------------------------------------------------------------
def test_cards_work_from_the_keyboard(deal_page: Page, game: Game) -> None:
    card(deal_page, game, "4").focus()
    deal_page.keyboard.press("Enter")
    pressed(deal_page, game, "4")
    card(deal_page, game, "7").focus()
    deal_page.keyboard.press("Space")
    game.push("4-7")
    expect(deal_page.locator("#moves")).to_have_text("1")
    expect(card(deal_page, game, "7")).to_be_focused()  # focus stays where the card was


def test_arrows_walk_through_the_cards(deal_page: Page, game: Game) -> None:
    card(deal_page, game, "1").focus()
    deal_page.keyboard.press("ArrowRight")
    expect(card(deal_page, game, "2")).to_be_focused()
    card(deal_page, game, "12").focus()
    deal_page.keyboard.press("ArrowRight")
    expect(card(deal_page, game, "R1")).to_be_focused()
    deal_page.keyboard.press("Tab")  # the board is one tab stop: Tab leaves it
    expect(deal_page.locator("#board :focus")).to_have_count(0)


def test_focus_lands_on_the_new_deal_after_the_end_dialog(deal_page: Page) -> None:
    game = Game.from_code(STALEMATE_AFTER_ONE)
    open_deal(deal_page, STALEMATE_AFTER_ONE)
    for place in ("R5", "R6"):
        card(deal_page, game, place).focus()
        deal_page.keyboard.press("Enter")
    expect(deal_page.get_by_role("dialog")).to_contain_text("No more moves")
    expect(button(deal_page, "New game")).to_be_focused()
    deal_page.keyboard.press("Enter")  # the card that had the focus is gone with the old deal
    expect(deal_page.get_by_role("dialog")).to_have_count(0)
    # The board keeps its place (docs/keyboard.md): R6 was emptied, the next card, R7, took the
    # turn; now the card in reserve R7 of the new deal.
    expect(deal_page.get_by_role("button", name=re.compile(r", reserve R7$"))).to_be_focused()


def test_toolbar_works_from_the_keyboard(deal_page: Page, game: Game) -> None:
    play(deal_page, game, "4-7")
    play(deal_page, game, "5-6")
    button(deal_page, "Undo").focus()
    deal_page.keyboard.press("Enter")
    expect(deal_page.locator("#moves")).to_have_text("1")
    expect(button(deal_page, "Undo")).to_be_focused()
    deal_page.keyboard.press("Enter")
    expect(deal_page.locator("#moves")).to_have_text("0")
    game.pop()
    game.pop()
    # Undo is now disabled: the focus does not fall off the page, it goes to a returned card.
    expect(card(deal_page, game, "4")).to_be_focused()


# -- deal code -----------------------------------------------------------------------------
def test_copy_code_and_share_link(deal_page: Page) -> None:
    deal_page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    button(deal_page, "Copy code").click()
    expect(status(deal_page)).to_have_text(f"Deal code {DEAL} copied")
    assert deal_page.evaluate("navigator.clipboard.readText()") == DEAL
    button(deal_page, "Share link").click()
    expect(status(deal_page)).to_have_text(f"Link to deal {DEAL} copied")
    link = deal_page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(deal_page.site_url) and link.endswith(f"index.html?deal={DEAL}")  # type: ignore[attr-defined]


def test_diagram_labels_show_place_and_count(deal_page: Page, game: Game) -> None:
    label = deal_page.locator(".hm-label", has_text=re.compile(r"^R8\s*·?\s*1$"))
    expect(label).to_be_hidden()
    set_setting(deal_page, "Diagram labels", True)
    expect(label).to_be_visible()
    expect(deal_page.locator(".hm-label", has_text=re.compile(r"^4\s*·?\s*8$"))).to_be_visible()
    play(deal_page, game, "4-7")
    expect(deal_page.locator(".hm-label", has_text=re.compile(r"^4\s*·?\s*7$"))).to_be_visible()


def test_escape_closes_a_panel(deal_page: Page) -> None:
    button(deal_page, "Settings").click()
    expect(deal_page.get_by_label("Move errors")).to_be_visible()
    deal_page.keyboard.press("Escape")
    expect(deal_page.get_by_label("Move errors")).to_be_hidden()
    expect(button(deal_page, "Settings")).to_be_focused()


# -- motion that costs the main thread nothing (docs/performance.md, "The leaving cards") --------
def compositing_failures(page: Page, act: Any) -> dict[str, list[int]]:
    """Run ``act`` while Chromium traces the page's animations; for each animation it started,
    by its name, the reasons it could not run on the compositor (Chromium's bit mask: 0 for an
    animation that could)."""
    browser = page.context.browser
    assert browser is not None
    browser.start_tracing(page=page, categories=["devtools.timeline"])
    try:
        act()
        # The trace holds the animations once they ran: each leaving card is taken off the
        # board at its animation's end.
        expect(page.locator("#board .hm-leaving")).to_have_count(0)
    finally:
        trace = json.loads(browser.stop_tracing())
    names: dict[str, str] = {}
    failed: dict[str, list[int]] = {}
    for event in trace["traceEvents"]:
        if event.get("name") != "Animation":
            continue
        key = json.dumps(event.get("id2") or event.get("id"))
        data = event.get("args", {}).get("data", {})
        if "displayName" in data:
            names[key] = data["displayName"]
        if "compositeFailed" in data:
            failed.setdefault(key, []).append(int(data["compositeFailed"]))
    result: dict[str, list[int]] = {}
    for key, name in names.items():
        result.setdefault(name, []).extend(failed.get(key, [0]))
    return result


def test_the_removed_cards_leave_on_the_compositor(deal_page: Page) -> None:
    """The three cards of a removal, two of them selected (lifted), fly off as an animation the
    compositor runs: the main thread paints none of its frames, whatever the card's lift."""
    game = Game.from_code(DEAL)
    move = next(m for m in game.legal_moves() if len(m.places) == 3)
    for place in move.places[:-1]:
        card(deal_page, game, place).click()
        pressed(deal_page, game, place)
    deal_page.mouse.move(1, 1)  # no card under the pointer: a phone's tap has no hover
    last = card(deal_page, game, move.places[-1])

    def remove() -> None:
        last.evaluate("(el) => el.click()")
        expect(deal_page.locator("#moves")).to_have_text("1")  # its cards are leaving now

    seen = compositing_failures(deal_page, remove)
    assert seen.get("hm-leave") == [0, 0, 0], seen
