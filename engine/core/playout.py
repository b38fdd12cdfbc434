"""Random playouts and replays through the contract, for every game's property tests.

`random_playout` plays any legal action for any seat that owes one until the game ends
(or a cap is hit), checking the contract on the way: a seat in `to_act` always has a
legal action, every action survives a JSON round trip, and `load(dump(s))` gives back
the same state. `replay` rebuilds a game from its seed and action log — the storage
layer's `check-db` and the determinism tests both rest on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from engine.core.contract import A, Game, S, canonical_state
from engine.core.rng import Rng

#: Chooses the action `seat` takes in `state` (a game of states `S` and actions `A`).
Policy = Callable[[Game[S, A, Any], S, int, Rng], A]


def random_policy(game: Game[S, A, Any], state: S, seat: int, rng: Rng) -> A:
    return rng.choice(game.legal(state, seat))


@dataclass
class Playout(Generic[S, A]):
    state: S
    log: list[tuple[int, A]] = field(default_factory=list)
    finished: bool = False


class ContractViolation(AssertionError):
    """A game broke the engine contract during a playout."""


def random_playout(
    game: Game[S, A, Any],
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    chooser_seed: int | None = None,
    max_actions: int | None = None,
    policy: Policy[S, A] = random_policy,
    check_every: int = 0,
) -> Playout[S, A]:
    """Play until `is_over` or `max_actions` actions; return the state and the log.

    `check_every=n` also round-trips the state through `dump`/`load` every n actions
    (0: only at the end) and checks every offered action is JSON-able.
    """
    state = game.new(players, seed, options)
    rng = Rng(seed * 7919 + 17 if chooser_seed is None else chooser_seed)
    result: Playout[S, A] = Playout(state=state)
    steps = 0
    while not game.is_over(state):
        if max_actions is not None and steps >= max_actions:
            return result
        seats = game.to_act(state)
        if not seats:
            raise ContractViolation(f"{game.name}: to_act is empty but the game is not over")
        seat = rng.choice(seats)
        offered: list[A] | None
        if policy is random_policy:  # the same choice, from the list `apply` then checks against
            offered = game.legal(state, seat)
            action = rng.choice(offered)
        else:
            offered, action = None, policy(game, state, seat, rng)
        if check_every and steps % check_every == 0:
            _check_actions_jsonable(game, state, seat)
            _check_round_trip(game, state)
        state = game.apply(state, seat, action, offered=offered)
        result.log.append((seat, action))
        result.state = state
        steps += 1
    if game.to_act(state):
        raise ContractViolation(f"{game.name}: to_act is not empty after the game ended")
    _check_round_trip(game, state)
    result.finished = True
    return result


def replay(
    game: Game[S, A, Any],
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    log: Sequence[tuple[int, A]],
) -> S:
    """The state reached by applying `log` to a new game; raises if an action is refused."""
    state = game.new(players, seed, options)
    for seat, action in log:
        state = game.apply(state, seat, action)
    return state


def _check_actions_jsonable(game: Game[S, Any, Any], state: S, seat: int) -> None:
    actions = game.legal(state, seat)
    if not actions:
        raise ContractViolation(f"{game.name}: seat {seat} is in to_act but has no legal action")
    for action in actions:
        if json.loads(json.dumps(action)) != action:
            raise ContractViolation(f"{game.name}: action {action!r} is not JSON-able")


def _check_round_trip(game: Game[S, Any, Any], state: S) -> None:
    text = game.dump(state)
    again = game.load(text)
    if game.dump(again) != text or not same_as_json(game.view(again, None), game.view(state, None)):
        raise ContractViolation(f"{game.name}: load(dump(state)) does not round-trip")


def same_as_json(a: Any, b: Any) -> bool:
    """Whether two values the engine made (here the public views of a state and of its reloaded copy) write
    the same canonical JSON.

    Python's `==` answers in C without writing either text (a Roll & Write view is ~40 KB; writing the two
    texts was ~3% of a mixed playout's instructions, counted with callgrind). Where `==` finds them equal the
    texts can still differ only by a number's type (1, 1.0 and True are equal in Python, not in JSON); the
    reloaded state has already dumped to the very text of the original, so its numbers have the original's
    types, and a view made from it by the same code has them too. Where `==` finds them unequal (a tuple
    beside a list is unequal in Python and alike in JSON), the texts decide."""
    return bool(a == b) or canonical_state(a) == canonical_state(b)
