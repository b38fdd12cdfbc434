"""Roll & Write's option lists kept seat by seat for a playout (`apply(..., offered=...)`) are the
lists a fresh build gives, whichever seat the playout picks next (issue 25)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng
from engine.rollwrite import GAME, flow

CASES = [
    (2, 41, None),
    (3, 42, {"side": "B"}),
    (4, 43, {"start_player_priority": True}),
    (4, 44, {"chamber_of_commerce": True}),
]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_every_seats_kept_option_list_is_a_fresh_build(players: int, seed: int, options: dict[str, Any] | None) -> None:
    rng = Rng(seed)
    state = GAME.new(players, seed, options)
    while not GAME.is_over(state):
        for seat in range(players):
            if seat in GAME.to_act(state):
                assert GAME.legal(state, seat) == flow.options(state, seat)
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)
