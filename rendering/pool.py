"""Drawing off the event loop, in worker processes: a burst of pictures never delays a click or the heartbeat.

Drawing holds the GIL (only zlib releases it), so pictures drawn in threads of the bot's own process still
slow every other coroutine: a few 20-ms pictures at once and a click's first answer waits behind them.
`draw(fn, *args, **kwargs)` runs `fn` in a small process pool instead and awaits its result. Each worker
keeps its own bounded caches (the printed boards, text sprites, compressed rows), so memory grows by one
drawing process's share per worker, not per game.

Two lanes, each its own pool and queue:
- turn pictures (panels, turn posts, Full board): `DRAWING_PROCESSES` (environment) processes, 1 by default
  (a second core stays with the bot), 0 to draw in threads of the bot's process as before; `DRAWING_NICE`
  lowers their priority (default 0);
- long jobs, functions marked `@long_running` (a replay: seconds of drawing and GIF encoding): one process
  of their own, started for each job and ended after it, so a replay never holds a turn's picture behind it
  and its memory (every frame decoded) goes back to the system. It runs at the bot's priority: at `nice 10`
  a replay on a busy machine got a tenth of a core and took minutes.
A function that cannot be sent to a worker (a test's stand-in defined inside the test) is drawn in a
thread, and a worker that died is replaced.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import functools
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

TURN, LONG = "turn", "long"

_pools: dict[str, ProcessPoolExecutor] = {}
_lock = threading.Lock()
#: Called with (lane, seconds) after each picture drawn (the bot's metrics listen; rendering imports no bot).
DRAWN: list[Callable[[str, float], None]] = []


def processes() -> int:
    """How many drawing processes draw turn pictures (`DRAWING_PROCESSES`, default 1; 0 draws in threads)."""
    text = os.environ.get("DRAWING_PROCESSES", "").strip()
    return max(0, int(text)) if text.isdigit() else 1


def long_running(fn: F) -> F:
    """Mark `fn` as a long job (seconds: a replay): `draw` runs it in the long jobs' own process, so the
    turn pictures' queue never waits behind it."""
    fn.long_running = True  # type: ignore[attr-defined]
    return fn


def lane_of(fn: Callable[..., Any]) -> str:
    """`LONG` for a function marked `long_running` (or a partial of one), else `TURN`."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    return LONG if getattr(fn, "long_running", False) else TURN


def niceness() -> int:
    """How much lower than the bot the turn pictures' processes run (`DRAWING_NICE`, default 0: the same)."""
    text = os.environ.get("DRAWING_NICE", "").strip()
    return min(19, int(text)) if text.isdigit() else 0


#: What the long jobs' fork server imports once, for every job forked from it.
PRELOADED = ("rendering.forkserver_guard", "rendering.replay", "rendering.duel", "rendering.rollwrite",
             "rendering.yokohama")


#: How often a drawing process looks whether the process that started it is still there.
PARENT_CHECK_S = 1.0


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def watch_parent(bot: int | None = None, *, thread: bool = True) -> None:
    """Run in a new worker: end it when the bot dies, even by SIGKILL (which runs no clean-up in the bot).
    Linux delivers SIGKILL to the worker on its parent's death (`PR_SET_PDEATHSIG`); as a second guard (and
    for a worker whose parent is the long jobs' fork server), a daemon thread ends the worker once its parent
    changes or the bot's process (`bot`, its id) is gone. A worker left behind would hold its memory (tens of
    MB) until the machine restarts."""
    parent = os.getppid()
    if bot is not None and _gone(bot):  # the bot died before this worker started
        os._exit(0)
    with contextlib.suppress(Exception):
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the call above took effect
        os._exit(0)
    if not thread:
        return

    def watch() -> None:
        import time

        while os.getppid() == parent and not (bot is not None and _gone(bot)):
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _warm(bot: int | None = None) -> int:
    """Run in a new worker: end it with the bot (`watch_parent`), import the renderers and the fonts once,
    so the first picture is not the slow one; lower its priority by `niceness()`."""
    watch_parent(bot)
    if niceness():
        with contextlib.suppress(OSError):
            os.nice(niceness())
    import rendering.duel
    import rendering.rollwrite
    import rendering.yokohama  # noqa: F401
    from rendering.kit.fonts import font

    font(34, True)
    return os.getpid()


def pool(lane: str = TURN) -> ProcessPoolExecutor | None:
    """The drawing pool of a lane (started on first use, with "spawn" or a fork server: the bot's process has
    threads, which a fork of it would copy half-way); None when drawing in threads."""
    if processes() == 0:
        return None
    with _lock:
        found = _pools.get(lane)
        if found is None:
            if lane == LONG:
                # A process per job: a replay decodes every frame, and that memory leaves with the process. Each
                # is forked from a fork server that has imported the renderers once (a single-threaded process,
                # so the fork copies nothing half-way), so a job starts warm and at once.
                server = multiprocessing.get_context("forkserver")
                server.set_forkserver_preload(list(PRELOADED))
                found = ProcessPoolExecutor(max_workers=1, mp_context=server, max_tasks_per_child=1,
                                            initializer=watch_parent, initargs=(os.getpid(),))
            else:
                context = multiprocessing.get_context("spawn")
                found = ProcessPoolExecutor(max_workers=processes(), mp_context=context, initializer=_warm,
                                            initargs=(os.getpid(),))
            _pools[lane] = found
        return found


def _restart(lane: str, broken: ProcessPoolExecutor) -> None:
    with _lock:
        if _pools.get(lane) is broken:
            del _pools[lane]
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
    """`fn(*args, **kwargs)` in a drawing process of its lane (or a thread: see the module's note), awaited."""
    lane = lane_of(fn)
    started = time.perf_counter()
    drawn = await _draw(lane, fn, *args, **kwargs)
    for listener in DRAWN:
        listener(lane, time.perf_counter() - started)
    return drawn


async def _draw(lane: str, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    call = functools.partial(fn, *args, **kwargs)
    workers = pool(lane)
    if workers is None or not _cached_sendable(fn):
        return await asyncio.to_thread(call)
    try:
        return await asyncio.wrap_future(workers.submit(call))
    except BrokenProcessPool:
        log.warning("a drawing process (%s lane) died; starting a new pool and drawing this in a thread", lane)
        _restart(lane, workers)
        return await asyncio.to_thread(call)


def shutdown() -> None:
    """Stop the drawing processes (at the bot's exit)."""
    with _lock:
        workers = list(_pools.values())
        _pools.clear()
    for executor in workers:
        executor.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown)
