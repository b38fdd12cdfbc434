"""Both Yokohama benchmarks must cap the AI on the game's own CPU clock (`time.process_time`), so that
other work on a shared machine cannot cut a decision short and a seeded game replays the same."""

from __future__ import annotations

import pytest

from engine.yokohama.game import YokohamaGame


def record_ai_clocks(monkeypatch: pytest.MonkeyPatch, game: YokohamaGame) -> set[object]:
    """Replace `game.ai_action` by the greedy choice, collecting the clock each call was given."""
    clocks: set[object] = set()

    def ai_action(state: object, seat: int, **kwargs: object) -> object:
        clocks.add(kwargs["clock"])
        return game.auto_action(state, seat)  # type: ignore[arg-type]

    monkeypatch.setattr(game, "ai_action", ai_action)
    return clocks
