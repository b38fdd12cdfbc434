"""Drawing off the event loop, in worker processes: a burst of pictures never delays a click or the heartbeat.

Drawing holds the GIL (only zlib releases it), so pictures drawn in threads of the bot's own process still
slow every other coroutine: a few 20-ms pictures at once and a click's first answer waits behind them.
`draw(fn, *args, **kwargs)` runs `fn` in a small process pool instead and awaits its result. Each worker
keeps its own bounded caches (the printed boards, text sprites, compressed rows), so memory grows by one
drawing process's share per worker, not per game.

`DRAWING_PROCESSES` (environment) sets the pool's size: 1 by default (a second core stays with the bot),
0 to draw in threads of the bot's process as before. A function that cannot be sent to a worker (a test's
stand-in defined inside the test) is drawn in a thread, and a worker that died is replaced.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import logging
import multiprocessing
import os
import pickle
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def processes() -> int:
    """How many drawing processes (`DRAWING_PROCESSES`, default 1; 0 draws in threads)."""
    text = os.environ.get("DRAWING_PROCESSES", "").strip()
    return max(0, int(text)) if text.isdigit() else 1


def _warm() -> int:
    """Run in a new worker: import the renderers and the fonts once, so the first picture is not the slow one."""
    import rendering.duel  # noqa: F401
    import rendering.rollwrite  # noqa: F401
    import rendering.yokohama  # noqa: F401
    from rendering.kit.fonts import font

    font(34, True)
    return os.getpid()


def pool() -> ProcessPoolExecutor | None:
    """The shared drawing pool (started on first use, with "spawn": the bot's process has threads, which a
    fork would copy half-way); None when drawing in threads."""
    global _pool
    if processes() == 0:
        return None
    with _lock:
        if _pool is None:
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(max_workers=processes(), mp_context=context, initializer=_warm)
        return _pool


def _restart(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


@functools.lru_cache(maxsize=256)
def _sendable(fn: Callable[..., Any]) -> bool:
    """Whether a worker can find `fn` (a module-level function pickles by its name; a test's stand-in defined
    inside the test does not). Only the function is tried: its arguments are views, plain data, and pickling
    them twice (to try, then to send) cost ~0.7 ms of the bot's own time per picture."""
    try:
        pickle.dumps(fn)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


def _cached_sendable(fn: Callable[..., Any]) -> bool:
    while isinstance(fn, functools.partial):  # a picture call already bound to its view: its function decides
        fn = fn.func
    try:
        return _sendable(fn)
    except TypeError:  # not hashable: try it each time
        return _sendable.__wrapped__(fn)


async def draw(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` in a drawing process (or a thread: see the module's note), awaited."""
    call = functools.partial(fn, *args, **kwargs)
    workers = pool()
    if workers is None or not _cached_sendable(fn):
        return await asyncio.to_thread(call)
    try:
        return await asyncio.wrap_future(workers.submit(call))
    except BrokenProcessPool:
        log.warning("a drawing process died; starting a new pool and drawing this picture in a thread")
        _restart(workers)
        return await asyncio.to_thread(call)


def shutdown() -> None:
    """Stop the drawing processes (at the bot's exit)."""
    global _pool
    with _lock:
        workers, _pool = _pool, None
    if workers is not None:
        workers.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown)
