"""A move's copy of the acting sheet (`sheet.move_copy`) shares with the old sheet whatever
the move does not write, so a move must replace those parts rather than edit them. Every legal
move of several random games, taken on that copy, gives the state a full JSON copy gives, and
leaves the state it was taken in exactly as it was (a part edited in place instead of replaced
would change the old state through the shared list)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng, json_copy
from engine.rollwrite import GAME
from engine.rollwrite.sheet import move_copy

CASES = [
    (1, 11, None),
    (1, 12, {"side": "B", "chinatown": True}),
    (2, 13, {"chamber_of_commerce": True}),
    (3, 14, {"side": "B", "start_player_priority": True}),
    (4, 15, {"chinatown": True, "chamber_of_commerce": True}),
]


def _plain_apply(state: Any, seat: int, action: Any) -> Any:
    """The plain path: the whole state copied as JSON, then the move made on it."""
    plain = json_copy(state)
    GAME._apply(plain, seat, json_copy(action))
    return plain


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_every_move_on_the_moves_copy_equals_a_full_copy_and_leaves_the_old_state(
    players: int, seed: int, options: dict[str, Any] | None
) -> None:
    rng = Rng(seed)
    state = GAME.new(players, seed, options)
    history = [(state, GAME.dump(state))]
    moves = 0
    while not GAME.is_over(state):
        before = GAME.dump(state)
        for seat in GAME.to_act(state):
            for action in GAME.legal(state, seat):
                after = GAME.apply(state, seat, action)
                assert GAME.dump(after) == GAME.dump(_plain_apply(state, seat, action)), (seat, action)
                assert GAME.dump(state) == before, f"{action} changed the state it was taken in"
                moves += 1
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)
        history.append((state, GAME.dump(state)))
    # no later move reached back into an earlier state through a shared part
    assert all(GAME.dump(old) == text for old, text in history)
    assert moves > 100 * players


def test_a_sheet_with_an_unknown_key_is_copied_whole() -> None:
    ps = GAME.new(1, 3)["sheets"][0]
    odd: Any = {**ps, "future_field": [1, 2]}
    copied = move_copy(odd)
    assert copied == odd
    assert copied["written"] is not odd["written"] and copied["future_field"] is not odd["future_field"]


def test_the_parts_every_move_writes_are_fresh() -> None:
    """The queue and the round's events are copied; money, faith and the recording are shared like the
    rest (`pay`, `gain` and the recording steps replace them)."""
    state = GAME.new(1, 5)
    seat = 0
    while state["sheets"][seat]["record"] is None:
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, options[0])
    ps = state["sheets"][seat]
    copied = move_copy(ps)
    assert copied == ps
    for key in ("queue", "events"):
        assert copied[key] is not ps[key], key
    for key in ("money", "faith", "record", "written"):
        assert copied[key] is ps[key], key
