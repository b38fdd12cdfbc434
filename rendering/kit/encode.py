"""PNG encoding: palette images at a low compression level (the hot path; `optimize=True` is slow)."""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 1


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
