"""Which AI level the bot asks a game's engine for (the levels): a spy around `ai_action`."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import get_game


def spy_on_levels(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """The level of every decision game `name`'s AI is asked for, in order (the real AI still answers)."""
    engine = get_game(name)
    real = engine.ai_action
    levels: list[str] = []

    def spy(state: Any, seat: int, **kwargs: Any) -> Any:
        levels.append(str(kwargs.get("level", "easy")))
        return real(state, seat, **kwargs)

    monkeypatch.setattr(engine, "ai_action", spy)
    return levels
