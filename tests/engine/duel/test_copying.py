"""The Duel's move copy (engine/duel/copying.py) is the JSON copy it replaced: equal on every
position of several random games, sharing no list or dict with the original (issue 25)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng, json_copy
from engine.duel import GAME
from engine.duel.copying import copy_state


def _containers(value: Any) -> list[Any]:
    found: list[Any] = []
    if isinstance(value, dict):
        found.append(value)
        for item in value.values():
            found += _containers(item)
    elif isinstance(value, list):
        found.append(value)
        for item in value:
            found += _containers(item)
    return found


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_move_copy_equals_the_json_copy_and_shares_nothing(seed: int) -> None:
    rng = Rng(seed)
    state = GAME.new(2, seed)
    while not GAME.is_over(state):
        copied = copy_state(state)
        assert copied == json_copy(state)
        assert GAME.dump(copied) == GAME.dump(state)
        ids = {id(c) for c in _containers(state)}
        assert not any(id(c) in ids for c in _containers(copied))
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)


def test_a_state_of_unknown_shape_takes_the_json_copy() -> None:
    state: Any = GAME.new(2, 5)
    state["later"] = {"nested": [1]}
    copied: Any = copy_state(state)
    assert copied == json_copy(state) and copied["later"] is not state["later"]
