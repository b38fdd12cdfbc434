"""A playout's move (an action picked from `offered` itself) is carried out by `RollWriteGame.apply`
directly; it must give exactly what the general path gives for the same action, and refuse
exactly what it refuses."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalAction, Rng, json_copy
from engine.rollwrite import GAME

CASES = [(1, 31, None), (2, 32, {"side": "B"}), (4, 33, {"start_player_priority": True, "chinatown": True})]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_a_move_picked_from_the_offered_list_equals_the_general_path(
    players: int, seed: int, options: dict[str, Any] | None
) -> None:
    rng = Rng(seed)
    state = GAME.new(players, seed, options)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        action = rng.choice(offered)
        general = GAME.apply(state, seat, json_copy(action))  # an equal action, not the offered object
        fast = GAME.apply(state, seat, action, offered=offered)
        assert GAME.dump(fast) == GAME.dump(general)
        for other in GAME.to_act(fast):
            assert GAME.legal(fast, other) == GAME.legal(GAME.load(GAME.dump(fast)), other)
        state = fast


def test_the_fast_path_refuses_what_the_general_path_refuses() -> None:
    state = GAME.new(2, 5, {"start_player_priority": True})
    waiting = next(s for s in range(2) if s not in GAME.to_act(state))
    offered = GAME.legal(state, 1 - waiting)
    with pytest.raises(IllegalAction, match="start player"):
        GAME.apply(state, waiting, offered[0], offered=offered)
    over = dict(state, over=True)
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(over, 1 - waiting, offered[0], offered=offered)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1 - waiting, {"do": "set", "set": 7}, offered=offered)


@pytest.mark.parametrize(("players", "seed", "options"), [*CASES, (3, 34, {"start_player_priority": True})])
def test_the_owed_step_reads_one_seat_as_to_act_does(players: int, seed: int, options: dict[str, Any] | None) -> None:
    """The fast path's check of the mover (`_owed_step`: a step) agrees with `to_act` for every seat, also
    one waiting for the start player's pick, and for seats that do not exist; the step it finds is the
    one `perform` would look up. Anything but an `int` is left to the general path."""
    rng = Rng(seed)
    state = GAME.new(players, seed, options)
    while not GAME.is_over(state):
        for seat in (-1, *range(players), players):
            step = GAME._owed_step(state, seat)
            assert (step is not None) == (seat in GAME.to_act(state)), seat
            assert step is GAME.step_of(state, seat)
        assert GAME._owed_step(state, True) is None
        assert GAME._owed_step(state, 0.0) is None  # type: ignore[arg-type]
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)


def _containers(value: Any) -> dict[int, Any]:
    """Every dict and list inside `value` (itself included), by identity."""
    found: dict[int, Any] = {}
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict | list) and id(item) not in found:
            found[id(item)] = item
            stack.extend(item.values() if isinstance(item, dict) else item)
    return found


@pytest.mark.parametrize(("players", "seed", "options"), [*CASES, (1, 35, {"chamber_of_commerce": True})])
def test_no_step_edits_or_keeps_the_action_it_applies(
    players: int, seed: int, options: dict[str, Any] | None
) -> None:
    """The fast path applies the offered option itself, uncopied: that is only safe while no step edits
    an action, and none keeps a part of one in the state (where a later move could edit it) unless the
    state held that part already (a bonus's gains, offered as they stand in the task)."""
    rng = Rng(seed)
    state = GAME.new(players, seed, options)
    taken: list[tuple[Any, Any]] = []
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        action = rng.choice(offered)
        before = _containers(state)
        taken.append((action, json_copy(action)))
        state = GAME.apply(state, seat, action, offered=offered)
        assert action == taken[-1][1]
        after = _containers(state)
        kept = [part for key, part in _containers(action).items() if key in after and key not in before]
        assert not kept, (action, kept)
    assert all(action == snapshot for action, snapshot in taken)
