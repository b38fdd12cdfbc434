"""Every AI answers every position with a legal action (thousands of random positions per game).

The positions are every decision point of random games (random play reaches corners the AI's own
play never would), a few thousand per game. To keep thousands of decisions affordable the AI thinks
under a fake clock that moves a fiftieth of a second per reading (the AI reads it at every engine
decision of its search), with a budget of half a second to two and a half: it is cut short after
25 to 125 engine decisions, anywhere in its work, so the greedy first choice, the candidates and
cut-short look-aheads are all exercised. The answer must be one the engine accepts (`match_legal`).

Yokohama is not here: one of its AI decisions in a random mid-game position costs 0.5-3 s of CPU even
cut short (its candidates are rated by playing every option on), so thousands would take an hour.
`tests/engine/yokohama/test_ai.py` checks 35 random positions, and the thousands come from
`bench/ai_strength.py yokohama`, whose every AI decision (~50 per game) goes through `Game.apply`, which
refuses anything not legal.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Game, Rng
from engine.duel import GAME as DUEL
from engine.rollwrite import GAME as ROLLWRITE
from tests.engine.fake_clock import ReadingClock


def _positions(game: Game, players: tuple[int, ...], count: int, seed: int) -> list[tuple[Any, int]]:
    """`count` decision points of random games (every seat that owes a decision, every step)."""
    rng = Rng(seed)
    out: list[tuple[Any, int]] = []
    while len(out) < count:
        state = game.new(rng.choice(list(players)), rng.below(10**6))
        while not game.is_over(state) and len(out) < count:
            seat = rng.choice(game.to_act(state))
            options = game.legal(state, seat)
            if len(options) > 1:
                out.append((state, seat))
            state = game.apply(state, seat, rng.choice(options))
    return out


CASES = [
    pytest.param(DUEL, (2,), 3000, "easy", id="duel"),
    pytest.param(ROLLWRITE, (1, 2), 2000, "easy", id="rollwrite"),
    pytest.param(ROLLWRITE, (1, 2, 3, 4), 1000, "hard", id="rollwrite-hard"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "count", "level"), CASES)
def test_the_ai_answers_thousands_of_random_positions_legally(game: Game, players: tuple[int, ...], count: int,
                                                              level: str) -> None:
    rng = Rng(17)
    positions = _positions(game, players, count, seed=5)
    for index, (state, seat) in enumerate(positions):
        action = game.ai_action(state, seat, seed=index, budget_s=0.5 + rng.below(3), clock=ReadingClock(0.02),
                                level=level)
        assert game.match_legal(state, seat, action) is not None, (index, action)
