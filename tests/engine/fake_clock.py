"""Fake clocks for the AIs' time caps: timing assertions are not allowed in tests (the machines are
shared and noisy), so the clock an AI reads (`ai_action(..., clock=...)`) is one the test moves.

`WorkClock` moves with the work instead of with the reading: it advances a fixed tick every time an
engine carries out a decision (its one primitive, patched by `count_work`), so "time" is the amount
of engine work done, and an AI that did too much of it without stopping shows up as a decision that
"ran" past its budget. `ReadingClock` moves one tick per reading, the cheap way to let an AI do a
little of its look-ahead before the budget runs out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


class ReadingClock:
    """A clock that moves `tick` seconds each time it is read."""

    def __init__(self, tick: float = 1.0) -> None:
        self.tick = tick
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


class WorkClock:
    """A clock that moves `tick` seconds per engine decision carried out (never by reading it)."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0
        self.steps = 0
        self.readings: list[float] = []

    def __call__(self) -> float:
        self.readings.append(self.now)
        return self.now

    def step(self) -> None:
        self.steps += 1
        self.now += self.tick


#: Where each engine carries out one decision: every trial of a greedy player, every rollout move
#: and every `Game.apply` goes through it (module, function name; modules that imported the
#: function by name are patched as well).
PRIMITIVES: dict[str, list[tuple[str, str]]] = {
    "yokohama": [("engine.yokohama.flow", "apply")],
    "duel": [("engine.duel.flow", "perform"), ("engine.duel.greedy", "perform"), ("engine.duel.ai", "perform")],
    "rollwrite": [("engine.rollwrite.flow", "perform")],
}


def count_work(monkeypatch: pytest.MonkeyPatch, game_name: str, clock: WorkClock) -> None:
    """Make every decision the engine carries out advance `clock` by one tick (before it runs)."""
    import importlib

    for module_name, name in PRIMITIVES[game_name]:
        module = importlib.import_module(module_name)
        original: Callable[..., Any] = getattr(module, name)

        def advancing(*args: Any, _original: Callable[..., Any] = original, **kwargs: Any) -> Any:
            clock.step()
            return _original(*args, **kwargs)

        monkeypatch.setattr(module, name, advancing)
