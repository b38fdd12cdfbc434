"""Timing one picture: the median time to draw it and to PNG-encode that same image, and its size.

Shared by the render benchmarks of every game, so their figures are measured the same way.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from PIL import Image

from rendering.kit import png


def timed(make: Callable[[], Image.Image], repeat: int) -> tuple[float, float, int]:
    """Median milliseconds to draw, median milliseconds to encode that same image, PNG bytes."""
    draws, encodes = [], []
    size = 0
    for _ in range(repeat):
        start = time.perf_counter()
        image = make()
        middle = time.perf_counter()
        data = png(image)
        end = time.perf_counter()
        draws.append((middle - start) * 1000)
        encodes.append((end - middle) * 1000)
        size = len(data)
    return statistics.median(draws), statistics.median(encodes), size


def report(name: str, make: Callable[[], Image.Image], repeat: int, *, width: int = 30) -> None:
    """Print one line: size, mode, draw and encode medians, their ratio and the PNG size."""
    image = make()
    draw_ms, encode_ms, size = timed(make, repeat)
    print(
        f"{name:<{width}} {image.width}x{image.height} {image.mode}: draw {draw_ms:6.2f} ms, "
        f"encode {encode_ms:6.2f} ms, draw/encode {draw_ms / encode_ms:4.2f}, PNG {size / 1024:5.1f} KiB"
    )
