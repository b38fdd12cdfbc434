"""The free actions' and the turn's options (hot paths: every decision of a turn offers them) are the allowed
candidates, in order — the refusal reasons are only written when asked for."""

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


@pytest.mark.parametrize("dealt", [False, True])
@pytest.mark.parametrize("seed", [13, 14, 15, 16])
def test_the_build_and_exchange_steps_options_are_their_allowed_candidates_everywhere(seed: int, dealt: bool) -> None:
    from engine.duel.chinatown import STEPS as CHINATOWN_STEPS
    from engine.duel.turns import BUILD

    exchange = CHINATOWN_STEPS["exchange"]
    rng = Rng(seed)
    state = every_tech_dealt(seed) if dealt else GAME.new(2, seed)
    seen = set()
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        step = GAME.step_of(state, seat)
        if step in (BUILD, exchange):
            assert step.own_options(state, seat) == [a for a, why in step.candidates(state, seat) if why is None]
            seen.add(step.name)
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)
    assert seen == {"build", "exchange"}


def test_the_build_steps_options_are_its_allowed_candidates_in_every_kind_of_build_position() -> None:
    """What random walks rarely reach: all Shops or all Trading Houses built, a Trading House of the other
    seat where the player builds, no money or a lot."""
    from engine.core import json_copy
    from engine.duel.cards import AREAS, RULES
    from engine.duel.turns import BUILD

    rng = Rng(17)
    state = GAME.new(2, 17)
    while GAME.step_of(state, state["current"]) is not BUILD:
        seat = rng.choice(GAME.to_act(state))
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)
    seat = state["current"]
    here = state["turn"]["build"]["area"]
    others = [a for a in AREAS if AREAS[a].districts and a != here]
    # (all Shops built elsewhere cannot happen with eight districts; a made-up name stands for an eighth one)
    shop_sets = [[], [here], others[:RULES.shops_per_player - 1], [*others, "elsewhere"][:RULES.shops_per_player]]
    house_sets = [[], others[:len(RULES.trading_house_costs)], others[:1]]
    for shops in shop_sets:
        for houses in house_sets:
            for theirs in ([], [here]):
                for money in (0, 1, 4, 5, 100):
                    trial = json_copy(state)
                    trial["players"][seat].update(shops=list(shops), houses=list(houses), money=money)
                    trial["players"][1 - seat]["houses"] = list(theirs)
                    allowed = [a for a, why in BUILD.candidates(trial, seat) if why is None]
                    assert BUILD.own_options(trial, seat) == allowed
