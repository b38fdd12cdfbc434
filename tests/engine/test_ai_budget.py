"""Each AI keeps its time budget (issue 14: "a time budget per decision ... the time budget holds").

Timing assertions are not allowed in tests (the machines are shared and noisy), so the clock is a
fake one: every reading advances it by one second. With a budget of half a second the budget is
spent at the first check, so an AI that honours it stops after the look-ahead under way — one
look-ahead — and still answers with a legal action; with an ample budget the same AI does its full,
fixed amount of look-ahead (which is what makes the first assertion able to fail).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from engine.core import Game, random_playout
from engine.duel import GAME as DUEL
from engine.duel import ai as duel_ai
from engine.rollwrite import GAME as ROLLWRITE
from engine.rollwrite import ai as rollwrite_ai
from engine.yokohama import GAME as YOKOHAMA
from engine.yokohama import ai as yokohama_ai
from tests.engine.fake_clock import fake_time


def _position(game: Game, players: int, seed: int, wide: int) -> tuple[Any, int]:
    """A position reached by greedy play where the seat to act has at least `wide` options."""
    for cut in range(30, 400, 7):
        state = random_playout(game, players, seed, max_actions=cut,
                               policy=lambda g, s, seat, rng: g.auto_action(s, seat)).state
        if game.is_over(state):
            continue
        seat = game.to_act(state)[0]
        if len(game.legal(state, seat)) >= wide:
            return state, seat
    raise AssertionError("no position with enough options")


def _count_calls(monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str) -> list[int]:
    """Wrap `module.name` so every call is counted (the look-ahead unit of that AI)."""
    calls = [0]
    original: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


CASES = [
    # game, its AI module, the look-ahead it repeats, the full count with an ample budget
    pytest.param(YOKOHAMA, yokohama_ai, "rollout", 3, yokohama_ai.CANDIDATES * yokohama_ai.SAMPLES, id="yokohama",
                 marks=pytest.mark.slow),
    pytest.param(DUEL, duel_ai, "_play_out", 2, duel_ai.TOP_K * duel_ai.WORLDS, id="duel"),
    pytest.param(ROLLWRITE, rollwrite_ai, "_round_end", 1, None, id="rollwrite"),
]


@pytest.mark.parametrize(("game", "module", "lookahead", "players", "full"), CASES)
def test_a_spent_budget_stops_the_ai_after_the_look_ahead_under_way(
        monkeypatch: pytest.MonkeyPatch, game: Game, module: ModuleType, lookahead: str, players: int,
        full: int | None) -> None:
    state, seat = _position(game, players, seed=4, wide=4)
    calls = _count_calls(monkeypatch, module, lookahead)
    ample = game.ai_action(state, seat, seed=1, budget_s=10_000.0)
    ample_calls = calls[0]
    assert ample_calls == full if full is not None else ample_calls > 1, "an ample budget does the full look-ahead"
    assert game.match_legal(state, seat, ample) is not None

    calls[0] = 0
    monkeypatch.setattr(module, "time", fake_time())
    spent = game.ai_action(state, seat, seed=1, budget_s=0.5)
    assert calls[0] == 1, "with the budget spent at the first check, one look-ahead and no more"
    assert game.match_legal(state, seat, spent) is not None, "a cut-short decision is still a legal action"
