"""PNG encoding: palette images at a low compression level, and only the rows that changed compressed.

Encoding is most of a picture's CPU (a 1100x2944 Roll & Write sheet: ~12 ms of zlib for 1-3 ms of
drawing), and successive pictures of a game are mostly the same pixels: the printed board plus the
marks so far, of which a turn changes a few. So a large palette picture is cut into bands of rows,
each band compressed on its own (a deflate stream flushed at every band boundary is still one valid
stream, and a band's compressed bytes then depend on that band alone), and a band already compressed
(the same bytes in this or any earlier picture, of any game) is reused from a bounded cache keyed by
its content. Memory stays flat: the cache holds at most `BAND_CACHE_BYTES` of compressed bands and
forgets the least recently used. The PNG is assembled by hand (signature, IHDR, PLTE, IDAT, IEND);
Pillow decodes it like its own.

Bands are compressed with zlib-ng (`zlib_ng`, a drop-in zlib: the same deflate format, its level 6 ~45 %
cheaper than zlib's and a little smaller, its checksums several times faster), stdlib zlib where it is not
installed. A band is looked up by its CRC-32 and Adler-32 (the trailer needs the Adler-32 anyway; both
together cost a quarter of Python's hash of the band).

Small palette pictures are one zlib-ng stream, assembled the same way (`_whole_png`); images that are not
palette images, or have a transparent colour, go through Pillow.
"""

from __future__ import annotations

import io
import struct
import threading
import zlib
from collections import OrderedDict
from types import ModuleType
from typing import Any

from PIL import Image

from rendering.kit.memory import release_freed_heap

deflate: ModuleType
try:
    from zlib_ng import zlib_ng as deflate
except ImportError:  # pragma: no cover - zlib-ng is a dependency; plain zlib gives the same format, slower
    deflate = zlib

#: zlib levels 1-3 are the same fast algorithm (deflate_fast) searching a little longer: measured here on a
#: Roll & Write sheet, level 3 costs what level 1 does (~23 ms whole) and is 16 % smaller (130 vs 155 KiB);
#: level 4 and up switch to lazy matching and cost 1.6x and more.
COMPRESS_LEVEL = 3
#: The level for pictures whose bytes count more than their CPU: those sent to a player's phone again and
#: again (a Roll & Write sheet every round, a lead picture with every turn post). zlib level 4 and up is lazy
#: matching: measured on a Roll & Write sheet without laboratories (2324 rows, every band compressed afresh)
#: level 3 gives 92 KiB in 6.6 ms, 5 77 KiB in 12.8 ms, 6 70 KiB in 17.3 ms. A band is compressed once and
#: then reused from the cache while its rows stay the same, so the slower level costs only on the bands a
#: turn changed. With zlib-ng, the 412 distinct bands of a 2-player table game's 26 sheets: level 6
#: 0.20 ms a band and 1.92 MB in all (zlib: 0.36 ms, 2.00 MB), level 5 0.16 ms and 2.03 MB.
SMALL_LEVEL = 6
#: Rows per separately compressed band: small enough that one mark spoils little, large enough that
#: restarting the compressor's dictionary at each band costs little size (~5 % for 32 rows).
BAND_ROWS = 32
#: Pictures with fewer pixels than this are encoded whole (the bookkeeping would cost more than it saves).
BANDED_FROM = 400_000
#: At most this many bytes of compressed bands are kept (about a hundred large pictures' worth).
BAND_CACHE_BYTES = 24 * 2**20

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, "fastest" level hint; (0x7801 % 31 == 0)
_FINAL_BLOCK = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)  # an empty last block


class BandCache:
    """Compressed bands by content, least recently used forgotten first once over `limit` bytes.

    Keys are the band's length, the level, and its CRC-32 and Adler-32 (64 bits of checksum, computed at
    several GB/s; the Adler-32 is what the zlib trailer needs, combined across bands without reading the
    pixels again). Lookups and stores hold a lock, since pictures may be drawn in worker threads (each
    process has its own cache).
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.hits = 0
        self.misses = 0
        self._bands: OrderedDict[tuple[int, int, int], tuple[bytes, int]] = OrderedDict()
        self._lock = threading.Lock()

    def compressed(self, band: bytes, level: int = COMPRESS_LEVEL) -> tuple[bytes, int]:
        """(the band's deflate blocks at zlib `level`, ending byte-aligned after a full flush; its Adler-32)."""
        check = deflate.adler32(band)
        key = (len(band) * 16 + level, deflate.crc32(band), check)
        with self._lock:
            found = self._bands.get(key)
            if found is not None:
                self._bands.move_to_end(key)
                self.hits += 1
                return found
        compressor = _compressor(level)
        entry = (compressor.compress(band) + compressor.flush(deflate.Z_FULL_FLUSH), check)
        with self._lock:
            self.misses += 1
            if key not in self._bands:
                self._bands[key] = entry
                self.size += len(entry[0])
            while self.size > self.limit and self._bands:
                _, (old, _) = self._bands.popitem(last=False)
                self.size -= len(old)
        return entry

    def clear(self) -> None:
        with self._lock:
            self._bands.clear()
            self.size = self.hits = self.misses = 0


_compressors = threading.local()


def _compressor(level: int) -> Any:
    """This thread's compressor for `level`, kept from band to band: a full flush ends each band byte-aligned
    with the compressor's history reset, so a band's blocks never refer to the rows before it and are reused
    in any picture. One kept compressor instead of a new one per band spares allocating and freeing its
    state (a few hundred KiB) for every band compressed."""
    kept: dict[int, Any] | None = getattr(_compressors, "by_level", None)
    if kept is None:
        kept = _compressors.by_level = {}
    found = kept.get(level)
    if found is None:
        found = kept[level] = deflate.compressobj(level, deflate.DEFLATED, -15)
    return found


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from theirs (zlib's adler32_combine)."""
    base = 65521
    rem = second_length % base
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % base
    sum1 += (second & 0xFFFF) + base - 1
    sum2 += (first >> 16) + (second >> 16) + base - rem
    sum1 = sum1 - base if sum1 >= base else sum1
    sum1 = sum1 - base if sum1 >= base else sum1
    sum2 = sum2 - 2 * base if sum2 >= 2 * base else sum2
    sum2 = sum2 - base if sum2 >= base else sum2
    return sum1 | (sum2 << 16)


BANDS = BandCache(BAND_CACHE_BYTES)


def sent_often(image: Image.Image) -> Image.Image:
    """Mark `image` as a picture sent to phones again and again: `png` compresses it at `SMALL_LEVEL`."""
    image.info[LEVEL_KEY] = SMALL_LEVEL
    return image


LEVEL_KEY = "png_level"


def png(image: Image.Image, level: int | None = None) -> bytes:
    """The PNG bytes of `image` (a palette image in the bands of rows described above when large), at zlib
    `level`: by default `COMPRESS_LEVEL`, or `SMALL_LEVEL` for a picture marked `sent_often`."""
    if level is None:
        level = int(image.info.get(LEVEL_KEY, COMPRESS_LEVEL))
    if image.mode != "P" or "transparency" in image.info:
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=level)
        return buffer.getvalue()
    if image.width * image.height < BANDED_FROM:
        return _whole_png(image, level)
    data = _banded_png(image, level)
    global _since_trim
    _since_trim += 1
    if _since_trim >= TRIM_EVERY:
        _since_trim = 0
        release_freed_heap()
    return data


#: Large pictures encoded between two returns of the freed heap to the system (`release_freed_heap`, ~1 ms):
#: the band cache's small compressed rows, kept and evicted in turn, leave holes between them that only that
#: return gives back (without it RSS grew by 25 MiB over 100 games of each kind in `bench.render_memory`).
TRIM_EVERY = 32
_since_trim = 0


def _band_bytes(band_image: Image.Image) -> bytes:
    """The raw bytes of a band image: Pillow's raw encoder called as `Image.tobytes` calls it, without its
    Python set-up around it (a large picture has 40-70 bands: 0.7 to 0.4 ms a picture, measured here)."""
    encoder = Image.core.raw_encoder("P", "P")
    encoder.setimage(band_image.im, (0, 0, *band_image.size))
    _, status, data = encoder.encode(band_image.width * band_image.height + 1)
    return data if status == 1 else band_image.tobytes()


def _band_rows(image: Image.Image, band_image: Image.Image, top: int) -> bytes:
    """`image`'s rows from `top` pasted into `band_image` one column in, as raw bytes. Pillow's core calls
    first (its paste, clipped, minus the checks of `Image.paste`); should a Pillow release change them, its
    public calls, which give the same bytes (`test_encode.py`)."""
    try:
        band_image.im.paste(image.im, (1, -top, 1 + image.width, image.height - top))
        return _band_bytes(band_image)
    except (AttributeError, TypeError, ValueError):
        band_image.paste(image, (1, -top))
        return band_image.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk; its CRC-32 by zlib-ng (several times faster than zlib's on a picture's 20-100 KB of IDAT)
    without copying the data once more to put the chunk's type before it."""
    check = deflate.crc32(data, deflate.crc32(kind))
    return b"".join((struct.pack(">I", len(data)), kind, data, struct.pack(">I", check)))


def _assemble(image: Image.Image, idat: bytes) -> bytes:
    """The PNG of an 8-bit palette image, not interlaced, from its zlib stream."""
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    palette = image.getpalette() or [0, 0, 0]
    return b"".join((
        _SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", bytes(palette[:768])),
        _chunk(b"IDAT", idat), _chunk(b"IEND", b""),
    ))


def _whole_png(image: Image.Image, level: int) -> bytes:
    """A small palette picture as one zlib-ng stream: no bands (the bookkeeping would cost more than reusing
    them saves), but not Pillow's encoder either, whose zlib compresses a lead picture or an own view at
    level 6 at about twice zlib-ng's CPU (measured: 2.6 ms a Yokohama own view through Pillow)."""
    rows = Image.new("P", (image.width + 1, image.height), 0)  # each row led by its filter type byte 0 ("none")
    image.load()
    raw = _band_rows(image, rows, 0)
    compressor = deflate.compressobj(level, deflate.DEFLATED, 15)
    return _assemble(image, compressor.compress(raw) + compressor.flush())


def _banded_png(image: Image.Image, level: int) -> bytes:
    width, height = image.size
    # A band of rows with one column more on the left, of index 0: each row of its raw bytes then starts
    # with the PNG filter type byte 0 ("none"). One small band image is reused for every band, so encoding
    # never allocates a buffer the size of the picture (with picture buffers kept apart, `memory`, a fresh
    # 3-MB buffer costs its page faults: ~3 ms each on a loaded machine, more than the compression of the
    # bands a turn changed).
    band_image = Image.new("P", (width + 1, BAND_ROWS), 0)
    parts = [_ZLIB_HEADER]
    check = 1
    stride = width + 1
    image.load()
    for top in range(0, height, BAND_ROWS):
        band = _band_rows(image, band_image, top)
        rows = min(BAND_ROWS, height - top)
        if rows < BAND_ROWS:
            band = band[:rows * stride]
        data, band_check = BANDS.compressed(band, level)
        parts.append(data)
        check = adler32_combine(check, band_check, len(band))
    parts.append(_FINAL_BLOCK)
    parts.append(struct.pack(">I", check))
    return _assemble(image, b"".join(parts))
