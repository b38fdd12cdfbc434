"""Line charts (a daily score race, a rating history): a few series over numbered steps.

Charts are drawn in RGB for smooth lines and sent as a small palette PNG, like every picture.
Each series has a colour (Okabe-Ito, colour-blind safe) and a second cue: its own marker shape
and its label written at the end of its line, so no series is told apart by colour alone. A chart
reads with one point as with hundreds: the value axis ticks at round numbers (1, 2 or 5 times a
power of ten), and a lone point stands in the middle with its value written beside it. Equal
lines stay distinguishable: the first series (the viewer's, "You") is drawn solid and widest, each
later one dashed and narrower on top of it, so a line lying on another shows through its gaps.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from rendering.kit import fit, font, png

RGB = tuple[int, int, int]
PAPER: RGB = (250, 246, 236)
INK: RGB = (33, 33, 38)
SOFT: RGB = (120, 116, 108)
GRID: RGB = (222, 215, 200)
#: Okabe-Ito colours with a marker shape each: the second cue.
STYLES: tuple[tuple[RGB, str], ...] = (
    ((0, 114, 178), "circle"),
    ((213, 94, 0), "square"),
    ((0, 158, 115), "triangle"),
    ((204, 121, 167), "diamond"),
)


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float]


def _marker(draw: ImageDraw.ImageDraw, shape: str, x: float, y: float, r: float, colour: RGB) -> None:
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
    elif shape == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=colour)
    elif shape == "triangle":
        draw.polygon([(x, y - r - 1), (x - r - 1, y + r), (x + r + 1, y + r)], fill=colour)
    else:
        draw.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill=colour)


def _dashed(draw: ImageDraw.ImageDraw, coords: list[tuple[float, float]], colour: RGB, width: int,
            dash: float = 18, gap: float = 12) -> None:
    """A dashed polyline: `dash` pixels drawn, `gap` left open, carried across the corners."""
    on, left = True, dash
    for (x0, y0), (x1, y1) in zip(coords, coords[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                a, b = done / length, (done + step) / length
                draw.line((x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                          fill=colour, width=width)
            done += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap


def ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About `count` round values (a step of 1, 2 or 5 times a power of ten) covering low..high; a range of
    one value is widened around it (a single rating of 1000 ticks 990, 995, ..., 1010, not 916, 948, 979)."""
    if high - low < 1e-9:
        span = max(10.0, abs(low) * 0.02)
        low, high = low - span / 2, high + span / 2
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    n = round((last - first) / step)
    return [first + k * step for k in range(n + 1)]


def _tick_label(value: float, step: float) -> str:
    return f"{value:.0f}" if step >= 1 else f"{value:.{max(0, -math.floor(math.log10(step)))}f}"


def line_chart(
    title: str,
    series: Sequence[Series],
    *,
    x_label: str,
    y_label: str,
    x_names: Sequence[str] | None = None,
    width: int = 1000,
    height: int = 560,
) -> bytes:
    """PNG bytes of `series` drawn over steps 1..n (or `x_names`), with a title and axis labels."""
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    # The right margin holds each line's end label; it widens for labels that would not fit.
    label_font = font(20, bold=True)
    widest = max((label_font.getlength(f"{s.label} {s.values[-1]:.0f}") for s in series if s.values), default=0)
    left, right, top, bottom = 90, width - max(190, int(widest) + 50), 70, height - 70
    draw.text((left, 20), title, font=font(28, bold=True), fill=INK)
    points = max((len(s.values) for s in series), default=0)
    values = [v for s in series for v in s.values]
    marks = ticks(min(values), max(values)) if values else [0.0, 1.0]
    low, high = marks[0], marks[-1]

    def xy(i: int, v: float) -> tuple[float, float]:
        # a single step stands in the middle, not on the axis
        x = left + (right - left) * (i / (points - 1) if points > 1 else 0.5)
        return x, bottom - (bottom - top) * (v - low) / (high - low)

    small = font(18)
    for v in marks:
        _, y = xy(0, v)
        draw.line((left, y, right, y), fill=GRID, width=1)
        draw.text((left - 10, y), _tick_label(v, marks[1] - marks[0]), font=small, fill=SOFT, anchor="rm")
    step = int(ticks(0, points, 12)[1]) if points > 12 else 1  # every step, or every 2nd, 5th, 10th, 20th...
    for i in range(points):
        if i and (i + 1) % step:
            continue
        x, _ = xy(i, low)
        name = x_names[i] if x_names is not None and i < len(x_names) else str(i + 1)
        draw.text((x, bottom + 12), name, font=small, fill=SOFT, anchor="mt")
    draw.text(((left + right) / 2, height - 24), x_label, font=small, fill=INK, anchor="mm")
    draw.text((14, top - 30), y_label, font=small, fill=INK)
    draw.line((left, top, left, bottom, right, bottom), fill=INK, width=2)
    many = len(series) > 1
    for n, s in enumerate(series):
        colour, shape = STYLES[n % len(STYLES)]
        coords = [xy(i, v) for i, v in enumerate(s.values)]
        # the first series widest, each later one narrower on top: equal lines show both colours
        width = max(3, 10 - 3 * n) if many else 4
        radius = max(4, 9 - 2 * n) if many else 5
        if len(coords) > 1 and n and many:
            _dashed(draw, coords, colour, width)
        elif len(coords) > 1:
            draw.line(coords, fill=colour, width=width, joint="curve")
        for x, y in coords if len(coords) <= 40 else coords[-1:]:  # hundreds of markers would blur the line
            _marker(draw, shape, x, y, radius, colour)
        if len(coords) == 1:  # a lone point: its value beside it
            x, y = coords[0]
            draw.text((x + 16, y), f"{s.values[0]:.0f}", font=label_font, fill=INK, anchor="lm")
    # End labels in the order of their lines' ends, pushed apart so they never overlap.
    ends = sorted(((xy(len(s.values) - 1, s.values[-1])[1], n) for n, s in enumerate(series) if s.values))
    placed: list[float] = []
    for y, n in ends:
        y = max(y, placed[-1] + 28) if placed else y
        placed.append(y)
        colour, shape = STYLES[n % len(STYLES)]
        _marker(draw, shape, right + 22, y, 7, colour)
        draw.text(
            (right + 36, y),
            f"{series[n].label} {series[n].values[-1]:.0f}",
            font=label_font,
            fill=INK,
            anchor="lm",
        )
    return png(image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))


@dataclass(frozen=True)
class Step:
    """One player on a podium: their place (1–3, shared on a tie), name and the figure under it."""

    place: int
    name: str
    figure: str


def podium(title: str, steps: Sequence[Step], *, subtitle: str = "", width: int = 900, height: int = 520) -> bytes:
    """PNG bytes of a podium: first in the middle, second on the left, third on the right, each step
    with its place number (the second cue beside the colour), the player's name and a figure."""
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((width / 2, 26), fit(title, 30, width - 40, bold=True), font=font(30, bold=True), fill=INK, anchor="mt")
    if subtitle:
        draw.text((width / 2, 68), fit(subtitle, 20, width - 40), font=font(20), fill=SOFT, anchor="mt")
    column = (width - 80) // 3
    heights = {1: 220, 2: 160, 3: 110}
    order = {1: 1, 2: 0, 3: 2}  # the column of each place
    bottom = height - 30
    for n, step in enumerate(sorted(steps, key=lambda s: s.place)[:3]):
        slot = order.get(n + 1, n)
        colour, _ = STYLES[slot % len(STYLES)]
        left = 40 + slot * column + 10
        right = left + column - 20
        top = bottom - heights.get(step.place, 110)
        draw.rectangle((left, top, right, bottom), fill=colour, outline=INK, width=2)
        draw.text(((left + right) / 2, top + 12), str(step.place), font=font(56, bold=True), fill=PAPER, anchor="mt")
        name = fit(step.name, 24, column - 16, bold=True)
        draw.text(((left + right) / 2, top - 46), name, font=font(24, bold=True), fill=INK, anchor="mb")
        draw.text(((left + right) / 2, top - 12), fit(step.figure, 20, column - 16), font=font(20), fill=SOFT,
                  anchor="mb")
    return png(image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))
