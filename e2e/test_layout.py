"""The game page on every screen (docs/layout.md): all twenty playable cards on the first screen
from 320×480 to 2560×1440 and at 200 % zoom, the pile depth in sight, the selection and the suit
colours in forced-colours mode, and the contrast of every text.

The viewport matrix resizes one shared page (the layout is CSS only, as when a phone turns);
the 200 % zoom gets its own context (a 1280×720 window zoomed twice is a 640×360 CSS viewport
with two device pixels per CSS pixel). Run with ``-s`` to see the figures of each viewport.
Screenshots go to ``e2e/artifacts/layout-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from game_support import (
    DEAL,
    assert_arc_reads_3_7_2,
    button,
    card,
    play,
    set_setting,
    winning_game,
)
from harness import open_app, wait_for_app
from playwright.sync_api import BrowserContext, Page, expect
from test_early_board import assert_same_geometry, geometry, goto_held

from halfmoon_core import PILES, Game

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
VIEWPORTS = [
    (320, 480),
    (360, 740),
    (390, 844),
    (480, 320),
    (640, 360),
    (740, 360),
    (844, 390),
    (768, 1024),
    (1024, 768),
    (1280, 800),
    (1920, 1080),
    (2560, 1440),
]
SCREENSHOTS = {(360, 740), (740, 360), (1280, 800), (1920, 1080)}
LABELS = [(360, 740), (740, 360), (320, 480), (640, 360), (1280, 800)]
RED, BLACK = "9", "1"
"""Pile 9 starts with the queen of diamonds, pile 1 with the eight of spades (DEAL)."""

# What the page shows of the board and the scrolling, in one call.
SCREEN = """() => {
  const board = document.getElementById("board").getBoundingClientRect();
  const card = document.querySelector("#board button[data-place]").getBoundingClientRect();
  const root = document.scrollingElement;
  return {
    width: innerWidth, height: innerHeight, scrollX, scrollY,
    scrollWidth: root.scrollWidth, scrollHeight: root.scrollHeight,
    boardTop: board.top, boardBottom: board.bottom, cardWidth: card.width,
    buttons: document.querySelectorAll("#board button[data-place]").length,
  };
}"""

# The contrast of every visible text under the elements of `selector`: for each element with
# text of its own, its colour and the colour under it, composed the way the page paints them
# (semi-transparent backgrounds, opacity and saturate/brightness filters of the element and its
# ancestors). A gradient under the text (the felt of the page and of the board) is tried at each
# of its colour stops and the worst figure kept. Disabled controls are left out (WCAG 1.4.3
# exempts inactive components), as are visually hidden texts (1×1 px).
CONTRAST = r"""(selector) => {
  const parse = (text) => {
    const m = text.match(/rgba?\(([^)]*)\)/);
    if (!m) return [0, 0, 0, 0];
    const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const mix = (color, under, amount) => over([...color.slice(0, 3), amount], under);
  const filtered = (color, filter) => {
    let [r, g, b] = color;
    for (const [, name, value] of filter.matchAll(/(\w[\w-]*)\(([\d.]+)\)/g)) {
      const v = Number(value);
      if (name === "brightness") { r *= v; g *= v; b *= v; }
      if (name === "saturate" || name === "grayscale") {
        const s = name === "saturate" ? v : 1 - v;
        [r, g, b] = [
          (0.213 + 0.787 * s) * r + (0.715 - 0.715 * s) * g + (0.072 - 0.072 * s) * b,
          (0.213 - 0.213 * s) * r + (0.715 + 0.285 * s) * g + (0.072 - 0.072 * s) * b,
          (0.213 - 0.213 * s) * r + (0.715 - 0.715 * s) * g + (0.072 + 0.928 * s) * b,
        ];
      }
    }
    return [r, g, b].map((c) => Math.min(255, Math.max(0, c))).concat([1]);
  };
  const luminance = (color) => {
    const [r, g, b] = color.slice(0, 3).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // The text colour and the colour under it, with one colour stop chosen per gradient.
  const paint = (el, chain, pick) => {
    let under = [255, 255, 255, 1];
    const groups = [];
    for (const node of chain) {
      const style = getComputedStyle(node);
      if (Number(style.opacity) < 1 || style.filter !== "none") {
        groups.push({ opacity: Number(style.opacity), filter: style.filter, under });
      }
      const stops = style.backgroundImage.match(/rgba?\([^)]*\)/g);
      if (stops) under = over(parse(stops[pick.get(node)]), under);
      under = over(parse(style.backgroundColor), under);
    }
    let text = over(parse(getComputedStyle(el).color), under);
    let back = under;
    for (const group of groups.reverse()) {
      text = mix(filtered(text, group.filter), group.under, group.opacity);
      back = mix(filtered(back, group.filter), group.under, group.opacity);
    }
    return ratio(text, back);
  };
  const results = [];
  for (const el of document.querySelectorAll(selector)) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!own || box.width <= 1 || box.height <= 1 || style.visibility !== "visible") continue;
    if (!el.checkVisibility({ opacityProperty: false })) continue;
    if (el.closest(":disabled, [aria-disabled='true']")) continue;
    const chain = [];
    for (let node = el; node; node = node.parentElement) chain.unshift(node);
    const gradients = chain.filter((n) => /gradient/.test(getComputedStyle(n).backgroundImage));
    let worst = Infinity;
    const choose = (i, pick) => {
      if (i === gradients.length) { worst = Math.min(worst, paint(el, chain, pick)); return; }
      const count = getComputedStyle(gradients[i]).backgroundImage.match(/rgba?\([^)]*\)/g).length;
      for (let k = 0; k < count; k++) choose(i + 1, new Map(pick).set(gradients[i], k));
    };
    choose(0, new Map());
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    results.push({
      text: el.textContent.trim().slice(0, 40),
      where: el.className || el.id || el.tagName.toLowerCase(),
      ratio: Math.round(worst * 100) / 100,
      size,
      large: size >= 24 || (bold && size >= 18.66),
    });
  }
  return results;
}"""


def first_screen(page: Page, game: Game) -> dict[str, Any]:
    """Where the board and the playable cards are: the figures of :data:`SCREEN`, with the
    places whose card is not wholly inside the viewport under ``outside``."""
    screen = page.evaluate(SCREEN)
    outside = []
    for place in game.playable():
        box = card(page, game, place).bounding_box()
        assert box is not None, place
        inside = (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= screen["width"]
            and box["y"] + box["height"] <= screen["height"]
        )
        if not inside:
            outside.append(place)
    screen["outside"] = outside
    visible = min(screen["boardBottom"], screen["height"]) - max(screen["boardTop"], 0)
    screen["board_share"] = round(100 * visible / screen["height"])
    return screen


def assert_first_screen(page: Page, game: Game, label: str) -> None:
    """Every playable card inside the viewport, nothing scrolled, nothing to scroll to."""
    screen = first_screen(page, game)
    print(
        f"\n{label}: {20 - len(screen['outside'])}/20 cards inside the first screen, board "
        f"{screen['board_share']} % of the height, cards {screen['cardWidth']:.0f} px wide"
    )
    assert screen["buttons"] == 20
    assert screen["outside"] == [], f"cards outside the first screen: {screen['outside']}"
    assert (screen["scrollX"], screen["scrollY"]) == (0, 0)
    assert screen["scrollWidth"] <= screen["width"], "the page scrolls sideways"
    assert screen["scrollHeight"] <= screen["height"], "the page scrolls down"


@pytest.mark.parametrize("size", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_every_playable_card_is_on_the_first_screen(deal_page: Page, size: tuple[int, int]) -> None:
    """At the deal, and again after the settings panel was opened and closed, the twenty
    playable cards lie wholly inside the viewport, and the page neither scrolls nor can."""
    width, height = size
    deal_page.set_viewport_size({"width": width, "height": height})
    game = Game.from_code(DEAL)
    assert_first_screen(deal_page, game, f"{width}x{height}")
    if size in SCREENSHOTS:
        deal_page.screenshot(path=str(ARTIFACTS / f"layout-{width}x{height}.png"))
    button(deal_page, "Settings").click()
    expect(deal_page.locator("#settings-panel")).to_be_visible()
    button(deal_page, "Close").click()
    expect(deal_page.locator("#settings-panel")).to_be_hidden()
    assert_first_screen(deal_page, game, f"{width}x{height} after the settings panel")


@pytest.mark.browser_context_args(viewport={"width": 640, "height": 360}, device_scale_factor=2)
def test_the_board_fits_a_1280x720_window_zoomed_to_200_percent(
    new_context: Callable[..., BrowserContext],
) -> None:
    """A 1280×720 window at 200 % zoom is a 640×360 CSS viewport at two device pixels per CSS
    pixel (the marker's context): the twenty cards fit it, and a pair is played there."""
    page = new_context().new_page()
    open_app(page, f"index.html?lang=en&deal={DEAL}")
    game = Game.from_code(DEAL)
    assert page.evaluate("devicePixelRatio") == 2
    assert_first_screen(page, game, "1280x720 at 200 %")
    play(page, game, "4-7")
    assert_first_screen(page, game, "1280x720 at 200 % after a pair")


#: The left and right edges of every pile, every reserve slot and every control of the page's
#: header (the tools, the copy and share buttons), and how wide the page can scroll.
EDGES = """() => {
  const edges = (selector) => [...document.querySelectorAll(selector)]
    .filter((el) => el.checkVisibility())
    .map((el) => {
      const box = el.getBoundingClientRect();
      return [el.dataset.name || el.getAttribute("aria-label") || el.textContent.trim(),
              box.left, box.right];
    });
  return {
    places: edges("#board .hm-place"),
    controls: edges(".topbar button"),
    scrollWidth: document.scrollingElement.scrollWidth,
  };
}"""


@pytest.mark.parametrize("size", [(320, 256), (320, 568)], ids=["320x256", "320x568"])
def test_the_board_and_the_controls_fit_320_px_at_any_height(
    deal_page: Page, size: tuple[int, int]
) -> None:
    """320 CSS px wide, short or tall (320×256: a 1280×1024 window at 400 % zoom, WCAG 1.4.10):
    the twelve piles, the reserve and every control lie within the width; the page may scroll
    down, never sideways, and every playable card can be scrolled to and tapped."""
    width, height = size
    deal_page.set_viewport_size({"width": width, "height": height})
    found = deal_page.evaluate(EDGES)
    deal_page.screenshot(path=str(ARTIFACTS / f"layout-{width}x{height}.png"), full_page=True)
    assert len(found["places"]) == 20 and len(found["controls"]) >= 9, found
    outside = [
        name for name, left, right in found["places"] + found["controls"]
        if left < 0 or right > width
    ]  # fmt: skip
    assert outside == [], f"outside the {width} px: {outside}"
    assert found["scrollWidth"] <= width, "the page scrolls sideways"
    game = Game.from_code(DEAL)
    for place in game.playable():
        box = card(deal_page, game, place).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, place
    play(deal_page, game, "4-7")  # the cards are tapped where they are (scrolled into view)


BEFORE_PYTHON = [((320, 568), "vi"), ((360, 740), "vi"), ((740, 360), "vi"), ((768, 1024), "vi")]
BEFORE_PYTHON += [((740, 360), "en"), ((320, 256), "vi")]


@pytest.mark.parametrize(
    "lang",
    [
        pytest.param(
            lang,
            marks=pytest.mark.browser_context_args(
                viewport={"width": w, "height": h}, service_workers="block"
            ),
            id=f"{w}x{h}-{lang}",
        )
        for (w, h), lang in BEFORE_PYTHON
    ],
)
def test_the_board_before_python_has_the_live_boards_place(
    new_context: Callable[..., BrowserContext], lang: str
) -> None:
    """The board the served page holds (the first deal) and the live board in the
    player's language have the same box and places, at each size of the marker's context: the
    header's height and the side columns do not follow the labels' length (docs/layout.md)."""
    page = new_context().new_page()
    held = goto_held(page, f"index.html?lang={lang}")
    expect(page.locator("#board > .hm-board.hm-early")).to_be_visible()  # the first deal
    before = geometry(page)
    held.release()
    wait_for_app(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#board > .hm-board:not(.hm-early)")).to_be_visible()
    assert_same_geometry(before, geometry(page))


def test_the_board_grows_with_the_room_it_has(deal_page: Page) -> None:
    """Cards are as large as the room allows: wider on a big screen, and a landscape phone's
    board takes most of the height."""
    widths = {}
    for width, height in [(740, 360), (1280, 800), (1920, 1080)]:
        deal_page.set_viewport_size({"width": width, "height": height})
        screen = first_screen(deal_page, Game.from_code(DEAL))
        widths[width] = screen["cardWidth"]
        if width == 740:
            assert screen["board_share"] >= 85, screen
    assert widths[740] < widths[1280] < widths[1920]
    assert widths[1920] >= 120


# -- the arc ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_the_arc_reads_three_up_seven_across_two_down(
    deal_page: Page, size: tuple[int, int]
) -> None:
    """At every size, and with the diagram labels at two, the piles read as the rules say:
    3 up the left, 7 across the top, 2 down the right (docs/rules.md, "The layout")."""
    deal_page.set_viewport_size({"width": size[0], "height": size[1]})
    assert_arc_reads_3_7_2(deal_page)
    if size in LABELS[:2]:
        set_setting(deal_page, "Diagram labels", True)
        button(deal_page, "Close").click()
        assert_arc_reads_3_7_2(deal_page)


# -- pile depth ----------------------------------------------------------------------------------
BADGE = """(place) => getComputedStyle(
    document.querySelector(`.hm-place[data-name="${place}"]`), "::after").content"""
"""The count a place shows (its ``::after`` content; ``none`` when it shows none)."""


def shown_counts(page: Page) -> dict[str, str]:
    """The count each pile shows, by pile."""
    return {place: page.evaluate(BADGE, place) for place in PILES}


def test_the_depth_of_every_pile_shows(deal_page: Page) -> None:
    """Each pile shows its card count by default (diagram labels off), the reserve none; the
    diagram labels take over the count when they are on."""
    game = Game.from_code(DEAL)
    assert shown_counts(deal_page) == {place: '"8"' for place in PILES}
    assert {deal_page.evaluate(BADGE, place) for place in ("R1", "R8")} <= {"none", "normal"}
    play(deal_page, game, "4-7")
    assert deal_page.evaluate(BADGE, "4") == deal_page.evaluate(BADGE, "7") == '"7"'
    deal_page.mouse.move(0, 0)
    deal_page.screenshot(path=str(ARTIFACTS / "layout-depth.png"))
    set_setting(deal_page, "Diagram labels", True)
    assert set(shown_counts(deal_page).values()) <= {"none", "normal"}


def test_a_pile_down_to_its_last_card_shows_no_count(deal_page: Page) -> None:
    """Along the pinned winning line, once a pile holds one card its count goes (nothing lies
    under it), while the taller piles keep theirs."""
    line = winning_game()
    game = Game.from_code(line["start"])
    for move in line["moves"].split(","):
        play(deal_page, game, move)
        if any(game.count_at(place) == 1 for place in PILES):
            break
    counts = shown_counts(deal_page)
    for place in PILES:
        expected = (
            {"none", "normal"} if game.count_at(place) <= 1 else {f'"{game.count_at(place)}"'}
        )
        assert counts[place] in expected, (place, game.count_at(place), counts[place])


# -- forced colours ------------------------------------------------------------------------------
def test_forced_colours_keep_the_selection_and_the_suit_colours(deal_page: Page) -> None:
    """In forced-colours mode a selected card has a solid outline of at least 2 px (not only a
    lift and a shadow), and a red card differs from a black one by its border and its hollow
    pips (outlined), while both are drawn in the same system colour."""
    deal_page.emulate_media(forced_colors="active")
    assert deal_page.evaluate("matchMedia('(forced-colors: active)').matches")
    game = Game.from_code(DEAL)
    style = """(el) => {
        const s = getComputedStyle(el);
        const pip = getComputedStyle(el.querySelector(".hm-pip"));
        const layer = getComputedStyle(el.querySelector(".hm-pip"), "::before");
        return {
            outlineStyle: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth),
            colour: s.color,
            border: `${s.borderTopStyle} ${s.borderTopWidth}`,
            pip: `${pip.filter} ${layer.backgroundColor}`,
        };
    }"""
    red, black = card(deal_page, game, RED), card(deal_page, game, BLACK)
    assert red.evaluate(style)["outlineStyle"] == "none"
    red.click()
    expect(red).to_have_attribute("aria-pressed", "true")
    deal_page.mouse.move(0, 0)
    deal_page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
    selected = red.evaluate(style)
    assert selected["outlineStyle"] not in ("none", "hidden"), selected
    assert selected["outlineWidth"] >= 2, selected
    shown, plain = red.evaluate(style), black.evaluate(style)
    assert shown["colour"] == plain["colour"]  # the system's colour: no red left
    assert shown["border"] != plain["border"], (shown, plain)
    assert shown["pip"] != plain["pip"], (shown, plain)
    ARTIFACTS.mkdir(exist_ok=True)
    deal_page.screenshot(path=str(ARTIFACTS / "layout-forced-colours.png"))
    red.click()
    expect(red).to_have_attribute("aria-pressed", "false")


# -- contrast ------------------------------------------------------------------------------------
def contrast(page: Page, selector: str) -> list[dict[str, Any]]:
    """The contrast figures of the texts under ``selector`` (see :data:`CONTRAST`)."""
    found = page.evaluate(CONTRAST, selector)
    assert found, f"no text measured under {selector}"
    return found


def assert_contrast(page: Page, selector: str, label: str, minimum: float = 4.5) -> None:
    """Every text under ``selector`` reaches ``minimum`` (3:1 for large text), worst printed."""
    found = contrast(page, selector)
    worst = min(found, key=lambda f: f["ratio"])
    print(f"\n{label}: lowest {worst['ratio']}:1 ({worst['text']!r}, {worst['size']} px)")
    low = [f for f in found if f["ratio"] < (3.0 if f["large"] else minimum)]
    assert low == [], f"{label}: texts below the contrast threshold: {low}"


@pytest.mark.parametrize(
    "size", [(1280, 800), (360, 740), (740, 360)], ids=["desk", "tall", "wide"]
)
def test_every_text_of_the_table_is_readable(deal_page: Page, size: tuple[int, int]) -> None:
    """Brand, info bar, toolbar, status line and card faces: at least 4.5:1 (3:1 when large)."""
    deal_page.set_viewport_size({"width": size[0], "height": size[1]})
    game = Game.from_code(DEAL)
    play(deal_page, game, "4-7")  # a status message, and Undo enabled
    expect(deal_page.locator("#message")).not_to_be_empty()
    assert_contrast(deal_page, ".topbar *", "header")
    assert_contrast(deal_page, "#message, #message *", "status line")
    # The removed pair's cards fade out (hm-leaving, aria-hidden): no text to read.
    assert_contrast(deal_page, "#board .hm-card:not(.hm-leaving) *", "card faces")


def test_panel_texts_are_readable(deal_page: Page) -> None:
    """The settings and statistics panels: every text at least 4.5:1."""
    button(deal_page, "Settings").click()
    expect(deal_page.locator("#settings-panel")).to_be_visible()  # the click played (a worker)
    assert_contrast(deal_page, "#settings-panel *", "settings panel")
    button(deal_page, "Statistics").click()
    expect(deal_page.locator("#stats-panel")).to_be_visible()
    assert_contrast(deal_page, "#stats-panel *", "statistics panel")


#: In a page: the visible controls under ``selector`` (a checkbox by the label around it, which
#: a tap on takes too) whose box is less than 44 CSS px high or wide.
SMALL_TARGETS = """(selector) => [...document.querySelectorAll(
    `${selector} :is(button, select, input, textarea, a[href])`)]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => (el.type === "checkbox" && el.closest("label")) || el)
  .map((el) => [el.id || el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
  .filter(([, box]) => box.height < 43.5 || box.width < 43.5)
  .map(([name, box]) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`)"""


def test_every_control_of_the_panels_and_dialogs_is_a_44_px_target_on_a_phone(
    deal_page: Page,
) -> None:
    """On a phone (390×844), every control of the Settings and Statistics panels and of the
    New game dialog is at least 44 CSS px high and wide (WCAG 2.5.5): a checkbox by its row."""
    deal_page.set_viewport_size({"width": 390, "height": 844})
    button(deal_page, "Settings").click()
    expect(deal_page.locator("#settings-panel")).to_be_visible()
    assert deal_page.evaluate(SMALL_TARGETS, "#settings-panel") == []
    button(deal_page, "Statistics").click()
    expect(deal_page.locator("#stats-panel")).to_be_visible()
    assert deal_page.evaluate(SMALL_TARGETS, "#stats-panel") == []
    button(deal_page, "Close").click()
    play(deal_page, Game.from_code(DEAL), "4-7")
    button(deal_page, "New game").click()
    dialog = deal_page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.evaluate("(el) => Promise.all(el.getAnimations().map((one) => one.finished))")
    assert deal_page.evaluate(SMALL_TARGETS, "dialog[open]") == []
    deal_page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


#: The controls under ``selector`` whose 44 CSS px disc, centred on the control (a fingertip), is
#: not all theirs: a tap at its centre or at one of eight points of its rim reaches another
#: element (or none, off the screen). What a finger hits, so a small drawing with a larger hit
#: area passes, and a rounded 44 px button too.
HIT_TARGETS = """(selector) => [...document.querySelectorAll(
    `${selector} :is(button, select, input, textarea, a[href])`)]
  .filter((el) => el.checkVisibility())
  .map((el) => (el.type === "checkbox" && el.closest("label")) || el)
  .filter((el) => {
    const box = el.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const rim = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => [Math.cos(k * Math.PI / 4) * 21.5,
                                                    Math.sin(k * Math.PI / 4) * 21.5]);
    return [[0, 0], ...rim].some(([dx, dy]) => {
      const hit = document.elementFromPoint(x + dx, y + dy);
      return !hit || !(hit === el || el.contains(hit));
    });
  })
  .map((el) => el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30))"""


@pytest.mark.parametrize("size", [(390, 844), (320, 568)], ids=["390x844", "320x568"])
def test_every_control_of_the_header_and_the_hint_is_a_44_px_target_on_a_phone(
    deal_page: Page, size: tuple[int, int]
) -> None:
    """On a phone held upright, a tap anywhere in a 44 CSS px disc centred on a control of
    the header (the tools, Copy and Share) or on the first visit's Skip and Next reaches that
    control (WCAG 2.5.5; docs/accessibility.md, "Target sizes")."""
    deal_page.set_viewport_size({"width": size[0], "height": size[1]})
    play(deal_page, Game.from_code(DEAL), "4-7")  # Undo enabled
    assert deal_page.evaluate(HIT_TARGETS, ".topbar") == []
    expect(deal_page.locator("#first-hint")).to_be_visible()
    assert deal_page.evaluate(HIT_TARGETS, "#first-hint") == []


def test_dimmed_cards_keep_a_readable_rank(deal_page: Page) -> None:
    """With placement assist on and a card selected, the cards that cannot join it are
    dimmed, and their rank keeps at least 3:1 against their face."""
    set_setting(deal_page, "Placement assist", True)
    button(deal_page, "Close").click()
    game = Game.from_code(DEAL)
    card(deal_page, game, "4").click()
    expect(deal_page.locator(".hm-card.hm-dim").first).to_be_visible()
    deal_page.mouse.move(0, 0)
    deal_page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
    deal_page.screenshot(path=str(ARTIFACTS / "layout-placement-assist.png"))
    assert_contrast(deal_page, ".hm-dim .hm-rank", "dimmed rank", minimum=3.0)
    assert_contrast(deal_page, ".hm-card:not(.hm-dim) .hm-rank", "rank")
    card(deal_page, game, "4").click()
    expect(deal_page.locator(".hm-card.hm-dim")).to_have_count(0)


def test_diagram_labels_are_readable(deal_page: Page) -> None:
    """The diagram labels under the places: at least 4.5:1 on the felt."""
    set_setting(deal_page, "Diagram labels", True)
    button(deal_page, "Close").click()
    expect(deal_page.locator(".hm-label").first).to_be_visible()
    assert_contrast(deal_page, ".hm-label, .hm-label *", "diagram labels")


@pytest.mark.parametrize("size", LABELS, ids=[f"{w}x{h}" for w, h in LABELS])
def test_small_texts_stay_at_least_12_px(deal_page: Page, size: tuple[int, int]) -> None:
    """The info labels and the toolbar's labels are never smaller than 12 px, on phones either
    way up and on a laptop."""
    deal_page.set_viewport_size({"width": size[0], "height": size[1]})
    sizes = deal_page.evaluate(
        """() => [...document.querySelectorAll(".info dt, .tool span")]
            .filter((el) => el.getBoundingClientRect().width > 1)
            .map((el) => [el.textContent.trim(), parseFloat(getComputedStyle(el).fontSize)])"""
    )
    print(f"\n{size}: smallest label {min(s for _, s in sizes)} px")
    assert sizes
    assert [(text, px) for text, px in sizes if px < 12] == []


def test_contrast_figures_are_computed_as_the_page_paints(deal_page: Page) -> None:
    """The contrast helper itself: black on white is 21:1, and the same text at half opacity
    on the same white comes out lower."""
    deal_page.evaluate(
        """() => {
            const host = document.createElement("div");
            host.id = "contrast-probe";
            for (const opacity of ["1", "0.5"]) {
                const line = document.createElement("p");
                line.textContent = "probe";
                Object.assign(line.style, { color: "#000", background: "#fff", opacity });
                host.append(line);
            }
            document.body.append(host);
        }"""
    )
    solid, faint = (f["ratio"] for f in contrast(deal_page, "#contrast-probe p"))
    deal_page.evaluate("() => document.getElementById('contrast-probe').remove()")
    assert solid == 21
    assert 1 < faint < 21
