"""Roll & Write's option lists kept seat by seat for a playout (`apply(..., offered=...)`) are the
lists a fresh build gives, whichever seat the playout picks next."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng
from engine.rollwrite import GAME, flow
from engine.rollwrite import game as game_module

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
        kept = game_module._seat_options
        for seat in range(players):
            if seat in GAME.to_act(state):
                assert GAME.legal(state, seat) == flow.options(state, seat)
            if kept is not None and kept[0] is state and seat in kept[1]:
                # the step noted with a seat's list is the one `apply` would look up (and answers it)
                assert kept[1][seat][0] is GAME.step_of(state, seat)
                assert seat in GAME.to_act(state)
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)
