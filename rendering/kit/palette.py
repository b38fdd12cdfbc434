"""A game's fixed palette: palette canvases, quantizing, and text pasted as cached sprites.

Every picture is sent as a palette PNG: it has few colours, and a palette image encodes
several times faster and smaller than RGB (DESIGN.md, Rendering). Static artwork is drawn
once in RGB, where text is anti-aliased, and mapped onto the fixed palette (`quantize`); the
per-turn marks are then drawn straight onto a copy of that palette image. Text drawn per turn
is rendered once per (text, size, colours) into a small sprite and pasted, so it keeps its
anti-aliasing without the cost of re-quantizing.

The palette holds the game's base colours plus, for each (text colour, background) pair the
game names, a few in-between shades for the anti-aliased edges.
"""

from __future__ import annotations

import contextlib
import functools
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from PIL import Image, ImageDraw

from rendering.kit.colours import INK, PAPER, RGB, mix
from rendering.kit.fonts import FONT_LOCK, advance, font, record_drawn, text_image
from rendering.kit.plain import plain

STEPS = 5  # in-between shades per text pair
#: Bytes of text sprites a palette keeps (least recently used forgotten first). A count would not do: a
#: turn's story line is a 1128 x 45 sprite (50 KB) drawn once, a score a 60 x 40 one drawn every turn.
SPRITE_CACHE_BYTES = 8 * 2**20
#: Bytes of card pictures (`Palette.stamp`) a palette keeps: a few hundred cards of ~30 KB.
STAMP_CACHE_BYTES = 6 * 2**20

class PaletteDraw(ImageDraw.ImageDraw):
    """`ImageDraw` on a palette image of one `Palette` that looks a colour's index up in the palette's own
    table. Pillow's would look it up in the image's `ImagePalette`, whose colour table is rebuilt (256
    tuples) whenever the image was copied or pasted on: about 30 us a shape, 2 ms of a sheet's drawing."""

    def __init__(self, image: Image.Image, indices: dict[RGB, int]) -> None:
        super().__init__(image)
        self._indices = indices

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        if isinstance(ink, tuple):
            ink = self._indices.get(ink, ink)
        if isinstance(fill, tuple):
            fill = self._indices.get(fill, fill)
        return super()._getink(ink, fill)


class Palette:
    """A fixed palette of at most 256 colours; `base[0]` is the paper colour of new canvases."""

    def __init__(self, base: Iterable[RGB], text_pairs: Iterable[tuple[RGB, RGB]], steps: int = STEPS) -> None:
        colours: list[RGB] = []
        for colour in base:
            if colour not in colours:
                colours.append(colour)
        for fg, bg in text_pairs:
            for k in range(1, steps + 1):
                colour = mix(fg, bg, k / (steps + 1))
                if colour not in colours:
                    colours.append(colour)
        if len(colours) > 256:
            raise ValueError(f"a palette holds at most 256 colours, this one would have {len(colours)}")
        self.colours: list[RGB] = colours
        self._indices: dict[RGB, int] = {colour: i for i, colour in enumerate(colours)}
        self.paper: RGB = colours[0]
        image = Image.new("P", (1, 1))
        # unused entries repeat the paper colour, so nearest-colour matching never lands on them
        padded = colours + [self.paper] * (256 - len(colours))
        image.putpalette([channel for colour in padded for channel in colour])
        self._image = image
        self._sprites: OrderedDict[tuple[str, int, RGB, RGB, bool, str], Image.Image] = OrderedDict()
        self._sprite_bytes = 0
        self._stamps: OrderedDict[tuple[Any, ...], Image.Image] = OrderedDict()
        self._stamp_bytes = 0
        self._lock = threading.Lock()

    def _sprite(self, text: str, size: int, fg: RGB, bg: RGB, bold: bool, mode: str) -> Image.Image:
        """The sprite of a text, from the cache (bounded by `SPRITE_CACHE_BYTES`) or drawn now."""
        key = (text, size, fg, bg, bold, mode)
        found = self._sprites.get(key)  # the hot path without the lock: one dict look-up under the GIL
        if found is not None:
            with contextlib.suppress(KeyError):  # forgotten by another thread meanwhile: still a good sprite
                self._sprites.move_to_end(key)
            return found
        sprite = self._draw_sprite(text, size, fg, bg, bold, mode)
        cost = sprite.width * sprite.height * (1 if mode == "P" else 3)
        with self._lock:
            if key not in self._sprites and cost <= SPRITE_CACHE_BYTES // 16:  # a huge one-off is not kept
                self._sprites[key] = sprite
                self._sprite_bytes += cost
                while self._sprite_bytes > SPRITE_CACHE_BYTES:
                    _, old = self._sprites.popitem(last=False)
                    self._sprite_bytes -= old.width * old.height * (1 if old.mode == "P" else 3)
        return sprite

    def stamp(
        self, image: Image.Image, box: tuple[int, int, int, int], key: tuple[Any, ...],
        draw: Callable[[Image.Image, ImageDraw.ImageDraw, tuple[int, int, int, int]], None], bg: RGB = PAPER,
        in_place: bool = False,
    ) -> None:  # fmt: skip
        """Paste a card at `box` (inclusive, as Pillow's shapes take it), drawn by `draw(image, draw, box)` on
        a `bg` canvas of its own the first time its `key` (what is printed on it) is seen, and reused after:
        a face-up card is the same picture in every game that shows it. Kept within `STAMP_CACHE_BYTES`.

        `in_place`: the card is drawn at the box's own x and y modulo 2 (and cut out), so its pixels are
        exactly those `draw` would have drawn at `box` in `image` (Python's `round` of a coordinate ending
        in .5 goes to the even neighbour: moving a drawing by an odd number of pixels can move a text by
        one); such a card is kept once per parity of its position."""
        x0, y0, x1, y1 = box
        size = (x1 - x0 + 1, y1 - y0 + 1)
        dx, dy = (x0 % 2, y0 % 2) if in_place else (0, 0)
        full = (key, size, bg, image.mode, dx, dy)
        picture = self._stamps.get(full)
        if picture is None:
            picture, pen = self.canvas(size[0] + dx, size[1] + dy, mode=image.mode)
            pen.rectangle((0, 0, size[0] + dx, size[1] + dy), fill=bg)
            draw(picture, pen, (dx, dy, dx + size[0] - 1, dy + size[1] - 1))
            if dx or dy:
                picture = picture.crop((dx, dy, dx + size[0], dy + size[1]))
            with self._lock:
                if full not in self._stamps:
                    self._stamps[full] = picture
                    self._stamp_bytes += size[0] * size[1]
                    while self._stamp_bytes > STAMP_CACHE_BYTES:
                        _, old = self._stamps.popitem(last=False)
                        self._stamp_bytes -= old.width * old.height
        else:
            with contextlib.suppress(KeyError):  # forgotten by another thread meanwhile: still a good picture
                self._stamps.move_to_end(full)
        image.paste(picture, (x0, y0))

    def stamp_cache_bytes(self) -> int:
        """Pixels of card pictures the stamp cache holds now (at most `STAMP_CACHE_BYTES`)."""
        return self._stamp_bytes

    def sprite_cache_bytes(self) -> int:
        """Bytes of pixels the sprite cache holds now (at most `SPRITE_CACHE_BYTES`)."""
        return self._sprite_bytes

    def image(self) -> Image.Image:
        """A 1x1 'P' image carrying the palette, for `Image.quantize(palette=...)` and checks."""
        return self._image

    def index(self, colour: RGB) -> int:
        """The palette index of one of the palette's colours."""
        return self._indices[colour]

    def _nearest(self, colour: RGB) -> int:
        """The index of `colour`, or of the palette colour `quantize` maps it to."""
        found = self._indices.get(colour)
        if found is None:
            found = int(self.quantize(Image.new("RGB", (1, 1), colour)).getpixel((0, 0)))  # type: ignore[arg-type]
        return found

    def draw(self, image: Image.Image) -> ImageDraw.ImageDraw:
        """An `ImageDraw` for `image`: on a palette image of this palette (a canvas, a copy of a quantized
        layer) it finds colours' indices in the palette's own table (`PaletteDraw`)."""
        return PaletteDraw(image, self._indices) if image.mode == "P" else ImageDraw.Draw(image)

    def quantize(self, image: Image.Image) -> Image.Image:
        """Map an RGB drawing onto the palette (nearest colour, no dithering: crisp flat areas)."""
        return image.quantize(palette=self._image, dither=Image.Dither.NONE)

    def canvas(self, width: int, height: int, mode: str = "P") -> tuple[Image.Image, ImageDraw.ImageDraw]:
        """A blank paper picture. "P" draws straight onto the palette (no quantizing afterwards;
        shapes take palette colours, text comes as cached sprites); "RGB" is for artwork drawn once.
        """
        if mode == "RGB":
            image = Image.new("RGB", (width, height), self.paper)
        else:
            image = Image.new("P", (width, height), 0)
            image.putpalette(self._image.getpalette() or [])
        return image, self.draw(image)

    def _draw_sprite(self, text: str, size: int, fg: RGB, bg: RGB, bold: bool, mode: str) -> Image.Image:
        text = plain(text)  # before the split: "**Tea Garden**" is one bold span, not two words with stars
        words = text.split(" ")
        # A right-to-left text is shaped whole: word by word, its words would stand in reading order left to right.
        if mode == "P" and len(words) > 1 and not _right_to_left(text):
            return self._compose(words, size, fg, bg, bold)
        image = text_image(text, size, fg, bg, bold)
        return self.quantize(image) if mode == "P" else image

    def _compose(self, words: list[str], size: int, fg: RGB, bg: RGB, bold: bool) -> Image.Image:
        """A text of several words as its words' cached sprites side by side, each where the font puts it.

        Rasterizing is most of a new text's cost (~20 us a glyph), and a turn's new texts are mostly
        words already drawn ("Extra Power +1 x0 · 13 pts" differs from last turn's in one number): a word
        is drawn once, and each text made of it costs only its pastes. No kerning crosses a space, so the
        words stand where the font's own layout puts them, to the pixel's rounding.
        """
        advance = _advance(" ", size, bold)
        width = max(1, int(sum(_advance(word, size, bold) for word in words) + advance * (len(words) - 1)) + 1)
        ascent, descent = _metrics(size, bold)
        image = Image.new("P", (width, ascent + descent), self._nearest(bg))
        x = 0.0
        for word in words:
            if word:
                sprite = self._sprite(word, size, fg, bg, bold, "P")
                image.im.paste(sprite.im, _box(round(x), 0, sprite))
                x += _advance(word, size, bold)
            x += advance
        return image

    def sprite(self, text: str, size: int, fg: RGB = INK, bg: RGB = PAPER, bold: bool = False) -> Image.Image:
        """The cached palette sprite of `text` (for measuring or pasting it more than once)."""
        return self._sprite(text, size, fg, bg, bold, "P")

    def put_text(
        self,
        image: Image.Image,
        xy: tuple[float, float],
        text: str,
        size: int,
        fg: RGB = INK,
        bg: RGB = PAPER,
        anchor: str = "lt",
        bold: bool = False,
    ) -> tuple[int, int]:
        """Paste `text` at `xy` (anchor: l/m/r then t/m/b, like Pillow's); return its width and height.

        The text is drawn on a rectangle of `bg`, so call it on a background of that colour.
        """
        mode = image.mode
        key = (text, size, fg, bg, bold, mode)
        sprite = self._sprites.get(key)  # the hot path of `_sprite`, inline: ~150 texts a picture
        if sprite is None:
            sprite = self._sprite(text, size, fg, bg, bold, mode)
        else:
            with contextlib.suppress(KeyError):
                self._sprites.move_to_end(key)
        record_drawn(text, size)
        w, h = sprite.size
        x = round(xy[0] - _ANCHOR_X[anchor[0]] * w)
        y = round(xy[1] - _ANCHOR_Y[anchor[1]] * h)
        if mode == "P" and sprite.mode == "P":
            image.im.paste(sprite.im, (x, y, x + w, y + h))  # Pillow's paste minus its checks
        else:
            image.paste(sprite, (x, y))
        return w, h


_ANCHOR_X = {"l": 0.0, "m": 0.5, "r": 1.0}
_ANCHOR_Y = {"t": 0.0, "m": 0.5, "b": 1.0}


def _box(x: int, y: int, sprite: Image.Image) -> tuple[int, int, int, int]:
    return x, y, x + sprite.width, y + sprite.height


def _advance(text: str, size: int, bold: bool) -> float:
    """How far the layout moves on past `text` (sub-pixel)."""
    return advance(text, size, bold)


@functools.lru_cache(maxsize=4096)
def _right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


@functools.lru_cache(maxsize=256)
def _metrics(size: int, bold: bool) -> tuple[int, int]:
    with FONT_LOCK:
        return font(size, bold).getmetrics()
