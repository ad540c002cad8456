"""The faces of the cards as printed cards (docs/layout.md, "Faces"): turned upside down a card
reads the same, the count chip lies outside the face, Large print overlaps nothing, Four colours
reaches the court figures.

Deal HM1-N-AAAAAAB: 10♥ in R1, 2♦ on pile 7, 7♠ on pile 8, 7♣ in R8, the queen of clubs on
pile 2 and the queen of diamonds on pile 9.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from game_support import DEAL
from harness import open_app
from PIL import Image, ImageChops
from playwright.sync_api import Page

GAME = f"index.html?lang=en&deal={DEAL}"
TEN, TWO, SEVEN, SEVEN_CLUBS = "R1", "7", "8", "R8"
QUEEN_CLUBS, QUEEN_DIAMONDS = "2", "9"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce")


def face(page: Page, place: str) -> Any:
    """The card button at ``place``."""
    return page.locator(f'#board button[data-place="{place}"]')


GRID = (5, 7)
"""The cells a face is seen in to compare it with itself turned: a pip's place counts, its
last pixel not."""


def turned_difference(page: Page, place: str) -> float:
    """How much the face at ``place`` differs from itself turned half a turn: both seen on a
    grid of cells (:data:`GRID`), the largest difference of a cell's colour (the mean of its
    channels' absolute differences, 0 to 255), at the best of the offsets of up to 2 px either
    way. A card's box may start between two pixels (its screenshot then turns about a point off
    the card's centre) and the browser lays each layer of pips on whole pixels: a pixel off
    must not count, a pip in another place must."""
    shot = Image.open(io.BytesIO(face(page, place).screenshot(animations="disabled")))
    shot = shot.convert("RGB")
    turned = shot.rotate(180)
    width, height = shot.size
    best = 255.0
    for dx in range(-2, 3):
        for dy in range(-2, 3):
            box = (max(dx, 0), max(dy, 0), width + min(dx, 0), height + min(dy, 0))
            other = (max(-dx, 0), max(-dy, 0), width + min(-dx, 0), height + min(-dy, 0))
            a = shot.crop(box).resize(GRID, Image.Resampling.BOX)
            b = turned.crop(other).resize(GRID, Image.Resampling.BOX)
            cells = ImageChops.difference(a, b).tobytes()  # R, G, B of each cell in turn
            best = min(best, max(sum(cells[i : i + 3]) / 3 for i in range(0, len(cells), 3)))
    return best


def at_rest(page: Page, size: dict[str, int], faces: str = "classic") -> None:
    """The game page at ``size`` with the ``faces`` set, no card hovered."""
    page.set_viewport_size(size)
    open_app(page, GAME)
    page.evaluate("(faces) => { document.documentElement.dataset.faces = faces; }", faces)
    page.mouse.move(0, 0)


#: A desktop's screen (one device pixel to a CSS pixel), and a phone's (three, as most phones
#: have: at one, a 44 px card's signs are a few pixels each, and the pixel grid alone turns
#: them unlike).
SCREENS = [
    pytest.param(SIZES["desktop"], 1, id="desktop"),
    pytest.param(SIZES["phone"], 3, id="phone"),
]


@pytest.mark.parametrize(("size", "scale"), SCREENS)
def test_a_ten_and_a_two_read_the_same_upside_down(
    new_context: Any, size: dict[str, int], scale: int
) -> None:
    """A 10 and a 2 turned half a turn look as they did (two indices in opposite corners, the
    lower half of the pips turned); a 7, whose middle pip stands in the upper half, does not."""
    context = new_context(device_scale_factor=scale)
    page = context.new_page()
    at_rest(page, size)
    ten, two = turned_difference(page, TEN), turned_difference(page, TWO)
    sevens = turned_difference(page, SEVEN), turned_difference(page, SEVEN_CLUBS)
    print(f"turned difference at {size}: 10 {ten:.2f}, 2 {two:.2f}, the 7s {sevens}")
    assert min(sevens) > 8.0, sevens
    assert max(ten, two) < min(sevens) / 4, (ten, two, sevens)


#: The box of each pile's count chip (its ``::after``), and of every face, in the page.
CHIPS = """() => {
  const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  const faces = [...document.querySelectorAll("#board .hm-card")].map((el) => ({
    place: el.dataset.place, ...box(el.getBoundingClientRect()) }));
  const chips = [];
  for (const place of document.querySelectorAll("#board .hm-pile")) {
    const style = getComputedStyle(place, "::after");
    if (style.content === "none" || style.content === "normal") continue;
    const at = place.getBoundingClientRect();
    const left = at.left + parseFloat(style.left) - parseFloat(style.width) / 2;
    const top = at.top + parseFloat(style.top);
    chips.push({ place: place.dataset.name, text: style.content, left, top,
      right: left + parseFloat(style.width), bottom: top + parseFloat(style.height),
      font: parseFloat(style.fontSize) });
  }
  return { faces, chips };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes share some area (touching edges do not count)."""
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
    )


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_count_chip_lies_outside_every_face(warm_page: Page, size: dict[str, int]) -> None:
    """Every pile of two cards or more shows its count in a chip that covers no face: not its
    own card's, not a neighbour's; its text at least 11.2 px."""
    at_rest(warm_page, size)
    found = warm_page.evaluate(CHIPS)
    assert len(found["chips"]) == 12, found["chips"]
    for chip in found["chips"]:
        assert chip["font"] >= 11.2, chip
        assert chip["bottom"] - chip["top"] > 10, chip
        covered = [f["place"] for f in found["faces"] if overlap(chip, f)]
        assert covered == [], (chip, covered)


#: For every card: the boxes of its index's parts (the rank's text, the suit sign, in both
#: corners) and of the pips' two layers (``.hm-pip::before`` and ``::after``).
PARTS = """() => [...document.querySelectorAll("#board .hm-card")].map((el) => {
  const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  const index = [];
  for (const corner of el.querySelectorAll(".hm-corner")) {
    const text = document.createRange();
    text.selectNodeContents(corner.querySelector(".hm-rank"));
    index.push(box(text.getBoundingClientRect()));
    index.push(box(corner.querySelector(".hm-suit").getBoundingClientRect()));
  }
  const field = el.querySelector(".hm-pip").getBoundingClientRect();
  const pips = ["::before", "::after"].map((part) => {
    const style = getComputedStyle(el.querySelector(".hm-pip"), part);
    if (style.display === "none") return null;
    const left = field.left + parseFloat(style.left), top = field.top + parseFloat(style.top);
    return { left, top, right: left + parseFloat(style.width),
             bottom: top + parseFloat(style.height) };
  }).filter(Boolean);
  return { place: el.dataset.place, card: box(el.getBoundingClientRect()), index, pips };
})"""


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("faces", ["classic", "large"])
def test_no_index_overlaps_a_pip(warm_page: Page, size: dict[str, int], faces: str) -> None:
    """On every card (10♥ and 10♣ among them), in Classic and in Large print, the two indices
    overlap neither each other nor the pips' layers, and stay on the card."""
    at_rest(warm_page, size, faces)
    cards = warm_page.evaluate(PARTS)
    assert len(cards) == 20
    for card in cards:
        for number, part in enumerate(card["index"]):
            assert not [p for p in card["pips"] if overlap(part, p)], (faces, card, part)
            others = card["index"][(number // 2 + 1) * 2 :] if number < 2 else []
            assert not [o for o in others if overlap(part, o)], (faces, card, part)
            inside = card["card"]
            assert part["left"] >= inside["left"] and part["right"] <= inside["right"], card
            assert part["top"] >= inside["top"] - 1 and part["bottom"] <= inside["bottom"] + 1


#: The colour of a court card's index and of its figure's clothes (``.hm-pip::before``).
COURT_INK = """(el) => ({
  index: getComputedStyle(el.querySelector(".hm-rank")).color,
  clothes: getComputedStyle(el.querySelector(".hm-pip"), "::before").backgroundColor,
  mask: getComputedStyle(el.querySelector(".hm-pip"), "::before").maskImage,
})"""


def test_four_colours_dress_the_court_figures_in_the_suits_colour(warm_page: Page) -> None:
    """The queen of clubs' and of diamonds' figures wear their index's ink: black and red in
    Classic, green and blue in Four colours."""
    at_rest(warm_page, SIZES["desktop"])
    classic = {p: face(warm_page, p).evaluate(COURT_INK) for p in (QUEEN_CLUBS, QUEEN_DIAMONDS)}
    warm_page.evaluate("() => { document.documentElement.dataset.faces = 'four'; }")
    four = {p: face(warm_page, p).evaluate(COURT_INK) for p in (QUEEN_CLUBS, QUEEN_DIAMONDS)}
    for place in (QUEEN_CLUBS, QUEEN_DIAMONDS):
        assert "queen-mask.svg" in four[place]["mask"], four[place]
        assert classic[place]["clothes"] == classic[place]["index"], classic[place]
        assert four[place]["clothes"] == four[place]["index"], four[place]
        assert four[place]["clothes"] != classic[place]["clothes"], (classic, four)
    assert four[QUEEN_CLUBS]["clothes"] == "rgb(0, 121, 107)"  # --card-green
    assert four[QUEEN_DIAMONDS]["clothes"] == "rgb(20, 80, 196)"  # --card-blue
