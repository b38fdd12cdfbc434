"""The encoder reuses compressed rows across pictures; what it sends must decode to exactly the picture."""

from __future__ import annotations

import io
import struct
import zlib
from typing import Any

from PIL import Image, ImageDraw

from rendering.kit import encode
from rendering.kit.encode import BandCache, adler32_combine, png
from rendering.rollwrite.canvas import PALETTE


def picture(marks: int) -> Image.Image:
    image, draw = PALETTE.canvas(1000, 700)
    for k in range(marks):
        draw.ellipse((40 + 90 * k, 300, 100 + 90 * k, 360), fill=PALETTE.colours[5 + k])
    PALETTE.put_text(image, (20, 20), "Round 3 of 12", 30)
    return image


def idat(data: bytes) -> bytes:
    """The concatenated IDAT payload of a PNG."""
    out, at = b"", 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            out += data[at + 8:at + 8 + length]
        at += 12 + length
    return out


def test_a_banded_picture_decodes_to_the_same_pixels_with_the_cache_cold_and_warm() -> None:
    encode.BANDS = BandCache(encode.BAND_CACHE_BYTES)
    first = picture(3)
    cold = png(first)
    warm = png(first)
    assert cold == warm and encode.BANDS.hits > 0
    for data in (cold, png(picture(4))):  # the second shares most of its bands with the first
        decoded = Image.open(io.BytesIO(data))
        assert decoded.mode == "P"
    assert Image.open(io.BytesIO(cold)).convert("RGB").tobytes() == first.convert("RGB").tobytes()
    second = picture(4)
    assert Image.open(io.BytesIO(png(second))).convert("RGB").tobytes() == second.convert("RGB").tobytes()


def test_the_zlib_stream_is_whole_with_its_checksum() -> None:
    """zlib checks the Adler-32 trailer (combined band by band) only when asked to read to the end."""
    image = picture(2)
    data = png(image)
    raw = zlib.decompress(idat(data))
    assert len(raw) == image.height * (image.width + 1)


def test_adler32_combine_matches_zlib() -> None:
    a, b = b"the printed board" * 50, bytes(range(256)) * 300
    assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_the_band_cache_stays_under_its_limit() -> None:
    cache = BandCache(20_000)
    for k in range(200):
        cache.compressed(bytes([k % 256]) * 5000 + k.to_bytes(4, "big") * 3000)
    assert cache.size <= 20_000


def test_small_and_rgb_pictures_still_encode() -> None:
    small = Image.new("RGB", (50, 40), (10, 20, 30))
    ImageDraw.Draw(small).line((0, 0, 49, 39), fill=(200, 0, 0))
    assert Image.open(io.BytesIO(png(small))).convert("RGB").tobytes() == small.tobytes()


def test_bands_are_compressed_with_zlib_ng_and_decode_with_plain_zlib() -> None:
    """zlib-ng (a dependency) compresses the bands at about half zlib's CPU; its output is ordinary deflate."""
    assert encode.deflate.__name__ == "zlib_ng.zlib_ng"
    image = picture(5)
    data = png(image, encode.SMALL_LEVEL)
    zlib.decompress(idat(data))  # the whole stream, its Adler-32 trailer checked
    assert Image.open(io.BytesIO(data)).convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_a_band_is_read_as_pillow_reads_it() -> None:
    """The band's rows are pasted and read with Pillow's core calls directly: the bytes Pillow's own
    `paste` and `tobytes` give."""
    image = picture(3)
    fast = Image.new("P", (image.width + 1, encode.BAND_ROWS), 0)
    slow = Image.new("P", (image.width + 1, encode.BAND_ROWS), 0)
    for top in (0, 320, 672):  # the last band of this 700-row picture is cut short
        slow.paste(image, (1, -top))
        assert encode._band_rows(image, fast, top) == slow.tobytes()


def test_a_small_palette_picture_is_one_zlib_ng_stream_not_pillows_encoder(monkeypatch: Any) -> None:
    """A lead picture or an own view under `BANDED_FROM` pixels: Pillow's encoder compresses it with zlib at
    about twice zlib-ng's CPU, so the encoder assembles it itself, and it decodes to exactly the picture."""
    image, draw = PALETTE.canvas(780, 400)
    assert image.width * image.height < encode.BANDED_FROM
    draw.rectangle((20, 60, 300, 200), fill=PALETTE.colours[6])
    PALETTE.put_text(image, (20, 20), "Akiko: 3 Tea, ¥4", 30)
    encode.sent_often(image)

    def no_pillow(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("Pillow's PNG encoder was used")

    monkeypatch.setattr(Image.Image, "save", no_pillow)
    data = png(image)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "P" and decoded.size == image.size
    assert decoded.convert("RGB").tobytes() == image.convert("RGB").tobytes()
    assert len(zlib.decompress(idat(data))) == image.height * (image.width + 1)
