"""Every Roll & Write step's options are the allowed answers among its candidates, in the same order:
a step that lists its options without wording the refused answers (Additional) offers exactly
what `candidates` allows, in every position of several random games, for every seat that owes a decision;
so do the steps that refuse nothing and list their options directly (`step.OpenStep`)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng
from engine.rollwrite import GAME, flow
from engine.rollwrite.round_steps import Additional

CASES = [
    (1, 21, None),
    (1, 22, {"side": "B", "chinatown": True}),
    (2, 23, {"chamber_of_commerce": True}),
    (3, 24, {"side": "B", "start_player_priority": True}),
    (4, 25, {"chinatown": True, "chamber_of_commerce": True}),
]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_options_are_the_allowed_candidates(players: int, seed: int, options: dict[str, Any] | None) -> None:
    rng = Rng(seed)
    state = GAME.new(players, seed, options)
    asked: set[str] = set()
    while not GAME.is_over(state):
        for seat in GAME.to_act(state):
            step = flow.step_of(state, seat)
            assert step is not None
            allowed = [action for action, why in step.candidates(state, seat) if why is None]
            assert step.options(state, seat) == allowed, (step.name, allowed)
            asked.add(step.name)
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)
    assert Additional.name in asked


def test_additional_options_skip_what_the_seat_cannot_pay_or_place() -> None:
    """A seat with nothing to pay offers only what costs nothing (D while a circle is unused, E)."""
    state = GAME.new(1, 3)
    ps = state["sheets"][0]
    ps["money"] = {"got": 2, "used": 2}
    ps["faith"] = {"got": 1, "used": 1}
    picks = [a["pick"] for a in Additional().own_options(state, 0)]
    allowed = [a["pick"] for a, why in Additional().candidates(state, 0) if why is None]
    assert picks == allowed
    assert "A" not in picks and "E" in picks


def test_additional_options_skip_what_has_no_room_left() -> None:
    """Every Elite hired and no circle left to cross: neither A nor D is offered, though paid for."""
    state = GAME.new(1, 3)
    ps = state["sheets"][0]
    ps["money"] = {"got": 30, "used": 0}
    ps["faith"] = {"got": 30, "used": 0}
    ps["elites"] = [True] * len(ps["elites"])
    ps["crossed"] = list(ps["written"])
    picks = [a["pick"] for a in Additional().own_options(state, 0)]
    assert picks == [a["pick"] for a, why in Additional().candidates(state, 0) if why is None]
    assert picks == ["B", "C", "E"]
