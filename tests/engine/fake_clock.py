"""A fake `time` for the AIs' budget checks: timing assertions are not allowed in tests, so the
tests that need a budget to run out replace the AI module's clock with this one."""

from __future__ import annotations

from types import SimpleNamespace


class FakeClock:
    """`time.perf_counter` that moves one second per reading."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def fake_time() -> SimpleNamespace:
    """A stand-in for the `time` module whose `perf_counter` is a fresh `FakeClock`."""
    return SimpleNamespace(perf_counter=FakeClock().perf_counter)
