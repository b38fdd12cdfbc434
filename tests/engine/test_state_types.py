"""The state TypedDicts describe the states the engines really build.

A TypedDict is only a promise to the type checker (at run time a state is a plain dict), so nothing
stops the declared shape and the real one from drifting apart. These tests play seeded random games of
every engine and check every state on the way, and the view at the end, against the declared types:
every key present is declared, every required key is present, and every value has its declared type
(ints, strings, bools, None, literals, lists, dicts, nested TypedDicts, unions).
"""

from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from engine.core import Rng
from engine.duel.game import GAME as DUEL
from engine.duel.types import DuelState
from engine.duel.view_types import DuelView
from engine.rollwrite.game import GAME as ROLLWRITE
from engine.rollwrite.shapes import RollWriteView
from engine.rollwrite.state_types import RollWriteState
from engine.yokohama import GAME as YOKOHAMA
from engine.yokohama.types import YokohamaState


def mismatches(value: Any, expected: Any, where: str) -> list[str]:
    """Where `value` does not fit the type `expected` ([] when it fits)."""
    if expected is Any or expected is object:
        return []
    if is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a {expected.__name__}"]
        hints = get_type_hints(expected)
        out = [f"{where}: undeclared key {key!r}" for key in value if key not in hints]
        out += [f"{where}: missing key {key!r}" for key in expected.__required_keys__ if key not in value]
        for key, hint in hints.items():
            if key in value:
                out += mismatches(value[key], hint, f"{where}.{key}")
        return out
    origin = get_origin(expected)
    if origin in (Union, types.UnionType):
        options = [mismatches(value, option, where) for option in get_args(expected)]
        return [] if any(not found for found in options) else min(options, key=len)
    if origin is Literal:
        return [] if value in get_args(expected) else [f"{where}: {value!r} not in {get_args(expected)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(expected)
        return [m for i, v in enumerate(value) for m in mismatches(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a dict"]
        key_type, value_type = get_args(expected)
        return [m for k, v in value.items()
                for m in mismatches(k, key_type, f"{where} key") + mismatches(v, value_type, f"{where}[{k!r}]")]
    if expected is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if expected in (int, str, bool, float):
        # JSON: a bool is not an int here, and an int is a float
        fits = type(value) is expected or (expected is float and type(value) is int)
        return [] if fits else [f"{where}: {value!r} is not a {expected.__name__}"]
    raise AssertionError(f"{where}: no check for {expected!r}")


GAMES = [
    pytest.param(ROLLWRITE, RollWriteState, RollWriteView, (1, 2, 4), None, id="rollwrite"),
    pytest.param(DUEL, DuelState, DuelView, (2,), None, id="duel"),
    pytest.param(YOKOHAMA, YokohamaState, None, (2, 3, 4), 400, id="yokohama"),
]


@pytest.mark.parametrize(("game", "state_type", "view_type", "counts", "cap"), GAMES)
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])  # a few seconds a game and seed
def test_every_state_of_a_random_game_fits_its_typed_dict(
    game: Any, state_type: Any, view_type: Any, counts: tuple[int, ...], cap: int | None, seed: int
) -> None:
    for players in counts:
        state = game.new(players, seed)
        rng = Rng(seed * 31 + players)
        actions = 0
        while True:
            found = mismatches(state, state_type, "state")
            assert not found, f"{game.name}, {players} players, after {actions} actions: {found[:5]}"
            if game.is_over(state) or (cap is not None and actions >= cap):
                break
            seat = rng.choice(game.to_act(state))
            state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
            actions += 1
        if view_type is not None:
            for viewer in (None, 0):
                found = mismatches(game.view(state, viewer), view_type, "view")
                assert not found, f"{game.name} view for {viewer}: {found[:5]}"


def test_the_checker_finds_a_wrong_key_and_a_wrong_value() -> None:
    state = ROLLWRITE.new(1, 5)
    assert mismatches(state, RollWriteState, "state") == []
    state["sheets"][0]["cargo"] = "3"  # type: ignore[typeddict-item]
    state["surprise"] = 1  # type: ignore[typeddict-unknown-key]
    found = mismatches(state, RollWriteState, "state")
    assert "state: undeclared key 'surprise'" in found
    assert any(m.startswith("state.sheets[0].cargo") for m in found)

