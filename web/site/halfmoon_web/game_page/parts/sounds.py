"""The game page's sounds (docs/interface.md, "The game page": Sound): a few short tones for a
select, a removal, a refused pair and a win, made in the page (no audio file), only when the player
has turned Sound on (off by default). The embed and the rules page make none.

A sound is a list of tones, each ``(hertz, start, length, wave, gain)`` with the times in
seconds; the page's ``halfmoonTones`` plays them (the applier's Web Audio, docs/worker.md,
"Asks"). Where the page has no such function, nothing plays.
"""

from __future__ import annotations

from typing import Any

from halfmoon_web.game_page.frame.context import PageContext

Tone = tuple[float, float, float, str, float]

SOUNDS: dict[str, tuple[Tone, ...]] = {
    "select": ((880.0, 0.0, 0.06, "triangle", 0.12),),
    "remove": ((659.3, 0.0, 0.09, "triangle", 0.14), (987.8, 0.06, 0.14, "triangle", 0.12)),
    "refuse": ((196.0, 0.0, 0.16, "square", 0.05), (185.0, 0.08, 0.16, "square", 0.05)),
    "win": tuple(
        (hertz, index * 0.11, 0.32, "triangle", 0.14)
        for index, hertz in enumerate((523.3, 659.3, 784.0, 1046.5))
    ),
}
"""Each sound's tones: a soft click, a rising pair, a low buzz, a major arpeggio."""


class Sounds:
    """Plays a sound of :data:`SOUNDS` when the settings say Sound is on."""

    def __init__(self, ctx: PageContext) -> None:
        self.dom, self.state = ctx.dom, ctx.state

    def play(self, name: str) -> None:
        """Play sound ``name`` if Sound is on and the page can make tones."""
        if not self.state.settings.sound:
            return
        tones: Any = getattr(self.dom.window, "halfmoonTones", None)
        if tones is not None:
            tones([list(tone) for tone in SOUNDS[name]])
