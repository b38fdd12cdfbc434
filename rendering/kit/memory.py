"""Freed picture memory goes back to the system, so a long-running bot's RSS follows what it keeps.

glibc serves a large allocation with its own memory map and returns it on free, but after freeing one it
raises that threshold (up to 32 MB) and serves later ones from the heap, where freed space mostly stays
with the process. Pictures are 0.5-3 MB buffers allocated and freed on every turn, so with the moving
threshold a bot's RSS climbs to a high-water mark it never leaves (measured: 369 MiB after drawing
1,000 games of each kind). Fixing the threshold at 256 KiB keeps every picture buffer in its own map.

A map of its own costs its page faults whenever it is touched afresh: on this shared machine a 3-MB picture
buffer took ~3 ms to allocate and fill, more than drawing a turn's marks on it. Pillow can keep a few freed
image blocks for its next images (`set_blocks_max`); `PICTURE_BLOCKS_KEPT` of them (each at most one
picture: Pillow's blocks are at most 16 MiB, a sheet's 3.2 MB) serve the next pictures without faults, and
bound what is kept.
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_MMAP_THRESHOLD = -3  # mallopt parameter (malloc.h)
PICTURE_BUFFERS_FROM = 256 * 1024
#: Freed Pillow image blocks kept for the next pictures (a picture and its working copy, a few times over).
PICTURE_BLOCKS_KEPT = 8


def keep_picture_buffers_apart() -> bool:
    """Fix glibc's mmap threshold and keep a few freed Pillow image blocks (see above); False where there is
    no glibc (then only Pillow's blocks are kept)."""
    from PIL import Image

    Image.core.set_blocks_max(PICTURE_BLOCKS_KEPT)
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, PICTURE_BUFFERS_FROM))
    except (OSError, AttributeError):
        return False
