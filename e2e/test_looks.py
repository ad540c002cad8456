"""What the cards and the table look like (docs/layout.md, "Faces" and "Themes and card faces"):
court pictures, pips, the dark theme, four colours and large print, the sign of a refused pair,
the first visit's hint and the embed's theme.

Deal HM1-N-AAAAAAB has the king of spades on pile 3, the queen of clubs on pile 2 and the jack
of hearts in R3; the nine of hearts on pile 4 and the six of hearts on pile 5 make 15, a pair
the engine refuses.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from game_support import DEAL, at_rest, button, card, open_settings, play, settle, status
from harness import open_app
from playwright.sync_api import BrowserContext, Page, expect
from test_accessibility import axe_violations
from test_layout import VIEWPORTS as LAYOUT_SIZES
from test_layout import assert_contrast

from halfmoon_core import Game

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

GAME = f"index.html?lang=en&deal={DEAL}"
COURTS = {"3": "king", "2": "queen", "R3": "jack"}
HEART, DIAMOND, SPADE, CLUB = "4", "7", "8", "11"
"""9♥ on pile 4, 2♦ on pile 7, 7♠ on pile 8, 10♣ on pile 11."""

PICTURE = """(el) => {
  const style = getComputedStyle(el.querySelector(".hm-pip"), "::before");
  const box = el.querySelector(".hm-pip").getBoundingClientRect();
  return { image: style.backgroundImage, mask: style.maskImage, width: box.width,
           height: box.height };
}"""

LUMINANCE = """(el) => {
  const [r, g, b] = getComputedStyle(el).backgroundColor.match(/[\\d.]+/g).map(Number);
  const lin = (c) => (c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}"""


EARLY = """document.addEventListener("DOMContentLoaded", () => {
  const root = document.documentElement;
  window.hmEarly = [root.getAttribute("data-faces"), root.hasAttribute("data-ready")];
});"""
"""What <html> says when the document is parsed and early.js has run, long before Python."""


def ink(page: Page, place: str) -> str:
    """The colour the card at ``place`` is drawn in (its index and signs)."""
    face = page.locator(f'#board button[data-place="{place}"] .hm-rank').first
    return face.evaluate("(el) => getComputedStyle(el).color")


def test_the_king_queen_and_jack_each_carry_a_different_picture(warm_page: Page) -> None:
    """Each court card shows an SVG figure the site serves (its clothes through a silhouette
    of the same name), and the three differ."""
    open_app(warm_page, GAME)
    game = Game.from_code(DEAL)
    pictures = {}
    for place, rank in COURTS.items():
        shown = card(warm_page, game, place).evaluate(PICTURE)
        found = re.fullmatch(r'url\("(.+\.svg)"\)(, none)?', shown["image"])
        assert found, (rank, shown)
        assert rank in found.group(1), (rank, found.group(1))
        assert shown["mask"] == f'url("{found.group(1).replace(".svg", "-mask.svg")}")', shown
        assert shown["width"] > 10 and shown["height"] > 20, (rank, shown)
        answer = warm_page.request.get(found.group(1))
        assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")
        assert "<path" in answer.text()
        pictures[rank] = answer.text()
    assert len(set(pictures.values())) == 3


def test_number_cards_show_their_pips_at_every_size(warm_page: Page) -> None:
    """On a desktop and on a small phone alike, the nine of hearts draws nine suit signs (five
    above and in the middle, four turned below), as a printed card does."""
    open_app(warm_page, GAME)
    layers = """(el) => {
      const pip = el.querySelector(".hm-pip");
      const count = (part) => {
        const mask = getComputedStyle(pip, part).maskImage;
        return mask === "none" ? 0 : mask.split("url(").length - 1;
      };
      return { above: count("::before"), below: count("::after"),
               sign: parseFloat(getComputedStyle(pip).fontSize) };
    }"""
    nine = warm_page.locator(f'#board button[data-place="{HEART}"]')
    assert nine.evaluate(layers) == {"above": 5, "below": 4, "sign": 0}
    warm_page.set_viewport_size({"width": 360, "height": 740})
    assert nine.evaluate(layers) == {"above": 5, "below": 4, "sign": 0}


def test_four_colours_sets_diamonds_apart_from_hearts_and_clubs_from_spades(
    page: Page,
) -> None:
    """Classic cards are red and black; Four colours, chosen in Settings, draws diamonds and
    clubs in their own colours, and is there on the next visit before Python starts."""
    open_app(page, GAME)
    assert ink(page, DIAMOND) == ink(page, HEART)
    assert ink(page, CLUB) == ink(page, SPADE)
    open_settings(page)
    faces = page.get_by_label("Card faces")
    option = faces.locator("option", has_text=re.compile("four colours", re.I))
    faces.select_option(option.get_attribute("value"))
    expect(page.locator("html")).to_have_attribute("data-faces", "four")
    assert ink(page, DIAMOND) != ink(page, HEART)
    assert ink(page, CLUB) != ink(page, SPADE)
    assert len({ink(page, p) for p in (HEART, DIAMOND, SPADE, CLUB)}) == 4
    stored = page.evaluate("localStorage.getItem('halfmoon.settings')")
    assert json.loads(stored)["faces"] == "four"
    page.context.add_init_script(EARLY)
    open_app(page, GAME)
    early = page.evaluate("window.hmEarly")
    assert early == ["four", False]


LOOKS_EARLY = """document.addEventListener("DOMContentLoaded", () => {
  const root = document.documentElement;
  window.hmLooks = [root.getAttribute("data-back"), root.getAttribute("data-table"),
                    root.hasAttribute("data-ready")];
});"""
"""The card back and the table <html> says when the document is parsed, before Python."""
#: The page's felt at its edge, and the colour of the board's card backs.
FELT_AND_BACK = """() => [getComputedStyle(document.documentElement).backgroundColor,
    getComputedStyle(document.getElementById("board")).getPropertyValue("--back").trim()]"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_three_card_backs_and_three_tables_apply_at_once_and_before_python_next_time(
    warm_page: Page, theme: str
) -> None:
    """Settings offers three card backs and three tables: each choice changes the backs' colour
    and the felt at once, every text of the header stays readable on each felt, and the last
    choice is there on the next visit before Python starts (docs/layout.md)."""
    open_app(warm_page, GAME)
    open_settings(warm_page)
    warm_page.get_by_label("Theme").select_option(theme)
    expect(warm_page.locator("html")).to_have_attribute("data-theme", theme)
    seen = []
    for back, table in (("red", "green"), ("blue", "blue"), ("black", "wine")):
        warm_page.get_by_label("Card back").select_option(back)
        warm_page.get_by_label("Table", exact=True).select_option(table)
        expect(warm_page.locator("html")).to_have_attribute("data-back", back)
        expect(warm_page.locator("html")).to_have_attribute("data-table", table)
        seen.append(warm_page.evaluate(FELT_AND_BACK))
        assert_contrast(warm_page, ".topbar *", f"header on the {table} table ({theme})")
    assert len({felt for felt, _ in seen}) == 3 and len({back for _, back in seen}) == 3, seen
    settle(warm_page)  # the choices stored
    stored = json.loads(warm_page.evaluate("localStorage.getItem('halfmoon.settings')"))
    assert (stored["back"], stored["table"]) == ("black", "wine")
    warm_page.add_init_script(LOOKS_EARLY)
    open_app(warm_page, GAME)
    assert warm_page.evaluate("window.hmLooks") == ["black", "wine", False]


def test_large_print_makes_the_index_bigger(warm_page: Page) -> None:
    """Large print draws every card's rank bigger than Classic does."""
    open_app(warm_page, GAME)
    rank = warm_page.locator(f'#board button[data-place="{SPADE}"] .hm-rank').first
    size = "(el) => parseFloat(getComputedStyle(el).fontSize)"
    classic = rank.evaluate(size)
    open_settings(warm_page)
    warm_page.get_by_label("Card faces").select_option("large")
    expect(warm_page.locator("html")).to_have_attribute("data-faces", "large")
    assert rank.evaluate(size) > classic * 1.5


@pytest.fixture
def dark(new_context: Any) -> BrowserContext:
    """A context whose browser prefers a dark colour scheme (and reduced motion, so that
    colours are measured at rest)."""
    return new_context(color_scheme="dark", reduced_motion="reduce")


def test_the_statistics_panel_is_dark_and_readable_in_dark(dark: BrowserContext) -> None:
    """With the OS in dark mode (Theme: Auto), the Statistics and Settings panels are dark
    and every text on them keeps 4.5:1; the same page in light has light panels."""
    page = dark.new_page()
    open_app(page, GAME)
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    button(page, "Statistics").click()
    panel = page.locator("#stats-panel")
    expect(panel).to_be_visible()
    assert panel.evaluate(LUMINANCE) < 0.05
    assert_contrast(page, "#stats-panel *", "statistics panel, dark")
    button(page, "Settings").click()
    assert page.locator("#settings-panel").evaluate(LUMINANCE) < 0.05
    assert_contrast(page, "#settings-panel *", "settings panel, dark")
    page.get_by_label("Theme").select_option("light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.locator("#settings-panel").evaluate(LUMINANCE) > 0.8


def test_axe_finds_nothing_in_dark(dark: BrowserContext) -> None:
    """axe-core on the game page (hint, Settings and Statistics open) and the rules page in
    dark: no violation."""
    page = dark.new_page()
    open_app(page, GAME)
    expect(page.locator("#first-hint")).to_be_visible()
    assert axe_violations(page) == []
    button(page, "Settings").click()
    assert axe_violations(page) == []
    button(page, "Statistics").click()
    assert axe_violations(page) == []
    open_app(page, "rules.html?lang=en")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert axe_violations(page) == []


def test_the_embed_follows_the_host_or_its_address(dark: BrowserContext) -> None:
    """An embed is dark in a dark browser, light with ``theme=light``, and names a bad
    ``theme=``."""
    page = dark.new_page()
    open_app(page, f"embed.html?deal={DEAL}&lang=en")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.locator("body").evaluate(LUMINANCE) < 0.02
    open_app(page, f"embed.html?deal={DEAL}&lang=en&theme=light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    open_app(page, f"embed.html?deal={DEAL}&lang=en&theme=night", expect_error=True)
    expect(page.locator(".embed-error")).to_contain_text("theme")


WATCH = """() => {
  const seen = (window.hmSeen = []);
  const board = document.getElementById("board");
  board.addEventListener("animationstart", (event) => {
    const place = event.target.getAttribute("data-place");
    seen.push(["animation", place, event.animationName]);
    const shake = event.target.getAnimations().find((one) => one.animationName === "hm-refuse");
    if (shake) {  // how far the card moves: at rest, then at the shake's first peak (20 %)
      const was = shake.currentTime;
      shake.pause();
      shake.currentTime = 0;
      const rest = event.target.getBoundingClientRect().left;
      shake.currentTime = 0.2 * shake.effect.getTiming().duration;
      const peak = event.target.getBoundingClientRect().left;
      shake.currentTime = was;
      shake.play();
      seen.push(["shift", place, Math.abs(peak - rest)]);
    }
  });
  new MutationObserver((records) => {
    for (const { target } of records) {
      if (target.classList.contains("hm-refused")) {
        const outline = getComputedStyle(target).outlineStyle;
        seen.push(["refused", target.getAttribute("data-place"), outline]);
      }
    }
  }).observe(board, { attributes: true, attributeFilter: ["class"], subtree: true });
}"""
"""Records, as they happen, the animations that start on the board and the cards marked
refused (with their outline at that moment): the cue lasts a moment only."""


def refuse_a_pair(page: Page) -> list[list[str]]:
    """Tap 9♥ then 6♥ (15, refused) with the recorder on; what it saw, once the mark went."""
    open_app(page, GAME)
    game = Game.from_code(DEAL)
    page.evaluate(WATCH)
    card(page, game, HEART).click()
    card(page, game, "5").click()
    settle(page)  # the taps played (in a worker, their changes come a message later)
    expect(page.locator(".hm-refused")).to_have_count(0)  # for a moment only
    return page.evaluate("window.hmSeen")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_refused_pair_shakes_plainly_without_words(warm_page: Page, size: dict[str, int]) -> None:
    """Move errors off (the default): 9♥ then 6♥ (15) are outlined and shake by 8 px at least
    (on a phone too), and the status line says nothing."""
    warm_page.set_viewport_size(size)
    seen = refuse_a_pair(warm_page)
    assert ["animation", "5", "hm-refuse"] in seen and ["animation", "4", "hm-refuse"] in seen
    assert ["refused", "5", "solid"] in seen, seen
    shifts = [entry[2] for entry in seen if entry[0] == "shift"]
    assert len(shifts) == 2 and min(shifts) >= 8, seen
    expect(status(warm_page)).to_have_text("")


def test_under_reduced_motion_a_refused_pair_is_outlined(new_context: Any) -> None:
    """With reduced motion the refused cards get an outline for a moment, and no shake."""
    page = new_context(reduced_motion="reduce").new_page()
    seen = refuse_a_pair(page)
    assert ["refused", "5", "solid"] in seen and ["refused", "4", "solid"] in seen, seen
    assert [entry for entry in seen if entry[2] == "hm-refuse"] == []
    expect(status(page)).to_have_text("")


def test_the_first_visit_walks_through_the_rule_the_chips_and_the_reserve_once(
    warm_page: Page,
) -> None:
    """A first visit walks through the rule, what the count chips and the reserve are, one
    step a tap (Next, Next, Got it); Got it hides the hint for good, the board under it stays
    playable meanwhile."""
    open_app(warm_page, GAME)
    hint = warm_page.get_by_role("region", name="Reading the table")
    expect(hint).to_be_visible()
    for text in (RULE, "how many cards it holds", "reserve"):
        expect(hint.get_by_text(re.compile(re.escape(text)))).to_be_visible()
        expect(hint.locator(".first-hint-step:visible")).to_have_count(1)
        if text != "reserve":
            expect(button(warm_page, "Got it")).to_be_hidden()
            button(warm_page, "Next").click()
    expect(button(warm_page, "Got it")).to_be_focused()
    expect(button(warm_page, "Skip")).to_be_hidden()
    button(warm_page, "Got it").click()
    expect(hint).to_be_hidden()
    settle(warm_page)  # the choice stored
    assert json.loads(warm_page.evaluate("localStorage.getItem('halfmoon.settings')"))["hint_seen"]
    open_app(warm_page, GAME)
    expect(warm_page.locator("#first-hint")).to_be_hidden()


def test_the_walk_through_can_be_skipped_at_its_first_step(warm_page: Page) -> None:
    """Skip ends the walk-through at once, for good, and the rule line takes its place."""
    open_app(warm_page, GAME)
    button(warm_page, "Skip").click()
    expect(warm_page.locator("#first-hint")).to_be_hidden()
    expect(warm_page.locator("#rule-line")).to_have_text(RULE)
    settle(warm_page)
    assert json.loads(warm_page.evaluate("localStorage.getItem('halfmoon.settings')"))["hint_seen"]


RULE = "Remove two cards that make 11, or a J, a Q and a K."
RULE_VI = "Loại hai lá có tổng 11, hoặc một Bồi, một Đầm và một Già."
#: The rule line's box and every card face's it meets, and whether it lies in the viewport.
RULE_LINE_BOX = """() => {
  const line = document.getElementById("rule-line").getBoundingClientRect();
  const meets = (b) => b.left < line.right && line.left < b.right
    && b.top < line.bottom && line.top < b.bottom;
  return {
    size: [line.width, line.height],
    inside: line.left >= 0 && line.top >= 0 && line.right <= innerWidth
      && line.bottom <= innerHeight,
    covers: [...document.querySelectorAll("#board .hm-place")]
      .filter((p) => meets(p.querySelector(".hm-face-holder").getBoundingClientRect()))
      .map((p) => p.dataset.name),
  };
}"""


@pytest.mark.parametrize(
    ("size", "lang", "rule"),
    [((412, 823), "en", RULE), ((740, 360), "vi", RULE_VI)],
    ids=["portrait-en", "landscape-vi"],
)
def test_the_game_page_states_the_rule_at_a_first_visit_and_always_after(
    warm_page: Page, size: tuple[int, int], lang: str, rule: str
) -> None:
    """At a first visit the rule is on screen in the page's language (held upright, as the
    hint's first line; held sideways, where the hint does not fit, as the rule line); once
    the hint is dismissed the rule line stays in the hollow of the arc at every size of the
    layout matrix, inside the window, on no card."""
    warm_page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(warm_page, f"index.html?lang={lang}&deal={DEAL}")
    stated = warm_page.get_by_text(rule, exact=True).locator("visible=true")
    expect(stated).to_have_count(1)
    expect(warm_page.locator("#rule-line")).to_be_visible(visible=size[0] > size[1])
    upright = size[0] < size[1]
    if upright:  # held sideways the hint waits for a taller screen: nothing to dismiss
        button(warm_page, "Skip").click()
        expect(warm_page.locator("#first-hint")).to_be_hidden()
    expect(warm_page.locator("#rule-line")).to_have_text(rule)
    for width, height in [size, *(LAYOUT_SIZES if upright else [])]:
        warm_page.set_viewport_size({"width": width, "height": height})
        expect(warm_page.locator("#rule-line")).to_be_visible()
        line = warm_page.evaluate(RULE_LINE_BOX)
        assert line["inside"] and line["covers"] == [], (width, height, line)


#: Records every animation that starts on the board: its name and its card's place.
ARRIVALS_SEEN = """document.addEventListener("animationstart", (event) => {
  if (!event.target.closest || !event.target.closest("#board")) return;
  (window.hmStarted ||= []).push([event.animationName, event.target.dataset.place || ""]);
}, true);"""
#: The arrivals seen so far: how many cards came back, and how many were dealt.
ARRIVED = """() => {
  const seen = window.hmStarted || [];
  return [seen.filter(([name]) => name === "hm-return").length,
          seen.filter(([name]) => name === "hm-deal").length];
}"""


@pytest.mark.parametrize("motion", ["full", "setting", "os"])
def test_undo_brings_the_cards_back_and_a_new_game_is_dealt_unless_motion_is_reduced(
    warm_page: Page, motion: str
) -> None:
    """Undo brings the pair's two cards back where they went and New game deals its twenty
    playable cards, each an animation; with reduced motion (the setting or the OS's) none
    plays, and the game is the same (docs/interface.md, "Motion")."""
    if motion == "os":
        warm_page.emulate_media(reduced_motion="reduce")
    warm_page.add_init_script(ARRIVALS_SEEN)
    open_app(warm_page, GAME)
    if motion == "setting":
        open_settings(warm_page)
        warm_page.get_by_label("Reduced motion").check()
        button(warm_page, "Close").click()
    game = Game.from_code(DEAL)
    play(warm_page, game, "4-7")
    button(warm_page, "Undo").click()
    expect(warm_page.locator("#moves")).to_have_text("0")
    button(warm_page, "New game").click()  # no move: it starts at once
    expect(warm_page.locator("#deal-code")).not_to_have_text(DEAL)
    settle(warm_page)
    if motion == "full":
        warm_page.wait_for_function(f"() => ({ARRIVED})()[0] >= 2 && ({ARRIVED})()[1] >= 20")
        assert warm_page.evaluate(ARRIVED) == [2, 20]
    else:
        at_rest(warm_page)
        assert warm_page.evaluate(ARRIVED) == [0, 0]
    at_rest(warm_page)  # each class goes once its card has arrived


#: Records the pitch of every tone the page starts (Web Audio's oscillators).
TONES_HEARD = """(() => {
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    (window.hmTones ||= []).push(Math.round(this.frequency.value));
    return start.apply(this, args);
  };
})();"""


def tones_after(page: Page, count: int) -> list[int]:
    """The tones heard so far, once there are at least ``count`` (the page plays them a
    message after the tap)."""
    settle(page)
    page.wait_for_function(f"() => (window.hmTones || []).length >= {count}")
    return page.evaluate("window.hmTones || []")


def test_sound_is_off_by_default_and_when_on_each_tap_is_heard(warm_page: Page) -> None:
    """Sound (Settings › Play, off by default): a select, a refused pair and a removal each
    play their own tones, made in the page; with Sound off a tap plays none."""
    warm_page.add_init_script(TONES_HEARD)
    open_app(warm_page, GAME)
    game = Game.from_code(DEAL)
    card(warm_page, game, HEART).click()  # a select, Sound off
    settle(warm_page)
    assert warm_page.evaluate("window.hmTones || []") == []
    card(warm_page, game, HEART).click()  # unselected again
    open_settings(warm_page)
    warm_page.get_by_label("Sound", exact=True).check()
    button(warm_page, "Close").click()
    card(warm_page, game, HEART).click()
    select = tones_after(warm_page, 1)
    card(warm_page, game, "5").click()  # 9♥ + 6♥: refused
    refuse = tones_after(warm_page, len(select) + 1)[len(select) :]
    play(warm_page, game, "4-7")  # a select, then the removal
    heard = tones_after(warm_page, 2 * len(select) + len(refuse) + 1)
    remove = heard[2 * len(select) + len(refuse) :]
    assert len({tuple(select), tuple(refuse), tuple(remove)}) == 3, heard
    assert max(refuse) < min(select) and remove == sorted(remove) and len(remove) == 2, heard
