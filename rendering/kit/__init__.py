"""The drawing kit every game's pictures share: colours, a fixed palette with text sprites, fonts,
text fitting, common icons and PNG encoding.

- `colours`: RGB names (Okabe-Ito for the colour cues, neutrals for paper and ink) and the four
  trade goods' colours and letters.
- `palette`: `Palette(base, text_pairs)`, one fixed palette per game: `canvas`, `quantize`,
  `put_text` (cached anti-aliased text sprites), `image` (for checks).
- `fonts`: the shipped fonts (DejaVu, then Noto faces for other scripts and emoji), `draw_text` (per-character
  fallback), text measuring, fitting (`fit`) and wrapping (`wrap`); `recording_drawn_text()` for tests.
- `icons`: coin, diamond, crate, lettered goods, star, shop house, trading house.
- `encode`: `png(image)`, palette PNG at a low compression level (a smaller one for a picture marked
  `sent_often`), unchanged rows reused.
- `marks`: the letter on a player's pieces (the initial of their display name), in every game.
- `lead`: the phone-first picture a turn post leads with (whose turn, what the last turn did, scores).
- `memory`: picture buffers freed back to the system (glibc's mmap threshold fixed at import).
- `recording_text_sizes()`: the sizes of the text drawn inside it (tests hold pictures to a minimum).

A game keeps its own palette (which colours it needs, which text-on-background pairs it
anti-aliases) and its own layout; everything here is game-neutral.
"""

from __future__ import annotations

from rendering.kit.colours import RGB, mix
from rendering.kit.encode import png, sent_often
from rendering.kit.fonts import (
    FONT_LOCK,
    draw_text,
    drawable,
    fit,
    font,
    recording_drawn_text,
    recording_text_sizes,
    text_width,
    wrap,
)
from rendering.kit.memory import keep_picture_buffers_apart
from rendering.kit.palette import Palette

keep_picture_buffers_apart()  # once per process that draws (the bot, a drawing worker, a benchmark)

__all__ = [
    "FONT_LOCK", "RGB", "Palette", "draw_text", "drawable", "fit", "font", "mix", "png", "recording_drawn_text",
    "recording_text_sizes", "sent_often", "text_width", "wrap",
]
