"""A thinking-time cap for the AIs: a deadline on an injected clock, checked inside the work.

An AI's budget used to be read only between whole look-aheads, so one look-ahead under way (a
rollout of a hundred greedy decisions, or one greedy decision weighing hundreds of options) ran on
past it. Now the clock is read where the work is done:

- the AI's own loops (candidates, worlds, rollout decisions) ask `Deadline.passed()`;
- every engine's one primitive that carries out a decision (Yokohama `flow.apply`, Duel
  `flow.perform`, Roll & Write `flow.perform`) calls `checkpoint()`, which raises `OutOfTime` once
  the deadline of the search running in this thread (`Deadline.running`) has passed. Every trial
  a greedy player or a rollout makes goes through that primitive, so a look-ahead stops within one
  decision of the deadline wherever it is; the AI catches `OutOfTime` and answers with the best
  choice it has finished judging.

Outside a search no deadline is running and `checkpoint()` does nothing (one context-variable read),
so playouts, replays and the greedy players behave exactly as before. The clock is a callable
(`time.perf_counter` unless a caller gives another), which lets a test drive it by hand; the engines
stay pure — reading a clock is all they do, and only while a caller's search runs. The running
deadline lives in a `ContextVar`, so searches in different threads (the bot thinks off its event
loop) never see each other's.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar

#: A clock: seconds as a float, only differences matter (`time.perf_counter`, `time.monotonic`).
Clock = Callable[[], float]


class OutOfTime(Exception):
    """Raised by `checkpoint()` inside a search whose deadline has passed; the AI catches it."""


#: The share of a budget a search leaves for noticing its deadline and answering, and its most in seconds.
HEADROOM = 0.05
MAX_HEADROOM_S = 0.1


class Deadline:
    """The moment a search must stop: a little before `budget_s` seconds after creation on `clock`.

    A search notices its deadline at its next check and then still picks its answer, so a deadline at the
    budget itself ends most decisions just past it (a hard bot's p95 was its 2-s budget plus 4 ms). It
    stops `HEADROOM` of the budget early, at most `MAX_HEADROOM_S`, so the decision ends within it."""

    __slots__ = ("clock", "start", "at")

    def __init__(self, budget_s: float, clock: Clock | None = None) -> None:
        self.clock: Clock = clock if clock is not None else time.perf_counter
        self.start = self.clock()
        budget = max(0.0, budget_s)
        self.at = self.start + budget - min(budget * HEADROOM, MAX_HEADROOM_S)

    def passed(self) -> bool:
        """Whether the deadline has passed (reads the clock)."""
        return self.clock() > self.at

    def check(self) -> None:
        """Raise `OutOfTime` when the deadline has passed."""
        if self.clock() > self.at:
            raise OutOfTime

    @contextmanager
    def running(self) -> Iterator[Deadline]:
        """Make this the deadline `checkpoint()` enforces in this thread (context) while the block runs.

        Where the caller asked for it (`pausing_the_collector`, a process that only searches: a benchmark
        measuring small budgets), Python's cyclic garbage collector waits meanwhile: a search allocates
        thousands of state copies, and a full collection it set off walked the whole heap in one go
        (28–44 ms of CPU without a look at the clock, measured), longer than a 0.15-s budget's margin.
        A process that does other work (the bot) keeps its collector: its memory must not depend on
        whether a bot is thinking, and 44 ms is 2 % of its 2-s budget."""
        token = _RUNNING.set(self)
        try:
            with _collector_paused() if PAUSE_COLLECTOR.get() else nullcontext():
                yield self
        finally:
            _RUNNING.reset(token)


_RUNNING: ContextVar[Deadline | None] = ContextVar("engine_search_deadline", default=None)

#: Whether searches started in this context pause the cyclic garbage collector (off unless a caller that
#: only searches turns it on with `pausing_the_collector`).
PAUSE_COLLECTOR: ContextVar[bool] = ContextVar("engine_search_pauses_collector", default=False)


def pausing_the_collector() -> None:
    """From now on in this context, searches pause the cyclic collector while they run. For processes
    that only search (benchmarks of small budgets); never for one that serves people."""
    PAUSE_COLLECTOR.set(True)

#: Searches under way in any thread, and whether the collector was on when the first began.
_pause = {"searches": 0, "was_on": False}
_pause_lock = threading.Lock()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic collector off while at least one search runs (any thread), back as it was after the last."""
    with _pause_lock:
        if _pause["searches"] == 0:
            _pause["was_on"] = gc.isenabled()
            gc.disable()
        _pause["searches"] += 1
    try:
        yield
    finally:
        with _pause_lock:
            _pause["searches"] -= 1
            if _pause["searches"] == 0 and _pause["was_on"]:
                gc.enable()


def checkpoint() -> None:
    """A point where a search may be stopped: raises `OutOfTime` if the running search's deadline
    has passed; does nothing when no search is running (normal play)."""
    deadline = _RUNNING.get()
    if deadline is not None and deadline.clock() > deadline.at:
        raise OutOfTime
