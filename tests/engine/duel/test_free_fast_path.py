"""The free actions' and the turn's options (hot paths: every decision of a turn offers them) are the allowed
candidates, in order — the refusal reasons are only written when asked for (issue 25)."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.duel import GAME
from engine.duel.free import FREE
from tests.engine.duel.helpers import every_tech_dealt


@pytest.mark.parametrize("dealt", [False, True])
@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_free_options_are_the_allowed_candidates_everywhere(seed: int, dealt: bool) -> None:
    rng = Rng(seed)
    state = every_tech_dealt(seed) if dealt else GAME.new(2, seed)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        for other in (0, 1):
            for agents in (True, False):
                allowed = [a for a, why in FREE.candidates(state, other, agents) if why is None]
                assert FREE.options(state, other, agents) == allowed
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)


@pytest.mark.parametrize("dealt", [False, True])
@pytest.mark.parametrize("seed", [7, 8, 9])
def test_the_turn_steps_options_are_its_allowed_candidates_everywhere(seed: int, dealt: bool) -> None:
    from engine.duel.turns import TURN

    rng = Rng(seed)
    state = every_tech_dealt(seed) if dealt else GAME.new(2, seed)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        if GAME.step_of(state, seat) is TURN:
            assert TURN.own_options(state, seat) == [a for a, why in TURN.candidates(state, seat) if why is None]
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)


@pytest.mark.parametrize("dealt", [False, True])
@pytest.mark.parametrize("seed", [10, 11, 12])
def test_the_power_steps_options_are_its_allowed_candidates_whenever_an_area_is_chosen(seed: int, dealt: bool) -> None:
    from engine.duel.areas import POWER

    rng = Rng(seed)
    state = every_tech_dealt(seed) if dealt else GAME.new(2, seed)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        if state["turn"]["act"] is not None:
            allowed = [a for a, why in POWER.candidates(state, seat) if why is None]
            assert POWER.own_options(state, seat) == allowed
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)
