"""Named colours shared by every game's pictures.

The colour cues follow the Okabe-Ito set, which colour-blind players can tell apart; every
coloured cue in a picture also carries a second one (a letter or a shape), so colour is never
the only hint. A game picks the names it needs into its own `Palette`.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# paper, ink and neutrals
PAPER: RGB = (250, 246, 236)
PANEL: RGB = (236, 229, 211)
INK: RGB = (33, 33, 38)
SOFT: RGB = (120, 116, 108)
LINE: RGB = (176, 168, 150)
WHITE: RGB = (255, 255, 255)
HIGHLIGHT: RGB = (255, 236, 160)
DONE: RGB = (203, 234, 214)
DIM: RGB = (214, 209, 198)
BAND: RGB = (229, 221, 201)
STRIPE: RGB = (243, 237, 222)
SILVER: RGB = (200, 200, 205)
RED: RGB = (190, 40, 40)

# Okabe-Ito cues
GOLD: RGB = (240, 200, 60)
SKY: RGB = (86, 180, 233)
BROWN: RGB = (150, 100, 55)
BLUE: RGB = (0, 114, 178)
GREEN: RGB = (0, 158, 115)
PINK: RGB = (204, 121, 167)
ORANGE: RGB = (213, 94, 0)
YELLOW: RGB = (240, 228, 66)

# the four trade goods of the Yokohama games, each with its letter as the second cue
GOOD_COLOURS: dict[str, RGB] = {"fish": BLUE, "tea": GREEN, "silk": PINK, "copper": ORANGE}
GOOD_LETTERS: dict[str, str] = {"fish": "F", "tea": "T", "silk": "S", "copper": "C"}


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction `t` of the way from `a` to `b`."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
