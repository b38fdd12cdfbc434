"""Line charts (a daily score race, a rating history): a few series over numbered steps.

Charts are drawn in RGB for smooth lines and sent as a small palette PNG, like every picture.
Each series has a colour (Okabe-Ito, colour-blind safe) and a second cue: its own marker shape
and its label written at the end of its line, so no series is told apart by colour alone. A chart
reads on a phone (no text under 11 px at 390 px wide) and with few points as with hundreds: the
value axis ticks at round numbers (1, 2 or 5 times a power of ten), and a chart of fewer than three
steps shows its numbers as figures instead of two dots on an empty axis. Equal
lines stay distinguishable: the first series (the viewer's, "You") is drawn solid and widest, each
later one dashed and narrower on top of it, so a line lying on another shows through its gaps.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from i18n import _, labelled
from rendering.kit import draw_text, fit, png, text_width

RGB = tuple[int, int, int]
#: The width a phone shows a picture at, in pixels; text must read at 11 px there.
PHONE_WIDTH = 390
#: Fewer steps than this are shown as figures, not as a chart.
FEWEST_POINTS = 3
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


def smallest_text(width: int) -> int:
    """The smallest text size that reads at 11 px once a phone shows the picture 390 px wide."""
    return math.ceil(11 * width / PHONE_WIDTH)


def line_chart(
    title: str,
    series: Sequence[Series],
    *,
    x_label: str,
    y_label: str,
    x_names: Sequence[str] | None = None,
    width: int = 780,
    height: int = 560,
) -> bytes:
    """PNG bytes of `series` drawn over steps 1..n (or `x_names`), with a title and axis labels; with fewer
    than `FEWEST_POINTS` steps, the numbers themselves (`figures`): two dots on an axis say nothing."""
    if max((len(s.values) for s in series), default=0) < FEWEST_POINTS:
        return figures(title, series, x_label=x_label, width=width)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    small = smallest_text(width) + 1
    label = small + 1
    # The right margin holds each line's end label; it widens for labels that would not fit.
    widest = max((text_width(f"{s.label} {s.values[-1]:.0f}", label, True) for s in series if s.values), default=0)
    left = 24 + max(text_width(f"{v:.0f}", small) for s in series for v in s.values) + 12
    right, top, bottom = width - max(150, widest + 44), 96, height - 84
    draw_text(draw, (20, 16), fit(title, label + 6, width - 40, True), label + 6, INK, True)
    points = max((len(s.values) for s in series), default=0)
    values = [v for s in series for v in s.values]
    marks = ticks(min(values), max(values)) if values else [0.0, 1.0]
    low, high = marks[0], marks[-1]

    def xy(i: int, v: float) -> tuple[float, float]:
        x = left + (right - left) * (i / (points - 1) if points > 1 else 0.5)
        return x, bottom - (bottom - top) * (v - low) / (high - low)

    for v in marks:
        _x, y = xy(0, v)
        draw.line((left, y, right, y), fill=GRID, width=1)
        draw_text(draw, (left - 10, y), _tick_label(v, marks[1] - marks[0]), small, SOFT, anchor="rm")
    # every step, or every 2nd, 5th, 10th, 20th...: as many as fit side by side at this size
    fitting = max(2, (right - left) // (small * 3))
    step = int(ticks(0, points, fitting)[1]) if points > fitting else 1
    for i in range(points):
        if i and (i + 1) % step:
            continue
        x, _x = xy(i, low)
        name = x_names[i] if x_names is not None and i < len(x_names) else str(i + 1)
        draw_text(draw, (x, bottom + 8), name, small, SOFT, anchor="mt")
    draw_text(draw, ((left + right) / 2, height - 8), x_label, small, INK, anchor="md")
    draw_text(draw, (20, top - 12), y_label, small, INK, anchor="ld")
    draw.line((left, top, left, bottom, right, bottom), fill=INK, width=2)
    many = len(series) > 1
    for n, s in enumerate(series):
        colour, shape = STYLES[n % len(STYLES)]
        coords = [xy(i, v) for i, v in enumerate(s.values)]
        # the first series widest, each later one narrower on top: equal lines show both colours
        line_width = max(3, 10 - 3 * n) if many else 4
        radius = max(4, 9 - 2 * n) if many else 5
        if len(coords) > 1 and n and many:
            _dashed(draw, coords, colour, line_width)
        elif len(coords) > 1:
            draw.line(coords, fill=colour, width=line_width, joint="curve")
        for x, y in coords if len(coords) <= 40 else coords[-1:]:  # hundreds of markers would blur the line
            _marker(draw, shape, x, y, radius, colour)
        if len(coords) == 1:  # a lone point beside longer lines: its value beside it
            x, y = coords[0]
            draw_text(draw, (x + 16, y), f"{s.values[0]:.0f}", label, INK, True, "lm")
    # End labels in the order of their lines' ends, pushed apart so they never overlap.
    ends = sorted(((xy(len(s.values) - 1, s.values[-1])[1], n) for n, s in enumerate(series) if s.values))
    placed: list[float] = []
    for y, n in ends:
        y = max(y, placed[-1] + label + 6) if placed else y
        placed.append(y)
        colour, shape = STYLES[n % len(STYLES)]
        _marker(draw, shape, right + 20, y, 7, colour)
        draw_text(draw, (right + 34, y), f"{series[n].label} {series[n].values[-1]:.0f}", label, INK, True, "lm")
    return png(image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))


def figures(title: str, series: Sequence[Series], *, x_label: str, width: int = 780) -> bytes:
    """PNG bytes of each series' numbers as large figures (its marker, its label, its values in order and
    how many steps it has): what a chart of one or two points has to say."""
    small = smallest_text(width) + 1
    big = small * 2
    row = big + small + 40
    shown = [s for s in series if s.values]
    image = Image.new("RGB", (width, 90 + row * max(1, len(shown)) + 10), PAPER)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (20, 16), fit(title, small + 6, width - 40, True), small + 6, INK, True)
    if not shown:
        draw_text(draw, (20, 100), _("Nothing to show yet"), small, SOFT)
    for n, s in enumerate(shown):
        colour, shape = STYLES[n % len(STYLES)]
        top = 90 + n * row
        _marker(draw, shape, 34, top + big / 2 + 4, 10, colour)
        name_w = text_width(s.label, small + 2, True)
        draw_text(draw, (58, top + big / 2 + 4), fit(s.label, small + 2, width // 2 - 70, True), small + 2, INK, True,
                  "lm")
        figures_x = max(58 + min(name_w, width // 2 - 70) + 24, width // 2)
        draw_text(draw, (figures_x, top), " → ".join(f"{v:.0f}" for v in s.values), big, INK, True)
        draw_text(draw, (figures_x, top + big + 8), labelled(x_label, str(len(s.values))), small, SOFT)
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
    small = smallest_text(width) + 1
    draw_text(draw, (width / 2, 20), fit(title, small + 8, width - 40, True), small + 8, INK, True, "mt")
    if subtitle:
        draw_text(draw, (width / 2, 30 + small + 8), fit(subtitle, small, width - 40), small, SOFT, anchor="mt")
    column = (width - 80) // 3
    heights = {1: 220, 2: 160, 3: 110}
    order = {1: 1, 2: 0, 3: 2}  # the column of each place
    bottom = height - 30
    for n, step in enumerate(sorted(steps, key=lambda s: s.place)[:3]):
        slot = order.get(n + 1, n)
        colour, _x = STYLES[slot % len(STYLES)]
        left = 40 + slot * column + 10
        right = left + column - 20
        top = bottom - heights.get(step.place, 110)
        draw.rectangle((left, top, right, bottom), fill=colour, outline=INK, width=2)
        draw_text(draw, ((left + right) / 2, top + 12), str(step.place), 56, PAPER, True, "mt")
        name = fit(step.name, small + 2, column - 16, bold=True)
        draw_text(draw, ((left + right) / 2, top - small - 16), name, small + 2, INK, True, "mb")
        draw_text(draw, ((left + right) / 2, top - 8), fit(step.figure, small, column - 16), small, SOFT, anchor="mb")
    return png(image.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))
