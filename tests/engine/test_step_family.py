"""One step family: every game's decisions are `CandidateStep`s registered with the game, and the
contract's words for an action (`describe`, `public_label`, `detail`) and its refusals come from the
step that owns the action's kind (engine.core.steps)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import Game, IllegalAction, Rng, available_games
from engine.core.steps import CandidateStep, StepGame, kind_of

GAMES = {g.name: g for g in available_games()}
#: (players, options) per game: the simultaneous rounds of Roll & Write with several seats, so that a
#: kind offered by several seats' steps at once is worded by whichever step the game finds first.
SETUPS = {"yokohama": [(2, {}), (4, {})], "duel": [(2, {})],
          "rollwrite": [(1, {}), (3, {"start_player_priority": True, "chinatown": True, "chamber_of_commerce": True})]}


def positions(game: StepGame[Any, Any, Any], players: int, options: dict[str, Any], seed: int,
              turns: int) -> Iterator[tuple[Any, int]]:
    """(state, seat) for every decision of a random game, up to `turns` decisions."""
    rng = Rng(seed)
    state = game.new(players, seed, options)
    for _ in range(turns):
        if game.is_over(state):
            return
        seat = rng.choice(game.to_act(state))
        yield state, seat
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_registers_its_steps_and_their_kinds(name: str) -> None:
    game = GAMES[name]
    assert isinstance(game, StepGame)
    assert game.steps and all(isinstance(step, CandidateStep) and step.kinds for step in game.steps)
    assert len({id(step) for step in game.steps}) == len(game.steps)
    assert game.action_kinds >= {kind for step in game.steps for kind in step.kinds}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_offered_options_are_worded_and_refused_by_the_step_that_owns_them(name: str) -> None:
    game = GAMES[name]
    registered = {id(step) for step in game.steps}
    for players, options in SETUPS[name]:
        for seed in range(3):
            for state, seat in positions(game, players, options, seed, 120):
                step = game.step_of(state, seat)
                assert step is not None and id(step) in registered, (name, type(step).__name__)
                offered = game.legal(state, seat)
                assert offered == step.options(state, seat)
                for action in offered:
                    kind = kind_of(action)
                    assert kind in game.action_kinds and step.answers(kind), action
                    owner = game.owner_of(state, action)
                    assert owner is not None and owner.answers(kind)
                    assert game.describe(state, action) == step.label(state, action)
                    assert game.public_label(state, action) == step.public_label(state, action)
                    assert game.detail(state, action) == step.detail(state, action)
                    assert 0 < len(game.describe(state, action)) <= 80 and len(game.detail(state, action)) <= 100
                # an answer of the step's own kind that it does not list is refused with the step's reason
                own = [a for a in offered if kind_of(a) in step.kinds]
                if own:
                    forged = {**own[0], "forged": 1}
                    with pytest.raises(IllegalAction) as refused:
                        game.apply(state, seat, forged)
                    reason = step.refusal(state, seat, forged)
                    assert refused.value.message == (reason if reason is not None else Game.why_illegal(
                        game, state, seat, forged))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_action_shown_outside_its_moment_is_worded_by_the_first_step_declaring_its_kind(name: str) -> None:
    """A label asked for after the moment has passed (an earlier decision retold) still comes from a step of
    that kind, not from a dump of the action."""
    game = GAMES[name]
    players, options = SETUPS[name][0]
    state = game.new(players, 1, options)
    seat = game.to_act(state)[0]
    action = game.legal(state, seat)[0]
    after = game.apply(state, seat, action)
    kind = kind_of(action)
    first = next(step for step in game.steps if kind in step.kinds)
    owner = game.owner_of(after, action)
    assert owner is not None and owner.answers(kind)
    current = [game.step_of(after, s) for s in game.to_act(after)]
    if not any(step is not None and step.answers(kind) for step in current):
        assert owner is first
    assert game.owner_of(after, {"do": "no such kind"}) is None
    assert game.describe(after, {"do": "no such kind"}) == str({"do": "no such kind"})
    assert game.detail(after, {"do": "no such kind"}) == ""
    assert game.describe(after, action) == owner.label(after, action)
