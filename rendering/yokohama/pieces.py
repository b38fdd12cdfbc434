"""Yokohama's own pieces and icons: player pawns, presidents, buildings, rewards, country badges.

Every player cue is a colour *and* a shape with the player's initial (seat 1 a circle, seat 2 a
square, seat 3 a downward triangle, seat 4 a diamond; the letter is the display name's initial, as
in every game's pictures, `rendering.kit.marks`), so players who cannot tell the colours apart
still tell the pieces apart. Without names the seats are named by colour, so the letters are the
colours' (R, B, Y, G). The colours are the Okabe-Ito ones the shared
kit's palette already holds. Rewards are drawn as amounts and icons the way the cards print
them: points a number on a black badge, money a gold coin with the amount, goods lettered
squares (C)opper, (S)ilk, (T)ea, (F)ish, a good of your choice a square of all four colours,
an imported good a crate, a warehouse token a grey box "W", an assistant move an arrow.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from PIL import Image, ImageDraw

from i18n import N_, _
from rendering.kit.colours import BLUE, BROWN, GOLD, GOOD_COLOURS, GREEN, INK, ORANGE, PAPER, RGB, SILVER, SOFT, WHITE
from rendering.kit.icons import draw_icon, good_square, house, polygon
from rendering.kit.marks import initials
from rendering.yokohama.palette import PAL, put_text, text_width

#: Seat colours in seat order, the rulebook's Red, Blue, Yellow, Green as Okabe-Ito colours.
SEAT_COLOURS: tuple[RGB, ...] = (ORANGE, BLUE, GOLD, GREEN)
SEAT_LETTERS = ("R", "B", "Y", "G")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
# TRANSLATORS: three-letter badges for the Order cards' and Technologies' countries (England, America, France,
# Germany, the Netherlands); the badge has room for about three capital letters.
COUNTRY_CODES = {"english": N_("Eng"), "american": N_("Ame"), "french": N_("Fre"), "german": N_("Ger"),
                 "dutch": N_("Dut")}
COUNTRY_ORDER = ("english", "american", "french", "german", "dutch")
GOOD_ORDER = ("copper", "silk", "tea", "fish")
NEUTRAL = -1


def seat_colour(seat: int) -> RGB:
    return SILVER if seat == NEUTRAL else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def letter_colour(seat: int) -> RGB:
    """Ink on the light pieces (Yellow, neutral), white on the dark ones."""
    return INK if seat in (2, NEUTRAL) else WHITE


#: The marks of the seats in the picture being drawn (set by `marked_by`; a context variable, so pictures
#: drawn at once in several threads each keep their own).
_MARKS: ContextVar[tuple[str, ...]] = ContextVar("seat_marks", default=SEAT_LETTERS)


@contextmanager
def marked_by(names: Sequence[str]) -> Iterator[None]:
    """Draw the pieces inside this block with the initials of `names` (display names by seat)."""
    token = _MARKS.set(tuple(initials(names)))
    try:
        yield
    finally:
        _MARKS.reset(token)


def seat_letter(seat: int) -> str:
    """The mark on a seat's pieces: its player's initial ("N" for the neutral pieces)."""
    if seat == NEUTRAL:
        return "N"
    marks = _MARKS.get()
    return marks[seat] if 0 <= seat < len(marks) else SEAT_LETTERS[seat % len(SEAT_LETTERS)]


def _mark(image: Image.Image, seat: int, xy: tuple[float, float], size: int, bg: RGB) -> None:
    """The seat's mark centred on `xy`; a two-letter one ("An", "A2") smaller, so it fits the same piece."""
    letter = seat_letter(seat)
    size = size if len(letter) < 2 else max(9, size * 7 // 10)
    put_text(image, xy, letter, size, letter_colour(seat), bg, "mm", bold=True)


def _shape_points(shape: str, x: float, y: float, s: float) -> list[tuple[float, float]]:
    if shape == "triangle":
        return [(x, y), (x + s - 1, y), (x + s / 2, y + s - 1)]
    m = s / 2
    return [(x + m, y), (x + s - 1, y + m), (x + m, y + s - 1), (x, y + m)]


def pawn(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, x: int, y: int, s: int) -> None:
    """An assistant (or any seat marker): the seat's shape in its colour with its letter."""
    colour = seat_colour(seat)
    shape = "circle" if seat == NEUTRAL else SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if shape == "circle":
        draw.ellipse((x, y, x + s - 1, y + s - 1), fill=colour, outline=INK, width=2)
        cy = y + s / 2
    elif shape == "square":
        draw.rectangle((x + 1, y + 1, x + s - 2, y + s - 2), fill=colour, outline=INK, width=2)
        cy = y + s / 2
    else:
        polygon(draw, _shape_points(shape, x, y, s), colour)
        cy = y + s * (0.36 if shape == "triangle" else 0.5)
    size = int(s * (0.5 if shape in ("triangle", "diamond") else 0.62))
    _mark(image, seat, (x + s / 2, cy), size, colour)


def president(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, x: int, y: int, s: int) -> None:
    """A President pawn: a tall pawn silhouette (head and body) in the seat's colour, its letter on the body."""
    colour = seat_colour(seat)
    head = s * 0.36
    draw.ellipse((x + s / 2 - head / 2, y, x + s / 2 + head / 2, y + head), fill=colour, outline=INK, width=2)
    bottom = y + s * 1.3 - 1
    body = [(x + s * 0.22, y + head * 0.9), (x + s * 0.78, y + head * 0.9), (x + s - 1, bottom), (x, bottom)]
    polygon(draw, body, colour)
    _mark(image, seat, (x + s / 2, y + s * 0.88), int(s * 0.48), colour)


def shop_space(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int | None, x: int, y: int, s: int,
               bg: RGB) -> None:
    """A Shophouse space: an empty outline, or the owner's house with their letter."""
    if seat is None:
        house(draw, x, y, s, bg)
        return
    house(draw, x, y, s, seat_colour(seat))
    _mark(image, seat, (x + s / 2, y + s * 0.66), int(s * 0.45), seat_colour(seat))


def trading_space(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int | None, x: int, y: int, s: int,
                  bg: RGB) -> None:
    """The Trading House space: a wider building with a flat roof band; filled with the owner's colour."""
    fill = bg if seat is None else seat_colour(seat)
    draw.rectangle((x + 1, y + s * 0.28, x + s * 1.3 - 2, y + s - 2), fill=fill, outline=INK, width=2)
    draw.rectangle((x + 1, y + 1, x + s * 1.3 - 2, y + s * 0.28), fill=BROWN, outline=INK, width=2)
    if seat is not None:
        _mark(image, seat, (x + s * 0.65, y + s * 0.64), int(s * 0.45), fill)


def country_badge(image: Image.Image, draw: ImageDraw.ImageDraw, country: str, x: int, y: int, size: int = 18,
                  fill: RGB = WHITE) -> int:
    """A country icon as a lettered badge ("Eng", "Ame", "Fre", "Ger", "Dut"); returns its width."""
    code = _(COUNTRY_CODES[country]) if country in COUNTRY_CODES else country[:3].capitalize()
    width = max(text_width(c, size, True) for c in (code, *map(_, COUNTRY_CODES.values()))) + 10
    draw.rounded_rectangle((x, y, x + width, y + size + 8), 5, fill=fill, outline=INK, width=2)
    put_text(image, (x + width / 2, y + (size + 8) / 2), code, size, INK, fill, "mm", bold=True)
    return width


# ----- rewards ----------------------------------------------------------------------------------
def vp_badge(image: Image.Image, draw: ImageDraw.ImageDraw, n: int, x: int, y: int, s: int) -> int:
    text = str(n)
    width = max(s, text_width(text, int(s * 0.72), True) + 8)
    draw.rounded_rectangle((x, y, x + width - 1, y + s - 1), 5, fill=INK)
    put_text(image, (x + width / 2, y + s / 2), text, int(s * 0.72), WHITE, INK, "mm", bold=True)
    return width


def coin(image: Image.Image, draw: ImageDraw.ImageDraw, n: int | None, x: int, y: int, s: int) -> int:
    draw.ellipse((x, y, x + s - 1, y + s - 1), fill=GOLD, outline=INK, width=2)
    put_text(image, (x + s / 2, y + s / 2), "¥" if n is None else str(n), int(s * 0.62), INK, GOLD, "mm", bold=True)
    return s


def draw_icon_for(image: Image.Image, draw: ImageDraw.ImageDraw, key: str, x: int, y: int, s: int) -> None:
    """The icon of one reward key (a good, any good, imported, warehouse, move) in the s x s box at (x, y)."""
    if key in GOOD_COLOURS:
        good_square(PAL, image, draw, key, x, y, s)
    elif key == "any_good":
        draw_icon(PAL, image, draw, "good", x, y, s)
    elif key == "imported":
        draw_icon(PAL, image, draw, "cargo", x, y, s)
    elif key == "warehouse":
        draw.rectangle((x + 1, y + 1, x + s - 2, y + s - 2), fill=SILVER, outline=INK, width=2)
        put_text(image, (x + s / 2, y + s / 2), "W", int(s * 0.62), INK, SILVER, "mm", bold=True)
    elif key == "move":
        m = y + s / 2
        draw.line((x + 2, m, x + s - 6, m), fill=INK, width=max(2, s // 7))
        draw.polygon([(x + s - 1, m), (x + s - 9, m - s / 3), (x + s - 9, m + s / 3)], fill=INK)


REWARD_ORDER = ("vp", "yen", "copper", "silk", "tea", "fish", "any_good", "imported", "warehouse", "move")
GAP = 3


def _reward_items(reward: dict[str, int]) -> list[tuple[str, int]]:
    return [(key, reward[key]) for key in REWARD_ORDER if reward.get(key)] + [
        (key, n) for key, n in reward.items() if key not in REWARD_ORDER and n
    ]


def reward_width(reward: dict[str, int], s: int) -> int:
    width = 0
    for key, n in _reward_items(reward):
        if key == "vp":
            width += max(s, text_width(str(n), int(s * 0.72), True) + 8)
        elif key == "yen":
            width += s
        else:
            if n > 1:
                width += text_width(str(n), int(s * 0.8), True) + 1
            width += s
        width += GAP
    return max(0, width - GAP)


def draw_reward(image: Image.Image, draw: ImageDraw.ImageDraw, reward: dict[str, int], x: int, y: int, s: int,
                bg: RGB = PAPER) -> int:
    """Draw a reward from (x, y), icons s tall; return the width drawn."""
    start = x
    for key, n in _reward_items(reward):
        if key == "vp":
            x += vp_badge(image, draw, n, x, y, s)
        elif key == "yen":
            x += coin(image, draw, n, x, y, s)
        else:
            if n > 1:
                w, _x = put_text(image, (x, y + s / 2), str(n), int(s * 0.8), INK, bg, "lm", bold=True)
                x += w + 1
            draw_icon_for(image, draw, key, x, y, s)
            x += s
        x += GAP
    if x == start:
        put_text(image, (x, y + s / 2), "-", int(s * 0.8), SOFT, bg, "lm")
        return text_width("-", int(s * 0.8))
    return x - start - GAP


def draw_reward_centred(image: Image.Image, draw: ImageDraw.ImageDraw, reward: dict[str, int], cx: float, y: int,
                        s: int, bg: RGB = PAPER, width: int | None = None) -> int:
    """Centred on cx; shrinks the icons (down to 14 px) until the reward fits `width` if given."""
    if width is not None:
        while s > 14 and reward_width(reward, s) > width:
            s -= 2
    return draw_reward(image, draw, reward, round(cx - reward_width(reward, s) / 2), y, s, bg)


def draw_goods(image: Image.Image, draw: ImageDraw.ImageDraw, goods: dict[str, Any], x: int, y: int, s: int,
               bg: RGB = PAPER) -> int:
    """An order's cost: each good as its count and lettered square; return the width drawn."""
    return draw_reward(image, draw, {g: goods[g] for g in GOOD_ORDER if goods.get(g)}, x, y, s, bg)
