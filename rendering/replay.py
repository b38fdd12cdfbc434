"""An animated GIF of a finished game: one frame per turn or round, within Discord's upload limit.

The frames are the game's own pictures (PNG bytes). They share one palette (a GIF holds 256
colours and our pictures use fewer), and when the GIF would be too large the frames are scaled
down, then thinned out evenly (always keeping the first and the last), until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

#: Discord's upload limit for a server without boosts is 10 MiB; stay clearly under it.
MAX_BYTES = 9 * 1024 * 1024
MAX_WIDTH = 900
MIN_WIDTH = 420


def _decoded(frames: Sequence[bytes], width: int) -> list[Image.Image]:
    images = []
    for data in frames:
        image = Image.open(io.BytesIO(data)).convert("RGB")
        if image.width > width:
            image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.BILINEAR)
        images.append(image)
    # One canvas size for all frames (pictures of one game may differ by a few pixels).
    w, h = max(i.width for i in images), max(i.height for i in images)
    out = []
    for image in images:
        if image.size != (w, h):
            canvas = Image.new("RGB", (w, h), (255, 255, 255))
            canvas.paste(image, (0, 0))
            image = canvas
        out.append(image)
    return out


def _encode(images: list[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    palette = images[0].quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    frames = [palette] + [i.quantize(palette=palette, dither=Image.Dither.NONE) for i in images[1:]]
    buffer = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return buffer.getvalue()


def _thinned(items: list[bytes], keep: int) -> list[bytes]:
    """`keep` items spread evenly over `items`, the first and the last always among them."""
    if keep >= len(items):
        return items
    step = (len(items) - 1) / (keep - 1)
    return [items[round(i * step)] for i in range(keep)]


def animated_gif(frames: Sequence[bytes], *, frame_ms: int = 900, last_ms: int = 4000,
                 max_bytes: int = MAX_BYTES) -> bytes:
    """A looping GIF of `frames` (PNG bytes) no larger than `max_bytes`."""
    if not frames:
        raise ValueError("A replay needs at least one frame.")
    chosen = list(frames)
    width = MAX_WIDTH
    while True:
        data = _encode(_decoded(chosen, width), frame_ms, last_ms)
        if len(data) <= max_bytes:
            return data
        if width > MIN_WIDTH:
            width = max(MIN_WIDTH, int(width * 0.8))
        elif len(chosen) > 2:
            chosen = _thinned(list(frames), max(2, int(len(chosen) * max_bytes / len(data) * 0.9)))
        else:
            return data  # two small frames that still do not fit: nothing smaller to offer
