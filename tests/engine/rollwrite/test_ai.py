"""The Roll & Write AI: always legal, deterministic, and blind to the future rolls."""

from __future__ import annotations

import copy

import pytest

from engine.core import Rng, random_playout
from engine.rollwrite import GAME
from engine.rollwrite.components import ROUNDS


def _positions(count: int, seed: int) -> list[tuple[dict, int]]:
    """Random mid-game positions (random play from several seeds and sides, 1-3 players)."""
    rng = Rng(seed)
    out = []
    while len(out) < count:
        players = 1 + rng.below(3)
        playout = random_playout(GAME, players, rng.below(10**6), {"side": "AB"[rng.below(2)]},
                                 max_actions=rng.below(120 * players))
        if not GAME.is_over(playout.state):
            out.append((playout.state, rng.choice(GAME.to_act(playout.state))))
    return out


@pytest.mark.slow
def test_the_ai_always_picks_a_legal_action() -> None:
    for state, seat in _positions(100, 1):
        action = GAME.ai_action(state, seat, seed=3, budget_s=0.05)
        assert GAME.match_legal(state, seat, action) is not None


def test_the_ai_is_deterministic() -> None:
    for state, seat in _positions(8, 2):
        first = GAME.ai_action(state, seat, seed=5, budget_s=5.0)
        assert GAME.ai_action(copy.deepcopy(state), seat, seed=5, budget_s=5.0) == first


def test_the_ai_never_reads_the_future_rolls_fixed_at_new() -> None:
    """The swap test: other dice and cards for the rounds still to come never change its decision
    (every roll of the day is in the state from `new()`; a player sees only the current round's)."""
    swapped = 0
    for state, seat in _positions(10, 3):
        now = state["round"]
        if now >= ROUNDS:
            continue
        other = copy.deepcopy(state)
        rng = Rng(now)
        for r in range(now, ROUNDS):  # rounds after the current one (index `now` is round now + 1)
            other["dice"][r] = [rng.randint(1, 6) for _ in range(3)]
        future_cards = [c for r in range(now, ROUNDS) for c in other["cards"][r]]
        shuffled = rng.shuffled(future_cards)
        for i, r in enumerate(range(now, ROUNDS)):
            other["cards"][r] = shuffled[3 * i:3 * i + 3]
        assert GAME.ai_action(other, seat, budget_s=5.0) == GAME.ai_action(state, seat, budget_s=5.0)
        swapped += 1
    assert swapped >= 5
