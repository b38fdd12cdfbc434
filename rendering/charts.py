"""Line charts (a daily score race, a rating history): a few series over numbered steps.

Charts are drawn in RGB for smooth lines and sent as a small palette PNG, like every picture.
Each series has a colour (Okabe-Ito, colour-blind safe) and a second cue: its own marker shape
and its label written at the end of its line, so no series is told apart by colour alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from rendering.kit import font, png

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
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    pad = (high - low) * 0.08
    low, high = (low - pad if low < 0 else max(0.0, low - pad)), high + pad

    def xy(i: int, v: float) -> tuple[float, float]:
        x = left + (right - left) * (i / max(1, points - 1))
        return x, bottom - (bottom - top) * (v - low) / (high - low)

    small = font(18)
    for k in range(6):
        v = low + (high - low) * k / 5
        _, y = xy(0, v)
        draw.line((left, y, right, y), fill=GRID, width=1)
        draw.text((left - 10, y), f"{v:.0f}", font=small, fill=SOFT, anchor="rm")
    step = max(1, points // 12)
    for i in range(0, points, step):
        x, _ = xy(i, low)
        name = x_names[i] if x_names is not None and i < len(x_names) else str(i + 1)
        draw.text((x, bottom + 12), name, font=small, fill=SOFT, anchor="mt")
    draw.text(((left + right) / 2, height - 24), x_label, font=small, fill=INK, anchor="mm")
    draw.text((14, top - 30), y_label, font=small, fill=INK)
    draw.line((left, top, left, bottom, right, bottom), fill=INK, width=2)
    for n, s in enumerate(series):
        colour, shape = STYLES[n % len(STYLES)]
        coords = [xy(i, v) for i, v in enumerate(s.values)]
        if len(coords) > 1:
            draw.line(coords, fill=colour, width=4, joint="curve")
        for x, y in coords:
            _marker(draw, shape, x, y, 5, colour)
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
