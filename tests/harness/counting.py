"""Counting what one request costs: storage calls (by method), SQL statements, state parses, legal lists.

    counter = CallCounter(storage)           # wraps this storage object's methods and its connections
    with counter.counting():                 # and every registered engine's `load` and `legal`
        await fake.click(...)
    counter.calls["get_game"], counter.statements, counter.parses, counter.legal

Wrapping is per object (the storage instance, each engine's `GAME` singleton) and undone when the block
ends, so nothing leaks into other tests.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from engine.core import get_game, steps
from engine.core.registry import KNOWN_GAMES


class _CountingConn:
    """A connection that counts its statements, passing everything else through."""

    def __init__(self, conn: Any, counter: CallCounter, writing: bool) -> None:
        self._conn = conn
        self._counter = counter
        self._writing = writing

    def __getattr__(self, name: str) -> Any:
        inner = getattr(self._conn, name)
        if name not in ("execute", "executemany", "fetch", "fetchval", "insert"):
            return inner

        @functools.wraps(inner)
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self._counter.statements["write" if self._writing else "read"] += 1
            return await inner(*args, **kwargs)

        return counted


class CallCounter:
    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self.calls: Counter[str] = Counter()
        self.statements: Counter[str] = Counter()
        self.parses = 0
        #: Option lists built (a list `legal` hands out again after `apply(..., offered=)` is not counted).
        self.legal = 0
        #: Of those, lists built again for a (state, seat) whose list was built already.
        self.legal_again = 0
        self._built: dict[tuple[int, int], Any] = {}

    def reset(self) -> None:
        self.calls.clear()
        self.statements.clear()
        self.parses = 0
        self.legal = 0
        self.legal_again = 0
        self._built = {}

    def summary(self) -> dict[str, Any]:
        return {"calls": dict(self.calls), "statements": dict(self.statements), "parses": self.parses,
                "legal": self.legal, "legal_again": self.legal_again}

    def _wrap_storage(self, stack: contextlib.ExitStack) -> None:
        storage = self.storage
        for name, member in inspect.getmembers(type(storage)):
            if name.startswith("_") or not inspect.iscoroutinefunction(member):
                continue
            bound = getattr(storage, name)

            def make(name: str, bound: Callable[..., Any]) -> Callable[..., Any]:
                @functools.wraps(bound)
                async def counted(*args: Any, **kwargs: Any) -> Any:
                    self.calls[name] += 1
                    return await bound(*args, **kwargs)
                return counted

            setattr(storage, name, make(name, bound))
            stack.callback(delattr, storage, name)
        for name, writing in (("_read", False), ("_transaction", True)):
            inner = getattr(storage, name)

            def make_cm(inner: Callable[..., Any], writing: bool) -> Callable[..., Any]:
                @contextlib.asynccontextmanager
                async def counted(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
                    async with inner(*args, **kwargs) as conn:
                        yield _CountingConn(conn, self, writing)
                return counted

            setattr(storage, name, make_cm(inner, writing))
            stack.callback(delattr, storage, name)

    def _wrap_engines(self, stack: contextlib.ExitStack) -> None:
        for kind in KNOWN_GAMES:
            engine = get_game(kind)
            load, legal = engine.load, engine.legal

            def make_load(load: Callable[..., Any]) -> Callable[..., Any]:
                def counted(text: str) -> Any:
                    self.parses += 1
                    return load(text)
                return counted

            def make_legal(legal: Callable[..., Any]) -> Callable[..., Any]:
                def counted(state: Any, seat: int) -> Any:
                    kept = steps._kept
                    if kept is None or kept[0] is not state or kept[1] != seat:
                        self.legal += 1  # built, not handed out again (`apply(..., offered=)`)
                        key = (id(state), seat)
                        self.legal_again += key in self._built
                        self._built[key] = state  # held, so the id is not reused while counting
                    return legal(state, seat)
                return counted

            engine.load = make_load(load)  # type: ignore[method-assign]
            engine.legal = make_legal(legal)  # type: ignore[method-assign]
            stack.callback(delattr, engine, "load")
            stack.callback(delattr, engine, "legal")

    @contextlib.contextmanager
    def counting(self) -> Iterator[CallCounter]:
        self.reset()
        with contextlib.ExitStack() as stack:
            self._wrap_storage(stack)
            self._wrap_engines(stack)
            yield self
