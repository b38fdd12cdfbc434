"""Freed picture memory goes back to the system, so a long-running bot's RSS follows what it keeps.

glibc serves a large allocation with its own memory map and returns it on free, but after freeing one it
raises that threshold (up to 32 MB) and serves later ones from the heap, where freed space mostly stays
with the process. Pictures are 0.5-3 MB buffers allocated and freed on every turn, so with the moving
threshold a bot's RSS climbs to a high-water mark it never leaves (measured: 369 MiB after drawing
1,000 games of each kind). Fixing the threshold at 256 KiB keeps every large buffer in its own map.

A map of its own costs its page faults whenever it is touched afresh: on this shared machine a 3-MB picture
buffer took ~3 ms to allocate and fill, more than drawing a turn's marks on it. So Pillow allocates images
in blocks of `PICTURE_BLOCK` bytes (below the threshold: from the heap), and glibc keeps up to
`HEAP_KEPT` bytes of freed heap at its top instead of returning them at once (its trim threshold), so
the next picture's blocks come back without faults. Measured (a copy of a sheet, a band, a board and a
text sprite): one map per picture 3.5 ms; Pillow's own cache of 8 freed blocks 5.7 ms (a kept 3-MB block
is cut down for the next sprite and grown again for the next picture); 128-KiB blocks from a heap that
keeps 8 MiB 0.9 ms. RSS over the memory benchmark's first 40 games of each kind: the same (186 MiB).
(Pillow keeping 128 freed 128-KiB blocks instead: 474 MiB; they pin the heap.)
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3  # mallopt parameter (malloc.h)
PICTURE_BUFFERS_FROM = 256 * 1024
M_TRIM_THRESHOLD = -1
#: Pillow's image block: a picture is allocated as rows grouped in blocks of at most this many bytes.
PICTURE_BLOCK = 128 * 1024
#: Freed heap glibc keeps at its top for the next pictures (a few pictures' worth).
HEAP_KEPT = 8 * 2**20


_libc: ctypes.CDLL | None = None


def _c_library() -> ctypes.CDLL | None:
    global _libc
    if _libc is None:
        name = ctypes.util.find_library("c")
        if name is not None:
            try:
                _libc = ctypes.CDLL(name)
            except OSError:
                return None
    return _libc


def release_freed_heap() -> bool:
    """Give the heap's free pages back to the system, the holes between kept objects too (glibc's
    `malloc_trim`, which keeps `HEAP_KEPT` at the heap's top): cached compressed rows are small objects kept
    for a while, and freed buffers between them otherwise stay with the process. False without glibc."""
    libc = _c_library()
    try:
        return libc is not None and bool(libc.malloc_trim(HEAP_KEPT))
    except AttributeError:
        return False


def keep_picture_buffers_apart() -> bool:
    """Pillow's images in `PICTURE_BLOCK`s, glibc's mmap threshold fixed and its trim threshold raised (see
    above); False where there is no glibc (then only Pillow's block size is set)."""
    from PIL import Image

    Image.core.set_block_size(PICTURE_BLOCK)
    Image.core.set_blocks_max(0)
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, PICTURE_BUFFERS_FROM)) and bool(
            libc.mallopt(M_TRIM_THRESHOLD, HEAP_KEPT))
    except (OSError, AttributeError):
        return False
